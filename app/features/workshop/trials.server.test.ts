/**
 * Trials and alterations (issue 31 item 5): a trial's outcome per garment and visit (fits: on to
 * ready; alterations needed: to the alteration, given to the worker chosen, with the notes), a
 * plain move out of a trial recorded as its outcome too, the second trial after an alteration,
 * the customer told "Ready for trial" once and "Ready for pickup" with the balance due and
 * nothing else, the alteration's notes on the job card, the refusals (stale page, not at trial, not staff), and the one-tap page's
 * 'record-trial' for a workshop member (their own garment; no giving it to someone else).
 */
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customers, notifications, trialOutcomes, workTicketStages } from '~/lib/schema.server';
import { seedStyleOptions } from '~/seed/seed.server';
import * as ticketRoute from '~/routes/admin/workshop-ticket';
import * as orderRoute from '~/routes/admin/order';
import {
  createTestApp,
  formPost,
  routeOutcome,
  type TestApp,
} from '../../../tests/support/test-app';
import { testDatabaseKind } from '../../../tests/support/test-db';
import type { WorkStage } from './stages';
import { assignTicket, MOVED_JUST_NOW, type WorkshopActor } from './tickets.server';
import { jobCardTicketFor } from './ticket-access.server';
import { trialHistoryOf } from './trial-outcomes.server';
import { recordTrialOutcome } from './trials.server';
import {
  makeWorkshopOrder,
  moveGarment,
  ticketOfGarment,
  WORKSHOP_TEST_SITE,
} from '../../../tests/support/workshop-orders';

let app: TestApp;
let admin: { cookie: string; userId: string };
let cutter: { cookie: string; userId: string };
let tailor: { cookie: string; userId: string };
let shopper: { cookie: string; userId: string };
let clientId: number;

const site = WORKSHOP_TEST_SITE;
const actor = (): WorkshopActor => ({
  id: admin.userId,
  email: 'owner@example.com',
  name: 'Master Tailor',
});

/** A bespoke order of a suit jacket and a shirt, made as the back office makes it. */
async function makeOrder() {
  const { order, ids } = await makeWorkshopOrder(app.database.db, actor(), {
    customerId: clientId,
    types: ['suit_jacket', 'shirt'],
  });
  return { order, ids: ids as [number, number] };
}

const ticketOf = (garmentId: number) => ticketOfGarment(app.database.db, garmentId);

const move = (garmentId: number, toStage: WorkStage) =>
  moveGarment(app.database.db, actor(), garmentId, toStage);

async function toTrial(garmentId: number) {
  for (const stage of ['cutting', 'stitching', 'finishing', 'trial'] as const) {
    await move(garmentId, stage);
  }
}

/** The WhatsApp messages of order `orderId`, oldest first. */
async function toldOf(orderId: number) {
  const rows = await app.database.db
    .select({ body: notifications.body })
    .from(notifications)
    .where(and(eq(notifications.orderId, orderId), eq(notifications.channel, 'whatsapp')))
    .orderBy(asc(notifications.id));
  return rows.map((row) => row.body);
}

beforeAll(async () => {
  app = await createTestApp();
  const db = app.database.db;
  await seedStyleOptions(db);
  admin = await app.signedIn('admin', 'owner@example.com');
  cutter = await app.signedIn('workshop', 'cutter@example.com');
  tailor = await app.signedIn('workshop', 'tailor@example.com');
  shopper = await app.signedIn('user', 'kiran@example.com');
  const [client] = await db
    .insert(customers)
    .values({ name: 'Kiran Shah', phone: '+919825022222', notify: 'whatsapp' })
    .returning();
  clientId = client!.id;
});
afterAll(() => app?.dispose());

describe(`trials and alterations on ${testDatabaseKind}`, () => {
  it('records each visit, sends an alteration to its worker and back to a second trial, and tells the customer milestones only', async () => {
    const db = app.database.db;
    const { order, ids } = await makeOrder();
    const [jacket, shirt] = ids;
    await db.delete(notifications).where(eq(notifications.orderId, order.id));
    await toTrial(jacket);
    await toTrial(shirt);
    expect(await toldOf(order.id)).toEqual([expect.stringContaining('Ready for trial')]);

    const altered = await recordTrialOutcome(
      db,
      {
        garmentId: jacket,
        expectedVersion: (await ticketOf(jacket)).version,
        outcome: 'alteration',
        notes: '  Shorten sleeves 1 cm  ',
        alterationAssigneeId: tailor.userId,
        actor: actor(),
      },
      site,
    );
    expect(altered).toMatchObject({ stage: 'alteration', orderStatus: null });
    expect(altered.message).toBe(
      'The suit jacket needs alterations: it is now at Alteration. Book its next trial when it is done.',
    );
    // The alteration is the tailor's now: the ticket and its stage row.
    const ticket = await ticketOf(jacket);
    expect(ticket.assigneeId).toBe(tailor.userId);
    const [alteration] = await db
      .select()
      .from(workTicketStages)
      .where(
        and(eq(workTicketStages.ticketId, ticket.id), eq(workTicketStages.stage, 'alteration')),
      );
    expect(alteration!.assigneeId).toBe(tailor.userId);
    // The tailor's job card carries what the trial asked for.
    expect(
      await jobCardTicketFor(db, { id: tailor.userId, role: 'workshop' }, jacket),
    ).toMatchObject({ stage: 'Alteration', alterationNotes: 'Shorten sleeves 1 cm' });

    // The alteration ends: back to a trial (a row of its own), which fits this time.
    await move(jacket, 'trial');
    const fits = await recordTrialOutcome(
      db,
      {
        garmentId: jacket,
        expectedVersion: (await ticketOf(jacket)).version,
        outcome: 'fits',
        notes: '',
        actor: actor(),
      },
      site,
    );
    expect(fits).toMatchObject({ stage: 'ready', orderStatus: null });
    expect(fits.message).toBe('The suit jacket fits: it is now at Ready.');
    // A plain move out of a trial (the board's) is that visit's outcome too.
    await move(shirt, 'ready');

    const history = await trialHistoryOf(db, [jacket, shirt]);
    expect(
      history.get(jacket)!.map(({ visit, outcome, notes, alterationByName, recordedByName }) => ({
        visit,
        outcome,
        notes,
        alterationByName,
        recordedByName,
      })),
    ).toEqual([
      {
        visit: 1,
        outcome: 'alteration',
        notes: 'Shorten sleeves 1 cm',
        alterationByName: 'Test workshop',
        recordedByName: 'Master Tailor',
      },
      {
        visit: 2,
        outcome: 'fits',
        notes: '',
        alterationByName: null,
        recordedByName: 'Master Tailor',
      },
    ]);
    expect(history.get(shirt)!.map((trial) => trial.outcome)).toEqual(['fits']);
    const visits = await db
      .select({ stageId: trialOutcomes.trialStageId })
      .from(trialOutcomes)
      .where(eq(trialOutcomes.ticketId, ticket.id));
    expect(new Set(visits.map((row) => row.stageId)).size).toBe(2);

    // Ready for trial once (no word of the alteration or the second trial), then ready for
    // pickup with the balance due.
    const told = await toldOf(order.id);
    expect(told).toHaveLength(2);
    expect(told[0]).toContain('Ready for trial');
    expect(told[1]).toMatch(/Ready for pickup, balance due ₹/);
    expect(told.join(' ')).not.toMatch(/Alteration|altered|Being altered/i);
  });

  it('refuses a stale page, a garment not at its trial and an alteration for someone not staff', async () => {
    const db = app.database.db;
    const { ids } = await makeOrder();
    const [jacket] = ids;
    const record = (changes: Partial<Parameters<typeof recordTrialOutcome>[1]>) =>
      recordTrialOutcome(
        db,
        {
          garmentId: jacket,
          expectedVersion: 1,
          outcome: 'fits',
          notes: '',
          actor: actor(),
          ...changes,
        },
        site,
      );
    await expect(record({})).rejects.toMatchObject({ code: 'conflict' });
    await toTrial(jacket);
    const version = (await ticketOf(jacket)).version;
    await expect(record({ expectedVersion: version - 1 })).rejects.toMatchObject({
      code: 'conflict',
      message: MOVED_JUST_NOW,
    });
    await expect(
      record({
        expectedVersion: version,
        outcome: 'alteration',
        alterationAssigneeId: shopper.userId,
      }),
    ).rejects.toMatchObject({ code: 'invalid', field: 'alterationAssigneeId' });
    // Nothing of the refused tries stayed.
    expect((await ticketOf(jacket)).stage).toBe('trial');
    expect((await trialHistoryOf(db, [jacket])).get(jacket)).toBeUndefined();
  });

  it("lets a workshop member record their own garment's trial from the one-tap page, not give it away", async () => {
    const db = app.database.db;
    const { order, ids } = await makeOrder();
    const [jacket, shirt] = ids;
    await assignTicket(db, { garmentId: jacket, assigneeId: cutter.userId, actor: actor() });
    await toTrial(jacket);
    await toTrial(shirt);
    const post = (garmentId: number, cookie: string, fields: Record<string, string>) =>
      routeOutcome(() =>
        ticketRoute.action({
          request: formPost(
            `/admin/workshop/garments/${garmentId}`,
            { intent: 'record-trial', garmentId: String(garmentId), ...fields },
            cookie,
          ),
          context: app.context,
          params: { garmentId: String(garmentId) },
        } as never),
      );
    const version = String((await ticketOf(jacket)).version);
    // Not theirs: answered as unknown.
    expect((await post(shirt, cutter.cookie, { version, outcome: 'fits' })).status).toBe(404);
    // Giving the alteration to someone else is the owner's or the counter's.
    const away = await post(jacket, cutter.cookie, {
      version,
      outcome: 'alteration',
      alterationAssigneeId: tailor.userId,
    });
    expect(away.status).toBe(403);
    const kept = await post(jacket, cutter.cookie, {
      version,
      outcome: 'alteration',
      notes: 'Let out the waist 2 cm',
    });
    expect(kept.status).toBe(200);
    expect((await ticketOf(jacket)).assigneeId).toBe(cutter.userId);
    // Bad input is a clear 4xx.
    const bad = await post(jacket, cutter.cookie, { version, outcome: 'maybe' });
    expect(bad.status).toBe(422);
    // The order's page takes the trial too (the owner, for the shirt).
    const shirtVersion = String((await ticketOf(shirt)).version);
    const fromOrder = await routeOutcome(() =>
      orderRoute.action({
        request: formPost(
          `/admin/orders/${order.number}`,
          {
            intent: 'record-trial',
            garmentId: String(shirt),
            version: shirtVersion,
            outcome: 'fits',
          },
          admin.cookie,
        ),
        context: app.context,
        params: { number: order.number },
      } as never),
    );
    expect(fromOrder.status).toBe(200);
    expect((await ticketOf(shirt)).stage).toBe('ready');
  });
});
