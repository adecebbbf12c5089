/**
 * A walk-in reaches his own order (issue 30 item 2: "a walk-in with no account opens his
 * order, pays the balance by the link and downloads the invoice from a WhatsApp message's
 * link"): staff make a bespoke order at the counter for a customer record with no account and
 * no e-mail and confirm it; the WhatsApp message recorded for him carries the order's signed
 * link; a browser that never signed in opens it, sees the order and its balance, pays the
 * balance in the sandbox, and downloads the tax invoice through the link. A tampered link
 * answers 404. Then the workshop takes the order through its stages, and of the seven he is
 * told of four: Confirmed, Ready for trial, Ready for pickup, Delivered ("a 5-stage order sends
 * only the milestone messages").
 */
import { expect, test } from '@playwright/test';
import { createAccount, signedInPage, uniqueEmail, withDatabase } from './support';

const password = 'a-long-walkin-password-42';

test('a walk-in with no account opens his order from the WhatsApp link, pays the balance and downloads the invoice', async ({
  browser,
  request,
}) => {
  test.slow();
  const adminEmail = uniqueEmail('counter');
  await createAccount(request, { name: 'Counter Staff', email: adminEmail, password, admin: true });
  const phone = `+9197${String(Date.now()).slice(-8)}`;
  const clientId = await withDatabase(async (db) => {
    const { rows } = await db.query<{ id: number }>(
      `insert into customers (name, phone, notify) values ('Ramesh Walkin', $1, 'whatsapp')
       returning id`,
      [phone],
    );
    return rows[0]!.id;
  });

  // At the counter: a bespoke order for the walk-in, confirmed.
  const admin = await signedInPage(browser, adminEmail, password, { landing: /\/admin$/ });
  await admin.goto(`/admin/customers/${clientId}`);
  await admin.getByRole('link', { name: 'New bespoke order' }).click();
  await expect(admin.getByRole('heading', { name: 'New bespoke order' })).toBeVisible();
  await admin.getByLabel('Garment', { exact: true }).selectOption({ label: 'Kurta' });
  await admin.getByRole('button', { name: 'Choose garment' }).click();
  await admin.getByRole('radio', { name: 'In-store fabric code' }).check();
  await admin.getByRole('textbox', { name: 'Fabric code' }).fill('WALK-01');
  await admin.getByRole('textbox', { name: 'Fabric name' }).fill('Navy wool');
  await admin.getByLabel('Price per metre (₹)').fill('1500');
  await admin.getByLabel('Address', { exact: true }).fill('4 Lakhajiraj Road');
  await admin.getByLabel('PIN code').fill('360001');
  await admin.getByRole('button', { name: 'Create order' }).click();
  await expect(admin).toHaveURL(/\/admin\/orders\/RT-\d{6}-[2-9A-Z]{5}$/);
  const number = decodeURIComponent(new URL(admin.url()).pathname.split('/').pop()!);
  await expect(
    admin.getByText('Walk-in customer: no account. Reach them by WhatsApp or phone', {
      exact: false,
    }),
  ).toBeVisible();
  await expect(admin.getByText('The customer has deleted their account.')).toHaveCount(0);
  await admin.getByLabel('Move to').selectOption('confirmed');
  await admin.getByRole('button', { name: 'Update status' }).click();
  await expect(admin.getByText(`Order ${number} is now at Confirmed.`)).toBeVisible();

  // The WhatsApp message recorded for him carries the order's signed link.
  let link = '';
  await expect
    .poll(async () => {
      const { rows } = await withDatabase((db) =>
        db.query<{ body: string }>(
          `select n.body from notifications n join orders o on o.id = n.order_id
           where o.number = $1 and n.channel = 'whatsapp' and n.recipient = $2
             and n.kind = 'order.status'`,
          [number, phone],
        ),
      );
      link = /https?:\/\/\S+\/o\/[0-9a-z.]+/.exec(rows[0]?.body ?? '')?.[0] ?? '';
      return link;
    })
    .toMatch(/\/o\/\d+\.[0-9a-z]+\.[0-9a-f]{32}$/);
  expect(link).not.toContain('/account/orders');

  // A browser that never signed in opens it.
  const context = await browser.newContext();
  const walkIn = await context.newPage();
  const path = new URL(link).pathname;
  await walkIn.goto(path);
  await expect(walkIn.getByRole('heading', { name: `Order ${number}` })).toBeVisible();
  await expect(walkIn.getByText('Balance due')).toBeVisible();
  await expect(walkIn.getByText(phone)).toHaveCount(0);
  await expect(walkIn.getByText('4 Lakhajiraj Road')).toHaveCount(0);

  // He pays the balance through the sandbox's payment page.
  await walkIn.getByRole('button', { name: /^Pay ₹/ }).click();
  await expect(walkIn).toHaveURL(/\/pay\//);
  await walkIn.getByRole('button', { name: 'Pay', exact: true }).click();
  await expect(walkIn.getByRole('status')).toBeVisible();

  // Back on his order: paid, and the tax invoice downloads through the link.
  await walkIn.goto(path);
  await expect(walkIn.getByRole('button', { name: /^Pay ₹/ })).toHaveCount(0);
  const download = walkIn.getByRole('link', { name: /Download tax invoice/ });
  await expect
    .poll(
      async () => {
        await walkIn.reload();
        return download.count();
      },
      { timeout: 30_000 },
    )
    .toBe(1);
  const pdf = await walkIn.request.get((await download.getAttribute('href'))!);
  expect(pdf.status()).toBe(200);
  expect(pdf.headers()['content-type']).toBe('application/pdf');
  expect(pdf.headers()['cache-control']).toContain('no-store');

  // A tampered link opens nothing.
  const tampered = await walkIn.request.get(
    `${path.slice(0, -1)}${path.endsWith('0') ? '1' : '0'}`,
  );
  expect(tampered.status()).toBe(404);
  await context.close();

  // The workshop takes his garment through its stages (issue 31: the order follows its
  // garments' tickets); he hears of the milestones only.
  await admin.goto(`/admin/orders/${encodeURIComponent(number)}`);
  const tickets = admin.getByRole('list', { name: 'Work tickets' });
  for (const stage of ['Cutting', 'Stitching', 'Finishing', 'Trial']) {
    // Each button comes once the page has the ticket's new version.
    await tickets.getByRole('button', { name: `Move 1. Kurta to ${stage}` }).click();
    await expect(tickets.getByText(`At ${stage}`)).toBeVisible();
  }
  // At the trial it fits (issue 31 item 5), and then he takes it home.
  await tickets
    .getByRole('group', { name: 'Trial of 1. Kurta' })
    .getByRole('button', { name: 'Fits' })
    .click();
  await expect(tickets.getByText('At Ready')).toBeVisible();
  await tickets.getByRole('button', { name: 'Move 1. Kurta to Delivered' }).click();
  await expect(tickets.getByText('At Delivered')).toBeVisible();
  await expect(admin.getByText('This order is complete.')).toBeVisible();
  const { rows: told } = await withDatabase((db) =>
    db.query<{ body: string }>(
      `select n.body from notifications n join orders o on o.id = n.order_id
       where o.number = $1 and n.channel = 'whatsapp' and n.kind = 'order.status'
       order by n.id`,
      [number],
    ),
  );
  expect(
    told.map((row) => /Confirmed|Ready for trial|Ready for pickup|Delivered/.exec(row.body)?.[0]),
  ).toEqual(['Confirmed', 'Ready for trial', 'Ready for pickup', 'Delivered']);
  for (const row of told) expect(row.body).not.toMatch(/Measuring|Cutting|Stitching/);
});
