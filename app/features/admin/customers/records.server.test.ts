/**
 * The back office's customer records on a real database: found in the one list at
 * /admin/customers by name, e-mail and the phone in its common forms, with the next appointment; adding (with the shared-phone notice); a stale
 * edit refused; linking to an account by e-mail (it must exist and have no record) and
 * unlinking; deleting refused while an appointment is booked ahead; audit entries; the
 * routes' loader and intents through runAdminAction.
 */
import { and, count, eq, inArray, isNotNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Refusal } from '~/lib/refusal';
import type { Actor } from '~/lib/audit.server';
import {
  appointments,
  appointmentTypes,
  auditLog,
  customers,
  measurementPhotos,
  measurementProfiles,
  notifications,
} from '~/lib/schema.server';
import * as customerRoute from '~/routes/admin/customer';
import * as clientsRoute from '~/routes/admin/customers';
import {
  createTestApp,
  formPost,
  pageGet,
  routeOutcome,
  type TestApp,
} from '../../../../tests/support/test-app';
import { testDatabaseKind } from '../../../../tests/support/test-db';
import {
  clientIdSchema,
  createClientSchema,
  getClient,
  linkAccount,
  linkAccountSchema,
  unlinkAccount,
  updateClientSchema,
} from './records.server';
import {
  createClient,
  deleteClient,
  updateClient,
} from '~/features/customers/customers-commands.server';
import { listCustomers } from './customers.server';

let app: TestApp;
let actor: Actor;
let adminCookie: string;
const now = new Date('2025-03-10T06:30:00Z');

beforeAll(async () => {
  app = await createTestApp();
  const admin = await app.signedIn('admin', 'clients-admin@example.com');
  adminCookie = admin.cookie;
  actor = { id: admin.userId, email: 'clients-admin@example.com' };
});
afterAll(() => app?.dispose());

async function addClient(fields: Record<string, string>): Promise<{ id: number; message: string }> {
  return createClient(app.database.db, actor, createClientSchema.parse(fields));
}

async function typeId(key: string): Promise<number> {
  const [row] = await app.database.db
    .select({ id: appointmentTypes.id })
    .from(appointmentTypes)
    .where(eq(appointmentTypes.key, key));
  return row!.id;
}

async function book(
  customerId: number,
  startsAt: string,
  status: 'booked' | 'cancelled' = 'booked',
) {
  const start = new Date(startsAt);
  await app.database.db.insert(appointments).values({
    customerId,
    typeId: await typeId('consultation'),
    startsAt: start,
    endsAt: new Date(start.getTime() + 45 * 60_000),
    status,
    source: 'staff',
  });
}

async function auditCount(action: string): Promise<number> {
  const [row] = await app.database.db
    .select({ n: count() })
    .from(auditLog)
    .where(eq(auditLog.action, action));
  return Number(row!.n);
}

async function refusal(run: () => Promise<unknown>): Promise<Refusal> {
  const error = await run().then(
    () => null,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(Refusal);
  return error as Refusal;
}

describe(`bespoke clients on ${testDatabaseKind}`, () => {
  it('adds a walk-in, stores the phone as E.164 and records the change', async () => {
    const before = await auditCount('client.create');
    const { id, message } = await addClient({
      name: 'Harsh Vaghela',
      phone: '98250 11111',
      email: 'Harsh@Example.com',
      notes: 'Wedding in May',
    });
    expect(message).toBe('Added Harsh Vaghela.');
    const [row] = await app.database.db.select().from(customers).where(eq(customers.id, id));
    expect(row).toMatchObject({
      phone: '+919825011111',
      email: 'harsh@example.com',
      notes: 'Wedding in May',
      userId: null,
      notify: 'both',
    });
    expect(await auditCount('client.create')).toBe(before + 1);
  });

  it('refuses bad details with messages per field', () => {
    const result = createClientSchema.safeParse({ name: ' ', phone: '12345', email: 'nope' });
    expect(result.success).toBe(false);
    const messages = Object.fromEntries(
      result.error!.issues.map((issue) => [issue.path[0], issue.message]),
    );
    expect(messages).toEqual({
      name: "Please enter the client's name.",
      phone: 'Please enter a 10-digit Indian mobile number',
      email: 'Please enter a valid email address',
    });
  });

  it('names the record a shared phone is on, and adds a second record when told to', async () => {
    const first = await addClient({ name: 'Meena Shah', phone: '+91 98250 22222' });
    const error = await refusal(() => addClient({ name: 'Ravi Shah', phone: '098250-22222' }));
    expect(error.code).toBe('conflict');
    expect(error.field).toBe('phone');
    expect(error.message).toContain('+91 98250 22222 is already on the record of Meena Shah');
    expect(
      await app.database.db.select().from(customers).where(eq(customers.name, 'Ravi Shah')),
    ).toHaveLength(0);

    const second = await addClient({ name: 'Ravi Shah', phone: '9825022222', sharedPhone: 'on' });
    expect(second.message).toBe('Added Ravi Shah. The phone is also on another record.');
    const detail = await getClient(app.database.db, second.id, now);
    expect(detail!.samePhone).toEqual([{ id: first.id, name: 'Meena Shah' }]);
  });

  it('finds records by name, e-mail and the phone in its common forms', async () => {
    const { id } = await addClient({
      name: 'Kiran Joshi',
      phone: '97123 45678',
      email: 'kiran.joshi@example.com',
    });
    const found = async (q: string) =>
      (await listCustomers(app.database.db, { page: 1, q, now })).rows.map((row) => row.recordId);
    for (const q of [
      'kiran',
      'JOSHI',
      'kiran.joshi@',
      '9712345678',
      '97123 45678',
      '+91 97123 45678',
      '+91-97123-45678',
      '919712345678',
      '09712345678',
      '45678',
    ]) {
      expect(await found(q), q).toContain(id);
    }
    expect(await found('91234')).not.toContain(id);
    expect(await found('nobody')).toEqual([]);
    expect(await found('%')).toEqual([]);
  });

  it('shows the next booked appointment in the list', async () => {
    const { id } = await addClient({ name: 'Nikhil Rao', phone: '96000 00001' });
    await book(id, '2025-03-09T05:00:00Z'); // past
    await book(id, '2025-03-11T05:00:00Z', 'cancelled');
    await book(id, '2025-03-14T05:00:00Z');
    await book(id, '2025-03-12T05:00:00Z');
    const { rows } = await listCustomers(app.database.db, { page: 1, q: 'Nikhil', now });
    expect(rows).toEqual([
      {
        key: String(id),
        recordId: id,
        name: 'Nikhil Rao',
        phone: '+919600000001',
        email: null,
        account: null,
        createdAt: expect.any(String),
        orderCount: 0,
        paidTotalPaise: 0,
        nextAppointment: { startsAt: '2025-03-12T05:00:00.000Z', type: 'Consultation' },
      },
    ]);
    const detail = await getClient(app.database.db, id, now);
    expect(detail!.upcoming.map((a) => [a.startsAt, a.status])).toEqual([
      ['2025-03-11T05:00:00.000Z', 'cancelled'],
      ['2025-03-12T05:00:00.000Z', 'booked'],
      ['2025-03-14T05:00:00.000Z', 'booked'],
    ]);
    expect(detail!.past.map((a) => a.startsAt)).toEqual(['2025-03-09T05:00:00.000Z']);
  });

  it('saves an edit over its version and refuses a stale one, changing nothing', async () => {
    const { id } = await addClient({ name: 'Pooja Desai', phone: '95000 00001' });
    const opened = (await getClient(app.database.db, id, now))!;
    const edit = (fields: Record<string, string>) =>
      updateClient(
        app.database.db,
        actor,
        updateClientSchema.parse({
          id: String(id),
          name: opened.name,
          phone: opened.phone,
          notify: 'both',
          ...fields,
        }),
      );
    expect(
      await edit({ version: opened.version, name: 'Pooja R. Desai', notify: 'whatsapp' }),
    ).toBe('Saved Pooja R. Desai’s details.');
    const error = await refusal(() => edit({ version: opened.version, notes: 'Second tab' }));
    expect(error.code).toBe('conflict');
    expect(error.message).toMatch(/changed by someone else/);
    const after = (await getClient(app.database.db, id, now))!;
    expect(after).toMatchObject({ name: 'Pooja R. Desai', notify: 'whatsapp', notes: '' });
    expect(
      await edit({ version: after.version, name: 'Pooja R. Desai', notify: 'whatsapp' }),
    ).toMatch(/^Nothing to save/);
    expect(
      updateClientSchema.safeParse({ id: '1', name: 'A', phone: '9825011111', notify: 'sms' }).error
        ?.issues[0]?.message,
    ).toBe('Please choose e-mail, WhatsApp or both.');
  });

  it('links an existing account by e-mail once, and unlinks it', async () => {
    const { userId } = await app.signedIn('user', 'link-me@example.com');
    const { id } = await addClient({ name: 'Sagar Mehta', phone: '94000 00001' });
    const other = await addClient({ name: 'Sagar M.', phone: '94000 00002' });
    const link = (clientId: number, email: string) =>
      linkAccount(app.database.db, actor, linkAccountSchema.parse({ id: String(clientId), email }));

    const missing = await refusal(() => link(id, 'nobody@example.com'));
    expect([missing.code, missing.field, missing.message]).toEqual([
      'invalid',
      'email',
      'There is no account with the e-mail nobody@example.com.',
    ]);

    expect(await link(id, 'LINK-ME@example.com')).toBe(
      'Linked Sagar Mehta to the account link-me@example.com.',
    );
    const [linked] = await app.database.db.select().from(customers).where(eq(customers.id, id));
    expect(linked).toMatchObject({ userId, email: 'link-me@example.com' });

    const taken = await refusal(() => link(other.id, 'link-me@example.com'));
    expect(taken.code).toBe('conflict');
    expect(taken.message).toBe(`That account already has a client record: Sagar Mehta (#${id}).`);
    const twice = await refusal(() => link(id, 'link-me@example.com'));
    expect(twice.message).toBe('This record is already linked to an account. Unlink it first.');

    expect(
      await unlinkAccount(app.database.db, actor, clientIdSchema.parse({ id: String(id) })),
    ).toBe('Unlinked Sagar Mehta’s record from the account.');
    expect(await link(other.id, 'link-me@example.com')).toMatch(/^Linked Sagar M\./);
    expect(await auditCount('client.link')).toBe(2);
    expect(await auditCount('client.unlink')).toBe(1);
  });

  it('links an account to one record only when two links race', async () => {
    await app.signedIn('user', 'race-link@example.com');
    const first = await addClient({ name: 'Race One', phone: '94100 00001' });
    const second = await addClient({ name: 'Race Two', phone: '94100 00002' });
    const outcomes = await Promise.allSettled(
      [first.id, second.id].map((id) =>
        linkAccount(
          app.database.db,
          actor,
          linkAccountSchema.parse({ id: String(id), email: 'race-link@example.com' }),
        ),
      ),
    );
    expect(outcomes.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(1);
    const rejected = outcomes.find((outcome) => outcome.status === 'rejected');
    expect(rejected?.reason).toBeInstanceOf(Refusal);
    expect((rejected?.reason as Refusal).code).toBe('conflict');
    const linked = await app.database.db
      .select({ id: customers.id })
      .from(customers)
      .where(inArray(customers.id, [first.id, second.id]));
    expect(linked).toHaveLength(2);
    const [holders] = await app.database.db
      .select({ n: count() })
      .from(customers)
      .where(and(inArray(customers.id, [first.id, second.id]), isNotNull(customers.userId)));
    expect(Number(holders!.n)).toBe(1);
  });

  it('refuses to delete a record with an appointment booked ahead, then deletes it', async () => {
    const { id } = await addClient({ name: 'Tara Kapoor', phone: '93000 00001' });
    await book(id, '2025-03-08T05:00:00Z');
    await book(id, '2025-03-20T05:00:00Z');
    const [profile] = await app.database.db
      .insert(measurementProfiles)
      .values({ customerId: id, garment: 'shirt' })
      .returning();
    await app.database.db.insert(measurementPhotos).values({
      id: 'photo-tara-1',
      profileId: profile!.id,
      storageKey: 'private/measurements/photo-tara-1.webp',
      contentType: 'image/webp',
      width: 10,
      height: 10,
    });
    await app.database.db.insert(notifications).values({
      customerId: id,
      channel: 'email',
      kind: 'appointment.confirmed',
      recipient: 'tara@example.com',
      body: 'See you',
    });
    const deleted: string[] = [];
    const storage = { delete: async (key: string) => void deleted.push(key) };
    const remove = () =>
      deleteClient(app.database.db, storage, actor, clientIdSchema.parse({ id: String(id) }), now);

    const refused = await refusal(remove);
    expect([refused.code, refused.message]).toEqual([
      'conflict',
      'Tara Kapoor has an upcoming appointment. Cancel or move it before deleting the record.',
    ]);
    expect(await getClient(app.database.db, id, now)).not.toBeNull();

    await app.database.db
      .update(appointments)
      .set({ status: 'cancelled' })
      .where(and(eq(appointments.customerId, id), eq(appointments.status, 'booked')));
    expect(await remove()).toBe('Deleted Tara Kapoor’s record.');
    expect(await getClient(app.database.db, id, now)).toBeNull();
    expect(deleted).toEqual(['private/measurements/photo-tara-1.webp']);
    for (const table of [appointments, notifications, measurementProfiles] as const) {
      const [left] = await app.database.db
        .select({ n: count() })
        .from(table)
        .where(eq(table.customerId, id));
      expect(Number(left!.n)).toBe(0);
    }
    expect(await auditCount('client.delete')).toBe(1);
    expect((await refusal(remove)).code).toBe('not-found');
  });

  it('serves the routes to an administrator and answers an unknown id with 404', async () => {
    const { id } = await addClient({ name: 'Route Client', phone: '92000 00001' });
    const list = await routeOutcome(() =>
      clientsRoute.loader({
        request: pageGet('/admin/customers?q=92000', adminCookie),
        context: app.context,
        params: {},
      } as never),
    );
    expect(list.status).toBe(200);
    expect(
      (list.data as { rows: { recordId: number | null }[] }).rows.map((row) => row.recordId),
    ).toEqual([id]);
    for (const param of ['999999', 'abc', '0', '1e3']) {
      const missing = await routeOutcome(() =>
        customerRoute.loader({
          request: pageGet(`/admin/customers/${param}`, adminCookie),
          context: app.context,
          params: { id: param },
        } as never),
      );
      expect(missing.status, param).toBe(404);
    }
    const created = await routeOutcome(() =>
      clientsRoute.action({
        request: formPost(
          '/admin/customers',
          { intent: 'create-client', name: 'Via Route', phone: '+91 92000 00002' },
          adminCookie,
        ),
        context: app.context,
        params: {},
      } as never),
    );
    expect(created).toMatchObject({ status: 200, data: { ok: true, message: 'Added Via Route.' } });
    const refused = await routeOutcome(() =>
      clientsRoute.action({
        request: formPost(
          '/admin/customers',
          { intent: 'create-client', name: 'Bad Phone', phone: '12' },
          adminCookie,
        ),
        context: app.context,
        params: {},
      } as never),
    );
    expect(refused).toMatchObject({
      status: 422,
      data: { ok: false, fieldErrors: { phone: 'Please enter a 10-digit Indian mobile number' } },
    });
  });

  it('sends the account’s address to its record’s page, which shows the account', async () => {
    const { userId } = await app.signedIn('user', 'account-page@example.com');
    const { id } = await addClient({ name: 'Account Page', phone: '91000 00001' });
    await app.database.db.update(customers).set({ userId }).where(eq(customers.id, id));
    const outcome = await routeOutcome(() =>
      customerRoute.loader({
        request: pageGet(`/admin/customers/${userId}`, adminCookie),
        context: app.context,
        params: { id: userId },
      } as never),
    );
    expect(outcome).toMatchObject({ status: 302, location: `/admin/customers/${id}` });
    const page = await routeOutcome(() =>
      customerRoute.loader({
        request: pageGet(`/admin/customers/${id}`, adminCookie),
        context: app.context,
        params: { id: String(id) },
      } as never),
    );
    expect(page.data).toMatchObject({
      record: { id, name: 'Account Page' },
      account: { id: userId, email: 'account-page@example.com' },
    });
  });
});
