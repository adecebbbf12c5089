/**
 * Bespoke orders in the browser (issue 21 item 3): an administrator makes an order for a client
 * from their saved design (garment, fabric and options from it) with their sherwani
 * measurements pinned, books a trial from the order and confirms it; the shopper sees the
 * order with its garment, options, trial and status in /account/orders, on a phone.
 */
import { expect, test } from '@playwright/test';
import { randomBytes } from 'node:crypto';
import { createAccount, signedInPage, uniqueEmail, withDatabase } from './support';

const password = 'a-long-e2e-password-42';

/** The Kolkata calendar day `days` after today, 'YYYY-MM-DD'. */
const kolkataDay = (days: number) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata' }).format(
    new Date(Date.now() + days * 86_400_000),
  );

test('an admin makes a bespoke order from a saved design, books a trial, confirms it; the shopper sees it', async ({
  browser,
  request,
}) => {
  test.slow();
  const adminEmail = uniqueEmail('cutter');
  const shopperEmail = uniqueEmail('groom');
  await createAccount(request, { name: 'Head Cutter', email: adminEmail, password, admin: true });
  await createAccount(request, { name: 'Kiran Mehta', email: shopperEmail, password });
  const designId = `dsg_${randomBytes(9).toString('base64url')}`;
  const phone = `+9198${String(Date.now()).slice(-8)}`;
  const { clientId, fabricName } = await withDatabase(async (db) => {
    const { rows: users } = await db.query<{ id: string }>(
      `select id from "user" where email = $1`,
      [shopperEmail],
    );
    const { rows: clients } = await db.query<{ id: number }>(
      `insert into customers (name, phone, email, user_id) values ($1, $2, $3, $4) returning id`,
      ['Kiran Mehta', phone, shopperEmail, users[0]!.id],
    );
    const { rows: profiles } = await db.query<{ id: number }>(
      `insert into measurement_profiles (customer_id, garment) values ($1, 'sherwani') returning id`,
      [clients[0]!.id],
    );
    await db.query(
      `insert into measurement_versions (profile_id, version, values_cm, taken_by_name)
       values ($1, 1, '{"chest": 104}', 'Head Cutter')`,
      [profiles[0]!.id],
    );
    const { rows: fabrics } = await db.query<{ id: number; name: string }>(
      `select p.id, p.name from products p join categories c on c.id = p.category_id
       where c.slug = 'fabrics' and p.is_active order by p.id limit 1`,
    );
    await db.query(
      `insert into designs (id, user_id, garment_type, fabric_product_id, options, estimate_paise)
       values ($1, $2, 'sherwani', $3, $4, 0)`,
      [
        designId,
        users[0]!.id,
        fabrics[0]!.id,
        JSON.stringify({ closure: 'full-button', collar: 'prince', button: 'zardozi' }),
      ],
    );
    return { clientId: clients[0]!.id, fabricName: fabrics[0]!.name };
  });

  const admin = await signedInPage(browser, adminEmail, password, { landing: /\/admin$/ });
  await admin.goto(`/admin/customers/${clientId}`);
  await admin.getByRole('link', { name: 'New bespoke order' }).click();
  await expect(admin.getByRole('heading', { name: 'New bespoke order' })).toBeVisible();
  await expect(admin.getByText('Kiran Mehta', { exact: false }).first()).toBeVisible();
  await admin.getByLabel('Design share link or id (optional)').fill(designId);
  await admin.getByRole('button', { name: 'Use design' }).click();
  await expect(admin.getByText('Using the saved design: Sherwani')).toBeVisible();
  await expect(admin.getByLabel('Catalogue fabric', { exact: true })).toContainText(fabricName);
  await expect(admin.getByLabel('Buttons', { exact: true })).toHaveValue('zardozi');
  await expect(admin.getByLabel('Measurements cut from')).toContainText('Version 1');
  await admin.getByLabel('Address', { exact: true }).fill('12 Race Course Road');
  await admin.getByLabel('PIN code').fill('360001');
  await admin.getByLabel('Promised delivery date').fill(kolkataDay(2));
  await admin.getByRole('button', { name: 'Create order' }).click();

  await expect(admin).toHaveURL(/\/admin\/orders\/RT-\d{6}-[2-9A-Z]{5}$/);
  const number = decodeURIComponent(new URL(admin.url()).pathname.split('/').pop()!);
  const garments = admin.getByRole('list', { name: 'Garments' });
  await expect(garments.getByRole('heading', { name: '1. Sherwani' })).toBeVisible();
  await expect(garments.getByText('Buttons: Zardozi buttons')).toBeVisible();
  await expect(garments.getByRole('link', { name: /^Version 1,/ })).toBeVisible();
  await expect(admin.getByText('Due in 2 days')).toBeVisible();

  // A trial tomorrow, from the order.
  await admin.getByLabel('Day', { exact: true }).fill(kolkataDay(1));
  await admin.getByRole('button', { name: 'Show times' }).click();
  await expect(admin.getByRole('group', { name: /^Times on / })).toBeVisible();
  await admin.getByRole('button', { name: 'Book trial' }).click();
  await expect(admin.getByText(/^Booked a trial for Kiran Mehta on /)).toBeVisible();
  await expect(
    admin.getByRole('list', { name: 'Trials of this order' }).getByText(/Trial.*Booked/),
  ).toBeVisible();

  // Confirmed before any payment: a bespoke order may start on the client's word.
  await admin.getByLabel('Move to').selectOption('confirmed');
  await admin.getByRole('button', { name: 'Update status' }).click();
  await expect(admin.getByText(`Order ${number} is now at Confirmed.`)).toBeVisible();

  // The shopper, on a phone.
  const shopper = await signedInPage(browser, shopperEmail, password, {
    viewport: { width: 375, height: 800 },
    landing: /:\d+\/$/,
  });
  await shopper.goto('/account/orders');
  await shopper.getByRole('link', { name: number }).click();
  await expect(shopper.getByRole('heading', { name: `Order ${number}` })).toBeVisible();
  await expect(shopper.getByRole('heading', { name: 'Sherwani' })).toBeVisible();
  await expect(shopper.getByText(`Fabric: ${fabricName}`)).toBeVisible();
  await expect(shopper.getByText('Buttons: Zardozi buttons')).toBeVisible();
  await expect(shopper.getByText(/Cut from your measurements of /)).toBeVisible();
  await expect(shopper.getByText(/\(Booked\)$/)).toBeVisible();
  await expect(shopper.getByText('Confirmed').first()).toBeVisible();
});
