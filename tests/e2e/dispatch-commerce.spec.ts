/**
 * Dispatch end to end at 375 px (issue 32 item 6, "Done when": an order is packed, shipped with
 * an AWB, and its tracking link opens from the shopper's page): the counter packs and ships a
 * paid shop order from its Dispatch section; the shopper's order page shows the courier and AWB,
 * and "Track your parcel" opens the tracking page with the stage and the city.
 */
import { expect, test } from '@playwright/test';
import {
  createAccount,
  runTag,
  signedInPage,
  uniqueClientIp,
  uniqueEmail,
  withDatabase,
} from './support';

const password = 'A-long-dispatch-passphrase-32';
const phone = { width: 375, height: 812 };

test.beforeEach(async ({ context }) => {
  await context.setExtraHTTPHeaders({ 'X-Forwarded-For': uniqueClientIp() });
});

test('staff pack and ship a paid order with an AWB; its tracking link opens from the shopper’s page', async ({
  browser,
  request,
}) => {
  test.slow();
  const shopperEmail = uniqueEmail('dispatch-shopper');
  const staffEmail = uniqueEmail('dispatch-counter');
  await createAccount(request, { name: 'Kiran Desai', email: shopperEmail, password });
  await createAccount(request, { name: 'Counter', email: staffEmail, password, role: 'counter' });
  // A paid shop order to Mumbai, as the checkout leaves it (the checkout has its own specs).
  const number = `RT-DSP-${runTag()}`.toUpperCase();
  await withDatabase(async (client) => {
    const { rows } = await client.query<{ id: number }>(
      `insert into orders (number, user_id, status, amount_paise, customer_name, email, phone,
         address, city, state, pincode, provider, paid_at, delivery_method, shipping_paise)
       select $1, id, 'paid', 163000, 'Kiran Desai', $2, '9825012345', '4 Marine Drive',
         'Mumbai', 'Maharashtra', '400001', 'sandbox', now(), 'ship', 13000
       from "user" where email = $2
       returning id`,
      [number, shopperEmail],
    );
    await client.query(
      `insert into order_lines (order_id, name, size, unit_price_paise, quantity)
       values ($1, 'Linen kurta', 'M', 150000, 1)`,
      [rows[0]!.id],
    );
  });

  const staff = await signedInPage(browser, staffEmail, password, { viewport: phone });
  await staff.goto(`/admin/orders/${number}`);
  const dispatch = staff.getByRole('region', { name: 'Dispatch' });
  await expect(dispatch.getByText('To pack')).toBeVisible();
  await dispatch.getByRole('button', { name: 'Mark packed' }).click();
  await expect(dispatch.getByRole('list', { name: 'Dispatch history' })).toContainText('Packed');
  await dispatch.getByRole('button', { name: 'Ship' }).click();
  await expect(dispatch.getByText(/Shop dispatch, AWB RTH\d{9}/)).toBeVisible();
  const awb = (await dispatch.getByText(/^RTH\d{9}$/).textContent())!;
  await expect(dispatch.getByRole('link', { name: 'Print courier label' })).toBeVisible();
  await expect(dispatch.getByRole('button', { name: 'Mark out for delivery' })).toBeVisible();

  const shopper = await signedInPage(browser, shopperEmail, password, { viewport: phone });
  await shopper.goto(`/account/orders/${number}`);
  const delivery = shopper.getByRole('region', { name: 'Dispatch' });
  await expect(delivery.getByText('Your parcel is with the courier.')).toBeVisible();
  await expect(delivery.getByText(awb)).toBeVisible();
  await delivery.getByRole('link', { name: 'Track your parcel' }).click();
  await expect(shopper).toHaveURL(new RegExp(`/track/${awb}$`));
  await expect(shopper.getByRole('heading', { name: `Tracking ${awb}` })).toBeVisible();
  await expect(shopper.getByText('Shop dispatch · to Mumbai')).toBeVisible();
  await expect(shopper.getByRole('list', { name: 'Tracking history' })).toContainText('Shipped');
});
