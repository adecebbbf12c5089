/**
 * One purchase, one order in the browser (issue 29 item 6): the sandbox payment fails once; the
 * shopper's order page offers "Pay now" and "Cancel"; checking out again opens the same order;
 * paying lands on the order's page saying it is confirmed; the account shows exactly one order,
 * and the dashboard counts one. A second purchase cancelled from its page is not listed.
 */
import { expect, test, type Page } from '@playwright/test';
import { createAccount, signedInPage, uniqueEmail } from './support';

const password = 'one-order-pass-29';

async function expectToast(page: Page, title: string) {
  await expect(page.getByRole('listitem').filter({ hasText: title }).first()).toBeVisible();
}

async function addToCart(page: Page, productId: number) {
  await page.goto(`/product/${productId}`);
  await page.getByRole('button', { name: 'Add to Cart', exact: true }).click();
  await expectToast(page, 'Added to cart');
}

/** Fills the checkout form, presses Pay and resolves to the order number the dialog shows. */
async function checkoutToSandbox(page: Page): Promise<string> {
  await page.goto('/checkout');
  const form = page.getByRole('form', { name: 'Delivery details' });
  await form.getByLabel('Phone').fill('98250 12345');
  await form.getByLabel('Address line 1').fill('12 Market Road');
  await form.getByLabel('City').fill('Rajkot');
  await form.getByLabel('State').selectOption('Gujarat');
  await form.getByLabel('PIN code').fill('360001');
  await form.getByRole('button', { name: /^Pay ₹/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Sandbox payment' });
  await expect(dialog).toBeVisible();
  const text = (await dialog.textContent()) ?? '';
  const number = /Order (RT-\d{6}-[2-9A-Z]{5})/.exec(text)?.[1];
  expect(number).toBeTruthy();
  return number!;
}

const sandboxButton = (page: Page, name: string) =>
  page.getByRole('dialog', { name: 'Sandbox payment' }).getByRole('button', { name, exact: true });

test('a failed then a successful payment leave one order, confirmed on its own page', async ({
  browser,
  request,
}) => {
  test.slow();
  const email = uniqueEmail('one-order');
  await createAccount(request, { name: 'Hetal Shah', email, password });
  const page = await signedInPage(browser, email, password);
  await addToCart(page, 9);

  const first = await checkoutToSandbox(page);
  await sandboxButton(page, 'Fail payment').click();
  await expectToast(page, 'Checkout failed');

  // The order waits for payment, with Pay now and Cancel on its page.
  await page.goto('/account/orders');
  await expect(page.getByRole('row')).toHaveCount(2);
  await expect(page.getByRole('row').nth(1)).toContainText('Awaiting payment');
  await page.getByRole('link', { name: first }).click();
  await expect(page.getByRole('heading', { name: `Order ${first}` })).toBeVisible();
  const awaiting = page.getByRole('region', { name: 'Awaiting payment' });
  await expect(awaiting.getByRole('button', { name: 'Pay now' })).toBeVisible();
  await expect(awaiting.getByRole('button', { name: 'Cancel' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'History' })).toContainText('Payment failed');

  // Checking out the same cart again opens the same order; paying lands on its page.
  expect(await checkoutToSandbox(page)).toBe(first);
  await sandboxButton(page, 'Pay').click();
  await expectToast(page, 'Payment successful');
  await expect(page).toHaveURL(new RegExp(`/account/orders/${first}$`));
  await expect(page.getByRole('heading', { name: 'Your order is confirmed' })).toBeVisible();
  await expect(page.getByText('What happens next')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Awaiting payment' })).toHaveCount(0);

  await page.goto('/account/orders');
  await expect(page.getByRole('row')).toHaveCount(2);
  await expect(page.getByRole('row').nth(1)).toContainText(first);
  await expect(page.getByRole('row').nth(1)).toContainText('Paid');
  await page.goto('/account');
  await expect(page.getByRole('link', { name: /Orders 1 order/ })).toBeVisible();
  await page.context().close();
});

test('Pay now pays an awaiting order from its page; Cancel cancels another', async ({
  browser,
  request,
}) => {
  test.slow();
  const email = uniqueEmail('pay-now');
  await createAccount(request, { name: 'Hetal Shah', email, password });
  const page = await signedInPage(browser, email, password);
  await addToCart(page, 10);
  const first = await checkoutToSandbox(page);
  await sandboxButton(page, 'Cancel').click();
  await expectToast(page, 'Payment cancelled');

  await page.goto(`/account/orders/${first}`);
  const awaiting = page.getByRole('region', { name: 'Awaiting payment' });
  await awaiting.getByRole('button', { name: 'Pay now' }).click();
  await expect(page.getByRole('dialog', { name: 'Sandbox payment' })).toContainText(first);
  await sandboxButton(page, 'Pay').click();
  await expectToast(page, 'Payment successful');
  await expect(page.getByRole('heading', { name: 'Your order is confirmed' })).toBeVisible();

  // A second purchase, cancelled by the shopper from its page, is not listed as an order.
  await addToCart(page, 11);
  const second = await checkoutToSandbox(page);
  expect(second).not.toBe(first);
  await sandboxButton(page, 'Cancel').click();
  await page.goto(`/account/orders/${second}`);
  await page
    .getByRole('region', { name: 'Awaiting payment' })
    .getByRole('button', { name: 'Cancel' })
    .click();
  await expect(page.getByRole('region', { name: 'Awaiting payment' })).toHaveCount(0);
  await expect(page.getByText('Cancelled', { exact: true })).toBeVisible();
  await expect(page.getByRole('region', { name: 'History' })).toContainText('Payment cancelled');
  await page.goto('/account/orders');
  await expect(page.getByRole('row')).toHaveCount(2);
  await expect(page.getByRole('row').nth(1)).toContainText(first);
  await page.goto('/account');
  await expect(page.getByRole('link', { name: /Orders 1 order/ })).toBeVisible();
  await page.context().close();
});
