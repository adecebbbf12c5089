/**
 * The shop's messages end to end (issue 20 item 4): the account's Messages section (with and
 * without JavaScript, at 375 px), and the server's job queue sending a queued appointment
 * confirmation to the e-mail outbox (with its .ics invite) and the WhatsApp outbox.
 */
import { expect, test } from '@playwright/test';
import fs from 'node:fs/promises';
import path from 'node:path';
import { createAccount, signIn, uniqueEmail, withDatabase } from './support';

const password = 'a-long-e2e-password-42';

test('a shopper chooses WhatsApp for their messages, giving their mobile, at 375 px', async ({
  page,
  request,
  browser,
}) => {
  const email = uniqueEmail('messages');
  await createAccount(request, { name: 'Kiran Desai', email, password });
  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto('/login?redirectTo=%2Faccount');
  await signIn(page, email, password);
  await expect(page).toHaveURL(/\/account$/);

  const messages = page.getByRole('region', { name: 'Messages' });
  await expect(messages.getByRole('radio', { name: /^Both/ })).toBeChecked();
  await messages.getByRole('radio', { name: /^WhatsApp/ }).check();
  await messages.getByRole('button', { name: 'Update message preference' }).click();
  await expect(messages.getByText('Please enter a 10-digit Indian mobile number')).toBeVisible();

  await messages.getByLabel('Mobile number').fill('98250 12345');
  await messages.getByRole('button', { name: 'Update message preference' }).click();
  await expect(page.getByText('Message preference saved')).toBeVisible();
  await expect(messages.getByText('WhatsApp messages go to +91 98250 12345.')).toBeVisible();
  await page.reload();
  await expect(
    page.getByRole('region', { name: 'Messages' }).getByRole('radio', { name: /^WhatsApp/ }),
  ).toBeChecked();

  // Without JavaScript the same form saves, and the page shows the choice.
  const noScript = await browser.newContext({
    javaScriptEnabled: false,
    storageState: await page.context().storageState(),
    viewport: { width: 375, height: 800 },
  });
  const plain = await noScript.newPage();
  await plain.goto('/account');
  const form = plain.getByRole('region', { name: 'Messages' });
  await form.getByRole('radio', { name: /^E-mail/ }).check();
  await form.getByRole('button', { name: 'Update message preference' }).click();
  await expect(
    plain.getByRole('region', { name: 'Messages' }).getByRole('radio', { name: /^E-mail/ }),
  ).toBeChecked();
  await plain.goto('/account');
  await expect(
    plain.getByRole('region', { name: 'Messages' }).getByRole('radio', { name: /^E-mail/ }),
  ).toBeChecked();
  await noScript.close();
});

test("the server's job queue sends a queued appointment confirmation to both outboxes", async () => {
  const email = uniqueEmail('queued');
  const phone = `+9198${String(Date.now()).slice(-8)}`;
  await withDatabase(async (client) => {
    const customer = await client.query<{ id: number }>(
      `insert into customers (name, phone, email, notify) values ('Queue Test', $1, $2, 'both')
       returning id`,
      [phone, email],
    );
    const startsAt = new Date(Date.now() + 3 * 24 * 3_600_000);
    const appointment = await client.query<{ id: number }>(
      `insert into appointments (customer_id, type_id, starts_at, ends_at, source)
       select $1, id, $2, $3, 'online' from appointment_types where key = 'consultation'
       returning id`,
      [customer.rows[0]!.id, startsAt, new Date(startsAt.getTime() + 45 * 60_000)],
    );
    await client.query(`insert into jobs (kind, payload) values ('appointment.notify', $1)`, [
      JSON.stringify({ appointmentId: appointment.rows[0]!.id, event: 'confirmed', revision: 1 }),
    ]);
  });

  const dataDir = process.env.E2E_DATA_DIR!;
  const read = async (folder: string) => {
    const dir = path.join(dataDir, folder);
    const files = await fs.readdir(dir).catch(() => [] as string[]);
    return Promise.all(files.map((file) => fs.readFile(path.join(dir, file), 'utf8')));
  };
  await expect
    .poll(async () => (await read('outbox')).filter((eml) => eml.includes(`To: ${email}`)).length)
    .toBe(1);
  const [eml] = (await read('outbox')).filter((text) => text.includes(`To: ${email}`));
  expect(eml).toMatch(/^Subject: Your consultation is booked: /m);
  expect(eml).toContain('Content-Type: text/calendar; charset=utf-8; method=REQUEST');
  expect(eml).toContain('filename=appointment.ics');

  await expect
    .poll(async () => (await read('whatsapp-outbox')).filter((json) => json.includes(phone)).length)
    .toBe(1);
  const [entry] = (await read('whatsapp-outbox'))
    .filter((json) => json.includes(phone))
    .map((json) => JSON.parse(json) as { template: string; params: string[] });
  expect(entry!.template).toBe('appointment_confirmation');
  expect(entry!.params.slice(0, 2)).toEqual(['Queue Test', 'Consultation']);
  const sent = await withDatabase(
    async (client) =>
      (
        await client.query<{ channel: string; status: string }>(
          `select channel, status from notifications where recipient in ($1, $2) order by channel`,
          [email, phone],
        )
      ).rows,
  );
  expect(sent).toEqual([
    { channel: 'email', status: 'sent' },
    { channel: 'whatsapp', status: 'sent' },
  ]);
});
