/**
 * An audited write (issue "Back office": every change runs in one transaction with its audit
 * entry, nothing half-changed): read what the change starts from, check it, change it, record
 * the audit entry, answer. Each step is the caller's own SQL and messages; this module only
 * keeps their order and their transaction.
 */
import type { Db } from '~/lib/db.server';
import { recordAudit, type Actor, type AuditEntry } from '~/features/admin/audit/audit.server';

/** An open transaction. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** The steps of one audited write, run in this order in one transaction. */
export interface AuditedWriteSteps<Before, After, Result> {
  /**
   * Reads what the change starts from (the row before, locked with `for update` where the
   * caller locks it); undefined when it is not there.
   */
  read(tx: Tx): Promise<Before | undefined>;
  /** The refusal when `read` finds nothing, e.g. AdminError 404 "This product no longer exists.". */
  missing?: () => Error;
  /**
   * Checks the row before the change: throws a refusal (an AdminError), or returns the answer
   * when there is nothing to change (then nothing is written and no entry recorded); undefined
   * to go on.
   */
  check?(before: Before): Result | undefined;
  /**
   * The change. Resolves to what the audit entry and the answer need (usually the row after),
   * or undefined when a versioned update matched no row.
   */
  write(tx: Tx, before: Before): Promise<After | undefined>;
  /** The refusal when `write` matched no row: the row changed since (AdminError 409). */
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
