/**
 * Fixtures of the bespoke part made through a server of a test's own, for the attack and fuzz
 * tests: a guest's consultation booked over HTTP as a visitor would (its manage link is the
 * only key to it), and a bespoke order written into the database (made by staff, no garments).
 */
import { randomBytes } from 'node:crypto';
import type pg from 'pg';
import { addShopDays, shopDateOf } from '../../app/lib/shop-time';
import { randomClientIp, rawRequest } from './raw-http';

/** A random Indian mobile number as a person types it, e.g. '9812345678'. */
export function randomMobile(): string {
  return `98${String(randomBytes(4).readUInt32BE() % 100_000_000).padStart(8, '0')}`;
}

/** The first slot link's time of a `/book` page, decoded, or null when it offers none. */
function firstOfferedTime(html: string): string | null {
  const match = /[?&](?:amp;)?time=([^"&#]+)/.exec(html);
  return match ? decodeURIComponent(match[1]!) : null;
}

/**
 * Books the first free consultation two or more days ahead (past the change cut-off) as a
 * guest, through `/book` on the server at `origin`.
 * @returns the path of its manage page, '/book/manage/<token>'.
 * @throws Error when no day of the next week has a free time or the booking is refused.
 */
export async function bookGuestConsultation(origin: string): Promise<string> {
  const headers = () => ({ Origin: origin, 'X-Forwarded-For': randomClientIp() });
  let time: string | null = null;
  for (let ahead = 2; ahead < 10 && !time; ahead += 1) {
    const date = addShopDays(shopDateOf(new Date()), ahead);
    const page = await rawRequest(origin, {
      path: `/book?type=consultation&date=${date}`,
      headers: headers(),
    });
    time = firstOfferedTime(page.body);
  }
  if (!time) throw new Error('no free consultation in the next days');
  const booked = await rawRequest(origin, {
    method: 'POST',
    path: '/book',
    headers: { ...headers(), 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      type: 'consultation',
      time,
      name: 'Edge Guest',
      phone: randomMobile(),
      email: `edge-guest-${randomBytes(4).toString('hex')}@example.com`,
      notes: '',
    }).toString(),
  });
  if (booked.status !== 302 || !booked.headers.location) {
    throw new Error(`the booking at ${time} answered ${booked.status}`);
  }
  return new URL(booked.headers.location, origin).pathname;
}

/**
 * Writes a confirmed bespoke order of 1,000 rupees for a new client record.
 * @returns its number, e.g. 'RT-EDGE-1A2B3C'.
 */
export async function insertBespokeOrder(db: pg.Client): Promise<string> {
  const number = `RT-EDGE-${randomBytes(3).toString('hex').toUpperCase()}`;
  const { rows } = await db.query<{ id: number }>(
    `insert into customers (name, phone) values ('Edge Client', $1) returning id`,
    [`+91${randomMobile()}`],
  );
  await db.query(
    `insert into orders (number, amount_paise, customer_name, email, phone, address, city, state,
       pincode, provider, kind, customer_id, fulfilment_status)
     values ($1, 100000, 'Edge Client', 'edge-client@example.com', '+919825000000', 'Shop',
       'Rajkot', 'Gujarat', '360001', 'sandbox', 'bespoke', $2, 'confirmed')`,
    [number, rows[0]!.id],
  );
  return number;
}
