/**
 * Measurement profiles (issue 20 item 3, DESIGN.md "The bespoke business"): one profile per
 * (customer record, garment), whose versions are never updated in place. Each save inserts
 * version n+1 under a lock on the profile row, so two saves at once never take one number.
 *
 * - Staff versions carry who took them (`taken_by_id`, `taken_by_name`), when, and the
 *   appointment they were taken at; the back office's reads and writes are audited by its
 *   own module (features/admin/measurements).
 * - A shopper's own set is a version with `self_measured` and no `confirmed_at`, until staff
 *   confirm it (sets `confirmed_at`) or correct it (a new staff version).
 * - Fitting photos are private files under `private/measurements/`, served only by the
 *   authorised routes through {@link readMeasurementPhoto}.
 *
 * Values are centimetres (0.1 cm) by point key (garments.ts).
 */
import { and, asc, desc, eq, inArray, isNotNull, isNull, max, or } from 'drizzle-orm';
import type { Db } from '~/lib/db.server';
import type { DbOrTx } from '~/lib/jobs/enqueue.server';
import type { FitPreference, GarmentType } from '~/lib/schema-enums';
import {
  customers,
  measurementPhotos,
  measurementProfiles,
  measurementVersions,
} from '~/lib/schema.server';
import type { Storage } from '~/lib/storage/storage.server';
import {
  isPrivatePhotoId,
  removePrivatePhotos,
  writePrivatePhotos,
  type PreparedPhoto,
} from '~/features/media/private-photos.server';
import { GARMENTS } from './garments';
import { versionChanges, type VersionChanges, type VersionSnapshot } from './history';

/** The customer record a profile belongs to, as the measurement pages show it. */
export interface MeasuredCustomer {
  id: number;
  name: string;
  /** E.164, e.g. '+919825012345'. */
  phone: string;
  email: string | null;
}

/** One saved version as the pages read it. Values in cm by point key. */
export interface MeasurementVersionView {
  id: number;
  version: number;
  valuesCm: Record<string, number>;
  fit: FitPreference;
  posture: string[];
  notes: string;
  selfMeasured: boolean;
  /** ISO 8601; null for a self-measured set staff have not confirmed (and for staff sets). */
  confirmedAt: string | null;
  takenByName: string;
  /** When it was taken (saved), ISO 8601. */
  takenAt: string;
  appointmentId: number | null;
}

/** A private fitting photo of a profile. Width and height in px. */
interface MeasurementPhotoView {
  id: string;
  width: number;
  height: number;
  caption: string;
  /** ISO 8601. */
  createdAt: string;
}

/** A garment's profile of a customer: its newest version and how many there are. */
export interface ProfileSummary {
  garment: GarmentType;
  latest: MeasurementVersionView;
  versionCount: number;
  /** The newest version is self-measured and waits for staff. */
  awaitingCheck: boolean;
  photos: MeasurementPhotoView[];
}

/** A profile's whole history, newest version first, each with its changes from the one before. */
export interface ProfileHistory {
  garment: GarmentType;
  versions: (MeasurementVersionView & { changes: VersionChanges | null })[];
  photos: MeasurementPhotoView[];
}

type VersionRow = typeof measurementVersions.$inferSelect;

function versionView(row: VersionRow): MeasurementVersionView {
  return {
    id: row.id,
    version: row.version,
    valuesCm: row.valuesCm,
    fit: row.fit,
    posture: row.posture,
    notes: row.notes,
    selfMeasured: row.selfMeasured,
    confirmedAt: row.confirmedAt?.toISOString() ?? null,
    takenByName: row.takenByName,
    takenAt: row.createdAt.toISOString(),
    appointmentId: row.appointmentId,
  };
}

function photoView(row: typeof measurementPhotos.$inferSelect): MeasurementPhotoView {
  return {
    id: row.id,
    width: row.width,
    height: row.height,
    caption: row.caption,
    createdAt: row.createdAt.toISOString(),
  };
}

/** The customer record by id; null when there is none (or the id is not a whole number). */
export async function getMeasuredCustomer(
  db: DbOrTx,
  customerId: number,
): Promise<MeasuredCustomer | null> {
  if (!Number.isSafeInteger(customerId) || customerId < 1 || customerId > 2_147_483_647) {
    return null;
  }
  const [row] = await db
    .select({
      id: customers.id,
      name: customers.name,
      phone: customers.phone,
      email: customers.email,
    })
    .from(customers)
    .where(eq(customers.id, customerId))
    .limit(1);
  return row ?? null;
}

async function photosOf(db: DbOrTx, profileIds: number[]) {
  if (profileIds.length === 0) return [];
  return db
    .select()
    .from(measurementPhotos)
    .where(inArray(measurementPhotos.profileId, profileIds))
    .orderBy(asc(measurementPhotos.createdAt), asc(measurementPhotos.id));
}

/**
 * A customer's profiles that hold a version, in the order of `GARMENT_TYPES`, each with its
 * versions (oldest first) and photos.
 */
async function loadProfiles(db: DbOrTx, customerId: number) {
  const profiles = await db
    .select()
    .from(measurementProfiles)
    .where(eq(measurementProfiles.customerId, customerId));
  if (profiles.length === 0) return [];
  const ids = profiles.map((profile) => profile.id);
  const [versions, photos] = await Promise.all([
    db
      .select()
      .from(measurementVersions)
      .where(inArray(measurementVersions.profileId, ids))
      .orderBy(asc(measurementVersions.version)),
    photosOf(db, ids),
  ]);
  const order = Object.keys(GARMENTS);
  return profiles
    .map((profile) => ({
      garment: profile.garment,
      rows: versions.filter((row) => row.profileId === profile.id),
      photos: photos.filter((row) => row.profileId === profile.id),
    }))
    .filter((profile) => profile.rows.length > 0)
    .sort((a, b) => order.indexOf(a.garment) - order.indexOf(b.garment));
}

/**
 * Each version of a `garment` profile (oldest first) with what changed from the one before
 * (`versionChanges`, history.ts: the one rule the back office and the shopper's page share);
 * null for the first.
 */
function withChanges<T extends VersionSnapshot>(
  garment: GarmentType,
  versions: readonly T[],
): (T & { changes: VersionChanges | null })[] {
  return versions.map((version, index) => ({
    ...version,
    changes: index === 0 ? null : versionChanges(garment, versions[index - 1]!, version),
  }));
}

/**
 * A customer's profiles, in the order of `GARMENT_TYPES`, each with its newest version; a
 * garment never measured is left out.
 */
export async function listProfiles(db: DbOrTx, customerId: number): Promise<ProfileSummary[]> {
  return (await loadProfiles(db, customerId)).map((profile) => {
    const newest = profile.rows[profile.rows.length - 1]!;
    return {
      garment: profile.garment,
      latest: versionView(newest),
      versionCount: profile.rows.length,
      awaitingCheck: newest.selfMeasured && newest.confirmedAt === null,
      photos: profile.photos.map(photoView),
    };
  });
}

/**
 * One version as its owner reads it on /account/measurements (issue 36 item 2): the values
 * (cm by point key), fit and posture, who measured it and when, and what changed from the
 * version before. Nothing of the shop's own: a staff version's notes (the cutters' working
 * notes) read '', and it carries no ids of rows, staff or appointments.
 */
export interface OwnMeasurementVersion {
  version: number;
  valuesCm: Record<string, number>;
  fit: FitPreference;
  posture: string[];
  /** The shopper's own notes on a set they sent themselves; '' on a staff version. */
  notes: string;
  selfMeasured: boolean;
  /** ISO 8601; when staff checked a self-measured set, else null. */
  confirmedAt: string | null;
  /** The staff member who measured, or the shopper's own name on a self-measured set. */
  takenByName: string;
  /** ISO 8601. */
  takenAt: string;
  /** From the version before, computed on what the shopper may read; null for version 1. */
  changes: VersionChanges | null;
}

/** A garment's profile as its owner reads it: every version, newest first, and the photos. */
export interface OwnProfile {
  garment: GarmentType;
  /** Newest first; never empty. */
  versions: OwnMeasurementVersion[];
  /** The newest version is self-measured and waits for staff. */
  awaitingCheck: boolean;
  /** Private fitting photos, served by /account/measurements/photos/:id. Px. */
  photos: { id: string; width: number; height: number }[];
}

/**
 * The signed-in shopper's own profiles with their whole history (issue 36 item 2: "each
 * version, who measured it and when, and what changed; staff-only notes stay hidden"), in the
 * order of `GARMENT_TYPES`; a garment never measured is left out. Changes come from the back
 * office's rule (`versionChanges`) applied to the versions as the shopper reads them, so a
 * staff note never reaches them through a diff either. Photo captions (staff's) are left out.
 */
export async function listOwnProfiles(db: DbOrTx, customerId: number): Promise<OwnProfile[]> {
  return (await loadProfiles(db, customerId)).map((profile) => {
    const readable = profile.rows.map((row): Omit<OwnMeasurementVersion, 'changes'> => ({
      version: row.version,
      valuesCm: row.valuesCm,
      fit: row.fit,
      posture: row.posture,
      notes: row.selfMeasured ? row.notes : '',
      selfMeasured: row.selfMeasured,
      confirmedAt: row.confirmedAt?.toISOString() ?? null,
      takenByName: row.takenByName,
      takenAt: row.createdAt.toISOString(),
    }));
    const newest = profile.rows[profile.rows.length - 1]!;
    return {
      garment: profile.garment,
      versions: withChanges(profile.garment, readable).reverse(),
      awaitingCheck: newest.selfMeasured && newest.confirmedAt === null,
      photos: profile.photos.map((photo) => ({
        id: photo.id,
        width: photo.width,
        height: photo.height,
      })),
    };
  });
}

/** A customer's profile of one garment with every version; null when never measured. */
export async function getProfileHistory(
  db: DbOrTx,
  customerId: number,
  garment: GarmentType,
): Promise<ProfileHistory | null> {
  const [profile] = await db
    .select()
    .from(measurementProfiles)
    .where(
      and(eq(measurementProfiles.customerId, customerId), eq(measurementProfiles.garment, garment)),
    )
    .limit(1);
  if (!profile) return null;
  const [rows, photos] = await Promise.all([
    db
      .select()
      .from(measurementVersions)
      .where(eq(measurementVersions.profileId, profile.id))
      .orderBy(asc(measurementVersions.version)),
    photosOf(db, [profile.id]),
  ]);
  if (rows.length === 0) return null;
  const versions = withChanges(garment, rows.map(versionView));
  return { garment, versions: versions.reverse(), photos: photos.map(photoView) };
}

/** What a new version holds and who took it. Values in cm by point key. */
export interface NewMeasurementVersion {
  customerId: number;
  garment: GarmentType;
  valuesCm: Record<string, number>;
  fit: FitPreference;
  posture: string[];
  notes: string;
  /** A shopper's own set (waits for staff to confirm it). */
  selfMeasured: boolean;
  takenBy: { id: string; name: string };
  appointmentId?: number | null;
}

/**
 * Saves a new version of the customer's profile of the garment (creating the profile on its
 * first save), numbered one more than the newest: the profile row is locked `for update`
 * first, so concurrent saves queue and never take the same number. Run it in the caller's
 * transaction (`tx`), which holds the lock until it commits.
 * @returns the profile's id and the new version's id and number.
 * @throws whatever the database throws (e.g. an unknown customer: a foreign-key violation).
 */
export async function saveMeasurementVersion(
  tx: DbOrTx,
  input: NewMeasurementVersion,
): Promise<{ profileId: number; versionId: number; version: number }> {
  await tx
    .insert(measurementProfiles)
    .values({ customerId: input.customerId, garment: input.garment })
    .onConflictDoNothing();
  const [profile] = await tx
    .select({ id: measurementProfiles.id })
    .from(measurementProfiles)
    .where(
      and(
        eq(measurementProfiles.customerId, input.customerId),
        eq(measurementProfiles.garment, input.garment),
      ),
    )
    .for('update');
  const [newest] = await tx
    .select({ version: max(measurementVersions.version) })
    .from(measurementVersions)
    .where(eq(measurementVersions.profileId, profile!.id));
  const version = (newest?.version ?? 0) + 1;
  const [saved] = await tx
    .insert(measurementVersions)
    .values({
      profileId: profile!.id,
      version,
      valuesCm: input.valuesCm,
      fit: input.fit,
      posture: input.posture,
      notes: input.notes,
      selfMeasured: input.selfMeasured,
      takenById: input.takenBy.id,
      takenByName: input.takenBy.name,
      appointmentId: input.appointmentId ?? null,
    })
    .returning({ id: measurementVersions.id });
  return { profileId: profile!.id, versionId: saved!.id, version };
}

/**
 * Marks a self-measured version as checked by staff (sets `confirmed_at` to now).
 * @returns the version as it was before and after; null when the customer has no such
 *   version of that garment, or it is not a self-measured set waiting for a check.
 */
export async function confirmSelfMeasured(
  tx: DbOrTx,
  customerId: number,
  garment: GarmentType,
  version: number,
): Promise<MeasurementVersionView | null> {
  const [target] = await tx
    .select({ id: measurementVersions.id })
    .from(measurementVersions)
    .innerJoin(measurementProfiles, eq(measurementProfiles.id, measurementVersions.profileId))
    .where(
      and(
        eq(measurementProfiles.customerId, customerId),
        eq(measurementProfiles.garment, garment),
        eq(measurementVersions.version, version),
        eq(measurementVersions.selfMeasured, true),
        isNull(measurementVersions.confirmedAt),
      ),
    )
    .limit(1);
  if (!target) return null;
  const [updated] = await tx
    .update(measurementVersions)
    .set({ confirmedAt: new Date() })
    .where(and(eq(measurementVersions.id, target.id), isNull(measurementVersions.confirmedAt)))
    .returning();
  return updated ? versionView(updated) : null;
}

/* ------------------------------------------------------------------------------------------ */
/* Private fitting photos                                                                      */
/* ------------------------------------------------------------------------------------------ */

/** The storage prefix of fitting photos; the public media route never serves it. */
const PHOTO_PREFIX = 'private/measurements/';

/**
 * Stores prepared fitting photos (features/media `preparePhotos`) for a profile (which must
 * exist): each written under `private/measurements/<uuid>.webp` and recorded.
 * @returns the new photos' ids.
 * @throws StorageWriteError when the storage cannot write (files written before it are
 *   removed again; no row is recorded).
 */
export async function storeMeasurementPhotos(
  db: Db,
  storage: Storage,
  profileId: number,
  encoded: readonly PreparedPhoto[],
  uploadedById: string,
): Promise<string[]> {
  const stored = await writePrivatePhotos(storage, PHOTO_PREFIX, encoded);
  if (stored.length > 0) {
    await db
      .insert(measurementPhotos)
      .values(
        stored.map((photo) => ({
          id: photo.id,
          profileId,
          storageKey: photo.key,
          contentType: 'image/webp',
          width: photo.width,
          height: photo.height,
          uploadedById,
        })),
      )
      .catch(async (error: unknown) => {
        await removePrivatePhotos(storage, stored);
        throw error;
      });
  }
  return stored.map((photo) => photo.id);
}

/**
 * A fitting photo's bytes, when `viewer` may see it: an administrator any photo, a customer
 * only those of their own record (`customerId`). Null for anything else (unknown or
 * malformed id, someone else's photo, a file gone from storage), which the routes answer
 * with 404 alike.
 */
export async function readMeasurementPhoto(
  db: DbOrTx,
  storage: Storage,
  photoId: string,
  viewer: { admin: true } | { customerId: number },
): Promise<{ data: Buffer; contentType: string; customerId: number } | null> {
  if (!isPrivatePhotoId(photoId)) return null;
  const [row] = await db
    .select({
      key: measurementPhotos.storageKey,
      contentType: measurementPhotos.contentType,
      customerId: measurementProfiles.customerId,
    })
    .from(measurementPhotos)
    .innerJoin(measurementProfiles, eq(measurementProfiles.id, measurementPhotos.profileId))
    .where(eq(measurementPhotos.id, photoId))
    .limit(1);
  if (!row) return null;
  if (!('admin' in viewer) && viewer.customerId !== row.customerId) return null;
  const data = await storage.get(row.key);
  return data ? { data, contentType: row.contentType, customerId: row.customerId } : null;
}

/**
 * Deletes the measurements of an account's customer record before the account goes (issue
 * 20 item 3 "Privacy": deleting an account deletes them): the profiles (their versions and
 * photo rows cascade) and the photo files. Files are removed after the rows; a file that
 * cannot be removed is logged and left (nothing links to it any more).
 * @throws whatever the database throws (the account deletion stops then).
 */
export async function deleteMeasurementsOfUser(
  db: Db,
  storage: Storage,
  userId: string,
): Promise<void> {
  const keys = await db.transaction(async (tx) => {
    const records = await tx
      .select({ id: customers.id })
      .from(customers)
      .where(eq(customers.userId, userId));
    if (records.length === 0) return [];
    const ids = records.map((record) => record.id);
    const photos = await tx
      .select({ key: measurementPhotos.storageKey })
      .from(measurementPhotos)
      .innerJoin(measurementProfiles, eq(measurementProfiles.id, measurementPhotos.profileId))
      .where(inArray(measurementProfiles.customerId, ids));
    await tx.delete(measurementProfiles).where(inArray(measurementProfiles.customerId, ids));
    return photos.map((photo) => photo.key);
  });
  for (const key of keys) {
    await storage.delete(key).catch((error: unknown) => {
      console.error('measurements: could not remove a photo file', key, error);
    });
  }
}

/**
 * A version staff may cut from: one staff took, or a self-measured set staff confirmed
 * (issue 20 item 3).
 */
const confirmedVersion = or(
  eq(measurementVersions.selfMeasured, false),
  isNotNull(measurementVersions.confirmedAt),
);

/**
 * The id of the latest confirmed version of a customer's profile for `garment`, or null
 * (what a bespoke garment pins by default, issue 21 item 3).
 */
export async function latestConfirmedVersion(
  tx: DbOrTx,
  customerId: number,
  garment: GarmentType,
): Promise<number | null> {
  const [row] = await tx
    .select({ id: measurementVersions.id })
    .from(measurementVersions)
    .innerJoin(measurementProfiles, eq(measurementProfiles.id, measurementVersions.profileId))
    .where(
      and(
        eq(measurementProfiles.customerId, customerId),
        eq(measurementProfiles.garment, garment),
        confirmedVersion,
      ),
    )
    .orderBy(desc(measurementVersions.version))
    .limit(1);
  return row?.id ?? null;
}

/** Whether version `versionId` belongs to the customer's profile for `garment`. */
export async function isVersionOf(
  tx: DbOrTx,
  versionId: number,
  customerId: number,
  garment: GarmentType,
): Promise<boolean> {
  const [own] = await tx
    .select({ id: measurementVersions.id })
    .from(measurementVersions)
    .innerJoin(measurementProfiles, eq(measurementProfiles.id, measurementVersions.profileId))
    .where(
      and(
        eq(measurementVersions.id, versionId),
        eq(measurementProfiles.customerId, customerId),
        eq(measurementProfiles.garment, garment),
      ),
    );
  return own !== undefined;
}

/** The measurement versions a garment may be cut from: each of the customer's, newest first. */
export interface MeasurementChoice {
  id: number;
  garment: GarmentType;
  version: number;
  takenAt: string;
  confirmed: boolean;
}

/** Every measurement version of a customer's profiles of `garments`, newest first. */
export async function measurementChoices(
  db: DbOrTx,
  customerId: number,
  garments: readonly GarmentType[],
): Promise<MeasurementChoice[]> {
  if (garments.length === 0) return [];
  const rows = await db
    .select({
      id: measurementVersions.id,
      garment: measurementProfiles.garment,
      version: measurementVersions.version,
      takenAt: measurementVersions.createdAt,
      selfMeasured: measurementVersions.selfMeasured,
      confirmedAt: measurementVersions.confirmedAt,
    })
    .from(measurementVersions)
    .innerJoin(measurementProfiles, eq(measurementProfiles.id, measurementVersions.profileId))
    .where(
      and(
        eq(measurementProfiles.customerId, customerId),
        inArray(measurementProfiles.garment, [...garments]),
      ),
    )
    .orderBy(asc(measurementProfiles.garment), desc(measurementVersions.version));
  return rows.map((row) => ({
    id: row.id,
    garment: row.garment,
    version: row.version,
    takenAt: row.takenAt.toISOString(),
    confirmed: !row.selfMeasured || row.confirmedAt !== null,
  }));
}
