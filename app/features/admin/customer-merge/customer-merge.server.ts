/**
 * The back office's merge page (/admin/customers/:id/merge; issue 30 item 1, decision 030):
 * staff find the other record with the one customer search, see what would move into the
 * page's record, and confirm. The rules are the customers domain's
 * (`features/customers/customer-merge.server.ts`); this module reads the page's query, parses
 * the confirm form for that command, and hands it the movers of the domains whose rows point at
 * a record ({@link CUSTOMER_ROW_MOVERS}: the customers folder cannot import them itself).
 */
import * as z from 'zod';
import type { Db } from '~/lib/db.server';
import {
  customerChoice,
  findCustomers,
  type CustomerChoice,
} from '~/features/customers/customer-search.server';
import {
  mergeCustomers,
  previewMerge,
  type CustomerRowMover,
  type MergePreview,
} from '~/features/customers/customer-merge.server';
import { orderRowsMover } from '~/features/orders/order-customer-move.server';
import { appointmentRowsMover } from '~/features/booking/appointment-customer-move.server';
import { measurementRowsMover } from '~/features/measurements/measurement-customer-move.server';
import { notificationRowsMover } from '~/lib/notifications/customer-move.server';
import { adminHandler, type AnyAdminHandler } from '~/features/admin/shared/admin-action.server';
import { Refusal } from '~/lib/refusal';
import { idField } from '~/lib/form-fields.server';

/**
 * The owners' movers of every row that points at a customer record (issue 30 item 4), in the
 * order the merge runs them: orders, appointments, messages, measurements. Together they move
 * `MERGED_REFERENCES`, which `mergeCustomers` checks.
 */
export const CUSTOMER_ROW_MOVERS: readonly CustomerRowMover[] = [
  orderRowsMover,
  appointmentRowsMover,
  notificationRowsMover,
  measurementRowsMover,
];

/** The longest search read from the page's query. */
const SEARCH_MAX_LENGTH = 100;

/** The page's query: `q` searches for the other record, `with` picks it. */
const pageQuerySchema = z.object({
  q: z
    .string()
    .optional()
    .transform((value) => (value ?? '').trim().slice(0, SEARCH_MAX_LENGTH)),
  with: z
    .string()
    .optional()
    .transform((value) => (value && /^\d{1,9}$/.test(value) ? Number(value) : null)),
});

/** A record id in the route's path: a positive whole number, else 0 (which no record has). */
export function recordIdParam(value: string | undefined): number {
  return value && /^\d{1,9}$/.test(value) ? Number(value) : 0;
}

/** What /admin/customers/:id/merge shows. */
export interface MergePageData {
  /** The page's record: the one kept. */
  record: CustomerChoice;
  q: string;
  /** Records the search found, the page's own left out. */
  matches: CustomerChoice[];
  /** The chosen record's preview, or null before one is chosen. */
  preview: MergePreview | null;
  /** Why the chosen record cannot be previewed (it no longer exists), or null. */
  notice: string | null;
}

/**
 * The page's data for record `id` and the page's URL; null when the record does not exist.
 * @throws when the database fails.
 */
export async function mergePageData(db: Db, id: number, url: URL): Promise<MergePageData | null> {
  const record = id > 0 ? await customerChoice(db, id) : null;
  if (!record) return null;
  const query = pageQuerySchema.parse({
    q: url.searchParams.get('q') ?? undefined,
    with: url.searchParams.get('with') ?? undefined,
  });
  const matches = (await findCustomers(db, query.q)).filter((match) => match.id !== id);
  let preview: MergePreview | null = null;
  let notice: string | null = null;
  if (query.with !== null) {
    try {
      preview = await previewMerge(db, { keepId: id, mergeId: query.with });
    } catch (error) {
      if (!(error instanceof Refusal)) throw error;
      notice = error.message;
    }
  }
  return { record, q: query.q, matches, preview, notice };
}

/** The confirm form: the record merged away and the fingerprint of the preview shown. */
const mergeFormSchema = z.object({
  mergeId: idField('Please choose the record to merge into this one.'),
  fingerprint: z
    .string('The preview is missing. Look at it again, then merge.')
    .regex(/^[0-9a-f]{64}$/, 'The preview is missing. Look at it again, then merge.'),
});

/** The intents of /admin/customers/:id/merge. */
type MergeIntent = 'merge-customers';

/**
 * The action handlers of /admin/customers/:id/merge for record `keepId` (from the path; 0 for a
 * malformed one, which the command answers 404), by intent, for `runAdminAction`.
 */
export function mergeHandlers(db: Db, keepId: number) {
  return {
    'merge-customers': adminHandler(mergeFormSchema, async (input, admin) => ({
      message: await mergeCustomers(db, CUSTOMER_ROW_MOVERS, admin, { keepId, ...input }),
      id: keepId,
    })),
  } satisfies Record<MergeIntent, AnyAdminHandler>;
}
