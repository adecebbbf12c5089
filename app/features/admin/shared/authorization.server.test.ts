/**
 * The back office's authorization table (issue "Back office", "Bad input and attacks"; issue 31
 * item 2: staff roles): every admin loader and every action intent, called directly (no UI) as
 * a visitor, a signed-in shopper, and staff in the roles workshop, counter and owner. Each row
 * names the staff roles that pass (the owner always; the counter where `COUNTER_ACTIONS` and
 * `COUNTER_LOADERS` say; the workshop only the frame and its greeting). Visitors and shoppers
 * are refused as before (loaders: redirect to /login; actions: 401 and 403), staff without the
 * permission get 403, and a refused call changes nothing.
 */
import { and, count, eq, sql } from 'drizzle-orm';
import { data } from 'react-router';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  appointmentTypes,
  appointments,
  appointmentSlots,
  auditLog,
  bespokeGarments,
  cashCounts,
  categories,
  contactMessages,
  coupons,
  customers,
  fabricReservations,
  shopClosures,
  measurementPhotos,
  measurementProfiles,
  measurementVersions,
  media,
  orderLines,
  orders,
  returnRequests,
  payments,
  products,
  session,
  shipments,
  siteSettings,
  styleOptionConflicts,
  styleOptions,
  subcategories,
  taxRateRules,
  user,
  workTickets,
  workTicketStages,
  workerPayments,
  workshopCredits,
  workshopPieceRates,
} from '~/lib/schema.server';
import { BESPOKE_SETTINGS_KEY } from '~/features/bespoke/bespoke-settings.server';
import { GARMENT_TYPES } from '~/lib/schema-enums';
import { defaultSiteSettings } from '~/features/site/settings';
import { bookAppointment, listAppointmentTypes, slotsOn } from '~/features/booking/booking.server';
import { shopDateOf } from '~/lib/shop-time';
import { issueCreditNote, issueInvoice } from '~/features/invoices/invoices.server';
import { previewMerge } from '~/features/customers/customer-merge.server';
import {
  createTestApp,
  formPost,
  pageGet,
  routeOutcome,
  type TestApp,
} from '../../../../tests/support/test-app';
import { testDatabaseKind } from '../../../../tests/support/test-db';
import { ACTION_PERMISSIONS } from '~/features/admin/shared/permissions.server';
import * as appointmentsSetupRoute from '~/routes/admin/appointments-setup';
import * as styleOptionsRoute from '~/routes/admin/style-options';
import * as couponsRoute from '~/routes/admin/coupons';
import * as auditRoute from '~/routes/admin/audit';
import * as customerMergeRoute from '~/routes/admin/customer-merge';
import * as clientsRedirectRoute from '~/routes/admin/clients-redirect';
import * as appointmentsRoute from '~/routes/admin/appointments';
import * as newAppointmentRoute from '~/routes/admin/appointment-new';
import * as categoriesRoute from '~/routes/admin/categories';
import * as dashboardRoute from '~/routes/admin/dashboard';
import * as layoutRoute from '~/routes/admin/layout';
import * as mediaRoute from '~/routes/admin/media';
import * as mediaUploadRoute from '~/routes/admin/media-upload';
import * as messagesRoute from '~/routes/admin/messages';
import * as settingsRoute from '~/routes/admin/settings';
import * as customerRoute from '~/routes/admin/customer';
import * as customersRoute from '~/routes/admin/customers';
import * as orderRoute from '~/routes/admin/order';
import * as newOrderRoute from '~/routes/admin/order-new';
import * as ordersRoute from '~/routes/admin/orders';
import * as productRoute from '~/routes/admin/product';
import * as productsRoute from '~/routes/admin/products';
import * as clientMeasurementsRoute from '~/routes/admin/client-measurements';
import * as recordMeasurementsRoute from '~/routes/admin/record-measurements';
import * as measurementHistoryRoute from '~/routes/admin/measurement-history';
import * as measurementCardRoute from '~/routes/admin/measurement-card';
import * as measurementPhotoRoute from '~/routes/admin/measurement-photo';
import * as invoicesRoute from '~/routes/admin/invoices';
import * as workshopBoardRoute from '~/routes/admin/workshop-board';
import * as workshopCalendarRoute from '~/routes/admin/workshop-calendar';
import * as workshopSettingsRoute from '~/routes/admin/workshop-settings';
import * as shippingSettingsRoute from '~/routes/admin/shipping-settings';
import { SHIPPING_ZONES } from '~/lib/couriers/types';
import * as workshopTicketRoute from '~/routes/admin/workshop-ticket';
import * as pieceRatesRoute from '~/routes/admin/workshop-piece-rates';
import * as duesRoute from '~/routes/admin/workshop-dues';
import * as duesCsvRoute from '~/routes/admin/workshop-dues-csv';
import * as jobCardRoute from '~/routes/admin/job-card';
import { assignTicket, openMissingTickets } from '~/features/workshop/tickets.server';
import { defaultWorkshopSettings, WORK_STAGES } from '~/features/workshop/stages';
import * as dayBookRoute from '~/routes/admin/day-book';
import * as invoicingSettingsRoute from '~/routes/admin/invoicing-settings';
import * as invoicesExportRoute from '~/routes/admin/invoices-export';
import * as orderInvoiceRoute from '~/routes/admin/order-invoice';
import * as orderCreditNoteRoute from '~/routes/admin/order-credit-note';
import * as orderPackingSlipRoute from '~/routes/admin/order-packing-slip';
import * as orderLabelRoute from '~/routes/admin/order-label';
import { shipOrder } from '~/features/dispatch/dispatch.server';

type Role = 'visitor' | 'shopper' | 'workshop' | 'counter' | 'owner';
const ROLES: Role[] = ['visitor', 'shopper', 'workshop', 'counter', 'owner'];
/** The staff roles, and what each is stored as (the owner is 'admin', decision 034). */
type Staff = 'workshop' | 'counter' | 'owner';
const STORED = {
  shopper: 'user',
  workshop: 'workshop',
  counter: 'counter',
  owner: 'admin',
} as const;

let app: TestApp;
/** The workshop member's account: the fixture order's first garment is assigned to them. */
let workshopUserId = '';
/** Calls of the piece-rates row so far: each sets a rate of its own. */
let rateCalls = 0;
const cookies: Record<Role, string | undefined> = {
  visitor: undefined,
  shopper: '',
  workshop: '',
  counter: '',
  owner: '',
};

/** Fresh rows for one admin call to act on (so every call has a real target). */
interface Fixture {
  categoryId: number;
  subcategoryId: number;
  categoryVersion: string;
  subcategoryVersion: string;
  categoryOrder: string;
  subcategoryOrder: string;
  messageId: number;
  /** The shop settings' version ('' before the first save). */
  settingsVersion: string;
  /** The WhatsApp templates' version ('' before the first save). */
  messageSettingsVersion: string;
  /** The order settings' version ('' before the first save). */
  orderSettingsVersion: string;
  /** A tax-rate rule in force from 2099, to retire. */
  taxRuleId: number;
  productId: number;
  productCategoryId: number;
  productVersion: string;
  /** A paid order and its version. */
  orderNumber: string;
  /** The fixture order's tax invoice (issue 30 item 2: sent on WhatsApp or by e-mail). */
  invoiceId: number;
  orderVersion: string;
  /** On that order (issue 21): a cash payment, and a refund the provider never answered. */
  cashPaymentId: number;
  pendingRefundId: number;
  /** On that order: a payment link the customer has not paid yet (₹100). */
  pendingLinkId: number;
  /** The order's credit note (its invoice is issued too) and the invoicing settings' version. */
  creditNoteId: number;
  invoicingVersion: string;
  /** A customer account no test signs in with (banning it signs nobody out). */
  userId: string;
  /** Issue 32 item 4: a coupon of this fixture and its version. */
  couponId: number;
  couponVersion: string;
  /** A gallery image item and its version. */
  mediaId: number;
  mediaVersion: string;
  /** A bespoke client record without an account, its version and a phone no other has. */
  clientId: number;
  clientVersion: string;
  freePhone: string;
  /** A client record linked to an account of its own. */
  linkedClientId: number;
  /** The account that record is linked to. */
  linkedUserId: string;
  /** The consultation type and its version. */
  typeId: number;
  typeVersion: string;
  closureId: number;
  /** The booking rules' version ('' before the first save). */
  rulesVersion: string;
  /** A self-measured shirt (version 1) of the client, and a photo of it. */
  measurementPhotoId: string;
  /** A consultation of the client booked today, its type, and another free time today. */
  appointmentId: number;
  consultationId: number;
  freeSlot: string;
  /** A bespoke order of its own client (two garments) and a free trial time today. */
  bespokeNumber: string;
  bespokeClientId: number;
  /** A second record of the client (the same phone), to merge into it, and its preview's fingerprint. */
  duplicateClientId: number;
  mergeFingerprint: string;
  /** The order's first garment; its work ticket is assigned to the workshop member. */
  garmentId: number;
  /** The second garment: its ticket is no one's (the workshop member does not open it). */
  otherGarmentId: number;
  trialSlot: string;
  /** Style options (issue 21): one to edit or delete, a pair listed as a conflict, a third. */
  style: StyleFixture;
}

interface StyleFixture {
  optionId: number;
  optionVersion: string;
  otherOptionId: number;
  thirdOptionId: number;
  conflictId: number;
  /** The bespoke prices' version ('' before the first save). */
  pricesVersion: string;
}

/** Three fresh style options, a conflict between the first two, and the prices' version. */
async function styleFixture(n: number): Promise<StyleFixture> {
  const db = app.database.db;
  const [one, other, third] = await db
    .insert(styleOptions)
    .values(
      ['a', 'b', 'c'].map((letter) => ({
        group: 'button' as const,
        code: `auth-${letter}-${n}`,
        name: `Button ${letter} ${n}`,
        garmentTypes: ['shirt'],
      })),
    )
    .returning();
  const [conflict] = await db
    .insert(styleOptionConflicts)
    .values({ optionId: one!.id, otherOptionId: other!.id, reason: 'Not made together.' })
    .returning();
  const [prices] = await db
    .select()
    .from(siteSettings)
    .where(eq(siteSettings.key, BESPOKE_SETTINGS_KEY));
  return {
    optionId: one!.id,
    optionVersion: one!.updatedAt.toISOString(),
    otherOptionId: other!.id,
    thirdOptionId: third!.id,
    conflictId: conflict!.id,
    pricesVersion: prices?.updatedAt.toISOString() ?? '',
  };
}

/** A small real PNG for the upload actions (made once). */
let png: Uint8Array<ArrayBuffer>;
const photo = () => new File([png], 'photo.png', { type: 'image/png' });

/** The JSON upload route read like a page action's `data()` outcome, for the table. */
async function mediaUploadAction(args: never): Promise<unknown> {
  const response = await mediaUploadRoute.action(args);
  return data(await response.json(), { status: response.status });
}

let fixtures = 0;
async function fixture(): Promise<Fixture> {
  const n = ++fixtures;
  const db = app.database.db;
  // The settings save of the table sends no opening-hours rows, which closes the shop: give it
  // its default hours back, so today has times to book (before the settings' version is read).
  await db
    .update(siteSettings)
    .set({
      value: sql`jsonb_set(${siteSettings.value}, '{hours}', ${JSON.stringify(defaultSiteSettings.hours)}::jsonb)`,
    })
    .where(sql`${siteSettings.value}->'hours' = '[]'::jsonb`);
  const [category] = await db
    .insert(categories)
    .values({ name: `Fixture ${n}`, slug: `fixture-${n}`, displayOrder: 1000 + n })
    .returning();
  const [coupon] = await db
    .insert(coupons)
    .values({ code: `FIXTURE${n}`, kind: 'percent', value: 10 })
    .returning();
  const [taxRule] = await db
    .insert(taxRateRules)
    .values({ code: `96${n}`, ratePercent: 12, effectiveFrom: '2099-01-01', label: `Fixture ${n}` })
    .returning();
  const [subcategory] = await db
    .insert(subcategories)
    .values({ categoryId: category!.id, name: `Fixture sub ${n}`, slug: `fixture-sub-${n}` })
    .returning();
  const [message] = await db
    .insert(contactMessages)
    .values({ name: 'Asha', email: 'asha@example.com', message: `Fixture message ${n}` })
    .returning();
  const settingsRows = await db
    .select({ key: siteSettings.key, updatedAt: siteSettings.updatedAt })
    .from(siteSettings);
  const settingsRow = settingsRows.find((row) => row.key === 'shop');
  const messageSettingsRow = settingsRows.find((row) => row.key === 'notifications');
  const invoicingRow = settingsRows.find((row) => row.key === 'invoicing');
  // Products get their own category, so the category fixture stays deletable.
  const [shelf] = await db
    .insert(categories)
    .values({ name: `Product shelf ${n}`, slug: `product-shelf-${n}`, displayOrder: 2000 + n })
    .returning();
  const [product] = await db
    .insert(products)
    .values({
      slug: `fixture-product-${n}`,
      name: `Fixture product ${n}`,
      categoryId: shelf!.id,
      pricePaise: 125_000,
    })
    .returning();
  const [order] = await db
    .insert(orders)
    .values({
      number: `RT-FIXTURE-${n}`,
      status: 'paid',
      amountPaise: 125_000,
      customerName: 'Asha Patel',
      email: 'asha@example.com',
      phone: '9876543210',
      address: '1 Fixture Road',
      city: 'Rajkot',
      state: 'Gujarat',
      pincode: '360001',
      provider: 'sandbox',
      paidAt: new Date(),
    })
    .returning();
  // Its ledger: ₹500 in cash and ₹250 online, ₹100 of which is a refund sent to the provider
  // that never answered; ₹500 is still due, ₹100 of it asked for by a link not yet paid.
  const [cashPayment, onlinePayment] = await db
    .insert(payments)
    .values([
      {
        orderId: order!.id,
        kind: 'payment' as const,
        method: 'cash' as const,
        status: 'succeeded' as const,
        amountPaise: 50_000,
        settledAt: new Date(),
      },
      {
        orderId: order!.id,
        kind: 'payment' as const,
        method: 'online' as const,
        status: 'succeeded' as const,
        amountPaise: 25_000,
        provider: 'sandbox' as const,
        providerPaymentId: `pay_SBXfixture${n}`,
        settledAt: new Date(),
      },
    ])
    .returning();
  const [pendingRefund] = await db
    .insert(payments)
    .values({
      orderId: order!.id,
      kind: 'refund',
      method: 'online',
      status: 'pending',
      amountPaise: -10_000,
      provider: 'sandbox',
      refundOfId: onlinePayment!.id,
      reason: 'Fixture refund',
      idempotencyKey: `refund_fixture_${n}`,
    })
    .returning();
  const [pendingLink] = await db
    .insert(payments)
    .values({
      orderId: order!.id,
      kind: 'payment',
      method: 'payment_link',
      status: 'pending',
      amountPaise: 10_000,
      provider: 'sandbox',
      providerLinkId: `plink_SBXfixture${n}`,
    })
    .returning();
  await db
    .insert(orderLines)
    .values({ orderId: order!.id, name: 'Fixture shirt', unitPricePaise: 125_000, quantity: 1 });
  const issued = await issueInvoice(db, order!.id);
  if (!issued.ok) throw new Error(`fixture invoice: ${issued.reason}`);
  const [refund] = await db
    .insert(payments)
    .values({
      orderId: order!.id,
      kind: 'refund',
      method: 'cash',
      status: 'succeeded',
      amountPaise: -25_000,
      refundOfId: cashPayment!.id,
    })
    .returning();
  const note = await issueCreditNote(db, refund!.id);
  if (!note.ok) throw new Error(`fixture credit note: ${note.reason}`);
  const [account] = await db
    .insert(user)
    .values({ id: `fixture-user-${n}`, name: `Fixture ${n}`, email: `fixture-${n}@example.com` })
    .returning();
  const [item] = await db
    .insert(media)
    .values({ kind: 'image', title: `Fixture photo ${n}`, categoryId: shelf!.id })
    .returning();
  const phone = (k: number) => `+919${String(k).padStart(9, '0')}`;
  const [client] = await db
    .insert(customers)
    .values({ name: `Client ${n}`, phone: phone(n * 3) })
    .returning();
  const [duplicateClient] = await db
    .insert(customers)
    .values({ name: `Client ${n} (walk-in)`, phone: phone(n * 3), notes: 'Added at the counter.' })
    .returning();
  const [linkedAccount] = await db
    .insert(user)
    .values({ id: `fixture-linked-${n}`, name: `Linked ${n}`, email: `linked-${n}@example.com` })
    .returning();
  const [linkedClient] = await db
    .insert(customers)
    .values({ name: `Linked client ${n}`, phone: phone(n * 3 + 1), userId: linkedAccount!.id })
    .returning();
  const [type] = await db
    .select()
    .from(appointmentTypes)
    .where(eq(appointmentTypes.key, 'consultation'));
  const [closure] = await db
    .insert(shopClosures)
    .values({
      startsAt: new Date('2099-02-01T04:30:00Z'),
      endsAt: new Date('2099-02-01T06:30:00Z'),
      reason: `Fixture ${n}`,
    })
    .returning();
  const [rules] = await db
    .select({ updatedAt: siteSettings.updatedAt })
    .from(siteSettings)
    .where(eq(siteSettings.key, 'booking'));
  const [profile] = await db
    .insert(measurementProfiles)
    .values({ customerId: client!.id, garment: 'shirt' })
    .returning();
  await db.insert(measurementVersions).values({
    profileId: profile!.id,
    version: 1,
    valuesCm: { chest: 100 },
    selfMeasured: true,
    takenByName: `Client ${n}`,
  });
  const measurementPhotoId = crypto.randomUUID();
  await app.storage.put(`private/measurements/${measurementPhotoId}.webp`, Buffer.from(png));
  await db.insert(measurementPhotos).values({
    id: measurementPhotoId,
    profileId: profile!.id,
    storageKey: `private/measurements/${measurementPhotoId}.webp`,
    contentType: 'image/webp',
    width: 64,
    height: 48,
  });
  // A client of their own for it, so deleting the fixture's client is not refused.
  const [bookedClient] = await db
    .insert(customers)
    .values({ name: `Booked client ${n}`, phone: phone(n * 3 + 1) })
    .returning();
  // A consultation today (staff may book any of today's times), so it can be marked too;
  // earlier fixtures' appointments are cleared so today's times never run out.
  await db.delete(appointments);
  await db.delete(appointmentSlots);
  const consultation = (await listAppointmentTypes(db)).find((t) => t.key === 'consultation')!;
  const now = new Date();
  const slotsOf = async (date: string) =>
    (await slotsOn(db, consultation, date, now, { staff: true })).filter((s) => s.left > 0);
  const [first, second] = await slotsOf(shopDateOf(now));
  const appointment = await bookAppointment(db, {
    type: consultation,
    startsAt: new Date(first!.startsAt),
    customer: { customerId: bookedClient!.id },
    by: { kind: 'staff', actor: { id: account!.id, email: account!.email } },
    now,
  });
  // A bespoke order with two garments (so one can be removed), for a client of its own.
  const [bespokeClient] = await db
    .insert(customers)
    .values({ name: `Bespoke client ${n}`, phone: `+918${String(n).padStart(9, '0')}` })
    .returning();
  const [bespokeOrder] = await db
    .insert(orders)
    .values({
      number: `RT-BESPOKE-${n}`,
      kind: 'bespoke',
      customerId: bespokeClient!.id,
      amountPaise: 1_000_000,
      customerName: bespokeClient!.name,
      email: '',
      phone: bespokeClient!.phone,
      address: '1 Fixture Road',
      city: 'Rajkot',
      state: 'Gujarat',
      pincode: '360001',
      provider: 'sandbox',
    })
    .returning();
  const garment = {
    orderId: bespokeOrder!.id,
    garmentType: 'kurta' as const,
    fabricCode: 'FX-1',
    fabricName: 'Fixture silk',
    fabricPricePerMetrePaise: 50_000,
    consumptionCm: 250,
    options: [],
    quotePaise: 500_000,
    pricePaise: 500_000,
  };
  const [firstGarment, secondGarment] = await db
    .insert(bespokeGarments)
    .values([
      { ...garment, position: 1 },
      { ...garment, position: 2 },
    ])
    .returning();
  // Their work tickets (issue 31): the first is the workshop member's.
  await openMissingTickets(db, now);
  await assignTicket(db, {
    garmentId: firstGarment!.id,
    assigneeId: workshopUserId,
    actor: { id: account!.id, email: account!.email, name: 'Fixture' },
  });
  const trialType = (await listAppointmentTypes(db)).find((t) => t.key === 'trial')!;
  const [trialSlot] = (await slotsOn(db, trialType, shopDateOf(now), now, { staff: true })).filter(
    (s) => s.left > 0,
  );
  return {
    style: await styleFixture(n),
    bespokeNumber: bespokeOrder!.number,
    bespokeClientId: bespokeClient!.id,
    duplicateClientId: duplicateClient!.id,
    mergeFingerprint: (await previewMerge(db, { keepId: client!.id, mergeId: duplicateClient!.id }))
      .fingerprint,
    garmentId: firstGarment!.id,
    otherGarmentId: secondGarment!.id,
    trialSlot: trialSlot!.startsAt,
    appointmentId: appointment.id,
    consultationId: consultation.id,
    freeSlot: second!.startsAt,
    measurementPhotoId,
    clientId: client!.id,
    clientVersion: client!.updatedAt.toISOString(),
    freePhone: phone(n * 3 + 2),
    linkedClientId: linkedClient!.id,
    linkedUserId: linkedAccount!.id,
    typeId: type!.id,
    typeVersion: type!.updatedAt.toISOString(),
    closureId: closure!.id,
    rulesVersion: rules?.updatedAt.toISOString() ?? '',
    mediaId: item!.id,
    mediaVersion: item!.updatedAt.toISOString(),
    categoryId: category!.id,
    subcategoryId: subcategory!.id,
    categoryVersion: category!.updatedAt.toISOString(),
    subcategoryVersion: subcategory!.updatedAt.toISOString(),
    categoryOrder: (await db.select({ id: categories.id }).from(categories))
      .map((row) => row.id)
      .join(','),
    subcategoryOrder: String(subcategory!.id),
    messageId: message!.id,
    settingsVersion: settingsRow?.updatedAt.toISOString() ?? '',
    messageSettingsVersion: messageSettingsRow?.updatedAt.toISOString() ?? '',
    orderSettingsVersion:
      settingsRows.find((row) => row.key === 'orders')?.updatedAt.toISOString() ?? '',
    taxRuleId: taxRule!.id,
    productId: product!.id,
    productCategoryId: shelf!.id,
    productVersion: product!.updatedAt.toISOString(),
    orderNumber: order!.number,
    invoiceId: issued.issued.id,
    orderVersion: order!.updatedAt.toISOString(),
    creditNoteId: note.issued.id,
    invoicingVersion: invoicingRow?.updatedAt.toISOString() ?? '',
    cashPaymentId: cashPayment!.id,
    pendingRefundId: pendingRefund!.id,
    pendingLinkId: pendingLink!.id,
    userId: account!.id,
    couponId: coupon!.id,
    couponVersion: coupon!.updatedAt.toISOString(),
  };
}

/** Codes made by the table's "save-coupon" rows, one each call. */
let couponCodes = 0;

/** The three measurement pages, which share their intents. */
const MEASUREMENT_ROUTES = [
  [clientMeasurementsRoute, '/admin/customers/:id/measurements'],
  [measurementHistoryRoute, '/admin/customers/:id/measurements/:garment'],
  [recordMeasurementsRoute, '/admin/customers/:id/measurements/new'],
] as const;

/** Every admin action intent with a valid form for it. */
type FormOf = (f: Fixture) => Record<string, string | Blob>;
/**
 * Puts the fixture's bespoke order at Measuring, where its garments' tickets stand, so a move of
 * one garment leaves the order where it is (one audit entry: the move).
 */
async function orderAtMeasuring(f: Fixture): Promise<void> {
  await app.database.db
    .update(orders)
    .set({ fulfilmentStatus: 'measuring' })
    .where(eq(orders.number, f.bespokeNumber));
}

/** Puts the fixture's first garment at its trial (started), its ticket still at version 1. */
async function garmentAtTrial(f: Fixture): Promise<void> {
  await orderAtMeasuring(f);
  const db = app.database.db;
  const [ticket] = await db
    .update(workTickets)
    .set({ stage: 'trial' })
    .where(eq(workTickets.garmentId, f.garmentId))
    .returning({ id: workTickets.id });
  await db
    .update(workTicketStages)
    .set({ startedAt: new Date() })
    .where(and(eq(workTicketStages.ticketId, ticket!.id), eq(workTicketStages.stage, 'trial')));
}

/** The fixture's garment holds 1.6 m of a fabric sold by the metre (issue 31 item 7). */
async function garmentHoldingFabric(f: Fixture): Promise<void> {
  const db = app.database.db;
  const [fabric] = await db
    .insert(products)
    .values({
      slug: `held-linen-${f.garmentId}-${Date.now()}`,
      name: 'Held Linen',
      categoryId: f.productCategoryId,
      pricePaise: 100_000,
      saleUnit: 'metre',
      uqc: 'MTR',
      lengthStepCm: 10,
      lengthMinCm: 50,
      lengthMaxCm: 1000,
      stock: 1000,
    })
    .returning({ id: products.id });
  const [order] = await db
    .select({ id: orders.id })
    .from(orders)
    .where(eq(orders.number, f.bespokeNumber));
  await db
    .insert(fabricReservations)
    .values({ productId: fabric!.id, garmentId: f.garmentId, orderId: order!.id, lengthCm: 160 })
    .onConflictDoNothing();
}

/** Issue 32 item 7: the return request each fixture's `prepare` made, by fixture. */
const RETURN_REQUESTS = new WeakMap<Fixture, number>();

const ACTIONS: {
  path: string;
  action: (args: never) => Promise<unknown>;
  intent: string;
  form: FormOf;
  /** Puts the target in a state the action changes (marking a new message new is no change). */
  prepare?: (f: Fixture) => Promise<void>;
  /** The route's URL parameters. */
  params?: (f: Fixture) => Record<string, string>;
  /** Success is a redirect (303/302) rather than the outcome. */
  redirects?: boolean;
}[] = [
  ...(
    [
      ['save-category', (f) => ({ name: `New ${f.categoryId}` })],
      [
        'save-category',
        (f) => ({ id: String(f.categoryId), name: 'Renamed', version: f.categoryVersion }),
      ],
      ['save-subcategory', (f) => ({ categoryId: String(f.categoryId), name: 'New sub' })],
      [
        'save-subcategory',
        (f) => ({
          id: String(f.subcategoryId),
          categoryId: String(f.categoryId),
          name: 'Renamed sub',
          version: f.subcategoryVersion,
        }),
      ],
      ['reorder', (f) => ({ order: f.categoryOrder.split(',').reverse().join(',') })],
      ['reorder', (f) => ({ categoryId: String(f.categoryId), order: f.subcategoryOrder })],
      ['set-category-active', (f) => ({ id: String(f.categoryId), isActive: 'true' })],
      ['set-subcategory-active', (f) => ({ id: String(f.subcategoryId), isActive: 'false' })],
      ['delete-subcategory', (f) => ({ id: String(f.subcategoryId) })],
      ['delete-category', (f) => ({ id: String(f.categoryId) })],
    ] as [string, FormOf][]
  ).map(([intent, form]) => ({
    path: '/admin/categories',
    action: categoriesRoute.action as never,
    intent,
    form,
  })),
  ...(['mark-read', 'mark-answered', 'mark-new'] as const).map((intent) => ({
    path: '/admin/messages',
    action: messagesRoute.action as never,
    intent,
    form: (f: Fixture) => ({ id: String(f.messageId) }),
    prepare:
      intent === 'mark-new'
        ? async (f: Fixture) => {
            await app.database.db
              .update(contactMessages)
              .set({ status: 'read' })
              .where(eq(contactMessages.id, f.messageId));
          }
        : undefined,
  })),
  {
    path: '/admin/settings',
    action: settingsRoute.action as never,
    intent: 'save-settings',
    form: (f: Fixture) => ({
      version: f.settingsVersion,
      shopName: defaultSiteSettings.shopName,
      tagline: `Since 1987 (${f.messageId})`,
      phone: defaultSiteSettings.phone,
      whatsappNumber: '+91 90000 00001',
      enquiryWhatsappNumber: '+91 90000 00002',
      email: defaultSiteSettings.email,
      street: defaultSiteSettings.address.street,
      city: 'Rajkot',
      region: 'Gujarat',
      postalCode: '360001',
      country: 'IN',
      latitude: '22.3',
      longitude: '70.8',
    }),
  },
  {
    path: '/admin/settings',
    action: settingsRoute.action as never,
    intent: 'save-message-settings',
    form: (f: Fixture) => ({
      version: f.messageSettingsVersion,
      language: 'en',
      appointmentConfirmation: `appointment_confirmation_${f.messageId}`,
      appointmentReminder: 'appointment_reminder',
      appointmentChange: 'appointment_update',
      orderStatus: 'order_update',
    }),
  },
  {
    path: '/admin/settings',
    action: settingsRoute.action as never,
    intent: 'save-order-settings',
    form: (f: Fixture) => ({
      version: f.orderSettingsVersion,
      unpaidExpiryHours: String(24 + (f.messageId % 24)),
      counterRefundLimit: '2,000',
    }),
  },
  {
    path: '/admin/settings/shipping',
    action: shippingSettingsRoute.action as never,
    intent: 'save-shipping-settings',
    form: (f: Fixture) => ({
      freeAbove: String(4_000 + (f.messageId % 1_000)),
      dispatchDays: '1',
      weightPiece: '600',
      weightMetre: '250',
      taxRule: 'principal',
      separateRate: '18',
      codLimit: '10000',
      codFee: '50',
      codHours: '48',
      ...Object.fromEntries(
        SHIPPING_ZONES.flatMap((zone) => [
          [`days-${zone}`, '3'],
          [`extra-${zone}`, '20'],
          [`slab-${zone}-0-grams`, '500'],
          [`slab-${zone}-0-charge`, '60'],
        ]),
      ),
    }),
  },
  {
    path: '/admin/products/new',
    action: productRoute.action as never,
    intent: 'save-product',
    form: (f: Fixture) => ({
      name: `New product ${f.productId}`,
      categoryId: String(f.categoryId),
      price: '2,450',
    }),
  },
  {
    path: '/admin/products/:id',
    action: productRoute.action as never,
    intent: 'save-product',
    form: (f: Fixture) => ({
      id: String(f.productId),
      version: f.productVersion,
      name: 'Renamed product',
      categoryId: String(f.productCategoryId),
      price: '1,999.50',
      isActive: 'on',
    }),
  },
  // The list and the editor share the product intents.
  ...(['duplicate-product', 'set-product-active', 'delete-product'] as const).flatMap((intent) =>
    (
      [
        ['/admin/products', productsRoute],
        ['/admin/products/:id', productRoute],
      ] as const
    ).map(([path, route]) => ({
      path,
      action: route.action as never,
      intent,
      form: (f: Fixture) => ({
        id: String(f.productId),
        ...(intent === 'set-product-active' ? { isActive: 'false' } : {}),
      }),
      params: (f: Fixture) => ({ id: String(f.productId) }),
    })),
  ),
  {
    path: '/admin/products',
    action: productsRoute.action as never,
    intent: 'save-product',
    form: (f: Fixture) => ({
      name: `Listed product ${f.productId}`,
      categoryId: String(f.categoryId),
      price: '1,450',
    }),
  },
  {
    path: '/admin/invoices/settings',
    action: invoicingSettingsRoute.action as never,
    intent: 'add-tax-rate-rule',
    form: (f: Fixture) => ({
      code: `97${f.taxRuleId}`,
      band: 'none',
      ratePercent: '5',
      effectiveFrom: '2099-04-01',
      label: 'Table rule',
    }),
  },
  {
    path: '/admin/invoices/settings',
    action: invoicingSettingsRoute.action as never,
    intent: 'retire-tax-rate-rule',
    form: (f: Fixture) => ({ id: String(f.taxRuleId) }),
  },
  {
    path: '/admin/invoices/settings',
    action: invoicingSettingsRoute.action as never,
    intent: 'save-invoicing-settings',
    form: (f) => ({
      version: f.invoicingVersion,
      legalName: 'Rajkot Tailoring House Private Limited',
      tradeName: 'Rajkot Tailoring House',
      address: '12 Example Market Road\nRajkot, Gujarat 360001',
      gstin: '24ABCDE1234F1Z6',
      state: 'Gujarat',
      invoicePrefix: 'RT',
      creditNotePrefix: 'CN',
      signatory: `Signatory ${f.orderNumber}`,
      taxKey: 'category:fabrics',
      taxCode: '5208',
      taxRate: '5',
    }),
  },
  {
    path: '/admin/day-book',
    action: dayBookRoute.action as never,
    intent: 'record-cash-count',
    form: () => ({ day: shopDateOf(new Date()), counted: '1,250.50', note: 'Evening count' }),
  },
  {
    path: '/admin/orders/:number',
    action: orderRoute.action as never,
    intent: 'advance-fulfilment',
    form: (f: Fixture) => ({ number: f.orderNumber, status: 'confirmed', version: f.orderVersion }),
  },
  // Issue 32 item 6: dispatch of the fixture's paid shop order.
  {
    path: '/admin/orders/:number',
    action: orderRoute.action as never,
    intent: 'move-dispatch',
    form: (f: Fixture) => ({ number: f.orderNumber, stage: 'packed' }),
  },
  {
    path: '/admin/orders/:number',
    action: orderRoute.action as never,
    intent: 'ship-order',
    form: (f: Fixture) => ({ number: f.orderNumber }),
  },
  // Issue 32 item 7: a return request of the fixture order's shirt, at the state each step leaves.
  ...(
    [
      ['decide-return', 'requested'],
      ['receive-return', 'approved'],
      ['refund-return', 'received'],
    ] as const
  ).map(([intent, status]) => ({
    path: '/admin/orders/:number',
    action: orderRoute.action as never,
    intent,
    form: (f: Fixture) => ({
      number: f.orderNumber,
      requestId: String(RETURN_REQUESTS.get(f) ?? 0),
      ...(intent === 'decide-return' ? { decision: 'approve', method: 'drop' } : {}),
    }),
    prepare: async (f: Fixture) => {
      const db = app.database.db;
      const [order] = await db.select().from(orders).where(eq(orders.number, f.orderNumber));
      const [line] = await db.select().from(orderLines).where(eq(orderLines.orderId, order!.id));
      const [request] = await db
        .insert(returnRequests)
        .values({
          orderId: order!.id,
          orderLineId: line!.id,
          kind: 'return',
          reason: 'Does not fit',
          status,
        })
        .returning();
      RETURN_REQUESTS.set(f, request!.id);
      // The refund returns the whole shirt (₹1,000 left of it after the fixture's goodwill
      // credit note): a payment with that much left to refund.
      if (intent === 'refund-return') {
        await db.insert(payments).values({
          orderId: order!.id,
          kind: 'payment',
          method: 'cash',
          status: 'succeeded',
          amountPaise: 150_000,
          settledAt: new Date(),
        });
      }
    },
  })),
  {
    path: '/admin/orders/new',
    action: newOrderRoute.action as never,
    intent: 'create-bespoke-order',
    form: (f: Fixture) => ({
      customerId: String(f.bespokeClientId),
      address: '2 Fixture Road',
      city: 'Rajkot',
      pincode: '360002',
      garmentType: 'kurta',
      fabricSource: 'store',
      fabricCode: 'FX-2',
      fabricName: 'Fixture cotton',
      fabricPrice: '400',
    }),
    redirects: true,
  },
  {
    path: '/admin/orders/:number',
    action: orderRoute.action as never,
    intent: 'add-garment',
    form: (f: Fixture) => ({
      number: f.bespokeNumber,
      garmentType: 'churidar',
      fabricSource: 'store',
      fabricCode: 'FX-3',
      fabricName: 'Fixture lycra',
      fabricPrice: '300',
    }),
  },
  {
    path: '/admin/orders/:number',
    action: orderRoute.action as never,
    intent: 'set-garment-price',
    form: (f: Fixture) => ({
      number: f.bespokeNumber,
      garmentId: String(f.garmentId),
      price: '4,000',
      overrideReason: 'Fixture discount',
    }),
  },
  {
    path: '/admin/orders/:number',
    action: orderRoute.action as never,
    intent: 'remove-garment',
    form: (f: Fixture) => ({ number: f.bespokeNumber, garmentId: String(f.garmentId) }),
  },
  {
    path: '/admin/orders/:number',
    action: orderRoute.action as never,
    intent: 'book-trial',
    form: (f: Fixture) => ({ number: f.bespokeNumber, startsAt: f.trialSlot }),
  },
  {
    path: '/admin/orders/:number',
    action: orderRoute.action as never,
    intent: 'update-bespoke-order',
    form: (f: Fixture) => ({
      number: f.bespokeNumber,
      promisedOn: '2099-01-15',
      notes: 'Fixture notes',
    }),
  },
  // The workshop (issue 31): a garment's ticket moved from the order, the board and its
  // one-tap page; assigned from the order; the stages' settings.
  {
    path: '/admin/orders/:number',
    action: orderRoute.action as never,
    intent: 'move-ticket',
    form: (f: Fixture) => ({ garmentId: String(f.garmentId), toStage: 'cutting', version: '1' }),
    prepare: orderAtMeasuring,
  },
  {
    path: '/admin/orders/:number',
    action: orderRoute.action as never,
    intent: 'assign-ticket',
    form: (f: Fixture) => ({ garmentId: String(f.garmentId), assigneeId: '' }),
  },
  {
    path: '/admin/orders/:number',
    action: orderRoute.action as never,
    intent: 'set-fabric-length',
    form: (f: Fixture) => ({ garmentId: String(f.garmentId), metres: '2.25' }),
    prepare: garmentHoldingFabric,
  },
  {
    path: '/admin/workshop',
    action: workshopBoardRoute.action as never,
    intent: 'move-ticket',
    form: (f: Fixture) => ({ garmentId: String(f.garmentId), toStage: 'cutting', version: '1' }),
    prepare: orderAtMeasuring,
  },
  {
    path: '/admin/workshop/garments/:garmentId',
    action: workshopTicketRoute.action as never,
    intent: 'move-ticket',
    form: (f: Fixture) => ({ garmentId: String(f.garmentId), toStage: 'cutting', version: '1' }),
    prepare: orderAtMeasuring,
    params: (f: Fixture) => ({ garmentId: String(f.garmentId) }),
  },
  // A trial's outcome (issue 31 item 5), from the order's page and the one-tap page.
  {
    path: '/admin/orders/:number',
    action: orderRoute.action as never,
    intent: 'record-trial',
    form: (f: Fixture) => ({
      garmentId: String(f.garmentId),
      version: '1',
      outcome: 'alteration',
      notes: 'Shorten sleeves 1 cm',
    }),
    prepare: garmentAtTrial,
  },
  {
    path: '/admin/workshop/garments/:garmentId',
    action: workshopTicketRoute.action as never,
    intent: 'record-trial',
    form: (f: Fixture) => ({ garmentId: String(f.garmentId), version: '1', outcome: 'fits' }),
    prepare: garmentAtTrial,
    params: (f: Fixture) => ({ garmentId: String(f.garmentId) }),
  },
  {
    path: '/admin/workshop/settings',
    action: workshopSettingsRoute.action as never,
    intent: 'save-workshop-settings',
    form: () =>
      Object.fromEntries([
        ['unit', 'in'],
        ...WORK_STAGES.flatMap((stage) => [
          [`label-${stage}`, defaultWorkshopSettings.labels[stage]],
          [`place-${stage}`, String(defaultWorkshopSettings.order.indexOf(stage) + 1)],
        ]),
        ...GARMENT_TYPES.flatMap((type) =>
          WORK_STAGES.map((stage) => [
            `days-${type}-${stage}`,
            String(defaultWorkshopSettings.durations[type][stage] + 1),
          ]),
        ),
      ]),
  },
  // Piece rates and the workers' month (issue 31 item 8): the owner's only. Each call sets a
  // rate not set before, so it is a change with its audit entry.
  {
    path: '/admin/workshop/piece-rates',
    action: pieceRatesRoute.action as never,
    intent: 'save-piece-rates',
    form: () => ({
      workerId: workshopUserId,
      effectiveFrom: '2026-11-01',
      'rate-shirt-stitching': String(100 + ++rateCalls),
    }),
  },
  {
    path: '/admin/workshop/dues',
    action: duesRoute.action as never,
    intent: 'record-worker-payment',
    form: () => ({
      workerId: workshopUserId,
      amount: '1,500.50',
      method: 'upi',
      reference: 'UTR 12345',
      paidOn: '2026-11-02',
    }),
  },
  {
    path: '/admin/orders/:number',
    action: orderRoute.action as never,
    intent: 'send-document',
    form: (f: Fixture) => ({
      number: f.orderNumber,
      documentId: String(f.invoiceId),
      channel: 'whatsapp',
    }),
  },
  {
    path: '/admin/orders/:number',
    action: orderRoute.action as never,
    intent: 'revoke-order-links',
    form: (f: Fixture) => ({ number: f.orderNumber }),
  },
  {
    path: '/admin/orders/:number',
    action: orderRoute.action as never,
    intent: 'record-payment',
    form: (f: Fixture) => ({
      number: f.orderNumber,
      method: 'upi',
      amount: '100',
      reference: 'UPI-1',
    }),
  },
  // Issue 32 item 3: the courier's cash-on-delivery remittance (payments: record).
  {
    path: '/admin/orders/:number',
    action: orderRoute.action as never,
    intent: 'record-cod-remittance',
    form: (f: Fixture) => ({
      number: f.orderNumber,
      amount: '100',
      date: '2026-11-20',
      reference: 'RMT-1',
    }),
    prepare: async (f: Fixture) => {
      await app.database.db
        .update(orders)
        .set({ paymentMethod: 'cod' })
        .where(eq(orders.number, f.orderNumber));
    },
  },
  // Issue 32 item 3: staff confirm a COD order its customer confirmed on the phone (orders: edit).
  {
    path: '/admin/orders/:number',
    action: orderRoute.action as never,
    intent: 'confirm-cod-order',
    form: (f: Fixture) => ({ number: f.orderNumber, how: 'On the phone' }),
    prepare: async (f: Fixture) => {
      await app.database.db
        .update(orders)
        .set({ paymentMethod: 'cod', status: 'created', codConfirmedAt: null })
        .where(eq(orders.number, f.orderNumber));
    },
  },
  {
    path: '/admin/orders/:number',
    action: orderRoute.action as never,
    intent: 'send-payment-link',
    form: (f: Fixture) => ({ number: f.orderNumber, amount: '100' }),
  },
  {
    path: '/admin/orders/:number',
    action: orderRoute.action as never,
    intent: 'withdraw-payment-link',
    form: (f: Fixture) => ({ number: f.orderNumber, paymentId: String(f.pendingLinkId) }),
  },
  {
    path: '/admin/orders/:number',
    action: orderRoute.action as never,
    intent: 'refund',
    form: (f: Fixture) => ({
      number: f.orderNumber,
      paymentId: String(f.cashPaymentId),
      basis: 'goodwill',
      amount: '100',
      reason: 'Alteration not needed',
    }),
  },
  {
    path: '/admin/orders/:number',
    action: orderRoute.action as never,
    intent: 'retry-refund',
    form: (f: Fixture) => ({ number: f.orderNumber, refundId: String(f.pendingRefundId) }),
  },
  {
    path: '/admin/customers/:id',
    action: customerRoute.action as never,
    intent: 'set-role',
    form: (f: Fixture) => ({ userId: f.userId, role: 'admin' }),
  },
  {
    path: '/admin/customers/:id',
    action: customerRoute.action as never,
    intent: 'set-banned',
    form: (f: Fixture) => ({ userId: f.userId, banned: 'true', reason: 'Fixture' }),
  },
  {
    path: '/admin/media/upload',
    action: mediaUploadAction as never,
    intent: 'upload-media',
    form: (f: Fixture) => ({
      title: `Uploaded ${f.mediaId}`,
      categoryId: String(f.productCategoryId),
      file: photo(),
    }),
  },
  {
    path: '/admin/media',
    action: mediaRoute.action as never,
    intent: 'upload-media',
    form: (f: Fixture) => ({ title: `Uploaded on the page ${f.mediaId}`, file: photo() }),
  },
  {
    path: '/admin/media',
    action: mediaRoute.action as never,
    intent: 'save-media',
    form: (f: Fixture) => ({
      id: String(f.mediaId),
      version: f.mediaVersion,
      title: 'Renamed photo',
      description: 'Edited',
    }),
  },
  {
    path: '/admin/media',
    action: mediaRoute.action as never,
    intent: 'delete-media',
    form: (f: Fixture) => ({ id: String(f.mediaId) }),
  },
  {
    path: '/admin/customers',
    action: customersRoute.action as never,
    intent: 'create-client',
    form: (f: Fixture) => ({ name: `Walk-in ${f.clientId}`, phone: f.freePhone }),
  },
  ...(
    [
      [
        'update-client',
        (f) => ({
          id: String(f.clientId),
          version: f.clientVersion,
          name: 'Renamed client',
          phone: f.freePhone,
          notify: 'whatsapp',
        }),
      ],
      [
        'link-account',
        (f) => ({
          id: String(f.clientId),
          email: `${f.userId.replace('fixture-user-', 'fixture-')}@example.com`,
        }),
      ],
      ['unlink-account', (f) => ({ id: String(f.linkedClientId) })],
      ['delete-client', (f) => ({ id: String(f.clientId) })],
      // The record made on demand from an account's page (issue 30 item 1, decision 029).
      ['open-record', (f) => ({ userId: f.userId, phone: f.freePhone })],
    ] as [string, FormOf][]
  ).map(([intent, form]) => ({
    path: '/admin/customers/:id',
    action: customerRoute.action as never,
    intent,
    form,
  })),
  {
    path: '/admin/customers/:id/merge',
    action: customerMergeRoute.action as never,
    intent: 'merge-customers',
    form: (f: Fixture) => ({
      mergeId: String(f.duplicateClientId),
      fingerprint: f.mergeFingerprint,
    }),
    params: (f: Fixture) => ({ id: String(f.clientId) }),
  },
  ...(
    [
      [
        'save-type',
        (f) => ({
          id: String(f.typeId),
          version: f.typeVersion,
          name: 'Consultation',
          durationMinutes: '45',
          bufferMinutes: '5',
          capacity: String(2 + (f.closureId % 5)),
          onlineBookable: 'on',
        }),
      ],
      ['add-closure', (f) => ({ fromDate: '2099-03-10', reason: `Closed ${f.closureId}` })],
      ['remove-closure', (f) => ({ id: String(f.closureId) })],
      [
        'save-rules',
        (f) => ({
          version: f.rulesVersion,
          cutoffHours: String(1 + (f.closureId % 10)),
          leadHours: '2',
          horizonDays: '60',
        }),
      ],
    ] as [string, FormOf][]
  ).map(([intent, form]) => ({
    path: '/admin/appointments/setup',
    action: appointmentsSetupRoute.action as never,
    intent,
    form,
  })),
  ...(
    [
      [
        'save-option',
        (f) => ({
          id: String(f.style.optionId),
          version: f.style.optionVersion,
          group: 'button',
          code: `auth-a-edited-${f.style.optionId}`,
          name: 'Horn, edited',
          garmentTypes: 'sherwani',
          price: '450',
          displayOrder: '5',
          isActive: 'on',
        }),
      ],
      ['delete-option', (f) => ({ id: String(f.style.thirdOptionId) })],
      [
        'add-conflict',
        (f) => ({
          optionId: String(f.style.optionId),
          otherOptionId: String(f.style.thirdOptionId),
          reason: 'These two are not made together.',
        }),
      ],
      ['remove-conflict', (f) => ({ id: String(f.style.conflictId) })],
      [
        'save-prices',
        (f) => ({
          version: f.style.pricesVersion,
          advancePercent: String(40 + (f.style.optionId % 20)),
          ...Object.fromEntries(
            GARMENT_TYPES.flatMap((type) => [
              [`base_${type}`, '5000'],
              [`metres_${type}`, '2.5'],
            ]),
          ),
        }),
      ],
    ] as [string, FormOf][]
  ).map(([intent, form]) => ({
    path: '/admin/style-options',
    action: styleOptionsRoute.action as never,
    intent,
    form,
  })),
  // Issue 32 item 4: the coupons (the owner only).
  ...(
    [
      [
        'save-coupon',
        () => ({
          code: `NEW${++couponCodes}`,
          kind: 'percent',
          value: '15',
          minOrder: '1000',
          validUntil: '2099-12-31',
          perCustomerLimit: '1',
        }),
      ],
      [
        'save-coupon',
        (f) => ({
          id: String(f.couponId),
          version: f.couponVersion,
          code: `FIXTURE-EDIT-${f.couponId}`,
          kind: 'flat',
          value: '250',
          categoryIds: String(f.categoryId),
          totalLimit: '100',
        }),
      ],
      ['deactivate-coupon', (f) => ({ id: String(f.couponId) })],
      [
        'activate-coupon',
        (f) => ({ id: String(f.couponId) }),
        async (f: Fixture) => {
          await app.database.db
            .update(coupons)
            .set({ isActive: false })
            .where(eq(coupons.id, f.couponId));
        },
      ],
    ] as [string, FormOf, ((f: Fixture) => Promise<void>)?][]
  ).map(([intent, form, prepare]) => ({
    path: '/admin/coupons',
    action: couponsRoute.action as never,
    intent,
    form,
    prepare,
  })),
  ...MEASUREMENT_ROUTES.map(([route, path]) => ({
    path,
    action: route.action as never,
    intent: 'set-unit',
    form: (f: Fixture) => ({ unit: f.clientId % 2 ? 'in' : 'cm' }),
    params: (f: Fixture) => ({ id: String(f.clientId), garment: 'shirt' }),
  })),
  // The three measurement pages share their intents (features/admin/measurements).
  ...MEASUREMENT_ROUTES.map(([route, path]) => ({
    path,
    action: route.action as never,
    intent: 'save-measurements',
    form: () => ({
      garment: 'trouser',
      unit: 'cm',
      fit: 'regular',
      waist: '86',
      seat: '100',
      thigh: '60',
      knee: '44',
      bottom: '40',
      rise: '28',
      inseam: '78',
      outseam: '104',
    }),
    params: (f: Fixture) => ({ id: String(f.clientId), garment: 'shirt' }),
    // The recording page goes on to the history; the others answer with a toast.
    redirects: path.endsWith('/new'),
  })),
  ...MEASUREMENT_ROUTES.map(([route, path]) => ({
    path,
    action: route.action as never,
    intent: 'confirm-measurements',
    form: () => ({ garment: 'shirt', version: '1' }),
    params: (f: Fixture) => ({ id: String(f.clientId), garment: 'shirt' }),
  })),
  {
    path: '/admin/appointments',
    action: appointmentsRoute.action as never,
    intent: 'book-appointment',
    form: (f: Fixture) => ({
      typeId: String(f.consultationId),
      startsAt: f.freeSlot,
      client: 'existing',
      customerId: String(f.clientId),
    }),
  },
  {
    path: '/admin/appointments/new',
    action: newAppointmentRoute.action as never,
    intent: 'book-appointment',
    form: (f: Fixture) => ({
      typeId: String(f.consultationId),
      startsAt: f.freeSlot,
      client: 'existing',
      customerId: String(f.clientId),
    }),
  },
  {
    path: '/admin/appointments/new',
    action: newAppointmentRoute.action as never,
    intent: 'book-appointment',
    form: (f: Fixture) => ({
      typeId: String(f.consultationId),
      startsAt: f.freeSlot,
      client: 'new',
      name: 'Walk-in Client',
      phone: '98765 43210',
    }),
  },
  {
    path: '/admin/appointments',
    action: appointmentsRoute.action as never,
    intent: 'move-appointment',
    form: (f: Fixture) => ({ id: String(f.appointmentId), startsAt: f.freeSlot }),
  },
  {
    path: '/admin/appointments',
    action: appointmentsRoute.action as never,
    intent: 'cancel-appointment',
    form: (f: Fixture) => ({ id: String(f.appointmentId), message: 'The shop is closed.' }),
  },
  ...(['mark-attended', 'mark-no-show'] as const).map((intent) => ({
    path: '/admin/appointments',
    action: appointmentsRoute.action as never,
    intent,
    form: (f: Fixture) => ({ id: String(f.appointmentId) }),
  })),
];

const LOADERS: {
  path: (f: Fixture) => string;
  loader: (args: never) => Promise<unknown>;
  params?: (f: Fixture) => Record<string, string>;
  /** A private file's route: anyone but an administrator gets 404, not the sign-in page. */
  notFoundForOthers?: boolean;
  /** Where an administrator is sent instead of a page (a redirect, 301 or 302). */
  redirectsAdminTo?: (f: Fixture) => string;
}[] = [
  { path: () => '/admin', loader: layoutRoute.loader as never },
  { path: () => '/admin', loader: dashboardRoute.loader as never },
  { path: () => '/admin/categories', loader: categoriesRoute.loader as never },
  { path: () => '/admin/products', loader: productsRoute.loader as never },
  {
    path: () => '/admin/products/new',
    loader: productRoute.loader as never,
    params: () => ({ id: 'new' }),
  },
  {
    path: (f) => `/admin/products/${f.productId}`,
    loader: productRoute.loader as never,
    params: (f) => ({ id: String(f.productId) }),
  },
  { path: () => '/admin/orders', loader: ordersRoute.loader as never },
  {
    path: (f) => `/admin/orders/${f.orderNumber}`,
    loader: orderRoute.loader as never,
    params: (f) => ({ number: f.orderNumber }),
  },
  { path: () => '/admin/orders?kind=bespoke', loader: ordersRoute.loader as never },
  { path: () => '/admin/orders/new?q=Bespoke', loader: newOrderRoute.loader as never },
  {
    path: (f) => `/admin/orders/new?customer=${f.bespokeClientId}&garment=kurta&fabric=silk`,
    loader: newOrderRoute.loader as never,
  },
  {
    path: (f) => `/admin/orders/${f.bespokeNumber}?garment=kurta&trialDate=2099-01-05`,
    loader: orderRoute.loader as never,
    params: (f) => ({ number: f.bespokeNumber }),
  },
  { path: () => '/admin/customers', loader: customersRoute.loader as never },
  {
    path: (f) => `/admin/customers/${f.userId}`,
    loader: customerRoute.loader as never,
    params: (f) => ({ id: f.userId }),
  },
  { path: () => '/admin/messages', loader: messagesRoute.loader as never },
  { path: () => '/admin/settings', loader: settingsRoute.loader as never },
  { path: () => '/admin/settings/shipping', loader: shippingSettingsRoute.loader as never },
  { path: () => '/admin/media', loader: mediaRoute.loader as never },
  { path: () => '/admin/audit', loader: auditRoute.loader as never },
  {
    path: (f) => `/admin/customers/${f.clientId}`,
    loader: customerRoute.loader as never,
    params: (f) => ({ id: String(f.clientId) }),
  },
  {
    path: (f) => `/admin/customers/${f.clientId}/merge?q=Client&with=${f.duplicateClientId}`,
    loader: customerMergeRoute.loader as never,
    params: (f) => ({ id: String(f.clientId) }),
  },
  {
    path: (f) => `/admin/customers/${f.linkedUserId}`,
    loader: customerRoute.loader as never,
    params: (f) => ({ id: f.linkedUserId }),
    redirectsAdminTo: (f) => `/admin/customers/${f.linkedClientId}`,
  },
  {
    path: () => '/admin/clients?q=patel',
    loader: clientsRedirectRoute.loader as never,
    redirectsAdminTo: () => '/admin/customers?q=patel',
  },
  {
    path: (f) => `/admin/clients/${f.clientId}/measurements/shirt?saved=1`,
    loader: clientsRedirectRoute.loader as never,
    params: (f) => ({ '*': `${f.clientId}/measurements/shirt` }),
    redirectsAdminTo: (f) => `/admin/customers/${f.clientId}/measurements/shirt?saved=1`,
  },
  { path: () => '/admin/appointments/setup', loader: appointmentsSetupRoute.loader as never },
  {
    path: () => '/admin/style-options?garment=sherwani&group=button',
    loader: styleOptionsRoute.loader as never,
  },
  { path: () => '/admin/coupons', loader: couponsRoute.loader as never },
  {
    path: (f) => `/admin/customers/${f.clientId}/measurements`,
    loader: clientMeasurementsRoute.loader as never,
    params: (f) => ({ id: String(f.clientId) }),
  },
  {
    path: (f) => `/admin/customers/${f.clientId}/measurements/new?garment=kurta`,
    loader: recordMeasurementsRoute.loader as never,
    params: (f) => ({ id: String(f.clientId) }),
  },
  {
    path: (f) => `/admin/customers/${f.clientId}/measurements/shirt`,
    loader: measurementHistoryRoute.loader as never,
    params: (f) => ({ id: String(f.clientId), garment: 'shirt' }),
  },
  {
    path: (f) => `/admin/customers/${f.clientId}/measurements/shirt/card.pdf?version=1`,
    loader: measurementCardRoute.loader as never,
    params: (f) => ({ id: String(f.clientId), garment: 'shirt' }),
  },
  {
    path: (f) => `/admin/measurement-photos/${f.measurementPhotoId}`,
    loader: measurementPhotoRoute.loader as never,
    params: (f) => ({ id: f.measurementPhotoId }),
    notFoundForOthers: true,
  },
  { path: () => '/admin/workshop', loader: workshopBoardRoute.loader as never },
  {
    path: () => '/admin/workshop/calendar?view=day&date=2026-11-28',
    loader: workshopCalendarRoute.loader as never,
  },
  { path: () => '/admin/workshop/settings', loader: workshopSettingsRoute.loader as never },
  { path: () => '/admin/workshop/piece-rates', loader: pieceRatesRoute.loader as never },
  {
    path: () => `/admin/workshop/piece-rates?worker=${workshopUserId}`,
    loader: pieceRatesRoute.loader as never,
  },
  { path: () => '/admin/workshop/dues', loader: duesRoute.loader as never },
  { path: () => '/admin/workshop/dues?month=2026-11', loader: duesRoute.loader as never },
  { path: () => '/admin/workshop/dues.csv?month=2026-11', loader: duesCsvRoute.loader as never },
  {
    path: (f) => `/admin/workshop/garments/${f.garmentId}`,
    loader: workshopTicketRoute.loader as never,
    params: (f) => ({ garmentId: String(f.garmentId) }),
  },
  {
    path: (f) => `/admin/workshop/garments/${f.garmentId}/card.pdf?size=80mm`,
    loader: jobCardRoute.loader as never,
    params: (f) => ({ garmentId: String(f.garmentId) }),
  },
  { path: () => '/admin/invoices', loader: invoicesRoute.loader as never },
  { path: () => '/admin/invoices?year=2026-27&page=2', loader: invoicesRoute.loader as never },
  { path: () => '/admin/invoices/settings', loader: invoicingSettingsRoute.loader as never },
  { path: () => '/admin/day-book', loader: dayBookRoute.loader as never },
  { path: () => '/admin/day-book?date=2026-11-26', loader: dayBookRoute.loader as never },
  { path: () => '/admin/invoices/export.csv', loader: invoicesExportRoute.loader as never },
  {
    path: (f) => `/admin/orders/${f.orderNumber}/invoice.pdf`,
    loader: orderInvoiceRoute.loader as never,
    params: (f) => ({ number: f.orderNumber }),
  },
  {
    path: (f) => `/admin/orders/${f.orderNumber}/credit-notes/${f.creditNoteId}`,
    loader: orderCreditNoteRoute.loader as never,
    params: (f) => ({ number: f.orderNumber, id: String(f.creditNoteId) }),
  },
  {
    path: (f) => `/admin/orders/${f.orderNumber}/packing-slip.pdf`,
    loader: orderPackingSlipRoute.loader as never,
    params: (f) => ({ number: f.orderNumber }),
  },
  { path: () => '/admin/appointments', loader: appointmentsRoute.loader as never },
  {
    path: (f) => `/admin/appointments?view=week&move=${f.appointmentId}`,
    loader: appointmentsRoute.loader as never,
  },
  { path: () => '/admin/appointments?view=list', loader: appointmentsRoute.loader as never },
  {
    path: (f) => `/admin/appointments/new?customer=${f.clientId}&q=Client`,
    loader: newAppointmentRoute.loader as never,
  },
];

/** A fingerprint of everything an admin action could change. */
async function state(): Promise<string> {
  const db = app.database.db;
  const [rows] = await Promise.all([
    Promise.all([
      db.select().from(categories).orderBy(categories.id),
      db.select().from(subcategories).orderBy(subcategories.id),
      db.select().from(contactMessages).orderBy(contactMessages.id),
      db.select().from(siteSettings),
      db.select().from(products).orderBy(products.id),
      db.select().from(media).orderBy(media.id),
      db.select().from(orders).orderBy(orders.id),
      db.select().from(bespokeGarments).orderBy(bespokeGarments.id),
      db.select().from(cashCounts).orderBy(cashCounts.id),
      db.select().from(user).orderBy(user.id),
      db.select().from(customers).orderBy(customers.id),
      db.select().from(appointmentTypes).orderBy(appointmentTypes.id),
      db.select().from(shopClosures).orderBy(shopClosures.id),
      db.select().from(styleOptions).orderBy(styleOptions.id),
      db.select().from(styleOptionConflicts).orderBy(styleOptionConflicts.id),
      db.select().from(measurementProfiles).orderBy(measurementProfiles.id),
      db.select().from(measurementVersions).orderBy(measurementVersions.id),
      db.select().from(measurementPhotos).orderBy(measurementPhotos.id),
      db.select({ n: count() }).from(session),
      db.select().from(taxRateRules).orderBy(taxRateRules.id),
      db.select().from(coupons).orderBy(coupons.id),
      db.select().from(shipments).orderBy(shipments.id),
      db.select().from(workshopPieceRates).orderBy(workshopPieceRates.id),
      db.select().from(workshopCredits).orderBy(workshopCredits.id),
      db.select().from(workerPayments).orderBy(workerPayments.id),
      db.select({ n: count() }).from(auditLog),
      db.select().from(appointments).orderBy(appointments.id),
      db
        .select()
        .from(appointmentSlots)
        .orderBy(appointmentSlots.typeId, appointmentSlots.startsAt),
    ]),
  ]);
  return JSON.stringify(rows);
}

beforeAll(async () => {
  png = new Uint8Array(
    await sharp({ create: { width: 64, height: 48, channels: 3, background: '#8a5a2b' } })
      .png()
      .toBuffer(),
  );
  app = await createTestApp();
  for (const role of ['shopper', 'workshop', 'counter', 'owner'] as const) {
    const signed = await app.signedIn(STORED[role]);
    cookies[role] = signed.cookie;
    if (role === 'workshop') workshopUserId = signed.userId;
  }
});
afterAll(() => app?.dispose());

/**
 * The action intents the counter may carry out (issue 31 item 2: customers, appointments,
 * measurements, orders and payments, refunds up to the limit, messages), as `path intent`.
 * Every other intent passes for the owner only; none passes for the workshop.
 */
const COUNTER_ACTIONS = new Set([
  '/admin/messages mark-read',
  '/admin/messages mark-answered',
  '/admin/messages mark-new',
  '/admin/day-book record-cash-count',
  '/admin/orders/:number advance-fulfilment',
  '/admin/orders/new create-bespoke-order',
  '/admin/orders/:number add-garment',
  '/admin/orders/:number set-garment-price',
  '/admin/orders/:number remove-garment',
  '/admin/orders/:number book-trial',
  '/admin/orders/:number update-bespoke-order',
  '/admin/orders/:number send-document',
  '/admin/orders/:number revoke-order-links',
  '/admin/orders/:number record-payment',
  '/admin/orders/:number record-cod-remittance',
  '/admin/orders/:number confirm-cod-order',
  '/admin/orders/:number send-payment-link',
  '/admin/orders/:number withdraw-payment-link',
  '/admin/orders/:number refund',
  '/admin/orders/:number retry-refund',
  '/admin/orders/:number move-dispatch',
  '/admin/orders/:number ship-order',
  '/admin/orders/:number decide-return',
  '/admin/orders/:number receive-return',
  '/admin/orders/:number refund-return',
  '/admin/customers create-client',
  '/admin/customers/:id update-client',
  '/admin/customers/:id link-account',
  '/admin/customers/:id unlink-account',
  '/admin/customers/:id delete-client',
  '/admin/customers/:id open-record',
  '/admin/customers/:id/merge merge-customers',
  '/admin/customers/:id/measurements set-unit',
  '/admin/customers/:id/measurements/:garment set-unit',
  '/admin/customers/:id/measurements/new set-unit',
  '/admin/customers/:id/measurements/new save-measurements',
  '/admin/customers/:id/measurements/:garment confirm-measurements',
  '/admin/customers/:id/measurements save-measurements',
  '/admin/customers/:id/measurements/:garment save-measurements',
  '/admin/customers/:id/measurements confirm-measurements',
  '/admin/customers/:id/measurements/new confirm-measurements',
  '/admin/appointments book-appointment',
  '/admin/appointments/new book-appointment',
  '/admin/appointments move-appointment',
  '/admin/appointments cancel-appointment',
  '/admin/appointments mark-attended',
  '/admin/appointments mark-no-show',
  '/admin/orders/:number move-ticket',
  '/admin/orders/:number assign-ticket',
  '/admin/orders/:number set-fabric-length',
  '/admin/workshop move-ticket',
  '/admin/workshop/garments/:garmentId move-ticket',
  '/admin/orders/:number record-trial',
  '/admin/workshop/garments/:garmentId record-trial',
]);

/**
 * The action intents the workshop may carry out (issue 31 item 2: moving the stages of their
 * own tickets; the fixture's garment is theirs). Every one is the counter's too.
 */
const WORKSHOP_ACTIONS = new Set([
  '/admin/orders/:number move-ticket',
  '/admin/workshop move-ticket',
  '/admin/workshop/garments/:garmentId move-ticket',
  '/admin/orders/:number record-trial',
  '/admin/workshop/garments/:garmentId record-trial',
]);

/** The loaders the counter opens (the others answer staff 403). */
const COUNTER_LOADERS = new Set<unknown>([
  layoutRoute.loader,
  // Issue 32 item 4: the counter reads the coupons, to answer a customer about a code.
  couponsRoute.loader,
  dashboardRoute.loader,
  ordersRoute.loader,
  orderRoute.loader,
  newOrderRoute.loader,
  customersRoute.loader,
  customerRoute.loader,
  customerMergeRoute.loader,
  clientsRedirectRoute.loader,
  clientMeasurementsRoute.loader,
  recordMeasurementsRoute.loader,
  measurementHistoryRoute.loader,
  measurementCardRoute.loader,
  measurementPhotoRoute.loader,
  messagesRoute.loader,
  invoicesRoute.loader,
  orderInvoiceRoute.loader,
  orderCreditNoteRoute.loader,
  orderPackingSlipRoute.loader,
  orderLabelRoute.loader,
  dayBookRoute.loader,
  appointmentsRoute.loader,
  newAppointmentRoute.loader,
  workshopBoardRoute.loader,
  workshopCalendarRoute.loader,
  workshopTicketRoute.loader,
  jobCardRoute.loader,
]);

/**
 * The loaders the workshop opens: the frame, the greeting, the production board, and the
 * ticket page and job card of a garment assigned to them.
 */
const WORKSHOP_LOADERS = new Set<unknown>([
  layoutRoute.loader,
  dashboardRoute.loader,
  workshopBoardRoute.loader,
  workshopCalendarRoute.loader,
  workshopTicketRoute.loader,
  jobCardRoute.loader,
  // Their own month (issue 31 item 8).
  duesRoute.loader,
  duesCsvRoute.loader,
]);

/** The staff roles that pass an action row. */
function actionPasses(entry: { path: string; intent: string }): Staff[] {
  const key = `${entry.path.replace('/admin/products/new', '/admin/products/:id')} ${entry.intent}`;
  if (WORKSHOP_ACTIONS.has(key)) return ['workshop', 'counter', 'owner'];
  return COUNTER_ACTIONS.has(key) ? ['counter', 'owner'] : ['owner'];
}

/** The staff roles that open a loader row. */
function loaderPasses(loader: unknown): Staff[] {
  return (['workshop', 'counter', 'owner'] as const).filter(
    (role) =>
      role === 'owner' || (role === 'counter' ? COUNTER_LOADERS : WORKSHOP_LOADERS).has(loader),
  );
}

/** Calls an action row as `role` on the fixture `f`. */
function callAction(entry: (typeof ACTIONS)[number], f: Fixture, role: Role) {
  const request = formPost(entry.path, { intent: entry.intent, ...entry.form(f) }, cookies[role]);
  return routeOutcome(() =>
    entry.action({ request, context: app.context, params: entry.params?.(f) ?? {} } as never),
  );
}

describe('the table itself', () => {
  it('has a row for every intent of every back-office action in the permission map', () => {
    const rows = new Set(
      ACTIONS.map(
        (entry) =>
          `${entry.path.replace('/admin/products/new', '/admin/products/:id')} ${entry.intent}`,
      ),
    );
    const missing = Object.entries(ACTION_PERMISSIONS).flatMap(([path, intents]) =>
      Object.keys(intents)
        .map((intent) => `${path} ${intent}`)
        .filter((key) => !rows.has(key)),
    );
    expect(missing).toEqual([]);
    expect([...COUNTER_ACTIONS].filter((key) => !rows.has(key))).toEqual([]);
  });
});

describe(`the back office authorization table on ${testDatabaseKind}`, () => {
  describe.each(ACTIONS.map((entry) => [`${entry.path} ${entry.intent}`, entry] as const))(
    'action %s',
    (_name, entry) => {
      const passes = actionPasses(entry);
      const refused = ROLES.filter((role) => !(passes as Role[]).includes(role));

      it(`is refused to ${refused.join(', ')}, and changes nothing`, async () => {
        const f = await fixture();
        const before = await state();
        for (const role of refused) {
          const outcome = await callAction(entry, f, role);
          const expected =
            role === 'visitor'
              ? { status: 401, message: 'Please sign in as an administrator to do this.' }
              : role === 'shopper'
                ? { status: 403, message: 'Only administrators can do this.' }
                : { status: 403, message: 'Your role does not allow this. Please ask the owner.' };
          expect(outcome.status, role).toBe(expected.status);
          const answer = outcome.data as { outcome?: unknown };
          expect(answer.outcome ?? answer, role).toMatchObject({
            ok: false,
            message: expected.message,
          });
        }
        expect(await state()).toBe(before);
      });

      it.each(passes)('is carried out for the %s, with an audit entry', async (role) => {
        const f = await fixture();
        await entry.prepare?.(f);
        const [auditBefore] = await app.database.db.select({ n: count() }).from(auditLog);
        const outcome = await callAction(entry, f, role);
        expect(outcome.status, JSON.stringify(outcome.data)).toBe(entry.redirects ? 302 : 200);
        if (!entry.redirects) {
          const answer = outcome.data as { outcome?: unknown };
          expect(answer.outcome ?? answer).toMatchObject({ ok: true, intent: entry.intent });
        }
        const [auditAfter] = await app.database.db.select({ n: count() }).from(auditLog);
        expect(auditAfter!.n).toBe(auditBefore!.n + 1);
      });
    },
  );

  it('an unknown intent is refused to every role without a change', async () => {
    const before = await state();
    for (const role of ROLES) {
      const request = formPost('/admin/categories', { intent: 'drop-tables' }, cookies[role]);
      const outcome = await routeOutcome(() =>
        categoriesRoute.action({ request, context: app.context, params: {} } as never),
      );
      expect(outcome.status, role).toBe(
        { visitor: 401, shopper: 403, workshop: 400, counter: 400, owner: 400 }[role],
      );
    }
    expect(await state()).toBe(before);
  });

  it('an intent of another page is not carried out there (the calendar moves, the booking page does not)', async () => {
    const f = await fixture();
    const before = await state();
    const request = formPost(
      '/admin/appointments/new',
      { intent: 'cancel-appointment', id: String(f.appointmentId), message: 'Closed.' },
      cookies.owner,
    );
    const outcome = await routeOutcome(() =>
      newAppointmentRoute.action({ request, context: app.context, params: {} } as never),
    );
    expect(outcome.status).toBe(400);
    expect(await state()).toBe(before);
  });

  it('the counter refunds up to the owner’s limit; above it only the owner, and nothing changes', async () => {
    const db = app.database.db;
    const refund = ACTIONS.find((entry) => entry.intent === 'refund')!;
    // ₹50.00: below the table's ₹100 refund.
    await db
      .insert(siteSettings)
      .values({ key: 'orders', value: { unpaidExpiryHours: 24, counterRefundLimitPaise: 5_000 } })
      .onConflictDoUpdate({
        target: siteSettings.key,
        set: { value: { unpaidExpiryHours: 24, counterRefundLimitPaise: 5_000 } },
      });
    try {
      const f = await fixture();
      const before = await state();
      const refused = await callAction(refund, f, 'counter');
      expect(refused.status, JSON.stringify(refused.data)).toBe(403);
      expect(refused.data).toMatchObject({
        ok: false,
        message: 'Refunds above ₹50 need the owner.',
        fieldErrors: { amount: 'Refunds above ₹50 need the owner.' },
      });
      expect(await state()).toBe(before);
      const done = await callAction(refund, f, 'owner');
      expect(done.status, JSON.stringify(done.data)).toBe(200);
    } finally {
      await db.delete(siteSettings).where(eq(siteSettings.key, 'orders'));
    }
  });

  describe.each(
    LOADERS.map((entry, index) => [`#${index + 1} ${entry.path.toString()}`, entry] as const),
  )('loader %s', (_name, entry) => {
    const passes = loaderPasses(entry.loader);
    it(`opens for ${passes.join(', ')} only`, async () => {
      const f = await fixture();
      const path = entry.path(f);
      for (const role of ROLES) {
        const request = pageGet(path, cookies[role]);
        const outcome = await routeOutcome(() =>
          entry.loader({ request, context: app.context, params: entry.params?.(f) ?? {} } as never),
        );
        if ((passes as Role[]).includes(role) && entry.redirectsAdminTo) {
          expect([301, 302], role).toContain(outcome.status);
          expect(outcome.location, role).toBe(entry.redirectsAdminTo(f));
        } else if ((passes as Role[]).includes(role)) {
          expect(outcome.status, role).toBe(200);
        } else if (entry.notFoundForOthers) {
          expect(outcome.status, role).toBe(404);
        } else if (role === 'visitor' || role === 'shopper') {
          expect(outcome.status, role).toBe(302);
          expect(outcome.location, role).toBe(
            role === 'visitor' ? `/login?redirectTo=${encodeURIComponent(path)}` : '/login',
          );
        } else {
          expect(outcome.status, role).toBe(403);
          expect(outcome.data, role).toBe('You do not have access to this page.');
        }
      }
    });
  });

  it.each([
    ['workshop', ['Dashboard', 'Workshop', 'Wages']],
    [
      'counter',
      [
        'Dashboard',
        'Orders',
        'Workshop',
        'Invoices',
        'Day book',
        'Appointments',
        'Coupons',
        'Customers',
        'Messages',
      ],
    ],
    [
      'owner',
      [
        'Dashboard',
        'Categories',
        'Products',
        'Media',
        'Orders',
        'Workshop',
        'Wages',
        'Invoices',
        'Day book',
        'Appointments',
        'Style options',
        'Coupons',
        'Customers',
        'Messages',
        'Settings',
        'Audit log',
      ],
    ],
  ] as const)('the menu shows the %s what it may open', async (role, labels) => {
    const outcome = await routeOutcome(() =>
      layoutRoute.loader({
        request: pageGet('/admin', cookies[role]),
        context: app.context,
        params: {},
      } as never),
    );
    const screens = (outcome.data as { screens: { label: string }[] }).screens;
    expect(screens.map((screen) => screen.label)).toEqual(labels);
  });

  it('the courier label of a shipped order opens for the counter and the owner only', async () => {
    const f = await fixture();
    const [owner] = await app.database.db.select().from(user).where(eq(user.role, 'admin'));
    await shipOrder(
      app.database.db,
      app.context.courier,
      { id: owner!.id, email: owner!.email },
      { number: f.orderNumber },
      {
        publicUrl: 'http://shop.test',
        linkSecret: 'integration-test-link-secret',
        shopName: 'Test',
      },
    );
    const path = `/admin/orders/${f.orderNumber}/label.pdf`;
    for (const role of ROLES) {
      const outcome = await routeOutcome(() =>
        orderLabelRoute.loader({
          request: pageGet(path, cookies[role]),
          context: app.context,
          params: { number: f.orderNumber },
        } as never),
      );
      const expected = { visitor: 302, shopper: 302, workshop: 403, counter: 200, owner: 200 };
      expect(outcome.status, role).toBe(expected[role]);
    }
  });

  it('the workshop sees the greeting without the shop’s figures', async () => {
    const outcome = await routeOutcome(() =>
      dashboardRoute.loader({
        request: pageGet('/admin', cookies.workshop),
        context: app.context,
        params: {},
      } as never),
    );
    expect(outcome.data).toMatchObject({ figures: null, failedJobs: [] });
  });

  it('the workshop opens, prints and moves only its own garments: another’s answers 404 and stays put', async () => {
    const f = await fixture();
    const params = { garmentId: String(f.otherGarmentId) };
    const page = await routeOutcome(() =>
      workshopTicketRoute.loader({
        request: pageGet(`/admin/workshop/garments/${f.otherGarmentId}`, cookies.workshop),
        context: app.context,
        params,
      } as never),
    );
    expect(page.status).toBe(404);
    const card = await routeOutcome(() =>
      jobCardRoute.loader({
        request: pageGet(`/admin/workshop/garments/${f.otherGarmentId}/card.pdf`, cookies.workshop),
        context: app.context,
        params,
      } as never),
    );
    expect(card.status).toBe(404);
    const before = await state();
    const [ticketBefore] = await app.database.db
      .select({ stage: workTickets.stage, version: workTickets.version })
      .from(workTickets)
      .where(eq(workTickets.garmentId, f.otherGarmentId));
    const moved = await routeOutcome(() =>
      workshopTicketRoute.action({
        request: formPost(
          `/admin/workshop/garments/${f.otherGarmentId}`,
          { intent: 'move-ticket', garmentId: params.garmentId, toStage: 'cutting', version: '1' },
          cookies.workshop,
        ),
        context: app.context,
        params,
      } as never),
    );
    expect(moved.status).toBe(404);
    expect(await state()).toBe(before);
    const [ticketAfter] = await app.database.db
      .select({ stage: workTickets.stage, version: workTickets.version })
      .from(workTickets)
      .where(eq(workTickets.garmentId, f.otherGarmentId));
    expect(ticketAfter).toEqual(ticketBefore);
    // The board shows the workshop member their own garment only.
    const board = await routeOutcome(() =>
      workshopBoardRoute.loader({
        request: pageGet('/admin/workshop?person=', cookies.workshop),
        context: app.context,
        params: {},
      } as never),
    );
    const cards = (
      board.data as { board: { columns: { cards: { garmentId: number }[] }[] } }
    ).board.columns.flatMap((column) => column.cards.map((c) => c.garmentId));
    expect(cards).toContain(f.garmentId);
    expect(cards).not.toContain(f.otherGarmentId);
  });
});
