/**
 * The back office's customer records (at /admin/customers since decision 029) and booking
 * setup (issue 20 items 1 and 2), as an administrator uses them: add a walk-in customer, meet
 * the shared-phone notice, edit the record and its channel, link it to an account (then the
 * list shows them as one and the account's address leads to the record), delete a
 * record; edit an appointment type's capacity; add a closure and remove it. What the test
 * changes in the shared setup it puts back.
 */
import { expect, test, type Page } from '@playwright/test';
import { createAccount, signIn, uniqueEmail, withDatabase } from './support';

const password = 'A-long-shop-owner-passphrase-1987';

async function signedInAdmin(page: Page, request: Parameters<typeof createAccount>[0]) {
  const email = uniqueEmail('bespoke-owner');
  await createAccount(request, { name: 'Shop Owner', email, password, admin: true });
  await page.goto('/login');
  await signIn(page, email, password);
  await expect(page).toHaveURL(/\/admin$/);
}

/** A mobile number no other test uses: 9 and nine digits from the clock and a random tail. */
function uniqueMobile(): string {
  const digits = `${Date.now() % 1_000_000}${Math.floor(Math.random() * 1000)}`.padStart(9, '0');
  return `9${digits.slice(-9)}`;
}

test('an administrator adds a walk-in client, edits them, links an account and deletes a duplicate', async ({
  page,
  request,
}) => {
  test.slow();
  await signedInAdmin(page, request);
  const shopperEmail = uniqueEmail('bespoke-shopper');
  await createAccount(request, { name: 'Jignesh Parmar', email: shopperEmail, password });
  const tag = Date.now().toString(36);
  const name = `Jignesh Parmar ${tag}`;
  const mobile = uniqueMobile();
  const spaced = `${mobile.slice(0, 5)} ${mobile.slice(5)}`;

  await page
    .getByRole('navigation', { name: 'Back office' })
    .getByRole('link', { name: 'Customers' })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: 'Customers' })).toBeVisible();

  await page.getByRole('button', { name: 'Add a walk-in customer' }).click();
  let dialog = page.getByRole('dialog', { name: 'Add a walk-in customer' });
  await dialog.getByLabel('Name').fill(name);
  await dialog.getByLabel('Mobile number').fill('12345');
  await dialog.getByRole('button', { name: 'Add customer' }).click();
  await expect(dialog.getByText('Please enter a 10-digit Indian mobile number')).toBeVisible();
  await dialog.getByLabel('Mobile number').fill(spaced);
  await dialog.getByLabel('Notes (optional)').fill('Walked in for a wedding sherwani');
  await dialog.getByRole('button', { name: 'Add customer' }).click();
  await expect(page.getByText(`Added ${name}.`)).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/customers\/\d+$/);
  const clientUrl = page.url();
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(page.getByText('Walk-in customer: no account', { exact: true })).toBeVisible();

  // The list finds them by the phone written another way.
  await page.goto(`/admin/customers?q=${encodeURIComponent(`+91-${mobile}`)}`);
  await expect(page.getByRole('link', { name })).toHaveCount(1);

  // The same phone again: a notice naming and linking the record, then "Add anyway".
  await page.getByRole('button', { name: 'Add a walk-in customer' }).click();
  dialog = page.getByRole('dialog', { name: 'Add a walk-in customer' });
  await dialog.getByLabel('Name').fill(`Hetal Parmar ${tag}`);
  await dialog.getByLabel('Mobile number').fill(`0${mobile}`);
  await dialog.getByRole('button', { name: 'Add customer' }).click();
  await expect(dialog.getByText(`is already on the record of ${name}`)).toBeVisible();
  await expect(dialog.getByRole('link', { name })).toBeVisible();
  await dialog.getByLabel('Add anyway: someone else on the same phone').check();
  await dialog.getByRole('button', { name: 'Add customer' }).click();
  await expect(
    page.getByText(`Added Hetal Parmar ${tag}. The phone is also on another record.`),
  ).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: `Hetal Parmar ${tag}` })).toBeVisible();
  await expect(page.getByText(`Same phone as ${name}.`)).toBeVisible();

  // The duplicate goes, after a confirmation.
  await page.getByRole('button', { name: 'Delete client' }).click();
  const confirm = page.getByRole('alertdialog', { name: `Delete Hetal Parmar ${tag}?` });
  await confirm.getByRole('button', { name: 'Delete client' }).click();
  await expect(page.getByText(`Deleted Hetal Parmar ${tag}’s record.`)).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/customers$/);

  // Edit the details and the channel.
  await page.goto(clientUrl);
  const details = page.getByRole('region', { name: 'Details', exact: true });
  await details.getByLabel('E-mail (optional)').fill(`JIGNESH-${tag}@Example.com`);
  await details.getByLabel('WhatsApp', { exact: true }).check();
  await details.getByLabel('Notes').fill('Sherwani for 12 May; prefers evenings');
  await details.getByRole('button', { name: 'Save details' }).click();
  // A press before the page has hydrated posts the form without a script (saved, with no
  // toast), so the saved record is what this reads back.
  await expect(async () => {
    await page.reload();
    await expect(details.getByLabel('E-mail (optional)')).toHaveValue(
      `jignesh-${tag}@example.com`,
      { timeout: 1_000 },
    );
  }).toPass();
  await expect(details.getByLabel('WhatsApp', { exact: true })).toBeChecked();
  await expect(details.getByLabel('Notes')).toHaveValue('Sherwani for 12 May; prefers evenings');

  // Link the account the shop confirmed, then find the way back from the account's page.
  const account = page.getByRole('region', { name: 'Link to an account', exact: true });
  await account.getByLabel('Account e-mail').fill('nobody-here@example.com');
  await account.getByRole('button', { name: 'Link account' }).click();
  await expect(
    account.getByText('There is no account with the e-mail nobody-here@example.com.'),
  ).toBeVisible();
  await account.getByLabel('Account e-mail').fill(shopperEmail);
  await account.getByRole('button', { name: 'Link account' }).click();
  await expect(page.getByText(`Linked ${name} to the account ${shopperEmail}.`)).toBeVisible();
  const linked = page.getByRole('region', { name: 'Linked account', exact: true });
  await expect(linked.getByText(shopperEmail, { exact: false })).toBeVisible();
  // One person now: the list shows the record and its account as one row, and the account's
  // own address leads to the record's page (decision 029).
  await page.goto(`/admin/customers?q=${encodeURIComponent(shopperEmail)}`);
  await expect(page.getByText('1 customer', { exact: false })).toBeVisible();
  await page.getByRole('link', { name }).first().click();
  await expect(page).toHaveURL(clientUrl);
  const accountId = await withDatabase(async (db) => {
    const { rows } = await db.query<{ id: string }>('select id from "user" where email = $1', [
      shopperEmail,
    ]);
    return rows[0]!.id;
  });
  await page.goto(`/admin/customers/${accountId}`);
  await expect(page).toHaveURL(clientUrl);
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();

  // The measurements links lead where the measurements screens live.
  await expect(page.getByRole('link', { name: 'Record measurements' })).toHaveAttribute(
    'href',
    `${new URL(clientUrl).pathname}/measurements/new`,
  );
});

test('an administrator changes a type’s capacity and adds and removes a closure', async ({
  page,
  request,
}) => {
  test.slow();
  const [original] = await withDatabase(async (client) => {
    const result = await client.query<{ capacity: number }>(
      "select capacity from appointment_types where key = 'measurement'",
    );
    return result.rows;
  });
  try {
    await signedInAdmin(page, request);
    await page.goto('/admin/appointments/setup');
    await expect(page.getByRole('heading', { level: 1, name: 'Booking setup' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'opening hours in Settings' })).toHaveAttribute(
      'href',
      '/admin/settings',
    );

    const measurement = page.getByRole('region', { name: 'Measurement', exact: true });
    await measurement.getByLabel('Capacity').fill('51');
    await measurement.getByRole('button', { name: 'Save Measurement' }).click();
    await expect(
      measurement.getByText('The capacity must be a whole number from 1 to 50 customers at once.'),
    ).toBeVisible();
    const next = original!.capacity === 4 ? 5 : 4;
    await measurement.getByLabel('Capacity').fill(String(next));
    await measurement.getByRole('button', { name: 'Save Measurement' }).click();
    await expect(page.getByText('Saved Measurement.')).toBeVisible();
    await page.reload();
    await expect(
      page.getByRole('region', { name: 'Measurement', exact: true }).getByLabel('Capacity'),
    ).toHaveValue(String(next));

    // A whole day about a month ahead, as the shop's calendar reads it.
    const day = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata' }).format(
      new Date(Date.now() + 30 * 86_400_000),
    );
    const reason = `Family wedding ${Date.now().toString(36)}`;
    const closures = page.getByRole('region', { name: 'Closures and holidays' });
    await closures.getByLabel('From date').fill(day);
    await closures.getByLabel('Reason (optional)').fill(reason);
    await closures.getByRole('button', { name: 'Add closure' }).click();
    await expect(page.getByText(new RegExp(`^Closed .*\\(${reason}\\)\\.$`))).toBeVisible();
    const listed = closures.getByRole('listitem').filter({ hasText: reason });
    // Read back as the shop's calendar: that one day, whole, whatever the server's zone.
    const parts = Object.fromEntries(
      new Intl.DateTimeFormat('en-IN', {
        timeZone: 'Asia/Kolkata',
        weekday: 'long',
        day: 'numeric',
        month: 'long',
        year: 'numeric',
      })
        .formatToParts(new Date(`${day}T12:00:00+05:30`))
        .map((part) => [part.type, part.value]),
    );
    await expect(listed).toContainText(
      `${parts.weekday}, ${parts.day} ${parts.month} ${parts.year}, all day`,
    );
    await listed.getByRole('button', { name: /^Remove the closure/ }).click();
    await page
      .getByRole('alertdialog', { name: 'Remove this closure?' })
      .getByRole('button', { name: 'Remove closure' })
      .click();
    await expect(page.getByText(/^Removed the closure /)).toBeVisible();
    await expect(closures.getByRole('listitem').filter({ hasText: reason })).toHaveCount(0);
  } finally {
    await withDatabase((client) =>
      client.query("update appointment_types set capacity = $1 where key = 'measurement'", [
        original!.capacity,
      ]),
    );
  }
});
