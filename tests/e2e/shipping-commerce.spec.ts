/**
 * Shipping and pickup end to end at 375 px (issue 32 item 2 "Done when"): the product page's
 * pincode check for 400001 gives a date and a charge; a ₹1,500 order to Mumbai pays shipping;
 * a ₹6,000 one ships free; a pickup order pays no shipping.
 */
import { expect, test, type Page } from '@playwright/test';
import {
  addToCartFromProductPage,
  createAccount,
  insertProductInSizeM,
  runTag,
  signIn,
  uniqueClientIp,
  uniqueEmail,
} from './support';

const password = 'A-long-shipping-passphrase-32';

test.use({ viewport: { width: 375, height: 812 } });

test.beforeEach(async ({ context }) => {
  await context.setExtraHTTPHeaders({ 'X-Forwarded-For': uniqueClientIp() });
});

/** Fills the checkout for Mumbai, picks the delivery, checks the summary, pays in the sandbox. */
async function checkout(
  page: Page,
  delivery: 'Ship to me' | 'Collect from the shop',
  expected: { shipping: string; pay: string },
) {
  await page.goto('/checkout');
  const form = page.getByRole('form', { name: 'Delivery details' });
  await form.getByLabel('Phone').fill('98250 12345');
  await form.getByLabel('Address line 1').fill('4 Marine Drive');
  await form.getByLabel('City').fill('Mumbai');
  await form.getByLabel('State').selectOption('Maharashtra');
  await form.getByLabel('PIN code').fill('400001');
  await form.getByRole('radio', { name: delivery }).check();
  const summary = page.getByRole('region', { name: 'Order summary' });
  await expect(
    summary.getByRole('definition').filter({ hasText: expected.shipping }),
  ).toBeVisible();
  await expect(summary.getByText('Shipping', { exact: true })).toBeVisible();
  await form.getByRole('button', { name: `Pay ${expected.pay}` }).click();
  await page
    .getByRole('dialog', { name: 'Sandbox payment' })
    .getByRole('button', { name: 'Pay', exact: true })
    .click();
  await expect(page.getByRole('heading', { name: 'Your order is confirmed' })).toBeVisible();
  // The order's page has the charge as a row of its own.
  const row = delivery === 'Ship to me' ? 'Shipping' : 'Collect from the shop';
  await expect(page.getByText(row, { exact: true })).toBeVisible();
}

test('the pincode check, a ₹1,500 order paying shipping, a ₹6,000 one free, a pickup free', async ({
  page,
  request,
}) => {
  test.slow();
  const run = runTag();
  const kurta = await insertProductInSizeM('ready-to-wear', `Shipping kurta ${run}`, 150_000);
  const sherwani = await insertProductInSizeM('ready-to-wear', `Shipping sherwani ${run}`, 600_000);

  // The product page's check: a date and the rest-of-India charge for 600 g (₹130).
  await page.goto(`/product/${kurta}`);
  const check = page.getByRole('region', { name: 'Delivery' });
  await check.getByLabel('PIN code').fill('400001');
  await check.getByRole('button', { name: 'Check' }).click();
  await expect(check.getByRole('status')).toHaveText(
    /^Delivery by \w+day, \d{1,2} \w+ 20\d\d, ₹130$/,
  );
  await expect(check.getByText('Collect from the shop in Rajkot: free')).toBeVisible();
  await check.getByLabel('PIN code').fill('999999');
  await check.getByRole('button', { name: 'Check' }).click();
  await expect(check.getByRole('status')).toHaveText('Not deliverable to this pincode');

  const email = uniqueEmail('shipping');
  await createAccount(request, { name: 'Hetal Shah', email, password });
  await page.goto('/login');
  await signIn(page, email, password);
  await expect(page).not.toHaveURL(/\/login/);

  await addToCartFromProductPage(page, kurta);
  await checkout(page, 'Ship to me', { shipping: '₹130', pay: '₹1,630' });

  await addToCartFromProductPage(page, sherwani);
  await checkout(page, 'Ship to me', { shipping: 'Free', pay: '₹6,000' });

  await addToCartFromProductPage(page, kurta);
  await checkout(page, 'Collect from the shop', { shipping: 'Free', pay: '₹1,500' });
});
