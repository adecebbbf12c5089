/**
 * The back office's bespoke orders (issue 21 item 3): the data of /admin/orders/new and of a
 * bespoke order's panels on /admin/orders/:number, and their intents. The rules are in
 * features/bespoke/bespoke-orders.server; this module reads the query, gathers what the forms
 * offer (clients, a design, the style options of the garment, fabrics, measurement versions,
 * trial times) and maps each intent to its rule for `runAdminAction`.
 */
import { workshopHooks } from '~/features/workshop/tickets.server';
import { and, asc, eq, ilike, sql } from 'drizzle-orm';
import type { Db } from '~/lib/db.server';
import type { PaymentProviderName } from '~/lib/payments/payments.server';
import { GARMENT_TYPES, type GarmentType } from '~/lib/schema-enums';
import { appointments, categories, orders, products } from '~/lib/schema.server';
import { shopDateOf, type ShopDate } from '~/lib/shop-time';
import { readShopDate } from '~/lib/shop-time-input';
import { listAppointmentTypes, slotsOn } from '~/features/booking/booking.server';
import type { Slot } from '~/features/booking/slots';
import { getBespokeSettings } from '~/features/bespoke/bespoke-settings.server';
import { readDesignReference } from '~/features/bespoke/design-reference';
import { garmentsFixedReason, orderClosed } from '~/features/bespoke/order-changes';
import { listCustomerDesigns, type CustomerDesign } from '~/features/bespoke/designs.server';
import {
  addGarment,
  addGarmentSchema,
  bespokeDetailOf,
  bookTrial,
  bookTrialSchema,
  createBespokeOrder,
  createBespokeOrderSchema,
  removeGarment,
  removeGarmentSchema,
  setGarmentPrice,
  setGarmentPriceSchema,
  TRIAL_TYPE_KEY,
  updateBespokeOrder,
  updateBespokeOrderSchema,
  type BespokeDetail,
} from '~/features/bespoke/bespoke-orders.server';
import {
  measurementChoices,
  type MeasurementChoice,
} from '~/features/measurements/measurements.server';
import {
  fabricForDesign,
  getDesign,
  listStyleOptions,
} from '~/features/bespoke/style-catalogue.server';
import { adminHandler, type AnyAdminHandler } from '~/features/admin/shared/admin-action.server';
import {
  customerChoice,
  findCustomers,
  type CustomerChoice,
} from '~/features/customers/customer-search.server';

/** The longest search the forms accept; longer ones are cut. */
const MAX_QUERY = 100;

/** How many fabrics a search lists. */
const MAX_MATCHES = 10;

/** A catalogue fabric a garment may use. Price per metre in paise. */
interface FabricChoice {
  productId: number;
  name: string;
  pricePerMetrePaise: number;
}

/** The options of one group a garment offers, in the catalogue's order. */
interface OptionGroupChoice {
  group: string;
  options: { code: string; name: string; pricePaise: number }[];
}

/** What a garment form offers and starts with. */
export interface GarmentFormData {
  garmentType: GarmentType;
  groups: OptionGroupChoice[];
  /** The client's versions of this garment, newest first. */
  measurements: MeasurementChoice[];
  /** The fabric search (`?fabric=`) and its matches. */
  fabricQuery: string;
  fabrics: FabricChoice[];
  /**
   * The garment type's making charge in paise (the bespoke settings' base price): what a
   * garment on the customer's own cloth costs before options (issue 29 item 1).
   */
  makingChargePaise: number;
  /**
   * What the form starts with: a design's choices, when one was given; the fabric a search
   * found (the first match, issue 30 item 3: "Finding a fabric selects it"); or another
   * garment of the order whose fabric this one takes (`fromGarment`).
   */
  initial: {
    designId: string | null;
    fabricProductId: number | null;
    options: Record<string, string>;
    fromGarment?: {
      id: number;
      position: number;
      garmentType: GarmentType;
      fabricName: string;
    } | null;
  };
}

/** Everything /admin/orders/new shows. */
export interface NewBespokeOrderData {
  /** The client search (`?q=`) and its matches. */
  q: string;
  matches: CustomerChoice[];
  client: CustomerChoice | null;
  /** The appointment the order is made from (`?appointment=`), when it is the client's. */
  appointment: { id: number; startsAt: string; typeName: string; designId: string | null } | null;
  /** The design's link or id as pasted (`?design=`), and whether it names a saved design. */
  designQuery: string;
  designFound: boolean;
  /** The id of the design in use, when one was found. */
  designId: string | null;
  /** Why the pasted text names no design (not a link or id, or no such design), or null. */
  designError: string | null;
  /** The client's saved designs to pick from (their account's, and their appointments'). */
  designs: CustomerDesign[];
  /** The garment form, once a client and a garment are chosen. */
  garment: GarmentFormData | null;
  /** The client's last billing address on an order, to start the form with. */
  lastAddress: {
    address: string;
    city: string;
    state: string;
    pincode: string;
    addressLine2: string;
    landmark: string;
  } | null;
  today: ShopDate;
}

const idParam = (value: string | null) =>
  value !== null && /^[1-9]\d{0,8}$/.test(value) ? Number(value) : null;

const garmentParam = (value: string | null): GarmentType | null =>
  (GARMENT_TYPES as readonly (string | null)[]).includes(value) ? (value as GarmentType) : null;

const likeEscaped = (value: string) => value.replace(/[\\%_]/g, (char) => `\\${char}`);

/** Catalogue fabrics whose name matches `q` (each checked by `fabricForDesign`). */
async function findFabrics(db: Db, q: string): Promise<FabricChoice[]> {
  if (q === '') return [];
  const rows = await db
    .select({ id: products.id })
    .from(products)
    .innerJoin(categories, eq(categories.id, products.categoryId))
    // The fabrics shelf narrows the search; fabricForDesign stays the judge of each.
    .where(
      and(
        eq(products.isActive, true),
        eq(categories.slug, 'fabrics'),
        ilike(products.name, `%${likeEscaped(q)}%`),
      ),
    )
    .orderBy(asc(products.name))
    .limit(MAX_MATCHES);
  const found: FabricChoice[] = [];
  for (const row of rows) {
    const fabric = await fabricForDesign(db, row.id);
    if (fabric)
      found.push({
        productId: fabric.productId,
        name: fabric.name,
        pricePerMetrePaise: fabric.pricePerMetrePaise,
      });
    if (found.length === MAX_MATCHES) break;
  }
  return found;
}

/** The garment form for a client: options, measurement versions, fabrics, the starting values. */
async function garmentForm(
  db: Db,
  customerId: number,
  garmentType: GarmentType,
  search: URLSearchParams,
  initial: GarmentFormData['initial'],
): Promise<GarmentFormData> {
  const fabricQuery = (search.get('fabric') ?? '').trim().slice(0, MAX_QUERY);
  const [options, measurements, fabrics, bespokeSettings] = await Promise.all([
    listStyleOptions(db, { garmentType }),
    measurementChoices(db, customerId, [garmentType]),
    findFabrics(db, fabricQuery),
    getBespokeSettings(db),
  ]);
  const groups: OptionGroupChoice[] = [];
  for (const option of options) {
    let group = groups.find((entry) => entry.group === option.group);
    if (!group) {
      group = { group: option.group, options: [] };
      groups.push(group);
    }
    group.options.push({ code: option.code, name: option.name, pricePaise: option.pricePaise });
  }
  // A search selects what it found first (issue 30 item 3), over a design's fabric.
  const found = fabrics[0];
  // The design's fabric is offered even when no search found it.
  if (
    initial.fabricProductId !== null &&
    !fabrics.some((f) => f.productId === initial.fabricProductId)
  ) {
    const fabric = await fabricForDesign(db, initial.fabricProductId);
    if (fabric)
      fabrics.unshift({
        productId: fabric.productId,
        name: fabric.name,
        pricePerMetrePaise: fabric.pricePerMetrePaise,
      });
  }
  return {
    garmentType,
    groups,
    measurements,
    fabricQuery,
    fabrics,
    makingChargePaise: bespokeSettings.garments[garmentType].basePricePaise,
    initial: found ? { ...initial, fabricProductId: found.productId } : initial,
  };
}

/**
 * The data of /admin/orders/new: `?q=` (a client search), `?customer=` (the chosen client),
 * `?appointment=` (an appointment: its client, and its design if it carries one), `?design=`
 * (a saved design's id: its garment, fabric and options), `?garment=` (the garment type) and
 * `?fabric=` (a fabric search). Anything unreadable is ignored.
 * @throws when the database fails.
 */
export async function newBespokeOrderScreen(
  db: Db,
  search: URLSearchParams,
  now: Date,
): Promise<NewBespokeOrderData> {
  const q = (search.get('q') ?? '').trim().slice(0, MAX_QUERY);
  let customerId = idParam(search.get('customer'));
  let designQuery = (search.get('design') ?? '').trim().slice(0, 500);
  let appointment: NewBespokeOrderData['appointment'] = null;
  const appointmentId = idParam(search.get('appointment'));
  if (appointmentId !== null) {
    const [row] = await db
      .select({
        id: appointments.id,
        customerId: appointments.customerId,
        startsAt: appointments.startsAt,
        context: appointments.context,
        typeId: appointments.typeId,
      })
      .from(appointments)
      .where(eq(appointments.id, appointmentId));
    if (row && (customerId === null || customerId === row.customerId)) {
      customerId = row.customerId;
      const types = await listAppointmentTypes(db);
      appointment = {
        id: row.id,
        startsAt: row.startsAt.toISOString(),
        typeName: types.find((type) => type.id === row.typeId)?.name ?? 'Appointment',
        designId: row.context?.designId ?? null,
      };
      if (!designQuery && row.context?.designId) designQuery = row.context.designId;
    }
  }
  // A pasted share link or id (issue 30 item 3); anything else is refused with its reason.
  const reference = readDesignReference(designQuery);
  const design = reference.ok && reference.id ? await getDesign(db, reference.id) : null;
  const designError = !reference.ok
    ? reference.message
    : reference.id && !design
      ? 'No saved design has this link or id.'
      : null;
  const [matches, client] = await Promise.all([
    findCustomers(db, q),
    customerId === null ? null : customerChoice(db, customerId),
  ]);
  const designs = client ? await listCustomerDesigns(db, client.id) : [];
  const garmentType = design?.garmentType ?? garmentParam(search.get('garment'));
  const garment =
    client && garmentType
      ? await garmentForm(db, client.id, garmentType, search, {
          designId: design?.id ?? null,
          fabricProductId: design?.fabricProductId ?? null,
          options: design?.options ?? {},
        })
      : null;
  const [lastAddress] = client
    ? await db
        .select({
          address: orders.address,
          city: orders.city,
          state: orders.state,
          pincode: orders.pincode,
          addressLine2: orders.addressLine2,
          landmark: orders.landmark,
        })
        .from(orders)
        .where(eq(orders.customerId, client.id))
        .orderBy(sql`${orders.createdAt} desc`)
        .limit(1)
    : [];
  return {
    q,
    matches,
    client,
    appointment,
    designQuery,
    designFound: design !== null,
    designId: design?.id ?? null,
    designError,
    designs,
    garment,
    lastAddress: lastAddress ?? null,
    today: shopDateOf(now),
  };
}

/** What a bespoke order's page adds for the back office. */
export interface BespokeOrderPanel extends BespokeDetail {
  today: ShopDate;
  /** The add-garment form (`?garment=` chosen, or `?from=` a design), or null. */
  garmentForm: GarmentFormData | null;
  /**
   * What the add-garment form starts from (`?from=`, issue 30 item 3): 'garment-<id>' (the
   * fabric of a garment of the order), 'design-<id>' (a saved design of the client), or null.
   */
  from: string | null;
  /** The client's saved designs an added garment may start from. */
  designs: CustomerDesign[];
  /** The trial times of `?trialDate=` (today by default), full ones with `left` 0. */
  trial: { date: ShopDate; slots: Slot[] } | null;
  /**
   * Whether garments may be added, repriced or removed: not once the order is cancelled,
   * delivered or paid in full (`garmentsFixedReason`, the rule the commands refuse by).
   */
  garmentsEditable: boolean;
  /** Whether a trial may be booked: not once the order is closed (`orderClosed`). */
  trialBookable: boolean;
}

/**
 * The back office's panels of a bespoke order (null for a shop order): its garments, trials and
 * dates, the add-garment form for `?garment=` (with `?fabric=`), and the trial times of
 * `?trialDate=` (today, in Kolkata, when absent or unreadable).
 */
export async function bespokeOrderPanel(
  db: Db,
  orderId: number,
  search: URLSearchParams,
  now: Date,
): Promise<BespokeOrderPanel | null> {
  const [order] = await db
    .select({
      id: orders.id,
      customerId: orders.customerId,
      promisedOn: orders.promisedOn,
      notes: orders.notes,
      status: orders.status,
      fulfilmentStatus: orders.fulfilmentStatus,
    })
    .from(orders)
    .where(and(eq(orders.id, orderId), eq(orders.kind, 'bespoke')));
  if (!order) return null;
  const today = shopDateOf(now);
  const detail = await bespokeDetailOf(db, order);
  // Issue 30 item 3: an added garment may start from a garment of the order (its fabric) or
  // from one of the client's saved designs (its garment, fabric and options).
  const fromParam = search.get('from') ?? '';
  const fromGarmentId = /^garment-([1-9]\d{0,8})$/.exec(fromParam)?.[1];
  const fromGarment = detail.garments.find((garment) => String(garment.id) === fromGarmentId);
  const fromDesignId = /^design-([A-Za-z0-9_-]{16,64})$/.exec(fromParam)?.[1];
  const design = fromDesignId ? await getDesign(db, fromDesignId) : null;
  const garmentType = design?.garmentType ?? garmentParam(search.get('garment'));
  const garmentFormData =
    order.customerId !== null && garmentType
      ? await garmentForm(db, order.customerId, garmentType, search, {
          designId: design?.id ?? null,
          fabricProductId: design?.fabricProductId ?? fromGarment?.fabric.productId ?? null,
          options: design?.options ?? {},
          fromGarment: fromGarment
            ? {
                id: fromGarment.id,
                position: fromGarment.position,
                garmentType: fromGarment.garmentType,
                fabricName: fromGarment.fabric.customerCloth
                  ? `the customer’s own cloth${fromGarment.fabric.name ? ` (${fromGarment.fabric.name})` : ''}`
                  : fromGarment.fabric.name,
              }
            : null,
        })
      : null;
  const designs = order.customerId === null ? [] : await listCustomerDesigns(db, order.customerId);
  const trialType = (await listAppointmentTypes(db)).find((type) => type.key === TRIAL_TYPE_KEY);
  const asked = readShopDate(search.get('trialDate'));
  const date = asked && asked >= today ? asked : today;
  const trial = trialType
    ? { date, slots: await slotsOn(db, trialType, date, now, { staff: true }) }
    : null;
  return {
    ...detail,
    today,
    garmentForm: garmentFormData,
    from: fromGarment ? `garment-${fromGarment.id}` : design ? `design-${design.id}` : null,
    designs,
    trial,
    garmentsEditable: garmentsFixedReason(order) === null,
    trialBookable: !orderClosed(order),
  };
}

/** The intent of /admin/orders/new. */
export function newBespokeOrderHandlers(deps: {
  db: Db;
  provider: PaymentProviderName;
}): Record<'create-bespoke-order', AnyAdminHandler> {
  return {
    'create-bespoke-order': adminHandler(createBespokeOrderSchema, async (input, admin) => {
      const created = await createBespokeOrder(
        deps.db,
        { id: admin.id, email: admin.email },
        input,
        deps.provider,
        new Date(),
        workshopHooks,
      );
      return { message: created.message, id: created.number };
    }),
  };
}

/** The bespoke intents of /admin/orders/:number. */
export type BespokeOrderIntent =
  'add-garment' | 'set-garment-price' | 'remove-garment' | 'book-trial' | 'update-bespoke-order';

/** The bespoke intents of an order's page, for `runAdminAction`. */
export function bespokeOrderHandlers(db: Db): Record<BespokeOrderIntent, AnyAdminHandler> {
  const actor = (admin: { id: string; email: string }) => ({ id: admin.id, email: admin.email });
  return {
    'add-garment': adminHandler(addGarmentSchema, (input, admin) =>
      addGarment(db, actor(admin), input, new Date(), workshopHooks),
    ),
    'set-garment-price': adminHandler(setGarmentPriceSchema, (input, admin) =>
      setGarmentPrice(db, actor(admin), input),
    ),
    'remove-garment': adminHandler(removeGarmentSchema, (input, admin) =>
      removeGarment(db, actor(admin), input),
    ),
    'book-trial': adminHandler(bookTrialSchema, (input, admin) =>
      bookTrial(db, actor(admin), input),
    ),
    'update-bespoke-order': adminHandler(updateBespokeOrderSchema, (input, admin) =>
      updateBespokeOrder(db, actor(admin), input, new Date(), workshopHooks),
    ),
  };
}
