/**
 * The style catalogue's commands (issue 21 item 1; issue 30 item 4: the `bespoke` domain owns
 * `styleOptions` and `styleOptionConflicts`, and every write to them is made here): options
 * added, edited and deleted, and the pairs not made together recorded and removed, each in
 * its transaction with its audit entry. The back office (/admin/style-options) parses the forms
 * and calls these.
 *
 * Deleting an option is refused while a saved design uses it (the design's page would lose it):
 * the administrator retires it instead (unticks Active), which the configurator respects.
 */
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '~/lib/db.server';
import { designs, images, styleOptionConflicts, styleOptions } from '~/lib/schema.server';
import type { GarmentType } from '~/lib/schema-enums';
import { Refusal } from '~/lib/refusal';
import { assertVersion, versionMatches, auditedWrite } from '~/lib/audited-write.server';
import type { Actor } from '~/lib/audit.server';
import { STYLE_GROUP_LABELS, type StyleOptionGroup } from './style-groups';

/** An option to add (id null) or edit (id and version), as the option form gives it. */
export interface StyleOptionSave {
  id: number | null;
  /** The `updated_at` (ISO 8601) the editor opened; required to edit. */
  version?: string;
  group: StyleOptionGroup;
  /** Lower-case letters and digits joined by hyphens, unique within its group. */
  code: string;
  name: string;
  description: string;
  garmentTypes: GarmentType[];
  /** The option's surcharge in paise. */
  price: number;
  displayOrder: number;
  isActive: boolean;
  /** A picture of the media library (its image key), or null. */
  imageKey: string | null;
}

const optionState = (row: typeof styleOptions.$inferSelect) => ({
  group: row.group,
  code: row.code,
  name: row.name,
  description: row.description,
  garmentTypes: row.garmentTypes,
  pricePaise: row.pricePaise,
  displayOrder: row.displayOrder,
  isActive: row.isActive,
  imageKey: row.imageKey,
});

/**
 * Adds or edits an option (audit 'style-option.create' / 'style-option.update').
 * @throws Refusal 'conflict' for a group and code already used or an edit over a stale version,
 *   404 for an option that is gone, 422 (imageKey) for a picture that is not stored.
 */
export async function saveStyleOption(db: Db, actor: Actor, input: StyleOptionSave) {
  if (input.imageKey) {
    const [image] = await db
      .select({ key: images.key })
      .from(images)
      .where(eq(images.key, input.imageKey));
    if (!image)
      throw new Refusal('invalid', 'That picture is not in the media library.', 'imageKey');
  }
  const values = {
    group: input.group,
    code: input.code,
    name: input.name,
    description: input.description,
    garmentTypes: [...new Set(input.garmentTypes)],
    pricePaise: input.price,
    displayOrder: input.displayOrder,
    isActive: input.isActive,
    imageKey: input.imageKey,
  };
  const taken = () =>
    new Refusal(
      'conflict',
      `The ${STYLE_GROUP_LABELS[input.group].toLowerCase()} code “${input.code}” is already used.`,
      'code',
    );
  const [clash] = await db
    .select({ id: styleOptions.id })
    .from(styleOptions)
    .where(and(eq(styleOptions.group, input.group), eq(styleOptions.code, input.code)));
  if (clash && clash.id !== input.id) throw taken();
  const id = input.id;
  if (id === null) {
    return auditedWrite(db, actor, {
      read: async () => null,
      write: (tx) =>
        tx
          .insert(styleOptions)
          .values(values)
          .onConflictDoNothing()
          .returning()
          .then(([row]) => row),
      stale: taken,
      audit: (_none, created) => ({
        action: 'style-option.create',
        entity: 'style-option',
        entityId: created.id,
        summary: `Added the style option ${created.name}`,
        after: optionState(created),
      }),
      answer: (_none, created) => ({ message: `Added ${created.name}.`, id: created.id }),
    });
  }
  const version = assertVersion(input.version, 'style option');
  return auditedWrite(db, actor, {
    read: (tx) =>
      tx
        .select()
        .from(styleOptions)
        .where(eq(styleOptions.id, id))
        .for('update')
        .then(([row]) => row),
    missing: () => new Refusal('not-found', 'This style option no longer exists.'),
    write: (tx) =>
      tx
        .update(styleOptions)
        .set({ ...values, updatedAt: new Date() })
        .where(and(eq(styleOptions.id, id), versionMatches(styleOptions.updatedAt, version)))
        .returning()
        .then(([row]) => row),
    stale: () =>
      new Refusal(
        'conflict',
        'This style option was changed by someone else since you opened it. Reload and edit again.',
      ),
    audit: (before, after) => ({
      action: 'style-option.update',
      entity: 'style-option',
      entityId: after.id,
      summary: `Edited the style option ${after.name}`,
      before: optionState(before),
      after: optionState(after),
    }),
    answer: (_before, after) => ({ message: `Saved ${after.name}.`, id: after.id }),
  });
}

/**
 * Deletes an option (audit 'style-option.delete'), with its conflicts.
 * @throws Refusal 'conflict' while a saved design uses it (retire it instead), 'not-found' when gone.
 */
export async function deleteStyleOption(db: Db, actor: Actor, input: { id: number }) {
  return auditedWrite(db, actor, {
    read: (tx) =>
      tx
        .select()
        .from(styleOptions)
        .where(eq(styleOptions.id, input.id))
        .for('update')
        .then(([row]) => row),
    missing: () => new Refusal('not-found', 'This style option was already deleted.'),
    write: async (tx, before) => {
      const [used] = await tx
        .select({ n: sql<number>`count(*)`.mapWith(Number) })
        .from(designs)
        .where(sql`${designs.options} ->> ${before.group} = ${before.code}`);
      if ((used?.n ?? 0) > 0) {
        throw new Refusal(
          'conflict',
          `${before.name} is in ${used!.n} saved design${used!.n === 1 ? '' : 's'}; untick Active to stop offering it instead.`,
        );
      }
      return tx
        .delete(styleOptions)
        .where(eq(styleOptions.id, before.id))
        .returning()
        .then(([row]) => row);
    },
    audit: (before) => ({
      action: 'style-option.delete',
      entity: 'style-option',
      entityId: before.id,
      summary: `Deleted the style option ${before.name}`,
      before: optionState(before),
      after: null,
    }),
    answer: (before) => `Deleted ${before.name}.`,
  });
}

/**
 * Records that two options are not made together (audit 'style-conflict.create').
 * @throws Refusal 'invalid' for the same option twice, 'conflict' for a pair already listed (either way
 *   round), 404 for an option that is gone.
 */
export async function addStyleConflict(
  db: Db,
  actor: Actor,
  input: { optionId: number; otherOptionId: number; reason: string },
) {
  if (input.optionId === input.otherOptionId) {
    throw new Refusal('invalid', 'Please choose two different options.', 'otherOptionId');
  }
  const [optionId, otherOptionId] = [input.optionId, input.otherOptionId].sort((a, b) => a - b) as [
    number,
    number,
  ];
  return auditedWrite(db, actor, {
    read: async (tx) => {
      const found = await tx
        .select({ id: styleOptions.id, name: styleOptions.name })
        .from(styleOptions)
        .where(sql`${styleOptions.id} in (${optionId}, ${otherOptionId})`)
        .for('update');
      return found.length === 2 ? found : undefined;
    },
    missing: () => new Refusal('not-found', 'One of these options no longer exists.'),
    write: async (tx) => {
      const [existing] = await tx
        .select({ id: styleOptionConflicts.id })
        .from(styleOptionConflicts)
        .where(
          sql`(${styleOptionConflicts.optionId} = ${optionId} and ${styleOptionConflicts.otherOptionId} = ${otherOptionId}) or (${styleOptionConflicts.optionId} = ${otherOptionId} and ${styleOptionConflicts.otherOptionId} = ${optionId})`,
        );
      if (existing)
        throw new Refusal('conflict', 'These two options are already listed as not made together.');
      return tx
        .insert(styleOptionConflicts)
        .values({ optionId, otherOptionId, reason: input.reason })
        .returning()
        .then(([row]) => row);
    },
    audit: (found, created) => ({
      action: 'style-conflict.create',
      entity: 'style-conflict',
      entityId: created.id,
      summary: `${found.map((o) => o.name).join(' and ')} are not made together`,
      after: { optionId, otherOptionId, reason: created.reason },
    }),
    answer: (found, created) => ({
      message: `${found.map((o) => o.name).join(' and ')} are no longer offered together.`,
      id: created.id,
    }),
  });
}

/** Removes a pair (audit 'style-conflict.delete'). @throws Refusal 'not-found' when gone. */
export async function removeStyleConflict(db: Db, actor: Actor, input: { id: number }) {
  return auditedWrite(db, actor, {
    read: (tx) =>
      tx
        .select()
        .from(styleOptionConflicts)
        .where(eq(styleOptionConflicts.id, input.id))
        .for('update')
        .then(([row]) => row),
    missing: () => new Refusal('not-found', 'This pair was already removed.'),
    write: (tx, before) =>
      tx
        .delete(styleOptionConflicts)
        .where(eq(styleOptionConflicts.id, before.id))
        .returning()
        .then(([row]) => row),
    audit: (before) => ({
      action: 'style-conflict.delete',
      entity: 'style-conflict',
      entityId: before.id,
      summary: 'Removed a pair of style options not made together',
      before: {
        optionId: before.optionId,
        otherOptionId: before.otherOptionId,
        reason: before.reason,
      },
      after: null,
    }),
    answer: () => 'The two options are offered together again.',
  });
}
