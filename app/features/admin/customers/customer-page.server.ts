/**
 * The data of one customer's page, /admin/customers/:id (issue 30 item 1, decision 029): one
 * place for a person the shop serves, whether they have a customer record, an account, or both.
 *
 * The id is a record's number ('42') or, for an account that has no record yet, the account's
 * id (Better Auth's, never all digits). An account that has a record is shown at the record's
 * address; its own address answers with where that is.
 */
import type { Db } from '~/lib/db.server';
import { listProfiles, type ProfileSummary } from '~/features/measurements/measurements.server';
import {
  customerActivity,
  getCustomer,
  lastPhoneOfAccount,
  type CustomerActivity,
  type CustomerDetail,
} from './customers.server';
import { clientOfAccount, getClient, type ClientDetail } from './records.server';

/** Everything the page shows. */
export interface CustomerPage {
  /** The customer record, or null for an account that has none yet. */
  record: ClientDetail | null;
  /** The account with its role, ban and sessions, or null for a walk-in customer. */
  account: CustomerDetail | null;
  /** The record's measurement profiles, newest version of each (none without a record). */
  profiles: ProfileSummary[];
  activity: CustomerActivity;
  /**
   * For an account without a record: the mobile number it last gave at checkout (E.164), offered
   * for the record staff make on demand; null otherwise.
   */
  suggestedPhone: string | null;
}

/** A record's id as the address gives it: 1 to 9 digits. */
const RECORD_ID = /^\d{1,9}$/;

/**
 * The page of `id`: `{ page }`, `{ redirectTo }` (an account whose record has its own page), or
 * null when there is no such record or account.
 * @throws when the database fails.
 */
export async function loadCustomerPage(
  db: Db,
  id: string,
  now: Date = new Date(),
): Promise<{ page: CustomerPage } | { redirectTo: string } | null> {
  if (RECORD_ID.test(id)) {
    const record = await getClient(db, Number(id), now);
    if (!record) return null;
    const userId = record.account?.id ?? null;
    const [account, profiles, activity] = await Promise.all([
      userId ? getCustomer(db, userId) : null,
      listProfiles(db, record.id),
      customerActivity(db, { recordId: record.id, userId }),
    ]);
    return { page: { record, account, profiles, activity, suggestedPhone: null } };
  }
  const account = await getCustomer(db, id);
  if (!account) return null;
  const linked = await clientOfAccount(db, account.id);
  if (linked) return { redirectTo: `/admin/customers/${linked.id}` };
  const [activity, suggestedPhone] = await Promise.all([
    customerActivity(db, { recordId: null, userId: account.id }),
    lastPhoneOfAccount(db, account.id),
  ]);
  return { page: { record: null, account, profiles: [], activity, suggestedPhone } };
}
