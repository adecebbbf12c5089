/**
 * The workshop (issue 31): the owner makes a bespoke order of a shirt at the counter, and its
 * work ticket is assigned to a tailor from the order's Tickets panel. The tailor signs in on a
 * phone (375 px) with the workshop role: the menu offers the production board, the board shows
 * the shirt as theirs, its one-tap page moves it to the next stage in one tap, and the
 * invoices and settings answer 403 with the no-access page.
 */
import { expect, test } from '@playwright/test';
import { createAccount, signedInPage, uniqueEmail, withDatabase } from './support';

const password = 'a-long-workshop-password-31';

test('a tailor with the workshop role sees the shirt assigned to them and moves it from its one-tap page on a phone', async ({
  browser,
  request,
}) => {
  test.slow();
  const ownerEmail = uniqueEmail('owner');
  const tailorEmail = uniqueEmail('tailor');
  const tailorName = `Tailor ${Date.now().toString(36)}`;
  await createAccount(request, { name: 'Shop Owner', email: ownerEmail, password, admin: true });
  await createAccount(request, {
    name: tailorName,
    email: tailorEmail,
    password,
    role: 'workshop',
  });
  const clientId = await withDatabase(async (db) => {
    const { rows } = await db.query<{ id: number }>(
      `insert into customers (name, phone, notify) values ('Jignesh Workshop', $1, 'whatsapp')
       returning id`,
      [`+9198${String(Date.now()).slice(-8)}`],
    );
    return rows[0]!.id;
  });

  // At the counter: a bespoke order of a shirt, whose ticket goes to the tailor.
  const owner = await signedInPage(browser, ownerEmail, password, { landing: /\/admin$/ });
  await owner.goto(`/admin/customers/${clientId}`);
  await owner.getByRole('link', { name: 'New bespoke order' }).click();
  await owner.getByLabel('Garment', { exact: true }).selectOption({ label: 'Shirt' });
  await owner.getByRole('button', { name: 'Choose garment' }).click();
  await owner.getByRole('radio', { name: 'In-store fabric code' }).check();
  await owner.getByRole('textbox', { name: 'Fabric code' }).fill('WS-31');
  await owner.getByRole('textbox', { name: 'Fabric name' }).fill('White poplin');
  await owner.getByLabel('Price per metre (₹)').fill('600');
  await owner.getByLabel('Address', { exact: true }).fill('9 Yagnik Road');
  await owner.getByLabel('PIN code').fill('360001');
  await owner.getByRole('button', { name: 'Create order' }).click();
  await expect(owner).toHaveURL(/\/admin\/orders\/RT-\d{6}-[2-9A-Z]{5}$/);
  const tickets = owner.getByRole('list', { name: 'Work tickets' });
  await tickets.getByLabel(/Assigned to/).selectOption({ label: tailorName });
  await tickets.getByRole('button', { name: /^Assign / }).click();
  await expect(owner.getByText(`The shirt is assigned to ${tailorName}.`)).toBeVisible();

  // The tailor, on a phone.
  const tailor = await signedInPage(browser, tailorEmail, password, {
    viewport: { width: 375, height: 740 },
    landing: /\/admin$/,
  });
  await tailor.goto('/admin/workshop');
  await expect(tailor.getByRole('heading', { name: 'Production board' })).toBeVisible();
  await expect(tailor.getByText('The garments assigned to you, by stage.')).toBeVisible();
  await expect(tailor.getByLabel('Person')).toHaveCount(0);
  const measured = tailor.getByRole('list', { name: 'Measured garments' });
  await expect(measured.getByText('Yours')).toBeVisible();
  await measured.getByRole('link', { name: 'Shirt' }).click();

  await expect(tailor.getByRole('heading', { name: /Shirt\s+for Jignesh/ })).toBeVisible();
  await tailor.getByRole('button', { name: 'Move to Cutting' }).click();
  await expect(tailor.getByRole('status')).toHaveText('The shirt is now at Cutting.');
  await expect(tailor.getByRole('button', { name: 'Move to Stitching' })).toBeVisible();

  // Nothing of the shop's money or settings.
  for (const path of ['/admin/invoices', '/admin/settings']) {
    const response = await tailor.goto(path);
    expect(response?.status(), path).toBe(403);
    await expect(tailor.getByText('You do not have access to this page.')).toBeVisible();
  }
});
