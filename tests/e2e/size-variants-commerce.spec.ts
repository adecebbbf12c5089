/**
 * Ready-to-wear sizes as variants, end to end (issue 29 item 2, decision "size variants"):
 * staff give a kurta size M at ₹2,200 with 1 in stock and size L at ₹2,400 in the product
 * form's sizes table; a shopper sees ₹2,400 on choosing L, buys M at ₹2,200 and pays in the
 * sandbox; the last M is taken from its own stock (L's is untouched), the order keeps its SKU,
 * and the product page then shows M as sold out and will not add it.
 */
import { expect, test, type Page } from '@playwright/test';
import {
  createAccount,
  rupeesFromText,
  signedInPage,
  uniqueClientIp,
  uniqueEmail,
  withDatabase,
} from './support';

const password = 'sizes-and-skus-2026';

test.beforeEach(async ({ context }) => {
  await context.setExtraHTTPHeaders({ 'X-Forwarded-For': uniqueClientIp() });
});

async function expectToast(page: Page, title: string) {
  await expect(page.getByRole('listitem').filter({ hasText: title }).first()).toBeVisible();
}

/** The product page's price under its heading (related cards below show prices too). */
const shownPrice = (page: Page) => page.getByText(/^₹[\d,]+$/).first();

/**
 * Chooses a size chip: its radio is visually hidden inside the chip's label, which takes the
 * pointer, so the check is forced onto the radio the label names.
 */
const chooseSize = (page: Page, name: string) =>
  page.getByRole('radio', { name, exact: true }).check({ force: true });

test('staff price sizes M and L apart; a shopper buys the last M at ₹2,200 and M then shows sold out', async ({
  request,
  browser,
}) => {
  // Two browsers, a product save, checkout and payment: a slow path on 2 cores.
  test.slow();
  const adminEmail = uniqueEmail('sizes-admin');
  await createAccount(request, { name: 'Hetal Shah', email: adminEmail, password, admin: true });
  const staff = await signedInPage(browser, adminEmail, password);
  const name = `Silk Kurta Blue ${Date.now().toString(36)}`;
  await staff.goto('/admin/products/new');
  await staff.getByLabel('Name', { exact: true }).fill(name);
  await staff.getByLabel('Category', { exact: true }).selectOption({ label: 'Ready to Wear' });
  await staff.getByLabel('Subcategory', { exact: true }).selectOption({ label: 'Shirts' });
  await staff.getByLabel('Price in rupees (₹)').fill('2,000');
  await staff.getByRole('button', { name: 'Add a size' }).click();
  await staff.getByLabel('Size of row 1').fill('M');
  await staff.getByLabel('Price of row 1 (₹)').fill('2,200');
  await staff.getByLabel('Stock of row 1').fill('1');
  await staff.getByRole('button', { name: 'Add a size' }).click();
  await staff.getByLabel('Size of row 2').fill('L');
  await staff.getByLabel('Price of row 2 (₹)').fill('2,400');
  await staff.getByRole('button', { name: 'Create product' }).click();
  await expect(staff.getByText(`Product "${name}" created.`)).toBeVisible({ timeout: 15_000 });
  await expect(staff).toHaveURL(/\/admin\/products\/\d+$/);
  const productId = Number(/(\d+)$/.exec(staff.url())![1]);
  // The save made each size's SKU from the slug and the size.
  const slug = name.toLowerCase().replace(/[^a-z0-9]+/g, '-');
  await expect(staff.getByLabel('SKU of row 1')).toHaveValue(`${slug.toUpperCase()}-M`);
  await expect(staff.getByLabel('SKU of row 2')).toHaveValue(`${slug.toUpperCase()}-L`);
  await staff.context().close();

  const email = uniqueEmail('sizes-shopper');
  await createAccount(request, { name: 'Nirav Patel', email, password });
  const shopper = await signedInPage(browser, email, password);
  await shopper.goto(`/product/${productId}`);
  await expect(shopper.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(shownPrice(shopper)).toHaveText('₹2,200');
  await chooseSize(shopper, 'L');
  await expect(shownPrice(shopper)).toHaveText('₹2,400');
  await chooseSize(shopper, 'M');
  await expect(shownPrice(shopper)).toHaveText('₹2,200');
  await shopper.getByRole('button', { name: 'Add to Cart', exact: true }).click();
  await expectToast(shopper, 'Added to cart');

  await shopper.getByRole('button', { name: /^Cart, \d+ items?$/ }).click();
  const drawer = shopper.getByRole('dialog', { name: 'Your Cart' });
  await expect(drawer.getByRole('link', { name })).toBeVisible();
  await expect(drawer.getByText('₹2,200').first()).toBeVisible();
  await drawer.getByRole('button', { name: 'Proceed to Checkout' }).click();

  await expect(shopper).toHaveURL(/\/checkout$/);
  const form = shopper.getByRole('form', { name: 'Delivery details' });
  await form.getByLabel('Phone').fill('98250 12345');
  await form.getByLabel('Address line 1').fill('4 Yagnik Road');
  await form.getByLabel('City').fill('Rajkot');
  await form.getByLabel('State').selectOption('Gujarat');
  await form.getByLabel('PIN code').fill('360001');
  // Collected from the shop: the amount is the kurta's alone (shipping has its own spec).
  await form.getByRole('radio', { name: 'Collect from the shop' }).check();
  const pay = form.getByRole('button', { name: /^Pay ₹/ });
  expect(rupeesFromText((await pay.textContent()) ?? '')).toBe(2_200);
  await pay.click();
  const sandbox = shopper.getByRole('dialog', { name: 'Sandbox payment' });
  await expect(sandbox).toContainText('₹2,200');
  await sandbox.getByRole('button', { name: 'Pay', exact: true }).click();
  await expectToast(shopper, 'Payment successful');

  // The last M was taken from its own stock, L's untouched; the order line keeps the SKU.
  const stored = await withDatabase(async (client) => {
    const sizes = await client.query<{ size: string; stock: number | null }>(
      'select size, stock from product_variants where product_id = $1 order by position',
      [productId],
    );
    const lines = await client.query<{ sku: string; unit_price_paise: number }>(
      'select sku, unit_price_paise from order_lines where product_id = $1',
      [productId],
    );
    return { sizes: sizes.rows, lines: lines.rows };
  });
  expect(stored.sizes).toEqual([
    { size: 'M', stock: 0 },
    { size: 'L', stock: null },
  ]);
  expect(stored.lines).toEqual([{ sku: `${slug.toUpperCase()}-M`, unit_price_paise: 220_000 }]);

  await shopper.goto(`/product/${productId}`);
  // L, still on sale, is chosen first; M says it is sold out and cannot be added.
  await expect(shownPrice(shopper)).toHaveText('₹2,400');
  await expect(shopper.getByRole('radio', { name: 'M (sold out)' })).toBeVisible();
  await chooseSize(shopper, 'M (sold out)');
  await expect(shownPrice(shopper)).toHaveText('₹2,200');
  await expect(shopper.getByText('Size M is sold out. Please choose another size.')).toBeVisible();
  await expect(shopper.getByRole('button', { name: 'Add to Cart', exact: true })).toBeDisabled();
  await shopper.context().close();
});
