/**
 * Tailoring on the customer's own cloth end to end (issue 29 item 1: "tailoring where the
 * customer brings the cloth: a service code and rate"; item 3: the advance's receipt voucher):
 * at the counter staff make a bespoke order of one shirt on the customer's cloth, which the
 * form prices at its making charge; they take a cash advance, and the receipt voucher's PDF,
 * read back, shows the tailoring SAC and the tax charged on the advance.
 */
import { expect, test } from '@playwright/test';
import { createAccount, pdfTextAt, signedInPage, uniqueEmail, withDatabase } from './support';

const PASSWORD = 'a-long-customers-cloth-password-29';

test('a shirt stitched from the customer’s own cloth costs its making charge, and its advance’s receipt voucher shows the SAC and the tax', async ({
  browser,
  request,
}) => {
  test.slow();
  const adminEmail = uniqueEmail('cloth-admin');
  await createAccount(request, {
    name: 'Counter Staff',
    email: adminEmail,
    password: PASSWORD,
    admin: true,
  });
  const phone = `+9197${String(Date.now()).slice(-8)}`;
  const clientId = await withDatabase(async (client) => {
    const { rows } = await client.query<{ id: number }>(
      `insert into customers (name, phone) values ('Nilesh Dave', $1) returning id`,
      [phone],
    );
    return rows[0]!.id;
  });

  // The counter's new order: a shirt, on the customer's own cloth.
  const admin = await signedInPage(browser, adminEmail, PASSWORD, { landing: /\/admin$/ });
  await admin.goto(`/admin/orders/new?customer=${clientId}&garment=shirt`);
  await expect(admin.getByRole('heading', { name: 'New bespoke order' })).toBeVisible();
  await admin.getByRole('radio', { name: 'Customer’s own cloth' }).check();
  await expect(
    admin.getByText('Tailoring on the customer’s own cloth: no fabric is charged.', {
      exact: false,
    }),
  ).toContainText('the making charge, ₹1,800, plus any options');
  await admin.getByLabel('The customer’s cloth (optional description)').fill('Blue linen');
  await admin.getByLabel('Address', { exact: true }).fill('8 Yagnik Road');
  await admin.getByLabel('PIN code').fill('360001');
  await admin.getByRole('button', { name: 'Create order' }).click();
  await expect(admin).toHaveURL(/\/admin\/orders\/RT-\d{6}-[2-9A-Z]{5}$/);
  const garments = admin.getByRole('list', { name: 'Garments' });
  await expect(garments.getByRole('heading', { name: '1. Shirt' })).toBeVisible();
  await expect(
    garments.getByText('The customer’s own cloth (Blue linen)', { exact: false }),
  ).toContainText('making charge only, invoiced as a tailoring service');

  // A ₹1,000 cash advance on the ₹1,800 order.
  const panel = admin.getByRole('region', { name: 'Payments' });
  await expect(panel.getByText('Balance due: ₹1,800')).toBeVisible();
  await panel.getByLabel('Method').selectOption('cash');
  await panel.getByLabel('Payment amount (₹)').fill('1000');
  await panel.getByRole('button', { name: 'Record payment' }).click();
  await expect(admin.getByText(/^Cash payment of ₹1,000 recorded on order /).first()).toBeVisible();

  const link = admin.getByRole('link', {
    name: /^Download receipt voucher RCV\/\d\d-\d\d\/\d{6}$/,
  });
  await expect(async () => {
    await admin.reload();
    await expect(link).toBeVisible({ timeout: 1_000 });
  }).toPass();
  const text = await pdfTextAt(admin, (await link.getAttribute('href'))!);
  // The advance is for a service (SAC 998821 at 5%), so it is taxed on receipt:
  // ₹1,000 = ₹952.38 + CGST ₹23.81 + SGST ₹23.81.
  for (const expected of [
    'RECEIPT VOUCHER',
    'Advance towards Tailoring service: bespoke shirt stitched from the customer’s own cloth (Blue linen)',
    '998821 1 OTH 1,000.00 952.38 5% 23.81 @2.5% 23.81 @2.5%',
    'Total taxable value ₹952.38 Central tax (CGST) ₹23.81 State tax (SGST) ₹23.81',
    '₹1,000.00',
  ]) {
    expect(text, expected).toContain(expected);
  }
});
