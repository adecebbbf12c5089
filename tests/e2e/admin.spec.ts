import { expect, test, type Page } from '@playwright/test';
import { createAccount, signIn, uniqueEmail } from './support';

const password = 'A-long-shop-owner-passphrase-1987';

async function signedInAdmin(page: Page, request: Parameters<typeof createAccount>[0]) {
  const email = uniqueEmail('owner');
  await createAccount(request, { name: 'Shop Owner', email, password, admin: true });
  await page.goto('/login');
  await signIn(page, email, password);
  await expect(page).toHaveURL(/\/admin$/);
}

test('a category created in the back office appears in a shopper’s open navigation without reload, and deletes after a confirmation', async ({
  page,
  request,
  browser,
}) => {
  await signedInAdmin(page, request);
  const name = `Turban Studio ${Date.now().toString(36)}`;

  const shopper = await (await browser.newContext()).newPage();
  const stream = shopper.waitForResponse((response) => response.url().endsWith('/api/events'));
  await shopper.goto('/');
  await stream;
  const shopperNav = shopper.getByRole('navigation', { name: 'Main' });
  await shopperNav.getByRole('button', { name: 'Wardrobe' }).click();
  await expect(shopperNav.getByRole('link', { name: 'All Wardrobe' })).toBeVisible();
  await expect(shopperNav.getByRole('link', { name })).toHaveCount(0);

  await page
    .getByRole('navigation', { name: 'Back office' })
    .getByRole('link', { name: 'Categories' })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: 'Categories' })).toBeVisible();
  await page.getByRole('button', { name: 'New category' }).click();
  const dialog = page.getByRole('dialog', { name: 'New category' });
  await dialog.getByLabel('Name').fill(name);
  await expect(
    dialog.getByText(`Leave empty to use "${name.toLowerCase().replaceAll(' ', '-')}"`),
  ).toBeVisible();
  await expect(dialog.getByLabel('Active (shown in the shop)')).toBeChecked();
  await dialog.getByRole('button', { name: 'Create category' }).click();
  await expect(page.getByText(`Category "${name}" created.`)).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('heading', { level: 2, name })).toBeVisible();

  // The shopper's page never reloaded: the navigation follows within 5 s.
  await expect(shopperNav.getByRole('link', { name })).toBeVisible({ timeout: 5_000 });

  await page.getByRole('button', { name: `Delete ${name}` }).click();
  const confirm = page.getByRole('alertdialog', { name: `Delete ${name}?` });
  await expect(confirm).toContainText('This cannot be undone.');
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText(`"${name}" deleted.`)).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name })).toHaveCount(0);
  await expect(shopperNav.getByRole('link', { name })).toHaveCount(0, { timeout: 5_000 });
  await shopper.context().close();
});

test('categories reorder with the Move buttons, the order stays after reload, and a category with products cannot be deleted', async ({
  page,
  request,
}) => {
  await signedInAdmin(page, request);
  await page.goto('/admin/categories');
  const list = page.getByRole('list', { name: 'Categories' });
  const headings = list.getByRole('heading', { level: 2 });
  const before = await headings.allTextContents();
  expect(before.length).toBeGreaterThan(2);
  const [first, second] = before as [string, string];

  await page.getByRole('button', { name: `Move ${second} up` }).click();
  await expect(page.getByText('New order saved.')).toBeVisible();
  await expect(headings.first()).toHaveText(second);
  await page.reload();
  await expect(headings.nth(0)).toHaveText(second);
  await expect(headings.nth(1)).toHaveText(first);
  await expect(page.getByRole('button', { name: `Move ${second} up` })).toBeDisabled();

  // Put it back for the other tests.
  await page.getByRole('button', { name: `Move ${first} up` }).click();
  await expect(page.getByText('New order saved.')).toBeVisible();
  await expect(headings.first()).toHaveText(first);

  await page.getByRole('button', { name: `Delete ${first}` }).click();
  const confirm = page.getByRole('alertdialog', { name: `Delete ${first}?` });
  await expect(confirm).toContainText('it cannot be deleted until they are moved or deleted');
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText(new RegExp(`"${first}" still has \\d+ products`))).toBeVisible();
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(headings.first()).toHaveText(first);
});

test('a new enquiry WhatsApp number in the settings is the one product enquiries open at once', async ({
  page,
  request,
  context,
}) => {
  await signedInAdmin(page, request);
  await context.route('https://wa.me/**', (route) =>
    route.fulfill({ body: 'chat', contentType: 'text/plain' }),
  );
  await page.goto('/admin/settings');
  await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
  const enquiryNumber = page.getByLabel('Enquiry WhatsApp number');
  const previous = await enquiryNumber.inputValue();

  await enquiryNumber.fill('12345');
  await page.getByRole('button', { name: 'Save settings' }).click();
  await expect(
    page
      .getByText(
        'Please enter the enquiry WhatsApp number with its country code, like +91 98765 43210.',
      )
      .first(),
  ).toBeVisible();
  await expect(enquiryNumber).toHaveAttribute('aria-invalid', 'true');

  await enquiryNumber.fill('98250 67890');
  await page.getByRole('button', { name: 'Save settings' }).click();
  await expect(page.getByText('Settings saved. The shop shows them now.')).toBeVisible();

  try {
    await page.goto('/product/1');
    await page.getByRole('button', { name: 'Enquire on WhatsApp' }).click();
    const dialog = page.getByRole('dialog', { name: 'Enquire about this product' });
    await dialog.getByLabel('Your name').fill('Ravi Patel');
    await dialog.getByLabel('Phone number').fill('98250 12345');
    const popupPromise = page.waitForEvent('popup');
    await dialog.getByRole('button', { name: 'Send Enquiry' }).click();
    const popup = await popupPromise;
    expect(new URL(popup.url()).pathname).toBe('/919825067890');
    await popup.close();
  } finally {
    await page.goto('/admin/settings');
    await page.getByLabel('Enquiry WhatsApp number').fill(previous);
    await page.getByRole('button', { name: 'Save settings' }).click();
    await expect(page.getByText('Settings saved. The shop shows them now.')).toBeVisible();
  }
});
