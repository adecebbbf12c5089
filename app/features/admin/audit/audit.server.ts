/**
 * The audit log as the back office's audit screen reads it (issue "Back office" item 9). The
 * entries are written by `recordAudit` (~/lib/audit.server), in the transaction of each change.
 */
import { asc, desc, eq } from 'drizzle-orm';
import type { Db } from '~/lib/db.server';
import { auditLog } from '~/lib/schema.server';
import { countWhere, pagedList } from '~/features/admin/shared/paged-list.server';

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
