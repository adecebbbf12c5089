/**
 * The measurements' part of merging two customer records (issue 30 items 1 and 4, decision
 * 030): the measurements domain owns its profiles, versions and photos and moves them itself;
 * `features/customers/customer-merge` calls this through its {@link CustomerRowMover} list,
 * after it has locked both records' profiles.
 */
import { and, asc, eq, sql } from 'drizzle-orm';
import type { CustomerRowMover } from '~/features/customers/customer-merge.server';
import type { Tx } from '~/lib/audited-write.server';
import { measurementPhotos, measurementProfiles, measurementVersions } from '~/lib/schema.server';

/**
 * Moves the merged record's measurement profiles to the kept record: a garment only the merged
 * record has moves as it is; a garment both have is put together under the kept profile
 * (decision 030), its versions numbered again in the order they were taken, so the newest
 * measurement is the current one whichever record it came from.
 */
export const measurementRowsMover: CustomerRowMover = {
  references: ['measurement_profiles.customer_id'],
  move: async (tx, { fromId, toId }) => {
    const profiles = await tx
      .select({ id: measurementProfiles.id, garment: measurementProfiles.garment })
      .from(measurementProfiles)
      .where(eq(measurementProfiles.customerId, fromId))
      .orderBy(asc(measurementProfiles.id));
    for (const profile of profiles) {
      const [kept] = await tx
        .select({ id: measurementProfiles.id })
        .from(measurementProfiles)
        .where(
          and(
            eq(measurementProfiles.customerId, toId),
            eq(measurementProfiles.garment, profile.garment),
          ),
        );
      if (!kept) {
        await tx
          .update(measurementProfiles)
          .set({ customerId: toId })
          .where(eq(measurementProfiles.id, profile.id));
        continue;
      }
      await combineProfiles(tx, kept.id, profile.id);
    }
  },
};

/**
 * Moves the versions and photos of profile `fromId` under profile `intoId` and deletes
 * `fromId`; the versions of `intoId` are then numbered 1… in the order they were taken
 * (`created_at`, then id). The numbers pass through ranges no version holds, so the unique
 * (profile, version) key never sees two rows with one number.
 */
async function combineProfiles(tx: Tx, intoId: number, fromId: number): Promise<void> {
  await tx
    .update(measurementVersions)
    .set({ profileId: intoId, version: sql`${measurementVersions.version} + 1000000` })
    .where(eq(measurementVersions.profileId, fromId));
  await tx
    .update(measurementPhotos)
    .set({ profileId: intoId })
    .where(eq(measurementPhotos.profileId, fromId));
  await tx.delete(measurementProfiles).where(eq(measurementProfiles.id, fromId));
  await tx.execute(sql`
    update measurement_versions as v set version = 2000000 + r.n
    from (
      select id, row_number() over (order by created_at, id) as n
      from measurement_versions where profile_id = ${intoId}
    ) as r
    where v.id = r.id`);
  await tx
    .update(measurementVersions)
    .set({ version: sql`${measurementVersions.version} - 2000000` })
    .where(eq(measurementVersions.profileId, intoId));
}
