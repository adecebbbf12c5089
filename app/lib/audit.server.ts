/**
 * The audit log's writer (issue "Back office" item 9, issue 30 item 4): every change made by
 * staff is recorded in the same transaction as the change itself, so a change is never without
 * its entry. Part of the write frame every domain uses (see `auditedWrite`); the back office
 * reads the log (features/admin/audit).
 */
import type { Db } from '~/lib/db.server';
import { auditLog } from '~/lib/schema.server';

/** A database or an open transaction. */
export type DbOrTx = Db | Parameters<Parameters<Db['transaction']>[0]>[0];

/** Who made a change. */
export interface Actor {
  id: string;
  email: string;
}

/** One change to record. `before` is null on create, `after` null on delete. */
export interface AuditEntry {
  /** 'category.create', 'category.update', 'category.reorder', … */
  action: string;
  entity: string;
  entityId: string | number | null;
  /** One line for the log's readers, e.g. 'Created category "Uniforms"'. */
  summary: string;
  before?: unknown;
  after?: unknown;
}

/** Records one change. @throws when the database fails (the caller's transaction rolls back). */
export async function recordAudit(db: DbOrTx, actor: Actor, entry: AuditEntry): Promise<void> {
  await db.insert(auditLog).values({
    actorId: actor.id,
    actorEmail: actor.email,
    action: entry.action,
    entity: entry.entity,
    entityId: entry.entityId === null ? null : String(entry.entityId),
    summary: entry.summary,
    before: entry.before ?? null,
    after: entry.after ?? null,
  });
}
