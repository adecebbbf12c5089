/**
 * The ledger's e-mails to a customer (issue 21 item 4), in the shop's voice and the order
 * e-mails' layout: a payment link to pay, and the notice that an order is paid in full.
 * Amounts are integer paise, shown in rupees.
 */
import escapeHtml from 'escape-html';
import type { MailMessage } from '~/lib/mail.server';
import { formatRupeesExact } from '~/lib/money';
import { orderButton, orderMail } from '~/features/orders/order-email';

/** The e-mail carrying a payment link of `amountPaise` for order `order.number`. */
export function paymentLinkEmail(
  order: { number: string; customerName: string; email: string },
  amountPaise: number,
  linkUrl: string,
  shopName: string,
): MailMessage {
  const amount = formatRupeesExact(amountPaise);
  const intro = `Here is a secure link to pay ${amount} for your order ${order.number}.`;
  return orderMail({
    order,
    shopName,
    subject: `Pay ${amount} for your order ${order.number}`,
    orderUrl: linkUrl,
    text: [intro, '', `Pay now: ${linkUrl}`, '', 'Thank you.'],
    html: `<p style="margin:0 0 16px">${escapeHtml(intro)}</p>
${orderButton(linkUrl, `Pay ${amount}`)}`,
  });
}

/** The e-mail telling the customer their order is paid in full (`paidPaise` received). */
export function paidInFullEmail(
  order: { number: string; customerName: string; email: string },
  paidPaise: number,
  shopName: string,
  orderUrl: string,
): MailMessage {
  const intro = `Thank you: we have received ${formatRupeesExact(paidPaise)} and your order ${order.number} is now paid in full. Your tax invoice follows by e-mail.`;
  return orderMail({
    order,
    shopName,
    subject: `Your order ${order.number} is paid in full`,
    orderUrl,
    text: [intro, '', `See your order: ${orderUrl}`],
    html: `<p style="margin:0 0 16px">${escapeHtml(intro)}</p>
${orderButton(orderUrl, 'See your order')}`,
  });
}
