/**
 * Merging two customer records (issue 30 item 1, decision 030): a walk-in record was added at
 * the counter for someone the shop already had. Staff open the kept record, follow "Merge with
 * another record", find the walk-in by its phone, read the preview of what moves, confirm in
 * the dialog, and land on the one record left; the clients list then finds one record for the
 * phone. The phone is made up for the run, so nobody else in the shared database has it.
 */
import { expect, test } from '@playwright/test';
import { randomInt } from 'node:crypto';
import { createAccount, signedInPage, uniqueEmail, withDatabase } from './support';

const PASSWORD = 'A-long-customer-merge-passphrase-30';

test('staff merge a walk-in record into its duplicate after a preview and see one record', async ({
  browser,
  request,
}) => {
  test.slow();
  const national = `6${String(randomInt(0, 1_000_000_000)).padStart(9, '0')}`;
  const suffix = Date.now().toString(36);
  const kept = `Rakesh Joshi${suffix}`;
  const walkIn = `R. Joshi${suffix}`;
  const adminEmail = uniqueEmail('merge-admin');
  await createAccount(request, {
    name: 'Merge Admin',
    email: adminEmail,
    password: PASSWORD,
    admin: true,
  });
  const [keptId, walkInId] = await withDatabase(async (client) => {
    const insert = (name: string, email: string | null, notes: string) =>
      client
        .query<{ id: number }>(
          `insert into customers (name, phone, email, notes) values ($1, $2, $3, $4) returning id`,
          [name, `+91${national}`, email, notes],
        )
        .then((result) => result.rows[0]!.id);
    const keepId = await insert(kept, null, '');
    const mergeId = await insert(walkIn, `joshi.${suffix}@example.com`, 'Walk-in at the counter.');
    // The walk-in's booked consultation, far ahead and at a minute of its own, and one message.
    await client.query(
      `insert into appointments (customer_id, type_id, starts_at, ends_at, source)
       select $1, id, $2::timestamptz, $2::timestamptz + interval '30 minutes', 'staff'
       from appointment_types where key = 'consultation'`,
      [mergeId, new Date(Date.UTC(2099, 0, 1, 4, randomInt(0, 60 * 24 * 300))).toISOString()],
    );
    await client.query(
      `insert into notifications (customer_id, channel, kind, recipient, body)
       values ($1, 'whatsapp', 'appointment.confirmed', $2, 'Your consultation is booked.')`,
      [mergeId, `+91${national}`],
    );
    return [keepId, mergeId];
  });

  const admin = await signedInPage(browser, adminEmail, PASSWORD);
  await admin.goto(`/admin/customers/${keptId}`);
  await admin.getByRole('link', { name: 'Merge with another record' }).click();
  await expect(
    admin.getByRole('heading', { name: `Merge another record into ${kept}` }),
  ).toBeVisible();

  await admin.getByLabel('Find the other record: name, phone or e-mail').fill(`0${national}`);
  await admin.getByRole('search').getByRole('button', { name: 'Search' }).click();
  await admin.getByRole('link', { name: `Preview merging ${walkIn} (#${walkInId})` }).click();

  await expect(admin.getByRole('heading', { name: `Merge ${walkIn} into ${kept}` })).toBeVisible();
  await expect(admin.getByText('Moves 1 appointment, 1 message and 1 note.')).toBeVisible();
  await expect(
    admin.getByText(`E-mail: takes “joshi.${suffix}@example.com” (this record has none).`),
  ).toBeVisible();

  await admin.getByRole('button', { name: 'Merge records' }).click();
  const dialog = admin.getByRole('alertdialog', { name: `Merge ${walkIn} into ${kept}?` });
  await expect(dialog).toContainText('Moves 1 appointment, 1 message and 1 note');
  await dialog.getByRole('button', { name: 'Merge' }).click();

  await expect(
    admin.getByText(`Merged ${walkIn} into ${kept}: moved 1 appointment, 1 message and 1 note.`),
  ).toBeVisible();
  await expect(admin).toHaveURL(new RegExp(`/admin/customers/${keptId}$`));
  await expect(admin.getByRole('heading', { level: 1, name: kept })).toBeVisible();
  await expect(admin.getByLabel('E-mail (optional)')).toHaveValue(`joshi.${suffix}@example.com`);

  await admin.goto(`/admin/customers?q=${national}`);
  await expect(admin.getByText(`1 customer matching “${national}”`)).toBeVisible();
  await expect(admin.getByRole('link', { name: kept })).toBeVisible();
  await expect(admin.getByRole('link', { name: walkIn })).toHaveCount(0);
});
