/**
 * The order e-mails, in plain text and HTML, in the shop's voice: the confirmation (issue
 * "Cart, wishlist, checkout" 7: the lines, the total and the delivery address) and the notice
 * of each fulfilment step the shop sets (issue "Back office", orders).
 */
import escapeHtml from 'escape-html';
import { addressLines } from '~/features/addresses/indian-address';
import type { MailMessage } from '~/lib/mail.server';
import { formatRupees } from '~/lib/money';
import { FULFILMENT_STEPS, type FulfilmentStatus } from './fulfilment';
import type { OrderDetail, OrderLine } from './orders.server';
import { describeCut } from '../catalog/sale-units';

/** A cut's length and price a metre ('3.50 m × ₹3,200 a metre'), or '' for a piece. */
function cutOf(line: Pick<OrderLine, 'lengthCm' | 'metrePricePaise'>): string {
  return line.lengthCm && line.metrePricePaise !== null
    ? describeCut(line.lengthCm, line.metrePricePaise)
    : '';
}

/**
 * An order e-mail to `order`'s customer: the plain text is the greeting, `text` (its lines)
 * and the sign-off; the HTML is the shop's name, the greeting, `html` and the sign-off.
 * `html` must be escaped already; the names are escaped here.
 */
export function orderMail(input: {
  order: { customerName: string; email: string };
  shopName: string;
  subject: string;
  orderUrl: string;
  text: string[];
  html: string;
}): MailMessage {
  const { order, shopName } = input;
  return {
    to: order.email,
    subject: input.subject,
    link: input.orderUrl,
    text: [
      `Dear ${order.customerName},`,
      '',
      ...input.text,
      '',
      'With warm regards,',
      `${shopName}, Rajkot`,
    ].join('\n'),
    html: `<!doctype html><html lang="en"><body style="margin:0;background:#f6f1ea;font-family:Georgia,serif;color:#2b2118"><div style="max-width:560px;margin:0 auto;padding:32px 24px">
<p style="margin:0 0 24px;font-size:20px;font-weight:bold;color:#7a1f2b">${escapeHtml(shopName)}</p>
<h1 style="margin:0 0 16px;font-size:22px">Dear ${escapeHtml(order.customerName)},</h1>
${input.html}
<p style="margin:32px 0 0;font-size:13px;color:#6b5d50">With warm regards,<br>${escapeHtml(shopName)}, Rajkot</p>
</div></body></html>`,
  };
}

/** The HTML button to the order's page: `url` and `label` are escaped here. */
export function orderButton(url: string, label: string): string {
  return `<p style="margin:24px 0"><a href="${escapeHtml(url)}" style="display:inline-block;background:#7a1f2b;color:#ffffff;padding:12px 20px;border-radius:6px;text-decoration:none;font-family:Arial,sans-serif">${escapeHtml(label)}</a></p>`;
}

/**
 * The confirmation of a paid order: its lines and total (integer paise, shown in rupees), the
 * delivery address and a link to `orderUrl`.
 */
export function orderConfirmationEmail(
  order: OrderDetail,
  shopName: string,
  orderUrl: string,
): MailMessage {
  const lineText = order.lines.map((line) => {
    const options = [
      line.size && `size ${line.size}`,
      line.color && `colour ${line.color}`,
      cutOf(line),
    ]
      .filter(Boolean)
      .join(', ');
    return `- ${line.name}${options ? ` (${options})` : ''} × ${line.quantity}: ${formatRupees(line.unitPricePaise * line.quantity)}`;
  });
  const address = addressLines(order).join('\n');
  const intro = `Thank you for your order. We have received your payment of ${formatRupees(order.amountPaise)} and will call you on ${order.phone} to arrange delivery or your fitting.`;
  const rows = order.lines
    .map(
      (line) =>
        `<tr><td style="padding:6px 0">${escapeHtml(line.name)}${line.size ? ` · ${escapeHtml(line.size)}` : ''}${line.color ? ` · ${escapeHtml(line.color)}` : ''}${cutOf(line) ? ` · ${escapeHtml(cutOf(line))}` : ''} × ${line.quantity}</td><td style="padding:6px 0;text-align:right">${formatRupees(line.unitPricePaise * line.quantity)}</td></tr>`,
    )
    .join('');
  return orderMail({
    order,
    shopName,
    subject: `Your order ${order.number} is confirmed`,
    orderUrl,
    text: [
      intro,
      '',
      `Order ${order.number}`,
      ...lineText,
      `Total: ${formatRupees(order.amountPaise)}`,
      '',
      'Delivery address:',
      address,
      '',
      `See your order: ${orderUrl}`,
    ],
    html: `<p style="margin:0 0 16px">${escapeHtml(intro)}</p>
<h2 style="font-size:18px;margin:24px 0 8px">Order ${escapeHtml(order.number)}</h2>
<table style="width:100%;border-collapse:collapse;font-family:Arial,sans-serif;font-size:14px">${rows}<tr><td style="padding:8px 0;border-top:1px solid #d8cfc4;font-weight:bold">Total</td><td style="padding:8px 0;border-top:1px solid #d8cfc4;text-align:right;font-weight:bold">${formatRupees(order.amountPaise)}</td></tr></table>
<p style="margin:24px 0 4px;font-weight:bold">Delivery address</p>
<p style="margin:0 0 16px;white-space:pre-line">${escapeHtml(address)}</p>
${orderButton(orderUrl, 'See your order')}`,
  });
}

/** The e-mail telling a shopper their order reached a fulfilment step. */
export function fulfilmentUpdateEmail(
  order: { number: string; customerName: string; email: string },
  status: FulfilmentStatus,
  shopName: string,
  orderUrl: string,
): MailMessage {
  const step = FULFILMENT_STEPS[status];
  const intro = `Here is news of your order ${order.number}: it is now at "${step.label}".`;
  const questions = 'If you have any questions, we are always happy to help; just get in touch.';
  return orderMail({
    order,
    shopName,
    subject: `Your order ${order.number} is now: ${step.label}`,
    orderUrl,
    text: [intro, step.description, '', `Follow your order: ${orderUrl}`, '', questions],
    html: `<p style="margin:0 0 16px">${escapeHtml(intro)}</p>
<p style="margin:0 0 16px;padding:12px 16px;background:#ffffff;border-left:4px solid #7a1f2b"><strong>${escapeHtml(step.label)}</strong><br>${escapeHtml(step.description)}</p>
${orderButton(orderUrl, 'Follow your order')}
<p style="margin:0 0 16px">${escapeHtml(questions)}</p>`,
  });
}
