/**
 * Reading and saving the invoicing settings (`site_settings` row 'invoicing'; the document is
 * described in `invoicing-settings.ts`). A read fills anything missing or invalid with the
 * defaults, so a bad row never stops an invoice; a save is validated field by field (GSTIN
 * with its check character and state code, prefixes short enough for 16-character numbers,
 * HSN/SAC codes of 4, 6 or 8 digits) and goes through `saveSettingsDocument` (versioned,
 * audited as 'settings.update'). The rates are the GST rate rules' (`rate-rules.server.ts`),
 * which the page shows beside each code and edits with its own intents.
 */
import { eq } from 'drizzle-orm';
import * as z from 'zod';
import type { Db } from '~/lib/db.server';
import type { DbOrTx } from '~/lib/jobs/enqueue.server';
import { categories, siteSettings } from '~/lib/schema.server';
import { shopDateOf } from '~/lib/shop-time';
import { GARMENT_TYPES, type GarmentType } from '~/lib/schema-enums';
import { saveSettingsDocument } from '~/features/site/settings-documents.server';
import { gstinProblem } from './gstin';
import {
  defaultInvoicingSettings,
  MAX_PREFIX_LENGTH,
  type InvoicingSettings,
  type TaxClass,
} from './invoicing-settings';
import type { RateRule } from './rate-rules';
import { listRateRules } from './rate-rules.server';
import { GST_STATE_CODES } from './tax';
import type { Actor } from '~/lib/audit.server';
import { INDIAN_STATES } from '~/lib/indian-states';

/** The key of the settings row. */
const INVOICING_SETTINGS_KEY = 'invoicing';

const d = defaultInvoicingSettings;
const HSN = /^[0-9]{4}([0-9]{2}([0-9]{2})?)?$/;
const PREFIX = new RegExp(`^[A-Z0-9]{1,${MAX_PREFIX_LENGTH}}$`);

/** A stored class; a `ratePercent` saved before issue 29 is dropped (the rules give rates). */
const taxClass = z.object({
  code: z.string().regex(HSN),
});
const storedText = (fallback: string) => z.string().trim().min(1).max(300).catch(fallback);

const storedSchema = z.object({
  legalName: storedText(d.legalName),
  tradeName: storedText(d.tradeName),
  address: storedText(d.address),
  gstin: z
    .string()
    .refine((value) => gstinProblem(value) === null)
    .catch(d.gstin),
  state: z.enum(INDIAN_STATES).catch('Gujarat'),
  invoicePrefix: z.string().regex(PREFIX).catch(d.invoicePrefix),
  creditNotePrefix: z.string().regex(PREFIX).catch(d.creditNotePrefix),
  refundVoucherPrefix: z.string().regex(PREFIX).catch(d.refundVoucherPrefix),
  receiptVoucherPrefix: z.string().regex(PREFIX).catch(d.receiptVoucherPrefix),
  signatory: storedText(d.signatory),
  categories: z.record(z.string(), taxClass).catch(d.categories),
  garments: z
    .object(
      Object.fromEntries(
        GARMENT_TYPES.map((type) => [type, taxClass.catch(d.garments[type])]),
      ) as Record<GarmentType, z.ZodCatch<typeof taxClass>>,
    )
    .catch(d.garments),
  tailoring: taxClass.catch(d.tailoring),
  fallback: taxClass.catch(d.fallback),
}) satisfies z.ZodType<InvoicingSettings>;

/** The invoicing settings, defaults filled in. */
export async function getInvoicingSettings(db: DbOrTx): Promise<InvoicingSettings> {
  const [row] = await db
    .select({ value: siteSettings.value })
    .from(siteSettings)
    .where(eq(siteSettings.key, INVOICING_SETTINGS_KEY))
    .limit(1);
  return storedSchema.parse(row?.value ?? {});
}

/**
 * What the settings page shows: the settings, the version to save over, the categories, the
 * GST rate rules not retired, and today's Kolkata date (which rule each code falls under).
 */
export interface InvoicingSettingsView {
  settings: InvoicingSettings;
  /** The row's `updated_at` (ISO 8601), or '' before the first save. */
  version: string;
  categories: { slug: string; name: string }[];
  rules: RateRule[];
  /** 'YYYY-MM-DD' in Kolkata. */
  today: string;
}

/** The settings page's data, `now` deciding "today". */
export async function getInvoicingSettingsView(
  db: Db,
  now = new Date(),
): Promise<InvoicingSettingsView> {
  const [settings, [row], categoryRows, rules] = await Promise.all([
    getInvoicingSettings(db),
    db
      .select({ updatedAt: siteSettings.updatedAt })
      .from(siteSettings)
      .where(eq(siteSettings.key, INVOICING_SETTINGS_KEY)),
    db
      .select({ slug: categories.slug, name: categories.name })
      .from(categories)
      .orderBy(categories.displayOrder, categories.name),
    listRateRules(db),
  ]);
  return {
    settings,
    version: row?.updatedAt.toISOString() ?? '',
    categories: categoryRows,
    rules,
    today: shopDateOf(now),
  };
}

const required = (label: string, max: number) =>
  z
    .string()
    .trim()
    .min(1, `Please enter the ${label}.`)
    .max(max, `Please keep the ${label} to ${max} characters.`);

const prefix = (label: string) =>
  z
    .string()
    .trim()
    .transform((value) => value.toUpperCase())
    .pipe(
      z
        .string()
        .regex(
          PREFIX,
          `The ${label} must be 1 to ${MAX_PREFIX_LENGTH} capital letters or digits, so numbers stay within 16 characters.`,
        ),
    );

const list = z
  .union([z.string(), z.array(z.string())])
  .optional()
  .transform((value) => (value === undefined ? [] : Array.isArray(value) ? value : [value]));

/** Most tax rows a form may send (categories + garment types + the fallback, with room). */
const MAX_TAX_ROWS = 200;

/**
 * The settings form: the supplier's fields, and the tax table as parallel lists `taxKey`
 * ('category:<slug>', 'garment:<type>', 'tailoring' or 'fallback') and `taxCode`. A `taxRate` list sent by
 * a form of before issue 29 is ignored: rates are the rules'.
 */
export const invoicingSettingsFormSchema = z
  .object({
    version: z.string().optional(),
    legalName: required('legal name', 160),
    tradeName: required('trade name', 120),
    address: required('address', 300),
    gstin: z
      .string()
      .trim()
      .transform((value) => value.toUpperCase()),
    state: z.enum(INDIAN_STATES, 'Please choose the supplier’s state.'),
    invoicePrefix: prefix('invoice prefix'),
    creditNotePrefix: prefix('credit-note prefix'),
    /** Optional: a form of before issue 28 keeps the current prefix. */
    refundVoucherPrefix: prefix('refund-voucher prefix').optional(),
    /** Optional: a form of before issue 29 keeps the current prefix. */
    receiptVoucherPrefix: prefix('receipt-voucher prefix').optional(),
    signatory: required('authorised signatory', 120),
    taxKey: list,
    taxCode: list,
  })
  .superRefine((form, ctx) => {
    const problem = gstinProblem(form.gstin);
    if (problem) ctx.addIssue({ code: 'custom', path: ['gstin'], message: problem });
    else if (form.gstin.slice(0, 2) !== GST_STATE_CODES[form.state]) {
      ctx.addIssue({
        code: 'custom',
        path: ['gstin'],
        message: `This GSTIN is registered in another state: a ${form.state} GSTIN starts with ${GST_STATE_CODES[form.state]}.`,
      });
    }
    if (form.invoicePrefix === form.creditNotePrefix) {
      ctx.addIssue({
        code: 'custom',
        path: ['creditNotePrefix'],
        message: 'The credit-note prefix must differ from the invoice prefix.',
      });
    }
    const voucher = form.refundVoucherPrefix;
    if (
      voucher !== undefined &&
      (voucher === form.invoicePrefix || voucher === form.creditNotePrefix)
    ) {
      ctx.addIssue({
        code: 'custom',
        path: ['refundVoucherPrefix'],
        message: 'The refund-voucher prefix must differ from the invoice and credit-note prefixes.',
      });
    }
    const receipt = form.receiptVoucherPrefix;
    if (
      receipt !== undefined &&
      [form.invoicePrefix, form.creditNotePrefix, voucher].includes(receipt)
    ) {
      ctx.addIssue({
        code: 'custom',
        path: ['receiptVoucherPrefix'],
        message:
          'The receipt-voucher prefix must differ from the invoice, credit-note and refund-voucher prefixes.',
      });
    }
    if (form.taxKey.length > MAX_TAX_ROWS) {
      ctx.addIssue({ code: 'custom', path: ['taxKey'], message: 'Too many tax rows.' });
      return;
    }
    form.taxKey.forEach((key, row) => {
      const code = (form.taxCode[row] ?? '').trim();
      if (!/^(category:[a-z0-9-]{1,120}|garment:[a-z_]{1,30}|tailoring|fallback)$/.test(key)) {
        ctx.addIssue({ code: 'custom', path: ['taxKey'], message: 'A tax row is not known.' });
      } else if (!HSN.test(code)) {
        ctx.addIssue({
          code: 'custom',
          path: [`taxCode.${key}`],
          message: 'An HSN or SAC code is 4, 6 or 8 digits.',
        });
      }
    });
  });

/** The stored document a valid form makes (tax rows not sent keep their current values). */
function settingsFromForm(
  form: z.output<typeof invoicingSettingsFormSchema>,
  current: InvoicingSettings,
): InvoicingSettings {
  const categoryClasses: Record<string, TaxClass> = { ...current.categories };
  const garments = { ...current.garments };
  let fallback = current.fallback;
  let tailoring = current.tailoring;
  form.taxKey.forEach((key, row) => {
    const value = { code: form.taxCode[row]!.trim() };
    if (key === 'fallback') fallback = value;
    else if (key === 'tailoring') tailoring = value;
    else if (key.startsWith('category:')) categoryClasses[key.slice('category:'.length)] = value;
    else {
      const type = key.slice('garment:'.length);
      if ((GARMENT_TYPES as readonly string[]).includes(type))
        garments[type as GarmentType] = value;
    }
  });
  return {
    legalName: form.legalName,
    tradeName: form.tradeName,
    address: form.address.replace(/\r\n/g, '\n'),
    gstin: form.gstin,
    state: form.state,
    invoicePrefix: form.invoicePrefix,
    creditNotePrefix: form.creditNotePrefix,
    refundVoucherPrefix: form.refundVoucherPrefix ?? current.refundVoucherPrefix,
    receiptVoucherPrefix: form.receiptVoucherPrefix ?? current.receiptVoucherPrefix,
    signatory: form.signatory,
    categories: categoryClasses,
    garments,
    tailoring,
    fallback,
  };
}

/**
 * Saves the invoicing settings over the version the form was opened at. Invoices issued
 * before keep what they printed (each holds its own snapshot).
 * @throws Refusal 'conflict' when someone saved them since.
 */
export async function saveInvoicingSettings(
  db: Db,
  actor: Actor,
  form: z.output<typeof invoicingSettingsFormSchema>,
): Promise<string> {
  const current = await getInvoicingSettings(db);
  return saveSettingsDocument(db, actor, {
    key: INVOICING_SETTINGS_KEY,
    version: form.version || undefined,
    next: settingsFromForm(form, current),
    defaults: defaultInvoicingSettings,
    what: 'The invoicing settings were',
    summary: 'Edited the invoicing settings',
    answer: 'Invoicing settings saved. New invoices use them; issued ones keep theirs.',
  });
}
