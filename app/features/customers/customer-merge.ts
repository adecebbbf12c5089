/**
 * What merging two customer records moves, as the preview and the toast say it (issue 30 item
 * 1: "Merging two records is an audited action, with a preview of what moves"; decision 030).
 * Pure: shared by the server command (`customer-merge.server.ts`) and the back-office screen.
 */

/** How many rows of each kind move from the merged record to the kept one. */
export interface MergeCounts {
  /** Measurement profiles (one per garment) and their saved versions and fitting photos. */
  measurementProfiles: number;
  measurementVersions: number;
  measurementPhotos: number;
  /** Saved designs of the merged record's account (they follow the account link). */
  designs: number;
  appointments: number;
  bespokeOrders: number;
  /** Shop orders: of the record, or of its account when the account link moves. */
  shopOrders: number;
  /** Payment rows (payments and refunds) of the moving orders. */
  payments: number;
  /** Tax invoices, credit notes and vouchers of the moving orders. */
  invoices: number;
  /** Messages sent or queued to the merged record. */
  messages: number;
  /** 1 when the merged record has notes (they are kept beside the kept record's), else 0. */
  notes: number;
}

/** The order and the words the preview lists the counts in: [key, one, many]. */
const COUNT_WORDS: [keyof MergeCounts, string, string][] = [
  ['measurementVersions', 'measurement version', 'measurement versions'],
  ['measurementPhotos', 'fitting photo', 'fitting photos'],
  ['designs', 'saved design', 'saved designs'],
  ['appointments', 'appointment', 'appointments'],
  ['bespokeOrders', 'bespoke order', 'bespoke orders'],
  ['shopOrders', 'shop order', 'shop orders'],
  ['payments', 'payment', 'payments'],
  ['invoices', 'invoice or voucher', 'invoices and vouchers'],
  ['messages', 'message', 'messages'],
  ['notes', 'note', 'notes'],
];

/**
 * The counts as one phrase, nothing-counts left out: "3 measurement versions, 1 appointment
 * and 2 bespoke orders"; "nothing but the record itself" when every count is 0.
 */
export function describeMoves(counts: MergeCounts): string {
  const parts = COUNT_WORDS.filter(([key]) => counts[key] > 0).map(
    ([key, one, many]) => `${counts[key]} ${counts[key] === 1 ? one : many}`,
  );
  if (parts.length === 0) return 'nothing but the record itself';
  if (parts.length === 1) return parts[0]!;
  return `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)}`;
}

/** A contact field the two records hold differently, and what the kept record ends with. */
export interface MergeFieldOutcome {
  field: 'name' | 'phone' | 'email' | 'notify';
  label: string;
  kept: string | null;
  merged: string | null;
  /** 'kept': the kept record's value stays; 'merged': the kept one was blank and is filled. */
  wins: 'kept' | 'merged';
}
