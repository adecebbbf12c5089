/**
 * The write frame (issue "Back office": every change runs in one transaction with its audit
 * entry, nothing half-changed; issue 30 item 4: it lives in app/lib, below every domain): read what the change starts from, check it, change it, record
 * the audit entry, answer. Each step is the caller's own SQL and messages; this module only
 * keeps their order and their transaction.
 */
import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { Db } from '~/lib/db.server';
import { Refusal } from '~/lib/refusal';
import { readShopInstant } from '~/lib/shop-time-input';
import { recordAudit, type Actor, type AuditEntry } from '~/lib/audit.server';

/** An open transaction. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** The steps of one audited write, run in this order in one transaction. */
export interface AuditedWriteSteps<Before, After, Result> {
  /**
   * Reads what the change starts from (the row before, locked with `for update` where the
   * caller locks it); undefined when it is not there.
   */
  read(tx: Tx): Promise<Before | undefined>;
  /** The refusal when `read` finds nothing, e.g. Refusal 'not-found' "This product no longer exists.". */
  missing?: () => Error;
  /**
   * Checks the row before the change: throws a {@link Refusal}, or returns the answer
   * when there is nothing to change (then nothing is written and no entry recorded); undefined
   * to go on.
   */
  check?(before: Before): Result | undefined;
  /**
   * The change. Resolves to what the audit entry and the answer need (usually the row after),
   * or undefined when a versioned update matched no row.
   */
  write(tx: Tx, before: Before): Promise<After | undefined>;
  /** The refusal when `write` matched no row: the row changed since (Refusal 'conflict'). */
  stale?: () => Error;
  /** The audit entry of the change. */
  audit(before: Before, after: After): AuditEntry;
  /** What the caller resolves to (the toast's message, the id of the row). */
  answer(before: Before, after: After): Result;
}

/**
 * Runs `steps` in one transaction: read (refused with `missing` when nothing is found), check,
 * write (refused with `stale` when it matched no row), record the audit entry by `actor`, and
 * resolve to the answer. Any refusal rolls the whole transaction back.
 * @throws the refusals of the steps; an Error when `read` or `write` resolves to undefined and
 *   the steps give no `missing` or `stale` refusal for it; whatever the database throws.
 */
export async function auditedWrite<Before, After, Result>(
  db: Db,
  actor: Actor,
  steps: AuditedWriteSteps<Before, After, Result>,
): Promise<Result> {
  return db.transaction(async (tx) => {
    const before = await steps.read(tx);
    if (before === undefined) {
      throw steps.missing?.() ?? new Error('An audited write found nothing to change.');
    }
    const settled = steps.check?.(before);
    if (settled !== undefined) return settled;
    const after = await steps.write(tx, before);
    if (after === undefined) {
      throw steps.stale?.() ?? new Error('An audited write matched no row.');
    }
    await recordAudit(tx, actor, steps.audit(before, after));
    return steps.answer(before, after);
  });
}

/**
 * Whether a row's `updated_at` is the version (ISO 8601) the editor opened, to the millisecond:
 * the check in JavaScript of a row read in the transaction (see `versionMatches` for the check
 * in SQL).
 */
export function sameVersion(updatedAt: Date, version: string): boolean {
  return updatedAt.getTime() === new Date(version).getTime();
}

/* ------------------------------------------------------------------------------------------ */
/* Edit versions and unique keys                                                              */
/* ------------------------------------------------------------------------------------------ */

/**
 * A SQL condition: the row's `updated_at` equals the version (ISO 8601) the editor opened, to
 * the millisecond (PostgreSQL keeps microseconds; JavaScript dates keep milliseconds). Used in
 * an UPDATE's WHERE, so a save over a newer version changes no row.
 */
export function versionMatches(column: SQLWrapper, version: string): SQL {
  return sql`date_trunc('milliseconds', ${column}) = ${new Date(version).toISOString()}::timestamptz`;
}

/**
 * The version an edit form sent, checked to be an instant of the shop's years (ISO 8601 with
 * its zone, as `updatedAt.toISOString()` writes it): `versionMatches` can send it to the
 * database as it is (issue 28 item 7: '-000001-01-01T00:00:00Z' was a date to JavaScript).
 * @throws Refusal 'conflict' "The {what} form is out of date…" when it is missing or unreadable.
 */
export function assertVersion(version: string | undefined, what: string): string {
  if (!version || !readShopInstant(version)) {
    throw new Refusal('conflict', `The ${what} form is out of date. Reload and edit again.`);
  }
  return version;
}

/** Whether a database error is a unique-constraint violation (SQLSTATE 23505), wrapped or not. */
export function isUniqueViolation(error: unknown): boolean {
  const code = (error as { code?: string })?.code;
  const causeCode = (error as { cause?: { code?: string } })?.cause?.code;
  return code === '23505' || causeCode === '23505';
}
