/**
 * Merging two customer records (issue 30 item 1, decision 030): the preview's counts, the move
 * of every kind of row that references a record, blank contact fields filled and notes kept,
 * the refusals (itself, unknown, two accounts, a clashing booking, a stale preview), two merges
 * of one pair at once (one wins), the audit entry, and every foreign key to `customers` in the
 * database's catalogue handled by the merge. PGlite, or PostgreSQL with TEST_DATABASE_URL.
 */
import { and, asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Refusal, refusalStatus } from '~/lib/refusal';
import { CUSTOMER_ROW_MOVERS } from '~/features/admin/customer-merge/customer-merge.server';
import { listAppointmentTypes } from '~/features/booking/booking.server';
import { saveMeasurementVersion } from '~/features/measurements/measurements.server';
import {
  appointments,
  auditLog,
  customers,
  designs,
  invoices,
  measurementPhotos,
  measurementProfiles,
  measurementVersions,
  notifications,
  orders,
  payments,
  user,
} from '~/lib/schema.server';
import type { GarmentType } from '~/lib/schema-enums';
import {
  createTestDatabase,
  testDatabaseKind,
  type TestDatabase,
} from '../../../tests/support/test-db';
import {
  MERGE_REFUSALS,
  MERGED_REFERENCES,
  mergeCustomers,
  previewMerge,
} from './customer-merge.server';

let database: TestDatabase;
let staff: { id: string; email: string };
let typeId: number;
let n = 0;

const db = () => database.db;

async function newAccount(email: string) {
  n += 1;
  const id = `merge-user-${n}`;
  await db()
    .insert(user)
    .values({ id, name: `Account ${n}`, email, emailVerified: true });
  return id;
}

async function newRecord(values: Partial<typeof customers.$inferInsert> = {}) {
  n += 1;
  const [row] = await db()
    .insert(customers)
    .values({ name: `Client ${n}`, phone: `+9198${String(n).padStart(8, '0')}`, ...values })
    .returning();
  return row!;
}

async function measure(customerId: number, garment: GarmentType, takenAt: string, chest: number) {
  const saved = await saveMeasurementVersion(db(), {
    customerId,
    garment,
    valuesCm: { chest },
    fit: 'regular',
    posture: [],
    notes: '',
    selfMeasured: false,
    takenBy: { id: staff.id, name: 'Staff' },
  });
  await db()
    .update(measurementVersions)
    .set({ createdAt: new Date(takenAt) })
    .where(eq(measurementVersions.id, saved.versionId));
  return saved;
}

async function order(kind: 'shop' | 'bespoke', values: Partial<typeof orders.$inferInsert>) {
  n += 1;
  const [row] = await db()
    .insert(orders)
    .values({
      number: `RT-MERGE-${n}`,
      kind,
      amountPaise: 500_000,
      customerName: 'Kiran Patel',
      email: '',
      phone: '+919825012345',
      address: '12 Yagnik Road',
      city: 'Rajkot',
      state: 'Gujarat',
      pincode: '360001',
      provider: 'sandbox',
      ...values,
    })
    .returning();
  return row!;
}

async function appointment(customerId: number, startsAt: string, status = 'booked' as const) {
  const start = new Date(startsAt);
  const [row] = await db()
    .insert(appointments)
    .values({
      customerId,
      typeId,
      startsAt: start,
      endsAt: new Date(start.getTime() + 30 * 60_000),
      source: 'staff',
      status,
    })
    .returning();
  return row!;
}

async function message(customerId: number) {
  await db().insert(notifications).values({
    customerId,
    channel: 'whatsapp',
    kind: 'order.status',
    recipient: '+919825012345',
    body: 'Ready',
  });
}

/** A walk-in record with one of everything, and the kept record it duplicates. */
async function duplicatePair() {
  const accountEmail = `shopper${n + 1}@example.com`;
  const account = await newAccount(accountEmail);
  const keep = await newRecord({ name: 'Kiran Patel', email: null, notes: 'Likes a slim fit.' });
  const merge = await newRecord({
    name: 'K. Patel',
    email: 'kiran@example.com',
    emailSource: 'client',
    notes: 'Walked in on Diwali.',
    userId: account,
  });
  // Shirt on both (taken kept, merged, kept: interleaved), trouser on the merged one only.
  await measure(keep.id, 'shirt', '2026-01-10T10:00:00Z', 100);
  const mergedShirt = await measure(merge.id, 'shirt', '2026-03-10T10:00:00Z', 101);
  await measure(keep.id, 'shirt', '2026-05-10T10:00:00Z', 102);
  await measure(merge.id, 'shirt', '2026-07-10T10:00:00Z', 103);
  await measure(merge.id, 'trouser', '2026-02-01T10:00:00Z', 80);
  n += 1;
  await db()
    .insert(measurementPhotos)
    .values({
      id: `merge-photo-${n}`,
      profileId: mergedShirt.profileId,
      storageKey: `private/measurements/merge-photo-${n}.webp`,
      contentType: 'image/webp',
      width: 64,
      height: 48,
    });
  await appointment(merge.id, '2099-01-05T05:30:00Z');
  await appointment(merge.id, '2026-01-05T05:30:00Z', 'attended' as 'booked');
  await appointment(keep.id, '2099-01-05T06:30:00Z');
  const bespoke = await order('bespoke', { customerId: merge.id, userId: account });
  const keptBespoke = await order('bespoke', { customerId: keep.id });
  const shop = await order('shop', { userId: account });
  await db()
    .insert(payments)
    .values([
      {
        orderId: bespoke.id,
        kind: 'payment',
        method: 'cash',
        status: 'succeeded',
        amountPaise: 200_000,
      },
      {
        orderId: shop.id,
        kind: 'payment',
        method: 'online',
        status: 'succeeded',
        amountPaise: 500_000,
      },
    ]);
  n += 1;
  await db()
    .insert(invoices)
    .values({
      kind: 'invoice',
      number: `RT/26-27/M${n}`,
      series: 'RT',
      financialYear: '2026-27',
      sequence: n,
      orderId: shop.id,
      totalPaise: 500_000,
      document: {},
    });
  await message(merge.id);
  await message(merge.id);
  n += 1;
  await db()
    .insert(designs)
    .values({
      id: `merge-design-${n}`,
      userId: account,
      garmentType: 'shirt',
      options: {},
      estimatePaise: 300_000,
    });
  return { keep, merge, account, accountEmail, bespoke, keptBespoke, shop };
}

beforeAll(async () => {
  database = await createTestDatabase();
  const id = await newAccount('staff@example.com');
  await db().update(user).set({ role: 'admin' }).where(eq(user.id, id));
  staff = { id, email: 'staff@example.com' };
  typeId = (await listAppointmentTypes(db()))[0]!.id;
});
afterAll(() => database?.dispose());

/** The refusal a promise ends with: the status its code is answered with, and its message. */
async function refusal(promise: Promise<unknown>) {
  const error = await promise.then(
    () => null,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(Refusal);
  return { status: refusalStatus((error as Refusal).code), message: (error as Refusal).message };
}

describe(`merging customer records on ${testDatabaseKind}`, () => {
  it('handles every foreign key to customers that the database catalogue lists', async () => {
    const result = await db().execute<{ table_name: string; column_name: string }>(sql`
      select kcu.table_name, kcu.column_name
      from information_schema.table_constraints tc
      join information_schema.key_column_usage kcu
        on kcu.constraint_name = tc.constraint_name and kcu.table_schema = tc.table_schema
      join information_schema.constraint_column_usage ccu
        on ccu.constraint_name = tc.constraint_name and ccu.table_schema = tc.table_schema
      where tc.constraint_type = 'FOREIGN KEY' and ccu.table_name = 'customers'
      order by kcu.table_name, kcu.column_name`);
    const rows = (result as unknown as { rows: { table_name: string; column_name: string }[] })
      .rows;
    const found = rows.map((row) => `${row.table_name}.${row.column_name}`);
    expect(found.length).toBeGreaterThan(0);
    expect(found).toEqual([...MERGED_REFERENCES].sort());
  });

  it('will not merge unless the movers it is given move every foreign key to customers', async () => {
    const a = await newRecord();
    const b = await newRecord();
    const preview = await previewMerge(db(), { keepId: a.id, mergeId: b.id });
    await expect(
      mergeCustomers(db(), CUSTOMER_ROW_MOVERS.slice(1), staff, {
        keepId: a.id,
        mergeId: b.id,
        fingerprint: preview.fingerprint,
      }),
    ).rejects.toThrow(/needs one mover for each of/);
    // Nothing moved: both records are still there.
    const left = await db()
      .select({ id: customers.id })
      .from(customers)
      .where(sql`${customers.id} in (${a.id}, ${b.id})`);
    expect(left).toHaveLength(2);
  });

  it('previews what moves, then moves every kind, fills blank fields, keeps both notes and records one audit entry', async () => {
    const { keep, merge, account, accountEmail, bespoke, keptBespoke, shop } =
      await duplicatePair();
    const preview = await previewMerge(db(), { keepId: keep.id, mergeId: merge.id });
    expect(preview.counts).toEqual({
      measurementProfiles: 2,
      measurementVersions: 3,
      measurementPhotos: 1,
      designs: 1,
      appointments: 2,
      bespokeOrders: 1,
      shopOrders: 1,
      payments: 2,
      invoices: 1,
      messages: 2,
      notes: 1,
    });
    expect(preview.fields).toEqual([
      { field: 'name', label: 'Name', kept: 'Kiran Patel', merged: 'K. Patel', wins: 'kept' },
      expect.objectContaining({ field: 'phone', wins: 'kept' }),
      { field: 'email', label: 'E-mail', kept: null, merged: 'kiran@example.com', wins: 'merged' },
    ]);
    expect(preview.accountMoves).toBe(accountEmail);
    expect(preview.sharedGarments).toEqual(['shirt']);
    expect(preview.blockers).toEqual([]);
    expect(preview.fingerprint).toMatch(/^[0-9a-f]{64}$/);

    const [auditBefore] = await db()
      .select({ n: sql<number>`count(*)::int` })
      .from(auditLog);
    const answer = await mergeCustomers(db(), CUSTOMER_ROW_MOVERS, staff, {
      keepId: keep.id,
      mergeId: merge.id,
      fingerprint: preview.fingerprint,
    });
    expect(answer).toBe(
      'Merged K. Patel into Kiran Patel: moved 3 measurement versions, 1 fitting photo, 1 saved design, 2 appointments, 1 bespoke order, 1 shop order, 2 payments, 1 invoice or voucher, 2 messages and 1 note.',
    );

    // The merged record is gone; the kept one has the account, the e-mail it lacked, its own
    // name and phone, and both notes (with the merged record's other name and phone noted).
    expect(await db().select().from(customers).where(eq(customers.id, merge.id))).toEqual([]);
    const [kept] = await db().select().from(customers).where(eq(customers.id, keep.id));
    expect(kept).toMatchObject({
      name: 'Kiran Patel',
      phone: keep.phone,
      email: 'kiran@example.com',
      emailSource: 'client',
      userId: account,
    });
    expect(kept!.notes).toContain('Likes a slim fit.');
    expect(kept!.notes).toContain('Walked in on Diwali.');
    expect(kept!.notes).toContain(`From record #${merge.id} (K. Patel)`);

    // Measurements: the trouser moved as it was; the shirts are one profile, numbered by date.
    const profiles = await db()
      .select()
      .from(measurementProfiles)
      .where(eq(measurementProfiles.customerId, keep.id))
      .orderBy(asc(measurementProfiles.garment));
    expect(profiles.map((row) => row.garment)).toEqual(['shirt', 'trouser']);
    const shirtVersions = await db()
      .select({ version: measurementVersions.version, valuesCm: measurementVersions.valuesCm })
      .from(measurementVersions)
      .where(eq(measurementVersions.profileId, profiles[0]!.id))
      .orderBy(asc(measurementVersions.version));
    expect(shirtVersions).toEqual([
      { version: 1, valuesCm: { chest: 100 } },
      { version: 2, valuesCm: { chest: 101 } },
      { version: 3, valuesCm: { chest: 102 } },
      { version: 4, valuesCm: { chest: 103 } },
    ]);
    const photos = await db()
      .select()
      .from(measurementPhotos)
      .where(eq(measurementPhotos.profileId, profiles[0]!.id));
    expect(photos).toHaveLength(1);

    // Appointments, orders (and so their payments and invoices), messages: all on the kept one.
    const keptAppointments = await db()
      .select()
      .from(appointments)
      .where(eq(appointments.customerId, keep.id));
    expect(keptAppointments).toHaveLength(3);
    const [movedOrder] = await db().select().from(orders).where(eq(orders.id, bespoke.id));
    expect(movedOrder).toMatchObject({ customerId: keep.id, userId: account });
    // The kept record's own bespoke order joins the account it now has.
    const [ownOrder] = await db().select().from(orders).where(eq(orders.id, keptBespoke.id));
    expect(ownOrder).toMatchObject({ customerId: keep.id, userId: account });
    const [shopOrder] = await db().select().from(orders).where(eq(orders.id, shop.id));
    expect(shopOrder!.userId).toBe(account);
    const keptMessages = await db()
      .select()
      .from(notifications)
      .where(eq(notifications.customerId, keep.id));
    expect(keptMessages).toHaveLength(2);

    // One audit entry with both records before and the kept one after.
    const [auditAfter] = await db()
      .select({ n: sql<number>`count(*)::int` })
      .from(auditLog);
    expect(auditAfter!.n).toBe(auditBefore!.n + 1);
    const [entry] = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'client.merge'), eq(auditLog.entityId, String(keep.id))));
    expect(entry).toMatchObject({
      actorEmail: 'staff@example.com',
      entity: 'client',
      summary: expect.stringContaining(
        `Merged client K. Patel (#${merge.id}) into Kiran Patel (#${keep.id})`,
      ),
      before: {
        kept: expect.objectContaining({ id: keep.id, email: null, userId: null }),
        merged: expect.objectContaining({
          id: merge.id,
          userId: account,
          notes: 'Walked in on Diwali.',
        }),
      },
      after: {
        kept: expect.objectContaining({ email: 'kiran@example.com', userId: account }),
        moved: preview.counts,
        sharedGarments: ['shirt'],
      },
    });
  });

  it('never overwrites a filled field and leaves an unlinked record unlinked', async () => {
    const keep = await newRecord({
      name: 'Asha Mehta',
      email: 'asha@example.com',
      notify: 'email',
    });
    const merge = await newRecord({
      name: 'Asha M',
      email: 'asha.m@example.com',
      notify: 'whatsapp',
    });
    const preview = await previewMerge(db(), { keepId: keep.id, mergeId: merge.id });
    expect(preview.fields.map((field) => [field.field, field.wins])).toEqual([
      ['name', 'kept'],
      ['phone', 'kept'],
      ['email', 'kept'],
      ['notify', 'kept'],
    ]);
    expect(preview.counts).toMatchObject({ measurementVersions: 0, appointments: 0, notes: 0 });
    await mergeCustomers(db(), CUSTOMER_ROW_MOVERS, staff, {
      keepId: keep.id,
      mergeId: merge.id,
      fingerprint: preview.fingerprint,
    });
    const [kept] = await db().select().from(customers).where(eq(customers.id, keep.id));
    expect(kept).toMatchObject({
      name: 'Asha Mehta',
      email: 'asha@example.com',
      notify: 'email',
      userId: null,
    });
    // The other e-mail and phone are not lost: the notes name them.
    expect(kept!.notes).toContain('e-mail asha.m@example.com');
  });

  it('refuses a record into itself, an unknown record, two accounts, a clashing booking and a stale preview', async () => {
    const merges = () => db().select().from(auditLog).where(eq(auditLog.action, 'client.merge'));
    const mergesBefore = (await merges()).length;
    const a = await newRecord();
    expect(await refusal(previewMerge(db(), { keepId: a.id, mergeId: a.id }))).toEqual({
      status: 422,
      message: MERGE_REFUSALS.self,
    });
    expect(
      await refusal(
        mergeCustomers(db(), CUSTOMER_ROW_MOVERS, staff, {
          keepId: a.id,
          mergeId: a.id,
          fingerprint: 'x',
        }),
      ),
    ).toEqual({
      status: 422,
      message: MERGE_REFUSALS.self,
    });
    expect(await refusal(previewMerge(db(), { keepId: a.id, mergeId: 999_999 }))).toEqual({
      status: 404,
      message: 'Customer record #999999 does not exist.',
    });
    expect(
      (
        await refusal(
          mergeCustomers(db(), CUSTOMER_ROW_MOVERS, staff, {
            keepId: 999_998,
            mergeId: a.id,
            fingerprint: 'x',
          }),
        )
      ).status,
    ).toBe(404);

    // Two records, each the record of an account: one account would lose its record.
    const one = await newRecord({ userId: await newAccount('one@example.com') });
    const two = await newRecord({ userId: await newAccount('two@example.com') });
    const both = await previewMerge(db(), { keepId: one.id, mergeId: two.id });
    expect(both.blockers).toEqual([
      expect.stringContaining(
        'Both records are linked to different accounts (one@example.com and two@example.com)',
      ),
    ]);
    const accounts = await refusal(
      mergeCustomers(db(), CUSTOMER_ROW_MOVERS, staff, {
        keepId: one.id,
        mergeId: two.id,
        fingerprint: both.fingerprint,
      }),
    );
    expect(accounts.status).toBe(409);
    expect(accounts.message).toContain(
      'would no longer see his measurements, appointments and orders when signed in',
    );

    // A booking at the same time on both (one booking per person and time).
    const b = await newRecord();
    await appointment(a.id, '2099-02-01T05:30:00Z');
    await appointment(b.id, '2099-02-01T05:30:00Z');
    const clash = await previewMerge(db(), { keepId: a.id, mergeId: b.id });
    expect(clash.blockers).toEqual([
      expect.stringContaining('Both records have an appointment booked at'),
    ]);
    expect(
      (
        await refusal(
          mergeCustomers(db(), CUSTOMER_ROW_MOVERS, staff, {
            keepId: a.id,
            mergeId: b.id,
            fingerprint: clash.fingerprint,
          }),
        )
      ).status,
    ).toBe(409);

    // A message queued for the merged record after the preview: same kinds, new row.
    const c = await newRecord();
    await message(c.id);
    const stale = await previewMerge(db(), { keepId: a.id, mergeId: c.id });
    await message(c.id);
    expect(
      await refusal(
        mergeCustomers(db(), CUSTOMER_ROW_MOVERS, staff, {
          keepId: a.id,
          mergeId: c.id,
          fingerprint: stale.fingerprint,
        }),
      ),
    ).toEqual({ status: 409, message: MERGE_REFUSALS.stale });
    // A row replaced by another (the counts unchanged) is a change too.
    const d = await newRecord();
    await message(d.id);
    const replaced = await previewMerge(db(), { keepId: a.id, mergeId: d.id });
    await db().delete(notifications).where(eq(notifications.customerId, d.id));
    await message(d.id);
    expect((await previewMerge(db(), { keepId: a.id, mergeId: d.id })).counts.messages).toBe(
      replaced.counts.messages,
    );
    expect(
      await refusal(
        mergeCustomers(db(), CUSTOMER_ROW_MOVERS, staff, {
          keepId: a.id,
          mergeId: d.id,
          fingerprint: replaced.fingerprint,
        }),
      ),
    ).toEqual({ status: 409, message: MERGE_REFUSALS.stale });

    // Nothing of the refused merges happened.
    const left = await db()
      .select({ id: customers.id })
      .from(customers)
      .where(sql`${customers.id} in (${a.id}, ${b.id}, ${c.id}, ${d.id}, ${one.id}, ${two.id})`);
    expect(left).toHaveLength(6);
    expect(await merges()).toHaveLength(mergesBefore);
  });

  it('lets one of two merges of the same pair at once win, either way round', async () => {
    for (const reversed of [false, true]) {
      const keep = await newRecord();
      const merge = await newRecord();
      await measure(merge.id, 'kurta', '2026-04-01T10:00:00Z', 104);
      await appointment(merge.id, '2099-03-01T05:30:00Z');
      const first = await previewMerge(db(), { keepId: keep.id, mergeId: merge.id });
      const second = reversed
        ? await previewMerge(db(), { keepId: merge.id, mergeId: keep.id })
        : first;
      const results = await Promise.allSettled([
        mergeCustomers(db(), CUSTOMER_ROW_MOVERS, staff, {
          keepId: keep.id,
          mergeId: merge.id,
          fingerprint: first.fingerprint,
        }),
        reversed
          ? mergeCustomers(db(), CUSTOMER_ROW_MOVERS, staff, {
              keepId: merge.id,
              mergeId: keep.id,
              fingerprint: second.fingerprint,
            })
          : mergeCustomers(db(), CUSTOMER_ROW_MOVERS, staff, {
              keepId: keep.id,
              mergeId: merge.id,
              fingerprint: first.fingerprint,
            }),
      ]);
      expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(1);
      const [rejected] = results.filter((result) => result.status === 'rejected');
      expect(rejected!.reason).toBeInstanceOf(Refusal);
      expect([404, 409]).toContain(refusalStatus((rejected!.reason as Refusal).code));
      // One record is left, holding the kurta and the appointment; one audit entry.
      const left = await db()
        .select({ id: customers.id })
        .from(customers)
        .where(sql`${customers.id} in (${keep.id}, ${merge.id})`);
      expect(left).toHaveLength(1);
      const [profile] = await db()
        .select({ customerId: measurementProfiles.customerId })
        .from(measurementProfiles)
        .where(
          and(
            eq(measurementProfiles.customerId, left[0]!.id),
            eq(measurementProfiles.garment, 'kurta'),
          ),
        );
      expect(profile).toBeDefined();
      expect(
        await db().select().from(appointments).where(eq(appointments.customerId, left[0]!.id)),
      ).toHaveLength(1);
      const entries = await db()
        .select()
        .from(auditLog)
        .where(
          and(
            eq(auditLog.action, 'client.merge'),
            sql`${auditLog.entityId} in (${String(keep.id)}, ${String(merge.id)})`,
          ),
        );
      expect(entries).toHaveLength(1);
    }
  });
});
