/**
 * A job card as a PDF (issue 31 item 4: "an A5 job card; a narrow 80 mm slip for a thermal
 * printer, as a PDF of that width"), drawn with pdfkit in Noto Sans Gujarati
 * (`registerPdfFonts`, so a Gujarati name prints as typed), in large type for the workshop:
 *
 * - 'a5': one A5 portrait page (148 × 210 mm): the order, garment, customer's first name, due
 *   dates, stage and assignee beside the QR; the measurements on the left with the fabric's
 *   swatch, fit, posture and notes on the right; the style choices with their drawings below.
 *   Very long notes flow onto a second page.
 * - '80mm': one page 80 mm (226.77 pt) wide and exactly as long as its content, everything in
 *   one column, for an 80 mm thermal roll.
 *
 * The QR code (`qrcode`, a PNG embedded as an image) encodes `card.ticketUrl`, the garment's
 * ticket page. Nothing priced is on a card (`JobCard` holds no price).
 */
import PDFDocument from 'pdfkit';
import QRCode from 'qrcode';
import sharp from 'sharp';
import { PDF_FONT, PDF_FONT_BOLD, registerPdfFonts } from '~/lib/pdf-fonts.server';
import type { ShopDate } from '~/lib/shop-time';
import type { JobCard } from './job-card.server';

/** The two forms a card prints in. */
export const JOB_CARD_SIZES = ['a5', '80mm'] as const;

/** One of {@link JOB_CARD_SIZES}. */
export type JobCardSize = (typeof JOB_CARD_SIZES)[number];

/** 80 mm in PDF points (72 a inch). */
export const SLIP_WIDTH_PT = (80 / 25.4) * 72;
/** The tallest page a PDF reader accepts (200 in): the slip's first, measuring pass. */
const TALLEST_PAGE_PT = 14_400;

const GREY = '#555555';
const RULE = '#999999';

const dueDay = new Intl.DateTimeFormat('en-IN', {
  timeZone: 'UTC',
  weekday: 'short',
  day: 'numeric',
  month: 'short',
  year: 'numeric',
});

/** A shop day as a card prints it: 'Sat, 28 Nov 2026'; 'Not set' for none. */
function dayText(date: ShopDate | null): string {
  if (!date) return 'Not set';
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  return dueDay.format(new Date(Date.UTC(year, month - 1, day)));
}

/** Where a column of the card is drawn, in points. */
interface Column {
  x: number;
  width: number;
}

/** The type sizes (pt) of one form. */
interface Type {
  title: number;
  heading: number;
  body: number;
  small: number;
}

const A5_TYPE: Type = { title: 18, heading: 13, body: 11.5, small: 8.5 };
const SLIP_TYPE: Type = { title: 15, heading: 12, body: 11, small: 8.5 };

/** The card's header text: order, garment, customer, due dates, stage and assignee. */
function drawHeader(doc: PDFKit.PDFDocument, card: JobCard, column: Column, type: Type): void {
  const { x, width } = column;
  doc.font(PDF_FONT).fontSize(type.small).fillColor(GREY);
  doc.text(`${card.shopName} · JOB CARD`, x, doc.y, { width });
  doc.fillColor('#000000').font(PDF_FONT_BOLD).fontSize(type.title);
  doc.text(`${card.garment.label} (${card.garment.position} of ${card.garment.count})`, x, doc.y, {
    width,
  });
  doc.fontSize(type.heading).text(`Order ${card.orderNumber}`, x, doc.y, { width });
  labelled(doc, 'Customer', card.customerFirstName || '—', column, type.body);
  labelled(doc, 'Trial due', dayText(card.trialDueOn), column, type.heading, true);
  labelled(doc, 'Delivery due', dayText(card.deliveryDueOn), column, type.heading, true);
  labelled(doc, 'Stage', card.stage ?? 'Not started', column, type.body);
  labelled(doc, 'Assigned to', card.assigneeName ?? 'Not assigned', column, type.body);
}

/** 'Label: value' on one line, the value bold when `strong`. */
function labelled(
  doc: PDFKit.PDFDocument,
  label: string,
  value: string,
  { x, width }: Column,
  size: number,
  strong = false,
): void {
  doc.font(PDF_FONT).fontSize(size).text(`${label}: `, x, doc.y, { width, continued: true });
  doc.font(strong ? PDF_FONT_BOLD : PDF_FONT).text(value);
}

/** A section's heading with a rule under it. */
function heading(doc: PDFKit.PDFDocument, text: string, { x, width }: Column, type: Type): void {
  doc.font(PDF_FONT_BOLD).fontSize(type.heading).fillColor('#000000');
  doc.text(text, x, doc.y, { width });
  const y = doc.y + 1;
  doc
    .moveTo(x, y)
    .lineTo(x + width, y)
    .lineWidth(0.6)
    .strokeColor(RULE)
    .stroke();
  doc.y = y + 4;
}

/** The measurement version's points: a table of point, working unit, other unit. */
function drawMeasurements(doc: PDFKit.PDFDocument, card: JobCard, column: Column, type: Type) {
  const { x, width } = column;
  heading(doc, 'Measurements', column, type);
  const m = card.measurement;
  if (!m) {
    doc
      .font(PDF_FONT_BOLD)
      .fontSize(type.body)
      .text('No measurements pinned: measure first.', x, doc.y, { width });
    return;
  }
  doc.font(PDF_FONT).fontSize(type.small).fillColor(GREY);
  doc.text(`Version ${m.version}, taken ${dayText(m.takenOn)} by ${m.takenByName}`, x, doc.y, {
    width,
  });
  doc.fillColor('#000000');
  const cells = [x, x + width * 0.44, x + width * 0.72];
  const widths = [width * 0.44 - 4, width * 0.28 - 4, width * 0.28];
  const rowHeight = type.body * 1.4;
  const row = (texts: [string, string, string], bold: boolean) => {
    const y = doc.y;
    texts.forEach((text, i) => {
      doc
        .font(bold || i === 1 ? PDF_FONT_BOLD : PDF_FONT)
        .fontSize(i === 2 && !bold ? type.body - 1.5 : type.body)
        .text(text, cells[i]!, y, {
          width: widths[i]!,
          align: i === 0 ? 'left' : 'right',
          lineBreak: false,
        });
    });
    doc.x = x;
    doc.y = y + rowHeight;
  };
  row(['Point', m.unit, m.otherUnit], true);
  for (const point of m.points) row([point.label, point.value, point.other], false);
  doc.y += 2;
}

/** Fit, posture and the tailor's notes, and what the last trial asked to alter. */
function drawFit(doc: PDFKit.PDFDocument, card: JobCard, column: Column, type: Type) {
  const m = card.measurement;
  if (!m) return;
  heading(doc, 'Fit notes', column, type);
  labelled(doc, 'Fit', m.fit, column, type.body, true);
  labelled(
    doc,
    'Posture',
    m.posture.length ? m.posture.join(', ') : 'None noted',
    column,
    type.body,
  );
  labelled(doc, 'Notes', m.notes || 'None', column, type.body);
  if (card.alterationNotes) labelled(doc, 'Alteration', card.alterationNotes, column, type.body);
}

/** The fabric: its code on a line of its own, then its swatch beside its name. */
function drawFabric(doc: PDFKit.PDFDocument, card: JobCard, column: Column, type: Type) {
  const { x, width } = column;
  heading(doc, 'Fabric', column, type);
  const { fabric } = card;
  doc.font(PDF_FONT_BOLD).fontSize(type.heading);
  doc.text(fabric.code ? `Code ${fabric.code}` : 'No code', x, doc.y, { width });
  const top = doc.y + 2;
  const side = fabric.swatch ? Math.min(60, width * 0.4) : 0;
  if (fabric.swatch) {
    picture(doc, fabric.swatch, x, top, { fit: [side, side] });
    doc.rect(x, top, side, side).lineWidth(0.6).strokeColor(RULE).stroke();
  }
  const textX = x + (side ? side + 8 : 0);
  const textWidth = width - (side ? side + 8 : 0);
  doc
    .font(PDF_FONT)
    .fontSize(type.body)
    .text(fabric.name || '—', textX, top, { width: textWidth });
  if (fabric.customerCloth) {
    doc.font(PDF_FONT_BOLD).text('Customer’s own cloth', textX, doc.y, { width: textWidth });
  }
  doc.x = x;
  doc.y = Math.max(doc.y, top + side) + 4;
}

/** The style choices as a grid of `perRow` drawings with the group and choice under each. */
function drawStyle(
  doc: PDFKit.PDFDocument,
  card: JobCard,
  column: Column,
  type: Type,
  perRow: number,
  pageBottom: number,
) {
  heading(doc, 'Style', column, type);
  if (card.options.length === 0) {
    doc
      .font(PDF_FONT)
      .fontSize(type.body)
      .text('No style choices pinned.', column.x, doc.y, { width: column.width });
    return;
  }
  const cellWidth = column.width / perRow;
  const side = Math.min(54, cellWidth - 10);
  const captionWidth = cellWidth - 4;
  for (let start = 0; start < card.options.length; start += perRow) {
    const row = card.options.slice(start, start + perRow);
    const captionHeight = Math.max(
      ...row.map(
        (option) =>
          doc
            .font(PDF_FONT)
            .fontSize(type.small)
            .heightOfString(option.groupLabel, { width: captionWidth }) +
          doc
            .font(PDF_FONT_BOLD)
            .fontSize(type.body)
            .heightOfString(option.name, { width: captionWidth }),
      ),
    );
    if (doc.y + side + captionHeight > pageBottom) {
      doc.addPage();
    }
    const top = doc.y;
    row.forEach((option, i) => {
      const cx = column.x + i * cellWidth;
      picture(doc, option.picture, cx + (cellWidth - side) / 2, top, { fit: [side, side] });
      doc.font(PDF_FONT).fontSize(type.small).fillColor(GREY);
      doc.text(option.groupLabel, cx + 2, top + side + 2, {
        width: captionWidth,
        align: 'center',
      });
      doc.fillColor('#000000').font(PDF_FONT_BOLD).fontSize(type.body);
      doc.text(option.name, cx + 2, doc.y, { width: captionWidth, align: 'center' });
    });
    doc.x = column.x;
    doc.y = top + side + captionHeight + 8;
  }
}

/**
 * The QR code's PNG: the ticket URL, error correction M, a quiet zone of 2 modules, 8 px a
 * module; made grey without alpha, which pdfkit embeds as it is (an alpha channel it would
 * split and compress again on every card).
 */
async function qrPng(url: string): Promise<Buffer> {
  const png = await QRCode.toBuffer(url, {
    type: 'png',
    errorCorrectionLevel: 'M',
    margin: 2,
    scale: 8,
  });
  return sharp(png).flatten({ background: '#ffffff' }).toColourspace('b-w').png().toBuffer();
}

/** Documents drawn only to learn where their content ends: their images are left out. */
const measuring = new WeakSet<PDFKit.PDFDocument>();

/** `doc.image(…)`, except on a measuring document (an image's box is given, never read). */
function picture(
  doc: PDFKit.PDFDocument,
  bytes: Buffer,
  x: number,
  y: number,
  options: PDFKit.Mixins.ImageOption,
): void {
  if (!measuring.has(doc)) doc.image(bytes, x, y, options);
}

/** Collects a document's bytes once it ends. */
function collect(doc: PDFKit.PDFDocument): Promise<Buffer> {
  const chunks: Buffer[] = [];
  return new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
}

function newDocument(card: JobCard, size: [number, number] | 'A5', margin: number) {
  const doc = new PDFDocument({
    size,
    margin,
    info: {
      Title: `Job card: ${card.garment.label}, order ${card.orderNumber}`,
      Author: card.shopName,
    },
  });
  registerPdfFonts(doc);
  return doc;
}

/** The A5 card. */
async function a5Card(card: JobCard, qr: Buffer): Promise<Buffer> {
  const margin = 24;
  const doc = newDocument(card, 'A5', margin);
  const done = collect(doc);
  const width = doc.page.width - 2 * margin;
  const bottom = doc.page.height - margin;
  const qrSide = 104;
  const top = doc.y;
  picture(doc, qr, margin + width - qrSide, top, { width: qrSide, height: qrSide });
  doc.font(PDF_FONT).fontSize(A5_TYPE.small).fillColor(GREY);
  doc.text('Scan to open the ticket', margin + width - qrSide, top + qrSide, {
    width: qrSide,
    align: 'center',
  });
  doc.fillColor('#000000');
  doc.y = top;
  drawHeader(doc, card, { x: margin, width: width - qrSide - 10 }, A5_TYPE);
  doc.y = Math.max(doc.y, top + qrSide + 12) + 6;

  const columnsTop = doc.y;
  const left = { x: margin, width: width * 0.52 };
  const right = { x: margin + width * 0.56, width: width * 0.44 };
  drawMeasurements(doc, card, left, A5_TYPE);
  const leftBottom = doc.y;
  doc.y = columnsTop;
  drawFabric(doc, card, right, A5_TYPE);
  doc.y += 4;
  const firstPage = doc.page;
  drawFit(doc, card, right, A5_TYPE);
  // Long notes may have flowed onto a further page; the style grid follows whichever is lower.
  if (doc.page === firstPage) doc.y = Math.max(leftBottom, doc.y);
  doc.y += 8;
  drawStyle(doc, card, { x: margin, width }, A5_TYPE, 5, bottom);
  doc.end();
  return done;
}

/** Draws the slip's one column from the top of `doc`; returns where it ended (pt). */
function drawSlip(doc: PDFKit.PDFDocument, card: JobCard, qr: Buffer, margin: number): number {
  const column = { x: margin, width: SLIP_WIDTH_PT - 2 * margin };
  drawHeader(doc, card, column, SLIP_TYPE);
  const qrSide = 132;
  const qrTop = doc.y + 6;
  picture(doc, qr, margin + (column.width - qrSide) / 2, qrTop, {
    width: qrSide,
    height: qrSide,
  });
  doc.y = qrTop + qrSide + 6;
  drawFabric(doc, card, column, SLIP_TYPE);
  doc.y += 4;
  drawMeasurements(doc, card, column, SLIP_TYPE);
  doc.y += 4;
  drawFit(doc, card, column, SLIP_TYPE);
  doc.y += 6;
  drawStyle(doc, card, column, SLIP_TYPE, 2, TALLEST_PAGE_PT);
  return doc.y;
}

/** The 80 mm slip: drawn once on the tallest page to learn its length, then at that length. */
async function slip(card: JobCard, qr: Buffer): Promise<Buffer> {
  const margin = 10;
  const draft = newDocument(card, [SLIP_WIDTH_PT, TALLEST_PAGE_PT], margin);
  measuring.add(draft);
  const length = Math.ceil(drawSlip(draft, card, qr, margin) + margin);
  const doc = newDocument(card, [SLIP_WIDTH_PT, length], margin);
  const done = collect(doc);
  drawSlip(doc, card, qr, margin);
  doc.end();
  return done;
}

/**
 * Draws `card` as an A5 page or an 80 mm slip.
 * @returns the PDF's bytes.
 * @throws when pdfkit or the QR encoder fails (a bug, not bad input).
 */
export async function renderJobCard(card: JobCard, size: JobCardSize): Promise<Buffer> {
  const qr = await qrPng(card.ticketUrl);
  return size === 'a5' ? a5Card(card, qr) : slip(card, qr);
}
