/**
 * The writer of the settings documents (`site_settings`: the shop's settings, orders, messages,
 * invoicing, style conflicts), each saved whole over the version its form was opened at, in one
 * transaction with its audit entry (issue 30 item 4: the site owns the table and its writes).
 */
import { eq, sql } from 'drizzle-orm';
import type { Db } from '~/lib/db.server';
import { siteSettings } from '~/lib/schema.server';
import { Refusal } from '~/lib/refusal';
import type { Actor, DbOrTx } from '~/lib/audit.server';
import { auditedWrite } from '~/lib/audited-write.server';

/**
 * Stores `value` as settings document `key` (`site_settings`), creating the row or replacing
 * its value (and `updated_at`): the one upsert of a document, for a caller whose change has
 * its own checks and audit entry in the same transaction (the booking rules, a staff member's
 * preferences).
 * @returns the row as stored.
 * @throws whatever the database throws (the caller's transaction rolls back).
 */
export async function putSettingsDocument(
  db: DbOrTx,
  key: string,
  value: unknown,
): Promise<typeof siteSettings.$inferSelect> {
  const [saved] = await db
    .insert(siteSettings)
    .values({ key, value })
    .onConflictDoUpdate({
      target: siteSettings.key,
      set: { value, updatedAt: new Date() },
    })
    .returning();
  return saved!;
}

/**
 * Saves one settings document (`site_settings` row `key`) over the version its form was
 * opened at, audited as 'settings.update'; no row yet (a new shop) means the save creates it.
 * @throws Refusal 'conflict' '<what> changed by someone else…' when it was saved since.
 */
export async function saveSettingsDocument<T>(
  db: Db,
  actor: Actor,
  doc: {
    key: string;
    version: string | undefined;
    next: T;
    defaults: T;
    what: string;
    summary: string;
    answer: string;
  },
): Promise<string> {
  return auditedWrite(db, actor, {
    read: (tx) =>
      tx
        .select()
        .from(siteSettings)
        .where(eq(siteSettings.key, doc.key))
        .for('update')
        .then(([row]) => row ?? null),
    check: (row) => {
      if (row && doc.version !== row.updatedAt.toISOString()) {
        throw new Refusal(
          'conflict',
          `${doc.what} changed by someone else since you opened them. Reload to see their changes, then edit again.`,
        );
      }
      return undefined;
    },
    write: async (tx) => {
      await tx
        .insert(siteSettings)
        .values({ key: doc.key, value: doc.next, updatedAt: sql`now()` })
        .onConflictDoUpdate({
          target: siteSettings.key,
          set: { value: doc.next, updatedAt: sql`now()` },
        });
      return doc.next;
    },
    audit: (row, after) => ({
      action: 'settings.update',
      entity: 'settings',
      entityId: doc.key,
      summary: doc.summary,
      before: row?.value ?? doc.defaults,
      after,
    }),
    answer: () => doc.answer,
  });
}
