/**
 * The back office's bespoke clients (issue 20 item 1; decision 013): the `customers` records
 * of the people the shop serves, with or without an account, at /admin/customers. A record is
 * added for a walk-in or phone customer, edited (a versioned update: a stale edit is refused),
 * linked by hand to an existing account ("the shop confirmed the phone") or unlinked, and
 * deleted while it has no upcoming appointment. Every change runs in one transaction with its
 * audit entry (entity 'client'). Those changes are the customers domain's commands
 * (`features/customers/customers-commands.server.ts`, issue 30 item 4); this module reads the
 * record's page, parses the forms and calls them (handing link and unlink the bespoke domain's
 * `carryBespokeOrdersToAccount`), and opens the record made on demand for an account.
 *
 * Phones are not unique (families share one): adding a record whose phone is already on
 * another is refused once with a notice naming that record, and goes through when the form
 * says "add anyway"; the client page lists the other records on the same phone.
 */
import { and, asc, count, desc, eq, ne, sql } from 'drizzle-orm';
import * as z from 'zod';
import type { Db } from '~/lib/db.server';
import { notificationsForCustomer } from '~/features/customers/customer-messages.server';
import { customerForUser, makeRecordForAccount } from '~/features/customers/customers.server';
import { appointments, appointmentTypes, customers, user } from '~/lib/schema.server';
import {
  NOTIFY_PREFERENCES,
  type AppointmentStatus,
  type NotificationChannel,
  type NotifyPreference,
} from '~/lib/schema-enums';
import type { Storage } from '~/lib/storage/storage.server';
import {
  emailSchema,
  formatIndianMobile,
  indianMobileSchema,
} from '~/features/customers/contact-fields';
import { adminHandler, type AnyAdminHandler } from '~/features/admin/shared/admin-action.server';
import { carryBespokeOrdersToAccount } from '~/features/orders/orders-commands.server';
import { Refusal } from '~/lib/refusal';
import { auditedWrite, isUniqueViolation } from '~/lib/audited-write.server';
import type { Actor } from '~/lib/audit.server';
import { checkboxField, idField } from '~/lib/form-fields.server';
import { CLIENT_NOTES_MAX_LENGTH } from './record-rules';
import {
  clientRecordState,
  createClient,
  deleteClient,
  linkRecordToAccount,
  unlinkRecordFromAccount,
  updateClient,
} from '~/features/customers/customers-commands.server';
import { CUSTOMER_STARTS, customerStartPath } from './customer-rules';

/** An appointment of the record, as its page lists it. */
export interface ClientAppointment {
  id: number;
  type: string;
  /** ISO 8601. */
  startsAt: string;
  status: AppointmentStatus;
}

/** A message sent (or queued) to the record, as its page lists it. */
export interface ClientMessage {
  id: number;
  channel: NotificationChannel;
  kind: string;
  recipient: string;
  status: 'queued' | 'sent' | 'failed';
  /** ISO 8601. */
  createdAt: string;
  /** ISO 8601, or null while it is not sent. */
  sentAt: string | null;
}

/** One record with everything /admin/customers/:id shows. */
export interface ClientDetail {
  id: number;
  name: string;
  phone: string;
  email: string | null;
  notes: string;
  notify: NotifyPreference;
  /** The linked account, or null. */
  account: { id: string; name: string; email: string; emailVerified: boolean } | null;
  /** The version (`updated_at`, ISO 8601) an edit must present. */
  version: string;
  /** ISO 8601. */
  createdAt: string;
  /** Other records with the same phone (families share phones), by name. */
  samePhone: { id: number; name: string }[];
  /** Booked, attended or otherwise, from now on, soonest first. */
  upcoming: ClientAppointment[];
  /** Before now, newest first, at most 50. */
  past: ClientAppointment[];
  /** Newest first, at most 50. */
  messages: ClientMessage[];
}

/**
 * The record `id` with its account, same-phone records, appointments (upcoming from `now`,
 * and the last 50 before it) and last 50 messages; null when there is none.
 * @throws when the database fails.
 */
export async function getClient(
  db: Db,
  id: number,
  now: Date = new Date(),
): Promise<ClientDetail | null> {
  const [row] = await db
    .select({
      client: customers,
      account: {
        id: user.id,
        name: user.name,
        email: user.email,
        emailVerified: user.emailVerified,
      },
    })
    .from(customers)
    .leftJoin(user, eq(user.id, customers.userId))
    .where(eq(customers.id, id));
  if (!row) return null;
  const appointmentColumns = {
    id: appointments.id,
    type: appointmentTypes.name,
    startsAt: appointments.startsAt,
    status: appointments.status,
  };
  const [samePhone, upcoming, past, messages] = await Promise.all([
    db
      .select({ id: customers.id, name: customers.name })
      .from(customers)
      .where(and(eq(customers.phone, row.client.phone), ne(customers.id, id)))
      .orderBy(asc(customers.name), asc(customers.id))
      .limit(20),
    db
      .select(appointmentColumns)
      .from(appointments)
      .innerJoin(appointmentTypes, eq(appointmentTypes.id, appointments.typeId))
      .where(and(eq(appointments.customerId, id), sql`${appointments.startsAt} >= ${now}`))
      .orderBy(asc(appointments.startsAt), asc(appointments.id))
      .limit(50),
    db
      .select(appointmentColumns)
      .from(appointments)
      .innerJoin(appointmentTypes, eq(appointmentTypes.id, appointments.typeId))
      .where(and(eq(appointments.customerId, id), sql`${appointments.startsAt} < ${now}`))
      .orderBy(desc(appointments.startsAt), desc(appointments.id))
      .limit(50),
    notificationsForCustomer(db, id, 50),
  ]);
  const appointment = (a: (typeof upcoming)[number]): ClientAppointment => ({
    ...a,
    startsAt: a.startsAt.toISOString(),
  });
  const { client } = row;
  return {
    id: client.id,
    name: client.name,
    phone: client.phone,
    email: client.email,
    notes: client.notes,
    notify: client.notify,
    account: client.userId && row.account ? row.account : null,
    version: client.updatedAt.toISOString(),
    createdAt: client.createdAt.toISOString(),
    samePhone,
    upcoming: upcoming.map(appointment),
    past: past.map(appointment),
    messages: messages.map((message) => ({
      id: message.id,
      channel: message.channel,
      kind: message.kind,
      recipient: message.recipient,
      status: message.status,
      createdAt: message.createdAt.toISOString(),
      sentAt: message.sentAt?.toISOString() ?? null,
    })),
  };
}

/**
 * The client record linked to account `userId`, as `{ id, name }`, or null (for the account's
 * page in /admin/customers).
 * @throws when the database fails.
 */
export async function clientOfAccount(
  db: Db,
  userId: string,
): Promise<{ id: number; name: string } | null> {
  const [row] = await db
    .select({ id: customers.id, name: customers.name })
    .from(customers)
    .where(eq(customers.userId, userId))
    .limit(1);
  return row ?? null;
}

/* ------------------------------------------------------------------------------------------ */
/* Forms                                                                                      */
/* ------------------------------------------------------------------------------------------ */

const clientId = idField('This client record could not be found.');

const nameField = z
  .string("Please enter the client's name.")
  .trim()
  .min(1, "Please enter the client's name.")
  .max(100, 'Please keep the name to 100 characters.');

/** An optional e-mail: '' or absent is none. */
const optionalEmail = z
  .string('Please enter a valid email address')
  .optional()
  .transform((value) => value?.trim() ?? '')
  .pipe(z.union([z.literal('').transform(() => null), emailSchema]));

const notesField = z
  .string('Please write the notes as text.')
  .optional()
  .transform((value) => (value ?? '').trim())
  .pipe(
    z
      .string()
      .max(
        CLIENT_NOTES_MAX_LENGTH,
        `Please keep the notes to ${CLIENT_NOTES_MAX_LENGTH.toLocaleString('en-IN')} characters.`,
      ),
  );

/** Add a record: name, phone (+91), optional e-mail and notes; `sharedPhone` to add anyway. */
export const createClientSchema = z.object({
  name: nameField,
  phone: indianMobileSchema,
  email: optionalEmail,
  notes: notesField,
  sharedPhone: checkboxField,
});

/** Edit a record over the `version` it was opened at, with its channel preference. */
export const updateClientSchema = z.object({
  id: clientId,
  version: z.string().optional(),
  name: nameField,
  phone: indianMobileSchema,
  email: optionalEmail,
  notes: notesField,
  notify: z.enum(NOTIFY_PREFERENCES, 'Please choose e-mail, WhatsApp or both.'),
});

/** Link a record to the account with this e-mail. */
export const linkAccountSchema = z.object({ id: clientId, email: emailSchema });

/** Unlink or delete a record. */
export const clientIdSchema = z.object({ id: clientId });

/**
 * Links a record to the account with `email` (the customers command `linkRecordToAccount`),
 * the record's bespoke orders following to the account (issue 21 item 3).
 * @throws Refusal as `linkRecordToAccount`.
 */
export function linkAccount(
  db: Db,
  actor: Actor,
  input: z.output<typeof linkAccountSchema>,
): Promise<string> {
  return linkRecordToAccount(db, actor, input, carryBespokeOrdersToAccount);
}

/**
 * Unlinks a record from its account (the customers command `unlinkRecordFromAccount`), its
 * bespoke orders leaving the account with it.
 * @throws Refusal as `unlinkRecordFromAccount`.
 */
export function unlinkAccount(
  db: Db,
  actor: Actor,
  input: z.output<typeof clientIdSchema>,
): Promise<string> {
  return unlinkRecordFromAccount(db, actor, input, carryBespokeOrdersToAccount);
}

/** Open (find or make) the record of the account `userId`; `phone` when one must be made. */
export const recordForAccountSchema = z.object({
  userId: z
    .string('This account could not be found.')
    .trim()
    .min(1, 'This account could not be found.')
    .max(200, 'This account could not be found.'),
  // Empty or absent: none given (the record may be found without one); else an Indian mobile.
  phone: z.preprocess(
    (value) => (typeof value === 'string' && value.trim() === '' ? undefined : value),
    z.optional(indianMobileSchema),
  ),
  // The form staff are going to: given, the action answers with a redirect to it.
  next: z.optional(z.enum(CUSTOMER_STARTS, 'This form is not known.')),
});

/** The refusal when a record must be made and no phone is given. */
export const RECORD_PHONE_NEEDED =
  'Please enter their mobile number: the customer record needs one. It is kept for messages and the counter.';

/**
 * The customer record staff act on for an account that has none yet (issue 30 item 1, decision
 * 029): when staff record measurements, book an appointment or start a bespoke order from the
 * account's page, the record is found or made here, in one transaction with its audit entry,
 * so they never leave the page to make one by hand. In order:
 * - the record already linked to the account (nothing written);
 * - else the newest unlinked record whose e-mail was entered by staff or confirmed by the
 *   client and is the account's verified e-mail (decision 017's rule, `customerForUser`), which
 *   is linked, its bespoke orders following (audit 'client.link');
 * - else a new record with the account's name and e-mail and the phone staff gave (audit
 *   'client.create'). A phone never links (decision 017): a record of someone else on the
 *   same phone stays apart, and the answer says the phone is shared.
 * Resolves to the toast's message and the record's id.
 * @throws Refusal 404 for an unknown account; 422 (field `phone`) when a record must be
 *   made and no phone was given; 409 when the account got a record in the same moment.
 */
export async function recordForAccount(
  db: Db,
  actor: Actor,
  input: z.output<typeof recordForAccountSchema>,
): Promise<{ message: string; id: number }> {
  try {
    return await auditedWrite(db, actor, {
      read: async (tx) => {
        const [account] = await tx
          .select({
            id: user.id,
            name: user.name,
            email: user.email,
            emailVerified: user.emailVerified,
          })
          .from(user)
          .where(eq(user.id, input.userId))
          .for('update');
        if (!account) return undefined;
        const [linked] = await tx
          .select()
          .from(customers)
          .where(eq(customers.userId, account.id))
          .limit(1);
        return { account, linked };
      },
      missing: () => new Refusal('not-found', 'This account no longer exists.'),
      check: ({ linked }) =>
        linked ? { message: `${linked.name}’s record is open.`, id: linked.id } : undefined,
      write: async (tx, { account }) => {
        const claimed = await customerForUser(tx, account.id);
        if (claimed) {
          // The account's bespoke orders are the record's too, as when staff link by hand.
          await carryBespokeOrdersToAccount(tx, claimed.id, account.id);
          return { record: claimed, how: 'linked' as const, samePhone: 0 };
        }
        if (!input.phone) throw new Refusal('invalid', RECORD_PHONE_NEEDED, 'phone');
        const made = await makeRecordForAccount(tx, account, input.phone);
        if (!made) return undefined;
        const [same] = await tx
          .select({ n: count() })
          .from(customers)
          .where(and(eq(customers.phone, made.phone), ne(customers.id, made.id)));
        return { record: made, how: 'created' as const, samePhone: Number(same?.n ?? 0) };
      },
      stale: () =>
        new Refusal('conflict', 'This account got a customer record just now. Reload the page.'),
      audit: ({ account }, { record, how }) =>
        how === 'linked'
          ? {
              action: 'client.link',
              entity: 'client',
              entityId: record.id,
              summary: `Linked client ${record.name} to the account ${account.email} (the record’s e-mail is the account’s verified e-mail)`,
              before: { ...clientRecordState(record), userId: null },
              after: clientRecordState(record),
            }
          : {
              action: 'client.create',
              entity: 'client',
              entityId: record.id,
              summary: `Added client ${record.name} (${formatIndianMobile(record.phone)}) for the account ${account.email}`,
              after: clientRecordState(record),
            },
      answer: (_before, { record, how, samePhone }) => ({
        message:
          how === 'linked'
            ? `Linked ${record.name}’s record with the same e-mail to the account.`
            : samePhone > 0
              ? `Made ${record.name}’s customer record. The phone is also on ${samePhone === 1 ? 'another record' : `${samePhone} other records`}.`
              : `Made ${record.name}’s customer record.`,
        id: record.id,
      }),
    });
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    throw new Refusal('conflict', 'This account got a customer record just now. Reload the page.');
  }
}

/** The intents of /admin/customers. */
type ClientsIntent = 'create-client';

/** The action handlers of /admin/customers, by intent, for `runAdminAction`. */
export function clientsHandlers(db: Db) {
  return {
    'create-client': adminHandler(createClientSchema, (input, admin) =>
      createClient(db, admin, input),
    ),
  } satisfies Record<ClientsIntent, AnyAdminHandler>;
}

/** The intents of /admin/customers/:id. */
type ClientIntent =
  'update-client' | 'link-account' | 'unlink-account' | 'delete-client' | 'open-record';

/** The action handlers of /admin/customers/:id, by intent, for `runAdminAction`. */
export function clientHandlers(db: Db, storage: Pick<Storage, 'delete'>) {
  return {
    'update-client': adminHandler(updateClientSchema, (input, admin) =>
      updateClient(db, admin, input),
    ),
    'link-account': adminHandler(linkAccountSchema, (input, admin) =>
      linkAccount(db, admin, input),
    ),
    'unlink-account': adminHandler(clientIdSchema, (input, admin) =>
      unlinkAccount(db, admin, input),
    ),
    'delete-client': adminHandler(clientIdSchema, (input, admin) =>
      deleteClient(db, storage, admin, input),
    ),
    'open-record': adminHandler(recordForAccountSchema, async (input, admin) => {
      const outcome = await recordForAccount(db, admin, input);
      return input.next
        ? { ...outcome, redirectTo: customerStartPath(input.next, outcome.id) }
        : outcome;
    }),
  } satisfies Record<ClientIntent, AnyAdminHandler>;
}
