/**
 * The invoicing settings (issue 21 item 5; `site_settings` row 'invoicing'): the supplier
 * block of every tax invoice (legal and trade name, address, GSTIN, state), the number
 * prefixes of the invoice, credit-note, refund-voucher and receipt-voucher series, the
 * authorised signatory, and the HSN/SAC code of each catalogue category (by slug) and each
 * bespoke garment type, with a fallback for anything not listed; the rates are the GST rate
 * rules' (`rate-rules.ts`). The demo values are placeholders for the shop's accountant to confirm.
 */
import { type GARMENT_TYPES, type GarmentType } from '~/lib/schema-enums';

/**
 * An HSN (goods) or SAC (services) code. Its GST rate comes from the rate rules in force on
 * the invoice's date (issue 29 item 1, `rate-rules.ts`); a rate stored here by an older
 * version is ignored.
 */
export interface TaxClass {
  code: string;
}

/** The stored document. */
export interface InvoicingSettings {
  legalName: string;
  tradeName: string;
  /** The supplier's address, lines separated by newlines. */
  address: string;
  gstin: string;
  /** The supplier's state, one of the checkout's state names (place of supply is compared to it). */
  state: string;
  /** The invoice number's prefix: 1 to {@link MAX_PREFIX_LENGTH} capitals or digits. */
  invoicePrefix: string;
  creditNotePrefix: string;
  /** The refund voucher's prefix (Rule 51, issue 28 item 3), e.g. 'RV'. */
  refundVoucherPrefix: string;
  /** The receipt voucher's prefix (Rule 50, issue 29 item 3: an advance), e.g. 'RCV'. */
  receiptVoucherPrefix: string;
  signatory: string;
  /** By category slug. */
  categories: Record<string, TaxClass>;
  garments: Record<GarmentType, TaxClass>;
  /**
   * Tailoring on the customer's own cloth (a bespoke garment marked so): a service, invoiced
   * under this SAC for its making charge (docs/decisions/025-customers-cloth.md).
   */
  tailoring: TaxClass;
  /** For a line whose category or garment is not listed (a deleted product). */
  fallback: TaxClass;
}

/**
 * The longest prefix that keeps a number within Rule 46's 16 characters:
 * prefix + '/26-27/' (7) + 6 digits.
 */
export const MAX_PREFIX_LENGTH = 3;

/** Shown beside the codes and rates, in the back office and in the seed. */
export const DEMO_TAX_NOTICE = 'Demo values — to be confirmed by the shop’s accountant.';

/**
 * The demo values a new install starts with (labelled {@link DEMO_TAX_NOTICE}): woven cotton
 * and synthetic fabrics (HSN 5208, 5407), men's suits, ensembles and trousers (6203), shirts
 * (6205), and SAC 998821 (apparel and clothing manufacturing services on inputs owned by
 * others) for tailoring on the customer's own cloth and as the fallback. The GSTIN
 * is fictional but well-formed (its check character is right).
 */
export const defaultInvoicingSettings: InvoicingSettings = {
  legalName: 'Rajkot Tailoring House Private Limited (demo)',
  tradeName: 'Rajkot Tailoring House',
  address: '12 Example Market Road, near Jubilee Garden\nRajkot, Gujarat 360001',
  gstin: '24ABCDE1234F1Z6',
  state: 'Gujarat',
  invoicePrefix: 'RT',
  creditNotePrefix: 'CN',
  refundVoucherPrefix: 'RV',
  receiptVoucherPrefix: 'RCV',
  signatory: 'Proprietor (demo)',
  categories: {
    fabrics: { code: '5208' },
    patterns: { code: '5407' },
    'wedding-suites': { code: '6203' },
    'formal-attires': { code: '6203' },
    'theme-attires': { code: '6203' },
    uniforms: { code: '6203' },
    'ready-to-wear': { code: '6205' },
  },
  garments: {
    shirt: { code: '6205' },
    trouser: { code: '6203' },
    suit_jacket: { code: '6203' },
    waistcoat: { code: '6203' },
    sherwani: { code: '6203' },
    jodhpuri: { code: '6203' },
    kurta: { code: '6211' },
    churidar: { code: '6203' },
  } satisfies Record<(typeof GARMENT_TYPES)[number], TaxClass>,
  tailoring: { code: '998821' },
  fallback: { code: '998821' },
};
