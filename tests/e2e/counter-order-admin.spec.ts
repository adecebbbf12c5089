/**
 * The counter order end to end (issue 30 item 3, and item 2's "Staff can send an invoice or
 * voucher as a WhatsApp document message"): staff make an order from the customer's saved
 * design (picked from the list, no id pasted), add a trouser that carries the jacket's fabric,
 * see the agreed advance offered (the bespoke settings' percentage of the server's total),
 * record it, see the box offer the balance at once, and send the receipt voucher on WhatsApp:
 * the outbox receives a document message whose link opens the PDF without a sign-in.
 */
import { expect, test } from '@playwright/test';
import fs from 'node:fs/promises';
import path from 'node:path';
import { createAccount, signedInPage, uniqueEmail, withDatabase } from './support';

const PASSWORD = 'a-long-counter-order-password-30';

/** What `paiseToRupeesText` writes in the amount field: 715000 → '7150', 715050 → '7150.50'. */
const fieldRupees = (paise: number) =>
  paise % 100 === 0
    ? String(paise / 100)
    : `${Math.floor(paise / 100)}.${String(paise % 100).padStart(2, '0')}`;

test('staff make an order from a saved design, add a trouser of the jacket’s fabric, take the advance and send its receipt voucher on WhatsApp', async ({
  browser,
  request,
}) => {
  test.slow();
  const adminEmail = uniqueEmail('counter-admin');
  const shopperEmail = uniqueEmail('counter-groom');
  await createAccount(request, {
    name: 'Counter Staff',
    email: adminEmail,
    password: PASSWORD,
    admin: true,
  });
  await createAccount(request, { name: 'Jignesh Patel', email: shopperEmail, password: PASSWORD });
  const phone = `+9197${String(Date.now()).slice(-8)}`;
  const designId = `ctr_${Date.now().toString(36)}_suitdesign`;
  const { customerId, fabricName, advancePercent } = await withDatabase(async (db) => {
    const { rows: users } = await db.query<{ id: string }>(
      `select id from "user" where email = $1`,
      [shopperEmail],
    );
    const { rows: records } = await db.query<{ id: number }>(
      `insert into customers (name, phone, email, user_id) values ('Jignesh Patel', $1, $2, $3) returning id`,
      [phone, shopperEmail, users[0]!.id],
    );
    const { rows: fabrics } = await db.query<{ id: number; name: string }>(
      `select p.id, p.name from products p join categories c on c.id = p.category_id
       where c.slug = 'fabrics' and p.is_active order by p.id limit 1`,
    );
    await db.query(
      `insert into designs (id, user_id, garment_type, fabric_product_id, options, estimate_paise)
       values ($1, $2, 'suit_jacket', $3, '{}', 0)`,
      [designId, users[0]!.id, fabrics[0]!.id],
    );
    const { rows: settings } = await db.query<{ percent: number | null }>(
      `select (value->>'advancePercent')::int as percent from site_settings where key = 'bespoke'`,
    );
    return {
      customerId: records[0]!.id,
      fabricName: fabrics[0]!.name,
      advancePercent: settings[0]?.percent ?? 50,
    };
  });

  // 1. The new order from the customer's saved design, picked from the list.
  const admin = await signedInPage(browser, adminEmail, PASSWORD, { landing: /\/admin$/ });
  await admin.goto(`/admin/orders/new?customer=${customerId}`);
  const designs = admin.getByRole('list', { name: 'Saved designs of this client' });
  await designs.getByRole('link', { name: /^Use this design/ }).click();
  await expect(admin.getByText('Using the saved design: Suit jacket')).toBeVisible();
  await expect(admin.getByLabel('Catalogue fabric', { exact: true })).toContainText(fabricName);
  await admin.getByLabel('Address', { exact: true }).fill('9 Yagnik Road');
  await admin.getByLabel('PIN code').fill('360001');
  await admin.getByRole('button', { name: 'Create order' }).click();
  await expect(admin).toHaveURL(/\/admin\/orders\/RT-\d{6}-[2-9A-Z]{5}$/);
  const number = decodeURIComponent(new URL(admin.url()).pathname.split('/').pop()!);
  const garments = admin.getByRole('list', { name: 'Garments' });
  await expect(garments.getByRole('heading', { name: '1. Suit jacket' })).toBeVisible();

  // 2. A trouser from the jacket: the same fabric, priced by the server for a trouser.
  await admin
    .getByLabel('Start from')
    .selectOption({ label: `The fabric of 1. Suit jacket (${fabricName})` });
  await admin.getByLabel('Garment', { exact: true }).selectOption('trouser');
  await admin.getByRole('button', { name: 'Choose garment' }).click();
  await expect(
    admin.getByRole('radio', { name: `Same as 1. Suit jacket: ${fabricName}` }),
  ).toBeChecked();
  await admin.getByRole('button', { name: 'Add garment' }).click();
  const trouser = garments.getByRole('article', { name: 'Trouser 2' });
  await expect(trouser.getByRole('heading', { name: '2. Trouser' })).toBeVisible();
  await expect(trouser.getByRole('link', { name: fabricName })).toBeVisible();

  // 3. The advance offered is the settings' share of the server's total.
  const totalPaise = await withDatabase(async (db) => {
    const { rows } = await db.query<{ amount_paise: number }>(
      `select amount_paise from orders where number = $1`,
      [number],
    );
    return Number(rows[0]!.amount_paise);
  });
  const advancePaise = Math.min(
    totalPaise,
    Math.ceil((totalPaise * advancePercent) / 100 / 100) * 100,
  );
  const panel = admin.getByRole('region', { name: 'Payments' });
  await expect(
    panel.getByRole('button', { name: new RegExp(`^Advance \\(${advancePercent}%\\): `) }),
  ).toBeVisible();
  const amount = panel.getByLabel('Payment amount (₹)');
  await expect(amount).toHaveValue(fieldRupees(advancePaise));
  await panel.getByLabel('Method').selectOption('cash');
  await panel.getByLabel('Receipt number (optional)').fill('Slip 7');
  await panel.getByRole('button', { name: 'Record payment' }).click();

  // 4. The box refreshes to the balance, with no advance left to offer.
  await expect(amount).toHaveValue(fieldRupees(totalPaise - advancePaise));
  await expect(panel.getByRole('button', { name: /^Balance: / })).toBeVisible();
  await expect(panel.getByRole('button', { name: /^Advance / })).toHaveCount(0);

  // 5. The receipt voucher, once issued, goes on WhatsApp as a document message.
  const send = admin.getByRole('region', { name: 'Send to the customer' });
  await expect(async () => {
    await admin.reload();
    await expect(
      send.getByRole('button', { name: /^Send on WhatsApp \(receipt voucher / }),
    ).toBeVisible({
      timeout: 1_000,
    });
  }).toPass();
  await send.getByRole('button', { name: /^Send on WhatsApp \(receipt voucher / }).click();
  await expect(
    admin.getByText(/^Receipt voucher .* is being sent to Jignesh Patel by WhatsApp\.$/).first(),
  ).toBeVisible();

  const dir = path.join(process.env.E2E_DATA_DIR!, 'whatsapp-outbox');
  const documents = async () => {
    const files = await fs.readdir(dir).catch(() => [] as string[]);
    const entries = await Promise.all(
      files.map(
        async (file) =>
          JSON.parse(await fs.readFile(path.join(dir, file), 'utf8')) as {
            to: string;
            document: { link: string; filename: string; caption: string | null } | null;
          },
      ),
    );
    return entries.filter((entry) => entry.to === phone && entry.document !== null);
  };
  await expect.poll(async () => (await documents()).length, { timeout: 15_000 }).toBe(1);
  const [entry] = await documents();
  expect(entry!.document!.filename).toMatch(/^receipt-voucher-.+\.pdf$/);
  expect(entry!.document!.link).toMatch(/\/o\/[^/]+\/credit-notes\/\d+$/);
  const pdf = await request.get(new URL(entry!.document!.link).pathname);
  expect(pdf.status()).toBe(200);
  expect(pdf.headers()['content-type']).toBe('application/pdf');
});
