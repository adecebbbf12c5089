/**
 * GST rates by price band, end to end (issue 29 item 1 "Done when"): a shopper buys a ₹2,000
 * shirt and a ₹3,048 shirt on one order, pays in the sandbox, and the invoice PDF they download
 * charges 5% on the first (up to ₹2,500 a piece) and 18% on the second. An administrator sees,
 * on the invoicing settings page, the rule each category falls under today, and a rule they add
 * changes the rate of a later invoice, not of the one issued before.
 */
import { expect, test, type Page } from '@playwright/test';
import {
  addToCartFromProductPage,
  createAccount,
  insertProductInSizeM,
  pdfTextAt,
  runTag,
  signIn,
  uniqueClientIp,
  uniqueEmail,
  withDatabase,
} from './support';

const password = 'A-long-gst-bands-passphrase-29';

test.beforeEach(async ({ context }) => {
  await context.setExtraHTTPHeaders({ 'X-Forwarded-For': uniqueClientIp() });
});

/** The order's invoice link once the server's worker has issued it. */
async function invoiceLink(page: Page, url: string) {
  const download = page.getByRole('link', { name: /^Download tax invoice RT\/\d\d-\d\d\/\d{6}$/ });
  await page.goto(url);
  await expect(async () => {
    await page.reload();
    await expect(download).toBeVisible({ timeout: 1_000 });
  }).toPass();
  return download;
}

test('a ₹2,000 shirt and a ₹3,048 shirt on one order: 5% on one, 18% on the other', async ({
  page,
  request,
}) => {
  test.slow();
  const run = runTag();
  const cheap = `Band shirt ${run} two thousand`;
  const dear = `Band shirt ${run} three thousand`;
  const cheapId = await insertProductInSizeM('ready-to-wear', cheap, 200_000);
  const dearId = await insertProductInSizeM('ready-to-wear', dear, 304_800);

  const email = uniqueEmail('gst-bands');
  await createAccount(request, { name: 'Hetal Shah', email, password });
  await page.goto('/login');
  await signIn(page, email, password);
  await expect(page).not.toHaveURL(/\/login/);

  for (const id of [cheapId, dearId]) {
    await addToCartFromProductPage(page, id);
  }

  await page.goto('/checkout');
  const form = page.getByRole('form', { name: 'Delivery details' });
  await form.getByLabel('Phone').fill('98250 12345');
  await form.getByLabel('Address line 1').fill('12 Market Road, near Jubilee Garden');
  await form.getByLabel('City').fill('Rajkot');
  await form.getByLabel('State').selectOption('Gujarat');
  await form.getByLabel('PIN code').fill('360001');
  await form.getByRole('button', { name: /^Pay ₹/ }).click();
  await page
    .getByRole('dialog', { name: 'Sandbox payment' })
    .getByRole('button', { name: 'Pay', exact: true })
    .click();
  await expect(page).not.toHaveURL(/\/checkout/);

  await page.goto('/account/orders');
  const row = page.getByRole('row').nth(1);
  await expect(row).toContainText('Paid');
  const orderNumber = (await row.getByRole('link').textContent())!;
  const download = await invoiceLink(page, `/account/orders/${orderNumber}`);
  const text = await pdfTextAt(page, (await download.getAttribute('href'))!);

  // Each line: its name, code 6205, then value, taxable value and rate.
  // ₹2,000 at 5%: taxable 2,000 × 100 ÷ 105 = 1,904.76 (up to ₹2,500 a piece).
  expect(text).toMatch(new RegExp(`${cheap}.*? 6205 1 PCS 2,000\\.00 1,904\\.76 5% `));
  // ₹3,048 at 18%: taxable 3,048 × 100 ÷ 118 = 2,583.05 (above ₹2,500 a piece).
  expect(text).toMatch(new RegExp(`${dear}.*? 6205 1 PCS 3,048\\.00 2,583\\.05 18% `));
});

test('the settings page shows the rule a category falls under; a new rule changes later invoices only', async ({
  page,
  request,
}) => {
  test.slow();
  const run = runTag();
  // A category and code of this run's own, so the rule it adds touches no other test's order.
  const code = `6214${String(Date.now() % 10_000).padStart(4, '0')}`;
  const categoryName = `Stoles ${run}`;
  const shopper = uniqueEmail('gst-rule-shopper');
  await createAccount(request, { name: 'Nirav Mehta', email: shopper, password });
  const productId = await withDatabase(async (client) => {
    const { rows: made } = await client.query<{ id: number }>(
      `insert into categories (name, slug) values ($1, $2) returning id`,
      [categoryName, `stoles-${run}`],
    );
    const { rows } = await client.query<{ id: number }>(
      `insert into products (slug, name, category_id, price_paise) values ($1, $2, $3, 304800)
       returning id`,
      [`stole-${run}`, `Stole ${run}`, made[0]!.id],
    );
    return rows[0]!.id;
  });
  /** A paid order of one ₹3,048 stole with its invoice job, as the payments module queues it. */
  const paidOrder = (suffix: string) =>
    withDatabase(async (client) => {
      const number = `RT-GST-${run}-${suffix}`.toUpperCase();
      const { rows: users } = await client.query<{ id: string }>(
        'select id from "user" where email = $1',
        [shopper],
      );
      const { rows } = await client.query<{ id: number }>(
        `insert into orders (number, user_id, status, amount_paise, customer_name, email, phone,
           address, city, state, pincode, provider, paid_at)
         values ($1, $2, 'paid', 304800, 'Nirav Mehta', $3, '+919876543210', '22 Kalawad Road',
           'Rajkot', 'Gujarat', '360005', 'sandbox', now())
         returning id`,
        [number, users[0]!.id, shopper],
      );
      await client.query(
        `insert into order_lines (order_id, product_id, name, unit_price_paise, quantity)
         values ($1, $2, 'Stole', 304800, 1)`,
        [rows[0]!.id, productId],
      );
      await client.query(
        `insert into jobs (kind, payload, dedupe_key) values ('invoice.issue', $1, $2)`,
        [JSON.stringify({ orderId: rows[0]!.id }), `invoice:order:${rows[0]!.id}`],
      );
      return number;
    });

  const adminEmail = uniqueEmail('gst-rule-admin');
  await createAccount(request, { name: 'Shop Owner', email: adminEmail, password, admin: true });
  await page.goto('/login');
  await signIn(page, adminEmail, password);
  await expect(page).toHaveURL(/\/admin$/);

  await page.goto('/admin/invoices/settings');
  await expect(page.getByLabel('Rule in force today, Ready to Wear')).toHaveText(
    /^5% up to ₹2,500 a piece; 18% above ₹2,500 a piece \(HSN\/SAC 62, from .*22 September 2025\)$/,
  );
  // The run's category gets its own code under chapter 62: the chapter's rule shows beside it.
  await page.getByLabel(`HSN/SAC code, ${categoryName}`).fill(code);
  await page.getByRole('button', { name: 'Save invoicing settings' }).click();
  await expect(page.getByText('Invoicing settings saved').first()).toBeVisible();
  await page.reload();
  await expect(page.getByLabel(`Rule in force today, ${categoryName}`)).toContainText(
    '18% above ₹2,500 a piece (HSN/SAC 62,',
  );

  // An invoice issued before the new rule: 18%.
  const before = await paidOrder('before');
  const first = await invoiceLink(page, `/admin/orders/${before}`);
  const firstHref = (await first.getAttribute('href'))!;
  expect(await pdfTextAt(page, firstHref)).toMatch(/ 3,048\.00 2,583\.05 18% /);

  // The rule: this code at 12% from today (Kolkata).
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata' }).format(new Date());
  await page.goto('/admin/invoices/settings');
  const add = page.getByRole('form', { name: 'Add a rule' });
  await add.getByLabel('HSN/SAC code or prefix').fill(code);
  await add.getByLabel('Band', { exact: true }).selectOption('none');
  await add.getByLabel('GST rate in percent').fill('12');
  await add.getByLabel('Takes effect on').fill(today);
  await add.getByLabel('Note for the accountant').fill('End-to-end test rule');
  await add.getByRole('button', { name: 'Add rule' }).click();
  await expect(page.getByText(`Rule added: ${code} at 12% any value`).first()).toBeVisible();
  await expect(page.getByLabel(`Rule in force today, ${categoryName}`)).toHaveText(
    new RegExp(`^12% any value \\(HSN/SAC ${code}, from `),
  );
  await expect(page.getByRole('row').filter({ hasText: 'End-to-end test rule' })).toContainText(
    '12%',
  );

  // The next invoice takes it; the earlier one keeps 18%.
  const after = await paidOrder('after');
  const second = await invoiceLink(page, `/admin/orders/${after}`);
  expect(await pdfTextAt(page, (await second.getAttribute('href'))!)).toMatch(
    / 3,048\.00 2,721\.43 12% /,
  );
  expect(await pdfTextAt(page, firstHref)).toMatch(/ 3,048\.00 2,583\.05 18% /);

  // Retired, the rule no longer applies to invoices from then on.
  await page.goto('/admin/invoices/settings');
  await page.getByRole('button', { name: new RegExp(`^Retire rule ${code} 12%`) }).click();
  await expect(page.getByText(`Rule retired: ${code}`).first()).toBeVisible();
  await expect(page.getByLabel(`Rule in force today, ${categoryName}`)).toContainText(
    '(HSN/SAC 62,',
  );
});
