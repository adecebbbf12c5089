/**
 * What each back-office page and action intent needs of the role (issue 31 item 2, decision
 * 034): the one map the loaders (`requirePermission`), the actions (`runAdminAction`), the
 * menu and the authorization table read. The roles' grants are in
 * `lib/access-control.server.ts`; this module only names, per route, which grant it takes.
 */
import type { Permission } from '~/lib/access-control.server';

/** The back office's screens in the menu, each with what opening it needs. */
export const MENU_SCREENS = [
  { to: '/admin', label: 'Dashboard', needs: null },
  { to: '/admin/categories', label: 'Categories', needs: { catalogue: ['read'] } },
  { to: '/admin/products', label: 'Products', needs: { catalogue: ['read'] } },
  { to: '/admin/media', label: 'Media', needs: { media: ['read'] } },
  { to: '/admin/orders', label: 'Orders', needs: { orders: ['read'] } },
  { to: '/admin/workshop', label: 'Workshop', needs: { 'workshop-board': ['read'] } },
  { to: '/admin/workshop/dues', label: 'Wages', needs: { 'wages-own': ['read'] } },
  { to: '/admin/invoices', label: 'Invoices', needs: { invoices: ['read'] } },
  { to: '/admin/day-book', label: 'Day book', needs: { payments: ['read'] } },
  { to: '/admin/appointments', label: 'Appointments', needs: { appointments: ['read'] } },
  { to: '/admin/style-options', label: 'Style options', needs: { catalogue: ['read'] } },
  { to: '/admin/coupons', label: 'Coupons', needs: { coupons: ['read'] } },
  { to: '/admin/customers', label: 'Customers', needs: { customers: ['read'] } },
  { to: '/admin/messages', label: 'Messages', needs: { messages: ['read'] } },
  { to: '/admin/settings', label: 'Settings', needs: { settings: ['read'] } },
  { to: '/admin/audit', label: 'Audit log', needs: { audit: ['read'] } },
] as const satisfies readonly { to: string; label: string; needs: Permission | null }[];

/** A screen of the menu by its path. */
export type MenuPath = (typeof MENU_SCREENS)[number]['to'];

/** What each loader needs, by its route pattern (the dashboard and frame need only staff). */
export const PAGE_PERMISSIONS = {
  '/admin/categories': { catalogue: ['read'] },
  '/admin/products': { catalogue: ['read'] },
  '/admin/products/:id': { catalogue: ['read'] },
  '/admin/style-options': { catalogue: ['read'] },
  '/admin/coupons': { coupons: ['read'] },
  '/admin/media': { media: ['read'] },
  '/admin/orders': { orders: ['read'] },
  '/admin/orders/new': { orders: ['create'] },
  '/admin/orders/:number': { orders: ['read'] },
  '/admin/orders/:number/invoice.pdf': { invoices: ['read'] },
  '/admin/orders/:number/credit-notes/:id': { invoices: ['read'] },
  // Issue 32 item 6: the packing slip and the courier's label of a shop order.
  '/admin/orders/:number/packing-slip.pdf': { dispatch: ['move'] },
  '/admin/orders/:number/label.pdf': { dispatch: ['move'] },
  '/admin/invoices': { invoices: ['read'] },
  '/admin/invoices/export.csv': { invoices: ['export'] },
  '/admin/invoices/gstr1/:file': { invoices: ['export'] },
  '/admin/invoices/settings': { settings: ['read'] },
  '/admin/day-book': { payments: ['read'] },
  '/admin/appointments': { appointments: ['read'] },
  '/admin/appointments/new': { appointments: ['book'] },
  '/admin/appointments/setup': { appointments: ['setup'] },
  '/admin/customers': { customers: ['read'] },
  '/admin/customers/:id': { customers: ['read'] },
  '/admin/customers/:id/merge': { customers: ['merge'] },
  '/admin/clients/*': { customers: ['read'] },
  '/admin/customers/:id/measurements': { measurements: ['read'] },
  '/admin/customers/:id/measurements/new': { measurements: ['record'] },
  '/admin/customers/:id/measurements/:garment': { measurements: ['read'] },
  '/admin/customers/:id/measurements/:garment/card.pdf': { measurements: ['read'] },
  '/admin/measurement-photos/:id': { measurements: ['read'] },
  // Issue 32 item 7: a return request's photo, for whoever sees the order's returns.
  '/admin/return-photos/:id': { orders: ['read'] },
  '/admin/messages': { messages: ['read'] },
  '/admin/settings': { settings: ['read'] },
  '/admin/settings/shipping': { settings: ['read'] },
  '/admin/audit': { audit: ['read'] },
  '/admin/workshop': { 'workshop-board': ['read'] },
  '/admin/workshop/calendar': { 'workshop-board': ['read'] },
  '/admin/workshop/settings': { settings: ['read'] },
  // A workshop member opens only the tickets assigned to them (features/workshop/ticket-access).
  '/admin/workshop/garments/:garmentId': { ticket: ['read-own'] },
  '/admin/workshop/garments/:garmentId/card.pdf': { ticket: ['read-own'] },
  // Issue 31 item 8: the owner sets rates and sees every worker's month; a workshop member sees
  // their own month at the same URL; the counter sees no wages.
  '/admin/workshop/piece-rates': { wages: ['read'] },
  '/admin/workshop/dues': { 'wages-own': ['read'] },
  '/admin/workshop/dues.csv': { 'wages-own': ['read'] },
} as const satisfies Record<string, Permission>;

const CATALOGUE_EDIT = { catalogue: ['edit'] } as const;
const MEDIA_EDIT = { media: ['edit'] } as const;
const COUPONS_EDIT = { coupons: ['edit'] } as const;
const SETTINGS_EDIT = { settings: ['edit'] } as const;
const ORDERS_EDIT = { orders: ['edit'] } as const;
const PAYMENTS_RECORD = { payments: ['record'] } as const;
const CUSTOMERS_EDIT = { customers: ['edit'] } as const;
const APPOINTMENTS_BOOK = { appointments: ['book'] } as const;
const APPOINTMENTS_SETUP = { appointments: ['setup'] } as const;
const MEASUREMENTS_RECORD = { measurements: ['record'] } as const;
/** Moving a garment's stage: a workshop member only their own (features/workshop/ticket-access). */
const TICKET_MOVE = { ticket: ['move'] } as const;
/** The reader's own unit preference: anyone who may read measurements. */
const MEASUREMENTS_READ = { measurements: ['read'] } as const;

const PRODUCT_INTENTS = {
  'save-product': CATALOGUE_EDIT,
  'duplicate-product': CATALOGUE_EDIT,
  'set-product-active': CATALOGUE_EDIT,
  'delete-product': CATALOGUE_EDIT,
} as const;

const MEDIA_INTENTS = {
  'upload-media': MEDIA_EDIT,
  'save-media': MEDIA_EDIT,
  'delete-media': MEDIA_EDIT,
} as const;

const APPOINTMENT_INTENTS = {
  'book-appointment': APPOINTMENTS_BOOK,
  'move-appointment': APPOINTMENTS_BOOK,
  'cancel-appointment': APPOINTMENTS_BOOK,
  'mark-attended': APPOINTMENTS_BOOK,
  'mark-no-show': APPOINTMENTS_BOOK,
} as const;

const MEASUREMENT_INTENTS = {
  'save-measurements': MEASUREMENTS_RECORD,
  'confirm-measurements': MEASUREMENTS_RECORD,
  'set-unit': MEASUREMENTS_READ,
} as const;

/** What each action intent needs, by route pattern and intent. */
export const ACTION_PERMISSIONS = {
  '/admin/coupons': {
    'save-coupon': COUPONS_EDIT,
    'deactivate-coupon': COUPONS_EDIT,
    'activate-coupon': COUPONS_EDIT,
  },
  '/admin/categories': {
    'save-category': CATALOGUE_EDIT,
    'save-subcategory': CATALOGUE_EDIT,
    reorder: CATALOGUE_EDIT,
    'set-category-active': CATALOGUE_EDIT,
    'set-subcategory-active': CATALOGUE_EDIT,
    'delete-category': CATALOGUE_EDIT,
    'delete-subcategory': CATALOGUE_EDIT,
  },
  '/admin/products': PRODUCT_INTENTS,
  '/admin/products/:id': PRODUCT_INTENTS,
  '/admin/style-options': {
    'save-option': CATALOGUE_EDIT,
    'delete-option': CATALOGUE_EDIT,
    'add-conflict': CATALOGUE_EDIT,
    'remove-conflict': CATALOGUE_EDIT,
    'save-prices': CATALOGUE_EDIT,
  },
  '/admin/media': MEDIA_INTENTS,
  '/admin/media/upload': { 'upload-media': MEDIA_EDIT },
  '/admin/messages': {
    'mark-read': { messages: ['edit'] },
    'mark-answered': { messages: ['edit'] },
    'mark-new': { messages: ['edit'] },
  },
  '/admin/settings': {
    'save-settings': SETTINGS_EDIT,
    'save-message-settings': SETTINGS_EDIT,
    'save-order-settings': SETTINGS_EDIT,
  },
  '/admin/invoices/settings': {
    'save-invoicing-settings': SETTINGS_EDIT,
    'add-tax-rate-rule': SETTINGS_EDIT,
    'retire-tax-rate-rule': SETTINGS_EDIT,
  },
  '/admin/day-book': { 'record-cash-count': PAYMENTS_RECORD },
  '/admin/orders/new': { 'create-bespoke-order': { orders: ['create'] } },
  '/admin/orders/:number': {
    'revoke-order-links': ORDERS_EDIT,
    'send-document': { invoices: ['send'] },
    'advance-fulfilment': ORDERS_EDIT,
    'add-garment': ORDERS_EDIT,
    'set-garment-price': ORDERS_EDIT,
    'remove-garment': ORDERS_EDIT,
    'book-trial': ORDERS_EDIT,
    'update-bespoke-order': ORDERS_EDIT,
    'record-payment': PAYMENTS_RECORD,
    // Issue 32 item 3: the courier's cash-on-delivery remittance.
    'record-cod-remittance': PAYMENTS_RECORD,
    'confirm-cod-order': ORDERS_EDIT,
    'send-payment-link': PAYMENTS_RECORD,
    'withdraw-payment-link': PAYMENTS_RECORD,
    // Up to the counter's limit in the settings unless the role holds `refunds: over-limit`
    // (checked by the refund itself, which knows the amount).
    refund: { refunds: ['create'] },
    'retry-refund': { refunds: ['create'] },
    'move-ticket': TICKET_MOVE,
    'assign-ticket': { ticket: ['assign'] },
    // A trial's outcome moves the ticket: a workshop member their own garments only; giving the
    // alteration to someone else needs `ticket: assign` too (checked by the handler).
    'record-trial': TICKET_MOVE,
    'set-fabric-length': { ticket: ['assign'] },
    // Issue 32 item 6: dispatch (the owner and the counter).
    'move-dispatch': { dispatch: ['move'] },
    'ship-order': { dispatch: ['move'] },
    // Issue 32 item 7: returns and exchanges; the refund of a returned line is a refund too
    // (up to the counter's limit, checked by the refund itself).
    'decide-return': { returns: ['decide'] },
    'receive-return': { returns: ['decide'] },
    'refund-return': { returns: ['decide'], refunds: ['create'] },
  },
  '/admin/workshop': { 'move-ticket': TICKET_MOVE },
  '/admin/workshop/garments/:garmentId': {
    'move-ticket': TICKET_MOVE,
    'record-trial': TICKET_MOVE,
  },
  '/admin/workshop/settings': { 'save-workshop-settings': SETTINGS_EDIT },
  '/admin/settings/shipping': { 'save-shipping-settings': SETTINGS_EDIT },
  '/admin/workshop/piece-rates': { 'save-piece-rates': { wages: ['edit'] } },
  '/admin/workshop/dues': { 'record-worker-payment': { wages: ['edit'] } },
  '/admin/customers': { 'create-client': CUSTOMERS_EDIT },
  '/admin/customers/:id': {
    'set-role': { staff: ['set-role'] },
    'set-banned': { customers: ['ban'] },
    'update-client': CUSTOMERS_EDIT,
    'link-account': CUSTOMERS_EDIT,
    'unlink-account': CUSTOMERS_EDIT,
    'delete-client': CUSTOMERS_EDIT,
    'open-record': CUSTOMERS_EDIT,
  },
  '/admin/customers/:id/merge': { 'merge-customers': { customers: ['merge'] } },
  '/admin/appointments': APPOINTMENT_INTENTS,
  '/admin/appointments/new': { 'book-appointment': APPOINTMENTS_BOOK },
  '/admin/appointments/setup': {
    'save-type': APPOINTMENTS_SETUP,
    'add-closure': APPOINTMENTS_SETUP,
    'remove-closure': APPOINTMENTS_SETUP,
    'save-rules': APPOINTMENTS_SETUP,
  },
  '/admin/customers/:id/measurements': MEASUREMENT_INTENTS,
  '/admin/customers/:id/measurements/new': MEASUREMENT_INTENTS,
  '/admin/customers/:id/measurements/:garment': MEASUREMENT_INTENTS,
} as const satisfies Record<string, Record<string, Permission>>;
