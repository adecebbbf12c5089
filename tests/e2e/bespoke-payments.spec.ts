/**
 * A bespoke order's money end to end (issue 21 item 4): the shopper pays the 50% advance from
 * their order page in the sandbox dialog, the shop records the balance as UPI at the counter,
 * and both pages read the order paid in full. The order itself is made in the database as
 * the back office's bespoke-order screen makes it (features/bespoke).
 */
import { expect, test } from '@playwright/test';
import { createAccount, signedInPage, uniqueEmail, withDatabase } from './support';

const PASSWORD = 'a-long-bespoke-payments-password-8';

test('the shopper pays the advance online; the shop records the balance as UPI; the order is paid', async ({
  browser,
  request,
}) => {
  const shopperEmail = uniqueEmail('bespoke-shopper');
  const adminEmail = uniqueEmail('bespoke-admin');
  await createAccount(request, { name: 'Kiran Patel', email: shopperEmail, password: PASSWORD });
  await createAccount(request, {
    name: 'Shop Admin',
    email: adminEmail,
    password: PASSWORD,
    admin: true,
  });
  const number = `RT-BSP-${Date.now().toString(36).toUpperCase()}`;
  await withDatabase((client) =>
    client.query(
      `insert into orders (number, user_id, kind, status, amount_paise, customer_name, email,
         phone, address, city, state, pincode, provider)
       select $1, id, 'bespoke', 'created', 3000000, 'Kiran Patel', $2, '+91 98765 43210',
         '12 Yagnik Road', 'Rajkot', 'Gujarat', '360001', 'sandbox'
       from "user" where email = $2`,
      [number, shopperEmail],
    ),
  );

  // The shopper pays the 50% advance in the sandbox.
  const shopper = await signedInPage(browser, shopperEmail, PASSWORD);
  await shopper.goto(`/account/orders/${number}`);
  const payments = shopper.getByRole('region', { name: 'Payments' });
  await expect(payments.getByText('₹30,000').first()).toBeVisible();
  await payments.getByRole('button', { name: 'Pay advance ₹15,000' }).click();
  const dialog = shopper.getByRole('dialog', { name: 'Sandbox payment' });
  await expect(dialog).toContainText('₹15,000');
  await dialog.getByRole('button', { name: 'Pay', exact: true }).click();
  await expect(shopper.getByText('Payment successful')).toBeVisible();
  await expect(payments.getByRole('button', { name: /Pay advance/ })).toHaveCount(0);
  const received = payments.getByRole('list', { name: 'Payments received' });
  await expect(received.getByRole('listitem')).toHaveCount(1);
  await expect(received).toContainText('Online');
  await expect(payments.getByText('Balance due')).toBeVisible();
  // The order reads part paid on the shopper's list, not 'Awaiting payment'.
  await shopper.goto('/account/orders');
  const row = shopper.getByRole('row').filter({ hasText: number });
  await expect(row.getByText('Part paid')).toBeVisible();
  await shopper.goto(`/account/orders/${number}`);

  // The shop records the balance as UPI at the counter.
  const admin = await signedInPage(browser, adminEmail, PASSWORD);
  await admin.goto(`/admin/orders/${number}`);
  const panel = admin.getByRole('region', { name: 'Payments' });
  await expect(panel.getByText('Balance due: ₹15,000')).toBeVisible();
  await panel.getByLabel('Method').selectOption('upi');
  await panel.getByLabel('Payment amount (₹)').fill('15,001');
  await panel.getByLabel('UPI transaction reference').fill('UPI-E2E-0001');
  await panel.getByRole('button', { name: 'Record payment' }).click();
  await expect(admin.getByText('This is more than the balance of ₹15,000.').first()).toBeVisible();
  await panel.getByLabel('Payment amount (₹)').fill('15000');
  await panel.getByRole('button', { name: 'Record payment' }).click();
  await expect(
    admin.getByText(
      `UPI payment of ₹15,000 recorded on order ${number}. The order is paid in full.`,
    ),
  ).toBeVisible();
  await expect(
    panel.getByRole('list', { name: 'Payments and refunds' }).getByRole('listitem'),
  ).toHaveCount(2);
  await expect(panel.getByText('Reference: UPI-E2E-0001')).toBeVisible();
  await expect(panel.getByRole('button', { name: 'Record payment' })).toHaveCount(0);

  // The shopper's page reads paid in full.
  await shopper.reload();
  await expect(shopper.getByText('Paid', { exact: true }).first()).toBeVisible();
  await expect(received.getByRole('listitem')).toHaveCount(2);
  await expect(received).toContainText('UPI');
  const summary = payments.getByRole('definition');
  await expect(summary.last()).toHaveText('₹0');
});
