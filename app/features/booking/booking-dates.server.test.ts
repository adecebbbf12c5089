/**
 * Issue 28 item 7 on the booking pages, against a real database (PGlite, or PostgreSQL with
 * TEST_DATABASE_URL): a time on 9999-12-31 in Kolkata posted to `/book` or to the manage
 * page's reschedule, and a malformed `month` or `date` of the manage page's pickers, answer
 * 400 with a message, book and move nothing. The clock is injected.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appointments } from '~/lib/schema.server';
import { shopInstant } from '~/lib/shop-time';
import { CLIENT_IP_HEADER } from '~/lib/rate-limit.server';
import { OUTSIDE_SHOP_YEARS } from '~/lib/shop-time-input';
import {
  createTestApp,
  pageGet,
  routeOutcome,
  TEST_ORIGIN,
  type TestApp,
} from '../../../tests/support/test-app';
import { testDatabaseKind } from '../../../tests/support/test-db';
import { submitBooking, type BookingRefusal } from './booking-page.server';
import {
  answerManagePage,
  submitManage,
  type ManagePage,
  type ManageRefusal,
} from './manage-page.server';

let app: TestApp;
// Wednesday 25 November 2026, 09:00 in Rajkot.
const now = shopInstant('2026-11-25', 9 * 60);
const friday11 = shopInstant('2026-11-27', 11 * 60).toISOString();
let clients = 0;
let guests = 0;

/** The times of the report and its neighbours at the edges of the calendar. */
const EDGE_TIMES = [
  '9999-12-31T23:59:59.999Z',
  '9999-12-31T12:00:00+05:30',
  '0001-01-01T00:00:00Z',
];

function post(path: string, fields: Record<string, string>): Request {
  const body = new FormData();
  for (const [name, value] of Object.entries(fields)) body.append(name, value);
  return new Request(`${TEST_ORIGIN}${path}`, {
    method: 'POST',
    body,
    headers: { origin: TEST_ORIGIN, [CLIENT_IP_HEADER]: `198.51.100.${++clients}` },
  });
}

function guest(time: string) {
  guests += 1;
  return {
    type: 'consultation',
    time,
    name: `Edge Guest ${guests}`,
    phone: `98250 ${String(20000 + guests).slice(-5)}`,
    email: `edge${guests}@example.com`,
    notes: '',
  };
}

async function book(fields: Record<string, string>) {
  return routeOutcome(() => submitBooking(post('/book', fields), app.context, now));
}

beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.dispose());

describe(`dates at the edges on the booking pages on ${testDatabaseKind}`, () => {
  it('POST /book with a time outside the shop’s years answers 400 with a message', async () => {
    for (const time of EDGE_TIMES) {
      const answer = await book(guest(time));
      expect(answer.status, time).toBe(400);
      expect((answer.data as BookingRefusal).errors.time, time).toBe(OUTSIDE_SHOP_YEARS);
    }
    for (const time of ['2026-11-27T11:00:00', '2026-02-31T05:30:00Z', '2026-11']) {
      const answer = await book(guest(time));
      expect(answer.status, time).toBe(400);
      expect((answer.data as BookingRefusal).errors.time, time).toBe(
        'Please pick one of the times shown',
      );
    }
    expect(await app.database.db.select().from(appointments)).toEqual([]);
  });

  it('a time written in another zone books the instant it names', async () => {
    // Friday 11:00 in Kolkata, written as New York's 00:30.
    const answer = await book(guest('2026-11-27T00:30:00-05:00'));
    expect(answer.status).toBe(302);
    const [booked] = await app.database.db.select().from(appointments);
    expect(booked!.startsAt.toISOString()).toBe(friday11);
  });

  it('the manage page refuses a reschedule outside the years and malformed picker values', async () => {
    const saturday11 = shopInstant('2026-11-28', 11 * 60);
    const { location } = await book(guest(saturday11.toISOString()));
    const token = /^\/book\/manage\/([^?]+)\?booked=1$/.exec(location ?? '')![1]!;
    const here = `/book/manage/${token}`;
    for (const time of EDGE_TIMES) {
      const answer = await routeOutcome(() =>
        submitManage(post(here, { intent: 'reschedule', time }), app.context, token, now),
      );
      expect(answer.status, time).toBe(400);
      expect((answer.data as ManageRefusal).message, time).toBe(OUTSIDE_SHOP_YEARS);
    }
    const month = 'Please choose a month like 2026-11.';
    const day = 'Please choose a day like 2026-11-28.';
    for (const [query, notice] of [
      ['month=2026-11x', month],
      ['month=2026-11-99', month],
      ['month=2026-12abc', month],
      ['month=9999-12', OUTSIDE_SHOP_YEARS],
      ['date=2026-02-31', day],
      ['date=9999-12-31', OUTSIDE_SHOP_YEARS],
    ]) {
      const answer = await routeOutcome(() =>
        answerManagePage(pageGet(`${here}?reschedule=1&${query}`), app.context, token, now),
      );
      expect(answer.status, query).toBe(400);
      const page = answer.data as ManagePage;
      expect(page.reschedule?.notice, query).toBe(notice);
      // The pickers are still there, on the first month with free days.
      expect(page.reschedule?.month.key, query).toBe('2026-11');
      expect(page.reschedule?.date, query).toBeNull();
    }
    const fine = await routeOutcome(() =>
      answerManagePage(pageGet(`${here}?reschedule=1&month=2026-12`), app.context, token, now),
    );
    expect(fine.status).toBe(200);
    expect((fine.data as ManagePage).reschedule).toMatchObject({ notice: null });
    const stored = await app.database.db.select().from(appointments);
    expect(stored.map((row) => row.startsAt.toISOString()).sort()).toEqual([
      friday11,
      saturday11.toISOString(),
    ]);
  });
});
