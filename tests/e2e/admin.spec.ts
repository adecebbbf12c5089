import { expect, test, type Browser, type Page } from '@playwright/test';
import fs from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import {
  createAccount,
  signIn,
  signedInPage,
  uniqueClientIp,
  uniqueEmail,
  withDatabase,
} from './support';

const password = 'A-long-shop-owner-passphrase-1987';

// These tests change the one shared catalogue (a new category, the order of categories): run
// them one after another, so a reorder never meets a category another test just created.
test.describe.configure({ mode: 'default' });

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
  // Two browsers, uploads and several saves: more than the default 30 s on a busy CI machine.
  test.slow();
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
  // Two browsers, uploads and several saves: more than the default 30 s on a busy CI machine.
  test.slow();
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
  // Two browsers, uploads and several saves: more than the default 30 s on a busy CI machine.
  test.slow();
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
    await popup.waitForURL('https://wa.me/**');
    expect(new URL(popup.url()).pathname).toBe('/919825067890');
    await popup.close();
  } finally {
    await page.goto('/admin/settings');
    await page.getByLabel('Enquiry WhatsApp number').fill(previous);
    await page.getByRole('button', { name: 'Save settings' }).click();
    await expect(page.getByText('Settings saved. The shop shows them now.')).toBeVisible();
  }
});

/** A signed-in shopper in a browser context of their own. */
async function shopperPage(browser: Browser, request: Parameters<typeof createAccount>[0]) {
  const email = uniqueEmail('shopper');
  await createAccount(request, { name: 'Hetal Shah', email, password });
  const context = await browser.newContext({
    extraHTTPHeaders: { 'X-Forwarded-For': uniqueClientIp() },
  });
  const page = await context.newPage();
  await page.goto('/login');
  await signIn(page, email, password);
  await expect(page).toHaveURL(/\/$/);
  return { page, email };
}

test('a product created with a photo is on its listing; a new price shows on its page and in a shopper’s cart', async ({
  page,
  request,
  browser,
}) => {
  // Two browsers, uploads and several saves: more than the default 30 s on a busy CI machine.
  test.slow();
  await signedInAdmin(page, request);
  const name = `Kathiawadi Safa Cotton ${Date.now().toString(36)}`;
  const photo = await sharp({
    create: { width: 1200, height: 1500, channels: 3, background: '#b3541e' },
  })
    .jpeg({ quality: 80 })
    .toBuffer();

  await page.goto('/admin/products/new');
  await page.getByLabel('Name', { exact: true }).fill(name);
  await page.getByLabel('Category', { exact: true }).selectOption({ label: 'Fabrics' });
  await page.getByLabel('Subcategory', { exact: true }).selectOption({ label: 'Cotton' });
  await page.getByLabel('Price in rupees (₹)').fill('1,499');
  await page.getByLabel('Add photos').setInputFiles({
    name: 'safa.jpg',
    mimeType: 'image/jpeg',
    buffer: photo,
  });
  await page.getByRole('button', { name: 'Create product' }).click();
  await expect(page.getByText(`Product "${name}" created.`)).toBeVisible({ timeout: 15_000 });
  await expect(page).toHaveURL(/\/admin\/products\/\d+$/);
  const productPath = `/product/${/(\d+)$/.exec(page.url())![1]}`;

  const shopper = await shopperPage(browser, request);
  await shopper.page.goto('/category?subcategory=cotton');
  await expect(shopper.page.getByRole('heading', { name })).toBeVisible();
  await shopper.page.goto(productPath);
  await expect(shopper.page.getByRole('heading', { level: 1, name })).toBeVisible();
  const image = shopper.page.getByRole('img', { name });
  await expect(image).toBeVisible();
  await expect
    .poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
    .toBeGreaterThan(0);
  await expect(shopper.page.getByText('₹1,499').first()).toBeVisible();
  await shopper.page.getByRole('button', { name: 'Add to Cart', exact: true }).click();
  await expect(shopper.page.getByText('Added to cart')).toBeVisible();

  await page.getByLabel('Price in rupees (₹)').fill('1,299');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText(`Product "${name}" saved.`)).toBeVisible();

  await shopper.page.reload();
  await expect(shopper.page.getByText('₹1,299').first()).toBeVisible();
  await expect(shopper.page.getByText('₹1,499')).toHaveCount(0);
  await shopper.page.getByRole('button', { name: /^Cart, \d+ items?$/ }).click();
  const drawer = shopper.page.getByRole('dialog', { name: 'Your Cart' });
  await expect(drawer.getByRole('link', { name })).toBeVisible();
  await expect(drawer.getByText('₹1,299').first()).toBeVisible();
  await expect(drawer.getByText('₹1,499')).toHaveCount(0);
  await shopper.page.context().close();
});

test('an order moved through fulfilment shows its new step in the shopper’s order history', async ({
  page,
  request,
  browser,
}) => {
  // Two browsers, uploads and several saves: more than the default 30 s on a busy CI machine.
  test.slow();
  const shopper = await shopperPage(browser, request);
  const number = `RT-E2E-${Date.now().toString(36).toUpperCase()}`;
  await withDatabase(async (db) => {
    const { rows } = await db.query(`select id from "user" where email = $1`, [shopper.email]);
    const order = await db.query(
      `insert into orders (number, user_id, status, amount_paise, customer_name, email, phone,
         address, city, state, pincode, provider, paid_at)
       values ($1, $2, 'paid', 245000, 'Hetal Shah', $3, '9876543210', '44 Kalawad Road',
         'Rajkot', 'Gujarat', '360005', 'sandbox', now()) returning id`,
      [number, rows[0].id, shopper.email],
    );
    await db.query(
      `insert into order_lines (order_id, name, size, color, unit_price_paise, quantity)
       values ($1, 'Wedding Sherwani – Maroon', '40', 'Maroon', 245000, 1)`,
      [order.rows[0].id],
    );
  });

  await signedInAdmin(page, request);
  await page.goto('/admin/orders');
  await page.getByLabel('Search orders').fill(number);
  await page.getByRole('button', { name: 'Search' }).click();
  await page.getByRole('link', { name: number }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: `Order ${number}` })).toBeVisible();
  await page.getByLabel('Move to').selectOption({ label: 'Confirmed' });
  await page.getByRole('button', { name: 'Update status' }).click();
  await expect(page.getByText(`Order ${number} is now at Confirmed.`)).toBeVisible();
  await page.getByLabel('Move to').selectOption({ label: 'Cutting (skips a step)' });
  await page.getByRole('button', { name: 'Update status' }).click();
  await expect(page.getByText(`Order ${number} is now at Cutting.`)).toBeVisible();
  await expect(page.getByLabel('Move to').getByRole('option', { name: /Measuring/ })).toHaveCount(
    0,
  );

  await shopper.page.goto('/account/orders');
  const row = shopper.page.getByRole('row').filter({ hasText: number });
  await expect(row.getByText('Cutting', { exact: true })).toBeVisible();
  await expect(
    row.getByText('Your fabric is being cut by hand to your measurements.'),
  ).toBeVisible();
  await shopper.page.context().close();
});

test('photos and a video uploaded together show in a shopper’s open gallery without reload; a fake file is refused; edits and deletes follow', async ({
  page,
  request,
  browser,
}) => {
  // Two browsers, three uploads with variants rendered: more than 30 s on a busy CI machine.
  test.slow();
  await signedInAdmin(page, request);
  const tag = Date.now().toString(36);
  const titles = {
    photo: `Bandhgala fitting ${tag}`,
    second: `Zari border ${tag}`,
    video: `Showroom walk ${tag}`,
  };
  const jpeg = (background: string) =>
    sharp({ create: { width: 1200, height: 900, channels: 3, background } })
      .jpeg({ quality: 80 })
      .toBuffer();
  const mp4 = await fs.readFile(
    path.join(
      'scripts/seed-assets/videos',
      (await fs.readdir('scripts/seed-assets/videos')).find((name) => name.endsWith('.mp4'))!,
    ),
  );

  const shopper = await (await browser.newContext()).newPage();
  const stream = shopper.waitForResponse((response) => response.url().endsWith('/api/events'));
  await shopper.goto('/gallery');
  await stream;
  await expect(shopper.getByRole('heading', { name: titles.photo })).toHaveCount(0);

  await page
    .getByRole('navigation', { name: 'Back office' })
    .getByRole('link', { name: 'Media' })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: 'Media' })).toBeVisible();
  await page.getByLabel('Choose images or videos').setInputFiles([
    { name: 'bandhgala-fitting.jpg', mimeType: 'image/jpeg', buffer: await jpeg('#3b2f2f') },
    { name: 'zari_border.jpg', mimeType: 'image/jpeg', buffer: await jpeg('#c9a227') },
    { name: 'showroom-walk.mp4', mimeType: 'video/mp4', buffer: mp4 },
    { name: 'not-a-photo.jpg', mimeType: 'image/jpeg', buffer: Buffer.from('just some text') },
  ]);
  const files = page.getByRole('list', { name: 'Files to upload' });
  await expect(files.getByRole('listitem')).toHaveCount(4);
  // Titles come from the file names and can be changed before sending.
  await expect(files.getByLabel('Title').nth(1)).toHaveValue('Zari border');
  await files.getByLabel('Title').nth(0).fill(titles.photo);
  await files.getByLabel('Title').nth(1).fill(titles.second);
  await files.getByLabel('Title').nth(2).fill(titles.video);
  await files.getByLabel('Description').nth(0).fill('A <b>fitting</b> in the shop');
  await page.getByLabel('Category').first().selectOption({ label: 'Fabrics' });
  await page.getByLabel('Video section').selectOption({ label: 'Store Visit' });
  await page.getByRole('button', { name: 'Upload 4 files' }).click();

  await expect(files.getByText(`${titles.photo}: uploaded`)).toBeVisible({ timeout: 30_000 });
  await expect(files.getByText(`${titles.second}: uploaded`)).toBeVisible();
  await expect(files.getByText(`${titles.video}: uploaded`)).toBeVisible();
  await expect(
    files.getByText(/^Not a photo: This file is not an image we can read/),
  ).toBeVisible();
  await expect(
    page.getByText('3 of 4 files uploaded; see the messages beside the others.'),
  ).toBeVisible();

  // The shopper's gallery never reloaded: the new items are there within 5 s.
  const card = shopper.getByRole('link', { name: new RegExp(titles.photo) });
  await expect(card).toBeVisible({ timeout: 5_000 });
  await expect(card).toContainText('A <b>fitting</b> in the shop');
  await expect(card).toContainText('Fabrics');
  await expect(shopper.getByRole('heading', { name: titles.second })).toBeVisible();
  await shopper.getByRole('link', { name: 'Videos', exact: true }).click();
  await expect(shopper.getByRole('heading', { level: 2, name: 'Store Visit' })).toBeVisible();
  await expect(shopper.getByRole('heading', { name: titles.video })).toBeVisible();
  await shopper.getByRole('link', { name: 'All Media', exact: true }).click();
  await expect(shopper.getByRole('heading', { name: titles.second })).toBeVisible();

  // The admin's list shows them too; an edit and a delete reach the shopper as well.
  const list = page.getByRole('list', { name: 'Gallery items' });
  await expect(list.getByRole('heading', { name: titles.photo })).toBeVisible();
  await page.getByRole('button', { name: `Edit "${titles.second}"` }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit image' });
  await dialog.getByLabel('Title').fill(`${titles.second} (gold)`);
  await dialog.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText(`Saved "${titles.second} (gold)".`)).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(shopper.getByRole('heading', { name: `${titles.second} (gold)` })).toBeVisible({
    timeout: 5_000,
  });

  await page.getByRole('button', { name: `Delete "${titles.photo}"` }).click();
  const confirm = page.getByRole('alertdialog', { name: `Delete "${titles.photo}"?` });
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText(`Deleted "${titles.photo}" from the gallery.`)).toBeVisible();
  await expect(list.getByRole('heading', { name: titles.photo })).toHaveCount(0);
  await expect(shopper.getByRole('heading', { name: titles.photo })).toHaveCount(0, {
    timeout: 5_000,
  });
  await shopper.context().close();
});

test('the owner makes a person Workshop on their page; the workshop and the counter see only their screens and get 403 elsewhere', async ({
  page,
  request,
  browser,
}) => {
  await signedInAdmin(page, request);
  const tailor = uniqueEmail('tailor');
  await createAccount(request, { name: 'Ramesh Darji', email: tailor, password });
  const [{ id }] = (await withDatabase((client) =>
    client.query(`select id from "user" where email = $1`, [tailor]).then((result) => result.rows),
  )) as [{ id: string }];

  await page.goto(`/admin/customers/${id}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Ramesh Darji' })).toBeVisible();
  await page.getByRole('combobox', { name: 'Role' }).selectOption({ label: 'Workshop' });
  await page.getByRole('button', { name: 'Change role' }).click();
  await expect(page.getByText('Ramesh Darji’s role is now Workshop.')).toBeVisible();

  const workshop = await signedInPage(browser, tailor, password, { landing: /\/admin$/ });
  const menu = workshop.getByRole('navigation', { name: 'Back office' });
  await expect(menu.getByRole('link', { name: 'Dashboard' })).toBeVisible();
  await expect(menu.getByRole('link', { name: 'Workshop' })).toBeVisible();
  await expect(menu.getByRole('link', { name: 'Wages' })).toBeVisible();
  await expect(menu.getByRole('link')).toHaveCount(3);
  await expect(workshop.getByText('Choose a screen from the menu.')).toBeVisible();
  for (const path of ['/admin/invoices', '/admin/settings', '/admin/orders']) {
    const response = await workshop.goto(path);
    expect(response?.status(), path).toBe(403);
    await expect(
      workshop.getByRole('heading', { level: 1, name: 'You do not have access to this page.' }),
    ).toBeVisible();
  }

  const desk = uniqueEmail('counter');
  await createAccount(request, { name: 'Front Desk', email: desk, password });
  await withDatabase((client) =>
    client.query(`update "user" set role = 'counter' where email = $1`, [desk]),
  );
  const counter = await signedInPage(browser, desk, password, { landing: /\/admin$/ });
  const counterMenu = counter.getByRole('navigation', { name: 'Back office' });
  await expect(counterMenu.getByRole('link', { name: 'Orders' })).toBeVisible();
  await expect(counterMenu.getByRole('link', { name: 'Customers' })).toBeVisible();
  await expect(counterMenu.getByRole('link', { name: 'Settings' })).toHaveCount(0);
  expect((await counter.goto('/admin/settings'))?.status()).toBe(403);
});
