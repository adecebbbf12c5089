/**
 * The fuzzer (issue 17 item 7): every route of app/routes.ts, every action intent and every
 * /api/* endpoint, sent a corpus of bad requests (tests/support/fuzz-corpus.ts) as a visitor,
 * a customer and an administrator, against a production server of its own. It asserts that
 * nothing answers 5xx, that nothing reaches the log at error level, and that a refused
 * request changes nothing in the database (a fingerprint of every table, before and after
 * each request that may write). It prints how many requests it sent.
 *
 * Dates, times and months at the edges (issue 28 item 7) go to every field and query parameter
 * that takes one, on a booked appointment's manage page and a bespoke order of their own, with
 * the other fields valid so that each request reaches the date.
 */
import { expect, test } from '@playwright/test';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type pg from 'pg';
import routes from '../../app/routes';
import {
  BAD_TEXT_VALUES,
  dateCorpus,
  EDGE_DATE_VALUES,
  formCorpus,
  jsonCorpus,
  randomTexts,
  type FuzzBody,
} from '../support/fuzz-corpus';
import { bookGuestConsultation, insertBespokeOrder } from '../support/raw-booking';
import { randomClientIp, rawRequest, type RawResponse } from '../support/raw-http';
import { startServerProcess, type ServerProcess } from '../support/server-process';
import { TIMEOUTS } from '../support/timeouts';
import { addShopDays, shopDateOf } from '../../app/lib/shop-time';

test.describe.configure({ mode: 'serial' });

type Role = 'visitor' | 'customer' | 'admin' | 'counter' | 'workshop';
type SignedInRole = Exclude<Role, 'visitor'>;
const ROLES: Role[] = ['visitor', 'customer', 'admin', 'counter', 'workshop'];
/**
 * The staff roles short of the owner (issue 31 item 2) are fuzzed on the back office's routes
 * only: everywhere else they are shoppers like the customer.
 */
const STAFF_ROLES: ReadonlySet<Role> = new Set(['counter', 'workshop']);
const fuzzedAs = (role: Role, target: { url: string; notAs?: readonly Role[] }): boolean =>
  !target.notAs?.includes(role) &&
  (!STAFF_ROLES.has(role) || /^\/(admin|api\/auth\/admin)\//.test(target.url));
const PASSWORD = 'a-long-fuzz-test-password-3';

/** A form action: the fields it reads, its intents (each with its own fields), file fields. */
interface FormTarget {
  kind: 'form';
  /** The route pattern of app/routes.ts it belongs to. */
  route: string;
  url: string;
  fields: readonly string[];
  intents?: Record<string, readonly string[]>;
  files?: readonly string[];
  /** Roles that may not send it: it would end their session (signing out). */
  notAs?: readonly Role[];
}

/** A JSON endpoint: the keys it reads, and the `action` values it knows. */
interface JsonTarget {
  kind: 'json';
  route: string;
  url: string;
  fields: readonly string[];
  actions?: readonly string[];
  notAs?: readonly Role[];
}

/** A GET page or endpoint: the route pattern and a URL with `{}` where a path value goes. */
interface PageTarget {
  route: string;
  url: string;
}

const ADMIN_FIELDS = [
  'id',
  'version',
  'unpaidExpiryHours',
  'counterRefundLimit',
  'name',
  'slug',
  'description',
  'categoryId',
  'subcategoryId',
  'isActive',
  'order',
  'price',
  'fabricType',
  'sizes',
  'variantId',
  'variantSize',
  'variantSku',
  'variantPrice',
  'variantStock',
  'variantActive',
  'colors',
  'featured',
  'rating',
  'reviewsCount',
  'removeImages',
  'imageOrder',
  'title',
  'videoSection',
  'number',
  'status',
  'note',
  'userId',
  'role',
  'banned',
  'reason',
  'shopName',
  'tagline',
  'phone',
  'whatsappNumber',
  'email',
  'street',
  'city',
  'region',
  'postalCode',
  'country',
  'latitude',
  'longitude',
] as const;
/** The configurator's summary form (issue 21): garment, fabric and one field per group. */
const STYLE_FORM_FIELDS = [
  'garment',
  'fabric',
  'closure',
  'lapel',
  'collar',
  'button',
  'pocket',
  'vent',
  'lining',
  'cuff',
  'pleat',
  'monogram',
] as const;

/** The trial form's fields (issue 31 item 5), on the order page and the one-tap page. */
const TRIAL_FIELDS = ['garmentId', 'version', 'outcome', 'notes', 'alterationAssigneeId'];

/** The fields of /admin/style-options' forms (issue 21). */
const STYLE_ADMIN_FIELDS = [
  'id',
  'version',
  'unpaidExpiryHours',
  'group',
  'code',
  'name',
  'description',
  'garmentTypes',
  'price',
  'displayOrder',
  'isActive',
  'imageKey',
  'optionId',
  'otherOptionId',
  'reason',
  'advancePercent',
  'base_sherwani',
  'metres_sherwani',
] as const;

/** The fields of /admin/coupons' forms (issue 32 item 4). */
const COUPON_ADMIN_FIELDS = [
  'id',
  'version',
  'code',
  'kind',
  'value',
  'minOrder',
  'categoryIds',
  'validFrom',
  'validUntil',
  'totalLimit',
  'perCustomerLimit',
] as const;

const adminIntents = (...intents: string[]) =>
  Object.fromEntries(intents.map((intent) => [intent, ADMIN_FIELDS]));

/** The fields of the bespoke screens (issue 20): appointments, clients, setup, measurements. */
const BESPOKE_FIELDS = [
  'id',
  'version',
  'unpaidExpiryHours',
  'typeId',
  'startsAt',
  'notes',
  'message',
  'client',
  'customerId',
  'name',
  'phone',
  'email',
  'notify',
  'sharedPhone',
  'description',
  'durationMinutes',
  'bufferMinutes',
  'capacity',
  'onlineBookable',
  'fromDate',
  'toDate',
  'fromTime',
  'toTime',
  'reason',
  'cutoffHours',
  'leadHours',
  'horizonDays',
  'garment',
  'unit',
  'fit',
  'posture',
  'appointment',
  'chest',
  'waist',
  'neck',
  'length',
] as const;
const bespokeIntents = (...intents: string[]) =>
  Object.fromEntries(intents.map((intent) => [intent, BESPOKE_FIELDS]));

/** The fields of the bespoke order forms (issue 21 item 3): the order, a garment, a trial. */
const BESPOKE_ORDER_FIELDS = [
  'number',
  'customerId',
  'appointmentId',
  'address',
  // Issue 32 item 1: the counter's line 2 and landmark.
  'addressLine2',
  'landmark',
  'city',
  'state',
  'pincode',
  'promisedOn',
  'notes',
  'garmentType',
  'designId',
  'fabricSource',
  'fabricProductId',
  'fabricCode',
  'fabricName',
  'fabricPrice',
  'measurementVersionId',
  'price',
  'overrideReason',
  'option-lapel',
  'option-button',
  'garmentId',
  'startsAt',
] as const;
const bespokeOrderIntents = (...intents: string[]) =>
  Object.fromEntries(intents.map((intent) => [intent, BESPOKE_ORDER_FIELDS]));

const FORMS: FormTarget[] = [
  {
    kind: 'form',
    route: '/contact',
    url: '/contact',
    fields: ['name', 'email', 'phone', 'subject', 'message'],
  },
  {
    kind: 'form',
    route: '/login',
    url: '/login?redirectTo=%2Fcheckout',
    fields: [],
    intents: { 'sign-in': ['email', 'password'], resend: ['email'] },
  },
  {
    kind: 'form',
    route: '/auth',
    url: '/auth',
    fields: ['email', 'password'],
    intents: { 'sign-in': ['email', 'password'] },
  },
  {
    kind: 'form',
    route: '/register',
    url: '/register',
    fields: ['fullName', 'email', 'password', 'confirmPassword', 'terms'],
  },
  { kind: 'form', route: '/forgot-password', url: '/forgot-password', fields: ['email'] },
  {
    kind: 'form',
    route: '/reset-password',
    url: '/reset-password',
    fields: ['token', 'password', 'confirmPassword'],
  },
  {
    kind: 'form',
    route: '/checkout',
    url: '/checkout',
    fields: [
      'name',
      'email',
      'phone',
      'address',
      'city',
      'state',
      'pincode',
      'delivery', // issue 32 item 2: 'ship' or 'pickup'
    ],
  },
  // Issue 32 item 1: the checkout's new address fields, and the address book.
  {
    kind: 'form',
    route: '/checkout',
    url: '/checkout',
    fields: [
      'address',
      'addressLine2',
      'landmark',
      'pincode',
      'city',
      'district',
      'state',
      'saveAddress',
    ],
  },
  // Issue 32 item 3: the checkout's payment choice (online or cash on delivery).
  {
    kind: 'form',
    route: '/checkout',
    url: '/checkout',
    fields: ['pincode', 'delivery', 'payment'],
  },
  // Issue 32 item 5: the guest checkout's intents (a visitor's; a signed-in shopper's form
  // ignores them).
  {
    kind: 'form',
    route: '/checkout',
    url: '/checkout',
    fields: [],
    intents: {
      'send-code': ['phone'],
      'verify-code': ['phone', 'code'],
      'change-phone': [],
      'guest-order': [
        'name',
        'email',
        'address',
        'city',
        'state',
        'pincode',
        'delivery',
        'payment',
        'gstin',
        'lines',
      ],
    },
  },
  {
    kind: 'form',
    route: '/account/addresses',
    url: '/account/addresses',
    fields: [],
    intents: {
      'add-address': [
        'label',
        'address',
        'addressLine2',
        'landmark',
        'pincode',
        'city',
        'district',
        'state',
      ],
      'edit-address': [
        'id',
        'label',
        'address',
        'addressLine2',
        'landmark',
        'pincode',
        'city',
        'district',
        'state',
      ],
      'delete-address': ['id'],
      'make-default-address': ['id'],
    },
  },
  {
    kind: 'form',
    route: '/account',
    url: '/account',
    fields: [],
    intents: {
      'update-name': ['fullName'],
      'change-password': ['currentPassword', 'password', 'confirmPassword'],
      'delete-account': ['password'],
      'save-messages': ['notify', 'phone'],
    },
  },
  { kind: 'form', route: '/logout', url: '/logout', fields: [], notAs: ['customer', 'admin'] },
  {
    kind: 'form',
    route: '/api/payments/:step',
    url: '/api/payments/callback',
    fields: ['razorpay_payment_id', 'razorpay_order_id', 'razorpay_signature'],
  },
  {
    kind: 'form',
    route: '/admin/categories',
    url: '/admin/categories',
    fields: [],
    files: ['image'],
    intents: adminIntents(
      'save-category',
      'save-subcategory',
      'reorder',
      'set-category-active',
      'set-subcategory-active',
      'delete-category',
      'delete-subcategory',
    ),
  },
  {
    kind: 'form',
    route: '/admin/products',
    url: '/admin/products',
    fields: [],
    intents: adminIntents('duplicate-product', 'set-product-active', 'delete-product'),
  },
  {
    kind: 'form',
    route: '/admin/products/:id',
    url: '/admin/products/new',
    fields: [],
    files: ['images'],
    intents: adminIntents('save-product'),
  },
  {
    kind: 'form',
    route: '/admin/products/:id',
    url: '/admin/products/1',
    fields: [],
    files: ['images'],
    intents: adminIntents('save-product'),
  },
  {
    kind: 'form',
    route: '/admin/orders/:number',
    url: '/admin/orders/RT-FUZZ',
    fields: [],
    intents: {
      ...adminIntents('advance-fulfilment'),
      'record-payment': ['number', 'method', 'amount', 'reference'],
      // Issue 32 item 3: the courier's cash-on-delivery remittance.
      'record-cod-remittance': ['number', 'amount', 'date', 'reference'],
      'confirm-cod-order': ['number', 'how'],
      'send-payment-link': ['number', 'amount'],
      refund: ['number', 'paymentId', 'basis', 'amount', 'return-0', 'return-1', 'reason'],
      'retry-refund': ['number', 'refundId'],
      'withdraw-payment-link': ['number', 'paymentId'],
      'revoke-order-links': ['number'],
      'send-document': ['number', 'documentId', 'channel'],
      // Issue 32 item 6: dispatch.
      'move-dispatch': ['number', 'stage'],
      'ship-order': ['number'],
      // Issue 32 item 7: returns and exchanges.
      'decide-return': ['number', 'requestId', 'decision', 'method', 'reason'],
      'receive-return': ['number', 'requestId'],
      'refund-return': ['number', 'requestId'],
      ...bespokeOrderIntents(
        'add-garment',
        'set-garment-price',
        'remove-garment',
        'book-trial',
        'update-bespoke-order',
      ),
      // Issue 31: a garment's work ticket, its trial and its fabric.
      'move-ticket': ['garmentId', 'toStage', 'version'],
      'assign-ticket': ['garmentId', 'assigneeId'],
      'record-trial': TRIAL_FIELDS,
      'set-fabric-length': ['garmentId', 'metres'],
    },
  },
  {
    kind: 'form',
    route: '/admin/workshop/garments/:garmentId',
    url: '/admin/workshop/garments/1',
    fields: [],
    intents: {
      'move-ticket': ['garmentId', 'toStage', 'version'],
      'record-trial': TRIAL_FIELDS,
    },
  },
  {
    kind: 'form',
    route: '/admin/workshop/settings',
    url: '/admin/workshop/settings',
    fields: [],
    intents: {
      'save-workshop-settings': [
        'version',
        'skipTrial',
        'unit',
        'label-measured',
        'place-measured',
        'place-trial',
        'days-shirt-cutting',
      ],
    },
  },
  // Issue 31 item 8: piece rates and payments to workers.
  {
    kind: 'form',
    route: '/admin/workshop/piece-rates',
    url: '/admin/workshop/piece-rates',
    fields: [],
    intents: {
      'save-piece-rates': ['workerId', 'effectiveFrom', 'rate-shirt-cutting', 'rate-kurta-trial'],
    },
  },
  {
    kind: 'form',
    route: '/admin/workshop/dues',
    url: '/admin/workshop/dues',
    fields: [],
    intents: {
      'record-worker-payment': ['workerId', 'amount', 'method', 'reference', 'paidOn'],
    },
  },
  {
    kind: 'form',
    route: '/admin/orders/new',
    url: '/admin/orders/new',
    fields: [],
    intents: bespokeOrderIntents('create-bespoke-order'),
  },
  {
    kind: 'form',
    route: '/admin/customers/:id',
    url: '/admin/customers/fuzz',
    fields: [],
    intents: adminIntents('set-role', 'set-banned', 'open-record'),
  },
  {
    kind: 'form',
    route: '/admin/messages',
    url: '/admin/messages',
    fields: [],
    intents: adminIntents('mark-read', 'mark-answered', 'mark-new'),
  },
  {
    kind: 'form',
    route: '/admin/settings',
    url: '/admin/settings',
    fields: [],
    intents: adminIntents('save-settings', 'save-message-settings', 'save-order-settings'),
  },
  {
    kind: 'form',
    route: '/admin/settings/shipping',
    url: '/admin/settings/shipping',
    fields: [],
    intents: {
      'save-shipping-settings': [
        'version',
        'freeAbove',
        'dispatchDays',
        'pickupEnabled',
        'weightPiece',
        'weightMetre',
        'remoteState',
        'remotePrefixes',
        'taxRule',
        'separateRate',
        'codEnabled',
        'codLimit',
        'codFee',
        'codHours',
        'days-local',
        'extra-national',
        'slab-state-0-grams',
        'slab-remote-1-charge',
      ],
    },
  },
  {
    kind: 'form',
    route: '/admin/invoices/settings',
    url: '/admin/invoices/settings',
    fields: [],
    intents: {
      'save-invoicing-settings': [
        'version',
        'legalName',
        'tradeName',
        'address',
        'gstin',
        'state',
        'invoicePrefix',
        'creditNotePrefix',
        'signatory',
        'taxKey',
        'taxCode',
        'taxRate',
      ],
      'add-tax-rate-rule': ['code', 'band', 'bandRupees', 'ratePercent', 'effectiveFrom', 'label'],
      'retire-tax-rate-rule': ['id'],
    },
  },
  {
    kind: 'form',
    route: '/admin/workshop',
    url: '/admin/workshop',
    fields: [],
    intents: { 'move-ticket': ['garmentId', 'toStage', 'version'] },
  },
  {
    kind: 'form',
    route: '/admin/day-book',
    url: '/admin/day-book',
    fields: [],
    intents: { 'record-cash-count': ['day', 'counted', 'kept', 'note'] },
  },
  {
    kind: 'form',
    route: '/admin/media',
    url: '/admin/media',
    fields: [],
    files: ['file', 'poster'],
    intents: adminIntents('upload-media', 'save-media', 'delete-media'),
  },
  {
    kind: 'form',
    route: '/admin/media/upload',
    url: '/admin/media/upload',
    fields: [],
    files: ['file', 'poster'],
    intents: adminIntents('upload-media'),
  },
  {
    kind: 'form',
    route: '/book',
    url: '/book?type=consultation',
    fields: ['type', 'product', 'design', 'time', 'name', 'phone', 'email', 'notes'],
  },
  {
    kind: 'form',
    route: '/pay/:linkId',
    url: '/pay/plink_SBX0000000000000000000000',
    fields: [],
    intents: { pay: [] },
  },
  {
    kind: 'form',
    route: '/account/orders/:number',
    url: '/account/orders/RT-FUZZ',
    fields: [],
    intents: {
      'pay-order': [],
      'cancel-order': [],
      'confirm-cod': ['code'],
      // Issue 32 item 7: a return or exchange of one line, with up to 3 photos.
      'request-return': ['lineId', 'kind', 'reason', 'note', 'variantId'],
      'withdraw-return': ['requestId'],
    },
    files: ['photos'],
  },
  {
    kind: 'form',
    route: '/book/manage/:token',
    url: '/book/manage/1.00000000000000000000000000000000',
    fields: [],
    intents: { reschedule: ['time'], cancel: [] },
  },
  {
    kind: 'form',
    route: '/o/:token',
    url: '/o/1.zzzzzz.00000000000000000000000000000000',
    fields: [],
    intents: {
      pay: [],
      'confirm-cod': ['code'],
      'request-return': ['lineId', 'kind', 'reason', 'note', 'variantId'],
      'withdraw-return': ['requestId'],
    },
    files: ['photos'],
  },
  {
    kind: 'form',
    route: '/account/measurements',
    url: '/account/measurements',
    fields: [],
    intents: {
      'submit-measurements': ['garment', 'unit', 'fit', 'notes', 'chest', 'waist', 'neck'],
    },
  },
  {
    kind: 'form',
    route: '/admin/appointments',
    url: '/admin/appointments',
    fields: [],
    intents: bespokeIntents(
      'move-appointment',
      'cancel-appointment',
      'mark-attended',
      'mark-no-show',
    ),
  },
  {
    kind: 'form',
    route: '/admin/appointments/new',
    url: '/admin/appointments/new',
    fields: [],
    intents: bespokeIntents('book-appointment'),
  },
  {
    kind: 'form',
    route: '/admin/appointments/setup',
    url: '/admin/appointments/setup',
    fields: [],
    intents: bespokeIntents('save-type', 'add-closure', 'remove-closure', 'save-rules'),
  },
  {
    kind: 'form',
    route: '/bespoke',
    url: '/bespoke',
    fields: [],
    intents: Object.fromEntries(
      ['book', 'share', 'save'].map((intent) => [intent, STYLE_FORM_FIELDS]),
    ),
  },
  {
    kind: 'form',
    route: '/account/designs',
    url: '/account/designs',
    fields: [],
    intents: { delete: ['id'] },
  },
  {
    kind: 'form',
    route: '/admin/coupons',
    url: '/admin/coupons',
    fields: [],
    intents: Object.fromEntries(
      ['save-coupon', 'deactivate-coupon', 'activate-coupon'].map((intent) => [
        intent,
        COUPON_ADMIN_FIELDS,
      ]),
    ),
  },
  {
    // Issue 32 item 4: the shopper's coupon on their cart (the drawer and the checkout).
    kind: 'form',
    route: '/api/coupon',
    url: '/api/coupon',
    fields: [],
    intents: { 'apply-coupon': ['code'], 'remove-coupon': [] },
  },
  {
    kind: 'form',
    route: '/admin/style-options',
    url: '/admin/style-options',
    fields: [],
    intents: Object.fromEntries(
      ['save-option', 'delete-option', 'add-conflict', 'remove-conflict', 'save-prices'].map(
        (intent) => [intent, STYLE_ADMIN_FIELDS],
      ),
    ),
  },
  {
    kind: 'form',
    route: '/admin/customers',
    url: '/admin/customers',
    fields: [],
    intents: bespokeIntents('create-client'),
  },
  {
    kind: 'form',
    route: '/admin/customers/:id',
    url: '/admin/customers/1',
    fields: [],
    intents: bespokeIntents('update-client', 'link-account', 'unlink-account', 'delete-client'),
  },
  {
    kind: 'form',
    route: '/admin/customers/:id/merge',
    url: '/admin/customers/1/merge',
    fields: [],
    intents: { 'merge-customers': ['mergeId', 'fingerprint'] },
  },
  {
    kind: 'form',
    route: '/admin/customers/:id/measurements',
    url: '/admin/customers/1/measurements',
    fields: [],
    intents: bespokeIntents('set-unit'),
  },
  {
    kind: 'form',
    route: '/admin/customers/:id/measurements/new',
    url: '/admin/customers/1/measurements/new?garment=shirt',
    fields: [],
    files: ['photos'],
    intents: bespokeIntents('save-measurements', 'set-unit'),
  },
  {
    kind: 'form',
    route: '/admin/customers/:id/measurements/:garment',
    url: '/admin/customers/1/measurements/shirt',
    fields: [],
    intents: bespokeIntents('confirm-measurements', 'set-unit'),
  },
];

const LINE = ['productId', 'size', 'color', 'quantity'];
const JSONS: JsonTarget[] = [
  {
    kind: 'json',
    route: '/api/cart',
    url: '/api/cart',
    fields: ['line', 'lines', 'changeId', ...LINE],
    actions: ['price', 'add', 'set', 'remove', 'clear', 'merge'],
  },
  {
    kind: 'json',
    route: '/api/wishlist',
    url: '/api/wishlist',
    fields: ['productId', 'productIds', 'changeId'],
    actions: ['add', 'remove', 'clear', 'merge'],
  },
  {
    kind: 'json',
    route: '/api/payments/:step',
    url: '/api/payments/confirm',
    fields: ['orderNumber', 'razorpay_payment_id', 'razorpay_order_id', 'razorpay_signature'],
  },
  {
    kind: 'json',
    route: '/api/payments/:step',
    url: '/api/payments/cancel',
    fields: ['orderNumber'],
  },
  {
    kind: 'json',
    route: '/api/payments/:step',
    url: '/api/payments/sandbox',
    fields: ['orderNumber', 'outcome'],
  },
  {
    kind: 'json',
    route: '/api/payments/:step',
    url: '/api/payments/webhook',
    fields: ['event', 'payload', 'entity', 'id', 'order_id', 'amount'],
  },
  {
    kind: 'json',
    route: '/api/payments/:step',
    url: '/api/payments/order-start',
    fields: ['orderNumber', 'purpose'],
  },
  {
    kind: 'json',
    route: '/api/payments/:step',
    url: '/api/payments/order-confirm',
    fields: ['orderNumber', 'razorpay_payment_id', 'razorpay_order_id', 'razorpay_signature'],
  },
  {
    kind: 'json',
    route: '/api/payments/:step',
    url: '/api/payments/order-sandbox',
    fields: ['orderNumber', 'providerOrderId', 'outcome'],
  },
  { kind: 'json', route: '/api/payments/:step', url: '/api/payments/unknown-step', fields: ['x'] },
  // Issue 32 item 6: the courier's tracking webhook (refused without its token).
  {
    kind: 'json',
    route: '/api/webhooks/courier',
    url: '/api/webhooks/courier',
    fields: ['awb', 'current_status', 'shipment_status', 'current_timestamp', 'scans'],
  },
  // The live-update stream takes GET only; a GET stays open, so only other methods and bodies.
  { kind: 'json', route: '/api/events', url: '/api/events', fields: ['x'] },
  ...[
    ['sign-up/email', ['email', 'password', 'name', 'callbackURL', 'image']],
    ['sign-in/email', ['email', 'password', 'rememberMe', 'callbackURL']],
    ['sign-out', []],
    ['request-password-reset', ['email', 'redirectTo']],
    ['reset-password', ['token', 'newPassword']],
    ['send-verification-email', ['email', 'callbackURL']],
    ['update-user', ['name', 'image']],
    ['change-password', ['currentPassword', 'newPassword', 'revokeOtherSessions']],
    ['change-email', ['newEmail', 'callbackURL']],
    ['delete-user', ['password', 'token', 'callbackURL']],
    ['revoke-session', ['token']],
    ['revoke-sessions', []],
    ['revoke-other-sessions', []],
    ['admin/set-role', ['userId', 'role']],
    ['admin/ban-user', ['userId', 'banReason', 'banExpiresIn']],
    ['admin/unban-user', ['userId']],
    ['admin/remove-user', ['userId']],
    ['admin/create-user', ['email', 'password', 'name', 'role']],
    ['admin/set-user-password', ['userId', 'newPassword']],
    ['admin/update-user', ['userId', 'data']],
    ['admin/impersonate-user', ['userId']],
    ['admin/revoke-user-sessions', ['userId']],
    ['no-such-endpoint', ['x']],
  ].map(([endpoint, fields]): JsonTarget => ({
    kind: 'json',
    route: '/api/auth/*',
    url: `/api/auth/${endpoint as string}`,
    fields: fields as string[],
    // Ending the session the other requests use is tried as a visitor only.
    notAs: /sign-out|revoke-(session|sessions|other-sessions)$/.test(endpoint as string)
      ? ['customer', 'admin', 'counter', 'workshop']
      : undefined,
  })),
];

const PAGES: PageTarget[] = [
  { route: '/', url: '/' },
  { route: '/wardrobe', url: '/wardrobe' },
  { route: '/category', url: '/category' },
  { route: '/product/:productId', url: '/product/{}' },
  { route: '/about', url: '/about' },
  { route: '/services', url: '/services' },
  { route: '/contact', url: '/contact' },
  { route: '/gallery', url: '/gallery' },
  { route: '/privacy-policy', url: '/privacy-policy' },
  { route: '/terms-conditions', url: '/terms-conditions' },
  { route: '/login', url: '/login' },
  { route: '/auth', url: '/auth' },
  { route: '/register', url: '/register' },
  { route: '/forgot-password', url: '/forgot-password' },
  { route: '/reset-password', url: '/reset-password' },
  { route: '/logout', url: '/logout' },
  { route: '/account', url: '/account' },
  { route: '/wishlist', url: '/wishlist' },
  { route: '/checkout', url: '/checkout' },
  { route: '/admin', url: '/admin' },
  { route: '/admin/categories', url: '/admin/categories' },
  { route: '/admin/products', url: '/admin/products' },
  { route: '/admin/products/:id', url: '/admin/products/{}' },
  { route: '/admin/orders', url: '/admin/orders' },
  { route: '/admin/orders/:number', url: '/admin/orders/{}' },
  { route: '/admin/orders/new', url: '/admin/orders/new' },
  { route: '/admin/customers', url: '/admin/customers' },
  { route: '/admin/customers/:id', url: '/admin/customers/{}' },
  { route: '/admin/messages', url: '/admin/messages' },
  { route: '/admin/settings', url: '/admin/settings' },
  { route: '/admin/settings/shipping', url: '/admin/settings/shipping' },
  { route: '/admin/media', url: '/admin/media' },
  { route: '/admin/audit', url: '/admin/audit' },
  { route: '/admin/workshop', url: '/admin/workshop' },
  { route: '/admin/workshop/calendar', url: '/admin/workshop/calendar' },
  { route: '/admin/media/upload', url: '/admin/media/upload' },
  { route: '/api/cart', url: '/api/cart' },
  { route: '/api/wishlist', url: '/api/wishlist' },
  { route: '/api/delivery-quote', url: '/api/delivery-quote?pincode={}&product=1' },
  { route: '/api/delivery-quote', url: '/api/delivery-quote?pincode=400001&product={}' },
  { route: '/api/delivery-quote', url: '/api/delivery-quote?pincode={}&cart=1' },
  // Issue 32 item 5: a guest's cart lines, as JSON.
  { route: '/api/delivery-quote', url: '/api/delivery-quote?pincode=400001&lines={}' },
  { route: '/checkout', url: '/checkout?guest={}' },
  { route: '/api/payments/:step', url: '/api/payments/{}' },
  // Issue 32 item 1.
  { route: '/api/pincodes/:pincode', url: '/api/pincodes/{}' },
  { route: '/account/addresses', url: '/account/addresses' },
  { route: '/account/orders', url: '/account/orders' },
  { route: '/account/orders/:number', url: '/account/orders/{}' },
  { route: '/sitemap.xml', url: '/sitemap.xml' },
  { route: '/robots.txt', url: '/robots.txt' },
  { route: '*', url: '/{}' },
  { route: '/media/*', url: '/media/{}' },
  { route: '/api/auth/*', url: '/api/auth/{}' },
  { route: '/healthz', url: '/healthz' },
  { route: '/book', url: '/book' },
  { route: '/book/manage/:token', url: '/book/manage/{}' },
  { route: '/pay/:linkId', url: '/pay/{}' },
  { route: '/o/:token', url: '/o/{}' },
  { route: '/o/:token/invoice.pdf', url: '/o/{}/invoice.pdf' },
  {
    route: '/o/:token/return-photos/:id',
    url: '/o/1.zzzzzz.00000000000000000000000000000000/return-photos/{}',
  },
  {
    route: '/o/:token/credit-notes/:id',
    url: '/o/1.zzzzzz.00000000000000000000000000000000/credit-notes/{}',
  },
  { route: '/book/manage/:token/calendar.ics', url: '/book/manage/{}/calendar.ics' },
  { route: '/account/appointments', url: '/account/appointments' },
  { route: '/account/measurements', url: '/account/measurements' },
  { route: '/account/measurements/photos/:id', url: '/account/measurements/photos/{}' },
  { route: '/account/return-photos/:id', url: '/account/return-photos/{}' },
  { route: '/admin/appointments', url: '/admin/appointments' },
  { route: '/admin/appointments/new', url: '/admin/appointments/new' },
  { route: '/admin/appointments/setup', url: '/admin/appointments/setup' },
  { route: '/admin/style-options', url: '/admin/style-options' },
  { route: '/admin/coupons', url: '/admin/coupons' },
  { route: '/bespoke', url: '/bespoke' },
  { route: '/d/:id', url: '/d/{}' },
  { route: '/d/:id/card.jpg', url: '/d/{}/card.jpg' },
  { route: '/account/designs', url: '/account/designs' },
  { route: '/admin/clients', url: '/admin/clients' },
  { route: '/admin/clients/*', url: '/admin/clients/{}' },
  { route: '/admin/customers/:id/merge', url: '/admin/customers/{}/merge' },
  { route: '/admin/customers/:id/merge', url: '/admin/customers/1/merge?with={}' },
  { route: '/admin/customers/:id/measurements', url: '/admin/customers/{}/measurements' },
  { route: '/admin/customers/:id/measurements/new', url: '/admin/customers/{}/measurements/new' },
  {
    route: '/admin/customers/:id/measurements/:garment',
    url: '/admin/customers/1/measurements/{}',
  },
  {
    route: '/admin/customers/:id/measurements/:garment/card.pdf',
    url: '/admin/customers/1/measurements/{}/card.pdf',
  },
  { route: '/admin/measurement-photos/:id', url: '/admin/measurement-photos/{}' },
  { route: '/admin/return-photos/:id', url: '/admin/return-photos/{}' },
  {
    route: '/admin/workshop/garments/:garmentId/card.pdf',
    url: '/admin/workshop/garments/{}/card.pdf',
  },
  { route: '/admin/invoices', url: '/admin/invoices' },
  { route: '/admin/invoices/settings', url: '/admin/invoices/settings' },
  { route: '/admin/workshop/settings', url: '/admin/workshop/settings' },
  { route: '/admin/workshop/piece-rates', url: '/admin/workshop/piece-rates?worker={}' },
  { route: '/admin/workshop/dues', url: '/admin/workshop/dues?month={}' },
  { route: '/admin/workshop/dues.csv', url: '/admin/workshop/dues.csv?month={}' },
  { route: '/admin/workshop/garments/:garmentId', url: '/admin/workshop/garments/{}' },
  { route: '/admin/invoices/export.csv', url: '/admin/invoices/export.csv' },
  { route: '/admin/invoices/gstr1/:file', url: '/admin/invoices/gstr1/{}' },
  { route: '/admin/orders/:number/invoice.pdf', url: '/admin/orders/{}/invoice.pdf' },
  // Issue 32 item 6: the packing slip, the courier label and the public tracking page.
  { route: '/admin/orders/:number/packing-slip.pdf', url: '/admin/orders/{}/packing-slip.pdf' },
  { route: '/admin/orders/:number/label.pdf', url: '/admin/orders/{}/label.pdf' },
  { route: '/track/:awb', url: '/track/{}' },
  { route: '/api/webhooks/courier', url: '/api/webhooks/courier' },
  { route: '/admin/orders/:number/credit-notes/:id', url: '/admin/orders/RT-FUZZ/credit-notes/{}' },
  { route: '/account/orders/:number/invoice.pdf', url: '/account/orders/{}/invoice.pdf' },
  {
    route: '/account/orders/:number/credit-notes/:id',
    url: '/account/orders/RT-FUZZ/credit-notes/{}',
  },
];

/** Query parameters the pages read, all set to one bad value per request. */
const QUERY_PARAMETERS = [
  'q',
  // Issue 32 item 1: the address book's address to edit.
  'edit',
  'page',
  'category',
  'subcategory',
  'sort',
  'item',
  'filter',
  'type',
  'role',
  'status',
  'redirectTo',
  'callbackURL',
  'token',
  'error',
  'verified',
  'registered',
  'reset',
  'id',
  'w',
  'view',
  'date',
  'month',
  'time',
  'product',
  'design',
  'move',
  'moveDate',
  'customer',
  'garment',
  'appointment',
  'version',
  'unpaidExpiryHours',
  'period',
  'unit',
  'booked',
  'fabric',
  'step',
  'lapel',
  'kind',
  'colour',
  'band',
  'group',
  'saved',
  'deleted',
  'year',
  'trialDate',
  'with',
  'size',
  'person',
  'week',
];

const METHODS = ['PUT', 'DELETE', 'PATCH', 'TRACE', 'OPTIONS', 'PROPFIND', 'SEARCH'];

/** Every route pattern of app/routes.ts, as '/a/:b' ('*' for the catch-all). */
function routePatterns(): string[] {
  const found: string[] = [];
  const walk = (entries: readonly unknown[], prefix: string) => {
    for (const entry of entries as { path?: string; index?: boolean; children?: unknown[] }[]) {
      const own =
        entry.path === undefined ? prefix : `${prefix}/${entry.path}`.replace(/\/+/g, '/');
      if (entry.index || (entry.path !== undefined && !entry.children)) {
        found.push(entry.path === '*' ? '*' : own || '/');
      }
      if (entry.children) walk(entry.children, own);
    }
  };
  walk(routes, '');
  return [...new Set(found)];
}

/** Every action intent named in the app's source: admin handler maps and intent switches. */
function sourceIntents(): string[] {
  const intents = new Set<string>();
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const file = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(file);
      else if (/\.tsx?$/.test(entry.name) && !entry.name.includes('.test.')) {
        const text = fs.readFileSync(file, 'utf8');
        for (const match of text.matchAll(
          /['"]?([a-z]+(?:-[a-z]+)*)['"]?:\s*(?:adminHandler|handler)\(/g,
        )) {
          intents.add(match[1]!);
        }
        if (text.includes("form.get('intent')")) {
          for (const match of text.matchAll(/case '([a-z]+(?:-[a-z]+)*)':/g))
            intents.add(match[1]!);
          for (const match of text.matchAll(/form\.get\('intent'\) === '([a-z-]+)'/g))
            intents.add(match[1]!);
        }
        for (const match of text.matchAll(/name="intent" value="([a-z-]+)"/g))
          intents.add(match[1]!);
      }
    }
  };
  walk(path.resolve('app'));
  return [...intents].sort();
}

let server: ServerProcess;
const cookies: Record<Role, string | undefined> = {
  visitor: undefined,
  customer: '',
  admin: '',
  counter: '',
  workshop: '',
};
const emails: Partial<Record<Role, string>> = {};
let fingerprintQuery = '';

/**
 * The database's fingerprint taken after the last request, when that request was refused and
 * nothing else has run since: the next request's "before", which saves hashing every table
 * twice a request (the fuzzer's main cost). Anything else (a request answered 2xx or 3xx, or
 * sent without the database, a sign-in, another test) forgets it.
 */
let lastFingerprint: string | undefined;

test.beforeEach(() => {
  lastFingerprint = undefined;
});

async function signIn(role: SignedInRole): Promise<void> {
  lastFingerprint = undefined;
  const response = await fetch(`${server.url}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      Origin: server.url,
      'X-Forwarded-For': randomClientIp(),
    },
    body: JSON.stringify({ email: emails[role], password: PASSWORD }),
  });
  expect(response.status, `${role} signs in`).toBe(200);
  cookies[role] = response.headers
    .getSetCookie()
    .map((line) => line.split(';')[0]!)
    .filter((pair) => pair.includes('session_token='))
    .join('; ');
}

/** Signs the role in again when a request ended its session (a fuzzed sign-out, a ban). */
async function keepSignedIn(role: Role): Promise<void> {
  if (role === 'visitor') return;
  lastFingerprint = undefined;
  const session = await fetch(`${server.url}/api/auth/get-session`, {
    headers: { cookie: cookies[role]!, 'X-Forwarded-For': randomClientIp() },
  });
  const body = (await session.json().catch(() => null)) as { user?: unknown } | null;
  if (!body?.user) await signIn(role);
}

async function fingerprint(client: pg.Client): Promise<string> {
  const { rows } = await client.query<{ t: string; f: string }>(fingerprintQuery);
  return rows.map((row) => `${row.t}=${row.f}`).join(';');
}

interface Tally {
  requests: number;
  serverErrors: string[];
  changedByRefusal: string[];
  byStatus: Map<number, number>;
}
const tally: Tally = { requests: 0, serverErrors: [], changedByRefusal: [], byStatus: new Map() };

function record(label: string, answer: RawResponse): void {
  tally.requests += 1;
  tally.byStatus.set(answer.status, (tally.byStatus.get(answer.status) ?? 0) + 1);
  if (answer.status >= 500)
    tally.serverErrors.push(`${answer.status} ${label}: ${answer.body.slice(0, 160)}`);
}

async function send(
  role: Role,
  label: string,
  request: { method: string; path: string; body?: FuzzBody },
  db?: pg.Client,
): Promise<RawResponse> {
  const headers: Record<string, string> = {
    Origin: server.url,
    'X-Forwarded-For': randomClientIp(),
  };
  if (cookies[role]) headers.cookie = cookies[role]!;
  if (request.body?.type) headers['content-type'] = request.body.type;
  const before = db ? (lastFingerprint ?? (await fingerprint(db))) : undefined;
  lastFingerprint = undefined;
  const answer = await rawRequest(server.url, {
    method: request.method,
    path: request.path,
    headers,
    body: request.body?.body,
  }).catch((error: Error) => ({ status: 599, headers: {}, body: error.message }));
  const full = `${role} ${request.method} ${request.path} [${label}]`;
  record(full, answer);
  if (db && answer.status >= 400 && answer.status < 500) {
    const after = await fingerprint(db);
    if (after !== before) tally.changedByRefusal.push(`${answer.status} ${full}`);
    lastFingerprint = after;
  }
  return answer;
}

/**
 * Waits until the server's job worker has run every job due now (a booking's confirmation
 * message), so that its writes are not taken for a later refused request's.
 */
async function jobsSettled(db: pg.Client): Promise<void> {
  await expect
    .poll(
      async () =>
        (
          await db.query<{ n: number }>(
            `select count(*)::int as n from jobs
             where status = 'running' or (status = 'pending' and run_at <= now())`,
          )
        ).rows[0]!.n,
      { timeout: TIMEOUTS.expectation * 3 },
    )
    .toBe(0);
}

test.beforeAll(async () => {
  test.setTimeout(TIMEOUTS.serverStart * 2);
  server = await startServerProcess();
  for (const role of ['customer', 'admin', 'counter', 'workshop'] as const) {
    const email = `fuzz-${role}-${randomBytes(4).toString('hex')}@example.com`;
    emails[role] = email;
    const signUp = await fetch(`${server.url}/api/auth/sign-up/email`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        Origin: server.url,
        'X-Forwarded-For': randomClientIp(),
      },
      body: JSON.stringify({ email, password: PASSWORD, name: `Fuzz ${role}` }),
    });
    expect(signUp.status).toBe(200);
    await server.withDatabase((db) =>
      db.query(`update "user" set email_verified = true, role = $2 where email = $1`, [
        email,
        role === 'customer' ? 'user' : role,
      ]),
    );
    await signIn(role);
  }
  // The customer's own delivered shop order RT-FUZZ, so the order page's intents (a return's
  // form and photos among them) parse what the fuzzer sends instead of answering 404 at once.
  await server.withDatabase(async (db) => {
    const { rows } = await db.query<{ id: number }>(
      `insert into orders (number, user_id, status, amount_paise, customer_name, email, phone,
         address, city, state, pincode, provider, kind)
       select 'RT-FUZZ', id, 'paid', 200000, 'Fuzz Customer', email, '+919825011111',
         '7 Race Course Road', 'Rajkot', 'Gujarat', '360001', 'sandbox', 'shop'
       from "user" where email = $1 returning id`,
      [emails.customer],
    );
    const orderId = rows[0]!.id;
    await db.query(
      `insert into order_lines (order_id, product_id, variant_id, name, size, sku,
         unit_price_paise, quantity)
       select $1, v.product_id, v.id, p.name, v.size, v.sku, 200000, 1
       from product_variants v join products p on p.id = v.product_id
       where v.size <> '' order by v.id limit 1`,
      [orderId],
    );
    await db.query(
      `with s as (insert into shipments (order_id, method, stage) values ($1, 'ship', 'delivered')
         returning id)
       insert into shipment_events (shipment_id, source, stage) select id, 'staff', 'delivered' from s`,
      [orderId],
    );
  });
  const volatile = new Set(['request_limits', 'rate_limit', 'session', 'verification']);
  const tables = await server.withDatabase(async (db) =>
    (
      await db.query<{ name: string }>(
        `select table_name as name from information_schema.tables
         where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
      )
    ).rows.map((row) => row.name),
  );
  fingerprintQuery = tables
    .filter((name) => !volatile.has(name) && !name.startsWith('__drizzle'))
    .map(
      (name) =>
        `select '${name}' as t, count(*)::text || ':' || coalesce(md5(string_agg(x::text, '|' order by x::text)), '') as f from "${name}" x`,
    )
    .join(' union all ');
});

test.afterAll(async () => {
  await server?.stop();
});

test('the fuzzer covers every route of app/routes.ts and every action intent', () => {
  const covered = new Set([...FORMS, ...JSONS, ...PAGES].map((target) => target.route));
  expect(routePatterns().filter((route) => !covered.has(route))).toEqual([]);
  const fuzzed = new Set(FORMS.flatMap((target) => Object.keys(target.intents ?? {})));
  const intents = sourceIntents();
  expect(intents.length).toBeGreaterThan(20);
  expect(intents.filter((intent) => !fuzzed.has(intent))).toEqual([]);
});

test('no bad request answers 5xx, logs an error, or changes the database when refused', async () => {
  test.setTimeout(TIMEOUTS.browserTest * 40);
  await server.withDatabase(async (db) => {
    let salt = 0;
    for (const role of ROLES) {
      // Form actions, each intent on its own.
      for (const target of FORMS) {
        if (!fuzzedAs(role, target)) continue;
        const variants = target.intents
          ? Object.entries(target.intents).map(([intent, fields]) => ({
              fixed: { intent },
              fields,
            }))
          : [{ fixed: {}, fields: target.fields }];
        for (const { fixed, fields } of variants) {
          for (const body of formCorpus(fields, fixed, target.files, (salt += 1))) {
            await send(
              role,
              `${Object.values(fixed)[0] ?? ''} ${body.label}`,
              { method: 'POST', path: target.url, body },
              db,
            );
          }
        }
        await keepSignedIn(role);
      }
      // JSON endpoints, each action on its own.
      for (const target of JSONS) {
        if (!fuzzedAs(role, target)) continue;
        const variants: { action?: string }[] = target.actions?.map((action) => ({ action })) ?? [
          {},
        ];
        for (const fixed of variants) {
          for (const body of jsonCorpus(target.fields, fixed, (salt += 1))) {
            await send(
              role,
              `${fixed.action ?? ''} ${body.label}`,
              { method: 'POST', path: target.url, body },
              db,
            );
          }
        }
        await keepSignedIn(role);
      }
      // Pages and GET endpoints: bad path values and bad query values.
      const values = [...BAD_TEXT_VALUES.map(([, value]) => value), ...randomTexts(4, (salt += 1))];
      for (const target of PAGES) {
        if (!fuzzedAs(role, target)) continue;
        for (const value of values) {
          const encoded = encodeURIComponent(value.toWellFormed());
          const base = target.url.replace('{}', encoded || 'x');
          // Every parameter at once, but a long value in one only: a request line over Node's
          // 16 KiB header limit is refused by Node itself (431) before the app sees it.
          const names = value.length > 500 ? ['q'] : QUERY_PARAMETERS;
          const query = new URLSearchParams(names.map((name) => [name, value]));
          await send(role, 'bad query', { method: 'GET', path: `${base}?${query}` });
          if (target.url.includes('{}'))
            await send(role, 'bad path value', { method: 'GET', path: base });
        }
        const repeated = QUERY_PARAMETERS.flatMap((name) => [
          `${name}=1`,
          `${name}[]=2`,
          `${name}[a]=3`,
        ]).join('&');
        await send(role, 'repeated and bracketed keys', {
          method: 'GET',
          path: `${target.url.replace('{}', '1')}?${repeated}`,
        });
        await send(role, 'broken percent-encoding', {
          method: 'GET',
          path: `${target.url.replace('{}', '%E0%A4%A')}?q=%zz&page=%`,
        });
      }
      // Methods the shop does not take, on every route.
      if (role === 'visitor' || role === 'customer') {
        for (const target of PAGES) {
          for (const method of METHODS) {
            await send(role, 'method', { method, path: target.url.replace('{}', '1') }, db);
          }
        }
      }
      await keepSignedIn(role);
    }
  });
  const statuses = [...tally.byStatus.entries()].sort(([a], [b]) => a - b);
  console.log(
    `fuzzer: ${tally.requests} requests, ${tally.serverErrors.length} answered 5xx; by status: ${statuses
      .map(([status, count]) => `${status}×${count}`)
      .join(', ')}`,
  );
  test.info().annotations.push({
    type: 'fuzzer',
    description: `${tally.requests} requests, ${tally.serverErrors.length} 5xx`,
  });
  expect({
    serverErrors: tally.serverErrors.map((line) => line.slice(0, 240)),
    changedByRefusal: tally.changedByRefusal.map((line) => line.slice(0, 240)),
    errorLog: server.errors().map((line) => line.text.slice(0, 300)),
  }).toEqual({ serverErrors: [], changedByRefusal: [], errorLog: [] });
});

test('no date, time or month at the edges answers 5xx, logs an error, or changes the database when refused', async () => {
  test.setTimeout(TIMEOUTS.browserTest * 10);
  const before = { requests: tally.requests, serverErrors: tally.serverErrors.length };
  const manage = await bookGuestConsultation(server.url);
  const appointmentId = manage.split('/').at(-1)!.split('.')[0]!;
  const number = await server.withDatabase(insertBespokeOrder);
  const { typeId, clientId } = await server.withDatabase(async (db) => ({
    typeId: String(
      (
        await db.query<{ id: number }>(
          `select id from appointment_types where key = 'consultation'`,
        )
      ).rows[0]!.id,
    ),
    clientId: String(
      (
        await db.query<{ id: number }>(`select customer_id as id from orders where number = $1`, [
          number,
        ])
      ).rows[0]!.id,
    ),
  }));
  const inAMonth = addShopDays(shopDateOf(new Date()), 30);
  /** The forms that take a date, a time or a month: who sends them, the fields, the rest. */
  const forms: { role: Role; url: string; dates: string[]; fixed: Record<string, string> }[] = [
    {
      role: 'visitor',
      url: '/book',
      dates: ['time'],
      fixed: {
        type: 'consultation',
        name: 'Fuzz Guest',
        phone: '98250 11111',
        email: 'fuzz-guest@example.com',
        notes: '',
      },
    },
    { role: 'visitor', url: manage, dates: ['time'], fixed: { intent: 'reschedule' } },
    {
      role: 'admin',
      url: '/admin/appointments/new',
      dates: ['startsAt'],
      fixed: {
        intent: 'book-appointment',
        typeId,
        client: 'new',
        name: 'Fuzz Client',
        phone: '98250 22222',
      },
    },
    {
      role: 'admin',
      url: '/admin/appointments',
      dates: ['startsAt'],
      fixed: { intent: 'move-appointment', id: appointmentId },
    },
    {
      role: 'admin',
      url: `/admin/orders/${number}`,
      dates: ['startsAt'],
      fixed: { intent: 'book-trial', number },
    },
    {
      role: 'admin',
      url: `/admin/orders/${number}`,
      dates: ['promisedOn'],
      fixed: { intent: 'update-bespoke-order', number, notes: '' },
    },
    {
      role: 'admin',
      url: '/admin/workshop/dues',
      dates: ['paidOn'],
      fixed: { intent: 'record-worker-payment', workerId: 'fuzz', amount: '100', method: 'cash' },
    },
    {
      role: 'admin',
      url: '/admin/workshop/piece-rates',
      dates: ['effectiveFrom'],
      fixed: { intent: 'save-piece-rates', workerId: 'fuzz', 'rate-shirt-cutting': '100' },
    },
    {
      role: 'admin',
      url: '/admin/day-book',
      dates: ['day'],
      fixed: { intent: 'record-cash-count', counted: '100' },
    },
    {
      role: 'admin',
      url: '/admin/appointments/setup',
      dates: ['fromDate', 'toDate'],
      fixed: { intent: 'add-closure', reason: 'Fuzz' },
    },
    {
      role: 'admin',
      url: '/admin/appointments/setup',
      dates: ['fromTime', 'toTime'],
      fixed: { intent: 'add-closure', fromDate: inAMonth, toDate: inAMonth, reason: 'Fuzz' },
    },
    {
      role: 'admin',
      url: '/admin/appointments/setup',
      dates: ['version'],
      fixed: { intent: 'save-rules', cutoffHours: '3', leadHours: '2', horizonDays: '60' },
    },
    {
      role: 'admin',
      url: '/admin/appointments/setup',
      dates: ['version'],
      fixed: {
        intent: 'save-type',
        id: typeId,
        name: 'Consultation',
        durationMinutes: '45',
        bufferMinutes: '15',
        capacity: '2',
        onlineBookable: 'on',
      },
    },
    {
      role: 'admin',
      url: `/admin/customers/${clientId}`,
      dates: ['version'],
      fixed: { intent: 'update-client', name: 'Edge Client', phone: '98250 33333' },
    },
  ];
  /** The pages that read a date, a time or a month from their query, with the rest of it. */
  const pages: { role: Role; url: string }[] = [
    { role: 'visitor', url: '/book?type=consultation' },
    { role: 'visitor', url: `${manage}?reschedule=1` },
    { role: 'admin', url: '/admin/appointments?view=day' },
    { role: 'admin', url: `/admin/appointments?view=week&move=${appointmentId}` },
    { role: 'admin', url: '/admin/appointments?view=list' },
    { role: 'admin', url: '/admin/appointments/new?type=consultation' },
    { role: 'admin', url: `/admin/orders/${number}` },
    { role: 'admin', url: '/admin/invoices' },
    { role: 'admin', url: '/admin/invoices/export.csv' },
    { role: 'admin', url: '/admin/day-book' },
    { role: 'admin', url: '/admin/workshop/dues' },
    { role: 'admin', url: '/admin/workshop/dues.csv' },
  ];
  const DATE_PARAMETERS = ['date', 'month', 'time', 'moveDate', 'trialDate', 'year'];
  const withQuery = (url: string, query: URLSearchParams) =>
    `${url}${url.includes('?') ? '&' : '?'}${query}`;
  await server.withDatabase(async (db) => {
    await jobsSettled(db);
    for (const form of forms) {
      for (const body of dateCorpus(form.dates, form.fixed)) {
        const answer = await send(
          form.role,
          `${form.dates.join('+')} ${body.label}`,
          {
            method: 'POST',
            path: form.url,
            body,
          },
          db,
        );
        // A time the shop takes (another zone's writing of a free slot) books or moves.
        if (answer.status < 400) await jobsSettled(db);
      }
      await keepSignedIn(form.role);
    }
    for (const page of pages) {
      for (const [label, value] of EDGE_DATE_VALUES) {
        const query = new URLSearchParams(DATE_PARAMETERS.map((name) => [name, value]));
        await send(page.role, `dates ${label}`, {
          method: 'GET',
          path: withQuery(page.url, query),
        });
        for (const name of DATE_PARAMETERS) {
          const one = new URLSearchParams({ [name]: value });
          await send(page.role, `${name} ${label}`, {
            method: 'GET',
            path: withQuery(page.url, one),
          });
        }
      }
    }
  });
  const sent = tally.requests - before.requests;
  const failed = tally.serverErrors.slice(before.serverErrors);
  console.log(`fuzzer, dates at the edges: ${sent} requests, ${failed.length} answered 5xx`);
  test.info().annotations.push({
    type: 'fuzzer dates',
    description: `${sent} requests, ${failed.length} 5xx`,
  });
  expect(sent).toBeGreaterThan(EDGE_DATE_VALUES.length * (forms.length + pages.length));
  expect({
    serverErrors: failed.map((line) => line.slice(0, 240)),
    changedByRefusal: tally.changedByRefusal.map((line) => line.slice(0, 240)),
    errorLog: server.errors().map((line) => line.text.slice(0, 300)),
  }).toEqual({ serverErrors: [], changedByRefusal: [], errorLog: [] });
});
