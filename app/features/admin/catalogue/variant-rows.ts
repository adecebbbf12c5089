/**
 * The product form's size variants table (issue 29 item 2, decision "size variants"): each row
 * a size, a SKU (blank = made from the slug and size), a price in rupees, a stock in whole
 * pieces (blank = not counted) and whether it is on sale. The form sends the rows as repeated
 * fields in row order (`variantId`, `variantSize`, `variantSku`, `variantPrice`,
 * `variantStock`, `variantActive`); `readVariantRows` reads them with zod and says what is
 * wrong in words a member of staff can act on, naming the row.
 */
import * as z from 'zod';
import { parseRupees, PRODUCT_LIMITS } from './product-rules';

/** A repeated form field: absent, one value, or several, as a list. */
export const repeatedField = z
  .union([z.string(), z.array(z.string())])
  .optional()
  .transform((value) => (value === undefined ? [] : Array.isArray(value) ? value : [value]));

/** Longest SKU: letters, digits and hyphens. */
const SKU_MAX = 60;

const rowSchema = z.object({
  id: z
    .string()
    .trim()
    .transform((typed, ctx) => {
      if (typed === '') return null;
      if (!/^\d{1,9}$/.test(typed)) {
        ctx.addIssue({
          code: 'custom',
          message: 'The row could not be read. Reload and try again.',
        });
        return z.NEVER;
      }
      return Number(typed);
    }),
  size: z
    .string()
    .trim()
    .min(1, 'Please enter a size, like M or 40.')
    .max(PRODUCT_LIMITS.option, `Please keep the size to ${PRODUCT_LIMITS.option} characters.`),
  sku: z
    .string()
    .trim()
    .transform((typed) => typed.toUpperCase())
    .refine((sku) => sku === '' || /^[A-Z0-9]+(?:-[A-Z0-9]+)*$/.test(sku), {
      message:
        'A SKU has letters, digits and single hyphens only, like KURTA-M (or leave it empty).',
    })
    .refine((sku) => sku.length <= SKU_MAX, {
      message: `Please keep the SKU to ${SKU_MAX} characters.`,
    }),
  price: z.string().transform((typed, ctx) => {
    const reading = parseRupees(typed);
    if (!reading.ok) {
      ctx.addIssue({ code: 'custom', message: reading.message });
      return z.NEVER;
    }
    return reading.paise;
  }),
  stock: z
    .string()
    .trim()
    .transform((typed, ctx) => {
      if (typed === '') return null;
      if (!/^\d{1,6}$/.test(typed)) {
        ctx.addIssue({
          code: 'custom',
          message: 'Please enter the stock in whole pieces, like 12 (or leave it empty).',
        });
        return z.NEVER;
      }
      return Number(typed);
    }),
  isActive: z.enum(['on', 'off'], { message: 'The row could not be read. Reload and try again.' }),
});

/** A variants table row as read (price in paise, stock in pieces or null). */
export interface VariantRowInput {
  id: number | null;
  size: string;
  /** '' when the save makes it from the slug and size. */
  sku: string;
  pricePaise: number;
  stock: number | null;
  isActive: boolean;
}

/** The repeated fields of the variants table, as the form sends them. */
export interface VariantFields {
  variantId: string[];
  variantSize: string[];
  variantSku: string[];
  variantPrice: string[];
  variantStock: string[];
  variantActive: string[];
}

/**
 * The rows of the variants table, in order.
 * @returns the rows, or the first problem as a sentence naming the row ('Size row 2: Please enter a
 *   price.'), a size or SKU used twice, or more rows than a product may have.
 */
export function readVariantRows(
  fields: VariantFields,
): { ok: true; rows: VariantRowInput[] } | { ok: false; message: string } {
  const count = fields.variantSize.length;
  const lists = [
    fields.variantId,
    fields.variantSku,
    fields.variantPrice,
    fields.variantStock,
    fields.variantActive,
  ];
  if (lists.some((list) => list.length !== count)) {
    return { ok: false, message: 'The sizes table could not be read. Reload and try again.' };
  }
  if (count > PRODUCT_LIMITS.options) {
    return { ok: false, message: `Please list at most ${PRODUCT_LIMITS.options} sizes.` };
  }
  const rows: VariantRowInput[] = [];
  for (let i = 0; i < count; i++) {
    const parsed = rowSchema.safeParse({
      id: fields.variantId[i],
      size: fields.variantSize[i],
      sku: fields.variantSku[i],
      price: fields.variantPrice[i],
      stock: fields.variantStock[i],
      isActive: fields.variantActive[i],
    });
    if (!parsed.success) {
      return { ok: false, message: `Size row ${i + 1}: ${parsed.error.issues[0]!.message}` };
    }
    const { id, size, sku, price, stock, isActive } = parsed.data;
    rows.push({ id, size, sku, pricePaise: price, stock, isActive: isActive === 'on' });
  }
  const sizes = new Set<string>();
  const skus = new Set<string>();
  for (const row of rows) {
    const size = row.size.toLowerCase();
    if (sizes.has(size)) return { ok: false, message: `The size "${row.size}" is listed twice.` };
    sizes.add(size);
    if (row.sku !== '' && skus.has(row.sku)) {
      return { ok: false, message: `The SKU "${row.sku}" is listed twice.` };
    }
    skus.add(row.sku);
  }
  return { ok: true, rows };
}
