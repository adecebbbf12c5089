/**
 * Piece rates and the workers' month (issue 31 item 8): what each workshop worker earns per
 * garment type and stage, the credit a finished stage earns, and the month's dues with what was
 * paid to them. Owns `workshop_piece_rates`, `workshop_credits` and `workshop_worker_payments`.
 *
 * - A rate is integer paise for one garment type's stage, in effect from a Kolkata day until the
 *   worker's next rate of that type and stage (`rateInEffect`). A new rate never rewrites a past
 *   credit: the credit copies the amount.
 * - `creditFinishedStages` runs inside `moveTicket`'s transaction: each stage the move ended
 *   earns the rate in effect on that Kolkata day, for the worker the stage was assigned to, or,
 *   when it was no one's, for whoever finished it (the one who tapped "done" did the work). No
 *   rate (or a rate of 0) earns nothing. The credit is keyed by the stage row, so a replayed
 *   move never credits twice; a stage visited again (another alteration) is a new row and earns
 *   again.
 * - A month is a Kolkata calendar month: a credit counts on the day its stage ended
 *   (`earned_on`), a payment on the day it was paid (`paid_on`). The dues of a month: what was
 *   brought forward (credits less payments before it), the month's credits and payments, and
 *   what is carried forward.
 */
import { and, asc, desc, eq, gte, inArray, lt, lte, or, sum } from 'drizzle-orm';
import * as z from 'zod';
import type { Db } from '~/lib/db.server';
import { recordAudit, type Actor, type DbOrTx } from '~/lib/audit.server';
import { Refusal } from '~/lib/refusal';
import {
  user,
  workTicketStages,
  workshopCredits,
  workshopPieceRates,
  workerPayments,
} from '~/lib/schema.server';
import {
  GARMENT_TYPES,
  WORKER_PAYMENT_METHODS,
  type GarmentType,
  type WorkerPaymentMethod,
} from '~/lib/schema-enums';
import { csvCell } from '~/lib/csv';
import { formatRupeesExact, paiseToDecimal, readRupees } from '~/lib/money';
import { addShopDays, formatShopDate, shopDateOf, type ShopDate } from '~/lib/shop-time';
import { readShopMonth, shopDateField } from '~/lib/shop-time-input';
import { garmentLabel } from '~/features/bespoke/style-groups';
import { WORK_STAGES, type WorkStage } from './stages';
import { WORKER_PAYMENT_METHOD_LABELS } from './wages';
import { getWorkshopSettings } from './workshop-settings.server';

/** The highest rate or payment taken: ₹10,00,000 in paise. */
const MAX_WAGE_PAISE = 100_000_000;

/** The stages that can earn: every stage but 'delivered', which never ends. */
const PAYABLE_STAGES = WORK_STAGES.filter((stage) => stage !== 'delivered');

/** A rate's form field: `rate-<garment type>-<stage>`. */
const rateFieldName = (type: GarmentType, stage: WorkStage) => `rate-${type}-${stage}` as const;

const NOT_A_WORKER = 'Please choose a worker with the workshop role.';

/* ------------------------------------------------------------------------------------------ */
/* Workers and rates                                                                          */
/* ------------------------------------------------------------------------------------------ */

/** A worker rates and payments can be set for. */
export interface Worker {
  id: string;
  name: string;
}

/** Every account with the workshop role, not banned, by name. */
export async function workshopWorkers(db: DbOrTx): Promise<Worker[]> {
  return db
    .select({ id: user.id, name: user.name })
    .from(user)
    .where(and(eq(user.role, 'workshop'), eq(user.banned, false)))
    .orderBy(asc(user.name), asc(user.id));
}

/** The worker `workerId` (workshop role, not banned), or a Refusal 'invalid' on `field`. */
async function requireWorker(db: DbOrTx, workerId: string, field = 'workerId'): Promise<Worker> {
  const [worker] = await db
    .select({ id: user.id, name: user.name })
    .from(user)
    .where(and(eq(user.id, workerId), eq(user.role, 'workshop'), eq(user.banned, false)));
  if (!worker) throw new Refusal('invalid', NOT_A_WORKER, field);
  return worker;
}

/**
 * The rate in paise worker `workerId` earns for a `garmentType`'s `stage` on Kolkata day `on`:
 * their latest rate of that type and stage in effect on or before it, or null when none.
 */
export async function rateInEffect(
  db: DbOrTx,
  workerId: string,
  garmentType: GarmentType,
  stage: WorkStage,
  on: ShopDate,
): Promise<number | null> {
  const [row] = await db
    .select({ ratePaise: workshopPieceRates.ratePaise })
    .from(workshopPieceRates)
    .where(
      and(
        eq(workshopPieceRates.workerId, workerId),
        eq(workshopPieceRates.garmentType, garmentType),
        eq(workshopPieceRates.stage, stage),
        lte(workshopPieceRates.effectiveFrom, on),
      ),
    )
    .orderBy(desc(workshopPieceRates.effectiveFrom))
    .limit(1);
  return row?.ratePaise ?? null;
}

/** Every rate of a worker in effect on a day, by `rate-<type>-<stage>` (absent: none). */
async function ratesInEffect(
  db: DbOrTx,
  workerId: string,
  on: ShopDate,
): Promise<Map<string, number>> {
  const rows = await db
    .select({
      garmentType: workshopPieceRates.garmentType,
      stage: workshopPieceRates.stage,
      ratePaise: workshopPieceRates.ratePaise,
    })
    .from(workshopPieceRates)
    .where(
      and(eq(workshopPieceRates.workerId, workerId), lte(workshopPieceRates.effectiveFrom, on)),
    )
    .orderBy(asc(workshopPieceRates.effectiveFrom));
  // Later rows override earlier ones.
  return new Map(rows.map((row) => [rateFieldName(row.garmentType, row.stage), row.ratePaise]));
}

/** A rate as the history lists it. */
interface RateChange {
  garment: string;
  stageLabel: string;
  ratePaise: number;
  effectiveFrom: ShopDate;
}

/** The piece-rates screen: the workers, the one chosen, their rates and the rates' history. */
export interface PieceRatesView {
  workers: Worker[];
  worker: Worker | null;
  /** The day the grid's rates are in effect on (today, Kolkata). */
  today: ShopDate;
  /** The stages that earn, in the shop's order, with the shop's names. */
  stages: { stage: WorkStage; label: string }[];
  garments: { type: GarmentType; label: string }[];
  /** Rates in effect today, in paise, by `rate-<type>-<stage>`. */
  rates: Record<string, number>;
  /** The worker's rates as set, latest first (at most 60). */
  history: RateChange[];
}

/**
 * The piece-rates screen for worker `workerId` (null or not a worker: the first worker, if
 * any), with the rates in effect on the Kolkata day of `now`.
 */
export async function pieceRatesView(
  db: Db,
  workerId: string | null,
  now = new Date(),
): Promise<PieceRatesView> {
  const settings = await getWorkshopSettings(db);
  const workers = await workshopWorkers(db);
  const worker = workers.find((w) => w.id === workerId) ?? workers[0] ?? null;
  const today = shopDateOf(now);
  const stages = settings.order
    .filter((stage) => stage !== 'delivered')
    .map((stage) => ({ stage, label: settings.labels[stage] }));
  const garments = GARMENT_TYPES.map((type) => ({ type, label: garmentLabel(type) }));
  if (!worker) return { workers, worker, today, stages, garments, rates: {}, history: [] };
  const history = await db
    .select({
      garmentType: workshopPieceRates.garmentType,
      stage: workshopPieceRates.stage,
      ratePaise: workshopPieceRates.ratePaise,
      effectiveFrom: workshopPieceRates.effectiveFrom,
    })
    .from(workshopPieceRates)
    .where(eq(workshopPieceRates.workerId, worker.id))
    .orderBy(
      desc(workshopPieceRates.effectiveFrom),
      asc(workshopPieceRates.garmentType),
      asc(workshopPieceRates.stage),
    )
    .limit(60);
  return {
    workers,
    worker,
    today,
    stages,
    garments,
    rates: Object.fromEntries(await ratesInEffect(db, worker.id, today)),
    history: history.map((row) => ({
      garment: garmentLabel(row.garmentType),
      stageLabel: settings.labels[row.stage],
      ratePaise: row.ratePaise,
      effectiveFrom: row.effectiveFrom,
    })),
  };
}

const RATE_MESSAGE = 'Please enter the rate in rupees (0 for none), up to ₹10,00,000.';

/** A typed rate: '' (left as it is), 0, or rupees read into paise. */
const rateField = z
  .string(RATE_MESSAGE)
  .trim()
  .optional()
  .transform((typed, ctx) => {
    if (typed === undefined || typed === '') return null;
    if (/^(₹\s*)?0+(\.0{1,2})?$/.test(typed)) return 0;
    const reading = readRupees(typed, MAX_WAGE_PAISE);
    if (reading.ok) return reading.paise;
    ctx.addIssue({ code: 'custom', message: RATE_MESSAGE });
    return z.NEVER;
  });

/**
 * The piece-rates form (`intent` save-piece-rates): `workerId`; `effectiveFrom`, the Kolkata
 * day the rates take effect ('YYYY-MM-DD', 2000 to 2099); and a rate per garment type and stage
 * (`rate-<type>-<stage>`, rupees, 0 for no pay; empty leaves that rate as it is).
 */
export const pieceRatesFormSchema = z
  .object({
    workerId: z.string(NOT_A_WORKER).trim().min(1, NOT_A_WORKER).max(100, NOT_A_WORKER),
    effectiveFrom: shopDateField('Please enter the day the rates take effect.'),
    ...(Object.fromEntries(
      GARMENT_TYPES.flatMap((type) =>
        PAYABLE_STAGES.map((stage) => [rateFieldName(type, stage), rateField]),
      ),
    ) as Record<string, typeof rateField>),
  })
  .transform((form) => {
    const fields = form as unknown as Record<string, number | null | string>;
    const rates: { garmentType: GarmentType; stage: WorkStage; ratePaise: number }[] = [];
    for (const garmentType of GARMENT_TYPES) {
      for (const stage of PAYABLE_STAGES) {
        const value = fields[rateFieldName(garmentType, stage)];
        if (typeof value === 'number') rates.push({ garmentType, stage, ratePaise: value });
      }
    }
    return { workerId: form.workerId, effectiveFrom: form.effectiveFrom, rates };
  });

/**
 * Sets worker `workerId`'s rates from `effectiveFrom`: each rate typed that differs from the one
 * in effect on that day is stored from that day (one set the same day is replaced). Credits
 * already earned keep their amounts. Audited once ('workshop.piece-rates', entity 'user').
 * @returns the toast's message ('Nothing changed.' when every rate was as it is).
 * @throws Refusal 'invalid' for an account that is not a worker.
 */
export async function savePieceRates(
  db: Db,
  actor: Actor,
  form: z.output<typeof pieceRatesFormSchema>,
  now = new Date(),
): Promise<string> {
  return db.transaction(async (tx) => {
    const worker = await requireWorker(tx, form.workerId);
    const current = await ratesInEffect(tx, worker.id, form.effectiveFrom);
    const changed = form.rates.filter(
      (rate) =>
        current.get(rateFieldName(rate.garmentType, rate.stage)) !== rate.ratePaise &&
        !(rate.ratePaise === 0 && !current.has(rateFieldName(rate.garmentType, rate.stage))),
    );
    if (changed.length === 0) return 'Nothing changed.';
    for (const rate of changed) {
      await tx
        .insert(workshopPieceRates)
        .values({
          workerId: worker.id,
          ...rate,
          effectiveFrom: form.effectiveFrom,
          createdAt: now,
          updatedAt: now,
        })
        .onConflictDoUpdate({
          target: [
            workshopPieceRates.workerId,
            workshopPieceRates.garmentType,
            workshopPieceRates.stage,
            workshopPieceRates.effectiveFrom,
          ],
          set: { ratePaise: rate.ratePaise, updatedAt: now },
        });
    }
    const words = changed.length === 1 ? '1 piece rate' : `${changed.length} piece rates`;
    await recordAudit(tx, actor, {
      action: 'workshop.piece-rates',
      entity: 'user',
      entityId: worker.id,
      summary: `Set ${words} of ${worker.name} from ${form.effectiveFrom}`,
      before: null,
      after: { effectiveFrom: form.effectiveFrom, rates: changed },
    });
    return `Saved ${words} of ${worker.name}, in effect from ${formatShopDate(form.effectiveFrom)}.`;
  });
}

/* ------------------------------------------------------------------------------------------ */
/* Credits                                                                                    */
/* ------------------------------------------------------------------------------------------ */

/**
 * Credits the stages of ticket `ticket.id` that the move at `now` ended (their `ended_at` is
 * `now`), in `moveTicket`'s transaction: each earns its worker (the stage's assignee, else
 * `finishedById`, who finished it) the rate in effect for `ticket.garmentType` and the stage on
 * the Kolkata day of `now`. No rate, or a rate of 0, earns nothing. A stage row is credited at
 * most once (a replay changes nothing).
 * @returns how many credits were written.
 */
export async function creditFinishedStages(
  tx: DbOrTx,
  ticket: { id: number; garmentType: GarmentType; number: string },
  garmentId: number,
  finishedById: string,
  now: Date,
): Promise<number> {
  const ended = await tx
    .select({
      id: workTicketStages.id,
      stage: workTicketStages.stage,
      assigneeId: workTicketStages.assigneeId,
    })
    .from(workTicketStages)
    .where(and(eq(workTicketStages.ticketId, ticket.id), eq(workTicketStages.endedAt, now)));
  const day = shopDateOf(now);
  let credited = 0;
  for (const stage of ended) {
    const workerId = stage.assigneeId ?? finishedById;
    const rate = await rateInEffect(tx, workerId, ticket.garmentType, stage.stage, day);
    if (!rate) continue;
    const written = await tx
      .insert(workshopCredits)
      .values({
        ticketStageId: stage.id,
        workerId,
        garmentId,
        garmentType: ticket.garmentType,
        stage: stage.stage,
        orderNumber: ticket.number,
        amountPaise: rate,
        earnedOn: day,
        earnedAt: now,
      })
      .onConflictDoNothing({ target: workshopCredits.ticketStageId })
      .returning({ id: workshopCredits.id });
    credited += written.length;
  }
  return credited;
}

/* ------------------------------------------------------------------------------------------ */
/* The month                                                                                  */
/* ------------------------------------------------------------------------------------------ */

/** The first day of month 'YYYY-MM' and of the month after it. */
function monthBounds(month: string): { first: ShopDate; next: ShopDate } {
  const [year, mon] = month.split('-').map(Number) as [number, number];
  const next = mon === 12 ? `${year + 1}-01` : `${year}-${String(mon + 1).padStart(2, '0')}`;
  return { first: `${month}-01`, next: `${next}-01` };
}

/** The month before 'YYYY-MM'. */
function previousMonth(month: string): string {
  return addShopDays(`${month}-01`, -1).slice(0, 7);
}

const monthName = new Intl.DateTimeFormat('en-IN', {
  timeZone: 'UTC',
  month: 'long',
  year: 'numeric',
});

/** 'YYYY-MM' for reading: '2026-11' -> 'November 2026'. */
function formatMonth(month: string): string {
  return monthName.format(new Date(`${month}-01T00:00:00Z`));
}

/** A credit as the month lists it. */
interface CreditLine {
  earnedOn: ShopDate;
  orderNumber: string;
  garment: string;
  stageLabel: string;
  amountPaise: number;
}

/** A payment to a worker as the month lists it. */
interface PaymentLine {
  paidOn: ShopDate;
  amountPaise: number;
  method: WorkerPaymentMethod;
  reference: string;
}

/** One worker's month (issue 31 item 8). All amounts are paise. */
export interface WorkerMonth {
  worker: Worker;
  /** Credits less payments before the month. */
  broughtForwardPaise: number;
  creditCount: number;
  creditsPaise: number;
  paymentsPaise: number;
  /** Brought forward, plus the month's credits, less its payments: what is still due. */
  carriedForwardPaise: number;
  credits: CreditLine[];
  payments: PaymentLine[];
}

/** The dues report of a month. */
export interface MonthDues {
  month: string;
  label: string;
  previous: string;
  next: string;
  workers: WorkerMonth[];
}

/**
 * The dues of Kolkata month `month` ('YYYY-MM'): for each worker (every workshop worker and
 * anyone credited or paid; or only `onlyWorkerId`'s, for a worker's own month), what was brought
 * forward, the month's credits (count and paise) and payments, what is carried forward, and the
 * month's lines.
 */
export async function monthDues(
  db: Db,
  month: string,
  onlyWorkerId: string | null = null,
): Promise<MonthDues> {
  const { first, next } = monthBounds(month);
  const settings = await getWorkshopSettings(db);
  const creditedIds = db.selectDistinct({ id: workshopCredits.workerId }).from(workshopCredits);
  const paidIds = db.selectDistinct({ id: workerPayments.workerId }).from(workerPayments);
  const workers = await db
    .select({ id: user.id, name: user.name })
    .from(user)
    .where(
      onlyWorkerId === null
        ? or(
            and(eq(user.role, 'workshop'), eq(user.banned, false)),
            inArray(user.id, creditedIds),
            inArray(user.id, paidIds),
          )
        : eq(user.id, onlyWorkerId),
    )
    .orderBy(asc(user.name), asc(user.id));
  const ids = workers.map((w) => w.id);
  if (ids.length === 0) {
    return {
      month,
      label: formatMonth(month),
      previous: previousMonth(month),
      next: next.slice(0, 7),
      workers: [],
    };
  }
  const creditsBefore = await db
    .select({ workerId: workshopCredits.workerId, total: sum(workshopCredits.amountPaise) })
    .from(workshopCredits)
    .where(and(inArray(workshopCredits.workerId, ids), lt(workshopCredits.earnedOn, first)))
    .groupBy(workshopCredits.workerId);
  const paidBefore = await db
    .select({
      workerId: workerPayments.workerId,
      total: sum(workerPayments.amountPaise),
    })
    .from(workerPayments)
    .where(and(inArray(workerPayments.workerId, ids), lt(workerPayments.paidOn, first)))
    .groupBy(workerPayments.workerId);
  const credits = await db
    .select({
      workerId: workshopCredits.workerId,
      earnedOn: workshopCredits.earnedOn,
      orderNumber: workshopCredits.orderNumber,
      garmentType: workshopCredits.garmentType,
      stage: workshopCredits.stage,
      amountPaise: workshopCredits.amountPaise,
    })
    .from(workshopCredits)
    .where(
      and(
        inArray(workshopCredits.workerId, ids),
        gte(workshopCredits.earnedOn, first),
        lt(workshopCredits.earnedOn, next),
      ),
    )
    .orderBy(asc(workshopCredits.earnedAt), asc(workshopCredits.id));
  const payments = await db
    .select({
      workerId: workerPayments.workerId,
      paidOn: workerPayments.paidOn,
      amountPaise: workerPayments.amountPaise,
      method: workerPayments.method,
      reference: workerPayments.reference,
    })
    .from(workerPayments)
    .where(
      and(
        inArray(workerPayments.workerId, ids),
        gte(workerPayments.paidOn, first),
        lt(workerPayments.paidOn, next),
      ),
    )
    .orderBy(asc(workerPayments.paidOn), asc(workerPayments.id));
  const totalOf = (rows: { workerId: string; total: string | null }[], id: string) =>
    Number(rows.find((row) => row.workerId === id)?.total ?? 0);
  return {
    month,
    label: formatMonth(month),
    previous: previousMonth(month),
    next: next.slice(0, 7),
    workers: workers.map((worker) => {
      const own = credits.filter((row) => row.workerId === worker.id);
      const paid = payments.filter((row) => row.workerId === worker.id);
      const broughtForwardPaise =
        totalOf(creditsBefore, worker.id) - totalOf(paidBefore, worker.id);
      const creditsPaise = own.reduce((total, row) => total + row.amountPaise, 0);
      const paymentsPaise = paid.reduce((total, row) => total + row.amountPaise, 0);
      return {
        worker,
        broughtForwardPaise,
        creditCount: own.length,
        creditsPaise,
        paymentsPaise,
        carriedForwardPaise: broughtForwardPaise + creditsPaise - paymentsPaise,
        credits: own.map((row) => ({
          earnedOn: row.earnedOn,
          orderNumber: row.orderNumber,
          garment: garmentLabel(row.garmentType),
          stageLabel: settings.labels[row.stage],
          amountPaise: row.amountPaise,
        })),
        payments: paid.map(({ workerId: _worker, ...line }) => line),
      };
    }),
  };
}

/* ------------------------------------------------------------------------------------------ */
/* Payments to workers                                                                        */
/* ------------------------------------------------------------------------------------------ */

const AMOUNT_MESSAGE = 'Please enter the amount paid in rupees, up to ₹10,00,000.';

/**
 * The payment form (`intent` record-worker-payment): `workerId`; `amount` in rupees as typed
 * (read into paise by lib/money's `readRupees`, more than 0 and up to ₹10,00,000); `method`
 * cash, upi or bank; `reference` (up to 100 characters, may be empty); `paidOn`, the Kolkata
 * day it was paid ('YYYY-MM-DD').
 */
export const workerPaymentFormSchema = z.object({
  workerId: z.string(NOT_A_WORKER).trim().min(1, NOT_A_WORKER).max(100, NOT_A_WORKER),
  amount: z
    .string(AMOUNT_MESSAGE)
    .trim()
    .transform((typed, ctx) => {
      const reading = readRupees(typed, MAX_WAGE_PAISE);
      if (reading.ok) return reading.paise;
      ctx.addIssue({ code: 'custom', message: AMOUNT_MESSAGE });
      return z.NEVER;
    }),
  method: z.enum(WORKER_PAYMENT_METHODS, { error: 'Please choose cash, UPI or bank transfer.' }),
  reference: z
    .string()
    .trim()
    .max(100, 'Please keep the reference to 100 characters.')
    .optional()
    .transform((value) => value ?? ''),
  paidOn: shopDateField('Please enter the day it was paid.'),
});

/**
 * Records a payment made to worker `workerId`, audited ('workshop.pay-worker', entity 'user').
 * @returns the toast's message ('Recorded ₹1,500 paid to Suresh.').
 * @throws Refusal 'invalid' for an account that is not a worker, or a day after today (Kolkata).
 */
export async function recordWorkerPayment(
  db: Db,
  actor: Actor,
  form: z.output<typeof workerPaymentFormSchema>,
  now = new Date(),
): Promise<string> {
  if (form.paidOn > shopDateOf(now)) {
    throw new Refusal('invalid', 'A payment cannot be dated after today.', 'paidOn');
  }
  return db.transaction(async (tx) => {
    const worker = await requireWorker(tx, form.workerId);
    const [row] = await tx
      .insert(workerPayments)
      .values({
        workerId: worker.id,
        amountPaise: form.amount,
        method: form.method,
        reference: form.reference,
        paidOn: form.paidOn,
        recordedById: actor.id,
        recordedByEmail: actor.email,
        createdAt: now,
      })
      .returning({ id: workerPayments.id });
    const amount = formatRupeesExact(form.amount);
    await recordAudit(tx, actor, {
      action: 'workshop.pay-worker',
      entity: 'user',
      entityId: worker.id,
      summary: `Recorded ${amount} paid to ${worker.name} (${WORKER_PAYMENT_METHOD_LABELS[form.method]}) on ${form.paidOn}`,
      before: null,
      after: { paymentId: row!.id, ...form, amountPaise: form.amount },
    });
    return `Recorded ${amount} paid to ${worker.name}.`;
  });
}

/**
 * The month a dues URL asks for: its `month` ('YYYY-MM', 2000 to 2099), or the Kolkata month of
 * `now` without one; null for a month it cannot read (the page answers 400).
 */
export function duesMonthOf(query: URLSearchParams, now = new Date()): string | null {
  const asked = query.get('month');
  return asked === null ? shopDateOf(now).slice(0, 7) : readShopMonth(asked);
}

/**
 * The month's dues as CSV for a spreadsheet: a header, then one line per worker — name,
 * brought forward, stages credited, earned, paid, carried forward (rupees to the paisa,
 * '1500.50'). Cells are written by lib/csv's `csvCell` (formulas defused).
 */
export function duesCsv(dues: MonthDues): string {
  const header = [
    'Month',
    'Worker',
    'Brought forward (INR)',
    'Stages',
    'Earned (INR)',
    'Paid (INR)',
    'Carried forward (INR)',
  ];
  const lines = dues.workers.map((row) => [
    dues.month,
    row.worker.name,
    paiseToDecimal(row.broughtForwardPaise),
    row.creditCount,
    paiseToDecimal(row.creditsPaise),
    paiseToDecimal(row.paymentsPaise),
    paiseToDecimal(row.carriedForwardPaise),
  ]);
  return [header, ...lines].map((cells) => cells.map(csvCell).join(',')).join('\r\n') + '\r\n';
}
