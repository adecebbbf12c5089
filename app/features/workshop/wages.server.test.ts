/**
 * Piece rates and the workers' month (issue 31 item 8): rates from a day (a new rate never
 * rewrites a credit), a finished stage credited to its assignee (or to whoever finished an
 * unassigned one) once only, a stage visited again earning again, Kolkata month boundaries, and
 * payments against the balance brought and carried forward; the dues page as owner and worker.
 */
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auditLog,
  bespokeGarments,
  customers,
  orders,
  user,
  workTickets,
  workshopCredits,
} from '~/lib/schema.server';
import { seedStyleOptions } from '~/seed/seed.server';
import { Refusal } from '~/lib/refusal';
import {
  createBespokeOrder,
  createBespokeOrderSchema,
} from '~/features/bespoke/bespoke-orders.server';
import * as duesRoute from '~/routes/admin/workshop-dues';
import * as duesCsvRoute from '~/routes/admin/workshop-dues-csv';
import {
  createTestApp,
  pageGet,
  routeOutcome,
  type TestApp,
} from '../../../tests/support/test-app';
import { testDatabaseKind } from '../../../tests/support/test-db';
import { assignTicket, moveTicket, workshopHooks, type WorkshopActor } from './tickets.server';
import type { WorkStage } from './stages';
import {
  creditFinishedStages,
  monthDues,
  pieceRatesFormSchema,
  rateInEffect,
  recordWorkerPayment,
  savePieceRates,
  workerPaymentFormSchema,
} from './wages.server';

let app: TestApp;
let owner: { cookie: string; userId: string };
let suresh: { cookie: string; userId: string };
let mohan: { cookie: string; userId: string };
let clientId: number;

const site = {
  publicUrl: 'http://shop.test',
  linkSecret: 'integration-test-link-secret',
  shopName: 'Test Tailors',
};
const ownerActor = (): WorkshopActor => ({
  id: owner.userId,
  email: 'owner@example.com',
  name: 'Master Tailor',
});

/** A bespoke shirt order made as the back office makes it; its garment's id. */
async function shirt(): Promise<number> {
  const db = app.database.db;
  const input = createBespokeOrderSchema.parse({
    customerId: String(clientId),
    address: '12 Race Course Road',
    city: 'Rajkot',
    pincode: '360001',
    promisedOn: '',
    garmentType: 'shirt',
    fabricSource: 'store',
    fabricCode: 'RJK-7',
    fabricName: 'Cream cotton',
    fabricPrice: '800',
  });
  const { number } = await createBespokeOrder(
    db,
    ownerActor(),
    input,
    'sandbox',
    new Date(),
    workshopHooks,
  );
  const [garment] = await db
    .select({ id: bespokeGarments.id })
    .from(bespokeGarments)
    .innerJoin(orders, eq(orders.id, bespokeGarments.orderId))
    .where(eq(orders.number, number));
  return garment!.id;
}

/** Moves garment `garmentId` to `toStage` at `at` (ISO), as `actor`. */
async function move(garmentId: number, toStage: WorkStage, at: string, actor = ownerActor()) {
  const [ticket] = await app.database.db
    .select({ version: workTickets.version })
    .from(workTickets)
    .where(eq(workTickets.garmentId, garmentId));
  return moveTicket(
    app.database.db,
    { garmentId, toStage, expectedVersion: ticket!.version, actor },
    site,
    new Date(at),
  );
}

/** Sets rates (rupees as typed) of a worker from a day, as the owner's form does. */
function setRates(workerId: string, effectiveFrom: string, rates: Record<string, string>) {
  return savePieceRates(
    app.database.db,
    ownerActor(),
    pieceRatesFormSchema.parse({ workerId, effectiveFrom, ...rates }),
  );
}

async function creditsOf(garmentId: number) {
  return app.database.db
    .select()
    .from(workshopCredits)
    .where(eq(workshopCredits.garmentId, garmentId))
    .orderBy(asc(workshopCredits.id));
}

beforeAll(async () => {
  app = await createTestApp();
  const db = app.database.db;
  await seedStyleOptions(db);
  owner = await app.signedIn('admin', 'owner@example.com');
  suresh = await app.signedIn('workshop', 'suresh@example.com');
  mohan = await app.signedIn('workshop', 'mohan@example.com');
  await db.update(user).set({ name: 'Suresh' }).where(eq(user.id, suresh.userId));
  await db.update(user).set({ name: 'Mohan' }).where(eq(user.id, mohan.userId));
  const [client] = await db
    .insert(customers)
    .values({ name: 'Ravi Patel', phone: '+919825011111', notify: 'whatsapp' })
    .returning();
  clientId = client!.id;
  // Suresh cuts and alters shirts; Mohan stitches them. November's rates, raised in December.
  await setRates(suresh.userId, '2026-11-01', {
    'rate-shirt-cutting': '120',
    'rate-shirt-alteration': '40.50',
  });
  await setRates(mohan.userId, '2026-11-01', { 'rate-shirt-stitching': '300' });
  await setRates(suresh.userId, '2026-12-01', { 'rate-shirt-cutting': '150' });
});
afterAll(() => app?.dispose());

describe(`piece rates and the workers' month on ${testDatabaseKind}`, () => {
  it('takes the rate in effect on the day; the same day replaces; an unchanged form changes nothing', async () => {
    const db = app.database.db;
    const rate = (on: string) => rateInEffect(db, suresh.userId, 'shirt', 'cutting', on);
    expect(await rate('2026-10-31')).toBeNull();
    expect(await rate('2026-11-01')).toBe(12_000);
    expect(await rate('2026-11-30')).toBe(12_000);
    expect(await rate('2026-12-01')).toBe(15_000);
    expect(await rateInEffect(db, suresh.userId, 'shirt', 'alteration', '2026-12-15')).toBe(4_050);
    expect(await rateInEffect(db, mohan.userId, 'shirt', 'cutting', '2026-12-15')).toBeNull();

    expect(await setRates(suresh.userId, '2026-11-01', { 'rate-shirt-cutting': '120' })).toBe(
      'Nothing changed.',
    );
    expect(await setRates(suresh.userId, '2027-01-01', { 'rate-kurta-cutting': '0' })).toBe(
      'Nothing changed.',
    );
    const [audits] = await db
      .select({ summary: auditLog.summary })
      .from(auditLog)
      .where(and(eq(auditLog.action, 'workshop.piece-rates'), eq(auditLog.entityId, mohan.userId)));
    expect(audits!.summary).toBe('Set 1 piece rate of Mohan from 2026-11-01');
  });

  it('refuses a rate for someone without the workshop role, and an unreadable rate', async () => {
    await expect(
      setRates(owner.userId, '2026-11-01', { 'rate-shirt-cutting': '10' }),
    ).rejects.toThrow(
      new Refusal('invalid', 'Please choose a worker with the workshop role.', 'workerId'),
    );
    const parsed = pieceRatesFormSchema.safeParse({
      workerId: suresh.userId,
      effectiveFrom: '2026-11-01',
      'rate-shirt-cutting': 'ten',
    });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]?.path).toEqual(['rate-shirt-cutting']);
  });

  it('credits a finished stage to its assignee, or to whoever finished an unassigned one, once', async () => {
    const db = app.database.db;
    const garmentId = await shirt();
    // Measured → cutting: the measuring has no rate, so nothing is credited.
    await move(garmentId, 'cutting', '2026-11-10T05:00:00Z');
    expect(await creditsOf(garmentId)).toEqual([]);
    // Unassigned cutting, finished by Suresh himself on his phone: his.
    const sureshActor = { id: suresh.userId, email: 'suresh@example.com', name: 'Suresh' };
    await move(garmentId, 'stitching', '2026-11-11T05:00:00Z', sureshActor);
    // Stitching assigned to Mohan, moved on by the owner: Mohan's.
    await assignTicket(db, { garmentId, assigneeId: mohan.userId, actor: ownerActor() });
    const finishedAt = '2026-11-12T05:00:00Z';
    await move(garmentId, 'finishing', finishedAt);
    const credits = await creditsOf(garmentId);
    expect(credits.map((row) => [row.workerId, row.stage, row.amountPaise, row.earnedOn])).toEqual([
      [suresh.userId, 'cutting', 12_000, '2026-11-11'],
      [mohan.userId, 'stitching', 30_000, '2026-11-12'],
    ]);

    // A replay of the same move's credit changes nothing; a stale page's move is refused.
    const [ticket] = await db
      .select()
      .from(workTickets)
      .where(eq(workTickets.garmentId, garmentId));
    expect(
      await creditFinishedStages(
        db,
        { ...ticket!, garmentType: 'shirt', number: 'X' },
        garmentId,
        owner.userId,
        new Date(finishedAt),
      ),
    ).toBe(0);
    await expect(
      moveTicket(
        db,
        { garmentId, toStage: 'trial', expectedVersion: ticket!.version - 1, actor: ownerActor() },
        site,
        new Date('2026-11-12T06:00:00Z'),
      ),
    ).rejects.toThrow(Refusal);
    expect(await creditsOf(garmentId)).toHaveLength(2);

    // A new rate later does not rewrite what was earned.
    await setRates(mohan.userId, '2026-11-01', { 'rate-shirt-stitching': '350' });
    expect((await creditsOf(garmentId)).map((row) => row.amountPaise)).toEqual([12_000, 30_000]);
    await setRates(mohan.userId, '2026-11-01', { 'rate-shirt-stitching': '300' });
  });

  it('credits each alteration again: a stage visited twice is two stages', async () => {
    const db = app.database.db;
    const garmentId = await shirt();
    await assignTicket(db, { garmentId, assigneeId: suresh.userId, actor: ownerActor() });
    await move(garmentId, 'trial', '2026-11-20T05:00:00Z');
    await move(garmentId, 'alteration', '2026-11-21T05:00:00Z');
    await move(garmentId, 'trial', '2026-11-22T05:00:00Z');
    await move(garmentId, 'alteration', '2026-11-23T05:00:00Z');
    await move(garmentId, 'trial', '2026-11-24T05:00:00Z');
    const credits = await creditsOf(garmentId);
    expect(credits.map((row) => [row.stage, row.amountPaise, row.earnedOn])).toEqual([
      ['alteration', 4_050, '2026-11-22'],
      ['alteration', 4_050, '2026-11-24'],
    ]);
    // Clean up for the month's figures below.
    await db.delete(workshopCredits).where(eq(workshopCredits.garmentId, garmentId));
  });

  it('counts a stage in the Kolkata month it ended, and carries the balance with the payments', async () => {
    const db = app.database.db;
    await db.delete(workshopCredits);
    const late = await shirt();
    const early = await shirt();
    for (const garmentId of [late, early]) {
      await assignTicket(db, { garmentId, assigneeId: suresh.userId, actor: ownerActor() });
    }
    // 23:45 on 30 November in Kolkata (18:15 UTC): November, at November's rate.
    await move(late, 'cutting', '2026-11-30T18:00:00Z');
    await move(late, 'stitching', '2026-11-30T18:15:00Z');
    // 00:15 on 1 December in Kolkata (18:45 UTC on 30 November): December, at December's rate.
    await move(early, 'cutting', '2026-11-30T18:30:00Z');
    await move(early, 'stitching', '2026-11-30T18:45:00Z');

    const pay = (amount: string, paidOn: string, method = 'cash') =>
      recordWorkerPayment(
        db,
        ownerActor(),
        workerPaymentFormSchema.parse({
          workerId: suresh.userId,
          amount,
          method,
          reference: 'UTR 4411',
          paidOn,
        }),
        new Date('2026-12-31T12:00:00Z'),
      );
    expect(await pay('100', '2026-11-30')).toBe('Recorded ₹100 paid to Suresh.');
    expect(await pay('1,00.50', '2026-12-01', 'upi')).toBe('Recorded ₹100.50 paid to Suresh.');
    await expect(pay('10', '2027-01-01')).rejects.toThrow(
      new Refusal('invalid', 'A payment cannot be dated after today.', 'paidOn'),
    );
    expect(
      workerPaymentFormSchema.safeParse({
        workerId: 'x',
        amount: '0',
        method: 'cash',
        paidOn: '2026-12-01',
      }).success,
    ).toBe(false);
    expect(
      workerPaymentFormSchema.safeParse({
        workerId: 'x',
        amount: '5',
        method: 'cheque',
        paidOn: '2026-12-01',
      }).success,
    ).toBe(false);

    const november = await monthDues(db, '2026-11');
    const novSuresh = november.workers.find((row) => row.worker.id === suresh.userId)!;
    expect(novSuresh).toMatchObject({
      broughtForwardPaise: 0,
      creditCount: 1,
      creditsPaise: 12_000,
      paymentsPaise: 10_000,
      carriedForwardPaise: 2_000,
    });
    expect(novSuresh.credits[0]).toMatchObject({ earnedOn: '2026-11-30', stageLabel: 'Cutting' });
    const december = await monthDues(db, '2026-12');
    const decSuresh = december.workers.find((row) => row.worker.id === suresh.userId)!;
    expect(decSuresh).toMatchObject({
      broughtForwardPaise: 2_000,
      creditCount: 1,
      creditsPaise: 15_000,
      paymentsPaise: 10_050,
      carriedForwardPaise: 6_950,
    });
    expect(decSuresh.payments).toEqual([
      { paidOn: '2026-12-01', amountPaise: 10_050, method: 'upi', reference: 'UTR 4411' },
    ]);
    expect(december).toMatchObject({
      label: 'December 2026',
      previous: '2026-11',
      next: '2027-01',
    });
    // Every worker is listed, Mohan with nothing this month.
    expect(december.workers.map((row) => row.worker.id).sort()).toEqual(
      [suresh.userId, mohan.userId].sort(),
    );
  });

  it('shows the owner every worker, a worker only their own month, and refuses a bad month', async () => {
    const open = async (cookie: string, query: string) =>
      routeOutcome(() =>
        duesRoute.loader({
          request: pageGet(`/admin/workshop/dues${query}`, cookie),
          context: app.context,
          params: {},
        } as never),
      );
    const asOwner = await open(owner.cookie, '?month=2026-12');
    expect(asOwner.status).toBe(200);
    const ownerData = asOwner.data as Awaited<ReturnType<typeof duesRoute.loader>>;
    expect(ownerData.all).toBe(true);
    expect(ownerData.mayPay).toBe(true);
    expect(ownerData.dues.workers.length).toBeGreaterThanOrEqual(2);

    const asMohan = await open(mohan.cookie, '?month=2026-12');
    expect(asMohan.status).toBe(200);
    const mohanData = asMohan.data as Awaited<ReturnType<typeof duesRoute.loader>>;
    expect(mohanData).toMatchObject({ all: false, mayPay: false, workers: [] });
    expect(mohanData.dues.workers.map((row) => row.worker.id)).toEqual([mohan.userId]);

    const bad = await open(owner.cookie, '?month=2026-13');
    expect(bad.status).toBe(400);

    // The month as CSV: the worker gets their own line only.
    const csv = await duesCsvRoute.loader({
      request: pageGet('/admin/workshop/dues.csv?month=2026-12', suresh.cookie),
      context: app.context,
      params: {},
    } as never);
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    const body = (await csv.text()).trim().split('\r\n');
    expect(body).toEqual([
      'Month,Worker,Brought forward (INR),Stages,Earned (INR),Paid (INR),Carried forward (INR)',
      '2026-12,Suresh,20.00,1,150.00,100.50,69.50',
    ]);
  });
});
