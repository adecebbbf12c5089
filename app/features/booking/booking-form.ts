/**
 * The booking page's query (issue 20 item 2, `/book`): what a step's URL may carry, the notes'
 * limit and the chosen time's schema, shared by the page and its action. Bad query values never
 * refuse the page: each one that fails is dropped on its own, so the visitor lands on the step
 * before it. The details form's schemas are in `booking-details.ts`, apart, so the page's
 * script does not carry the phone rule (libphonenumber-js) it never runs.
 */
import * as z from 'zod/mini';
import type { ShopDate } from '~/lib/shop-time';
import {
  readShopDate,
  readShopInstant,
  readShopMonth,
  shopInstantField,
} from '~/lib/shop-time-input';

/** Longest note a shopper may leave with a booking, in characters. */
export const NOTES_MAX = 500;

/** The refusal of a chosen time that is not one (the slot links always send one). */
const PICK_TIME = 'Please pick one of the times shown';

/**
 * The chosen time of the details form: an ISO 8601 instant with its zone, as the slot links
 * carry it ('2026-11-28T05:30:00.000Z'), on a shop day from 2000 to 2099 (issue 28 item 7).
 */
export const bookingTimeSchema = shopInstantField(PICK_TIME);

/** What a step's URL carries, each field checked on its own. */
export interface BookingQuery {
  /** An appointment type's key. */
  type?: string;
  date?: ShopDate;
  /** 'YYYY-MM' of the month the date picker shows. */
  month?: string;
  /** The chosen slot's start, an ISO instant. */
  time?: string;
  productId?: number;
  designId?: string;
}

const queryFields = {
  type: z.string().check(z.regex(/^[a-z][a-z0-9_-]{0,39}$/)),
  product: z.pipe(z.string().check(z.regex(/^[1-9]\d{0,9}$/)), z.transform(Number)),
  design: z.string().check(z.regex(/^[A-Za-z0-9_-]{1,64}$/)),
};

function field<T>(schema: z.ZodMiniType<T>, value: string | null): T | undefined {
  if (value === null) return undefined;
  const parsed = schema.safeParse(value);
  return parsed.success ? parsed.data : undefined;
}

/**
 * The booking query of a URL's search params; each bad or missing value is left out (never
 * an error). A product id above the largest database integer is left out too.
 */
export function readBookingQuery(params: URLSearchParams): BookingQuery {
  const productId = field(queryFields.product, params.get('product'));
  return {
    type: field(queryFields.type, params.get('type')),
    date: readShopDate(params.get('date')) ?? undefined,
    month: readShopMonth(params.get('month')) ?? undefined,
    time: readShopInstant(params.get('time')) ? params.get('time')! : undefined,
    productId: productId !== undefined && productId <= 2_147_483_647 ? productId : undefined,
    designId: field(queryFields.design, params.get('design')),
  };
}

/** The `/book` URL of a step: the query's defined fields in a fixed order. */
export function bookingHref(query: BookingQuery): string {
  const params = new URLSearchParams();
  if (query.type) params.set('type', query.type);
  if (query.productId) params.set('product', String(query.productId));
  if (query.designId) params.set('design', query.designId);
  if (query.month) params.set('month', query.month);
  if (query.date) params.set('date', query.date);
  if (query.time) params.set('time', query.time);
  const search = params.toString();
  return search ? `/book?${search}` : '/book';
}
