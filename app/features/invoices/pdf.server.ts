/**
 * The PDF of a tax invoice, credit note or refund voucher (issue 21 item 5; issue 28 item 3:
 * a refund voucher also prints the receipt it refunds and the recipient's GSTIN/UIN, Rule 51), drawn with pdfkit from the
 * issued snapshot (`InvoiceDocument`), with every field Rule 46 of the CGST Rules asks for:
 * the supplier's name, address and GSTIN; a consecutive serial number (≤ 16 characters) and
 * the date; the recipient's name and address; the place of supply with its state name and
 * code; per line the description, HSN/SAC code, quantity and unit, total value, taxable value,
 * rate and the CGST and SGST (or IGST) amounts; the totals and the amount in words; whether
 * tax is payable on reverse charge; and the authorised signatory's block. Amounts print as
 * '₹1,234.50' in Noto Sans Gujarati (issue 29 item 5: `registerPdfFonts`), which also prints
 * names in Gujarati.
 */
import PDFDocument from 'pdfkit';
import { addressLines } from '~/features/addresses/indian-address';
import { PDF_FONT, PDF_FONT_BOLD, registerPdfFonts } from '~/lib/pdf-fonts.server';
import {
  formatAmount,
  formatDocumentDate,
  formatQuantity,
  perUnit,
  type InvoiceDocument,
} from './document';

/**
 * Draws `doc` on A4.
 * @returns the PDF's bytes.
 * @throws when pdfkit fails (a bug, not bad input).
 */
export function invoicePdf(doc: InvoiceDocument): Promise<Buffer> {
  const pdf = new PDFDocument({
    size: 'A4',
    margin: 40,
    info: { Title: `${doc.title} ${doc.number}`, Author: doc.supplier.legalName },
  });
  registerPdfFonts(pdf);
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    pdf.on('data', (chunk: Buffer) => chunks.push(chunk));
    pdf.on('end', () => resolve(Buffer.concat(chunks)));
    pdf.on('error', reject);
  });
  const left = pdf.page.margins.left;
  const width = pdf.page.width - pdf.page.margins.left - pdf.page.margins.right;
  const rs = (paise: number) => `₹${formatAmount(paise)}`;

  // The supplier, and the document's title and number.
  const top = pdf.y;
  pdf
    .font(PDF_FONT_BOLD)
    .fontSize(14)
    .text(doc.supplier.tradeName, left, top, { width: width * 0.6 });
  pdf.font(PDF_FONT).fontSize(9);
  pdf.text(doc.supplier.legalName, { width: width * 0.6 });
  pdf.text(doc.supplier.address, { width: width * 0.6 });
  pdf.text(`GSTIN: ${doc.supplier.gstin}`, { width: width * 0.6 });
  pdf.text(`State: ${doc.supplier.state} (code ${doc.supplier.stateCode})`, { width: width * 0.6 });
  const afterSupplier = pdf.y;
  const right = left + width * 0.62;
  const rightWidth = width * 0.38;
  pdf.font(PDF_FONT_BOLD).fontSize(16).text(doc.title.toUpperCase(), right, top, {
    width: rightWidth,
    align: 'right',
  });
  pdf.font(PDF_FONT).fontSize(9);
  const numberLabel = {
    invoice: 'Invoice No.',
    credit_note: 'Credit Note No.',
    refund_voucher: 'Refund Voucher No.',
    receipt_voucher: 'Receipt Voucher No.',
  }[doc.kind];
  const meta: [string, string][] = [
    [numberLabel, doc.number],
    ['Date', formatDocumentDate(doc.issueDate)],
    ['Order', doc.order.number],
  ];
  if (doc.refersTo) {
    meta.push([
      'Against invoice',
      `${doc.refersTo.number} dated ${formatDocumentDate(doc.refersTo.issueDate)}`,
    ]);
  }
  if (doc.receiptVoucher) {
    meta.push([
      'Receipt voucher',
      `${doc.receiptVoucher.number} dated ${formatDocumentDate(doc.receiptVoucher.issueDate)}`,
    ]);
  }
  if (doc.receipt && doc.kind === 'receipt_voucher') {
    meta.push(['Received', `${doc.receipt.reference} on ${formatDocumentDate(doc.receipt.date)}`]);
  } else if (doc.receipt) {
    meta.push([
      'Receipt',
      `payment ${doc.receipt.reference} of ${formatDocumentDate(doc.receipt.date)}`,
    ]);
  }
  for (const [label, value] of meta) {
    pdf.text(`${label}: ${value}`, right, pdf.y, { width: rightWidth, align: 'right' });
  }
  pdf.y = Math.max(afterSupplier, pdf.y) + 14;

  // The recipient and place of supply.
  const recipientTop = pdf.y;
  pdf
    .font(PDF_FONT_BOLD)
    .fontSize(10)
    .text(doc.kind === 'receipt_voucher' ? 'Received from' : 'Billed to', left, recipientTop);
  pdf.font(PDF_FONT).fontSize(9);
  const r = doc.recipient;
  pdf.text(r.name, { width: width * 0.55 });
  for (const line of addressLines(r)) pdf.text(line, { width: width * 0.55 });
  if (r.phone || r.email)
    pdf.text([r.phone, r.email].filter(Boolean).join(' · '), { width: width * 0.55 });
  // A registered buyer's GSTIN (issue 29 item 4) and its legal name, else a voucher's note.
  if (r.gstin && r.legalName && r.legalName !== r.name) {
    pdf.text(`Legal name: ${r.legalName}`, { width: width * 0.55 });
  }
  const recipientGstin = r.gstin ?? doc.recipientGstin;
  if (recipientGstin) {
    pdf.text(`GSTIN/UIN of the recipient: ${recipientGstin}`, { width: width * 0.55 });
  }
  const afterRecipient = pdf.y;
  pdf
    .font(PDF_FONT_BOLD)
    .fontSize(10)
    .text('Place of supply', right, recipientTop, { width: rightWidth, align: 'right' });
  pdf.font(PDF_FONT).fontSize(9);
  pdf.text(
    doc.placeOfSupply.code
      ? `${doc.placeOfSupply.state} (code ${doc.placeOfSupply.code})`
      : doc.placeOfSupply.state,
    right,
    pdf.y,
    { width: rightWidth, align: 'right' },
  );
  pdf.text('Whether tax is payable on reverse charge: No', right, pdf.y, {
    width: rightWidth,
    align: 'right',
  });
  if (doc.reason)
    pdf.text(`Reason: ${doc.reason}`, right, pdf.y, { width: rightWidth, align: 'right' });
  pdf.y = Math.max(afterRecipient, pdf.y) + 14;

  // The lines.
  const intra = doc.intraState;
  const columns = [
    { label: '#', w: 0.04, align: 'left' as const },
    { label: 'Description', w: 0.3, align: 'left' as const },
    { label: 'HSN/SAC', w: 0.08, align: 'left' as const },
    { label: 'Qty', w: 0.08, align: 'right' as const },
    { label: 'Value', w: 0.11, align: 'right' as const },
    { label: 'Taxable value', w: 0.12, align: 'right' as const },
    { label: 'Rate', w: 0.07, align: 'right' as const },
    ...(intra
      ? [
          { label: 'CGST', w: 0.1, align: 'right' as const },
          { label: 'SGST', w: 0.1, align: 'right' as const },
        ]
      : [{ label: 'IGST', w: 0.2, align: 'right' as const }]),
  ];
  const drawRow = (cells: string[], bold = false) => {
    pdf.font(bold ? PDF_FONT_BOLD : PDF_FONT).fontSize(8);
    const heights = cells.map((cell, i) =>
      pdf.heightOfString(cell, { width: columns[i]!.w * width - 4 }),
    );
    const height = Math.max(...heights) + 4;
    if (pdf.y + height > pdf.page.height - pdf.page.margins.bottom - 120) pdf.addPage();
    const y = pdf.y;
    let x = left;
    cells.forEach((cell, i) => {
      const column = columns[i]!;
      pdf.text(cell, x, y, { width: column.w * width - 4, align: column.align });
      x += column.w * width;
    });
    pdf.x = left;
    pdf.y = y + height;
    pdf
      .moveTo(left, pdf.y - 2)
      .lineTo(left + width, pdf.y - 2)
      .strokeColor('#bbb')
      .lineWidth(0.5)
      .stroke();
  };
  drawRow(
    columns.map((column) => column.label),
    true,
  );
  doc.lines.forEach((line, index) => {
    const half = line.ratePercent / 2;
    drawRow([
      String(index + 1),
      doc.kind === 'receipt_voucher'
        ? line.description
        : `${line.description} (${rs(line.unitPricePaise)} ${perUnit(line)}, GST included${
            // Issue 32 item 4: the coupon's discount, before tax; the value is after it.
            line.discountPaise ? `; less discount ${rs(line.discountPaise)}` : ''
          })`,
      line.code,
      formatQuantity(line),
      formatAmount(line.grossPaise),
      formatAmount(line.taxablePaise),
      `${line.ratePercent}%`,
      ...(intra
        ? [`${formatAmount(line.cgstPaise)} @${half}%`, `${formatAmount(line.sgstPaise)} @${half}%`]
        : [`${formatAmount(line.igstPaise)} @${line.ratePercent}%`]),
    ]);
  });

  // The totals.
  pdf.moveDown(0.6);
  const totals: [string, string][] = [
    ['Total taxable value', rs(doc.totals.taxablePaise)],
    ...(intra
      ? ([
          ['Central tax (CGST)', rs(doc.totals.cgstPaise)],
          ['State tax (SGST)', rs(doc.totals.sgstPaise)],
        ] as [string, string][])
      : ([['Integrated tax (IGST)', rs(doc.totals.igstPaise)]] as [string, string][])),
    [
      {
        invoice: 'Invoice total (GST included)',
        credit_note: 'Credit note total (GST included)',
        refund_voucher: 'Refund total',
        receipt_voucher: 'Advance received',
      }[doc.kind],
      rs(doc.totals.totalPaise),
    ],
  ];
  totals.forEach(([label, value], index) => {
    const bold = index === totals.length - 1;
    const y = pdf.y;
    pdf.font(bold ? PDF_FONT_BOLD : PDF_FONT).fontSize(bold ? 10 : 9);
    pdf.text(label, left + width * 0.45, y, { width: width * 0.33, align: 'right' });
    pdf.text(value, left + width * 0.78, y, { width: width * 0.22, align: 'right' });
    pdf.x = left;
  });
  pdf.moveDown(0.6);
  pdf
    .font(PDF_FONT_BOLD)
    .fontSize(9)
    .text('Amount in words: ', left, pdf.y, { continued: true, width });
  pdf.font(PDF_FONT).text(doc.amountInWords);
  pdf.moveDown(0.6);
  pdf.fontSize(7.5).fillColor('#444');
  for (const note of doc.notes) pdf.text(note, left, pdf.y, { width });
  pdf.fillColor('#000');

  // The signature block.
  pdf.moveDown(2);
  const signatureX = left + width * 0.55;
  pdf
    .font(PDF_FONT_BOLD)
    .fontSize(9)
    .text(`For ${doc.signatory.for}`, signatureX, pdf.y, { width: width * 0.45, align: 'right' });
  pdf.moveDown(2.5);
  pdf
    .font(PDF_FONT)
    .text(doc.signatory.name, signatureX, pdf.y, { width: width * 0.45, align: 'right' });
  pdf.text('Authorised Signatory', signatureX, pdf.y, { width: width * 0.45, align: 'right' });
  pdf.end();
  return done;
}
