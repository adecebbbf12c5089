/**
 * Cloth sold by the metre, end to end (issue 29 item 2): a shopper picks 3.50 m of the demo's
 * Irish linen (₹3,200 a metre) with the product page's "Length (m)" chooser; the cart drawer,
 * the checkout and the order page show "3.50 m × ₹3,200 a metre" and ₹11,200; the sandbox's
 * Pay makes the order paid, its stock goes down by 350 cm, and the tax invoice PDF, read back,
 * prints the cut as "3.50 MTR".
 */
import { expect, test, type Page } from '@playwright/test';
import { extractText, getDocumentProxy } from 'unpdf';
import {
  createAccount,
  rupeesFromText,
  signIn,
  uniqueClientIp,
  uniqueEmail,
  withDatabase,
} from './support';

const password = 'cut-to-length-2026';

test.beforeEach(async ({ context }) => {
  await context.setExtraHTTPHeaders({ 'X-Forwarded-For': uniqueClientIp() });
});

async function expectToast(page: Page, title: string) {
  await expect(page.getByRole('listitem').filter({ hasText: title }).first()).toBeVisible();
}

/** The demo's Irish linen: its id and stock in cm (given enough for this run). */
async function irishLinen(): Promise<{ id: number; stock: number }> {
  return withDatabase(async (client) => {
    const { rows } = await client.query<{ id: number; stock: number }>(
      `update products set stock = greatest(coalesce(stock, 0), 5000)
       where name like 'Irish Linen Shirting%' and sale_unit = 'metre'
       returning id, stock`,
    );
    expect(rows).toHaveLength(1);
    return rows[0]!;
  });
}

test('3.50 m of a ₹3,200-a-metre linen costs ₹11,200, is paid, and is invoiced as 3.50 MTR', async ({
  page,
  request,
}) => {
  // Sign-in, product page, cart, checkout, payment and the invoice job: a slow path on 2 cores.
  test.slow();
  const linen = await irishLinen();
  const email = uniqueEmail('metre');
  await createAccount(request, { name: 'Kiran Joshi', email, password });
  await page.goto('/login');
  await signIn(page, email, password);
  await expect(page).toHaveURL(/\/$/);

  await page.goto(`/product/${linen.id}`);
  // The price is a metre's (related cards below say 'a metre' too: the first is the product's).
  await expect(page.getByText('₹3,200 a metre', { exact: true }).first()).toBeVisible();
  // The length is chosen as a length, not as a "Size".
  await expect(page.getByRole('radiogroup', { name: /^Size/ })).toHaveCount(0);
  await page.getByLabel('Length (m)').selectOption('3.50');
  await expect(page.getByText('3.50 m × ₹3,200 a metre = ₹11,200')).toBeVisible();
  await page.getByRole('button', { name: 'Add to Cart', exact: true }).click();
  await expectToast(page, 'Added to cart');

  await page.getByRole('button', { name: /^Cart, \d+ items?$/ }).click();
  const drawer = page.getByRole('dialog', { name: 'Your Cart' });
  await expect(drawer.getByText('3.50 m × ₹3,200 a metre')).toBeVisible();
  await expect(drawer.getByText('₹11,200').first()).toBeVisible();
  await drawer.getByRole('button', { name: 'Proceed to Checkout' }).click();

  await expect(page).toHaveURL(/\/checkout$/);
  const summary = page.getByRole('region', { name: 'Order summary' });
  await expect(summary).toContainText('3.50 m × ₹3,200 a metre');
  await expect(summary).toContainText('₹11,200');
  const form = page.getByRole('form', { name: 'Delivery details' });
  await form.getByLabel('Phone').fill('98250 12345');
  await form.getByLabel('Address line 1').fill('4 Yagnik Road');
  await form.getByLabel('City').fill('Rajkot');
  await form.getByLabel('State').selectOption('Gujarat');
  await form.getByLabel('PIN code').fill('360001');
  const pay = form.getByRole('button', { name: /^Pay ₹/ });
  expect(rupeesFromText((await pay.textContent()) ?? '')).toBe(11_200);
  await pay.click();
  const sandbox = page.getByRole('dialog', { name: 'Sandbox payment' });
  await expect(sandbox).toContainText('₹11,200');
  await sandbox.getByRole('button', { name: 'Pay', exact: true }).click();
  await expectToast(page, 'Payment successful');

  await page.goto('/account/orders');
  const row = page.getByRole('row').nth(1);
  await expect(row).toContainText('Paid');
  await expect(row).toContainText('₹11,200');
  const number = (await row.getByRole('link').textContent())!;
  await row.getByRole('link').click();
  await expect(page.getByRole('heading', { level: 1, name: `Order ${number}` })).toBeVisible();
  await expect(page.getByText('3.50 m × ₹3,200 a metre × 1')).toBeVisible();

  const stock = await withDatabase(async (client) => {
    const { rows } = await client.query<{ stock: number }>(
      'select stock from products where id = $1',
      [linen.id],
    );
    return rows[0]!.stock;
  });
  expect(stock).toBe(linen.stock - 350);

  const download = page.getByRole('link', { name: /^Download tax invoice / });
  // The server's worker issues the invoice within a poll or two.
  await expect(async () => {
    await page.reload();
    await expect(download).toBeVisible({ timeout: 1_000 });
  }).toPass();
  const pdf = await page.request.get((await download.getAttribute('href'))!);
  expect(pdf.status()).toBe(200);
  const { text } = await extractText(await getDocumentProxy(new Uint8Array(await pdf.body())), {
    mergePages: true,
  });
  const flat = text.replace(/\s+/g, ' ');
  expect(flat).toContain('Irish Linen Shirting');
  expect(flat).toContain('3.50 MTR');
  expect(flat).toContain('3,200.00 a metre');
  expect(flat).toContain('11,200.00');
});
