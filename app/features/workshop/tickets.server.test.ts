/**
 * Work tickets (issue 31 item 1): a ticket per garment when a bespoke order is made through the
 * back office, due dates worked back from the promised date, moves over a version (two moves
 * from one page: one wins, the other is told), the stages' start, end and mover, trial ↔
 * alteration, the skipped trial, the audit, the order following its least advanced garment with
 * its milestone messages, assignment to staff only, and the tickets of garments stored before.
 */
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, customers, notifications, orders, workTicketStages } from '~/lib/schema.server';
import { seedStyleOptions } from '~/seed/seed.server';
import { addShopDays, shopDateOf } from '~/lib/shop-time';
import { Refusal, refusalStatus } from '~/lib/refusal';
import { updateBespokeOrder } from '~/features/bespoke/bespoke-orders.server';
import { advanceFulfilment } from '~/features/admin/orders/orders.server';
import * as ticketRoute from '~/routes/admin/workshop-ticket';
import * as orderRoute from '~/routes/admin/order';
import {
  createTestApp,
  formPost,
  pageGet,
  routeOutcome,
  type TestApp,
} from '../../../tests/support/test-app';
import { testDatabaseKind } from '../../../tests/support/test-db';
import {
  assignTicket,
  garmentProgressOf,
  moveTicket,
  MOVED_JUST_NOW,
  openMissingTickets,
  ticketsOfOrder,
  workshopHooks,
  type WorkshopActor,
} from './tickets.server';
import {
  getWorkshopSettingsForAdmin,
  saveWorkshopSettings,
  workshopSettingsFormSchema,
} from './workshop-settings.server';
import { WORK_STAGES, type WorkStage } from './stages';
import { workshopSettingsForm } from '../../../tests/support/workshop-settings-form';
import {
  makeWorkshopOrder,
  moveGarment,
  ticketOfGarment,
  WORKSHOP_TEST_SITE,
} from '../../../tests/support/workshop-orders';

let app: TestApp;
let admin: { cookie: string; userId: string };
let tailor: { cookie: string; userId: string };
let shopper: { cookie: string; userId: string };
let clientId: number;

const site = WORKSHOP_TEST_SITE;
const actor = (): WorkshopActor => ({
  id: admin.userId,
  email: 'admin@example.com',
  name: 'Master Tailor',
});
const today = () => shopDateOf(new Date());

/** A bespoke order of a shirt (and a trouser when `two`), made as the back office makes it. */
async function makeOrder(options: { promisedOn?: string; two?: boolean; hooks?: boolean } = {}) {
  const { order, ids } = await makeWorkshopOrder(app.database.db, actor(), {
    customerId: clientId,
    types: options.two ? ['shirt', 'trouser'] : ['shirt'],
    promisedOn: options.promisedOn,
    hooks: options.hooks,
  });
  return { order, garments: ids.map((id) => ({ id })) };
}

const ticketOf = (garmentId: number) => ticketOfGarment(app.database.db, garmentId);

async function stagesOf(garmentId: number) {
  const ticket = await ticketOf(garmentId);
  return app.database.db
    .select()
    .from(workTicketStages)
    .where(eq(workTicketStages.ticketId, ticket.id))
    .orderBy(asc(workTicketStages.position));
}

/** Moves garment `garmentId` to `toStage` over its current version. */
const move = (garmentId: number, toStage: WorkStage) =>
  moveGarment(app.database.db, actor(), garmentId, toStage);

async function orderStatus(orderId: number) {
  const [row] = await app.database.db
    .select({ fulfilmentStatus: orders.fulfilmentStatus })
    .from(orders)
    .where(eq(orders.id, orderId));
  return row!.fulfilmentStatus;
}

beforeAll(async () => {
  app = await createTestApp();
  const db = app.database.db;
  await seedStyleOptions(db);
  admin = await app.signedIn('admin', 'admin@example.com');
  tailor = await app.signedIn('admin', 'tailor@example.com');
  shopper = await app.signedIn('user', 'ravi@example.com');
  const [client] = await db
    .insert(customers)
    .values({
      name: 'Ravi Patel',
      phone: '+919825011111',
      email: 'ravi@example.com',
      notify: 'both',
      userId: shopper.userId,
    })
    .returning();
  clientId = client!.id;
});
afterAll(() => app?.dispose());

describe(`work tickets on ${testDatabaseKind}`, () => {
  it('opens a ticket per garment with due dates worked back from the promised date', async () => {
    const promisedOn = addShopDays(today(), 30);
    const { order, garments } = await makeOrder({ promisedOn, two: true });
    expect(garments).toHaveLength(2);
    const shirtStages = await stagesOf(garments[0]!.id);
    expect(shirtStages.map((row) => row.stage)).toEqual([...WORK_STAGES]);
    // A shirt's defaults: cutting 1, stitching 3, finishing 1, trial 1, alteration 2, ready 1.
    const due = Object.fromEntries(shirtStages.map((row) => [row.stage, row.dueOn]));
    expect(due).toEqual({
      delivered: promisedOn,
      ready: promisedOn,
      alteration: addShopDays(promisedOn, -1),
      trial: addShopDays(promisedOn, -3),
      finishing: addShopDays(promisedOn, -4),
      stitching: addShopDays(promisedOn, -5),
      cutting: addShopDays(promisedOn, -8),
      measured: addShopDays(promisedOn, -9),
    });
    expect(shirtStages[0]!.startedAt).not.toBeNull();
    expect(shirtStages.slice(1).every((row) => row.startedAt === null)).toBe(true);
    const tickets = await ticketsOfOrder(app.database.db, order.id);
    expect(tickets.map((ticket) => [ticket.garment, ticket.stage, ticket.version])).toEqual([
      ['Shirt', 'measured', 1],
      ['Trouser', 'measured', 1],
    ]);
    expect(tickets[0]!.choices.map((choice) => choice.label)).toEqual(['Cutting']);
    expect(tickets[0]!.dueOn).toBe(addShopDays(promisedOn, -9));

    // A new promised date moves the due dates of the stages not ended.
    const later = addShopDays(promisedOn, 5);
    await updateBespokeOrder(
      app.database.db,
      actor(),
      { number: order.number, promisedOn: later, notes: '' },
      new Date(),
      workshopHooks,
    );
    const moved = await stagesOf(garments[1]!.id);
    expect(moved.find((row) => row.stage === 'delivered')!.dueOn).toBe(later);
  });

  it('moves a stage with who and when, audits it, and refuses the second of two moves from one page', async () => {
    const db = app.database.db;
    const { order, garments } = await makeOrder({ promisedOn: addShopDays(today(), 20) });
    const shirt = garments[0]!.id;
    const moved = await move(shirt, 'cutting');
    expect(moved).toMatchObject({ stage: 'cutting', version: 2, orderStatus: 'cutting' });
    const stages = await stagesOf(shirt);
    const measured = stages.find((row) => row.stage === 'measured')!;
    const cutting = stages.find((row) => row.stage === 'cutting')!;
    expect(measured.endedAt).not.toBeNull();
    expect(cutting).toMatchObject({ movedById: admin.userId, movedByName: 'Master Tailor' });
    expect(cutting.startedAt).not.toBeNull();
    expect(cutting.endedAt).toBeNull();
    const [entry] = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'workshop.move'), eq(auditLog.entityId, String(shirt))));
    expect(entry).toMatchObject({
      actorEmail: 'admin@example.com',
      entity: 'garment',
      before: { stage: 'measured', version: 1 },
      after: { stage: 'cutting', version: 2 },
    });
    expect(entry!.summary).toContain(`Shirt (garment 1) of order ${order.number} to Cutting`);

    // Two people tap "Move to Stitching" on the same page at once: one wins.
    const both = await Promise.allSettled(
      [0, 1].map(() =>
        moveTicket(
          db,
          { garmentId: shirt, toStage: 'stitching', expectedVersion: 2, actor: actor() },
          site,
        ),
      ),
    );
    expect(both.filter((result) => result.status === 'fulfilled')).toHaveLength(1);
    const lost = both.find((result) => result.status === 'rejected') as PromiseRejectedResult;
    expect(lost.reason).toBeInstanceOf(Refusal);
    expect(lost.reason).toMatchObject({ code: 'conflict', message: MOVED_JUST_NOW });
    expect(refusalStatus((lost.reason as Refusal).code)).toBe(409);
    const ticket = await ticketOf(shirt);
    expect(ticket).toMatchObject({ stage: 'stitching', version: 3 });
    expect((await stagesOf(shirt)).filter((row) => row.stage === 'stitching')).toHaveLength(1);
    const audits = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'workshop.move'), eq(auditLog.entityId, String(shirt))));
    expect(audits).toHaveLength(2);

    // Back is refused, and an alteration only follows a trial.
    await expect(move(shirt, 'cutting')).rejects.toMatchObject({ code: 'conflict' });
    await expect(move(shirt, 'alteration')).rejects.toMatchObject({ code: 'conflict' });
  });

  it('goes from a trial to an alteration and back, and the order follows its least advanced garment', async () => {
    const db = app.database.db;
    const { order, garments } = await makeOrder({ two: true });
    const [shirt, trouser] = garments.map((garment) => garment.id) as [number, number];
    await db.delete(notifications).where(eq(notifications.orderId, order.id));
    for (const stage of ['cutting', 'stitching', 'finishing', 'trial'] as const) {
      await move(shirt, stage);
    }
    // The trouser is still measured: the order is at Measuring.
    expect(await orderStatus(order.id)).toBe('measuring');
    await move(shirt, 'alteration');
    await move(shirt, 'trial');
    await move(shirt, 'ready');
    // The second trial has a row of its own; the first alteration took its planned row.
    expect((await stagesOf(shirt)).map((row) => row.stage)).toEqual([...WORK_STAGES, 'trial']);
    expect(await orderStatus(order.id)).toBe('measuring');
    await move(trouser, 'trial');
    expect(await orderStatus(order.id)).toBe('fitting');
    await move(trouser, 'ready');
    expect(await orderStatus(order.id)).toBe('ready');
    const told = await db
      .select({ body: notifications.body })
      .from(notifications)
      .where(and(eq(notifications.orderId, order.id), eq(notifications.channel, 'whatsapp')))
      .orderBy(asc(notifications.id));
    expect(told.map((row) => /Ready for trial|Ready for pickup/.exec(row.body)?.[0])).toEqual([
      'Ready for trial',
      'Ready for pickup',
    ]);
    expect(await garmentProgressOf(db, order.id)).toEqual([
      { position: 1, garment: 'Shirt', progress: 'Ready for pickup' },
      { position: 2, garment: 'Trouser', progress: 'Ready for pickup' },
    ]);
    // The order's own "Move to" gives way to the tickets.
    const [current] = await db.select().from(orders).where(eq(orders.id, order.id));
    await expect(
      advanceFulfilment(
        db,
        actor(),
        { number: order.number, status: 'delivered', version: current!.updatedAt.toISOString() },
        site,
      ),
    ).rejects.toMatchObject({ code: 'conflict' });
    await move(shirt, 'delivered');
    await move(trouser, 'delivered');
    expect(await orderStatus(order.id)).toBe('delivered');
  });

  it('moves the order once its last garment is ready, when two garments move at once', async () => {
    const { order, garments } = await makeOrder({ two: true });
    const ids = garments.map((garment) => garment.id);
    for (const id of ids) await move(id, 'trial');
    expect(await orderStatus(order.id)).toBe('fitting');
    await Promise.all(ids.map((id) => move(id, 'ready')));
    expect(await orderStatus(order.id)).toBe('ready');
  });

  it('skips the trial when the settings say so', async () => {
    const db = app.database.db;
    const form = workshopSettingsFormSchema.parse(workshopSettingsForm({ skipTrial: 'on' }));
    await saveWorkshopSettings(db, actor(), form);
    try {
      const { garments } = await makeOrder({ promisedOn: addShopDays(today(), 10) });
      const shirt = garments[0]!.id;
      expect((await stagesOf(shirt)).map((row) => row.stage)).toEqual([
        'measured',
        'cutting',
        'stitching',
        'finishing',
        'ready',
        'delivered',
      ]);
      await move(shirt, 'cutting');
      await move(shirt, 'stitching');
      await move(shirt, 'finishing');
      await expect(move(shirt, 'trial')).rejects.toMatchObject({ code: 'conflict' });
      const [view] = await ticketsOfOrder(db, (await ticketOf(shirt)).orderId);
      expect(view!.choices.map((choice) => choice.stage)).toEqual(['ready']);
    } finally {
      const { version } = await getWorkshopSettingsForAdmin(db);
      await saveWorkshopSettings(
        db,
        actor(),
        workshopSettingsFormSchema.parse(workshopSettingsForm({ version: version ?? '' })),
      );
    }
  });

  it('refuses a workshop order of the stages that breaks the rules', () => {
    const parsed = workshopSettingsFormSchema.safeParse(
      workshopSettingsForm({ 'place-measured': '2', 'place-cutting': '1' }),
    );
    expect(parsed.success).toBe(false);
    expect(parsed.error!.issues[0]!.message).toBe('Measured must come first.');
  });

  it('assigns a garment to staff only', async () => {
    const db = app.database.db;
    const { garments } = await makeOrder();
    const shirt = garments[0]!.id;
    expect(
      await assignTicket(db, { garmentId: shirt, assigneeId: tailor.userId, actor: actor() }),
    ).toMatch(/assigned to/);
    expect((await ticketOf(shirt)).assigneeId).toBe(tailor.userId);
    expect((await stagesOf(shirt)).every((row) => row.assigneeId === tailor.userId)).toBe(true);
    await expect(
      assignTicket(db, { garmentId: shirt, assigneeId: shopper.userId, actor: actor() }),
    ).rejects.toMatchObject({ code: 'invalid' });
    const [entry] = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'workshop.assign'), eq(auditLog.entityId, String(shirt))));
    expect(entry!.after).toEqual({ assigneeId: tailor.userId });
  });

  it('opens tickets once for garments stored before the workshop', async () => {
    const db = app.database.db;
    const { order, garments } = await makeOrder({ hooks: false, two: true });
    await db.update(orders).set({ fulfilmentStatus: 'stitching' }).where(eq(orders.id, order.id));
    expect(await ticketsOfOrder(db, order.id)).toEqual([]);
    expect(await openMissingTickets(db)).toBe(2);
    expect(await openMissingTickets(db)).toBe(0);
    expect((await ticketOf(garments[0]!.id)).stage).toBe('stitching');
  });

  it('serves the one-tap page to administrators and answers a lost race with 409', async () => {
    const { garments } = await makeOrder({ promisedOn: addShopDays(today(), 15) });
    const shirt = garments[0]!.id;
    const path = `/admin/workshop/garments/${shirt}`;
    const page = (await ticketRoute.loader({
      request: pageGet(path, admin.cookie),
      context: app.context,
      params: { garmentId: String(shirt) },
    } as never)) as { ticket: { customerFirstName: string; choices: { label: string }[] } };
    expect(page.ticket.customerFirstName).toBe('Ravi');
    expect(page.ticket.choices.map((choice) => choice.label)).toEqual(['Cutting']);
    const shopperView = await routeOutcome(() =>
      ticketRoute.loader({
        request: pageGet(path, shopper.cookie),
        context: app.context,
        params: { garmentId: String(shirt) },
      } as never),
    );
    expect(shopperView.status).toBe(302);
    const missing = await routeOutcome(() =>
      ticketRoute.loader({
        request: pageGet('/admin/workshop/garments/999999', admin.cookie),
        context: app.context,
        params: { garmentId: '999999' },
      } as never),
    );
    expect(missing.status).toBe(404);
    const tap = () =>
      routeOutcome(() =>
        ticketRoute.action({
          request: formPost(
            path,
            { intent: 'move-ticket', garmentId: String(shirt), toStage: 'cutting', version: '1' },
            admin.cookie,
          ),
          context: app.context,
          params: { garmentId: String(shirt) },
        } as never),
      );
    expect((await tap()).status).toBe(200);
    const second = await tap();
    expect(second.status).toBe(409);
    expect(second.data).toMatchObject({ ok: false, message: MOVED_JUST_NOW });
    // The order page's intents move and assign too.
    const { order } = await makeOrder();
    const [ticket] = await ticketsOfOrder(app.database.db, order.id);
    const outcome = await routeOutcome(() =>
      orderRoute.action({
        request: formPost(
          `/admin/orders/${order.number}`,
          {
            intent: 'assign-ticket',
            garmentId: String(ticket!.garmentId),
            assigneeId: tailor.userId,
          },
          admin.cookie,
        ),
        context: app.context,
        params: { number: order.number },
      } as never),
    );
    expect(outcome.status).toBe(200);
  });
});
