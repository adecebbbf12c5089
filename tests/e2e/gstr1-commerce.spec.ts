/**
 * The accountant's month (issue 29 item 4): an administrator filters the invoice register by
 * month, sees that month's invoice, and downloads the month's GSTR-1 b2cs sheet, whose content
 * (UTF-8 with a byte-order mark, the offline tool's header) has the b2cs row of the invoice:
 * its place of supply and rate with its taxable value. The invoice goes to a consumer in
 * Lakshadweep, so its b2cs row is its own in a shared database.
 */
import { expect, test } from '@playwright/test';
import fs from 'node:fs/promises';
import { createAccount, signIn, uniqueEmail, withDatabase } from './support';

const password = 'A-long-gstr1-test-passphrase-29';

/** This month in Kolkata: its value ('2026-11') and its label ('November 2026'). */
function thisMonth(): { value: string; label: string } {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone: 'Asia/Kolkata',
    year: 'numeric',
    month: 'long',
  }).formatToParts(new Date());
  const monthName = parts.find((part) => part.type === 'month')!.value;
  const year = parts.find((part) => part.type === 'year')!.value;
  const month = new Date(`${monthName} 1, 2000`).getMonth() + 1;
  return { value: `${year}-${String(month).padStart(2, '0')}`, label: `${monthName} ${year}` };
}

/** A paid order of the demo catalogue's first fabric to Lakshadweep, and its invoice job. */
async function paidOrderWithInvoiceJob(): Promise<{ number: string; orderId: number }> {
  const number = `RT-G1-${Date.now().toString(36).toUpperCase()}`;
  const orderId = await withDatabase(async (client) => {
    const { rows: products } = await client.query<{ id: number; name: string }>(
      `select p.id, p.name from products p join categories c on c.id = p.category_id
       where c.slug = 'fabrics' order by p.id limit 1`,
    );
    const { rows: orders } = await client.query<{ id: number }>(
      `insert into orders (number, status, amount_paise, customer_name, email, phone,
         address, city, state, pincode, provider, paid_at)
       values ($1, 'paid', 315000, 'Aisha Koya', 'aisha@example.com', '+919876543210',
         '4 Beach Road', 'Kavaratti', 'Lakshadweep', '682555', 'sandbox', now())
       returning id`,
      [number],
    );
    await client.query(
      `insert into order_lines (order_id, product_id, name, unit_price_paise, quantity)
       values ($1, $2, $3, 105000, 3)`,
      [orders[0]!.id, products[0]!.id, products[0]!.name],
    );
    await client.query(
      `insert into jobs (kind, payload, dedupe_key) values ('invoice.issue', $1, $2)`,
      [JSON.stringify({ orderId: orders[0]!.id }), `invoice:order:${orders[0]!.id}`],
    );
    return orders[0]!.id;
  });
  return { number, orderId };
}

test('an administrator filters the register by month and downloads its GSTR-1 b2cs sheet', async ({
  page,
  request,
}) => {
  test.slow();
  const { number, orderId } = await paidOrderWithInvoiceJob();
  const month = thisMonth();
  const adminEmail = uniqueEmail('gstr1-owner');
  await createAccount(request, { name: 'Shop Owner', email: adminEmail, password, admin: true });
  await page.goto('/login');
  await signIn(page, adminEmail, password);
  await expect(page).toHaveURL(/\/admin$/);

  await page
    .getByRole('navigation', { name: 'Back office' })
    .getByRole('link', { name: 'Invoices' })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: 'Invoices' })).toBeVisible();
  await page.getByLabel('Period').selectOption({ label: month.label });
  await page.getByRole('button', { name: 'Show' }).click();
  await expect(page).toHaveURL(new RegExp(`period=${month.value}`));
  await expect(page.getByText(`in ${month.label}`)).toBeVisible();
  // The server's worker issues the invoice within a poll or two.
  const orderLink = page.getByRole('link', { name: number });
  await expect(async () => {
    await page.reload();
    await expect(orderLink.first()).toBeVisible({ timeout: 1_000 });
  }).toPass();

  // The invoice's rate and taxable value, as issued.
  const issued = await withDatabase(async (client) => {
    const { rows } = await client.query<{ rate: number; taxable: number }>(
      `select (document #>> '{lines,0,ratePercent}')::numeric as rate,
              (document #>> '{totals,taxablePaise}')::bigint as taxable
       from invoices where order_id = $1 and kind = 'invoice'`,
      [orderId],
    );
    return { rate: Number(rows[0]!.rate), taxable: Number(rows[0]!.taxable) };
  });

  const gstr1 = page.getByRole('region', { name: `GSTR-1 for ${month.label}` });
  await expect(gstr1).toBeVisible();
  const downloading = page.waitForEvent('download');
  await gstr1.getByRole('link', { name: /^b2cs: / }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(`gstr1-${month.value}-b2cs.csv`);
  const bytes = await fs.readFile((await download.path())!);
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const lines = bytes.subarray(3).toString('utf8').split('\r\n');
  expect(lines[0]).toBe(
    'Type,Place Of Supply,Applicable % of Tax Rate,Rate,Taxable Value,Cess Amount,E-Commerce GSTIN',
  );
  expect(lines).toContain(`OE,31-Lakshadweep,,${issued.rate},${issued.taxable / 100},0,`);
});
