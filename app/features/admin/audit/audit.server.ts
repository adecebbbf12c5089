/**
 * The audit log (issue "Back office" item 9): every administrator's change, recorded in the
 * same transaction as the change itself, so a change is never without its entry.
 */
import { asc, desc, eq } from 'drizzle-orm';
import type { Db } from '~/lib/db.server';
import { auditLog } from '~/lib/schema.server';
import { countWhere, pagedList } from '~/features/admin/shared/paged-list.server';

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

/** A recorded change as the audit screen shows it. */
export interface AuditRow {
  id: number;
  actorEmail: string;
  action: string;
  entity: string;
  entityId: string | null;
  summary: string;
  before: unknown;
  after: unknown;
  /** ISO 8601. */
  createdAt: string;
}

/** Entries per page of /admin/audit. */
export const AUDIT_PAGE_SIZE = 50;

/**
 * One page (1-based) of the log, newest first, optionally of one entity kind, with the total.
 */
export async function listAudit(
  db: Db,
  options: { page: number; entity?: string },
): Promise<{ rows: AuditRow[]; total: number }> {
  const where = options.entity ? eq(auditLog.entity, options.entity) : undefined;
  const { rows, total } = await pagedList(
    { page: options.page, size: AUDIT_PAGE_SIZE },
    ({ limit, offset }) =>
      db
        .select()
        .from(auditLog)
        .where(where)
        .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
        .limit(limit)
        .offset(offset),
    () => countWhere(db, auditLog, where),
  );
  return {
    rows: rows.map((row) => ({
      id: row.id,
      actorEmail: row.actorEmail,
      action: row.action,
      entity: row.entity,
      entityId: row.entityId,
      summary: row.summary,
      before: row.before,
      after: row.after,
      createdAt: row.createdAt.toISOString(),
    })),
    total,
  };
}

/** The entity kinds the audit screen always offers as filters, in this order. */
const KNOWN_AUDIT_ENTITIES = ['category', 'subcategory', 'message'] as const;

/**
 * The entity kinds to filter the log by: {@link KNOWN_AUDIT_ENTITIES} first, then any other
 * kind the log holds, alphabetically.
 * @throws when the database fails.
 */
export async function listAuditEntities(db: Db): Promise<string[]> {
  const rows = await db
    .selectDistinct({ entity: auditLog.entity })
    .from(auditLog)
    .orderBy(asc(auditLog.entity));
  const known: readonly string[] = KNOWN_AUDIT_ENTITIES;
  return [...known, ...rows.map((row) => row.entity).filter((entity) => !known.includes(entity))];
}
