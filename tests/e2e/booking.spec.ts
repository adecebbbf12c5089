/**
 * Booking an appointment (issue 20 item 2) in the browser: a guest at 375 px and without
 * JavaScript through every step of /book; two browsers after the last place of a slot; the
 * manage link's reschedule, cancel and cut-off; a signed-in shopper's appointments page; a
 * guest booking with a walk-in client's phone takes nothing of theirs (issue 28 item 1).
 * Each test picks a different day so they do not compete for the same slots.
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Browser, type Page } from '@playwright/test';
import ICAL from 'ical.js';
import { simpleParser } from 'mailparser';
import fs from 'node:fs/promises';
import path from 'node:path';
import { createAccount, signIn, uniqueClientIp, uniqueEmail, withDatabase } from './support';

const SLOT_TAKEN = 'That time was just taken — please pick another';
const CUTOFF =
  'Appointments can be changed online until 3 hours before they start. Please call us to change this one.';
const freeDays = (page: Page) => page.getByRole('link', { name: /: \d+ times? free$/ });
const freeTimes = (page: Page) =>
  page.getByRole('region', { name: /^Times on / }).getByRole('link');

/** The manage page's time of the appointment, e.g. '11:00 am – 11:45 am (India time)'. */
const shownTime = (page: Page, start: string) =>
  page.getByText(new RegExp(`^${start} – \\d{1,2}:\\d{2} [ap]m \\(India time\\)$`));

/** Fails on any serious or critical axe violation of the page as it stands. */
async function expectAccessible(page: Page) {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
    .analyze();
  const serious = results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => ({ rule: violation.id, targets: violation.nodes.map((n) => n.target) }));
  expect(serious).toEqual([]);
}

let phones = 0;
/** A valid mobile number of its own for each booking. */
function mobile(): string {
  phones += 1;
  return `98${String(Date.now() % 1_000_000).padStart(6, '0')}${String(phones % 100).padStart(2, '0')}`;
}

async function newPage(
  browser: Browser,
  options: {
    width?: number;
    height?: number;
    javaScriptEnabled?: boolean;
    timezoneId?: string;
  } = {},
) {
  const context = await browser.newContext({
    viewport: { width: options.width ?? 1280, height: options.height ?? 900 },
    javaScriptEnabled: options.javaScriptEnabled ?? true,
    timezoneId: options.timezoneId,
    extraHTTPHeaders: { 'X-Forwarded-For': uniqueClientIp() },
  });
  return { context, page: await context.newPage() };
}

/** Picks the `dayIndex`-th day with free times and its first free time, on /book?type=…. */
async function pickSlot(page: Page, dayIndex: number): Promise<string> {
  await expect(freeDays(page).first()).toBeVisible();
  const inMonth = await freeDays(page).count();
  if (dayIndex >= inMonth) {
    // Late in a month: the later days are on the next month's page.
    await page.getByRole('link', { name: 'Next month' }).click();
    await expect(page).toHaveURL(/month=/);
    await freeDays(page)
      .nth(dayIndex - inMonth)
      .click();
  } else {
    await freeDays(page).nth(dayIndex).click();
  }
  await expect(page.getByRole('heading', { name: /^Times on / })).toBeVisible();
  const time = freeTimes(page).first();
  const label = (await time.textContent())!;
  await time.click();
  await expect(page.getByRole('heading', { name: 'Your details' })).toBeVisible();
  return label;
}

async function fillGuest(page: Page, name: string) {
  await page.getByLabel('Full name').fill(name);
  await page.getByLabel('Mobile number').fill(mobile());
  await page.getByLabel('E-mail').fill(uniqueEmail('booking'));
}

/** Books a consultation as a guest on the `dayIndex`-th free day; ends on the manage page. */
async function bookAsGuest(page: Page, dayIndex: number, name = 'Asha Mehta'): Promise<void> {
  await page.goto('/book?type=consultation');
  await pickSlot(page, dayIndex);
  await fillGuest(page, name);
  await page.getByRole('button', { name: 'Confirm booking' }).click();
  await expect(page.getByRole('status').getByText('You are booked')).toBeVisible();
}

test('a guest books a consultation at 375 px from the services page and sees the confirmation', async ({
  browser,
}) => {
  // A browser in another zone still reads the shop's (Asia/Kolkata) days and times.
  const { context, page } = await newPage(browser, {
    width: 375,
    height: 812,
    timezoneId: 'America/New_York',
  });
  await page.goto('/services');
  await page.getByRole('main').getByRole('link', { name: 'Book Consultation' }).click();
  await expect(page).toHaveURL(/\/book\?type=consultation$/);
  await expect(page.getByRole('heading', { name: 'Book an appointment', level: 1 })).toBeVisible();
  await expect(page.getByText('Consultation', { exact: true })).toBeVisible();
  const time = await pickSlot(page, 1);
  await expect(page.getByText(new RegExp(`^Consultation on .+ at ${time}$`))).toBeVisible();
  await expectAccessible(page);
  const email = uniqueEmail('booking');
  const phone = mobile();
  await page.getByLabel('Full name').fill('Asha Mehta');
  await page.getByLabel('Mobile number').fill(phone);
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Notes (optional)').fill('A suit for my brother’s wedding');
  await page.getByRole('button', { name: 'Confirm booking' }).click();
  await expect(page).toHaveURL(/\/book\/manage\/\d+\.[0-9a-f]{32}\?booked=1$/);
  await expect(page.getByRole('status').getByText('You are booked')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Your consultation' })).toBeVisible();
  await expect(shownTime(page, time)).toBeVisible();
  await expect(page.getByText('Rajkot', { exact: false }).first()).toBeVisible();
  await expect(page.getByRole('link', { name: 'Add to calendar' })).toBeVisible();
  await expectAccessible(page);
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(375);
  const ics = await page.request.get(
    (await page.getByRole('link', { name: 'Add to calendar' }).getAttribute('href'))!,
  );
  expect(ics.headers()['content-type']).toContain('text/calendar');
  expect(await ics.text()).toContain('SUMMARY:Consultation at');
  await context.close();

  // The confirmation reaches the e-mail outbox with a valid invite for the booked time, and the
  // WhatsApp outbox (no token in the test server), through the server's job queue.
  const startsAt = await withDatabase(
    async (client) =>
      (
        await client.query<{ starts_at: Date }>(
          `select a.starts_at from appointments a join customers c on c.id = a.customer_id
           where c.email = $1`,
          [email],
        )
      ).rows[0]!.starts_at,
  );
  const outbox = async (folder: string) => {
    const dir = path.join(process.env.E2E_DATA_DIR!, folder);
    const files = await fs.readdir(dir).catch(() => [] as string[]);
    return Promise.all(files.map((file) => fs.readFile(path.join(dir, file), 'utf8')));
  };
  await expect
    .poll(async () => (await outbox('outbox')).filter((eml) => eml.includes(`To: ${email}`)))
    .toHaveLength(1);
  const [eml] = (await outbox('outbox')).filter((text) => text.includes(`To: ${email}`));
  const mail = await simpleParser(eml!);
  expect(mail.subject).toMatch(/^Your consultation is booked: /);
  const invite = mail.attachments.find((a) => a.contentType.startsWith('text/calendar'));
  expect(invite, 'the e-mail carries an .ics invite').toBeDefined();
  const calendar = new ICAL.Component(ICAL.parse(invite!.content.toString('utf8')));
  expect(calendar.getFirstPropertyValue('method')).toBe('REQUEST');
  const event = new ICAL.Event(calendar.getFirstSubcomponent('vevent')!);
  expect(event.startDate.toJSDate().toISOString()).toBe(startsAt.toISOString());
  expect(event.endDate.toJSDate().getTime() - startsAt.getTime()).toBe(45 * 60_000);
  expect(event.summary).toMatch(/^Consultation at /);
  await expect
    .poll(async () =>
      (await outbox('whatsapp-outbox'))
        .map((json) => JSON.parse(json) as { to: string; template: string })
        .filter((message) => message.to.endsWith(phone.slice(-10))),
    )
    .toEqual([expect.objectContaining({ template: 'appointment_confirmation' })]);
});

test('the booking path works without JavaScript', async ({ browser }) => {
  const { context, page } = await newPage(browser, { javaScriptEnabled: false });
  // Free places change with every booking: the page cache never keeps a step.
  const first = await page.goto('/book');
  expect(first!.headers()['cache-control']).toBe('private, no-store');
  expect((await page.goto('/book'))!.headers()['x-page-cache']).toBe('miss');
  await page.getByRole('link', { name: /^Consultation/ }).click();
  await expect(page).toHaveURL(/type=consultation/);
  await pickSlot(page, 2);
  await fillGuest(page, 'Nikhil Shah');
  await page.getByRole('button', { name: 'Confirm booking' }).click();
  await expect(page.getByRole('status').getByText('You are booked')).toBeVisible();
  // A bad phone is refused by the server with its message, the rest kept.
  await page.goto('/book?type=consultation');
  await pickSlot(page, 2);
  await page.getByLabel('Full name').fill('Nikhil Shah');
  await page.getByLabel('Mobile number').fill('12345');
  await page.getByLabel('E-mail').fill('nikhil@example.com');
  await page.getByRole('button', { name: 'Confirm booking' }).click();
  await expect(page.getByText('Please enter a 10-digit Indian mobile number')).toBeVisible();
  await expect(page.getByLabel('E-mail')).toHaveValue('nikhil@example.com');
  await context.close();
});

test('two browsers after the last place of a slot: one books, the other is offered other times', async ({
  browser,
}) => {
  await withDatabase((db) =>
    db.query(`update appointment_types set capacity = 1 where key = 'trial'`),
  );
  try {
    const first = await newPage(browser);
    const second = await newPage(browser);
    const pages = [first.page, second.page];
    for (const page of pages) await page.goto('/book?type=trial');
    const time = await pickSlot(first.page, 0);
    await second.page.goto(first.page.url());
    for (const [n, page] of pages.entries()) await fillGuest(page, `Racer ${n + 1}`);
    await Promise.all(
      pages.map((page) => page.getByRole('button', { name: 'Confirm booking' }).click()),
    );
    const outcomes = await Promise.all(
      pages.map(async (page) => {
        const won = page.getByRole('status').getByText('You are booked');
        const lost = page.getByRole('alert').getByText(SLOT_TAKEN, { exact: true });
        await expect(won.or(lost)).toBeVisible();
        return (await won.isVisible()) ? 'won' : 'lost';
      }),
    );
    expect([...outcomes].sort()).toEqual(['lost', 'won']);
    const lostPage = pages[outcomes.indexOf('lost')]!;
    const others = lostPage.getByRole('group', { name: 'Other free times' }).getByRole('radio');
    await expect(others.first()).toBeVisible();
    expect(await others.count()).toBeGreaterThan(1);
    await expect(lostPage.getByLabel('Full name')).toHaveValue(/^Racer /);
    // The times offered come after the one just taken.
    await expect(others.first()).not.toHaveAccessibleName(new RegExp(`^${time} `));
    await others.first().check();
    await lostPage.getByRole('button', { name: 'Confirm booking' }).click();
    await expect(lostPage.getByRole('status').getByText('You are booked')).toBeVisible();
    await first.context.close();
    await second.context.close();
  } finally {
    await withDatabase((db) =>
      db.query(`update appointment_types set capacity = 2 where key = 'trial'`),
    );
  }
});

test('the manage link reschedules and cancels, and refuses both after the cut-off', async ({
  browser,
}) => {
  const { context, page } = await newPage(browser);
  await bookAsGuest(page, 3);
  await page.getByRole('link', { name: 'Reschedule' }).click();
  await freeDays(page).nth(1).click();
  const form = page.getByRole('form', { name: 'New time' });
  const newTime = form.getByRole('button').first();
  const label = (await newTime.textContent())!;
  await newTime.click();
  await expect(page.getByRole('status').getByText('Your appointment was moved')).toBeVisible();
  await expect(shownTime(page, label)).toBeVisible();
  await page.getByRole('link', { name: 'Cancel appointment' }).click();
  await page.getByRole('button', { name: 'Yes, cancel it' }).click();
  await expect(page.getByRole('status').getByText('Your appointment was cancelled')).toBeVisible();
  await expect(page.getByText('Cancelled', { exact: true })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Reschedule' })).toHaveCount(0);

  // Another booking, moved by the shop to start within the cut-off (3 h).
  await bookAsGuest(page, 3, 'Late Visitor');
  const manage = page.url().replace(/\?.*$/, '');
  const id = Number(/\/book\/manage\/(\d+)\./.exec(manage)![1]);
  await withDatabase((db) =>
    db.query(
      `update appointments set starts_at = now() + interval '1 hour', ends_at = now() + interval '105 minutes' where id = $1`,
      [id],
    ),
  );
  await page.goto(manage);
  await expect(page.getByText(CUTOFF)).toBeVisible();
  await expect(page.getByRole('link', { name: 'Reschedule' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Cancel appointment' })).toHaveCount(0);
  const refused = await page.request.post(manage, {
    form: { intent: 'cancel' },
    headers: { Origin: new URL(manage).origin },
  });
  expect(refused.status()).toBe(409);
  expect(await refused.text()).toContain(CUTOFF);
  await page.goto(manage);
  await expect(page.getByText('Booked', { exact: true })).toBeVisible();
  await context.close();
});

test('a signed-in shopper books with their details filled in and finds it under Your Appointments', async ({
  browser,
  request,
}) => {
  const email = uniqueEmail('booker');
  const password = 'a-long-booking-password-9';
  await createAccount(request, { name: 'Meera Joshi', email, password });
  const { context, page } = await newPage(browser);
  await page.goto('/account/appointments');
  await signIn(page, email, password);
  await expect(page.getByRole('heading', { name: 'Your Appointments' })).toBeVisible();
  await expect(page.getByText('No appointments yet')).toBeVisible();
  await page.goto('/book?type=measurement');
  await pickSlot(page, 5);
  await expect(page.getByLabel('Full name')).toHaveValue('Meera Joshi');
  await expect(page.getByText(`We will e-mail the confirmation to ${email}.`)).toBeVisible();
  await page.getByLabel('Mobile number').fill(mobile());
  await page.getByRole('button', { name: 'Confirm booking' }).click();
  await expect(page.getByRole('status').getByText('You are booked')).toBeVisible();
  await page.goto('/account');
  await page.getByRole('link', { name: /^Appointments/ }).click();
  const upcoming = page.getByRole('region', { name: 'Upcoming' });
  await expect(upcoming.getByText('Measurement')).toBeVisible();
  await expect(upcoming.getByRole('link', { name: /^Reschedule Measurement on / })).toBeVisible();
  await upcoming.getByRole('link', { name: /^Cancel Measurement on / }).click();
  await page.getByRole('button', { name: 'Yes, cancel it' }).click();
  await expect(page.getByRole('status').getByText('Your appointment was cancelled')).toBeVisible();
  await page.goto('/account/appointments');
  await expect(
    page
      .getByRole('region', { name: 'Past and cancelled' })
      .getByText('Cancelled', { exact: true }),
  ).toBeVisible();
  await context.close();
});

test('a product cut to measure links to booking a measurement about it', async ({ page }) => {
  const [product] = await withDatabase(
    async (db) =>
      (
        await db.query<{ id: number; name: string }>(
          `select p.id, p.name from products p join categories c on c.id = p.category_id
            where c.slug = 'fabrics' and p.is_active order by p.id limit 1`,
        )
      ).rows,
  );
  await page.goto(`/product/${product!.id}`);
  await page.getByRole('link', { name: 'Book a measurement' }).click();
  await expect(page.getByText(`About: ${product!.name}`)).toBeVisible();
  await expect(page.getByText('Measurement', { exact: true })).toBeVisible();
});

test('a guest booking with a walk-in client’s phone and a new e-mail takes nothing of the client’s, even after verifying that e-mail (issue 28)', async ({
  browser,
  request,
}) => {
  // A walk-in the shop serves: phone, no e-mail, staff notes, a measurement and a trial.
  const phone = mobile();
  const clientId = await withDatabase(async (db) => {
    const { rows } = await db.query<{ id: number }>(
      `insert into customers (name, phone, notes) values ('Meera Walkin', $1, 'Staff only: pays in cash') returning id`,
      [`+91${phone}`],
    );
    const id = rows[0]!.id;
    const profile = await db.query<{ id: number }>(
      `insert into measurement_profiles (customer_id, garment) values ($1, 'shirt') returning id`,
      [id],
    );
    await db.query(
      `insert into measurement_versions (profile_id, version, values_cm, notes, taken_by_name)
       values ($1, 1, '{"chest": 96, "neck": 37}', 'Private: left shoulder lower', 'Staff')`,
      [profile.rows[0]!.id],
    );
    await db.query(
      `insert into appointments (customer_id, type_id, starts_at, ends_at, source)
       select $1, id, now() + interval '5 days', now() + interval '5 days 1 hour', 'staff'
       from appointment_types where key = 'trial'`,
      [id],
    );
    return id;
  });
  const recordOf = () =>
    withDatabase(async (db) => {
      const { rows } = await db.query(
        `select name, phone, email, user_id, notes from customers where id = $1`,
        [clientId],
      );
      return rows[0];
    });
  const before = await recordOf();

  // The attacker books on /book with that phone and an e-mail of their own …
  const email = uniqueEmail('taker');
  const { context, page } = await newPage(browser);
  await page.goto('/book?type=consultation');
  await pickSlot(page, 6);
  await page.getByLabel('Full name').fill('Someone Else');
  await page.getByLabel('Mobile number').fill(phone);
  await page.getByLabel('E-mail').fill(email);
  await page.getByRole('button', { name: 'Confirm booking' }).click();
  await expect(page.getByRole('status').getByText('You are booked')).toBeVisible();
  await expect(page.getByText('Meera Walkin')).toHaveCount(0);

  // … registers that e-mail and confirms it from the outbox, and signs in.
  const password = 'a-long-takeover-password-7';
  await createAccount(request, { name: 'Someone Else', email, password });
  await page.goto('/account/measurements');
  await signIn(page, email, password);
  await expect(page.getByRole('heading', { name: 'Your measurements' })).toBeVisible();
  await expect(page.getByText(/^No measurements yet/)).toBeVisible();
  await expect(page.getByText('left shoulder')).toHaveCount(0);
  await page.goto('/account/appointments');
  await expect(page.getByText('No appointments yet')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Upcoming' })).toHaveCount(0);

  // The client's record is as it was: name, phone, e-mail, account and notes.
  expect(await recordOf()).toEqual(before);
  expect(before).toMatchObject({ name: 'Meera Walkin', email: null, user_id: null });
  await context.close();
});
