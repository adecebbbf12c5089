/**
 * Bespoke orders (issue 21 item 3): made by staff for a customer record of part 1, from a saved
 * design, an appointment or from scratch; each holds one or more garments that pin their
 * fabric (a catalogue fabric, an in-store fabric code, or the customer's own cloth: a tailoring
 * service priced at its making charge, issue 29 item 1), their style options, the
 * measurement version they are cut from, the server's quote and the price charged.
 *
 * Rules kept here (every change in one transaction with its audit entry, the order row locked):
 * - `orders.amount_paise` of a bespoke order is the sum of its garments' `price_paise`, set in
 *   the same transaction as every garment change (settleTotal).
 * - A change that would bring the total below what has been paid is refused: the net paid is
 *   the ledger's sum of the order's rows (`ledgerSumsOfOrder`: succeeded rows, refunds negative).
 * - Garments are not changed once the order is cancelled, delivered or paid in full (invoiced).
 * - The price is the quote (features/bespoke/style-catalogue.server quoteDesign) unless an
 *   administrator overrides it with a reason; the override and its reason are in the audit
 *   entry and on the garment ("Quoted ₹X, charged ₹Y: reason").
 * - Consumption comes from the bespoke settings through the quote; it is not edited per
 *   garment (a different length is an override of the price, with its reason). The metres the
 *   workshop reserves of a catalogue fabric start from it and staff change them there
 *   (features/workshop/fabric.server.ts, issue 31 item 7).
 * - The measurement version is pinned by id: a newer version of the profile never changes it.
 *   By default it is the customer's latest confirmed version of that garment (a staff version,
 *   or a self-measured one staff confirmed); none when they have no confirmed version yet.
 */
import { and, asc, eq, sql } from 'drizzle-orm';
import * as z from 'zod';
import { gstinProblem } from '~/features/invoices/gstin';
import { gstinStateProblem } from '~/features/invoices/tax';
import { districtFor, pincodeProblem } from '~/features/addresses/indian-address';
import { lookupPincode } from '~/features/addresses/pincodes.server';
import { bookAppointment, listAppointmentTypes } from '~/features/booking/booking.server';
import { ledgerSumsOfOrder } from '~/features/orders/ledger-sums.server';
import {
  addBespokeOrder,
  setBespokeOrderTerms,
  setOrderAmount,
} from '~/features/orders/orders-commands.server';
import type { Db } from '~/lib/db.server';
import type { DbOrTx } from '~/lib/jobs/enqueue.server';
import { formatRupees, readRupees } from '~/lib/money';
import type { PaymentProviderName } from '~/lib/payments/payments.server';
import { GARMENT_TYPES, STYLE_OPTION_GROUPS, type GarmentType } from '~/lib/schema-enums';
import {
  appointments,
  appointmentTypes,
  bespokeGarments,
  customers,
  measurementVersions,
  orders,
  type PinnedStyleOption,
} from '~/lib/schema.server';
import { isVersionOf, latestConfirmedVersion } from '~/features/measurements/measurements.server';
import { addShopDays, formatShopDateTime, type ShopDate } from '~/lib/shop-time';
import { shopDateField, shopInstantField } from '~/lib/shop-time-input';
import { PROMISED_WARNING_DAYS } from './promised-date';
import { garmentsFixedReason, orderClosed } from './order-changes';
import { fabricForDesign, getDesign, quoteDesign } from './style-catalogue.server';
import type { Actor } from '~/lib/audit.server';
import { Refusal } from '~/lib/refusal';
import { auditedWrite, type Tx } from '~/lib/audited-write.server';
import { optionalIdField, orderNumberField } from '~/lib/form-fields.server';

/** The most garments one order holds. */
const MAX_GARMENTS = 20;

/** The highest price, fabric price per metre or override accepted, in paise (₹10,00,000). */
const MAX_PRICE_PAISE = 100_000_000;

/* ------------------------------------------------------------------------------------------ */
/* Form schemas                                                                               */
/* ------------------------------------------------------------------------------------------ */

const text = (max: number, what: string) =>
  z
    .string()
    .trim()
    .max(max, `${what} must be at most ${max} characters.`)
    .optional()
    .transform((value) => value ?? '');

/** Rupees typed in a field, read as paise (`readRupees`); '' or absent is null. */
const rupeesField = (what: string) =>
  z
    .string()
    .optional()
    .transform((value, ctx) => {
      if (value === undefined || value.trim() === '') return null;
      const reading = readRupees(value, MAX_PRICE_PAISE);
      if (reading.ok) return reading.paise;
      ctx.addIssue({
        code: 'custom',
        message:
          reading.problem === 'tooHigh'
            ? `${what} must be at most ${formatRupees(MAX_PRICE_PAISE)}.`
            : `Please enter ${what.toLowerCase()} in rupees, e.g. 1,250 or 1,250.50.`,
      });
      return z.NEVER;
    });

/** A style option's code as a form sends it (`option-<group>`); '' is no choice. */
const optionCode = z
  .string()
  .trim()
  .max(60, 'This option is not known.')
  .regex(/^[a-z0-9_-]*$/, 'This option is not known.')
  .optional();

/** The fields of one garment, shared by the new order form and 'add-garment'. */
const garmentShape = {
  garmentType: z.enum(GARMENT_TYPES, { error: 'Please choose the garment.' }).optional(),
  designId: z
    .string()
    .trim()
    .max(64, 'No saved design has this id.')
    .regex(/^[A-Za-z0-9_-]*$/, 'No saved design has this id.')
    .optional()
    .transform((value) => value || null),
  /**
   * 'customer': the customer brought the cloth (a tailoring service, issue 29 item 1);
   * 'garment': the fabric of another garment of the order, `fromGarmentId` (issue 30 item 3).
   */
  fabricSource: z.enum(['catalogue', 'store', 'customer', 'garment'], {
    error: 'Please choose where the fabric is from.',
  }),
  fromGarmentId: optionalIdField('This garment is no longer on the order.'),
  /** 'on': a suit jacket taken as a set, with a trouser and a waistcoat (issue 30 item 3). */
  suitSet: z
    .enum(['on'], { error: 'Please tick the suit set or leave it.' })
    .optional()
    .transform((value) => value === 'on'),
  fabricProductId: optionalIdField('Please choose a fabric from the catalogue.'),
  fabricCode: text(40, 'The fabric code'),
  fabricName: text(120, 'The fabric name'),
  fabricPrice: rupeesField('The fabric price per metre'),
  measurementVersionId: optionalIdField('Please choose a measurement version of this client.'),
  price: rupeesField('The price'),
  overrideReason: text(300, 'The reason'),
  ...(Object.fromEntries(STYLE_OPTION_GROUPS.map((group) => [`option-${group}`, optionCode])) as {
    [G in (typeof STYLE_OPTION_GROUPS)[number] as `option-${G}`]: typeof optionCode;
  }),
};

/** A garment's fields once read: the options gathered by group. */
export interface GarmentInput {
  garmentType: GarmentType | null;
  designId: string | null;
  fabricSource: 'catalogue' | 'store' | 'customer' | 'garment';
  /** With fabricSource 'garment': the garment of the order whose fabric this one takes. */
  fromGarmentId: number | null;
  /** A suit jacket taken as a set: a trouser and a waistcoat of its fabric follow it. */
  suitSet: boolean;
  fabricProductId: number | null;
  fabricCode: string;
  fabricName: string;
  fabricPrice: number | null;
  measurementVersionId: number | null;
  /** The override in paise, or null for the quote. */
  price: number | null;
  overrideReason: string;
  /** Group → option code, only the groups chosen. */
  options: Record<string, string>;
}

function gatherGarment(fields: Record<string, unknown>): GarmentInput {
  const options: Record<string, string> = {};
  for (const group of STYLE_OPTION_GROUPS) {
    const code = fields[`option-${group}`];
    if (typeof code === 'string' && code !== '') options[group] = code;
  }
  return {
    garmentType: (fields.garmentType as GarmentType | undefined) ?? null,
    designId: fields.designId as string | null,
    fabricSource: fields.fabricSource as GarmentInput['fabricSource'],
    fromGarmentId: fields.fromGarmentId as number | null,
    suitSet: fields.suitSet === true,
    fabricProductId: fields.fabricProductId as number | null,
    fabricCode: fields.fabricCode as string,
    fabricName: fields.fabricName as string,
    fabricPrice: fields.fabricPrice as number | null,
    measurementVersionId: fields.measurementVersionId as number | null,
    price: fields.price as number | null,
    overrideReason: fields.overrideReason as string,
    options,
  };
}

/** The promised date: empty for none, else a real day from 2000 to 2099 (issue 28 item 7). */
const promisedOnField = z.preprocess(
  (value) => (typeof value === 'string' && value.trim() === '' ? undefined : value),
  z
    .optional(shopDateField('Please enter the promised date as a real date.'))
    .transform((value) => value ?? null),
);

/** The form of 'create-bespoke-order' (/admin/orders/new). */
export const createBespokeOrderSchema = z
  .object({
    customerId: z.coerce
      .number<string>({ error: 'Please choose a client.' })
      .int('Please choose a client.')
      .positive('Please choose a client.')
      .max(2_147_483_647, 'Please choose a client.'),
    appointmentId: optionalIdField('This appointment could not be found.'),
    address: z
      .string({ error: 'Please enter the billing address.' })
      .trim()
      .min(3, 'Please enter the billing address.')
      .max(300, 'The address must be at most 300 characters.'),
    // Issue 32 item 1: line 2 and a landmark, optional.
    addressLine2: z
      .string()
      .trim()
      .max(200, 'Address line 2 must be at most 200 characters.')
      .optional()
      .transform((value) => value ?? ''),
    landmark: z
      .string()
      .trim()
      .max(100, 'The landmark must be at most 100 characters.')
      .optional()
      .transform((value) => value ?? ''),
    city: z
      .string({ error: 'Please enter the city.' })
      .trim()
      .min(2, 'Please enter the city.')
      .max(80, 'The city must be at most 80 characters.'),
    state: z
      .string()
      .trim()
      .max(60, 'The state must be at most 60 characters.')
      .optional()
      .transform((value) => value || 'Gujarat'),
    pincode: z
      .string({ error: 'Please enter a 6-digit PIN code.' })
      .trim()
      .regex(/^[1-9]\d{5}$/, 'Please enter a 6-digit PIN code.'),
    promisedOn: promisedOnField,
    notes: text(1000, 'Notes'),
    /** A registered buyer's GSTIN (issue 29 item 4), upper case; '' for a consumer. */
    gstin: z
      .string()
      .trim()
      .toUpperCase()
      .optional()
      .transform((value) => value ?? '')
      .superRefine((value, context) => {
        const problem = value === '' ? null : gstinProblem(value);
        if (problem) context.addIssue({ code: 'custom', message: problem });
      }),
    gstinName: z
      .string()
      .trim()
      .max(200, 'The legal name must be at most 200 characters.')
      .optional(),
    ...garmentShape,
  })
  .superRefine((value, context) => {
    const problem = gstinStateProblem(value.gstin, value.state);
    if (problem) context.addIssue({ code: 'custom', path: ['gstin'], message: problem });
    // Issue 32 item 1: a PIN code India Post does not list, or in another state, is refused.
    const pincode = pincodeProblem(value.pincode, value.state, lookupPincode(value.pincode));
    if (pincode) context.addIssue({ code: 'custom', path: ['pincode'], message: pincode });
  })
  .transform(
    ({
      customerId,
      appointmentId,
      address,
      city,
      state,
      pincode,
      promisedOn,
      notes,
      gstin,
      gstinName,
      addressLine2,
      landmark,
      ...rest
    }) => ({
      customerId,
      appointmentId,
      address,
      city,
      state,
      pincode,
      promisedOn,
      notes,
      buyerGstin: gstin || null,
      buyerLegalName: (gstin && gstinName) || null,
      // Issue 32 item 1: line 2, landmark and the PIN code's district (checked above).
      addressLine2,
      landmark,
      district: ((entry) => (entry ? districtFor(entry, state) : ''))(lookupPincode(pincode)),
      garment: gatherGarment(rest),
    }),
  );

/** The form of 'add-garment' (an order's page). */
export const addGarmentSchema = z
  .object({ number: orderNumberField, ...garmentShape })
  .transform(({ number, ...rest }) => ({ number, garment: gatherGarment(rest) }));

const garmentIdField = z.coerce
  .number<string>({ error: 'This garment could not be found.' })
  .int('This garment could not be found.')
  .positive('This garment could not be found.')
  .max(2_147_483_647, 'This garment could not be found.');

/** The form of 'set-garment-price': a new price with its reason, or '' for the quote. */
export const setGarmentPriceSchema = z.object({
  number: orderNumberField,
  garmentId: garmentIdField,
  price: rupeesField('The price'),
  overrideReason: text(300, 'The reason'),
});

/** The form of 'remove-garment'. */
export const removeGarmentSchema = z.object({
  number: orderNumberField,
  garmentId: garmentIdField,
});

/** The form of 'book-trial': a slot's start (ISO 8601) of the 'trial' appointment type. */
export const bookTrialSchema = z.object({
  number: orderNumberField,
  startsAt: shopInstantField('Please choose a time.'),
});

/** The form of 'update-bespoke-order': the promised date and the notes. */
export const updateBespokeOrderSchema = z.object({
  number: orderNumberField,
  promisedOn: promisedOnField,
  notes: text(1000, 'Notes'),
});

/* ------------------------------------------------------------------------------------------ */
/* Reading a garment's pieces                                                                 */
/* ------------------------------------------------------------------------------------------ */

/** A garment ready to store: what the server worked out from its input. */
interface ResolvedGarment {
  garmentType: GarmentType;
  designId: string | null;
  fabricProductId: number | null;
  fabricCode: string;
  fabricName: string;
  /** The customer brought the cloth: no fabric price, a tailoring service. */
  customerCloth: boolean;
  fabricPricePerMetrePaise: number;
  consumptionCm: number;
  options: PinnedStyleOption[];
  measurementVersionId: number | null;
  quotePaise: number;
  pricePaise: number;
  overrideReason: string | null;
}

/**
 * Works out a garment from its form: the design's garment, fabric and options fill what the
 * form leaves out; the fabric is read from the catalogue (or taken as typed for an in-store
 * code); the options are checked and priced by `quoteDesign` (a disallowed combination is
 * refused with its reason); the measurement version must be the customer's, of this garment.
 * @throws Refusal 'invalid' naming the field at fault.
 */
async function resolveGarment(
  tx: Tx,
  customerId: number,
  input: GarmentInput,
): Promise<ResolvedGarment> {
  const db = tx as unknown as Db;
  let garmentType = input.garmentType;
  let options = input.options;
  let fabricProductId = input.fabricProductId;
  if (input.designId) {
    const design = await getDesign(db, input.designId);
    if (!design) throw new Refusal('invalid', 'No saved design has this id.', 'designId');
    garmentType ??= design.garmentType;
    if (Object.keys(options).length === 0) options = design.options;
    if (input.fabricSource === 'catalogue') fabricProductId ??= design.fabricProductId;
  }
  if (!garmentType) throw new Refusal('invalid', 'Please choose the garment.', 'garmentType');
  if (input.fabricSource === 'garment') {
    // Only an order's page offers another garment's fabric (carryFabric reads it first).
    throw new Refusal('invalid', 'Please choose where the fabric is from.', 'fabricSource');
  }

  let fabric: { productId: number | null; code: string; name: string; pricePaise: number };
  if (input.fabricSource === 'catalogue') {
    if (fabricProductId === null) {
      throw new Refusal('invalid', 'Please choose a fabric from the catalogue.', 'fabricProductId');
    }
    const found = await fabricForDesign(db, fabricProductId);
    if (!found) {
      throw new Refusal('invalid', 'This fabric is not in the catalogue.', 'fabricProductId');
    }
    fabric = {
      productId: found.productId,
      code: '',
      name: found.name,
      pricePaise: found.pricePerMetrePaise,
    };
  } else if (input.fabricSource === 'customer') {
    // Issue 29 item 1: the customer's own cloth is not sold, so the price is the making
    // charge alone (base and options; `quoteGarment` with a fabric price of 0).
    fabric = {
      productId: null,
      code: '',
      // Staff's description of the cloth, '' when they give none.
      name: input.fabricName,
      pricePaise: 0,
    };
  } else {
    if (input.fabricCode === '') {
      throw new Refusal('invalid', 'Please enter the in-store fabric code.', 'fabricCode');
    }
    if (input.fabricName === '') {
      throw new Refusal('invalid', 'Please enter the fabric’s name.', 'fabricName');
    }
    if (input.fabricPrice === null) {
      throw new Refusal('invalid', 'Please enter the fabric’s price per metre.', 'fabricPrice');
    }
    fabric = {
      productId: null,
      code: input.fabricCode,
      name: input.fabricName,
      pricePaise: input.fabricPrice,
    };
  }

  const quoted = await quoteDesign(db, {
    garmentType,
    fabricPricePerMetrePaise: fabric.pricePaise,
    options,
  });
  if (!quoted.ok) {
    const first = quoted.refusals[0];
    throw new Refusal(
      'invalid',
      quoted.refusals.map((refusal) => refusal.message).join(' '),
      first ? `option-${first.group}` : undefined,
    );
  }

  let measurementVersionId = input.measurementVersionId;
  if (measurementVersionId !== null) {
    if (!(await isVersionOf(tx, measurementVersionId, customerId, garmentType))) {
      throw new Refusal(
        'invalid',
        'Please choose a measurement version of this client for this garment.',
        'measurementVersionId',
      );
    }
  } else {
    measurementVersionId = await latestConfirmedVersion(tx, customerId, garmentType);
  }

  const quotePaise = quoted.quote.totalPaise;
  const { pricePaise, overrideReason } = chargedPrice(
    quotePaise,
    input.price,
    input.overrideReason,
  );
  return {
    garmentType,
    designId: input.designId,
    fabricProductId: fabric.productId,
    fabricCode: fabric.code,
    fabricName: fabric.name,
    customerCloth: input.fabricSource === 'customer',
    fabricPricePerMetrePaise: fabric.pricePaise,
    consumptionCm: quoted.consumptionCm,
    options: quoted.options,
    measurementVersionId,
    quotePaise,
    pricePaise,
    overrideReason,
  };
}

/** The pieces a suit jacket taken as a set brings with it (issue 30 item 3), in order. */
const SUIT_SET_PIECES = ['trouser', 'waistcoat'] as const satisfies readonly GarmentType[];

/**
 * The garments one garment form makes: the garment, and, for a suit jacket taken as a set
 * (`suitSet`), a trouser and a waistcoat of the same fabric after it. Each piece is priced by
 * the server's quote for its own garment type (its making charge, its fabric length); the
 * pieces start with no options (settled at the fitting), the client's latest confirmed
 * measurements of their garment, and no price override (the form's override is the jacket's).
 * @throws Refusal 422 as `resolveGarment`, or for a set that is not a suit jacket.
 */
async function resolveGarments(
  tx: Tx,
  customerId: number,
  input: GarmentInput,
): Promise<ResolvedGarment[]> {
  const first = await resolveGarment(tx, customerId, input);
  if (!input.suitSet) return [first];
  if (first.garmentType !== 'suit_jacket') {
    throw new Refusal('invalid', 'Only a suit jacket can be taken as a suit set.', 'suitSet');
  }
  const pieces = [first];
  for (const garmentType of SUIT_SET_PIECES) {
    pieces.push(
      await resolveGarment(tx, customerId, {
        ...input,
        garmentType,
        designId: null,
        // The jacket's fabric, as resolved (a design's fabric included).
        fabricProductId: first.fabricProductId ?? input.fabricProductId,
        options: {},
        measurementVersionId: null,
        price: null,
        overrideReason: '',
        suitSet: false,
      }),
    );
  }
  return pieces;
}

/**
 * A garment form that takes the fabric of another garment of the order (fabricSource
 * 'garment', issue 30 item 3: "Add a garment can start … from another garment of the order
 * (same fabric)"), turned into the fabric fields of that garment: its catalogue fabric (priced
 * as the catalogue prices it now), its in-store code, name and price, or the customer's cloth.
 * Any other form is returned as it is.
 * @throws Refusal 422 when the garment is not on the order.
 */
async function carryFabric(tx: Tx, orderId: number, input: GarmentInput): Promise<GarmentInput> {
  if (input.fabricSource !== 'garment') return input;
  const from =
    input.fromGarmentId === null ? undefined : await lockGarment(tx, orderId, input.fromGarmentId);
  if (!from) {
    throw new Refusal('invalid', 'This garment is no longer on the order.', 'fromGarmentId');
  }
  const carried = { ...input, designId: null, fromGarmentId: null };
  if (from.customerCloth) {
    return { ...carried, fabricSource: 'customer', fabricName: from.fabricName };
  }
  if (from.fabricProductId !== null) {
    return { ...carried, fabricSource: 'catalogue', fabricProductId: from.fabricProductId };
  }
  return {
    ...carried,
    fabricSource: 'store',
    fabricCode: from.fabricCode,
    fabricName: from.fabricName,
    fabricPrice: from.fabricPricePerMetrePaise,
  };
}

/**
 * The price charged: the quote, or an override that differs from it with its reason.
 * @throws Refusal 'invalid' for an override without a reason, or a quote of 0 with no price.
 */
function chargedPrice(
  quotePaise: number,
  override: number | null,
  reason: string,
): { pricePaise: number; overrideReason: string | null } {
  if (override === null || override === quotePaise) {
    if (quotePaise <= 0) {
      throw new Refusal(
        'invalid',
        'This garment has no price yet: please enter one, with a reason.',
        'price',
      );
    }
    return { pricePaise: quotePaise, overrideReason: null };
  }
  if (reason.length < 3) {
    throw new Refusal(
      'invalid',
      'Please give the reason for charging a price other than the quote.',
      'overrideReason',
    );
  }
  return { pricePaise: override, overrideReason: reason };
}

/* ------------------------------------------------------------------------------------------ */
/* The order's total                                                                          */
/* ------------------------------------------------------------------------------------------ */

/**
 * Sets the order's `amount_paise` to the sum of its garments' prices, in the transaction of
 * the garment change (the order row is already locked).
 * @throws Refusal 'conflict' when no garment is left, or when the total would be below what has
 *   been paid.
 */
async function settleTotal(tx: Tx, orderId: number, now: Date): Promise<number> {
  const [sum] = await tx
    .select({ total: sql<number>`coalesce(sum(${bespokeGarments.pricePaise}), 0)::bigint` })
    .from(bespokeGarments)
    .where(eq(bespokeGarments.orderId, orderId));
  const total = Number(sum?.total ?? 0);
  if (total <= 0) {
    throw new Refusal('conflict', 'An order needs at least one garment. Cancel the order instead.');
  }
  if (total > 2_147_483_647) throw new Refusal('invalid', 'This order’s total is too large.');
  // What has been paid, net of refunds (the ledger's sum, decision 032).
  const { netPaidPaise: paid } = await ledgerSumsOfOrder(tx, orderId);
  if (total < paid) {
    throw new Refusal(
      'conflict',
      `This would make the order ${formatRupees(total)}, less than the ${formatRupees(paid)} already paid. Refund the difference first.`,
    );
  }
  await setOrderAmount(tx, orderId, total, now);
  return total;
}

/** A bespoke order's row, locked, with what a garment change checks. */
interface LockedOrder {
  id: number;
  number: string;
  status: typeof orders.$inferSelect.status;
  fulfilmentStatus: typeof orders.$inferSelect.fulfilmentStatus;
  customerId: number | null;
  amountPaise: number;
  promisedOn: string | null;
}

async function lockBespokeOrder(tx: Tx, number: string): Promise<LockedOrder | undefined> {
  const [row] = await tx
    .select({
      id: orders.id,
      number: orders.number,
      status: orders.status,
      fulfilmentStatus: orders.fulfilmentStatus,
      customerId: orders.customerId,
      amountPaise: orders.amountPaise,
      promisedOn: orders.promisedOn,
    })
    .from(orders)
    .where(and(eq(orders.number, number), eq(orders.kind, 'bespoke')))
    .for('update');
  return row;
}

const ORDER_GONE = () => new Refusal('not-found', 'This bespoke order could not be found.');

/** Refuses a garment change to a cancelled, delivered or fully paid (invoiced) order. */
function assertGarmentsEditable(order: LockedOrder): void {
  const reason = garmentsFixedReason(order);
  if (reason) throw new Refusal('conflict', reason);
}

/** The words of a garment's price for the audit log and the toast. */
function priceWords(
  garment: Pick<ResolvedGarment, 'quotePaise' | 'pricePaise' | 'overrideReason'>,
) {
  return garment.overrideReason
    ? `quoted ${formatRupees(garment.quotePaise)}, charged ${formatRupees(garment.pricePaise)}: ${garment.overrideReason}`
    : formatRupees(garment.pricePaise);
}

const garmentLabel = (type: GarmentType) =>
  type.replace('_', ' ').replace(/^./, (first) => first.toUpperCase());

/** 'Suit jacket, ₹12,000' or, for a set, 'Suit set: suit jacket ₹12,000, trouser ₹4,000, …'. */
function piecesWords(pieces: readonly ResolvedGarment[]): string {
  if (pieces.length === 1)
    return `${garmentLabel(pieces[0]!.garmentType)}, ${priceWords(pieces[0]!)}`;
  return `Suit set: ${pieces.map((piece) => `${garmentLabel(piece.garmentType).toLowerCase()} ${priceWords(piece)}`).join(', ')}`;
}

/* ------------------------------------------------------------------------------------------ */
/* The workshop's part in a change                                                            */
/* ------------------------------------------------------------------------------------------ */

/**
 * What a higher folder does in the transaction of a garment change (issue 31 item 1: each
 * garment of a bespoke order gets a work ticket; its due dates follow the promised date). The
 * workshop (features/workshop, above this folder) gives them, composed by the back office; the
 * default does nothing.
 */
export interface GarmentHooks {
  /** Garments were stored on order `order` (a new order, or added to one). */
  garmentsAdded(
    tx: Tx,
    order: { id: number; promisedOn: string | null },
    garments: { id: number; garmentType: GarmentType }[],
    now: Date,
  ): Promise<void>;
  /** Order `orderId`'s promised date ('YYYY-MM-DD' or null) changed. */
  promisedDateChanged(tx: Tx, orderId: number, promisedOn: string | null): Promise<void>;
}

/** No workshop: nothing more happens. */
const NO_HOOKS: GarmentHooks = {
  garmentsAdded: async () => {},
  promisedDateChanged: async () => {},
};

/* ------------------------------------------------------------------------------------------ */
/* Changes                                                                                    */
/* ------------------------------------------------------------------------------------------ */

/**
 * Creates a bespoke order for a customer record with its first garment: status 'created',
 * `provider` the shop's payment provider, the number like a shop order's; the order belongs
 * to the customer's account when the record has one (`user_id`), so they see it in
 * /account/orders. The contact e-mail and phone are the record's. An appointment, when given,
 * must be the customer's. Audited 'order.bespoke.create' (with any price override and reason).
 * @throws Refusal 'not-found' for a missing client; 'invalid' for a refused garment or appointment.
 */
export async function createBespokeOrder(
  db: Db,
  actor: Actor,
  input: z.output<typeof createBespokeOrderSchema>,
  provider: PaymentProviderName,
  now = new Date(),
  hooks: GarmentHooks = NO_HOOKS,
): Promise<{ number: string; message: string }> {
  return auditedWrite(db, actor, {
    read: async (tx) => {
      const [customer] = await tx
        .select()
        .from(customers)
        .where(eq(customers.id, input.customerId))
        .for('update');
      return customer;
    },
    missing: () => new Refusal('not-found', 'This client no longer exists.', 'customerId'),
    write: async (tx, customer) => {
      if (input.appointmentId !== null) {
        const [appointment] = await tx
          .select({ customerId: appointments.customerId })
          .from(appointments)
          .where(eq(appointments.id, input.appointmentId));
        if (!appointment || appointment.customerId !== customer.id) {
          throw new Refusal('invalid', 'This appointment is not this client’s.', 'appointmentId');
        }
      }
      const pieces = await resolveGarments(tx, customer.id, input.garment);
      const garment = pieces[0]!;
      const order = await addBespokeOrder(
        tx,
        {
          userId: customer.userId,
          customerId: customer.id,
          amountPaise: pieces.reduce((sum, piece) => sum + piece.pricePaise, 0),
          customerName: customer.name,
          email: customer.email ?? '',
          phone: customer.phone,
          address: input.address,
          city: input.city,
          state: input.state,
          pincode: input.pincode,
          district: input.district,
          addressLine2: input.addressLine2,
          landmark: input.landmark,
          buyerGstin: input.buyerGstin,
          buyerLegalName: input.buyerLegalName,
          provider,
          promisedOn: input.promisedOn,
          notes: input.notes,
        },
        now,
      );
      const stored = await tx
        .insert(bespokeGarments)
        .values(
          pieces.map((piece, index) => ({ orderId: order.id, position: index + 1, ...piece })),
        )
        .returning({ id: bespokeGarments.id, garmentType: bespokeGarments.garmentType });
      await hooks.garmentsAdded(tx, order, stored, now);
      return { order, garment, pieces, customerName: customer.name };
    },
    audit: (_customer, { order, garment, pieces }) => ({
      action: 'order.bespoke.create',
      entity: 'order',
      entityId: order.number,
      summary: `Created bespoke order ${order.number} for ${order.customerName}: ${piecesWords(pieces)}`,
      after: { order, garment, ...(pieces.length > 1 ? { set: pieces.slice(1) } : {}) },
    }),
    answer: (_customer, { order }) => ({
      number: order.number,
      message: `Created order ${order.number} for ${order.customerName}.`,
    }),
  });
}

/**
 * Adds a garment to a bespoke order and raises its total (audit 'order.garment.add').
 * @throws Refusal 'not-found' for an unknown order; 'conflict' once cancelled, delivered or paid in full, or past
 *   {@link MAX_GARMENTS}; 422 for a refused garment.
 */
export async function addGarment(
  db: Db,
  actor: Actor,
  input: z.output<typeof addGarmentSchema>,
  now = new Date(),
  hooks: GarmentHooks = NO_HOOKS,
): Promise<string> {
  return auditedWrite(db, actor, {
    read: (tx) => lockBespokeOrder(tx, input.number),
    missing: ORDER_GONE,
    check: (order) => {
      assertGarmentsEditable(order);
      if (order.customerId === null) {
        throw new Refusal('conflict', 'This order’s client record was deleted.');
      }
      return undefined;
    },
    write: async (tx, order) => {
      const [last] = await tx
        .select({
          position: sql<number>`coalesce(max(${bespokeGarments.position}), 0)::int`,
          n: sql<number>`count(*)::int`,
        })
        .from(bespokeGarments)
        .where(eq(bespokeGarments.orderId, order.id));
      const garmentInput = await carryFabric(tx, order.id, input.garment);
      const pieces = await resolveGarments(tx, order.customerId!, garmentInput);
      if (Number(last?.n ?? 0) + pieces.length > MAX_GARMENTS) {
        throw new Refusal('conflict', `An order holds at most ${MAX_GARMENTS} garments.`);
      }
      const position = Number(last?.position ?? 0);
      const rows = await tx
        .insert(bespokeGarments)
        .values(
          pieces.map((piece, index) => ({
            orderId: order.id,
            position: position + index + 1,
            ...piece,
          })),
        )
        .returning();
      await hooks.garmentsAdded(tx, order, rows, now);
      const total = await settleTotal(tx, order.id, now);
      return { rows, pieces, total };
    },
    audit: (order, { rows, pieces, total }) => ({
      action: 'order.garment.add',
      entity: 'order',
      entityId: order.number,
      summary:
        pieces.length > 1
          ? `Added a suit set to order ${order.number}: ${piecesWords(pieces).replace(/^Suit set: /, '')} (total ${formatRupees(total)})`
          : `Added a ${garmentLabel(pieces[0]!.garmentType).toLowerCase()} to order ${order.number}: ${priceWords(pieces[0]!)} (total ${formatRupees(total)})`,
      before: { amountPaise: order.amountPaise },
      after:
        rows.length > 1
          ? { garments: rows, amountPaise: total }
          : { garment: rows[0], amountPaise: total },
    }),
    answer: (order, { pieces, total }) =>
      `Added the ${pieces.map((piece) => garmentLabel(piece.garmentType).toLowerCase()).join(', ')}. Order ${order.number} is now ${formatRupees(total)}.`,
  });
}

async function lockGarment(tx: Tx, orderId: number, garmentId: number) {
  const [row] = await tx
    .select()
    .from(bespokeGarments)
    .where(and(eq(bespokeGarments.id, garmentId), eq(bespokeGarments.orderId, orderId)))
    .for('update');
  return row;
}

const GARMENT_GONE = 'This garment is no longer on the order.';

/**
 * Sets a garment's price: an override with its reason, or (an empty price) back to its quote.
 * The order's total follows. Audited 'order.garment.price' with the price and reason before
 * and after.
 * @throws Refusal 'not-found' for an unknown order or garment; 'conflict' once cancelled, delivered or paid in full, or
 *   below what has been paid; 422 for an override without a reason.
 */
export async function setGarmentPrice(
  db: Db,
  actor: Actor,
  input: z.output<typeof setGarmentPriceSchema>,
  now = new Date(),
): Promise<string> {
  return auditedWrite(db, actor, {
    read: (tx) => lockBespokeOrder(tx, input.number),
    missing: ORDER_GONE,
    check: (order) => {
      assertGarmentsEditable(order);
      return undefined;
    },
    write: async (tx, order) => {
      const garment = await lockGarment(tx, order.id, input.garmentId);
      if (!garment) throw new Refusal('not-found', GARMENT_GONE);
      const price = chargedPrice(garment.quotePaise, input.price, input.overrideReason);
      await tx
        .update(bespokeGarments)
        .set({ pricePaise: price.pricePaise, overrideReason: price.overrideReason, updatedAt: now })
        .where(eq(bespokeGarments.id, garment.id));
      const total = await settleTotal(tx, order.id, now);
      return { garment, price, total };
    },
    audit: (order, { garment, price, total }) => ({
      action: 'order.garment.price',
      entity: 'order',
      entityId: order.number,
      summary: `Order ${order.number}, ${garmentLabel(garment.garmentType).toLowerCase()}: ${priceWords({ quotePaise: garment.quotePaise, ...price })} (total ${formatRupees(total)})`,
      before: {
        garmentId: garment.id,
        quotePaise: garment.quotePaise,
        pricePaise: garment.pricePaise,
        overrideReason: garment.overrideReason,
        amountPaise: order.amountPaise,
      },
      after: {
        garmentId: garment.id,
        quotePaise: garment.quotePaise,
        pricePaise: price.pricePaise,
        overrideReason: price.overrideReason,
        amountPaise: total,
      },
    }),
    answer: (order, { price, total }) =>
      `${price.overrideReason ? 'Price changed' : 'Back to the quote'}. Order ${order.number} is now ${formatRupees(total)}.`,
  });
}

/**
 * Takes a garment off an order (never the last one); the total follows. Audited
 * 'order.garment.remove' with the garment.
 * @throws Refusal 'not-found' for an unknown order or garment; 'conflict' once cancelled, delivered or paid in full, for
 *   the last garment, or below what has been paid.
 */
export async function removeGarment(
  db: Db,
  actor: Actor,
  input: z.output<typeof removeGarmentSchema>,
  now = new Date(),
): Promise<string> {
  return auditedWrite(db, actor, {
    read: (tx) => lockBespokeOrder(tx, input.number),
    missing: ORDER_GONE,
    check: (order) => {
      assertGarmentsEditable(order);
      return undefined;
    },
    write: async (tx, order) => {
      const garment = await lockGarment(tx, order.id, input.garmentId);
      if (!garment) throw new Refusal('not-found', GARMENT_GONE);
      await tx.delete(bespokeGarments).where(eq(bespokeGarments.id, garment.id));
      const total = await settleTotal(tx, order.id, now);
      return { garment, total };
    },
    audit: (order, { garment, total }) => ({
      action: 'order.garment.remove',
      entity: 'order',
      entityId: order.number,
      summary: `Removed a ${garmentLabel(garment.garmentType).toLowerCase()} from order ${order.number} (total ${formatRupees(total)})`,
      before: { garment, amountPaise: order.amountPaise },
      after: { amountPaise: total },
    }),
    answer: (order, { total }) =>
      `Removed the garment. Order ${order.number} is now ${formatRupees(total)}.`,
  });
}

/**
 * Sets a bespoke order's promised delivery date (or none) and notes. Audited
 * 'order.bespoke.update'.
 * @throws Refusal 'not-found' for an unknown order; 'conflict' once cancelled.
 */
export async function updateBespokeOrder(
  db: Db,
  actor: Actor,
  input: z.output<typeof updateBespokeOrderSchema>,
  now = new Date(),
  hooks: GarmentHooks = NO_HOOKS,
): Promise<string> {
  return auditedWrite(db, actor, {
    read: async (tx) => {
      const [row] = await tx
        .select({
          id: orders.id,
          number: orders.number,
          status: orders.status,
          promisedOn: orders.promisedOn,
          notes: orders.notes,
        })
        .from(orders)
        .where(and(eq(orders.number, input.number), eq(orders.kind, 'bespoke')))
        .for('update');
      return row;
    },
    missing: ORDER_GONE,
    check: (order) => {
      if (order.status === 'cancelled') throw new Refusal('conflict', 'This order was cancelled.');
      return order.promisedOn === input.promisedOn && order.notes === input.notes
        ? 'Nothing changed.'
        : undefined;
    },
    write: async (tx, order) => {
      await setBespokeOrderTerms(
        tx,
        order.id,
        { promisedOn: input.promisedOn, notes: input.notes },
        now,
      );
      if (order.promisedOn !== input.promisedOn) {
        await hooks.promisedDateChanged(tx, order.id, input.promisedOn);
      }
      return { promisedOn: input.promisedOn, notes: input.notes };
    },
    audit: (order, after) => ({
      action: 'order.bespoke.update',
      entity: 'order',
      entityId: order.number,
      summary: `Order ${order.number}: promised ${after.promisedOn ?? 'no date'}`,
      before: { promisedOn: order.promisedOn, notes: order.notes },
      after,
    }),
    answer: (order) => `Saved order ${order.number}.`,
  });
}

/**
 * Books a trial for a bespoke order: a part-1 'trial' appointment for the order's customer at
 * `startsAt`, booked by staff (bookAppointment: the slot's capacity, the customer's
 * confirmation and reminders, audit 'appointment.create'), with `appointments.order_id` set.
 * @throws Refusal 'not-found' for an unknown order; 'conflict' once cancelled or delivered, for a client
 *   record that was deleted, or a slot just taken; 400 for a time not offered.
 */
export async function bookTrial(
  db: Db,
  actor: Actor,
  input: z.output<typeof bookTrialSchema>,
  now = new Date(),
): Promise<{ message: string; id: number }> {
  const [order] = await db
    .select({
      id: orders.id,
      status: orders.status,
      fulfilmentStatus: orders.fulfilmentStatus,
      customerId: orders.customerId,
      customerName: orders.customerName,
    })
    .from(orders)
    .where(and(eq(orders.number, input.number), eq(orders.kind, 'bespoke')));
  if (!order) throw ORDER_GONE();
  if (orderClosed(order)) {
    throw new Refusal('conflict', 'This order is closed: no trial can be booked for it.');
  }
  if (order.customerId === null) {
    throw new Refusal('conflict', 'This order’s client record was deleted.');
  }
  const type = (await listAppointmentTypes(db)).find((t) => t.key === TRIAL_TYPE_KEY);
  if (!type) throw new Refusal('conflict', 'There is no trial appointment type.');
  try {
    const booked = await bookAppointment(db, {
      type,
      startsAt: input.startsAt,
      customer: { customerId: order.customerId },
      orderId: order.id,
      notes: `Trial for order ${input.number}`,
      by: { kind: 'staff', actor },
      now,
    });
    return {
      message: `Booked a trial for ${order.customerName} on ${formatShopDateTime(booked.startsAt.toISOString())}.`,
      id: booked.id,
    };
  } catch (error) {
    if (!(error instanceof Refusal)) throw error;
    throw new Refusal(
      error.code === 'not-found' ? 'bad-request' : error.code,
      error.message,
      'startsAt',
    );
  }
}

/** The part-1 appointment type trials are booked as. */
export const TRIAL_TYPE_KEY = 'trial';

/* ------------------------------------------------------------------------------------------ */
/* Reading                                                                                    */
/* ------------------------------------------------------------------------------------------ */

/** One garment of a bespoke order as its pages show it. Amounts in paise. */
export interface BespokeGarmentView {
  id: number;
  position: number;
  garmentType: GarmentType;
  designId: string | null;
  fabric: {
    productId: number | null;
    /** '' for a catalogue fabric. */
    code: string;
    name: string;
    pricePerMetrePaise: number;
    /** The customer brought the cloth: the price is the making charge, a service. */
    customerCloth: boolean;
  };
  consumptionCm: number;
  options: PinnedStyleOption[];
  /** The pinned measurement version, or null when none was pinned (or it was deleted). */
  measurement: { id: number; version: number; takenAt: string } | null;
  quotePaise: number;
  pricePaise: number;
  overrideReason: string | null;
}

/** A trial appointment of the order. */
interface BespokeTrialView {
  id: number;
  typeName: string;
  startsAt: string;
  endsAt: string;
  status: typeof appointments.$inferSelect.status;
}

/** What a bespoke order adds to an order's page. */
export interface BespokeDetail {
  /** The customer record; null once deleted. */
  customer: { id: number; name: string } | null;
  /** 'YYYY-MM-DD' (Kolkata), or null. */
  promisedOn: string | null;
  notes: string;
  garments: BespokeGarmentView[];
  trials: BespokeTrialView[];
}

/** The garments, trials and dates of a bespoke order by its id. */
export async function bespokeDetailOf(
  db: DbOrTx,
  order: { id: number; customerId: number | null; promisedOn: string | null; notes: string },
): Promise<BespokeDetail> {
  const garments = await db
    .select({
      garment: bespokeGarments,
      version: measurementVersions.version,
      takenAt: measurementVersions.createdAt,
    })
    .from(bespokeGarments)
    .leftJoin(measurementVersions, eq(measurementVersions.id, bespokeGarments.measurementVersionId))
    .where(eq(bespokeGarments.orderId, order.id))
    .orderBy(asc(bespokeGarments.position), asc(bespokeGarments.id));
  const trials = await db
    .select({
      id: appointments.id,
      typeName: appointmentTypes.name,
      startsAt: appointments.startsAt,
      endsAt: appointments.endsAt,
      status: appointments.status,
    })
    .from(appointments)
    .innerJoin(appointmentTypes, eq(appointmentTypes.id, appointments.typeId))
    .where(eq(appointments.orderId, order.id))
    .orderBy(asc(appointments.startsAt));
  const [customer] =
    order.customerId === null
      ? []
      : await db
          .select({ id: customers.id, name: customers.name })
          .from(customers)
          .where(eq(customers.id, order.customerId));
  return {
    customer: customer ?? null,
    promisedOn: order.promisedOn,
    notes: order.notes,
    garments: garments.map(({ garment, version, takenAt }) => ({
      id: garment.id,
      position: garment.position,
      garmentType: garment.garmentType,
      designId: garment.designId,
      fabric: {
        productId: garment.fabricProductId,
        code: garment.fabricCode,
        name: garment.fabricName,
        pricePerMetrePaise: garment.fabricPricePerMetrePaise,
        customerCloth: garment.customerCloth,
      },
      consumptionCm: garment.consumptionCm,
      options: garment.options,
      measurement:
        garment.measurementVersionId !== null && version !== null && takenAt !== null
          ? { id: garment.measurementVersionId, version, takenAt: takenAt.toISOString() }
          : null,
      quotePaise: garment.quotePaise,
      pricePaise: garment.pricePaise,
      overrideReason: garment.overrideReason,
    })),
    trials: trials.map((trial) => ({
      ...trial,
      startsAt: trial.startsAt.toISOString(),
      endsAt: trial.endsAt.toISOString(),
    })),
  };
}

/**
 * A shopper's bespoke order's garments, trials and dates, or null when the order is not a
 * bespoke order of theirs (their page answers 404 for anyone else's). The shop's notes are
 * left out.
 */
export async function ownBespokeDetail(
  db: Db,
  userId: string,
  number: string,
): Promise<Omit<BespokeDetail, 'notes' | 'customer'> | null> {
  const [order] = await db
    .select({
      id: orders.id,
      customerId: orders.customerId,
      promisedOn: orders.promisedOn,
      notes: orders.notes,
    })
    .from(orders)
    .where(and(eq(orders.number, number), eq(orders.userId, userId), eq(orders.kind, 'bespoke')));
  if (!order) return null;
  const { notes: _notes, customer: _customer, ...detail } = await bespokeDetailOf(db, order);
  return detail;
}

/** A bespoke order whose promised date is close or past, for the dashboard's warning. */
export interface DueBespokeOrder {
  number: string;
  customerName: string;
  /** 'YYYY-MM-DD' (Kolkata). */
  promisedOn: string;
  fulfilmentStatus: typeof orders.$inferSelect.fulfilmentStatus;
}

/**
 * The bespoke orders, not delivered nor cancelled, promised on or before `today` +
 * PROMISED_WARNING_DAYS (overdue ones included), earliest first, at most `limit`.
 */
export async function bespokeOrdersDue(
  db: DbOrTx,
  today: ShopDate,
  limit = 10,
): Promise<DueBespokeOrder[]> {
  const rows = await db
    .select({
      number: orders.number,
      customerName: orders.customerName,
      promisedOn: orders.promisedOn,
      fulfilmentStatus: orders.fulfilmentStatus,
    })
    .from(orders)
    .where(
      and(
        eq(orders.kind, 'bespoke'),
        sql`${orders.status} <> 'cancelled'`,
        sql`${orders.fulfilmentStatus} is distinct from 'delivered'`,
        sql`${orders.promisedOn} <= ${addShopDays(today, PROMISED_WARNING_DAYS)}::date`,
      ),
    )
    .orderBy(asc(orders.promisedOn), asc(orders.id))
    .limit(limit);
  return rows.map((row) => ({ ...row, promisedOn: row.promisedOn! }));
}
