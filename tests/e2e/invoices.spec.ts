/**
 * Tax invoices end to end (issue 21 item 5): a paid order's 'invoice.issue' job (queued as the
 * payments module queues it) issues the invoice; the shopper downloads it from their order page
 * and it is e-mailed to them; a visitor asking for it gets 404. An administrator finds it in the
 * register, downloads the CSV, and is refused a GSTIN with a wrong check character in the
 * invoicing settings, which label their demo codes and rates. Screenshots of the new pages at
 * 375 px and on a laptop are attached to the test results.
 */
import { expect, test, type Page } from '@playwright/test';
import fs from 'node:fs/promises';
import path from 'node:path';
import { extractText, getDocumentProxy } from 'unpdf';
import { createAccount, signIn, uniqueEmail, withDatabase } from './support';

const password = 'A-long-invoice-test-passphrase-26';

/** A paid order of the demo catalogue's first fabric for `email`'s account, and its invoice job. */
async function paidOrderWithInvoiceJob(email: string): Promise<string> {
  const number = `RT-E2E-${Date.now().toString(36).toUpperCase()}`;
  await withDatabase(async (client) => {
    const { rows: users } = await client.query<{ id: string }>(
      'select id from "user" where email = $1',
      [email],
    );
    const { rows: products } = await client.query<{ id: number; name: string }>(
      `select p.id, p.name from products p join categories c on c.id = p.category_id
       where c.slug = 'fabrics' order by p.id limit 1`,
    );
    const { rows: orders } = await client.query<{ id: number }>(
      `insert into orders (number, user_id, status, amount_paise, customer_name, email, phone,
         address, city, state, pincode, provider, paid_at)
       values ($1, $2, 'paid', 210000, 'Nirav Mehta', $3, '+919876543210', '22 Kalawad Road',
         'Rajkot', 'Gujarat', '360005', 'sandbox', now())
       returning id`,
      [number, users[0]!.id, email],
    );
    await client.query(
      `insert into order_lines (order_id, product_id, name, unit_price_paise, quantity)
       values ($1, $2, $3, 105000, 2)`,
      [orders[0]!.id, products[0]!.id, products[0]!.name],
    );
    await client.query(
      `insert into jobs (kind, payload, dedupe_key) values ('invoice.issue', $1, $2)`,
      [JSON.stringify({ orderId: orders[0]!.id }), `invoice:order:${orders[0]!.id}`],
    );
  });
  return number;
}

async function screenshots(page: Page, name: string) {
  const info = test.info();
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: 900 });
    const file = info.outputPath(`${name}-${width}.png`);
    await page.screenshot({ path: file, fullPage: true });
    await info.attach(`${name}-${width}`, { path: file, contentType: 'image/png' });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

test('a paid order gets a tax invoice the shopper downloads, and an e-mail with it', async ({
  page,
  request,
}) => {
  test.slow();
  const email = uniqueEmail('invoice-shopper');
  await createAccount(request, { name: 'Nirav Mehta', email, password });
  const number = await paidOrderWithInvoiceJob(email);

  await page.goto(`/login?redirectTo=${encodeURIComponent(`/account/orders/${number}`)}`);
  await signIn(page, email, password);
  await expect(page.getByRole('heading', { level: 1, name: `Order ${number}` })).toBeVisible();
  const download = page.getByRole('link', { name: /^Download tax invoice RT\/\d\d-\d\d\/\d{6}$/ });
  // The server's worker issues it within a poll or two.
  await expect(async () => {
    await page.reload();
    await expect(download).toBeVisible({ timeout: 1_000 });
  }).toPass();
  await expect(page.getByRole('heading', { level: 2, name: 'Tax invoice' })).toBeVisible();
  const invoiceNumber = (await download.textContent())!.replace('Download tax invoice ', '');
  await screenshots(page, 'account-order-with-invoice');

  const href = (await download.getAttribute('href'))!;
  expect(href).toBe(`/account/orders/${number}/invoice.pdf`);
  const pdf = await page.request.get(href);
  expect(pdf.status()).toBe(200);
  expect(pdf.headers()['content-type']).toBe('application/pdf');
  expect(pdf.headers()['cache-control']).toBe('private, no-store');
  const { text } = await extractText(await getDocumentProxy(new Uint8Array(await pdf.body())), {
    mergePages: true,
  });
  for (const expected of [
    'TAX INVOICE',
    invoiceNumber,
    'Nirav Mehta',
    'Gujarat (code 24)',
    'Whether tax is payable on reverse charge: No',
    'Authorised Signatory',
  ]) {
    expect(text).toContain(expected);
  }

  // A visitor (no session) is told nothing exists.
  const anonymous = await request.get(href, { headers: { Cookie: '' } });
  expect(anonymous.status()).toBe(404);

  // The e-mail with the PDF attached reaches the outbox.
  const outbox = path.join(process.env.E2E_DATA_DIR!, 'outbox');
  await expect
    .poll(async () => {
      for (const file of await fs.readdir(outbox)) {
        const eml = await fs.readFile(path.join(outbox, file), 'utf8');
        if (
          eml.includes(`To: ${email}`) &&
          eml.includes(`Subject: Tax invoice ${invoiceNumber} for order ${number}`) &&
          eml.includes('Content-Type: application/pdf')
        ) {
          return true;
        }
      }
      return false;
    })
    .toBe(true);
});

test('an administrator reads the register and is refused a mistyped GSTIN', async ({
  page,
  request,
}) => {
  test.slow();
  const shopper = uniqueEmail('invoice-register');
  await createAccount(request, { name: 'Nirav Mehta', email: shopper, password });
  const number = await paidOrderWithInvoiceJob(shopper);
  const adminEmail = uniqueEmail('invoice-owner');
  await createAccount(request, { name: 'Shop Owner', email: adminEmail, password, admin: true });
  await page.goto('/login');
  await signIn(page, adminEmail, password);
  await expect(page).toHaveURL(/\/admin$/);

  await page
    .getByRole('navigation', { name: 'Back office' })
    .getByRole('link', { name: 'Invoices' })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: 'Invoices' })).toBeVisible();
  const orderLink = page.getByRole('link', { name: number });
  await expect(async () => {
    await page.reload();
    await expect(orderLink.first()).toBeVisible({ timeout: 1_000 });
  }).toPass();
  await expect(page.getByRole('link', { name: /Download CSV/ })).toBeVisible();
  await screenshots(page, 'admin-invoices');

  // The order's page links its invoice too.
  await orderLink.last().click();
  await expect(page.getByRole('link', { name: /^Download tax invoice RT\// })).toBeVisible();
  await screenshots(page, 'admin-order-with-invoice');

  await page.goto('/admin/invoices/settings');
  await expect(page.getByRole('heading', { level: 1, name: 'Invoicing settings' })).toBeVisible();
  await expect(
    page.getByText('Demo values — to be confirmed by the shop’s accountant.'),
  ).toBeVisible();
  await expect(page.getByLabel('HSN/SAC code, Fabrics')).toHaveValue('5208');
  await screenshots(page, 'admin-invoicing-settings');
  await page.getByLabel('GSTIN').fill('24ABCDE1234F1Z7');
  await page.getByRole('button', { name: 'Save invoicing settings' }).click();
  await expect(page.getByText('This GSTIN’s check character does not match').first()).toBeVisible();
});
