/**
 * Client records and accounts (issue 28 item 1): a guest booking never changes a record, and
 * an account is linked to a record only through an e-mail that staff entered or the client
 * confirmed. The first test replays the attack of the issue end to end through the server
 * functions and route modules: a walk-in record taken over with its phone number alone.
 * PGlite, or PostgreSQL with TEST_DATABASE_URL; the clock is injected.
 */
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { linkAccount } from '~/features/admin/customers/records.server';
import { createClient, updateClient } from './customers-commands.server';
import { bookAppointment, listAppointmentTypes } from '~/features/booking/booking.server';
import { submitBooking } from '~/features/booking/booking-page.server';
import { loadManagePage } from '~/features/booking/manage-page.server';
import { shopperAppointments } from '~/features/booking/shopper-appointments.server';
import {
  saveMeasurementVersion,
  storeMeasurementPhotos,
} from '~/features/measurements/measurements.server';
import { preparePhotos } from '~/features/media/private-photos.server';
import { CLIENT_IP_HEADER } from '~/lib/rate-limit.server';
import {
  appointments,
  appointmentSlots,
  customers,
  requestLimits,
  user,
} from '~/lib/schema.server';
import { shopInstant } from '~/lib/shop-time';
import * as accountMeasurementsRoute from '~/routes/account.measurements';
import * as accountPhotoRoute from '~/routes/account.measurement-photo';
import {
  createTestApp,
  pageGet,
  routeOutcome,
  TEST_ORIGIN,
  type TestApp,
} from '../../../tests/support/test-app';
import { testDatabaseKind } from '../../../tests/support/test-db';
import { customerForUser, ensureCustomerForUser } from './customers.server';

let app: TestApp;
let staff: { id: string; email: string };
// Wednesday 25 November 2026, 09:00 in Rajkot.
const now = shopInstant('2026-11-25', 9 * 60);
const friday11 = shopInstant('2026-11-27', 11 * 60).toISOString();
let clients = 0;

/** The booking form of `/book` posted by a guest from an address of its own. */
function guestBooking(fields: { name: string; phone: string; email: string; time?: string }) {
  const body = new FormData();
  const all = { type: 'consultation', time: friday11, notes: '', ...fields };
  for (const [name, value] of Object.entries(all)) body.append(name, value);
  const request = new Request(`${TEST_ORIGIN}/book`, {
    method: 'POST',
    body,
    headers: { origin: TEST_ORIGIN, [CLIENT_IP_HEADER]: `198.51.100.${++clients}` },
  });
  return routeOutcome(() => submitBooking(request, app.context, now));
}

/** The manage token of a booking's redirect. */
function tokenOf(location: string | null | undefined): string {
  const match = /^\/book\/manage\/([^?]+)\?booked=1$/.exec(location ?? '');
  if (!match) throw new Error(`not a manage link: ${location}`);
  return match[1]!;
}

/** The fields of a record the attack must not change. */
async function recordState(id: number) {
  const [row] = await app.database.db
    .select({
      name: customers.name,
      phone: customers.phone,
      email: customers.email,
      userId: customers.userId,
      notes: customers.notes,
    })
    .from(customers)
    .where(eq(customers.id, id));
  return row;
}

const routeArgs = (path: string, cookie: string, params: Record<string, string> = {}) =>
  ({ request: pageGet(path, cookie), context: app.context, params }) as never;

beforeAll(async () => {
  app = await createTestApp();
  const admin = await app.signedIn('admin');
  staff = { id: admin.userId, email: 'admin@example.com' };
});
afterAll(() => app?.dispose());
beforeEach(async () => {
  const db = app.database.db;
  await db.delete(requestLimits);
  await db.delete(appointments);
  await db.delete(appointmentSlots);
  await db.delete(customers);
});

describe(`client records and accounts on ${testDatabaseKind}`, () => {
  it('replays the takeover: a guest booking with a walk-in’s phone and a new e-mail, then a verified account, sees nothing of the client’s and changes nothing', async () => {
    const db = app.database.db;
    // A walk-in the shop serves: phone P, no e-mail, staff notes, measurements with a
    // fitting photo, and a trial staff booked.
    const { id: clientId } = await createClient(db, staff, {
      name: 'Meera Shah',
      phone: '+919825033333',
      email: null,
      notes: 'Staff only: prefers a loose fit, pays in cash',
      sharedPhone: false,
    });
    const before = await recordState(clientId);
    const saved = await db.transaction((tx) =>
      saveMeasurementVersion(tx, {
        customerId: clientId,
        garment: 'shirt',
        valuesCm: { chest: 96, neck: 37 },
        fit: 'regular',
        posture: [],
        notes: 'Private: left shoulder lower',
        selfMeasured: false,
        takenBy: { id: staff.id, name: 'Admin' },
      }),
    );
    const png = await sharp({ create: { width: 40, height: 60, channels: 3, background: '#553' } })
      .png()
      .toBuffer();
    const [photoId] = await storeMeasurementPhotos(
      db,
      app.storage,
      saved.profileId,
      await preparePhotos([png]),
      staff.id,
    );
    const trialType = (await listAppointmentTypes(db)).find((type) => type.key === 'trial')!;
    const trial = await bookAppointment(db, {
      type: trialType,
      startsAt: shopInstant('2026-11-28', 12 * 60),
      customer: { customerId: clientId },
      by: { kind: 'staff', actor: staff },
      now,
    });

    // The attacker books on /book with the client's phone and an e-mail of their own …
    const attackerEmail = `attacker-${Date.now()}@example.com`;
    const booked = await guestBooking({
      name: 'Someone Else',
      phone: '98250 33333',
      email: attackerEmail,
    });
    expect(booked.status).toBe(302);
    // … registers that e-mail and confirms it.
    const attacker = await app.signedIn('user', attackerEmail);

    // (a) The attacker's account sees nothing of the client's.
    const linked = await customerForUser(db, attacker.userId);
    expect(linked?.id).not.toBe(clientId);
    const measurements = await routeOutcome(() =>
      accountMeasurementsRoute.loader(routeArgs('/account/measurements', attacker.cookie)),
    );
    expect(measurements.status).toBe(200);
    expect(JSON.stringify(measurements.data)).not.toContain('left shoulder');
    expect((measurements.data as { profiles: unknown[] }).profiles).toEqual([]);
    const photo = await routeOutcome(() =>
      accountPhotoRoute.loader(
        routeArgs(`/account/measurements/photos/${photoId}`, attacker.cookie, { id: photoId! }),
      ),
    );
    expect(photo.status).toBe(404);
    const list = await shopperAppointments(
      db,
      attacker.userId,
      'integration-test-link-secret',
      now,
    );
    const seen = [...list.upcoming, ...list.past];
    expect(seen.map((appointment) => appointment.id)).not.toContain(trial.id);
    expect(JSON.stringify(seen)).not.toContain('Meera');
    // The manage page of the attacker's own booking shows none of the record's fields.
    const page = await loadManagePage(
      pageGet(`/book/manage/${tokenOf(booked.location)}?booked=1`),
      app.context,
      tokenOf(booked.location),
      now,
    );
    expect(JSON.stringify(page)).not.toContain('Meera');
    // The attacker's booking is on a record of its own, not on the client's.
    const [mine] = await db
      .select({ customerId: appointments.customerId })
      .from(appointments)
      .where(eq(appointments.source, 'online'));
    expect(mine!.customerId).not.toBe(clientId);

    // (b) The client's record is unchanged: name, phone, e-mail, account, notes.
    expect(await recordState(clientId)).toEqual(before);
    expect(before).toMatchObject({ name: 'Meera Shah', email: null, userId: null });
  });

  it('books a guest on a record only when the phone and the e-mail both match it, and never changes it', async () => {
    const db = app.database.db;
    const { id: known } = await createClient(db, staff, {
      name: 'Kiran Desai',
      phone: '+919825044444',
      email: 'kiran@example.com',
      notes: '',
      sharedPhone: false,
    });
    const before = await recordState(known);
    // Same phone and e-mail (any case), another name: booked on the record, which keeps its name,
    // and the manage page shows nothing of it.
    const same = await guestBooking({
      name: 'K. Desai',
      phone: '98250 44444',
      email: 'Kiran@Example.com',
    });
    expect(same.status).toBe(302);
    const [onRecord] = await db
      .select({ customerId: appointments.customerId })
      .from(appointments)
      .where(eq(appointments.customerId, known));
    expect(onRecord).toBeDefined();
    expect(await recordState(known)).toEqual(before);
    const page = await loadManagePage(
      pageGet(`/book/manage/${tokenOf(same.location)}?booked=1`),
      app.context,
      tokenOf(same.location),
      now,
    );
    expect(JSON.stringify(page)).not.toContain('Kiran Desai');
    expect(JSON.stringify(page)).not.toContain('kiran@example.com');

    // Same phone, another e-mail: a new record; the known one is unchanged.
    const other = await guestBooking({
      name: 'Kiran Desai',
      phone: '98250 44444',
      email: 'someone.else@example.com',
      time: shopInstant('2026-11-27', 12 * 60).toISOString(),
    });
    expect(other.status).toBe(302);
    const records = await db
      .select({ id: customers.id, email: customers.email })
      .from(customers)
      .where(eq(customers.phone, '+919825044444'));
    expect(records).toHaveLength(2);
    expect(records.find((row) => row.id !== known)!.email).toBe('someone.else@example.com');
    expect(await recordState(known)).toEqual(before);
  });

  it('links an account through an e-mail staff entered, never through one a guest booking gave', async () => {
    const db = app.database.db;
    const staffEmail = `walkin-${Date.now()}@example.com`;
    const { id: walkIn } = await createClient(db, staff, {
      name: 'Walk In',
      phone: '+919825055555',
      email: staffEmail,
      notes: '',
      sharedPhone: false,
    });
    const owner = await app.signedIn('user', staffEmail);
    expect((await customerForUser(db, owner.userId))?.id).toBe(walkIn);

    // A guest booking makes a record with an e-mail nobody confirmed: registering it links
    // nothing, and the account's first booking gets a record of its own.
    const guestEmail = `guest-${Date.now()}@example.com`;
    const booked = await guestBooking({
      name: 'Guest',
      phone: '98250 66666',
      email: guestEmail,
      time: shopInstant('2026-11-26', 15 * 60).toISOString(),
    });
    expect(booked.status).toBe(302);
    const [guestRecord] = await db.select().from(customers).where(eq(customers.email, guestEmail));
    const registered = await app.signedIn('user', guestEmail);
    expect(await customerForUser(db, registered.userId)).toBeNull();
    const own = await ensureCustomerForUser(db, registered.userId, {
      name: 'Guest',
      phone: '+919825066666',
    });
    expect(own.id).not.toBe(guestRecord!.id);
    expect(own).toMatchObject({ email: guestEmail, userId: registered.userId });
    expect(await recordState(guestRecord!.id)).toMatchObject({ userId: null });

    // Staff may still link the guest's record by hand once they know it is the same person.
    const second = await app.signedIn('user');
    await linkAccount(db, staff, {
      id: guestRecord!.id,
      email: (await accountEmail(second.userId))!,
    });
    expect((await customerForUser(db, second.userId))?.id).toBe(guestRecord!.id);
  });

  it('links through a guest’s record once staff type its e-mail, and not while they only edit its name', async () => {
    const db = app.database.db;
    const email = `confirmed-${Date.now()}@example.com`;
    const booked = await guestBooking({
      name: 'Nita Rao',
      phone: '98250 77777',
      email,
      time: shopInstant('2026-11-26', 16 * 60).toISOString(),
    });
    expect(booked.status).toBe(302);
    const [record] = await db.select().from(customers).where(eq(customers.email, email));
    const edit = async (fields: { name: string; email: string }) => {
      const [current] = await db.select().from(customers).where(eq(customers.id, record!.id));
      await updateClient(db, staff, {
        id: record!.id,
        version: current!.updatedAt.toISOString(),
        phone: current!.phone,
        notes: '',
        notify: 'both',
        ...fields,
      });
    };
    await edit({ name: 'Nita R. Rao', email });
    const early = await app.signedIn('user', email);
    expect(await customerForUser(db, early.userId)).toBeNull();
    await db.delete(user).where(eq(user.id, early.userId));

    const typed = `typed-${Date.now()}@example.com`;
    await edit({ name: 'Nita R. Rao', email: typed });
    const owner = await app.signedIn('user', typed);
    expect((await customerForUser(db, owner.userId))?.id).toBe(record!.id);
  });
});

/** The e-mail of an account. */
async function accountEmail(userId: string): Promise<string | undefined> {
  const [row] = await app.database.db
    .select({ email: user.email })
    .from(user)
    .where(eq(user.id, userId));
  return row?.email;
}
