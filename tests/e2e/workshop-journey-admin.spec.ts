/**
 * The workshop's journey (issue 31, "Done when"): at the counter the owner makes an order of a
 * three-piece suit and two shirts, gives the jacket to one tailor and the shirts to another, and
 * takes every garment to its trial. The shirts' tailor signs in on a phone (375 px) with the
 * workshop role: the board shows only their two shirts, a shirt's one-tap page records that it
 * fits and moves it to ready, and the invoices, the settings and a payments intent answer 403.
 * The jacket's trial records an alteration (with its notes, for its tailor), the jacket goes back
 * to a trial, passes it and is ready, and so is the rest. The customer's WhatsApp outbox holds
 * the milestones only: "Ready for trial" once and "Ready for pickup" with the balance due.
 */
import { expect, test } from '@playwright/test';
import { createAccount, signedInPage, uniqueEmail, withDatabase } from './support';

const password = 'a-long-workshop-journey-password-31';
const GARMENTS = ['1. Suit jacket', '2. Trouser', '3. Waistcoat', '4. Shirt', '5. Shirt'];

test('a suit and two shirts go through the workshop: the shirts’ tailor sees only theirs, the jacket is altered and tried again, and the customer hears the milestones only', async ({
  browser,
  request,
}) => {
  test.slow();
  const stamp = Date.now().toString(36);
  const ownerEmail = uniqueEmail('journey-owner');
  const jacketTailor = { name: `Jacket Tailor ${stamp}`, email: uniqueEmail('jacket-tailor') };
  const shirtTailor = { name: `Shirt Tailor ${stamp}`, email: uniqueEmail('shirt-tailor') };
  await createAccount(request, { name: 'Master Tailor', email: ownerEmail, password, admin: true });
  for (const tailor of [jacketTailor, shirtTailor]) {
    await createAccount(request, { ...tailor, password, role: 'workshop' });
  }
  const clientId = await withDatabase(async (db) => {
    const { rows } = await db.query<{ id: number }>(
      `insert into customers (name, phone, notify) values ('Hitesh Journey', $1, 'whatsapp')
       returning id`,
      [`+9197${String(Date.now()).slice(-8)}`],
    );
    return rows[0]!.id;
  });

  // At the counter: the suit's jacket, then its trouser and waistcoat and two shirts.
  const owner = await signedInPage(browser, ownerEmail, password, { landing: /\/admin$/ });
  await owner.goto(`/admin/customers/${clientId}`);
  await owner.getByRole('link', { name: 'New bespoke order' }).click();
  await owner.getByLabel('Garment', { exact: true }).selectOption({ label: 'Suit jacket' });
  await owner.getByRole('button', { name: 'Choose garment' }).click();
  await owner.getByRole('radio', { name: 'In-store fabric code' }).check();
  await owner.getByRole('textbox', { name: 'Fabric code' }).fill('SU-31');
  await owner.getByRole('textbox', { name: 'Fabric name' }).fill('Navy suiting');
  await owner.getByLabel('Price per metre (₹)').fill('1500');
  await owner.getByLabel('Address', { exact: true }).fill('4 Kalawad Road');
  await owner.getByLabel('PIN code').fill('360005');
  await owner.getByRole('button', { name: 'Create order' }).click();
  await expect(owner).toHaveURL(/\/admin\/orders\/RT-\d{6}-[2-9A-Z]{5}$/);
  const number = decodeURIComponent(new URL(owner.url()).pathname.split('/').pop()!);
  const garments = owner.getByRole('list', { name: 'Garments' });
  for (const [index, type] of ['trouser', 'waistcoat', 'shirt', 'shirt'].entries()) {
    await owner
      .getByLabel('Start from')
      .selectOption({ label: 'The fabric of 1. Suit jacket (Navy suiting)' });
    await owner.getByLabel('Garment', { exact: true }).selectOption(type);
    await owner.getByRole('button', { name: 'Choose garment' }).click();
    // The chosen garment's form has loaded before it is added.
    await expect(owner).toHaveURL(new RegExp(`[?&]garment=${type}(&|$)`));
    await owner.getByRole('button', { name: 'Add garment' }).click();
    await expect(garments.getByRole('heading', { name: GARMENTS[index + 1] })).toBeVisible();
  }

  // The jacket to one tailor, the shirts to the other; every garment to its trial.
  const tickets = owner.getByRole('list', { name: 'Work tickets' });
  for (const [name, tailor] of [
    ['1. Suit jacket', jacketTailor],
    ['4. Shirt', shirtTailor],
    ['5. Shirt', shirtTailor],
  ] as const) {
    await tickets.getByLabel(`Assigned to (${name})`).selectOption({ label: tailor.name });
    await tickets.getByRole('button', { name: `Assign ${name}` }).click();
    await expect(tickets.getByLabel(`Assigned to (${name})`)).toHaveValue(/.+/);
  }
  for (const name of GARMENTS) {
    for (const stage of ['Cutting', 'Stitching', 'Finishing', 'Trial']) {
      await tickets.getByRole('button', { name: `Move ${name} to ${stage}` }).click();
    }
    await expect(tickets.getByRole('group', { name: `Trial of ${name}` })).toBeVisible();
  }

  // The shirts' tailor, on a phone: only their shirts, one of them fits and is ready.
  const tailor = await signedInPage(browser, shirtTailor.email, password, {
    viewport: { width: 375, height: 740 },
    landing: /\/admin$/,
  });
  await tailor.goto('/admin/workshop');
  await expect(tailor.getByText('The garments assigned to you, by stage.')).toBeVisible();
  const atTrial = tailor.getByRole('list', { name: 'Trial garments' });
  await expect(atTrial.getByRole('link', { name: 'Shirt' })).toHaveCount(2);
  for (const other of ['Suit jacket', 'Trouser', 'Waistcoat']) {
    await expect(tailor.getByRole('link', { name: other })).toHaveCount(0);
  }
  await atTrial.getByRole('link', { name: 'Shirt' }).first().click();
  await expect(tailor.getByRole('heading', { name: /Shirt\s+for Hitesh/ })).toBeVisible();
  await tailor.getByRole('button', { name: 'Fits' }).click();
  await expect(tailor.getByRole('status')).toHaveText('The shirt fits: it is now at Ready.');
  await expect(tailor.getByRole('list', { name: 'Trials of Shirt' })).toContainText(
    'Trial 1: Fits',
  );
  for (const path of ['/admin/invoices', '/admin/settings']) {
    const response = await tailor.goto(path);
    expect(response?.status(), path).toBe(403);
    await expect(tailor.getByText('You do not have access to this page.')).toBeVisible();
  }
  const payment = await tailor.request.post(`/admin/orders/${encodeURIComponent(number)}`, {
    headers: { Origin: new URL(process.env.E2E_BASE_URL!).origin },
    form: { intent: 'record-payment', number, amount: '500', method: 'cash' },
  });
  expect(payment.status(), 'record-payment').toBe(403);

  // The jacket's trial: alterations, for its tailor, with the notes.
  await owner.reload();
  const jacketTrial = tickets.getByRole('group', { name: 'Trial of 1. Suit jacket' });
  await jacketTrial.getByLabel('Trial notes').fill('Shorten sleeves 1 cm');
  await expect(jacketTrial.getByLabel('Alterations by')).toHaveValue(/.+/);
  await jacketTrial.getByRole('button', { name: 'Alterations needed' }).click();
  await expect(
    owner.getByText('The suit jacket needs alterations: it is now at Alteration.', {
      exact: false,
    }),
  ).toBeVisible();
  const jacketTrials = tickets.getByRole('list', { name: 'Trials of 1. Suit jacket' });
  await expect(jacketTrials).toContainText('Trial 1: Alterations needed — Shorten sleeves 1 cm');
  await expect(jacketTrials).toContainText(`altered by ${jacketTailor.name}`);
  await expect(
    tickets.getByRole('link', { name: 'Book the next trial for 1. Suit jacket' }),
  ).toBeVisible();

  // Altered, it goes back to a trial, fits, and is ready; so is the rest.
  await tickets.getByRole('button', { name: 'Move 1. Suit jacket to Trial' }).click();
  await jacketTrial.getByRole('button', { name: 'Fits' }).click();
  await expect(jacketTrials).toContainText('Trial 2: Fits');
  for (const name of GARMENTS.slice(1)) {
    const trial = tickets.getByRole('group', { name: `Trial of ${name}` });
    if ((await trial.count()) === 0) continue;
    await trial.getByRole('button', { name: 'Fits' }).click();
    await expect(trial).toHaveCount(0);
  }
  await expect(tickets.getByText('At Ready')).toHaveCount(5);

  // The customer heard the milestones only.
  const told = await withDatabase(async (db) => {
    const { rows } = await db.query<{ kind: string; body: string }>(
      `select n.kind, n.body from notifications n join orders o on o.id = n.order_id
       where o.number = $1 and n.channel = 'whatsapp' order by n.id`,
      [number],
    );
    return rows;
  });
  expect(told.map((row) => /is now: (.+?)\. http/.exec(row.body)?.[1])).toEqual([
    'Ready for trial',
    expect.stringMatching(/^Ready for pickup, balance due ₹[\d,]+(\.\d\d)?$/),
  ]);
});
