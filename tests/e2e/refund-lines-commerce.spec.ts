/**
 * Issue 29 item 3 end to end: staff refund one shirt of a paid order with several lines. The
 * refund form lists the invoice's lines, the amount is the server's figure for the shirt, the
 * refund goes back through the sandbox provider (the same path as Razorpay: a pending refund,
 * then its signed `refund.processed` webhook), and the credit note's PDF names that shirt
 * alone, with its amounts. A refund that names no line, with goodwill not chosen, is refused
 * with a message.
 */
import { expect, test } from '@playwright/test';
import { extractText, getDocumentProxy } from 'unpdf';
import { createAccount, signedInPage, uniqueEmail, withDatabase } from './support';

const PASSWORD = 'a-long-refund-lines-password-29';

/** The order's lines: name, size, unit price (paise, GST included), quantity. */
const LINES = [
  ['Oxford shirt', '40', 2_000_00, 1],
  ['Linen shirt', '42', 3_048_00, 1],
  ['Cotton trousers', '34', 2_200_00, 2],
] as const;
const TOTAL = LINES.reduce((sum, [, , price, quantity]) => sum + price * quantity, 0);

/** A shop order of LINES paid online through the sandbox, with its invoice job queued. */
async function paidOrder(): Promise<string> {
  const number = `RT-RFL-${Date.now().toString(36).toUpperCase()}`;
  await withDatabase(async (client) => {
    const { rows } = await client.query<{ id: number }>(
      `insert into orders (number, status, amount_paise, customer_name, email, phone, address,
         city, state, pincode, provider, paid_at)
       values ($1, 'paid', $2, 'Meera Joshi', 'meera.refund@example.com', '+919876543210',
         '7 Race Course Road', 'Rajkot', 'Gujarat', '360001', 'sandbox', now())
       returning id`,
      [number, TOTAL],
    );
    const orderId = rows[0]!.id;
    for (const [name, size, price, quantity] of LINES) {
      await client.query(
        `insert into order_lines (order_id, name, size, unit_price_paise, quantity)
         values ($1, $2, $3, $4, $5)`,
        [orderId, name, size, price, quantity],
      );
    }
    await client.query(
      `insert into payments (order_id, kind, method, status, amount_paise, provider,
         provider_payment_id, settled_at)
       values ($1, 'payment', 'online', 'succeeded', $2, 'sandbox', $3, now())`,
      [orderId, TOTAL, `pay_SBXrfl${Date.now().toString(36)}`],
    );
    await client.query(
      `insert into jobs (kind, payload, dedupe_key) values ('invoice.issue', $1, $2)`,
      [JSON.stringify({ orderId }), `invoice:order:${orderId}`],
    );
  });
  return number;
}

test('staff refund one shirt of a paid order, and its credit note names that shirt alone', async ({
  browser,
  request,
}) => {
  test.slow();
  const adminEmail = uniqueEmail('refund-lines-admin');
  await createAccount(request, {
    name: 'Shop Admin',
    email: adminEmail,
    password: PASSWORD,
    admin: true,
  });
  const number = await paidOrder();
  const admin = await signedInPage(browser, adminEmail, PASSWORD);
  await admin.goto(`/admin/orders/${number}`);
  const panel = admin.getByRole('region', { name: 'Payments' });
  const form = panel.getByRole('form', { name: 'Refund' });

  // Neither lines nor goodwill: refused with a message.
  await form.getByLabel('Reason').fill('Changed their mind');
  await form.getByRole('button', { name: 'Refund' }).click();
  await expect(
    admin.getByText('Please enter the quantity returned of at least one line.').first(),
  ).toBeVisible();

  // The lines are listed; one Linen shirt is returned, and the form shows what it refunds.
  await expect(form.getByRole('radio', { name: 'Lines returned' })).toBeChecked();
  await expect(form.getByLabel('Oxford shirt, size 40: pieces returned')).toBeVisible();
  await expect(form.getByLabel('Cotton trousers, size 34: pieces returned')).toBeVisible();
  await form.getByLabel('Linen shirt, size 42: pieces returned').fill('1');
  await expect(form.getByRole('status')).toHaveText('Refund for these lines: ₹3,048');
  await form.getByRole('button', { name: 'Refund' }).click();
  await expect(
    admin
      .getByText(
        `Refund of ₹3,048 sent on order ${number}. The credit note follows once it is processed.`,
      )
      .first(),
  ).toBeVisible();

  // The sandbox processes the refund through the webhook path; the worker issues the note.
  const download = admin.getByRole('link', { name: /^Download credit note / });
  await expect(async () => {
    await admin.reload();
    await expect(download).toBeVisible({ timeout: 1_000 });
  }).toPass();
  const pdf = await admin.request.get((await download.getAttribute('href'))!);
  expect(pdf.status()).toBe(200);
  const { text } = await extractText(await getDocumentProxy(new Uint8Array(await pdf.body())), {
    mergePages: true,
  });
  const flat = text.replace(/\s+/g, ' ');
  expect(flat).toContain('CREDIT NOTE');
  expect(flat).toContain('Linen shirt, size 42');
  expect(flat).not.toContain('Oxford shirt');
  expect(flat).not.toContain('Cotton trousers');
  // ₹3,048 at 5%: taxable 2,902.86, CGST 72.57, SGST 72.57 (the invoice line's own split).
  for (const amount of ['3,048.00', '2,902.86', '72.57']) expect(flat).toContain(amount);

  // The shirt cannot be returned twice: the form no longer offers it.
  await expect(form.getByLabel('Linen shirt, size 42: pieces returned')).toHaveCount(0);
  await expect(form.getByLabel('Oxford shirt, size 40: pieces returned')).toBeVisible();
});
