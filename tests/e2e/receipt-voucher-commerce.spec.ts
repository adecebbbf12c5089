/**
 * A receipt voucher end to end (issue 29 item 3, Rule 50; item 5, the rupee sign): staff
 * record a cash advance at the counter on a bespoke order; a receipt voucher appears on the
 * order's page with its number, and its PDF, read back, shows the amount with '₹' and the
 * number. The customer downloads the same voucher from their account; a visitor gets 404.
 * The order is made in the database as the back office's bespoke-order screen makes it.
 */
import { expect, test } from '@playwright/test';
import { createAccount, pdfTextAt, signedInPage, uniqueEmail, withDatabase } from './support';

const PASSWORD = 'a-long-receipt-voucher-password-29';

test('a counter advance on a bespoke order gives a receipt voucher, with ₹ in its PDF, that the customer downloads', async ({
  browser,
  request,
}) => {
  test.slow();
  const shopperEmail = uniqueEmail('rcv-shopper');
  const adminEmail = uniqueEmail('rcv-admin');
  await createAccount(request, { name: 'Hetal Mehta', email: shopperEmail, password: PASSWORD });
  await createAccount(request, {
    name: 'Counter Staff',
    email: adminEmail,
    password: PASSWORD,
    admin: true,
  });
  const number = `RT-RCV-${Date.now().toString(36).toUpperCase()}`;
  await withDatabase(async (client) => {
    const { rows } = await client.query<{ id: number }>(
      `insert into orders (number, user_id, kind, status, amount_paise, customer_name, email,
         phone, address, city, state, pincode, provider)
       select $1, id, 'bespoke', 'created', 4504800, 'Hetal Mehta', $2, '+91 98123 45678',
         '3 Kalawad Road', 'Rajkot', 'Gujarat', '360005', 'sandbox'
       from "user" where email = $2
       returning id`,
      [number, shopperEmail],
    );
    await client.query(
      `insert into bespoke_garments (order_id, position, garment_type, fabric_code, fabric_name,
         fabric_price_per_metre_paise, consumption_cm, options, quote_paise, price_paise)
       values ($1, 0, 'sherwani', 'IN-204', 'Ivory raw silk', 250000, 350, '[]', 4200000, 4200000),
              ($1, 1, 'shirt', 'LN-12', 'Irish linen', 180000, 160, '[]', 304800, 304800)`,
      [rows[0]!.id],
    );
  });

  // Staff take a ₹15,000 cash advance at the counter.
  const admin = await signedInPage(browser, adminEmail, PASSWORD);
  await admin.goto(`/admin/orders/${number}`);
  const panel = admin.getByRole('region', { name: 'Payments' });
  await expect(panel.getByText('Balance due: ₹45,048')).toBeVisible();
  await panel.getByLabel('Method').selectOption('cash');
  await panel.getByLabel('Payment amount (₹)').fill('15000');
  await panel.getByLabel('Receipt number (optional)').fill('Slip 41');
  await panel.getByRole('button', { name: 'Record payment' }).click();
  await expect(
    admin.getByText(`Cash payment of ₹15,000 recorded on order ${number}.`).first(),
  ).toBeVisible();

  // The voucher appears on the order's page, with its number, once the worker has issued it.
  const adminLink = admin.getByRole('link', {
    name: /^Download receipt voucher RCV\/\d\d-\d\d\/\d{6}$/,
  });
  await expect(async () => {
    await admin.reload();
    await expect(adminLink).toBeVisible({ timeout: 1_000 });
  }).toPass();
  await expect(admin.getByRole('heading', { level: 2, name: 'Receipt voucher' })).toBeVisible();
  await expect(admin.getByText('advance of ₹15,000')).toBeVisible();
  const voucherNumber = (await adminLink.textContent())!.replace('Download receipt voucher ', '');
  const adminText = await pdfTextAt(admin, (await adminLink.getAttribute('href'))!);
  for (const expected of [
    'RECEIPT VOUCHER',
    `Receipt Voucher No.: ${voucherNumber}`,
    'Advance received',
    '₹15,000.00',
    'Received: cash Slip 41 on',
    'Hetal Mehta',
    'GSTIN: 24ABCDE1234F1Z6',
  ]) {
    expect(adminText, expected).toContain(expected);
  }
  expect(adminText).not.toContain('Rs.');

  // The customer finds and downloads the same voucher from their account.
  const shopper = await signedInPage(browser, shopperEmail, PASSWORD);
  await shopper.goto(`/account/orders/${number}`);
  const shopperLink = shopper.getByRole('link', {
    name: `Download receipt voucher ${voucherNumber}`,
  });
  await expect(shopperLink).toBeVisible();
  const href = (await shopperLink.getAttribute('href'))!;
  expect(href).toMatch(new RegExp(`^/account/orders/${number}/credit-notes/\\d+$`));
  const shopperText = await pdfTextAt(shopper, href);
  expect(shopperText).toContain(voucherNumber);
  expect(shopperText).toContain('₹15,000.00');

  // A visitor is told nothing exists.
  const anonymous = await request.get(href, { headers: { Cookie: '' } });
  expect(anonymous.status()).toBe(404);
});
