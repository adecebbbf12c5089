/**
 * The packing slip of a shop order (issue 32 item 6: "A packing slip and the courier label print
 * from the order"): an A5 PDF, drawn with pdfkit in the invoices' fonts (Noto Sans Gujarati, so
 * names in Gujarati print), with the shop, the order number and date, the delivery address (or
 * "Collect from the shop"), and each line's name, size, colour, SKU and quantity (a cut's
 * length). No prices: the slip travels in the parcel.
 */
import PDFDocument from 'pdfkit';
import { asc, eq } from 'drizzle-orm';
import type { Db } from '~/lib/db.server';
import { orderLines, orders } from '~/lib/schema.server';
import { PDF_FONT, PDF_FONT_BOLD, registerPdfFonts } from '~/lib/pdf-fonts.server';
import { formatShopDateTime } from '~/lib/shop-time';
import { addressLines } from '~/features/addresses/indian-address';

/** What a packing slip prints. */
interface PackingSlip {
  shopName: string;
  number: string;
  placedAt: Date;
  deliveryMethod: 'ship' | 'pickup';
  customerName: string;
  phone: string;
  address: string[];
  lines: { name: string; details: string; quantity: string }[];
}

/** The slip of shop order `number`, or null for an unknown number or a bespoke order. */
async function packingSlipOf(db: Db, number: string, shopName: string) {
  const [order] = await db.select().from(orders).where(eq(orders.number, number));
  if (!order || order.kind !== 'shop') return null;
  const lines = await db
    .select()
    .from(orderLines)
    .where(eq(orderLines.orderId, order.id))
    .orderBy(asc(orderLines.id));
  return {
    shopName,
    number: order.number,
    placedAt: order.createdAt,
    deliveryMethod: order.deliveryMethod,
    customerName: order.customerName,
    phone: order.phone,
    address: addressLines(order),
    lines: lines.map((line) => ({
      name: line.name,
      details: [line.size && `Size ${line.size}`, line.color, line.sku && `SKU ${line.sku}`]
        .filter(Boolean)
        .join(' · '),
      quantity: line.lengthCm
        ? `${line.quantity} × ${(line.lengthCm / 100).toFixed(2)} m`
        : String(line.quantity),
    })),
  } satisfies PackingSlip;
}

/** Draws `slip` on A5. */
function drawSlip(slip: PackingSlip): Promise<Buffer> {
  const pdf = new PDFDocument({
    size: 'A5',
    margin: 32,
    info: { Title: `Packing slip ${slip.number}`, Author: slip.shopName },
  });
  registerPdfFonts(pdf);
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    pdf.on('data', (chunk: Buffer) => chunks.push(chunk));
    pdf.on('end', () => resolve(Buffer.concat(chunks)));
    pdf.on('error', reject);
  });
  const left = pdf.page.margins.left;
  const width = pdf.page.width - left - pdf.page.margins.right;
  pdf.font(PDF_FONT_BOLD).fontSize(14).text(slip.shopName);
  pdf.font(PDF_FONT_BOLD).fontSize(12).text(`Packing slip · Order ${slip.number}`);
  pdf
    .font(PDF_FONT)
    .fontSize(9)
    .text(`Placed ${formatShopDateTime(slip.placedAt.toISOString())}`);
  pdf.moveDown();
  pdf
    .font(PDF_FONT_BOLD)
    .fontSize(10)
    .text(slip.deliveryMethod === 'pickup' ? 'Collect from the shop' : 'Deliver to');
  pdf.font(PDF_FONT).fontSize(10).text(slip.customerName);
  if (slip.deliveryMethod === 'ship') for (const line of slip.address) pdf.text(line);
  pdf.text(slip.phone);
  pdf.moveDown();
  pdf.font(PDF_FONT_BOLD).fontSize(10);
  const qtyWidth = 70;
  const top = pdf.y;
  pdf.text('Item', left, top, { width: width - qtyWidth });
  pdf.text('Quantity', left + width - qtyWidth, top, { width: qtyWidth, align: 'right' });
  pdf
    .moveTo(left, pdf.y + 2)
    .lineTo(left + width, pdf.y + 2)
    .stroke();
  pdf.moveDown(0.5);
  for (const line of slip.lines) {
    const y = pdf.y;
    pdf
      .font(PDF_FONT)
      .fontSize(10)
      .text(line.name, left, y, { width: width - qtyWidth });
    if (line.details) pdf.fontSize(8).text(line.details, { width: width - qtyWidth });
    const after = pdf.y;
    pdf.fontSize(10).text(line.quantity, left + width - qtyWidth, y, {
      width: qtyWidth,
      align: 'right',
    });
    pdf.y = Math.max(after, pdf.y) + 4;
  }
  pdf.end();
  return done;
}

/**
 * The packing slip of shop order `number` as a PDF response (inline, never cached), or null for
 * an unknown number or a bespoke order.
 */
export async function packingSlipResponse(
  db: Db,
  number: string,
  shopName: string,
): Promise<Response | null> {
  const slip = await packingSlipOf(db, number, shopName);
  if (!slip) return null;
  return new Response(new Uint8Array(await drawSlip(slip)), {
    headers: {
      'Content-Type': 'application/pdf',
      'Content-Disposition': `inline; filename="packing-slip-${slip.number.replace(/[^A-Za-z0-9-]/g, '')}.pdf"`,
      'Cache-Control': 'private, no-store',
      'X-Content-Type-Options': 'nosniff',
    },
  });
}
