/**
 * The GST rate rules' table (`tax_rate_rules`, issue 29 item 1): reading the rules in force,
 * and the invoicing settings page's two changes, each audited in its transaction
 * (`auditedWrite`): adding a rule (a code or prefix, an optional band on one piece's taxable
 * value, a rate, the date it takes effect, a note) and retiring one entered in error. A change
 * of law is a new rule with its own effective date, so invoices dated before keep the old
 * rates; the matching itself is `rate-rules.ts`.
 */
import { and, asc, eq, isNull } from 'drizzle-orm';
import * as z from 'zod';
import type { Db } from '~/lib/db.server';
import type { DbOrTx } from '~/lib/jobs/enqueue.server';
import { readRupees } from '~/lib/money';
import { shopDateField } from '~/lib/shop-time-input';
import { taxRateRules } from '~/lib/schema.server';
import { describeBand, type RateRule } from './rate-rules';
import { isGstRate, MAX_GST_RATE } from './tax';
import type { Actor } from '~/lib/audit.server';
import { Refusal } from '~/lib/refusal';
import { auditedWrite } from '~/lib/audited-write.server';

const toRule = (row: typeof taxRateRules.$inferSelect): RateRule => ({
  id: row.id,
  code: row.code,
  abovePaise: row.abovePaise,
  upToPaise: row.upToPaise,
  ratePercent: row.ratePercent,
  effectiveFrom: row.effectiveFrom,
  label: row.label,
});

/** Every rule not retired, by code, date and band: what invoices and the settings page read. */
export async function listRateRules(db: DbOrTx): Promise<RateRule[]> {
  const rows = await db
    .select()
    .from(taxRateRules)
    .where(isNull(taxRateRules.retiredAt))
    .orderBy(
      asc(taxRateRules.code),
      asc(taxRateRules.effectiveFrom),
      asc(taxRateRules.abovePaise),
      asc(taxRateRules.id),
    );
  return rows.map(toRule);
}

/** The largest band edge accepted: ₹1 crore a piece. */
const MAX_BAND_PAISE = 1_000_000_000;

/**
 * The "add a rule" form: `code` (2 to 8 digits), `band` ('none', 'upTo' or 'above') with
 * `bandRupees` (the edge in rupees, e.g. '2500'), `ratePercent`, `effectiveFrom` (a Kolkata
 * date 'YYYY-MM-DD') and an optional `label`.
 */
export const rateRuleFormSchema = z
  .object({
    code: z
      .string()
      .trim()
      .regex(/^[0-9]{2,8}$/, 'An HSN or SAC code, or a prefix of one, is 2 to 8 digits.'),
    band: z.enum(['none', 'upTo', 'above'], 'Please choose the band.'),
    bandRupees: z.string().trim().max(20).optional().default(''),
    ratePercent: z
      .string()
      .trim()
      .refine(
        (text) => text !== '' && isGstRate(Number(text)),
        `A GST rate is a percentage from 0 to ${MAX_GST_RATE}, in whole or half percents.`,
      )
      .transform(Number),
    effectiveFrom: shopDateField('Please enter the date the rule takes effect.'),
    label: z.string().trim().max(300, 'Please keep the note to 300 characters.').default(''),
  })
  .transform((form, ctx) => {
    let edge: number | null = null;
    if (form.band !== 'none') {
      const reading = readRupees(form.bandRupees, MAX_BAND_PAISE);
      if (!reading.ok) {
        ctx.addIssue({
          code: 'custom',
          path: ['bandRupees'],
          message:
            'Please enter the band’s edge in rupees a piece, more than ₹0 and up to ₹1 crore.',
        });
        return z.NEVER;
      }
      edge = reading.paise;
    }
    return {
      code: form.code,
      abovePaise: form.band === 'above' ? edge : null,
      upToPaise: form.band === 'upTo' ? edge : null,
      ratePercent: form.ratePercent,
      effectiveFrom: form.effectiveFrom,
      label: form.label,
    };
  });

/** The "retire a rule" form: the rule's id. */
export const retireRateRuleSchema = z.object({
  id: z.coerce
    .number()
    .int('This rule is not known.')
    .positive('This rule is not known.')
    // An id column is a 4-byte integer: a larger number is no rule (not a database error).
    .max(2_147_483_647, 'This rule is not known.'),
});

/** Whether two bands share a value. */
function bandsOverlap(
  a: Pick<RateRule, 'abovePaise' | 'upToPaise'>,
  b: Pick<RateRule, 'abovePaise' | 'upToPaise'>,
): boolean {
  const low = Math.max(a.abovePaise ?? -1, b.abovePaise ?? -1);
  const high = Math.min(a.upToPaise ?? Infinity, b.upToPaise ?? Infinity);
  return low < high;
}

/**
 * Adds a rule, audited as 'tax-rate-rule.create'.
 * @throws Refusal 'conflict' when a rule of the same code and date already covers part of its band
 *   (retire that one first).
 */
export async function addRateRule(
  db: Db,
  actor: Actor,
  input: z.output<typeof rateRuleFormSchema>,
): Promise<{ message: string; id: number }> {
  return auditedWrite(db, actor, {
    read: (tx) =>
      tx
        .select()
        .from(taxRateRules)
        .where(
          and(
            eq(taxRateRules.code, input.code),
            eq(taxRateRules.effectiveFrom, input.effectiveFrom),
            isNull(taxRateRules.retiredAt),
          ),
        )
        .for('update'),
    check: (same) => {
      if (same.some((rule) => bandsOverlap(rule, input))) {
        throw new Refusal(
          'conflict',
          `A rule for ${input.code} from ${input.effectiveFrom} already covers part of that band. Retire it first.`,
          'band',
        );
      }
      return undefined;
    },
    write: async (tx) => {
      const [row] = await tx.insert(taxRateRules).values(input).returning();
      return row;
    },
    audit: (_before, row) => ({
      action: 'tax-rate-rule.create',
      entity: 'tax-rate-rule',
      entityId: row.id,
      summary: `Added GST rule ${row.code}: ${row.ratePercent}% ${describeBand(row)} from ${row.effectiveFrom}`,
      after: toRule(row),
    }),
    answer: (_before, row) => ({
      message: `Rule added: ${row.code} at ${row.ratePercent}% ${describeBand(row)} from ${row.effectiveFrom}. Invoices dated from then use it.`,
      id: row.id,
    }),
  });
}

/**
 * Retires rule `id` (entered in error), audited as 'tax-rate-rule.retire'. Invoices already
 * issued keep their rates (each is a snapshot).
 * @throws Refusal 'not-found' for an unknown rule.
 */
export async function retireRateRule(
  db: Db,
  actor: Actor,
  input: z.output<typeof retireRateRuleSchema>,
): Promise<string> {
  return auditedWrite(db, actor, {
    read: (tx) =>
      tx
        .select()
        .from(taxRateRules)
        .where(eq(taxRateRules.id, input.id))
        .for('update')
        .then(([row]) => row),
    missing: () => new Refusal('not-found', 'This rule no longer exists.'),
    check: (row) => (row.retiredAt ? 'This rule was already retired.' : undefined),
    write: async (tx) => {
      const [row] = await tx
        .update(taxRateRules)
        .set({ retiredAt: new Date() })
        .where(eq(taxRateRules.id, input.id))
        .returning();
      return row;
    },
    audit: (before, after) => ({
      action: 'tax-rate-rule.retire',
      entity: 'tax-rate-rule',
      entityId: before.id,
      summary: `Retired GST rule ${before.code}: ${before.ratePercent}% ${describeBand(before)} from ${before.effectiveFrom}`,
      before: toRule(before),
      after: { ...toRule(after), retiredAt: after.retiredAt?.toISOString() ?? null },
    }),
    answer: (before) =>
      `Rule retired: ${before.code} at ${before.ratePercent}% ${describeBand(before)} from ${before.effectiveFrom}.`,
  });
}
