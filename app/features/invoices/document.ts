/**
 * The snapshot an invoice, credit note or refund voucher keeps (`invoices.document`, issue 21
 * item 5, issue 28 item 3, issue 29 item 3): every field Rule 46 (invoice), Rule 50 (receipt
 * voucher) or Rule 51 (refund voucher) of the CGST Rules asks for, as issued, so the PDF, the register and the CSV
 * read the same figures and a later settings change never alters an issued document. Amounts
 * are integer paise; dates are Kolkata calendar dates ('YYYY-MM-DD').
 */
import type { InvoiceKind } from '~/lib/schema-enums';

/** One line: what was supplied, its code, quantity and the split of its tax-inclusive value. */
export interface DocumentLine {
  description: string;
  /** HSN (goods) or SAC (services) code. */
  code: string;
  quantity: number;
  /** Unit quantity code, e.g. 'NOS' (numbers) or 'PCS' (pieces). */
  unit: string;
  /** The price of one unit, GST included. */
  unitPricePaise: number;
  /**
   * Issue 32 item 4: a coupon's discount on the whole line, GST included, shown before tax;
   * absent without one. `grossPaise` is then the line's value after it, the value taxed.
   */
  discountPaise?: number;
  grossPaise: number;
  taxablePaise: number;
  ratePercent: number;
  cgstPaise: number;
  sgstPaise: number;
  igstPaise: number;
  /**
   * A credit note's line: the position (0-based) of the invoice line it reduces (issue 29
   * item 3: a credit note of returned lines carries only those lines). Absent on invoices, and
   * on credit notes issued before it, whose lines follow the invoice's one for one.
   */
  invoiceLine?: number;
}

/** The issued document. */
export interface InvoiceDocument {
  kind: InvoiceKind;
  /** 'Tax Invoice', 'Credit Note', 'Refund Voucher' or 'Receipt Voucher'. */
  title: string;
  number: string;
  issueDate: string;
  financialYear: string;
  supplier: {
    legalName: string;
    tradeName: string;
    address: string;
    gstin: string;
    state: string;
    stateCode: string;
  };
  recipient: {
    name: string;
    address: string;
    city: string;
    state: string;
    pincode: string;
    /** Issue 32 item 1: address line 2, landmark and district (absent on older documents). */
    addressLine2?: string;
    landmark?: string;
    district?: string;
    email: string;
    phone: string;
    /** A registered buyer's GSTIN (issue 29 item 4); absent for an unregistered one. */
    gstin?: string;
    /** The legal name registered for `gstin`. */
    legalName?: string;
  };
  placeOfSupply: { state: string; code: string };
  /** CGST + SGST (true) or IGST (false). */
  intraState: boolean;
  order: { number: string; kind: 'shop' | 'bespoke' };
  /** A credit note: the invoice it reduces (a refund voucher: the order's invoice, if any). */
  refersTo?: { number: string; issueDate: string };
  reason?: string;
  /**
   * A refund voucher: the receipt the money came in by (Rule 51 asks for the receipt
   * voucher's number and date: the advance's receipt voucher, else the payment's reference
   * and date). A receipt voucher (Rule 50, issue 29 item 3): the payment it acknowledges
   * (method and reference) and the day it was received.
   */
  receipt?: { reference: string; date: string };
  /** A refund voucher of an advance: the advance's receipt voucher (Rule 51, issue 29 item 3). */
  receiptVoucher?: { number: string; issueDate: string };
  /** A refund voucher: the recipient's GSTIN or UIN, or 'unregistered'. */
  recipientGstin?: string;
  lines: DocumentLine[];
  totals: {
    taxablePaise: number;
    cgstPaise: number;
    sgstPaise: number;
    igstPaise: number;
    totalPaise: number;
  };
  amountInWords: string;
  /** How taxable values were computed back (and, on a credit note, how the refund was spread). */
  notes: string[];
  reverseCharge: 'No';
  signatory: { name: string; for: string };
}

const documentDate = new Intl.DateTimeFormat('en-IN', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'UTC',
});

/** A document's date for reading: '2026-11-26' → '26 November 2026'. */
export function formatDocumentDate(date: string): string {
  const [year, month, day] = date.split('-').map(Number);
  return documentDate.format(new Date(Date.UTC(year!, month! - 1, day!)));
}

const amount = new Intl.NumberFormat('en-IN', {
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

/** Paise as rupees to the paisa with Indian grouping and no symbol: 12345678 → '1,23,456.78'. */
export function formatAmount(paise: number): string {
  return amount.format(paise / 100);
}

/**
 * A line's quantity with its unit quantity code as the invoice prints it (issue 29 item 2):
 * metres to the centimetre ('3.50 MTR'), anything else as it is ('1 PCS', and '1 NOS' on
 * documents issued before units existed).
 */
export function formatQuantity(line: Pick<DocumentLine, 'quantity' | 'unit'>): string {
  return line.unit === 'MTR'
    ? `${line.quantity.toFixed(2)} ${line.unit}`
    : `${line.quantity} ${line.unit}`;
}

/** What a line's unit price is the price of: 'a metre' for metres, 'each' otherwise. */
export function perUnit(line: Pick<DocumentLine, 'unit'>): string {
  return line.unit === 'MTR' ? 'a metre' : 'each';
}
