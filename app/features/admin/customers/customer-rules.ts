/**
 * The customers screens' rules, shared by the server and the screens. An account's roles and
 * the last-administrator refusal are the account domain's (`features/account/roles.ts`).
 */

/** The longest search the customers list accepts; longer text is cut to this. */
export const CUSTOMER_SEARCH_MAX_LENGTH = 100;

/** The longest ban reason, in characters. */
export const BAN_REASON_MAX_LENGTH = 500;

/** How a customer record with no account reads (issue 30 item 1, decision 029). */
export const WALK_IN_LABEL = 'Walk-in customer: no account';

/** What staff start for a customer from their page (issue 30 item 1). */
export const CUSTOMER_STARTS = ['measurements', 'trial', 'appointment', 'order'] as const;

/** One of {@link CUSTOMER_STARTS}. */
export type CustomerStart = (typeof CUSTOMER_STARTS)[number];

/**
 * Where each start goes for record `recordId`: the measurement form, the counter's booking
 * (a trial, or any type) or the new bespoke order, each prefilled with the customer.
 */
export function customerStartPath(start: CustomerStart, recordId: number): string {
  switch (start) {
    case 'measurements':
      return `/admin/customers/${recordId}/measurements/new`;
    case 'trial':
      return `/admin/appointments/new?customer=${recordId}&type=trial`;
    case 'appointment':
      return `/admin/appointments/new?customer=${recordId}`;
    case 'order':
      return `/admin/orders/new?customer=${recordId}`;
  }
}
