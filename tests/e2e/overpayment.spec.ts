/**
 * Issue 28 items 2 and 3 end to end. The attack: a link sent for the balance, then the same
 * amount taken in cash at the counter, then the link paid. Now the counter refuses what the
 * link asks for, and a link of an order paid in full answers 409 with its reason. A job that
 * can never succeed is shown, with its reason, on the order's page and on the dashboard. And
 * the follow-up: the counter withdraws a pending link, so a customer paying in cash is recorded.
 */
import { expect, test } from '@playwright/test';
import { createAccount, signedInPage, uniqueEmail, withDatabase } from './support';

const PASSWORD = 'a-long-overpayment-password-28';

test('the counter refuses what a pending link asks for; a paid order’s link answers 409; failed jobs show with their reason', async ({
  browser,
  request,
}) => {
  const adminEmail = uniqueEmail('overpay-admin');
  await createAccount(request, {
    name: 'Shop Admin',
    email: adminEmail,
    password: PASSWORD,
    admin: true,
  });
  const number = `RT-OVP-${Date.now().toString(36).toUpperCase()}`;
  await withDatabase((client) =>
    client.query(
      `insert into orders (number, kind, status, amount_paise, customer_name, email, phone,
         address, city, state, pincode, provider)
       values ($1, 'bespoke', 'created', 2000000, 'Kiran Patel', 'kiran.overpay@example.com',
         '+91 98765 43210', '12 Yagnik Road', 'Rajkot', 'Gujarat', '360001', 'sandbox')`,
      [number],
    ),
  );

  // The shop sends a link for the whole balance, then tries to take it in cash as well.
  const admin = await signedInPage(browser, adminEmail, PASSWORD);
  await admin.goto(`/admin/orders/${number}`);
  const panel = admin.getByRole('region', { name: 'Payments' });
  await panel.getByLabel('Link amount (₹)').fill('20000');
  await panel.getByRole('button', { name: 'Send payment link' }).click();
  await expect(admin.getByText(/Payment link for ₹20,000 sent to Kiran Patel/)).toBeVisible();
  await panel.getByLabel('Method').selectOption('cash');
  await panel.getByLabel('Payment amount (₹)').fill('20000');
  await panel.getByRole('button', { name: 'Record payment' }).click();
  await expect(
    admin
      .getByText(
        'This is more than the balance of ₹0. (₹20,000 is already asked for by a link not yet paid.)',
      )
      .first(),
  ).toBeVisible();

  // An order paid in full before the fix still has its link pending: the page refuses it.
  const linkId = await withDatabase(async (client) => {
    const { rows } = await client.query<{ provider_link_id: string; id: number }>(
      `select p.id, p.provider_link_id from payments p join orders o on o.id = p.order_id
       where o.number = $1 and p.method = 'payment_link'`,
      [number],
    );
    await client.query(
      `insert into payments (order_id, kind, method, status, amount_paise, settled_at)
       select id, 'payment', 'cash', 'succeeded', 2000000, now() from orders where number = $1`,
      [number],
    );
    await client.query(`update orders set status = 'paid', paid_at = now() where number = $1`, [
      number,
    ]);
    // A credit note that can never be issued, as the worker leaves it.
    await client.query(
      `insert into jobs (kind, payload, status, attempts, last_error, finished_at)
       values ('credit-note.issue', jsonb_build_object('paymentId', $1::int), 'failed', 1,
         'Refund 1 of ₹600 is more than the ₹0 the customer paid less what was refunded.', now())`,
      [rows[0]!.id],
    );
    return rows[0]!.provider_link_id;
  });
  const shopper = await browser.newPage();
  const page = await shopper.goto(`/pay/${linkId}`);
  expect(page?.status()).toBe(409);
  await expect(
    shopper.getByText('This order is paid in full: this link can no longer be paid.'),
  ).toBeVisible();
  await expect(shopper.getByRole('button', { name: 'Pay' })).toHaveCount(0);

  // The back office shows the failed job with its reason, on the order and on the dashboard.
  await admin.goto(`/admin/orders/${number}`);
  const failed = admin.getByRole('region', { name: 'Failed jobs' });
  await expect(failed.getByText('Credit note of a refund')).toBeVisible();
  await expect(
    failed.getByText(
      'Refund 1 of ₹600 is more than the ₹0 the customer paid less what was refunded.',
    ),
  ).toBeVisible();
  await admin.goto('/admin');
  const listed = admin.getByRole('region', { name: 'Failed jobs' });
  await expect(listed.getByRole('link', { name: `order ${number}` })).toBeVisible();
});

test('the counter withdraws a pending link, then takes the balance in cash: the order is paid in full once', async ({
  browser,
  request,
}) => {
  const adminEmail = uniqueEmail('withdraw-admin');
  await createAccount(request, {
    name: 'Shop Admin',
    email: adminEmail,
    password: PASSWORD,
    admin: true,
  });
  const number = `RT-WDL-${Date.now().toString(36).toUpperCase()}`;
  await withDatabase((client) =>
    client.query(
      `insert into orders (number, kind, status, amount_paise, customer_name, email, phone,
         address, city, state, pincode, provider)
       values ($1, 'bespoke', 'created', 1500000, 'Meera Shah', 'meera.withdraw@example.com',
         '+91 98765 43211', '14 Yagnik Road', 'Rajkot', 'Gujarat', '360001', 'sandbox')`,
      [number],
    ),
  );

  const admin = await signedInPage(browser, adminEmail, PASSWORD);
  await admin.goto(`/admin/orders/${number}`);
  const panel = admin.getByRole('region', { name: 'Payments' });
  await panel.getByLabel('Link amount (₹)').fill('15000');
  await panel.getByRole('button', { name: 'Send payment link' }).click();
  await expect(admin.getByText(/Payment link for ₹15,000 sent to Meera Shah/)).toBeVisible();
  const linkUrl = await panel.getByRole('link', { name: /\/pay\// }).getAttribute('href');

  // The customer walks in to pay in cash: the clerk withdraws the link first. While the
  // request runs, the owner changes the catalogue elsewhere: the page's reload for that change
  // must not unmount the row before the answer arrives and lose its toast (it did, in CI).
  await admin.route(
    (url) => url.pathname.startsWith(`/admin/orders/${number}`),
    async (route) => {
      if (route.request().method() !== 'POST') return route.continue();
      const response = await route.fetch();
      await withDatabase((client) => client.query(`select pg_notify('catalogue', 'products')`));
      // Give a reload for that change its chance to come first: it must wait for the answer.
      await admin
        .waitForResponse((r) => r.request().method() === 'GET' && r.url().includes('.data'), {
          timeout: 3_000,
        })
        .catch(() => undefined);
      await route.fulfill({ response });
    },
  );
  await panel.getByRole('button', { name: 'Withdraw link' }).click();
  const dialog = admin.getByRole('alertdialog', { name: 'Withdraw the payment link for ₹15,000?' });
  await dialog.getByRole('button', { name: 'Withdraw link' }).click();
  await expect(
    admin.getByText('Link withdrawn: ₹15,000 can now be taken at the counter.'),
  ).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(panel.getByRole('button', { name: 'Withdraw link' })).toHaveCount(0);
  await admin.unrouteAll();

  await panel.getByLabel('Method').selectOption('cash');
  await panel.getByLabel('Payment amount (₹)').fill('15000');
  await panel.getByRole('button', { name: 'Record payment' }).click();
  await expect(
    admin.getByText(
      `Cash payment of ₹15,000 recorded on order ${number}. The order is paid in full.`,
    ),
  ).toBeVisible();
  await expect(panel.getByRole('button', { name: 'Record payment' })).toHaveCount(0);

  // The withdrawn link can no longer be paid.
  const shopper = await browser.newPage();
  const page = await shopper.goto(new URL(linkUrl!).pathname);
  expect(page?.status()).toBe(409);
  await expect(
    shopper.getByText('This order is paid in full: this link can no longer be paid.'),
  ).toBeVisible();
  await expect(shopper.getByRole('button', { name: 'Pay' })).toHaveCount(0);
  const paid = await withDatabase((client) =>
    client.query<{ paid: string }>(
      `select coalesce(sum(p.amount_paise), 0)::text as paid from payments p
       join orders o on o.id = p.order_id
       where o.number = $1 and p.kind = 'payment' and p.status = 'succeeded'`,
      [number],
    ),
  );
  expect(paid.rows[0]!.paid).toBe('1500000');
});
