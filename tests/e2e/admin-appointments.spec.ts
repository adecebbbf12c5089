/**
 * The back office's appointments (issue 20 item 2, "/admin/appointments"): an administrator
 * books a walk-in client, finds the booking in the day and week views, moves it, marks another
 * attended, cancels one with a message, and sees today's on the dashboard. Days and times are
 * the shop's (Asia/Kolkata), whatever the zone of the machine running the test.
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { createAccount, signIn, uniqueEmail } from './support';

const password = 'A-long-shop-owner-passphrase-1987';

// One after another: each test registers an administrator through the embedded database's
// single wire-protocol connection, which two tests at once can break.
test.describe.configure({ mode: 'default' });

/** The shop's day now, 'YYYY-MM-DD' in Asia/Kolkata. */
function shopToday(): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata' }).format(new Date());
}

/** The day `n` days after `date`. */
function addDays(date: string, n: number): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + n)).toISOString().slice(0, 10);
}

/** A day from two days on that is not a Sunday (the shop opens at 10:00 am then). */
function weekdayAhead(): string {
  let date = addDays(shopToday(), 2);
  if (new Date(`${date}T00:00:00Z`).getUTCDay() === 0) date = addDays(date, 1);
  return date;
}

/** 'Saturday, 28 November 2026', as the screens write a shop day. */
function longDay(date: string): string {
  return new Intl.DateTimeFormat('en-IN', {
    timeZone: 'UTC',
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
  }).format(new Date(`${date}T00:00:00Z`));
}

/**
 * Fails on any serious or critical accessibility violation of the page as it is now (the toast
 * of the last action aside: axe reads it mid-animation, half transparent).
 */
async function expectAccessible(page: Page) {
  const results = await new AxeBuilder({ page })
    .exclude('[data-sonner-toaster]')
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
    .analyze();
  const serious = results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => ({
      rule: violation.id,
      help: violation.help,
      targets: violation.nodes.slice(0, 3).map((node) => node.target.join(' ')),
    }));
  expect(serious).toEqual([]);
}

/** An appointment of the day or list view, found by its client's name. */
function appointmentOf(page: Page, name: string) {
  return page
    .getByRole('list', { name: /^(Appointments on |Upcoming appointments)/ })
    .getByRole('listitem')
    .filter({ hasText: name });
}

async function signedInAdmin(page: Page, request: Parameters<typeof createAccount>[0]) {
  const email = uniqueEmail('owner');
  await createAccount(request, { name: 'Shop Owner', email, password, admin: true });
  await page.goto('/login');
  await signIn(page, email, password);
  await expect(page).toHaveURL(/\/admin$/);
}

/** Books a new walk-in client on `date` at its first free time, from the appointments page. */
async function bookWalkIn(page: Page, client: { name: string; phone: string }, date: string) {
  await page.getByRole('link', { name: 'Book an appointment' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Book an appointment' })).toBeVisible();
  await page.getByLabel('Kind of appointment').selectOption({ label: 'Consultation (45 min)' });
  await page.getByLabel('Date').fill(date);
  await page.getByRole('button', { name: 'Show times' }).click();
  await expect(page.getByText(`Consultation on ${longDay(date)}`)).toBeVisible();
  await expectAccessible(page);
  const form = page.getByRole('region', { name: '3. Time and details' });
  await form.getByLabel('Name').fill(client.name);
  await form.getByLabel('Phone').fill(client.phone);
  await form.getByRole('radio', { disabled: false }).first().check();
  await form.getByRole('button', { name: 'Book appointment' }).click();
  await expect(page.getByText(`Booked Consultation for ${client.name}`)).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/admin/appointments\\?view=day&date=${date}$`));
  await expect(page.getByRole('heading', { level: 2, name: longDay(date) })).toBeVisible();
}

test('an administrator books a walk-in client, sees it by day and week, moves it, marks another attended, cancels one with a message, and sees today’s on the dashboard', async ({
  page,
  request,
}) => {
  test.slow();
  await signedInAdmin(page, request);
  const tag = Date.now().toString(36);
  const digits = String(Date.now()).slice(-8);
  const walkIn = { name: `Harsh Walk-in ${tag}`, phone: `98${digits}` };
  const regular = { name: `Nirav Today ${tag}`, phone: `97${digits}` };
  const day = weekdayAhead();

  await page
    .getByRole('navigation', { name: 'Back office' })
    .getByRole('link', { name: 'Appointments' })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: 'Appointments' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Booking setup' })).toBeVisible();

  // A walk-in client, booked for a later day.
  await bookWalkIn(page, walkIn, day);
  const booking = appointmentOf(page, walkIn.name);
  await expect(booking).toContainText('Consultation');
  await expect(
    booking.getByRole('link', { name: `+91 ${walkIn.phone.slice(0, 5)} ${walkIn.phone.slice(5)}` }),
  ).toHaveAttribute('href', `tel:+91${walkIn.phone}`);
  await expect(booking.getByText('Booked', { exact: true })).toBeVisible();
  const bookedAt = (await booking.getByRole('heading', { level: 3 }).textContent())!;
  await expectAccessible(page);

  // The week view holds it on its day.
  await page.getByRole('navigation', { name: 'Views' }).getByRole('link', { name: 'Week' }).click();
  await expect(page.getByRole('heading', { level: 2, name: /^Week of Monday/ })).toBeVisible();
  await expect(
    page.getByRole('region', { name: longDay(day) }).getByText(walkIn.name),
  ).toBeVisible();
  await expectAccessible(page);

  // Back to its day, and moved to another time.
  await page
    .getByRole('region', { name: longDay(day) })
    .getByRole('link', { name: new RegExp(`^${longDay(day)}`) })
    .click();
  await booking.getByRole('link', { name: 'Move' }).click();
  const panel = page.getByRole('region', { name: 'Move appointment' });
  await expect(panel).toContainText(walkIn.name);
  await expect(panel.getByRole('radio', { name: /\(current\)/ })).toBeDisabled();
  await expectAccessible(page);
  await panel.getByRole('radio', { name: /^2:00 pm/ }).check();
  await panel.getByRole('button', { name: 'Move here' }).click();
  await expect(page.getByText(/^Moved to .*2:00 pm\.$/)).toBeVisible();
  await expect(panel).toBeHidden();
  await expect(booking.getByRole('heading', { level: 3 })).toHaveText(
    /^2:00 pm – 2:45 pm · Consultation$/,
  );
  expect(bookedAt).not.toMatch(/^2:00 pm/);

  // Another client today, marked attended.
  await bookWalkIn(page, regular, shopToday());
  const today = appointmentOf(page, regular.name);
  await today.getByRole('button', { name: 'Mark attended' }).click();
  await expect(page.getByText(`${regular.name}: attended`)).toBeVisible();
  await expect(today.getByText('Attended', { exact: true })).toBeVisible();
  await expect(today.getByRole('button', { name: 'Mark attended' })).toHaveCount(0);

  // The later booking cancelled with a message.
  await page.goto(`/admin/appointments?view=day&date=${day}`);
  await booking.getByRole('button', { name: 'Cancel…' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Cancel this appointment?' });
  await expect(confirm).toContainText(walkIn.name);
  await confirm
    .getByLabel('Message to the client (optional)')
    .fill('Our master tailor is away that afternoon; we will call you.');
  await confirm.getByRole('button', { name: 'Cancel appointment' }).click();
  await expect(
    page.getByText(/^Cancelled the appointment on .*with your message\.$/),
  ).toBeVisible();
  await expect(confirm).toBeHidden();
  await expect(booking.getByText('Cancelled', { exact: true })).toBeVisible();
  await expect(booking).toContainText(
    'Our master tailor is away that afternoon; we will call you.',
  );
  await expect(booking.getByRole('link', { name: 'Move' })).toHaveCount(0);

  // The list view filters by status.
  await page.goto('/admin/appointments?view=list&status=cancelled');
  await expect(appointmentOf(page, walkIn.name)).toBeVisible();
  await expect(appointmentOf(page, regular.name)).toHaveCount(0);

  // The dashboard lists today's appointments with a link to the day.
  await page
    .getByRole('navigation', { name: 'Back office' })
    .getByRole('link', { name: 'Dashboard' })
    .click();
  const todays = page.getByRole('region', { name: /^Today’s appointments \(\d+\)$/ });
  await expect(todays).toContainText(regular.name);
  await expect(todays).not.toContainText(walkIn.name);
  await expectAccessible(page);
  await todays.getByRole('link', { name: 'Day view' }).click();
  await expect(
    page.getByRole('heading', { level: 2, name: `${longDay(shopToday())} (today)` }),
  ).toBeVisible();
});

test('without JavaScript, the day, week and list views and their previous, next and today links work', async ({
  page,
  request,
  browser,
}) => {
  await signedInAdmin(page, request);
  const plain = await browser.newContext({
    javaScriptEnabled: false,
    storageState: await page.context().storageState(),
  });
  const nojs = await plain.newPage();
  const today = shopToday();
  await nojs.goto('/admin/appointments');
  await expect(
    nojs.getByRole('heading', { level: 2, name: `${longDay(today)} (today)` }),
  ).toBeVisible();

  await nojs.getByRole('link', { name: 'Next day' }).click();
  await expect(nojs).toHaveURL(new RegExp(`view=day&date=${addDays(today, 1)}$`));
  await expect(
    nojs.getByRole('heading', { level: 2, name: longDay(addDays(today, 1)) }),
  ).toBeVisible();
  await nojs.getByRole('link', { name: 'Previous day' }).click();
  await nojs.getByRole('link', { name: 'Previous day' }).click();
  await expect(
    nojs.getByRole('heading', { level: 2, name: longDay(addDays(today, -1)) }),
  ).toBeVisible();

  await nojs.getByLabel('Go to date').fill(addDays(today, 10));
  await nojs.getByRole('button', { name: 'Go' }).click();
  await expect(
    nojs.getByRole('heading', { level: 2, name: longDay(addDays(today, 10)) }),
  ).toBeVisible();

  await nojs.getByRole('navigation', { name: 'Views' }).getByRole('link', { name: 'Week' }).click();
  await expect(nojs.getByRole('heading', { level: 2, name: /^Week of Monday/ })).toBeVisible();
  await expect(nojs.getByRole('region', { name: longDay(addDays(today, 10)) })).toBeVisible();
  await nojs.getByRole('link', { name: 'Today' }).click();
  await expect(nojs.getByRole('region', { name: longDay(today) })).toBeVisible();
  await nojs.getByRole('link', { name: 'Next week' }).click();
  await expect(nojs.getByRole('region', { name: longDay(addDays(today, 7)) })).toBeVisible();

  await nojs.getByRole('navigation', { name: 'Views' }).getByRole('link', { name: 'List' }).click();
  await expect(nojs.getByRole('heading', { level: 2, name: 'Upcoming from today' })).toBeVisible();
  await nojs.getByLabel('Status').selectOption({ label: 'Cancelled' });
  await nojs.getByRole('button', { name: 'Filter' }).click();
  await expect(nojs).toHaveURL(/view=list&status=cancelled/);
  await expect(nojs.getByLabel('Status')).toHaveValue('cancelled');
  await plain.close();
});

test('a time taken while the form was open is refused with the message and other free times, one of which books', async ({
  page,
  request,
}) => {
  test.slow();
  await signedInAdmin(page, request);
  const tag = Date.now().toString(36);
  const digits = String(Date.now()).slice(-8);
  const date = addDays(weekdayAhead(), 1);
  const form = (p: Page) => p.getByRole('region', { name: '3. Time and details' });
  await page.goto(`/admin/appointments/new?type=consultation&date=${date}`);
  await expect(form(page).getByRole('radio', { name: /^5:00 pm/ })).toBeEnabled();

  // Meanwhile, another screen takes both places at 5:00 pm.
  const other = await page.context().newPage();
  for (const n of [1, 2]) {
    await other.goto(`/admin/appointments/new?type=consultation&date=${date}`);
    await form(other).getByLabel('Name').fill(`Early Caller ${n} ${tag}`);
    await form(other).getByLabel('Phone').fill(`9${n}${digits}`);
    await form(other)
      .getByRole('radio', { name: /^5:00 pm/ })
      .check();
    await form(other).getByRole('button', { name: 'Book appointment' }).click();
    await expect(other.getByText(`Booked Consultation for Early Caller ${n} ${tag}`)).toBeVisible();
  }
  await other.close();

  await form(page).getByLabel('Name').fill(`Late Caller ${tag}`);
  await form(page).getByLabel('Phone').fill(`96${digits}`);
  await form(page)
    .getByRole('radio', { name: /^5:00 pm/ })
    .check();
  await form(page).getByRole('button', { name: 'Book appointment' }).click();
  await expect(
    form(page)
      .getByRole('alert')
      .filter({ hasText: 'That time was just taken — please pick another' }),
  ).toBeVisible();
  const others = form(page).getByRole('group', { name: 'Other free times' });
  const firstOther = others.getByRole('radio').first();
  await expect(firstOther).toBeVisible();
  const otherTime = (await firstOther.evaluate((radio) => radio.parentElement?.textContent))!;
  await firstOther.check();
  await form(page).getByRole('button', { name: 'Book appointment' }).click();
  await expect(page.getByText(`Booked Consultation for Late Caller ${tag}`)).toBeVisible();
  await expect(page.getByText(`on ${otherTime}.`)).toBeVisible();
});
