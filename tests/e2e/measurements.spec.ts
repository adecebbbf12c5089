/**
 * Measurement profiles in the browser (issue 20 item 3): an administrator records a client's
 * shirt measurements, the shopper whose verified e-mail matches the record sees version 1 in
 * /account/measurements (at 375 px); an out-of-range value is refused with its message; an
 * edit makes version 2 and the history shows the difference; the card PDF holds the values.
 */
import { expect, request as playwrightRequest, test } from '@playwright/test';
import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import { extractText, getDocumentProxy } from 'unpdf';
import {
  createAccount,
  signIn,
  signedInPage,
  uniqueClientIp,
  uniqueEmail,
  withDatabase,
} from './support';

const password = 'a-long-e2e-password-42';

// The embedded database's wire port takes one connection at a time: the two tests take turns.
test.describe.configure({ mode: 'serial' });

const shirt: Record<string, string> = {
  Neck: '39',
  Chest: '102.5',
  Waist: '90',
  Seat: '100',
  Shoulder: '46',
  Sleeve: '63',
  Cuff: '24',
  Length: '76',
  Bicep: '33',
};

test('an admin records measurements, the shopper sees them, an edit makes version 2', async ({
  browser,
  request,
}) => {
  test.slow();
  const adminEmail = uniqueEmail('tailor');
  const shopperEmail = uniqueEmail('client');
  await createAccount(request, { name: 'Master Tailor', email: adminEmail, password, admin: true });
  await createAccount(request, { name: 'Asha Patel', email: shopperEmail, password });
  const clientId = await withDatabase(async (client) => {
    const { rows } = await client.query<{ id: number }>(
      `insert into customers (name, phone, email) values ($1, $2, $3) returning id`,
      ['Asha Patel', '+919825012345', shopperEmail],
    );
    return rows[0]!.id;
  });

  const admin = await signedInPage(browser, adminEmail, password, { landing: /\/admin$/ });
  await admin.goto(`/admin/customers/${clientId}/measurements`);
  await expect(admin.getByRole('heading', { name: 'Measurements', level: 1 })).toBeVisible();
  // The shop's unit is inches (issue 33 item 3) until this tailor chooses centimetres.
  await expect(admin.getByRole('button', { name: 'Inches' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await admin.getByRole('button', { name: 'Centimetres' }).click();
  await expect(admin.getByRole('button', { name: 'Centimetres' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await admin.getByRole('link', { name: 'Record Shirt measurements' }).click();
  await expect(admin.getByRole('heading', { name: 'Record measurements' })).toBeVisible();
  for (const [point, value] of Object.entries(shirt)) {
    await admin.getByLabel(`${point} (cm)`).fill(value);
  }
  await admin.getByLabel('Erect').check();
  await admin.getByRole('button', { name: 'Save measurements' }).click();
  await expect(admin).toHaveURL(
    new RegExp(`/admin/customers/${clientId}/measurements/shirt\\?saved=1`),
  );
  await expect(admin.getByRole('heading', { name: 'Version 1' })).toBeVisible();

  // The shopper (verified e-mail = the record's) sees version 1, at 375 px.
  const shopper = await signedInPage(browser, shopperEmail, password, {
    viewport: { width: 375, height: 800 },
    landing: /\/$/,
  });
  await shopper.goto('/account');
  await shopper.getByRole('link', { name: /Measurements/ }).click();
  await expect(shopper.getByRole('heading', { name: 'Your measurements' })).toBeVisible();
  const card = shopper.getByRole('region', { name: 'Shirt' });
  await expect(card.getByText(/Version 1 · measured by Master Tailor/)).toBeVisible();
  // Inches first, the shop's unit (issue 33 item 3), the centimetres beside.
  await expect(card.getByRole('row', { name: /Chest 40.25 in 102.5 cm/ })).toBeVisible();

  // Out of range: refused with the message beside the point, nothing saved.
  await admin.getByRole('link', { name: 'Record measurements' }).click();
  await expect(admin.getByLabel('Chest (cm)')).toHaveValue('102.5');
  await admin.getByLabel('Chest (cm)').fill('200');
  await admin.getByRole('button', { name: 'Save measurements' }).click();
  await expect(admin.getByRole('alert')).toHaveText('Chest must be between 76 and 160 cm');
  await expect(admin.getByLabel('Chest (cm)')).toHaveAccessibleDescription(
    /Chest must be between 76 and 160 cm/,
  );

  // An edit makes version 2, with a fitting photo larger than an ordinary form may be; the
  // history shows what changed.
  const noise = await sharp(Buffer.from(randomBytes(360 * 360 * 3)), {
    raw: { width: 360, height: 360, channels: 3 },
  })
    .png()
    .toBuffer();
  expect(noise.length).toBeGreaterThan(64 * 1024);
  await admin.getByLabel('Chest (cm)').fill('104');
  await admin.getByLabel('Slim').check();
  await admin
    .getByLabel('Fitting photos (optional, private)')
    .setInputFiles({ name: 'back.png', mimeType: 'image/png', buffer: noise });
  await admin.getByRole('button', { name: 'Save measurements' }).click();
  await expect(admin).toHaveURL(/\/measurements\/shirt\?saved=2/);
  const version2 = admin.getByRole('region', { name: 'Version 2' });
  await expect(version2.getByText('Chest: 102.5 cm → 104 cm')).toBeVisible();
  await expect(version2.getByText('Fit: Regular → Slim')).toBeVisible();
  await expect(admin.getByRole('region', { name: 'Version 1' })).toBeVisible();

  const adminPhoto = admin.getByRole('img', { name: 'Fitting view 1' });
  await expect(adminPhoto).toBeVisible();
  const adminPhotoUrl = (await adminPhoto.getAttribute('src'))!;
  const photoId = adminPhotoUrl.split('/').pop()!;

  await shopper.reload();
  await expect(card.getByText(/Version 2 · measured by Master Tailor/)).toBeVisible();
  await expect(card.getByRole('img', { name: 'Fitting view 1' })).toBeVisible();

  // The photo: the shopper's own route serves it to them, privately; nobody else gets it.
  const own = await shopper.request.get(`/account/measurements/photos/${photoId}`);
  expect(own.status()).toBe(200);
  expect(own.headers()['content-type']).toBe('image/webp');
  expect(own.headers()['cache-control']).toBe('private, no-store');
  expect((await shopper.request.get(adminPhotoUrl)).status()).toBe(404);
  const visitor = await playwrightRequest.newContext({ baseURL: process.env.E2E_BASE_URL });
  for (const url of [
    adminPhotoUrl,
    `/account/measurements/photos/${photoId}`,
    `/media/private/measurements/${photoId}.webp`,
  ]) {
    expect((await visitor.get(url)).status(), url).toBe(404);
  }
  await visitor.dispose();

  // The card of version 2 holds the values.
  const pdfUrl = await admin
    .getByRole('link', { name: 'Card (PDF) of version 2' })
    .getAttribute('href');
  const pdf = await admin.request.get(pdfUrl!);
  expect(pdf.status()).toBe(200);
  expect(pdf.headers()['content-type']).toBe('application/pdf');
  const { text } = await extractText(await getDocumentProxy(new Uint8Array(await pdf.body())), {
    mergePages: true,
  });
  expect(text).toContain('Asha Patel');
  expect(text).toContain('Shirt, version 2');
  expect(text).toContain('104 cm');
  expect(text).toContain('41 in');
  expect(text).toContain('Slim');

  // The shopper cannot open the admin's pages or the card.
  const refused = await shopper.request.get(pdfUrl!, { maxRedirects: 0 });
  expect(refused.status()).toBe(302);
  await admin.context().close();
  await shopper.context().close();
});

test('a shopper sends their own measurements at 375 px without JavaScript; staff confirm them', async ({
  browser,
  request,
}) => {
  test.slow();
  const adminEmail = uniqueEmail('tailor');
  const shopperEmail = uniqueEmail('self');
  await createAccount(request, { name: 'Head Cutter', email: adminEmail, password, admin: true });
  await createAccount(request, { name: 'Vikram Joshi', email: shopperEmail, password });

  const context = await browser.newContext({
    viewport: { width: 375, height: 800 },
    javaScriptEnabled: false,
    extraHTTPHeaders: { 'X-Forwarded-For': uniqueClientIp() },
  });
  const shopper = await context.newPage();
  await shopper.goto('/login');
  await signIn(shopper, shopperEmail, password);
  await expect(shopper).toHaveURL(/\/$/);
  await shopper.goto('/account/measurements');
  await expect(shopper.getByText('No measurements yet.')).toBeVisible();
  // Inches unless the shopper switches (issue 33 item 3); this one measured in centimetres.
  await shopper.getByRole('link', { name: 'Measure in centimetres instead' }).click();
  await shopper.getByText('Kurta: submit your own measurements').click();
  const form = shopper.getByRole('form', { name: 'Your kurta measurements' });
  await expect(form).toBeVisible();
  // The guide: a figure with the points, and each point's hint.
  await expect(shopper.getByRole('img', { name: /Where to measure for a kurta/ })).toBeVisible();
  await expect(
    shopper.getByText('Neck: Round the base of the neck').filter({ visible: true }),
  ).toBeVisible();
  const kurta: Record<string, string> = {
    Neck: '40',
    Chest: '100',
    Stomach: '92',
    Seat: '102',
    Shoulder: '45',
    Sleeve: '62',
    Cuff: '24',
    Length: '300',
  };
  await form.getByLabel('Your mobile number').fill('98250 54321');
  for (const [point, value] of Object.entries(kurta)) {
    await form.getByLabel(`${point} (cm)`).fill(value);
  }
  await form.getByRole('button', { name: 'Send my kurta measurements' }).click();
  const refused = shopper.getByRole('form', { name: 'Your kurta measurements' });
  await expect(shopper.getByRole('alert')).toHaveText('Length must be between 80 and 120 cm');
  await expect(refused.getByLabel('Chest (cm)')).toHaveValue('100');
  await refused.getByLabel('Length (cm)').fill('105');
  await refused.getByRole('button', { name: 'Send my kurta measurements' }).click();
  await expect(shopper.getByRole('status')).toContainText('version 1');
  const card = shopper.getByRole('region', { name: 'Kurta' });
  await expect(card.getByText(/self-measured, awaiting the shop’s check/)).toBeVisible();
  await expect(card.getByRole('row', { name: /Length 105 cm 41.25 in/ })).toBeVisible();

  // Staff see the set flagged, and confirm it.
  const clientId = await withDatabase(async (client) => {
    const { rows } = await client.query<{ id: number }>(
      `select c.id from customers c join "user" u on u.id = c.user_id where u.email = $1`,
      [shopperEmail],
    );
    return rows[0]!.id;
  });
  const admin = await signedInPage(browser, adminEmail, password, { landing: /\/admin$/ });
  await admin.goto(`/admin/customers/${clientId}/measurements/kurta`);
  await expect(admin.getByText(/Self-measured by Vikram Joshi/)).toBeVisible();
  await admin.getByRole('button', { name: 'Confirm version 1' }).click();
  await expect(admin.getByText(/confirmed on/)).toBeVisible();
  await shopper.reload();
  await expect(card.getByText(/awaiting the shop’s check/)).toHaveCount(0);
  await context.close();
  await admin.context().close();
});

test('the shopper reads every version and what changed at 375 px, never the staff’s notes', async ({
  browser,
  request,
}) => {
  test.slow();
  const adminEmail = uniqueEmail('cutter');
  const shopperEmail = uniqueEmail('history');
  const staffNote = 'Shop only: left shoulder drops, cut the left side 1 cm lower';
  await createAccount(request, {
    name: 'Cutting Master',
    email: adminEmail,
    password,
    admin: true,
  });
  await createAccount(request, { name: 'Ravi Mehta', email: shopperEmail, password });
  const clientId = await withDatabase(async (client) => {
    const { rows } = await client.query<{ id: number }>(
      `insert into customers (name, phone, email) values ($1, $2, $3) returning id`,
      ['Ravi Mehta', '+919825067890', shopperEmail],
    );
    return rows[0]!.id;
  });

  // Staff record version 1 with a note of their own, then version 2 with another chest.
  const admin = await signedInPage(browser, adminEmail, password, { landing: /\/admin$/ });
  await admin.goto(`/admin/customers/${clientId}/measurements`);
  await admin.getByRole('button', { name: 'Centimetres' }).click();
  await expect(admin.getByRole('button', { name: 'Centimetres' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await admin.goto(`/admin/customers/${clientId}/measurements/new?garment=shirt`);
  for (const [point, value] of Object.entries(shirt)) {
    await admin.getByLabel(`${point} (cm)`).fill(value);
  }
  await admin.getByLabel('Notes').fill(staffNote);
  await admin.getByRole('button', { name: 'Save measurements' }).click();
  await expect(admin).toHaveURL(/\/measurements\/shirt\?saved=1/);
  await admin.getByRole('link', { name: 'Record measurements' }).click();
  await expect(admin.getByLabel('Chest (cm)')).toHaveValue('102.5');
  await admin.getByLabel('Chest (cm)').fill('104');
  await admin.getByLabel('Notes').fill(`${staffNote}, and again`);
  await admin.getByRole('button', { name: 'Save measurements' }).click();
  await expect(admin).toHaveURL(/\/measurements\/shirt\?saved=2/);
  await expect(admin.getByText(staffNote).first()).toBeVisible();

  const shopper = await signedInPage(browser, shopperEmail, password, {
    viewport: { width: 375, height: 800 },
    landing: /\/$/,
  });
  await shopper.goto('/account/measurements?unit=cm');
  const card = shopper.getByRole('region', { name: 'Shirt' });
  await expect(card.getByText(/Version 2 · measured by Cutting Master on/)).toBeVisible();
  await expect(card.getByRole('heading', { name: 'Changes from version 1' })).toBeVisible();
  await expect(card.getByText('Chest: 102.5 cm → 104 cm')).toBeVisible();
  await expect(card.getByRole('row', { name: /Chest 104 cm 41 in/ })).toBeVisible();

  // Version 1 waits in its own disclosure, with its values.
  const earlier = card.getByRole('list', { name: 'Earlier versions' });
  await expect(earlier.getByRole('row', { name: /Chest 102.5 cm 40.25 in/ })).toBeHidden();
  await earlier.getByText(/Version 1 · measured by Cutting Master on/).click();
  await expect(earlier.getByRole('row', { name: /Chest 102.5 cm 40.25 in/ })).toBeVisible();
  const pageWidth = await shopper.evaluate(() => document.documentElement.scrollWidth);
  expect(pageWidth).toBeLessThanOrEqual(375);

  // The staff's note is nowhere: not on the page, not in its HTML, not in its data.
  await expect(shopper.getByText(/Shop only/)).toHaveCount(0);
  expect(await shopper.content()).not.toContain('Shop only');
  const data = await shopper.request.get('/account/measurements.data');
  expect(data.status()).toBe(200);
  const body = await data.text();
  expect(body).toContain('102.5');
  expect(body).not.toContain('Shop only');
  await admin.context().close();
  await shopper.context().close();
});
