/**
 * The printable measurement card for the cutting table (issue 20 item 3): an A5 PDF drawn
 * with pdfkit: the shop's name, the customer's name and phone, the garment, the version, the
 * date taken (Asia/Kolkata) and who took it, every point in cm and in inches, fit, posture and
 * notes; in Noto Sans Gujarati (issue 29 item 5: `registerPdfFonts`), so a name or a note in
 * Gujarati, or an amount with '₹', prints as typed.
 */
import PDFDocument from 'pdfkit';
import { PDF_FONT, PDF_FONT_BOLD, registerPdfFonts } from '~/lib/pdf-fonts.server';
import type { GarmentType } from '~/lib/schema-enums';
import { formatShopDateTime } from '~/lib/shop-time';
import { formatIndianMobile } from '~/features/customers/contact-fields';
import { FIT_LABELS, formatMeasurement, GARMENTS, postureLabel } from './garments';
import type { MeasuredCustomer, MeasurementVersionView } from './measurements.server';

/** What goes on a card. */
export interface MeasurementCardInput {
  shopName: string;
  customer: MeasuredCustomer;
  garment: GarmentType;
  version: MeasurementVersionView;
}

/**
 * Draws the card.
 * @returns the PDF's bytes.
 * @throws when pdfkit fails (a bug, not bad input).
 */
export function measurementCardPdf(input: MeasurementCardInput): Promise<Buffer> {
  const { customer, garment, version } = input;
  const doc = new PDFDocument({
    size: 'A5',
    margin: 36,
    info: {
      Title: `${GARMENTS[garment].label} measurements: ${customer.name}, version ${version.version}`,
      Author: input.shopName,
    },
  });
  registerPdfFonts(doc);
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const left = doc.page.margins.left;
  const width = doc.page.width - doc.page.margins.left - doc.page.margins.right;

  doc.font(PDF_FONT_BOLD).fontSize(16).text(input.shopName);
  doc.font(PDF_FONT).fontSize(9).fillColor('#555').text('Measurement card').fillColor('#000');
  doc.moveDown(0.8);
  doc
    .font(PDF_FONT_BOLD)
    .fontSize(13)
    .text(`${GARMENTS[garment].label}, version ${version.version}`);
  doc.font(PDF_FONT).fontSize(10);
  doc.text(`Customer: ${customer.name}`);
  doc.text(`Phone: ${formatIndianMobile(customer.phone)}`);
  doc.text(`Taken: ${formatShopDateTime(version.takenAt)} (IST)`);
  doc.text(
    `${version.selfMeasured ? 'Self-measured by' : 'Taken by'}: ${version.takenByName}` +
      (version.selfMeasured
        ? version.confirmedAt
          ? ' (confirmed by the shop)'
          : ' (not yet checked)'
        : ''),
  );
  doc.moveDown(0.8);

  const columns = [left, left + width * 0.5, left + width * 0.75];
  const row = (cells: [string, string, string], bold = false) => {
    const y = doc.y;
    doc.font(bold ? PDF_FONT_BOLD : PDF_FONT).fontSize(10);
    doc.text(cells[0], columns[0], y, { width: width * 0.5 - 6, lineBreak: false });
    doc.text(cells[1], columns[1], y, {
      width: width * 0.25 - 6,
      align: 'right',
      lineBreak: false,
    });
    doc.text(cells[2], columns[2], y, { width: width * 0.25, align: 'right', lineBreak: false });
    doc.x = left;
    doc.y = y + 16;
  };
  row(['Point', 'cm', 'in'], true);
  doc
    .moveTo(left, doc.y - 3)
    .lineTo(left + width, doc.y - 3)
    .strokeColor('#999')
    .stroke();
  for (const point of GARMENTS[garment].points) {
    const cm = version.valuesCm[point.key];
    row([
      point.label,
      cm === undefined ? '—' : formatMeasurement(cm, 'cm'),
      cm === undefined ? '—' : formatMeasurement(cm, 'in'),
    ]);
  }
  doc.moveDown(0.6);
  doc.font(PDF_FONT_BOLD).text('Fit: ', left, doc.y, { continued: true });
  doc.font(PDF_FONT).text(FIT_LABELS[version.fit]);
  doc.font(PDF_FONT_BOLD).text('Posture: ', { continued: true });
  doc
    .font(PDF_FONT)
    .text(version.posture.length ? version.posture.map(postureLabel).join(', ') : 'None noted');
  doc.font(PDF_FONT_BOLD).text('Notes: ', { continued: true });
  doc.font(PDF_FONT).text(version.notes || 'None');
  doc.end();
  return done;
}
