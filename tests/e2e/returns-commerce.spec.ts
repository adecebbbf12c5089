/**
 * Returns end to end at 375 px (issue 32 item 7, "Done when": a shirt is returned and refunded
 * as one line): the shopper of a delivered two-line order asks to return the shirt with a
 * reason and a photo (larger than an ordinary form may be) from their order page, which only
 * they and staff can open; the counter approves it (drop at the shop), marks it received
 * and refunds the line through the ledger's line refunds (the sandbox provider, as Razorpay);
 * the shopper's page then shows the return refunded with its credit note, and the trousers
 * still returnable.
 */
import { expect, request as playwrightRequest, test } from '@playwright/test';
import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import {
  createAccount,
  runTag,
  signedInPage,
  uniqueClientIp,
  uniqueEmail,
  withDatabase,
} from './support';

const password = 'A-long-returns-passphrase-32';
const phone = { width: 375, height: 812 };

test.beforeEach(async ({ context }) => {
  await context.setExtraHTTPHeaders({ 'X-Forwarded-For': uniqueClientIp() });
});

test('a shirt of a delivered order is returned and refunded as one line', async ({
  browser,
  request,
}) => {
  test.slow();
  const shopperEmail = uniqueEmail('returns-shopper');
  const staffEmail = uniqueEmail('returns-counter');
  await createAccount(request, { name: 'Kiran Desai', email: shopperEmail, password });
  await createAccount(request, { name: 'Counter', email: staffEmail, password, role: 'counter' });
  // A paid shop order of two lines, delivered yesterday, as checkout, payment and dispatch
  // leave it (each has its own spec).
  const number = `RT-RET-${runTag()}`.toUpperCase();
  await withDatabase(async (client) => {
    const { rows } = await client.query<{ id: number }>(
      `insert into orders (number, user_id, status, amount_paise, customer_name, email, phone,
         address, city, state, pincode, provider, paid_at, delivery_method)
       select $1, id, 'paid', 330000, 'Kiran Desai', $2, '9825012345', '4 Marine Drive',
         'Rajkot', 'Gujarat', '360001', 'sandbox', now() - interval '3 days', 'ship'
       from "user" where email = $2
       returning id`,
      [number, shopperEmail],
    );
    const orderId = rows[0]!.id;
    await client.query(
      `insert into order_lines (order_id, name, size, unit_price_paise, quantity, uqc)
       values ($1, 'Oxford shirt', '40', 180000, 1, 'PCS'),
              ($1, 'Cotton trousers', '34', 150000, 1, 'PCS')`,
      [orderId],
    );
    await client.query(
      `insert into payments (order_id, kind, method, status, amount_paise, provider,
         provider_payment_id, settled_at)
       values ($1, 'payment', 'online', 'succeeded', 330000, 'sandbox', $2, now())`,
      [orderId, `pay_SBXret${runTag()}`],
    );
    await client.query(
      `insert into jobs (kind, payload, dedupe_key) values ('invoice.issue', $1, $2)`,
      [JSON.stringify({ orderId }), `invoice:order:${orderId}`],
    );
    const shipment = await client.query<{ id: number }>(
      `insert into shipments (order_id, method, stage) values ($1, 'ship', 'delivered')
       returning id`,
      [orderId],
    );
    await client.query(
      `insert into shipment_events (shipment_id, source, stage, at)
       values ($1, 'staff', 'delivered', now() - interval '1 day')`,
      [shipment.rows[0]!.id],
    );
  });

  const shopper = await signedInPage(browser, shopperEmail, password, { viewport: phone });
  await shopper.goto(`/account/orders/${number}`);
  const returns = shopper.getByRole('region', { name: 'Returns and exchanges' });
  const shirt = returns.getByRole('listitem').filter({ hasText: 'Oxford shirt, size 40' });
  await shirt.getByRole('button', { name: 'Return or exchange' }).click();
  const form = shirt.getByRole('form', { name: 'Return or exchange Oxford shirt, size 40' });
  await expect(form.getByRole('radio', { name: 'Return it for a refund' })).toBeChecked();
  await form.getByLabel('Reason').selectOption('Does not fit');
  await form.getByLabel('Anything to add (optional)').fill('Too tight at the shoulders.');
  const photo = await sharp(Buffer.from(randomBytes(320 * 320 * 3)), {
    raw: { width: 320, height: 320, channels: 3 },
  })
    .png()
    .toBuffer();
  expect(photo.length).toBeGreaterThan(64 * 1024);
  await form
    .getByLabel('Photos (optional, up to 3)')
    .setInputFiles({ name: 'shoulder.png', mimeType: 'image/png', buffer: photo });
  await form.getByRole('button', { name: 'Send request' }).click();
  await expect(shirt.getByText('Return: Requested: we will reply soon')).toBeVisible();
  await shopper.reload();
  const ownPhoto = shirt.getByRole('img', { name: 'Oxford shirt, size 40: your view 1' });
  await expect(ownPhoto).toBeVisible();
  const ownPhotoUrl = (await ownPhoto.getAttribute('src'))!;
  const ownAnswer = await shopper.request.get(ownPhotoUrl);
  expect(ownAnswer.status()).toBe(200);
  expect(ownAnswer.headers()['content-type']).toBe('image/webp');
  expect(ownAnswer.headers()['cache-control']).toBe('private, no-store');
  const photoId = ownPhotoUrl.split('/').pop()!;
  const visitor = await playwrightRequest.newContext({ baseURL: process.env.E2E_BASE_URL });
  for (const url of [
    ownPhotoUrl,
    `/admin/return-photos/${photoId}`,
    `/media/private/returns/${photoId}.webp`,
  ]) {
    expect((await visitor.get(url)).status(), url).toBe(404);
  }
  await visitor.dispose();

  const staff = await signedInPage(browser, staffEmail, password, { viewport: phone });
  await staff.goto(`/admin/orders/${number}`);
  const section = staff.getByRole('region', { name: 'Returns and exchanges' });
  await expect(section.getByText('Does not fit: Too tight at the shoulders.')).toBeVisible();
  const staffPhoto = section.getByRole('img', {
    name: "Oxford shirt, size 40: the customer's view 1",
  });
  await expect(staffPhoto).toBeVisible();
  expect((await staff.request.get((await staffPhoto.getAttribute('src'))!)).status()).toBe(200);
  const decide = section.getByRole('form', {
    name: 'Decide the request for Oxford shirt, size 40',
  });
  await expect(decide.getByRole('radio', { name: 'Drop at the shop' })).toBeChecked();
  await decide.getByRole('button', { name: 'Approve' }).click();
  await expect(section.getByText('Status: Approved (drop at the shop)')).toBeVisible();
  await section.getByRole('button', { name: 'Mark received' }).click();
  await expect(section.getByText('Status: Received at the shop')).toBeVisible();
  await section.getByRole('button', { name: 'Refund the line' }).click();
  await expect(
    staff
      .getByText(
        `Refund of ₹1,800 sent on order ${number}. The credit note follows once it is processed.`,
      )
      .first(),
  ).toBeVisible();
  await expect(section.getByText('Status: Refunded')).toBeVisible();

  // The shopper sees the shirt refunded with its credit note; the trousers may still go back.
  const creditNote = shopper.getByRole('link', { name: /^Download credit note / });
  await expect(async () => {
    await shopper.reload();
    await expect(creditNote).toBeVisible({ timeout: 1_000 });
  }).toPass();
  await expect(shirt.getByText('Return: Refunded')).toBeVisible();
  await expect(shirt.getByRole('button', { name: 'Return or exchange' })).toHaveCount(0);
  const trousers = returns.getByRole('listitem').filter({ hasText: 'Cotton trousers, size 34' });
  await expect(trousers.getByRole('button', { name: 'Return or exchange' })).toBeVisible();
});
