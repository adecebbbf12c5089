/**
 * Issue 28 item 7: the dates, times and months that answered 500, each sent as the attack
 * review reported it, against a production server of this file's own whose log it reads.
 * Every one is refused with a 4xx and a message, and nothing reaches the log at error level.
 */
import { expect, test } from '@playwright/test';
import { randomBytes } from 'node:crypto';
import { randomClientIp, rawRequest, type RawResponse } from '../support/raw-http';
import { startServerProcess, type ServerProcess } from '../support/server-process';
import { TIMEOUTS } from '../support/timeouts';
import { bookGuestConsultation, insertBespokeOrder, randomMobile } from '../support/raw-booking';

test.describe.configure({ mode: 'serial' });

let server: ServerProcess;
let adminCookie = '';
const PASSWORD = 'a-long-date-attack-password-28';
const FORM = 'application/x-www-form-urlencoded';
/** The time of the report: the last millisecond of 9999 in UTC, 10000-01-01 in Kolkata. */
const LAST_MILLISECOND = '9999-12-31T23:59:59.999Z';
/** A time on 9999-12-31 in Kolkata that stays in that year in UTC too. */
const LAST_DAY_NOON = '9999-12-31T12:00:00+05:30';
/** What refuses a time outside the shop's years. */
const OUTSIDE_YEARS = 'Please choose a date from 2000 to 2099.';

function headers(extra: Record<string, string> = {}): Record<string, string> {
  return { Origin: server.url, 'X-Forwarded-For': randomClientIp(), ...extra };
}

function post(path: string, fields: Record<string, string>, cookie?: string) {
  return rawRequest(server.url, {
    method: 'POST',
    path,
    headers: headers({ 'content-type': FORM, ...(cookie ? { cookie } : {}) }),
    body: new URLSearchParams(fields).toString(),
  });
}

/** A 4xx whose body carries `message`. */
function expectRefused(answer: RawResponse, message: string, what: string) {
  expect(answer.status, what).toBeGreaterThanOrEqual(400);
  expect(answer.status, what).toBeLessThan(500);
  expect(answer.body, what).toContain(message);
}

test.beforeAll(async () => {
  test.setTimeout(TIMEOUTS.serverStart * 2);
  server = await startServerProcess();
  const email = `date-attack-admin-${randomBytes(4).toString('hex')}@example.com`;
  const signUp = await fetch(`${server.url}/api/auth/sign-up/email`, {
    method: 'POST',
    headers: headers({ 'content-type': 'application/json' }),
    body: JSON.stringify({ email, password: PASSWORD, name: 'Date Admin' }),
  });
  expect(signUp.status).toBe(200);
  await server.withDatabase((db) =>
    db.query(`update "user" set email_verified = true, role = 'admin' where email = $1`, [email]),
  );
  const signIn = await fetch(`${server.url}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: headers({ 'content-type': 'application/json' }),
    body: JSON.stringify({ email, password: PASSWORD }),
  });
  expect(signIn.status).toBe(200);
  adminCookie = signIn.headers
    .getSetCookie()
    .map((line) => line.split(';')[0]!)
    .filter((pair) => pair.includes('session_token='))
    .join('; ');
});

test.afterAll(async () => {
  await server?.stop();
});

test.afterEach(() => {
  expect(server.errors().map((line) => line.text)).toEqual([]);
});

test('POST /book with a time on 9999-12-31 is refused with a message', async () => {
  for (const time of [LAST_MILLISECOND, LAST_DAY_NOON]) {
    const answer = await post('/book', {
      type: 'consultation',
      time,
      name: 'Date Attack',
      phone: randomMobile(),
      email: `date-attack-${randomBytes(4).toString('hex')}@example.com`,
      notes: '',
    });
    expectRefused(answer, OUTSIDE_YEARS, `POST /book time=${time}`);
  }
});

test("the manage page's reschedule to 9999-12-31 and its malformed months are refused", async () => {
  const manage = await bookGuestConsultation(server.url);
  for (const time of [LAST_MILLISECOND, LAST_DAY_NOON]) {
    const answer = await post(manage, { intent: 'reschedule', time });
    expectRefused(answer, OUTSIDE_YEARS, `reschedule to ${time}`);
  }
  for (const month of ['2026-11x', '2026-11-99', '2026-12abc']) {
    const answer = await rawRequest(server.url, {
      path: `${manage}?reschedule=1&month=${month}`,
      headers: headers(),
    });
    expectRefused(answer, 'Please choose a month like 2026-11.', `month=${month}`);
  }
  // A real month still shows the pickers.
  const fine = await rawRequest(server.url, {
    path: `${manage}?reschedule=1&month=2026-12`,
    headers: headers(),
  });
  expect(fine.status).toBe(200);
});

test("the back office's new appointment and book-trial intents refuse a time on 9999-12-31", async () => {
  const number = await server.withDatabase(insertBespokeOrder);
  const { typeId } = await server.withDatabase(async (db) => {
    const { rows } = await db.query<{ id: number }>(
      `select id from appointment_types where key = 'consultation'`,
    );
    return { typeId: String(rows[0]!.id) };
  });
  for (const startsAt of [LAST_MILLISECOND, LAST_DAY_NOON]) {
    const trial = await post(
      `/admin/orders/${number}`,
      { intent: 'book-trial', number, startsAt },
      adminCookie,
    );
    expectRefused(trial, OUTSIDE_YEARS, `book-trial at ${startsAt}`);
    const booked = await post(
      '/admin/appointments/new',
      {
        intent: 'book-appointment',
        typeId,
        startsAt,
        client: 'new',
        name: 'Date Attack',
        phone: randomMobile(),
      },
      adminCookie,
    );
    expectRefused(booked, OUTSIDE_YEARS, `book-appointment at ${startsAt}`);
  }
});
