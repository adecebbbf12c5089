/**
 * The coupons in the back office (issue 32 item 4, /admin/coupons): the list with each code's
 * uses, and the forms to create, edit, deactivate and reactivate one. The writes, audited, are
 * the coupons domain's commands (features/coupons/coupons-commands.server.ts); this module
 * parses the forms.
 */
import * as z from 'zod';
import type { Db } from '~/lib/db.server';
import { readRupees } from '~/lib/money';
import { isShopDate } from '~/lib/shop-time';
import { adminHandler, type AnyAdminHandler } from '~/features/admin/shared/admin-action.server';
import { listCoupons, type CouponListRow } from '~/features/coupons/coupons.server';
import { saveCoupon, setCouponActive } from '~/features/coupons/coupons-commands.server';
import { normalizeCode } from '~/features/coupons/coupon-rules';
import { idField, optionalIdField } from '~/lib/form-fields.server';

/** A coupon as the screen shows and edits it, with the version an edit must present. */
export interface CouponAdminRow extends Omit<CouponListRow, 'createdAt' | 'updatedAt'> {
  version: string;
}

/** Everything /admin/coupons shows. */
export interface CouponsAdmin {
  coupons: CouponAdminRow[];
  categories: { id: number; name: string }[];
}

/** The list and the categories a coupon may be limited to. */
export async function getCouponsAdmin(db: Db): Promise<CouponsAdmin> {
  const { coupons, categories } = await listCoupons(db);
  return {
    coupons: coupons.map(({ createdAt: _created, updatedAt, ...row }) => ({
      ...row,
      version: updatedAt.toISOString(),
    })),
    categories,
  };
}

/** An optional whole number from 1 to 1,000,000 ('' or absent: none, null). */
const limitField = (label: string) =>
  z
    .string()
    .optional()
    .transform((typed, ctx) => {
      const text = (typed ?? '').trim();
      if (text === '') return null;
      if (!/^\d{1,7}$/.test(text) || Number(text) < 1 || Number(text) > 1_000_000) {
        ctx.addIssue({
          code: 'custom',
          message: `The ${label} is a whole number from 1 to 10,00,000, or empty for no limit.`,
        });
        return z.NEVER;
      }
      return Number(text);
    });

/** An optional Kolkata date 'YYYY-MM-DD' ('' or absent: null). */
const dateField = (label: string) =>
  z
    .string()
    .optional()
    .transform((typed, ctx) => {
      const text = (typed ?? '').trim();
      if (text === '') return null;
      if (!isShopDate(text)) {
        ctx.addIssue({ code: 'custom', message: `Please enter the ${label} as a date.` });
        return z.NEVER;
      }
      return text;
    });

/** Rupees up to ₹10,00,000, as paise; `optional`: '' reads as 0. */
const rupees = (typed: string, optional: boolean): number | null => {
  if (optional && /^\s*(₹\s*)?0*(\.0{0,2})?\s*$/.test(typed)) return 0;
  const reading = readRupees(typed, 100_000_000);
  return reading.ok ? reading.paise : null;
};

/** Create (no id) or edit (id and version) a coupon. */
const saveCouponSchema = z
  .object({
    id: optionalIdField('This coupon could not be found.'),
    version: z.string().optional(),
    code: z
      .string('Please enter the code.')
      .transform(normalizeCode)
      .pipe(
        z
          .string()
          .regex(
            /^[A-Z0-9][A-Z0-9_-]{1,29}$/,
            'The code is 2 to 30 letters and digits (and - or _), like DIWALI10.',
          ),
      ),
    kind: z.enum(['percent', 'flat'], 'Please choose a percentage or a flat amount.'),
    value: z.string('Please enter the discount.'),
    minOrder: z.string().optional(),
    categoryIds: z
      .union([z.string(), z.array(z.string())])
      .optional()
      .transform((value) => (value === undefined ? [] : Array.isArray(value) ? value : [value]))
      .pipe(z.array(idField('Please tick categories from the list.')).max(100)),
    validFrom: dateField('first day'),
    validUntil: dateField('last day'),
    totalLimit: limitField('total limit'),
    perCustomerLimit: limitField('limit per customer'),
  })
  .transform((input, ctx) => {
    const typed = input.value.trim();
    let value: number | null;
    if (input.kind === 'percent') {
      value =
        /^\d{1,3}$/.test(typed) && Number(typed) >= 1 && Number(typed) <= 100
          ? Number(typed)
          : null;
      if (value === null) {
        ctx.addIssue({
          code: 'custom',
          path: ['value'],
          message: 'A percentage is a whole number from 1 to 100.',
        });
      }
    } else {
      value = rupees(typed, false);
      if (value === null) {
        ctx.addIssue({
          code: 'custom',
          path: ['value'],
          message: 'Please enter the amount off in rupees, up to 10,00,000 (like 500).',
        });
      }
    }
    const minOrderPaise = rupees(input.minOrder ?? '', true);
    if (minOrderPaise === null) {
      ctx.addIssue({
        code: 'custom',
        path: ['minOrder'],
        message: 'Please enter the minimum order in rupees, or leave it empty.',
      });
    }
    if (input.validFrom && input.validUntil && input.validFrom > input.validUntil) {
      ctx.addIssue({
        code: 'custom',
        path: ['validUntil'],
        message: 'The last day is on or after the first day.',
      });
    }
    if (value === null || minOrderPaise === null) return z.NEVER;
    const { minOrder: _minOrder, ...rest } = input;
    return { ...rest, value, minOrderPaise };
  });

const setActiveSchema = z.object({ id: idField('This coupon could not be found.') });

/** The intents of /admin/coupons. */
type CouponsIntent = 'save-coupon' | 'deactivate-coupon' | 'activate-coupon';

/** The handlers of /admin/coupons' action, by intent. */
export function couponsHandlers(db: Db) {
  return {
    'save-coupon': adminHandler(saveCouponSchema, (input, admin) => saveCoupon(db, admin, input)),
    'deactivate-coupon': adminHandler(setActiveSchema, (input, admin) =>
      setCouponActive(db, admin, { id: input.id, active: false }),
    ),
    'activate-coupon': adminHandler(setActiveSchema, (input, admin) =>
      setCouponActive(db, admin, { id: input.id, active: true }),
    ),
  } satisfies Record<CouponsIntent, AnyAdminHandler>;
}
