/**
 * Addresses that are real, in a browser at 375 px (issue 32 item 1): at checkout, PIN code
 * 110001 with the state Gujarat is refused with its message; 360001 fills the city, district
 * and state (Rajkot, Gujarat); an address saved at checkout shows in the address book.
 */
import { expect, test } from '@playwright/test';
import { addToCartFromProductPage, createAccount, signedInPage, uniqueEmail } from './support';

const password = 'address-pass-32';

test('the checkout checks the PIN code against the state and saves the address to the book', async ({
  browser,
  request,
}) => {
  test.slow();
  const email = uniqueEmail('address');
  await createAccount(request, { name: 'Hetal Shah', email, password });
  const page = await signedInPage(browser, email, password, {
    viewport: { width: 375, height: 812 },
  });
  await addToCartFromProductPage(page, 9);

  await page.goto('/checkout');
  const form = page.getByRole('form', { name: 'Delivery details' });
  await form.getByLabel('Phone').fill('98250 12345');
  await form.getByLabel('Address line 1').fill('12 Market Road');
  await form.getByLabel('Landmark (optional)').fill('Jubilee Garden');

  // A Delhi PIN code fills Delhi; choosing Gujarat again is refused, here and by the server.
  await form.getByLabel('PIN code').fill('110001');
  await expect(form.getByLabel('State')).toHaveValue('Delhi');
  await form.getByLabel('State').selectOption('Gujarat');
  const refusal = form.getByText('PIN code 110001 is in Delhi, not Gujarat');
  await expect(refusal).toBeVisible();
  await form.getByRole('button', { name: /^Pay ₹/ }).click();
  await expect(refusal).toBeVisible();
  await expect(page.getByRole('dialog', { name: 'Sandbox payment' })).toHaveCount(0);

  // Rajkot's PIN code fills the city, district and state.
  await form.getByLabel('PIN code').fill('360001');
  await expect(form.getByLabel('District')).toHaveValue('Rajkot');
  await expect(form.getByLabel('City')).toHaveValue('Rajkot');
  await expect(form.getByLabel('State')).toHaveValue('Gujarat');
  await expect(refusal).toHaveCount(0);
  await form.getByLabel('Save this address to my address book').check();
  await form.getByRole('button', { name: /^Pay ₹/ }).click();
  await expect(page.getByRole('dialog', { name: 'Sandbox payment' })).toBeVisible();

  await page.goto('/account/addresses');
  const book = page.getByRole('list', { name: 'Saved addresses' });
  await expect(book.getByRole('listitem')).toHaveCount(1);
  await expect(book).toContainText('12 Market Road');
  await expect(book).toContainText('Near Jubilee Garden');
  await expect(book).toContainText('Rajkot, Gujarat 360001');
  await expect(book.getByText('Default')).toBeVisible();
  await page.context().close();
});
