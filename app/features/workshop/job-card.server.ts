/**
 * What a job card holds (issue 31 item 4): everything the workshop needs to make one garment
 * of a bespoke order (a `bespoke_garments` row), and nothing it must not see.
 *
 * - Order and garment: the order's number, the garment's type and its place in the order.
 * - The customer's first name only: no phone, no e-mail, no address ("The card shows no price
 *   and no customer contact"; the workshop role sees no customer contact, item 2).
 * - Due dates: delivery is the order's promised date; trial is the ticket's trial due date,
 *   else the order's next booked trial appointment.
 * - The pinned measurement version, every point in the shop's working unit with the other unit
 *   beside it (inches first by default, `formatMeasurement`, the rounding of the measurement
 *   card), with fit, posture and the tailor's notes.
 * - Every pinned style choice with its drawing (or its picture from the media library); the
 *   fabric's code, name and swatch. No price of any kind: neither the garment's, nor a
 *   fabric's per metre, nor an option's.
 * - The ticket's stage and assignee when a work ticket is given (`JobCardTicket`).
 * - The QR's target: the ticket page `${publicUrl}/admin/workshop/garments/<garmentId>`.
 */
import { and, asc, eq, gte } from 'drizzle-orm';
import {
  GARMENTS,
  FIT_LABELS,
  formatMeasurement,
  postureLabel,
} from '~/features/measurements/garments';
import type { MeasurementUnit } from '~/features/measurements/garments';
import { TRIAL_TYPE_KEY } from '~/features/bespoke/bespoke-orders.server';
import { STYLE_GROUP_LABELS, isStyleOptionGroup } from '~/features/bespoke/style-groups';
import { getSiteSettings } from '~/features/site/settings.server';
import type { Db } from '~/lib/db.server';
import {
  appointments,
  appointmentTypes,
  bespokeGarments,
  customers,
  measurementProfiles,
  measurementVersions,
  orders,
  products,
  styleOptions,
} from '~/lib/schema.server';
import { STYLE_OPTION_GROUPS, type GarmentType } from '~/lib/schema-enums';
import { shopDateOf, type ShopDate } from '~/lib/shop-time';
import type { Storage } from '~/lib/storage/storage.server';
import { libraryPictureJpeg, styleDrawingPng } from './job-card-pictures.server';

/**
 * The work ticket's part of a card, filled by the garment's ticket when there is one. Dates
 * are shop days ('YYYY-MM-DD', Asia/Kolkata); a given date wins over the order's own.
 */
export interface JobCardTicket {
  /** The stage's name as the shop calls it ('Cutting'). */
  stage: string | null;
  trialDueOn: ShopDate | null;
  deliveryDueOn: ShopDate | null;
  assigneeName: string | null;
  /** The last trial's notes while the garment is at its alteration (issue 31 item 5). */
  alterationNotes?: string | null;
}

/** One measured point as the card prints it: '40.25 in' beside '102.2 cm'. */
interface JobCardPoint {
  label: string;
  /** In the working unit; '—' when the version lacks the point. */
  value: string;
  /** In the other unit; '—' likewise. */
  other: string;
}

/** Everything one card prints. Images are PNG or JPEG bytes. */
export interface JobCard {
  garmentId: number;
  /** The ticket page the QR opens (absolute URL). */
  ticketUrl: string;
  shopName: string;
  orderNumber: string;
  /** The customer record's id (for the audit of who printed it); never printed. */
  customerId: number | null;
  /** The first word of the customer's name. */
  customerFirstName: string;
  garment: {
    type: GarmentType;
    label: string;
    /** 1-based place among the order's garments, and how many there are. */
    position: number;
    count: number;
  };
  stage: string | null;
  assigneeName: string | null;
  /** What the trial asked to alter, while the garment is at its alteration; null otherwise. */
  alterationNotes: string | null;
  trialDueOn: ShopDate | null;
  deliveryDueOn: ShopDate | null;
  /** Null when no version is pinned (or it was deleted): the card says to measure first. */
  measurement: {
    version: number;
    /** The shop day it was taken. */
    takenOn: ShopDate;
    takenByName: string;
    unit: MeasurementUnit;
    otherUnit: MeasurementUnit;
    points: JobCardPoint[];
    fit: string;
    posture: string[];
    notes: string;
  } | null;
  options: { group: string; groupLabel: string; code: string; name: string; picture: Buffer }[];
  fabric: {
    /** The shop's code of an in-store fabric, or the catalogue product's slug. */
    code: string;
    name: string;
    customerCloth: boolean;
    /** The catalogue product's first picture, when there is one. */
    swatch: Buffer | null;
  };
}

/** What loading a card needs besides the garment. */
export interface JobCardOptions {
  storage: Storage;
  /** The site's public origin (`PUBLIC_URL`). */
  publicUrl: string;
  /** The unit the shop works in; the other unit is printed beside it. Default inches. */
  unit?: MeasurementUnit;
  ticket?: JobCardTicket;
  now?: Date;
}

/** The ticket page of a garment (issue 31, the one-tap page the QR opens). */
function ticketPageUrl(publicUrl: string, garmentId: number): string {
  return new URL(`/admin/workshop/garments/${garmentId}`, publicUrl).toString();
}

const groupRank = (group: string) => (STYLE_OPTION_GROUPS as readonly string[]).indexOf(group);

/**
 * Assembles garment `garmentId`'s job card, pictures included.
 * @returns null when there is no such garment.
 * @throws when the database or storage fails, or a drawing cannot be rendered.
 */
export async function loadJobCard(
  db: Db,
  garmentId: number,
  options: JobCardOptions,
): Promise<JobCard | null> {
  const unit = options.unit ?? 'in';
  const otherUnit: MeasurementUnit = unit === 'in' ? 'cm' : 'in';
  const [row] = await db
    .select({
      garment: bespokeGarments,
      orderNumber: orders.number,
      orderCustomerName: orders.customerName,
      customerId: orders.customerId,
      customerName: customers.name,
      promisedOn: orders.promisedOn,
      productSlug: products.slug,
      productImageKeys: products.imageKeys,
    })
    .from(bespokeGarments)
    .innerJoin(orders, eq(orders.id, bespokeGarments.orderId))
    .leftJoin(customers, eq(customers.id, orders.customerId))
    .leftJoin(products, eq(products.id, bespokeGarments.fabricProductId))
    .where(eq(bespokeGarments.id, garmentId));
  if (!row) return null;
  const { garment } = row;

  const siblings = await db
    .select({ id: bespokeGarments.id })
    .from(bespokeGarments)
    .where(eq(bespokeGarments.orderId, garment.orderId))
    .orderBy(asc(bespokeGarments.position), asc(bespokeGarments.id));

  const [version] =
    garment.measurementVersionId === null
      ? []
      : await db
          .select({ version: measurementVersions, garment: measurementProfiles.garment })
          .from(measurementVersions)
          .innerJoin(measurementProfiles, eq(measurementProfiles.id, measurementVersions.profileId))
          .where(eq(measurementVersions.id, garment.measurementVersionId));

  let trialDueOn = options.ticket?.trialDueOn ?? null;
  if (!trialDueOn) {
    const [trial] = await db
      .select({ startsAt: appointments.startsAt })
      .from(appointments)
      .innerJoin(appointmentTypes, eq(appointmentTypes.id, appointments.typeId))
      .where(
        and(
          eq(appointments.orderId, garment.orderId),
          eq(appointmentTypes.key, TRIAL_TYPE_KEY),
          eq(appointments.status, 'booked'),
          gte(appointments.startsAt, options.now ?? new Date()),
        ),
      )
      .orderBy(asc(appointments.startsAt))
      .limit(1);
    trialDueOn = trial ? shopDateOf(trial.startsAt) : null;
  }

  const pinned = [...garment.options].sort((a, b) => groupRank(a.group) - groupRank(b.group));
  const pictured = pinned.length
    ? await db
        .select({
          group: styleOptions.group,
          code: styleOptions.code,
          imageKey: styleOptions.imageKey,
        })
        .from(styleOptions)
    : [];
  const imageKeyOf = new Map(pictured.map((o) => [`${o.group}:${o.code}`, o.imageKey]));
  const optionsWithPictures = await Promise.all(
    pinned.map(async (option) => {
      const imageKey = imageKeyOf.get(`${option.group}:${option.code}`);
      const picture =
        (imageKey ? await libraryPictureJpeg(options.storage, imageKey) : null) ??
        (await styleDrawingPng(option.group, option.code));
      return {
        group: option.group,
        groupLabel: isStyleOptionGroup(option.group)
          ? STYLE_GROUP_LABELS[option.group]
          : option.group,
        code: option.code,
        name: option.name,
        picture,
      };
    }),
  );

  const swatchKey = row.productImageKeys?.[0];
  const swatch = swatchKey ? await libraryPictureJpeg(options.storage, swatchKey) : null;
  const settings = await getSiteSettings(db);
  const fullName = row.customerName ?? row.orderCustomerName;

  return {
    garmentId: garment.id,
    ticketUrl: ticketPageUrl(options.publicUrl, garment.id),
    shopName: settings.shopName,
    orderNumber: row.orderNumber,
    customerId: row.customerId,
    customerFirstName: fullName.trim().split(/\s+/)[0] ?? '',
    garment: {
      type: garment.garmentType,
      label: GARMENTS[garment.garmentType].label,
      position: siblings.findIndex((s) => s.id === garment.id) + 1,
      count: siblings.length,
    },
    stage: options.ticket?.stage ?? null,
    assigneeName: options.ticket?.assigneeName ?? null,
    alterationNotes: options.ticket?.alterationNotes ?? null,
    trialDueOn,
    deliveryDueOn: options.ticket?.deliveryDueOn ?? row.promisedOn,
    measurement: version
      ? {
          version: version.version.version,
          takenOn: shopDateOf(version.version.createdAt),
          takenByName: version.version.takenByName,
          unit,
          otherUnit,
          points: GARMENTS[version.garment].points.map((point) => {
            const cm = version.version.valuesCm[point.key];
            return {
              label: point.label,
              value: cm === undefined ? '—' : formatMeasurement(cm, unit),
              other: cm === undefined ? '—' : formatMeasurement(cm, otherUnit),
            };
          }),
          fit: FIT_LABELS[version.version.fit],
          posture: version.version.posture.map(postureLabel),
          notes: version.version.notes,
        }
      : null,
    options: optionsWithPictures,
    fabric: {
      code: garment.fabricCode || row.productSlug || '',
      name: garment.fabricName,
      customerCloth: garment.customerCloth,
      swatch,
    },
  };
}
