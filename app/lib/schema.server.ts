/**
 * The database schema (DESIGN.md "Data model"), one place for every table Drizzle knows.
 * Money is integer paise; timestamps are `timestamptz`. Migrations in `drizzle/` are generated
 * from this file by `npm run db:generate` and applied at start.
 */
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  date,
  type AnyPgColumn,
  primaryKey,
  check,
  index,
  integer,
  jsonb,
  pgSequence,
  pgTable,
  real,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import {
  APPOINTMENT_STATUSES,
  DISPATCH_STAGES,
  FIT_PREFERENCES,
  FULFILMENT_STATUSES,
  GARMENT_TYPES,
  NOTIFICATION_CHANNELS,
  INVOICE_KINDS,
  NOTIFY_PREFERENCES,
  ORDER_EVENT_KINDS,
  ORDER_KINDS,
  PAYMENT_KINDS,
  PAYMENT_METHODS,
  PAYMENT_STATUSES,
  SALE_UNITS,
  STYLE_OPTION_GROUPS,
  TRIAL_OUTCOMES,
  UQCS,
  WORK_STAGES,
  WORKER_PAYMENT_METHODS,
  RETURN_KINDS,
  RETURN_STATUSES,
} from './schema-enums';

const timestamps = {
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
};

/** Top-level catalogue sections (SPEC.md section 3 "Category"). */
export const categories = pgTable(
  'categories',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    name: text('name').notNull(),
    slug: text('slug').notNull(),
    description: text('description').notNull().default(''),
    imageKey: text('image_key'),
    isActive: boolean('is_active').notNull().default(true),
    displayOrder: integer('display_order').notNull().default(0),
    ...timestamps,
  },
  (t) => [uniqueIndex('categories_slug_key').on(t.slug)],
);

/** Second-level sections of a category (SPEC.md section 3 "Subcategory"). */
export const subcategories = pgTable(
  'subcategories',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    categoryId: integer('category_id')
      .notNull()
      .references(() => categories.id, { onDelete: 'restrict' }),
    name: text('name').notNull(),
    slug: text('slug').notNull(),
    description: text('description').notNull().default(''),
    imageKey: text('image_key'),
    isActive: boolean('is_active').notNull().default(true),
    displayOrder: integer('display_order').notNull().default(0),
    ...timestamps,
  },
  (t) => [uniqueIndex('subcategories_category_slug_key').on(t.categoryId, t.slug)],
);

/** Sellable items (SPEC.md section 3 "Product"); the spec's metadata JSON is real columns here. */
export const products = pgTable(
  'products',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    slug: text('slug').notNull(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    categoryId: integer('category_id')
      .notNull()
      .references(() => categories.id, { onDelete: 'restrict' }),
    subcategoryId: integer('subcategory_id').references(() => subcategories.id, {
      onDelete: 'set null',
    }),
    pricePaise: integer('price_paise').notNull(),
    rating: real('rating').notNull().default(0),
    reviewsCount: integer('reviews_count').notNull().default(0),
    fabricType: text('fabric_type').notNull().default(''),
    colors: text('colors')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    featured: boolean('featured').notNull().default(false),
    isActive: boolean('is_active').notNull().default(true),
    imageKeys: text('image_keys')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /**
     * Issue 29 item 2: 'piece' (price_paise a piece) or 'metre' (price_paise a metre; the
     * shopper picks a length in `length_step_cm` steps between the minimum and the maximum).
     */
    saleUnit: text('sale_unit', { enum: SALE_UNITS }).notNull().default('piece'),
    lengthStepCm: integer('length_step_cm'),
    lengthMinCm: integer('length_min_cm'),
    lengthMaxCm: integer('length_max_cm'),
    /** The GST unit quantity code the invoice prints with the quantity. */
    uqc: text('uqc', { enum: UQCS }).notNull().default('PCS'),
    /** Stock in pieces, or in centimetres for the metre; null = not tracked. */
    stock: integer('stock'),
    /**
     * Issue 32 item 2: the shipping weight in grams, a piece's or (sale_unit 'metre') a metre's;
     * null = the shipping settings' default weight for its sale unit.
     */
    weightGrams: integer('weight_grams'),
    ...timestamps,
  },
  (t) => [
    check('products_sale_unit_check', sql`${t.saleUnit} in ('piece', 'metre')`),
    check('products_uqc_check', sql`${t.uqc} in ('MTR', 'PCS', 'SET', 'NOS')`),
    check('products_stock_check', sql`${t.stock} is null or ${t.stock} >= 0`),
    check('products_weight_check', sql`${t.weightGrams} is null or ${t.weightGrams} > 0`),
    check(
      'products_lengths_check',
      sql`${t.saleUnit} = 'piece' or (${t.lengthStepCm} > 0 and ${t.lengthMinCm} > 0 and ${t.lengthMaxCm} >= ${t.lengthMinCm})`,
    ),
    uniqueIndex('products_slug_key').on(t.slug),
    index('products_category_idx').on(t.categoryId),
    index('products_subcategory_idx').on(t.subcategoryId),
    check('products_price_paise_check', sql`${t.pricePaise} >= 0`),
    check('products_rating_check', sql`${t.rating} >= 0 and ${t.rating} <= 5`),
  ],
);

/**
 * Ready-to-wear sizes of a product sold by the piece (issue 29 item 2, decision "size
 * variants"): the one source of the sizes a product is offered in. Each has its own SKU
 * (unique across the shop), price (paise, a piece) and stock (pieces; null = not tracked).
 * Only active variants are offered; a product without variants sells at its own price and stock.
 */
export const productVariants = pgTable(
  'product_variants',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    size: text('size').notNull(),
    sku: text('sku').notNull(),
    pricePaise: integer('price_paise').notNull(),
    stock: integer('stock'),
    position: integer('position').notNull().default(0),
    isActive: boolean('is_active').notNull().default(true),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('product_variants_sku_key').on(t.sku),
    uniqueIndex('product_variants_product_size_key').on(t.productId, t.size),
    check('product_variants_price_check', sql`${t.pricePaise} >= 0`),
    check('product_variants_stock_check', sql`${t.stock} is null or ${t.stock} >= 0`),
  ],
);

/**
 * Every stored image (the media pipeline): its key ('img-{hash}'), the source's size in px
 * and bytes, its format ('svg' for generated demo sources, 'webp' for uploads) and a tiny
 * blurred placeholder as a data: URL, shown while the real variant loads.
 */
export const images = pgTable(
  'images',
  {
    key: text('key').primaryKey(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    format: text('format', { enum: ['svg', 'webp'] }).notNull(),
    bytes: integer('bytes').notNull(),
    placeholder: text('placeholder').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('images_size_check', sql`${t.width} > 0 and ${t.height} > 0 and ${t.bytes} > 0`)],
);

/** Gallery images and videos (the spec's `gallery` and `videos` tables as one). */
export const media = pgTable(
  'media',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    kind: text('kind', { enum: ['image', 'video'] }).notNull(),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    imageKey: text('image_key'),
    videoKey: text('video_key'),
    posterKey: text('poster_key'),
    videoSection: text('video_section', {
      enum: ['fabric-showcase', 'store-visit', 'promotions'],
    }),
    categoryId: integer('category_id').references(() => categories.id, { onDelete: 'set null' }),
    subcategoryId: integer('subcategory_id').references(() => subcategories.id, {
      onDelete: 'set null',
    }),
    /** A stable name for rows the demo seed created, so re-seeding never duplicates them. */
    seedKey: text('seed_key'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** Bumped by every edit; the back office's stale-edit check compares it. */
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('media_seed_key').on(t.seedKey),
    index('media_created_idx').on(t.createdAt),
    check('media_kind_check', sql`${t.kind} in ('image', 'video')`),
  ],
);

/** Key/value settings of the shop (contact numbers, address, hours, social links). */
export const siteSettings = pgTable('site_settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Messages from the contact form: the shop's leads (SPEC.md section 3 "Contact form"). */
export const contactMessages = pgTable(
  'contact_messages',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    phone: text('phone'),
    subject: text('subject'),
    message: text('message').notNull(),
    status: text('status', { enum: ['new', 'read', 'answered'] })
      .notNull()
      .default('new'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('contact_messages_created_idx').on(t.createdAt),
    check('contact_messages_status_check', sql`${t.status} in ('new', 'read', 'answered')`),
  ],
);

/*
 * Better Auth's tables (DESIGN.md "Data model"): the field names are the ones Better Auth's
 * Drizzle adapter looks for; the admin plugin adds `role`, `banned`, `banReason`, `banExpires`
 * and `impersonatedBy`. `user.name` is SPEC.md's full_name; `role` 'admin' is its is_admin.
 */

/**
 * Registered people: shoppers (`role` 'user') and staff: the owner ('admin'), the counter
 * ('counter') and the workshop ('workshop') (issue 31 item 2, decision 034).
 */
export const user = pgTable(
  'user',
  {
    id: text('id').primaryKey(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    emailVerified: boolean('email_verified').notNull().default(false),
    image: text('image'),
    role: text('role').notNull().default('user'),
    banned: boolean('banned').notNull().default(false),
    banReason: text('ban_reason'),
    banExpires: timestamp('ban_expires', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('user_email_key').on(t.email),
    // The roles of account-roles.ts (decision 034): 'admin' is the owner.
    check('user_role_check', sql`${t.role} in ('user', 'admin', 'counter', 'workshop')`),
  ],
);

/** Signed-in sessions; the cookie carries `token`. Deleted with their user. */
export const session = pgTable(
  'session',
  {
    id: text('id').primaryKey(),
    token: text('token').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    impersonatedBy: text('impersonated_by'),
    ...timestamps,
  },
  (t) => [uniqueIndex('session_token_key').on(t.token), index('session_user_idx').on(t.userId)],
);

/** Sign-in methods of a user; the e-mail and password one keeps the password hash. */
export const account = pgTable(
  'account',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id').notNull(),
    providerId: text('provider_id').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    accessToken: text('access_token'),
    refreshToken: text('refresh_token'),
    idToken: text('id_token'),
    accessTokenExpiresAt: timestamp('access_token_expires_at', { withTimezone: true }),
    refreshTokenExpiresAt: timestamp('refresh_token_expires_at', { withTimezone: true }),
    scope: text('scope'),
    password: text('password'),
    ...timestamps,
  },
  (t) => [index('account_user_idx').on(t.userId)],
);

/** One-time tokens: e-mail verification and password reset. */
export const verification = pgTable(
  'verification',
  {
    id: text('id').primaryKey(),
    identifier: text('identifier').notNull(),
    value: text('value').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    ...timestamps,
  },
  (t) => [index('verification_identifier_idx').on(t.identifier)],
);

/**
 * Better Auth's rate-limit counters, shared by every instance: one row per client address
 * and path; `lastRequest` is a Unix time in ms.
 */
export const rateLimit = pgTable(
  'rate_limit',
  {
    id: text('id').primaryKey(),
    key: text('key').notNull(),
    count: integer('count').notNull(),
    lastRequest: bigint('last_request', { mode: 'number' }).notNull(),
  },
  (t) => [uniqueIndex('rate_limit_key_key').on(t.key)],
);

/**
 * The shop's own request limits (contact form, checkout; issue 8 item 5), shared by every
 * instance: one row per limit key (for example `contact:ip:203.0.113.9`), counting the hits
 * of the fixed window that began at `windowStart`.
 */
export const requestLimits = pgTable(
  'request_limits',
  {
    key: text('key').primaryKey(),
    windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
    hits: integer('hits').notNull(),
  },
  (t) => [index('request_limits_window_idx').on(t.windowStart)],
);

/*
 * Commerce (DESIGN.md "Data model"; issue "Cart, wishlist, checkout"). Amounts are integer
 * paise computed on the server from `products.price_paise`; the browser never sets one.
 */

/** A signed-in shopper's cart: one line per product, size and colour ('' when none). */
export const cartLines = pgTable(
  'cart_lines',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    size: text('size').notNull().default(''),
    color: text('color').notNull().default(''),
    /** A cut of a product sold by the metre, in centimetres; 0 for a product sold by the piece. */
    lengthCm: integer('length_cm').notNull().default(0),
    quantity: integer('quantity').notNull(),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('cart_lines_user_product_key').on(
      t.userId,
      t.productId,
      t.size,
      t.color,
      t.lengthCm,
    ),
    check('cart_lines_length_check', sql`${t.lengthCm} >= 0`),
    check('cart_lines_quantity_check', sql`${t.quantity} between 1 and 20`),
  ],
);

/** A signed-in shopper's wishlist: each product at most once. */
export const wishlistItems = pgTable(
  'wishlist_items',
  {
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('wishlist_items_user_product_key').on(t.userId, t.productId)],
);

/**
 * Changes a shopper's browser made to their cart or wishlist, by the id the browser gave each
 * (issue 36 item 1): a change the browser sends again (its answer was lost to a navigation) is
 * applied once. Rows older than `APPLIED_CHANGE_DAYS` are pruned as new ones arrive.
 */
export const appliedChanges = pgTable(
  'applied_changes',
  {
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    changeId: uuid('change_id').notNull(),
    appliedAt: timestamp('applied_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.changeId] })],
);

/** The SQL list of allowed values, e.g. `'a', 'b'` (for check constraints). */
const sqlList = (values: readonly string[]) =>
  sql.raw(values.map((value) => `'${value.replace(/'/g, "''")}'`).join(', '));

/** Order statuses; they only move forward from 'created'. */
export const ORDER_STATUSES = ['created', 'paid', 'failed', 'cancelled'] as const;

/**
 * Orders with the contact and delivery details given at checkout. `user_id` is cleared when
 * the account is deleted (the order stays, anonymised). `fulfilment_status` is null until an
 * administrator confirms a paid order, then only moves forward (features/orders/fulfilment).
 */
export const orders = pgTable(
  'orders',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    number: text('number').notNull(),
    userId: text('user_id').references(() => user.id, { onDelete: 'set null' }),
    status: text('status', { enum: ORDER_STATUSES }).notNull().default('created'),
    amountPaise: integer('amount_paise').notNull(),
    currency: text('currency').notNull().default('INR'),
    customerName: text('customer_name').notNull(),
    email: text('email').notNull(),
    phone: text('phone').notNull(),
    address: text('address').notNull(),
    city: text('city').notNull(),
    state: text('state').notNull(),
    pincode: text('pincode').notNull(),
    provider: text('provider', { enum: ['razorpay', 'sandbox'] }).notNull(),
    providerOrderId: text('provider_order_id'),
    providerPaymentId: text('provider_payment_id'),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    fulfilmentStatus: text('fulfilment_status', { enum: FULFILMENT_STATUSES }),
    /** 'shop' (from the cart) or 'bespoke' (made by staff, garments in `bespoke_garments`). */
    kind: text('kind', { enum: ORDER_KINDS }).notNull().default('shop'),
    /** Bespoke orders: the customer (issue 20) the order is for. */
    customerId: integer('customer_id').references((): AnyPgColumn => customers.id, {
      onDelete: 'set null',
    }),
    /** Bespoke orders: the delivery date promised to the customer (a Kolkata calendar date). */
    promisedOn: date('promised_on', { mode: 'string' }),
    /** Bespoke orders: the shop's notes. */
    notes: text('notes').notNull().default(''),
    /**
     * The version of the order's signed links (`/o/:token`, features/orders/order-link.server.ts,
     * issue 30 item 2): signed into every token, so raising it revokes every link sent before.
     */
    linkVersion: integer('link_version').notNull().default(0),
    /**
     * The buyer's GSTIN when a registered business buys (issue 29 item 4: given at checkout or
     * by staff at the counter; checked by `features/invoices/gstin.ts`), printed on the invoice
     * as the recipient's GSTIN; null for a consumer.
     */
    buyerGstin: text('buyer_gstin'),
    /** The legal name registered for `buyerGstin` (null with it). */
    buyerLegalName: text('buyer_legal_name'),
    /**
     * Issue 32 item 4: the coupon's discount on the goods, in paise (0 without one), and the
     * code applied (upper case; null without one). `amount_paise` is the goods less it.
     */
    discountPaise: integer('discount_paise').notNull().default(0),
    couponCode: text('coupon_code'),
    // Issue 32 item 1 (addresses): `address` is line 1; line 2, a landmark and the district
    // the PIN code lists ('' on orders made before them).
    addressLine2: text('address_line2').notNull().default(''),
    landmark: text('landmark').notNull().default(''),
    district: text('district').notNull().default(''),
    /**
     * Issue 32 item 2: the shipping charge in paise, included in `amount_paise` (0 for a pickup
     * or a free delivery), and how the order reaches the shopper: 'ship' or 'pickup' (collected
     * from the shop in Rajkot).
     */
    shippingPaise: integer('shipping_paise').notNull().default(0),
    deliveryMethod: text('delivery_method', { enum: ['ship', 'pickup'] })
      .notNull()
      .default('ship'),
    /**
     * Issue 32 item 3 (cash on delivery): how the shopper pays, 'online' (at checkout) or 'cod'
     * (placed without a payment, paid to the courier); the COD fee in paise (in `amount_paise`,
     * 0 without one); when the shopper confirmed the COD order with its one-time code (null
     * until then; a COD order may be packed only once confirmed).
     */
    paymentMethod: text('payment_method', { enum: ['online', 'cod'] })
      .notNull()
      .default('online'),
    codFeePaise: integer('cod_fee_paise').notNull().default(0),
    codConfirmedAt: timestamp('cod_confirmed_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('orders_number_key').on(t.number),
    index('orders_kind_idx').on(t.kind, t.createdAt),
    index('orders_customer_idx').on(t.customerId),
    check('orders_kind_check', sql`${t.kind} in (${sqlList(ORDER_KINDS)})`),
    uniqueIndex('orders_provider_order_key').on(t.providerOrderId),
    uniqueIndex('orders_provider_payment_key').on(t.providerPaymentId),
    index('orders_user_idx').on(t.userId, t.createdAt),
    check('orders_status_check', sql`${t.status} in ('created', 'paid', 'failed', 'cancelled')`),
    // Issue 32 item 7: a size exchange is an order at no charge (₹0); every other order is more.
    check('orders_amount_check', sql`${t.amountPaise} >= 0`),
    check('orders_shipping_check', sql`${t.shippingPaise} >= 0`),
    check('orders_delivery_method_check', sql`${t.deliveryMethod} in ('ship', 'pickup')`),
    check('orders_payment_method_check', sql`${t.paymentMethod} in ('online', 'cod')`),
    check('orders_cod_fee_check', sql`${t.codFeePaise} >= 0`),
    check(
      'orders_fulfilment_status_check',
      sql`${t.fulfilmentStatus} is null or ${t.fulfilmentStatus} in (${sqlList(FULFILMENT_STATUSES)})`,
    ),
  ],
);

/** What an order bought: name, options, unit price and quantity copied at purchase. */
export const orderLines = pgTable(
  'order_lines',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    productId: integer('product_id').references(() => products.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    imageKey: text('image_key'),
    size: text('size').notNull().default(''),
    color: text('color').notNull().default(''),
    unitPricePaise: integer('unit_price_paise').notNull(),
    quantity: integer('quantity').notNull(),
    /**
     * Issue 29 item 2: a cut sold by the metre: its length in centimetres and the price a
     * metre (then `unit_price_paise` is the cut's price); null for a piece.
     */
    lengthCm: integer('length_cm'),
    metrePricePaise: integer('metre_price_paise'),
    /** The GST unit quantity code the invoice prints ('NOS' for lines from before it). */
    uqc: text('uqc', { enum: UQCS }).notNull().default('NOS'),
    /** Issue 29 item 2: the size variant bought and its SKU, copied at purchase; null without one. */
    variantId: integer('variant_id').references(() => productVariants.id, {
      onDelete: 'set null',
    }),
    sku: text('sku'),
    /**
     * Issue 32 item 4: this line's share of the order's coupon discount, in paise, for all its
     * pieces together (0 without one); the invoice shows it before tax.
     */
    discountPaise: integer('discount_paise').notNull().default(0),
  },
  (t) => [
    index('order_lines_order_idx').on(t.orderId),
    check('order_lines_quantity_check', sql`${t.quantity} between 1 and 20`),
    check('order_lines_price_check', sql`${t.unitPricePaise} >= 0`),
  ],
);

/**
 * An order's timeline: placed, paid, failed, cancelled, and each fulfilment step an
 * administrator set (with their e-mail), written in the same transaction as the change.
 */
export const orderEvents = pgTable(
  'order_events',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ORDER_EVENT_KINDS }).notNull(),
    fulfilmentStatus: text('fulfilment_status', { enum: FULFILMENT_STATUSES }),
    note: text('note').notNull().default(''),
    actorEmail: text('actor_email'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('order_events_order_idx').on(t.orderId, t.createdAt),
    check('order_events_kind_check', sql`${t.kind} in (${sqlList(ORDER_EVENT_KINDS)})`),
    check(
      'order_events_fulfilment_status_check',
      sql`${t.fulfilmentStatus} is null or ${t.fulfilmentStatus} in (${sqlList(FULFILMENT_STATUSES)})`,
    ),
  ],
);

/** Payment provider events already handled (webhooks and confirmations), for idempotency. */
export const paymentEvents = pgTable('payment_events', {
  eventId: text('event_id').primaryKey(),
  provider: text('provider').notNull(),
  type: text('type').notNull(),
  orderId: integer('order_id').references(() => orders.id, { onDelete: 'set null' }),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Every change an administrator makes (issue "Back office" item 9): who, what, when, and the
 * record before and after (null on create and delete respectively). Kept when the actor's
 * account is deleted (`actor_id` set null; the e-mail stays).
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    actorId: text('actor_id').references(() => user.id, { onDelete: 'set null' }),
    actorEmail: text('actor_email').notNull(),
    /** e.g. 'category.create', 'category.reorder', 'product.update'. */
    action: text('action').notNull(),
    entity: text('entity').notNull(),
    entityId: text('entity_id'),
    summary: text('summary').notNull(),
    before: jsonb('before'),
    after: jsonb('after'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('audit_log_created_idx').on(t.createdAt),
    index('audit_log_entity_idx').on(t.entity, t.entityId),
  ],
);

/*
 * The bespoke business (DESIGN.md "The bespoke business", issue 20): customers, appointments,
 * measurement profiles, notifications and the job queue that sends them.
 */

/** Where a customer record's e-mail came from (`customers.email_source`, decision 017). */
const EMAIL_SOURCES = ['staff', 'client', 'guest'] as const;

/**
 * The people the shop serves, with or without an account: walk-ins and phone customers too.
 * `phone` is E.164 (+91XXXXXXXXXX); `email` is lower-cased. Neither is unique: a family
 * shares a phone, and only the shop (or a verified e-mail) decides two records are one person. `user_id`
 * links the record to an account once its e-mail is verified (or the shop confirms the phone);
 * deleting the account deletes the record and everything personal that hangs on it
 * (appointments, measurements, their photos' rows).
 */
export const customers = pgTable(
  'customers',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: text('user_id').references(() => user.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    phone: text('phone').notNull(),
    email: text('email'),
    /**
     * Where the e-mail came from (issue 28 item 1, decision 017): 'staff' (entered or kept by
     * staff), 'client' (confirmed by the client: a verified account's own e-mail) or 'guest'
     * (typed on a guest booking, never confirmed). An account is linked automatically only
     * through a 'staff' or 'client' e-mail. The default is for records staff add.
     */
    emailSource: text('email_source', { enum: EMAIL_SOURCES }).notNull().default('staff'),
    notes: text('notes').notNull().default(''),
    /** The channels the customer chose for messages (issue 20 item 4). */
    notify: text('notify', { enum: NOTIFY_PREFERENCES }).notNull().default('both'),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('customers_user_key').on(t.userId),
    index('customers_phone_idx').on(t.phone),
    index('customers_email_idx').on(t.email),
    check('customers_phone_check', sql`${t.phone} ~ '^\\+91[6-9][0-9]{9}$'`),
    check('customers_notify_check', sql`${t.notify} in (${sqlList(NOTIFY_PREFERENCES)})`),
    check('customers_email_source_check', sql`${t.emailSource} in (${sqlList(EMAIL_SOURCES)})`),
  ],
);

/**
 * The kinds of appointment and how the shop runs them: minutes each takes, minutes kept free
 * after it, how many customers can be served at once, and whether shoppers may book it online.
 * Seeded by the migration with the four kinds of issue 20; an administrator edits the numbers.
 */
export const appointmentTypes = pgTable(
  'appointment_types',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    key: text('key').notNull(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    durationMinutes: integer('duration_minutes').notNull(),
    bufferMinutes: integer('buffer_minutes').notNull().default(0),
    capacity: integer('capacity').notNull().default(1),
    onlineBookable: boolean('online_bookable').notNull().default(true),
    position: integer('position').notNull().default(0),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('appointment_types_key').on(t.key),
    check('appointment_types_duration_check', sql`${t.durationMinutes} between 5 and 480`),
    check('appointment_types_buffer_check', sql`${t.bufferMinutes} between 0 and 240`),
    check('appointment_types_capacity_check', sql`${t.capacity} between 1 and 50`),
  ],
);

/** Times the shop takes no appointments (holidays, closures), entered by an administrator. */
export const shopClosures = pgTable(
  'shop_closures',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    reason: text('reason').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('shop_closures_range_idx').on(t.startsAt, t.endsAt),
    check('shop_closures_range_check', sql`${t.endsAt} > ${t.startsAt}`),
  ],
);

/**
 * The capacity counter of one slot: how many appointments of a type start at that instant.
 * Booking raises it with a conditional update (`booked < capacity`) in the booking's
 * transaction, so the database, not a check-then-insert, keeps a slot from filling twice.
 */
export const appointmentSlots = pgTable(
  'appointment_slots',
  {
    typeId: integer('type_id')
      .notNull()
      .references(() => appointmentTypes.id, { onDelete: 'cascade' }),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    booked: integer('booked').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.typeId, t.startsAt] }),
    check('appointment_slots_booked_check', sql`${t.booked} >= 0`),
  ],
);

/**
 * Appointments: consultation, measurement, trial/fitting, delivery. Times are instants, shown
 * in Asia/Kolkata. `context` carries what the booking was about (a product, later a design).
 */
export const appointments = pgTable(
  'appointments',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    typeId: integer('type_id')
      .notNull()
      .references(() => appointmentTypes.id, { onDelete: 'restrict' }),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    status: text('status', { enum: APPOINTMENT_STATUSES }).notNull().default('booked'),
    /** 'online' (the shopper booked), 'staff' (booked for a phone or walk-in customer). */
    source: text('source', { enum: ['online', 'staff'] }).notNull(),
    /** What the customer wrote when booking. */
    notes: text('notes').notNull().default(''),
    /** The message given when it was cancelled. */
    cancelReason: text('cancel_reason'),
    context: jsonb('context').$type<{
      productId?: number;
      productName?: string;
      designId?: string;
    }>(),
    /** Raised on every reschedule, so an old manage link or reminder no longer matches. */
    revision: integer('revision').notNull().default(1),
    /** A trial (or delivery) booked for a bespoke order (issue 21 item 3). */
    orderId: integer('order_id').references((): AnyPgColumn => orders.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (t) => [
    index('appointments_starts_idx').on(t.startsAt),
    index('appointments_customer_idx').on(t.customerId, t.startsAt),
    index('appointments_order_idx').on(t.orderId),
    // One customer, one booked appointment per start time (issue 28 item 4): the form sent
    // twice cannot book the same person twice, however the requests race.
    uniqueIndex('appointments_customer_start_key')
      .on(t.customerId, t.startsAt)
      .where(sql`${t.status} = 'booked'`),
    check('appointments_status_check', sql`${t.status} in (${sqlList(APPOINTMENT_STATUSES)})`),
    check('appointments_source_check', sql`${t.source} in ('online', 'staff')`),
    check('appointments_range_check', sql`${t.endsAt} > ${t.startsAt}`),
  ],
);

/**
 * A customer's measurements for one garment. Its values live in versions, one row per save,
 * never updated in place (bespoke orders pin the version a garment is cut from).
 */
export const measurementProfiles = pgTable(
  'measurement_profiles',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    garment: text('garment', { enum: GARMENT_TYPES }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('measurement_profiles_customer_garment_key').on(t.customerId, t.garment),
    check('measurement_profiles_garment_check', sql`${t.garment} in (${sqlList(GARMENT_TYPES)})`),
  ],
);

/**
 * One saved set of a profile's measurements: values in centimetres by point key, fit,
 * posture notes, free notes, who took them and when. `self_measured` sets come from the
 * shopper and wait for staff (`confirmed_at`).
 */
export const measurementVersions = pgTable(
  'measurement_versions',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    profileId: integer('profile_id')
      .notNull()
      .references(() => measurementProfiles.id, { onDelete: 'cascade' }),
    version: integer('version').notNull(),
    /** Point key -> centimetres, e.g. { chest: 102.5 }. */
    valuesCm: jsonb('values_cm').$type<Record<string, number>>().notNull(),
    fit: text('fit', { enum: FIT_PREFERENCES }).notNull().default('regular'),
    posture: text('posture')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    notes: text('notes').notNull().default(''),
    selfMeasured: boolean('self_measured').notNull().default(false),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    takenById: text('taken_by_id').references(() => user.id, { onDelete: 'set null' }),
    takenByName: text('taken_by_name').notNull(),
    appointmentId: integer('appointment_id').references(() => appointments.id, {
      onDelete: 'set null',
    }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('measurement_versions_profile_version_key').on(t.profileId, t.version),
    check('measurement_versions_version_check', sql`${t.version} >= 1`),
    check('measurement_versions_fit_check', sql`${t.fit} in (${sqlList(FIT_PREFERENCES)})`),
  ],
);

/**
 * Fitting photos of a profile: private files (storage keys under `private/`), served only
 * through an authorised route by their unguessable id, never by the public media route.
 */
export const measurementPhotos = pgTable(
  'measurement_photos',
  {
    id: text('id').primaryKey(),
    profileId: integer('profile_id')
      .notNull()
      .references(() => measurementProfiles.id, { onDelete: 'cascade' }),
    storageKey: text('storage_key').notNull(),
    contentType: text('content_type').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    caption: text('caption').notNull().default(''),
    uploadedById: text('uploaded_by_id').references(() => user.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('measurement_photos_profile_idx').on(t.profileId)],
);

/**
 * The durable job queue (lib/jobs): reminders and notifications. A worker claims due rows
 * with `for update skip locked`, so two instances never run one job; `dedupe_key` keeps a job
 * from being queued twice (a reminder per appointment revision).
 */
export const jobs = pgTable(
  'jobs',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    kind: text('kind').notNull(),
    payload: jsonb('payload').notNull(),
    runAt: timestamp('run_at', { withTimezone: true }).notNull().defaultNow(),
    status: text('status', { enum: ['pending', 'running', 'done', 'failed', 'cancelled'] })
      .notNull()
      .default('pending'),
    attempts: integer('attempts').notNull().default(0),
    maxAttempts: integer('max_attempts').notNull().default(5),
    lastError: text('last_error'),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    dedupeKey: text('dedupe_key'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('jobs_dedupe_key').on(t.dedupeKey),
    index('jobs_due_idx').on(t.status, t.runAt),
    check(
      'jobs_status_check',
      sql`${t.status} in ('pending', 'running', 'done', 'failed', 'cancelled')`,
    ),
  ],
);

/**
 * Every message to a customer, per channel: queued, then sent once (or failed after its
 * retries); listed on the customer's admin page.
 */
export const notifications = pgTable(
  'notifications',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    customerId: integer('customer_id').references(() => customers.id, { onDelete: 'cascade' }),
    orderId: integer('order_id').references(() => orders.id, { onDelete: 'set null' }),
    appointmentId: integer('appointment_id').references(() => appointments.id, {
      onDelete: 'set null',
    }),
    channel: text('channel', { enum: NOTIFICATION_CHANNELS }).notNull(),
    /** e.g. 'appointment.confirmed', 'appointment.reminder', 'order.status'. */
    kind: text('kind').notNull(),
    recipient: text('recipient').notNull(),
    subject: text('subject').notNull().default(''),
    body: text('body').notNull(),
    status: text('status', { enum: ['queued', 'sent', 'failed'] })
      .notNull()
      .default('queued'),
    attempts: integer('attempts').notNull().default(0),
    providerMessageId: text('provider_message_id'),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [
    index('notifications_customer_idx').on(t.customerId, t.createdAt),
    index('notifications_order_idx').on(t.orderId),
    check('notifications_channel_check', sql`${t.channel} in (${sqlList(NOTIFICATION_CHANNELS)})`),
    check('notifications_status_check', sql`${t.status} in ('queued', 'sent', 'failed')`),
  ],
);

/**
 * The style options of the configurator and of bespoke orders (issue 21 item 1): a lapel, a
 * button, a pocket, a lining… Each belongs to a group, is offered on the garment types listed,
 * may cost extra (`price_paise`, ≥ 0, added to the garment's price) and has a picture (an
 * `images` key). `code` is its stable name in URLs and saved designs ('peak', 'horn-brown').
 */
export const styleOptions = pgTable(
  'style_options',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    group: text('group', { enum: STYLE_OPTION_GROUPS }).notNull(),
    code: text('code').notNull(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    /** The garment types (GARMENT_TYPES) the option is made on. */
    garmentTypes: text('garment_types')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    imageKey: text('image_key'),
    pricePaise: integer('price_paise').notNull().default(0),
    isActive: boolean('is_active').notNull().default(true),
    displayOrder: integer('display_order').notNull().default(0),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('style_options_group_code_key').on(t.group, t.code),
    index('style_options_group_idx').on(t.group, t.displayOrder),
    check('style_options_group_check', sql`${t.group} in (${sqlList(STYLE_OPTION_GROUPS)})`),
    check('style_options_code_check', sql`${t.code} ~ '^[a-z0-9]+(-[a-z0-9]+)*$'`),
    check('style_options_price_check', sql`${t.pricePaise} between 0 and 10000000`),
  ],
);

/**
 * Pairs of style options that are not made together, with the reason the shopper is shown
 * (e.g. a double-breasted closure with a notch lapel). Symmetric: one row covers both orders.
 */
export const styleOptionConflicts = pgTable(
  'style_option_conflicts',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    optionId: integer('option_id')
      .notNull()
      .references(() => styleOptions.id, { onDelete: 'cascade' }),
    otherOptionId: integer('other_option_id')
      .notNull()
      .references(() => styleOptions.id, { onDelete: 'cascade' }),
    reason: text('reason').notNull(),
  },
  (t) => [
    uniqueIndex('style_option_conflicts_pair_key').on(t.optionId, t.otherOptionId),
    check('style_option_conflicts_pair_check', sql`${t.optionId} <> ${t.otherOptionId}`),
  ],
);

/**
 * A design saved from the configurator (issue 21 item 2): garment, fabric and chosen options
 * (group -> option code), with the estimate shown when it was saved. `id` is unguessable
 * (random, base64url); it is the design's short URL. A guest's design (shared on WhatsApp) has
 * no user; deleting the account deletes its designs.
 */
export const designs = pgTable(
  'designs',
  {
    id: text('id').primaryKey(),
    userId: text('user_id').references(() => user.id, { onDelete: 'cascade' }),
    garmentType: text('garment_type', { enum: GARMENT_TYPES }).notNull(),
    fabricProductId: integer('fabric_product_id').references(() => products.id, {
      onDelete: 'set null',
    }),
    options: jsonb('options').$type<Record<string, string>>().notNull(),
    estimatePaise: integer('estimate_paise').notNull(),
    name: text('name').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('designs_user_idx').on(t.userId, t.createdAt),
    check('designs_garment_check', sql`${t.garmentType} in (${sqlList(GARMENT_TYPES)})`),
    check('designs_estimate_check', sql`${t.estimatePaise} >= 0`),
  ],
);

/** One option as a bespoke garment pinned it: its group, code, name and price when ordered. */
export interface PinnedStyleOption {
  group: string;
  code: string;
  name: string;
  pricePaise: number;
}

/**
 * The garments of a bespoke order (DESIGN.md "The bespoke business"): each pins its fabric (a
 * catalogue product or an in-store fabric code, with the name and price per metre copied),
 * its options, and the measurement version it is cut from. `quote_paise` is what the server
 * computed; `price_paise` what is charged (different only after an audited override, with
 * `override_reason`).
 */
export const bespokeGarments = pgTable(
  'bespoke_garments',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    position: integer('position').notNull().default(0),
    garmentType: text('garment_type', { enum: GARMENT_TYPES }).notNull(),
    designId: text('design_id').references(() => designs.id, { onDelete: 'set null' }),
    fabricProductId: integer('fabric_product_id').references(() => products.id, {
      onDelete: 'set null',
    }),
    /** The shop's own code for a fabric not in the catalogue ('' for a catalogue fabric). */
    fabricCode: text('fabric_code').notNull().default(''),
    fabricName: text('fabric_name').notNull(),
    /**
     * The customer brought the cloth (issue 29 item 1): the garment is a tailoring service,
     * priced at its making charge (no fabric) and invoiced under the tailoring SAC.
     */
    customerCloth: boolean('customer_cloth').notNull().default(false),
    fabricPricePerMetrePaise: integer('fabric_price_per_metre_paise').notNull(),
    /** Fabric used, in centimetres of length (e.g. 350 = 3.5 m). */
    consumptionCm: integer('consumption_cm').notNull(),
    options: jsonb('options').$type<PinnedStyleOption[]>().notNull(),
    measurementVersionId: integer('measurement_version_id').references(
      () => measurementVersions.id,
      { onDelete: 'set null' },
    ),
    quotePaise: integer('quote_paise').notNull(),
    pricePaise: integer('price_paise').notNull(),
    overrideReason: text('override_reason'),
    ...timestamps,
  },
  (t) => [
    index('bespoke_garments_order_idx').on(t.orderId, t.position),
    check('bespoke_garments_garment_check', sql`${t.garmentType} in (${sqlList(GARMENT_TYPES)})`),
    check('bespoke_garments_quote_check', sql`${t.quotePaise} >= 0`),
    check('bespoke_garments_price_check', sql`${t.pricePaise} > 0`),
    check('bespoke_garments_consumption_check', sql`${t.consumptionCm} between 0 and 2000`),
    check(
      'bespoke_garments_fabric_price_check',
      sql`${t.fabricPricePerMetrePaise} between 0 and 100000000`,
    ),
  ],
);

/**
 * A bespoke garment's work ticket (issue 31 item 1): one per garment, its current stage, who it
 * is assigned to and a version every move raises (optimistic concurrency: a move names the
 * version it saw, and a move over a newer one changes nothing). Written by features/workshop.
 */
export const workTickets = pgTable(
  'work_tickets',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    garmentId: integer('garment_id')
      .notNull()
      .references(() => bespokeGarments.id, { onDelete: 'cascade' }),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    stage: text('stage', { enum: WORK_STAGES }).notNull().default('measured'),
    assigneeId: text('assignee_id').references(() => user.id, { onDelete: 'set null' }),
    version: integer('version').notNull().default(1),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('work_tickets_garment_idx').on(t.garmentId),
    index('work_tickets_order_idx').on(t.orderId),
    index('work_tickets_assignee_idx').on(t.assigneeId),
    // The production board reads the open tickets (every stage but delivered).
    index('work_tickets_open_idx')
      .on(t.stage, t.assigneeId)
      .where(sql`${t.stage} <> 'delivered'`),
    check('work_tickets_stage_check', sql`${t.stage} in (${sqlList(WORK_STAGES)})`),
    check('work_tickets_version_check', sql`${t.version} >= 1`),
  ],
);

/**
 * A ticket's stages (issue 31 item 1): one row per stage of its plan, in `position` order, with
 * its due date (a Kolkata calendar day worked back from the order's promised date, or null
 * without one), its assignee, when it started and ended and who moved it there. A stage visited
 * again (a second trial after an alteration) gets a new row.
 */
export const workTicketStages = pgTable(
  'work_ticket_stages',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    ticketId: integer('ticket_id')
      .notNull()
      .references(() => workTickets.id, { onDelete: 'cascade' }),
    stage: text('stage', { enum: WORK_STAGES }).notNull(),
    position: integer('position').notNull(),
    dueOn: date('due_on', { mode: 'string' }),
    assigneeId: text('assignee_id').references(() => user.id, { onDelete: 'set null' }),
    startedAt: timestamp('started_at', { withTimezone: true }),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    movedById: text('moved_by_id').references(() => user.id, { onDelete: 'set null' }),
    movedByName: text('moved_by_name').notNull().default(''),
  },
  (t) => [
    index('work_ticket_stages_ticket_idx').on(t.ticketId, t.position),
    check('work_ticket_stages_stage_check', sql`${t.stage} in (${sqlList(WORK_STAGES)})`),
  ],
);

/* Piece rates and the workers' month (issue 31 item 8), written by features/workshop/wages. */

/**
 * A worker's piece rate (issue 31 item 8): paise for one garment type's stage, in effect from a
 * Kolkata calendar day until the worker's next rate of that type and stage. A new rate adds a
 * row (the same day's is replaced), so the rates of past days stay as they were.
 */
export const workshopPieceRates = pgTable(
  'workshop_piece_rates',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    workerId: text('worker_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    garmentType: text('garment_type', { enum: GARMENT_TYPES }).notNull(),
    stage: text('stage', { enum: WORK_STAGES }).notNull(),
    /** Paise per stage finished; 0 stops paying from `effective_from`. */
    ratePaise: integer('rate_paise').notNull(),
    effectiveFrom: date('effective_from', { mode: 'string' }).notNull(),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('workshop_piece_rates_key').on(t.workerId, t.garmentType, t.stage, t.effectiveFrom),
    check('workshop_piece_rates_rate_check', sql`${t.ratePaise} between 0 and 100000000`),
    check(
      'workshop_piece_rates_garment_check',
      sql`${t.garmentType} in (${sqlList(GARMENT_TYPES)})`,
    ),
    check('workshop_piece_rates_stage_check', sql`${t.stage} in (${sqlList(WORK_STAGES)})`),
  ],
);

/**
 * A worker's credit for a finished stage (issue 31 item 8): the rate in effect on the Kolkata
 * day the stage ended, copied, so a later rate never rewrites it. One per ticket stage row
 * (unique), so a replayed move cannot credit twice; a stage visited again has a row of its own.
 * The stage row's id is cleared if its garment is removed; the credit, earned, stays.
 */
export const workshopCredits = pgTable(
  'workshop_credits',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    ticketStageId: integer('ticket_stage_id').references(() => workTicketStages.id, {
      onDelete: 'set null',
    }),
    workerId: text('worker_id')
      .notNull()
      .references(() => user.id, { onDelete: 'restrict' }),
    garmentId: integer('garment_id'),
    garmentType: text('garment_type', { enum: GARMENT_TYPES }).notNull(),
    stage: text('stage', { enum: WORK_STAGES }).notNull(),
    /** The order's number, for the worker's list. */
    orderNumber: text('order_number').notNull(),
    amountPaise: integer('amount_paise').notNull(),
    /** The Kolkata day the stage ended: the month it counts in. */
    earnedOn: date('earned_on', { mode: 'string' }).notNull(),
    earnedAt: timestamp('earned_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('workshop_credits_stage_key').on(t.ticketStageId),
    index('workshop_credits_worker_idx').on(t.workerId, t.earnedOn),
    check('workshop_credits_amount_check', sql`${t.amountPaise} >= 0`),
  ],
);

/**
 * A payment made to a worker (issue 31 item 8): cash, UPI or bank transfer, on a Kolkata day,
 * recorded (and audited) by the owner. A worker's balance is their credits less these.
 */
export const workerPayments = pgTable(
  'workshop_worker_payments',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    workerId: text('worker_id')
      .notNull()
      .references(() => user.id, { onDelete: 'restrict' }),
    amountPaise: integer('amount_paise').notNull(),
    method: text('method', { enum: WORKER_PAYMENT_METHODS }).notNull(),
    reference: text('reference').notNull().default(''),
    paidOn: date('paid_on', { mode: 'string' }).notNull(),
    recordedById: text('recorded_by_id').references(() => user.id, { onDelete: 'set null' }),
    recordedByEmail: text('recorded_by_email').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('workshop_worker_payments_worker_idx').on(t.workerId, t.paidOn),
    check('workshop_worker_payments_amount_check', sql`${t.amountPaise} > 0`),
    check(
      'workshop_worker_payments_method_check',
      sql`${t.method} in (${sqlList(WORKER_PAYMENT_METHODS)})`,
    ),
  ],
);

/* Issue 31 item 7: fabric for the workshop ------------------------------------------------- */

/**
 * The metres of a catalogue fabric held for a bespoke garment (issue 31 item 7): made when the
 * order is confirmed at the garment type's default length (the garment's `consumption_cm`),
 * which staff may change while it is open; consumed when the garment's cutting starts, which
 * takes `consumed_cm` off `products.stock` (centimetres) in the same transaction. Open = not
 * consumed and its order not cancelled: an open reservation lowers what the shop can sell
 * (available = stock − open reservations). Removing the garment removes it. Written by
 * features/catalog (it is the catalogue's stock).
 */
export const fabricReservations = pgTable(
  'fabric_reservations',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    garmentId: integer('garment_id')
      .notNull()
      .references(() => bespokeGarments.id, { onDelete: 'cascade' }),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    /** Centimetres held (350 = 3.5 m). */
    lengthCm: integer('length_cm').notNull(),
    /** When cutting started and the length left the stock; null while open. */
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
    /** Centimetres taken off the stock at cutting (less than `length_cm` only when stock ran short). */
    consumedCm: integer('consumed_cm'),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('fabric_reservations_garment_key').on(t.garmentId),
    index('fabric_reservations_product_idx').on(t.productId),
    check('fabric_reservations_length_check', sql`${t.lengthCm} between 1 and 2000`),
    check(
      'fabric_reservations_consumed_check',
      sql`${t.consumedCm} is null or ${t.consumedCm} >= 0`,
    ),
  ],
);

/**
 * A trial's outcome for one garment (issue 31 item 5, "Trials and alterations"): one row per
 * trial visit (`trial_stage_id`, the ticket's stage row of that trial) per garment: 'fits' or
 * 'alteration', the notes for whoever alters it ("shorten sleeves 1 cm", up to 1000 characters),
 * who the alteration went to (null for 'fits'), who recorded it and when. Written by
 * features/workshop (trials.server.ts).
 */
export const trialOutcomes = pgTable(
  'trial_outcomes',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    ticketId: integer('ticket_id')
      .notNull()
      .references(() => workTickets.id, { onDelete: 'cascade' }),
    trialStageId: integer('trial_stage_id')
      .notNull()
      .references(() => workTicketStages.id, { onDelete: 'cascade' }),
    outcome: text('outcome', { enum: TRIAL_OUTCOMES }).notNull(),
    notes: text('notes').notNull().default(''),
    alterationAssigneeId: text('alteration_assignee_id').references(() => user.id, {
      onDelete: 'set null',
    }),
    recordedById: text('recorded_by_id').references(() => user.id, { onDelete: 'set null' }),
    recordedByName: text('recorded_by_name').notNull().default(''),
    recordedAt: timestamp('recorded_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('trial_outcomes_visit_idx').on(t.trialStageId),
    index('trial_outcomes_ticket_idx').on(t.ticketId, t.recordedAt),
    check('trial_outcomes_outcome_check', sql`${t.outcome} in (${sqlList(TRIAL_OUTCOMES)})`),
    check('trial_outcomes_notes_check', sql`char_length(${t.notes}) <= 1000`),
  ],
);

/**
 * The payment ledger of every order (issue 21 item 4): one row per payment in (amount > 0) or
 * refund out (amount < 0), online, by payment link or at the counter. An order's balance is
 * computed from its 'succeeded' rows, never stored. Provider ids are unique, so a replayed
 * confirmation or webhook finds the row it already settled.
 */
export const payments = pgTable(
  'payments',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'restrict' }),
    kind: text('kind', { enum: PAYMENT_KINDS }).notNull(),
    method: text('method', { enum: PAYMENT_METHODS }).notNull(),
    status: text('status', { enum: PAYMENT_STATUSES }).notNull().default('pending'),
    /** Paise: > 0 for a payment, < 0 for a refund. */
    amountPaise: integer('amount_paise').notNull(),
    /** 'razorpay' or 'sandbox' for online rows; null at the counter. */
    provider: text('provider', { enum: ['razorpay', 'sandbox'] }),
    providerOrderId: text('provider_order_id'),
    providerPaymentId: text('provider_payment_id'),
    providerRefundId: text('provider_refund_id'),
    providerLinkId: text('provider_link_id'),
    /** A payment link's URL (Razorpay's short URL, or the sandbox's page). */
    linkUrl: text('link_url'),
    /** A refund: the payment row it returns money from. */
    refundOfId: integer('refund_of_id').references((): AnyPgColumn => payments.id, {
      onDelete: 'restrict',
    }),
    /** The counter's reference (UPI transaction id, receipt number). */
    reference: text('reference').notNull().default(''),
    /** A refund's reason. */
    reason: text('reason').notNull().default(''),
    /** Sent to the provider with a refund, so a retried request refunds once. */
    idempotencyKey: text('idempotency_key'),
    recordedById: text('recorded_by_id').references(() => user.id, { onDelete: 'set null' }),
    recordedByEmail: text('recorded_by_email'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    settledAt: timestamp('settled_at', { withTimezone: true }),
  },
  (t) => [
    index('payments_order_idx').on(t.orderId, t.createdAt),
    // The day book reads a shop day's settled rows (issue 29 item 4).
    index('payments_settled_idx').on(t.settledAt),
    uniqueIndex('payments_provider_order_key').on(t.providerOrderId),
    uniqueIndex('payments_provider_payment_key').on(t.providerPaymentId),
    uniqueIndex('payments_provider_refund_key').on(t.providerRefundId),
    uniqueIndex('payments_provider_link_key').on(t.providerLinkId),
    uniqueIndex('payments_idempotency_key').on(t.idempotencyKey),
    check('payments_kind_check', sql`${t.kind} in (${sqlList(PAYMENT_KINDS)})`),
    check('payments_method_check', sql`${t.method} in (${sqlList(PAYMENT_METHODS)})`),
    check('payments_status_check', sql`${t.status} in (${sqlList(PAYMENT_STATUSES)})`),
    check(
      'payments_amount_check',
      sql`(${t.kind} = 'payment' and ${t.amountPaise} > 0) or (${t.kind} = 'refund' and ${t.amountPaise} < 0)`,
    ),
  ],
);

/**
 * The counted cash of the drawer (issue 29 item 4, the day book; decision 019): one row per
 * count of a shop day (Asia/Kolkata), never updated: a recount adds a row and the latest is
 * the day's count. `expected_paise` is what the day book expected when it was counted;
 * `kept_paise` what stayed in the drawer for the next day (null: all of it). Owned by the
 * payments domain (`features/payments/day-book.server.ts`).
 */
export const cashCounts = pgTable(
  'cash_counts',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    day: date('day', { mode: 'string' }).notNull(),
    countedPaise: integer('counted_paise').notNull(),
    expectedPaise: integer('expected_paise').notNull(),
    keptPaise: integer('kept_paise'),
    note: text('note').notNull().default(''),
    recordedById: text('recorded_by_id').references(() => user.id, { onDelete: 'set null' }),
    recordedByEmail: text('recorded_by_email').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('cash_counts_day_idx').on(t.day, t.id),
    check('cash_counts_counted_check', sql`${t.countedPaise} >= 0`),
    check(
      'cash_counts_kept_check',
      sql`${t.keptPaise} is null or ${t.keptPaise} between 0 and ${t.countedPaise}`,
    ),
  ],
);

/**
 * The invoice and credit-note counters (DESIGN.md "Invoices"): one row per series and
 * financial year ('2026-27'), raised in the same transaction that inserts the document, so
 * numbers have no gaps and no duplicates whatever runs at once.
 */
export const invoiceCounters = pgTable(
  'invoice_counters',
  {
    series: text('series').notNull(),
    financialYear: text('financial_year').notNull(),
    lastNumber: integer('last_number').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.series, t.financialYear] }),
    check('invoice_counters_last_check', sql`${t.lastNumber} >= 0`),
  ],
);

/**
 * Tax invoices and credit notes (issue 21 item 5, Rule 46 of the CGST Rules). `number` is the
 * printed number (≤ 16 characters, e.g. 'RT/26-27/000123'); `document` keeps everything the
 * PDF prints (supplier, recipient, lines, taxes, totals) as issued, so a later settings change
 * never alters an issued invoice. A credit note refers to its invoice and to the refund row; a refund voucher
 * (issue 28 item 3) to the refund row, and to the invoice when there is one; a receipt voucher
 * (issue 29 item 3, Rule 50) to the advance's payment row, one per row.
 */
export const invoices = pgTable(
  'invoices',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    kind: text('kind', { enum: INVOICE_KINDS }).notNull(),
    number: text('number').notNull(),
    series: text('series').notNull(),
    financialYear: text('financial_year').notNull(),
    sequence: integer('sequence').notNull(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'restrict' }),
    refersToId: integer('refers_to_id').references((): AnyPgColumn => invoices.id, {
      onDelete: 'restrict',
    }),
    paymentId: integer('payment_id').references(() => payments.id, { onDelete: 'restrict' }),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull().defaultNow(),
    /** The document's total in paise (tax included; positive for a credit note too). */
    totalPaise: integer('total_paise').notNull(),
    document: jsonb('document').$type<Record<string, unknown>>().notNull(),
  },
  (t) => [
    uniqueIndex('invoices_number_key').on(t.number),
    uniqueIndex('invoices_series_sequence_key').on(t.series, t.financialYear, t.sequence),
    uniqueIndex('invoices_order_invoice_key')
      .on(t.orderId)
      .where(sql`${t.kind} = 'invoice'`),
    uniqueIndex('invoices_payment_credit_note_key')
      .on(t.paymentId)
      .where(sql`${t.kind} = 'credit_note'`),
    uniqueIndex('invoices_payment_refund_voucher_key')
      .on(t.paymentId)
      .where(sql`${t.kind} = 'refund_voucher'`),
    uniqueIndex('invoices_payment_receipt_voucher_key')
      .on(t.paymentId)
      .where(sql`${t.kind} = 'receipt_voucher'`),
    index('invoices_order_idx').on(t.orderId),
    check('invoices_kind_check', sql`${t.kind} in (${sqlList(INVOICE_KINDS)})`),
    check('invoices_number_length_check', sql`char_length(${t.number}) <= 16`),
    check('invoices_sequence_check', sql`${t.sequence} >= 1`),
    check('invoices_total_check', sql`${t.totalPaise} >= 0`),
  ],
);

/**
 * What each refund returned, line by line (issue 29 item 3: "a refund names the lines and
 * quantities (or metres) it returns"), written with the refund row under the order's lock, so
 * a line is never returned beyond what was sold, and read by its credit note (exactly these
 * lines) and by the reports. `line_index` is the line's position on the order's tax invoice
 * (0-based: the shop order's lines, or the bespoke order's garments, in the invoice's order);
 * `quantity_centi` counts hundredths of the line's unit (100 = one piece, or one metre);
 * `gross_paise` is the value returned, tax included (features/invoices/refund-lines.ts). A
 * refund without lines (goodwill) has no rows here.
 */
export const refundLines = pgTable(
  'refund_lines',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    refundId: integer('refund_id')
      .notNull()
      .references(() => payments.id, { onDelete: 'restrict' }),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'restrict' }),
    lineIndex: integer('line_index').notNull(),
    description: text('description').notNull(),
    quantityCenti: integer('quantity_centi').notNull(),
    grossPaise: integer('gross_paise').notNull(),
  },
  (t) => [
    uniqueIndex('refund_lines_refund_line_key').on(t.refundId, t.lineIndex),
    index('refund_lines_order_idx').on(t.orderId, t.lineIndex),
    check('refund_lines_line_index_check', sql`${t.lineIndex} >= 0`),
    check('refund_lines_quantity_check', sql`${t.quantityCenti} > 0`),
    check('refund_lines_gross_check', sql`${t.grossPaise} >= 0`),
  ],
);

/**
 * GST rate rules (issue 29 item 1): an HSN/SAC code or prefix, an optional band on one piece's
 * taxable value (above `above_paise`, exclusive; up to `up_to_paise`, inclusive), a rate in
 * percent (whole or half) and the Kolkata date it takes effect. The invoice takes, per line, the
 * rule in force on its date (`features/invoices/rate-rules.ts`). A rule entered in error is
 * retired (`retired_at`), never deleted, so the audit log's ids keep pointing at it.
 */
export const taxRateRules = pgTable(
  'tax_rate_rules',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    code: text('code').notNull(),
    abovePaise: integer('above_paise'),
    upToPaise: integer('up_to_paise'),
    ratePercent: real('rate_percent').notNull(),
    effectiveFrom: date('effective_from', { mode: 'string' }).notNull(),
    label: text('label').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    retiredAt: timestamp('retired_at', { withTimezone: true }),
  },
  (t) => [
    index('tax_rate_rules_code_idx').on(t.code, t.effectiveFrom),
    check('tax_rate_rules_code_check', sql`${t.code} ~ '^[0-9]{2,8}$'`),
    check(
      'tax_rate_rules_rate_check',
      sql`${t.ratePercent} >= 0 and ${t.ratePercent} <= 28 and ${t.ratePercent} * 2 = floor(${t.ratePercent} * 2)`,
    ),
    check(
      'tax_rate_rules_band_check',
      sql`(${t.abovePaise} is null or ${t.abovePaise} >= 0) and (${t.upToPaise} is null or ${t.upToPaise} >= 0) and (${t.abovePaise} is null or ${t.upToPaise} is null or ${t.abovePaise} < ${t.upToPaise})`,
    ),
  ],
);

/*
 * Coupons (issue 32 item 4, decision 036): owned by features/coupons, written only by its
 * coupons-commands.server.ts.
 */

/** The kinds of coupon: a percentage of the eligible goods, or a flat amount off them. */
export const COUPON_KINDS = ['percent', 'flat'] as const;

/**
 * A discount code. `value` is a whole percent (1 to 100) for 'percent', paise for 'flat'.
 * `category_ids` empty means every category. The dates are Kolkata calendar dates, both
 * inclusive (null: no bound). The limits are null for unlimited.
 */
export const coupons = pgTable(
  'coupons',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    /** Upper case, unique. */
    code: text('code').notNull(),
    kind: text('kind', { enum: COUPON_KINDS }).notNull(),
    value: integer('value').notNull(),
    minOrderPaise: integer('min_order_paise').notNull().default(0),
    categoryIds: integer('category_ids')
      .array()
      .notNull()
      .default(sql`'{}'::integer[]`),
    validFrom: date('valid_from', { mode: 'string' }),
    validUntil: date('valid_until', { mode: 'string' }),
    totalLimit: integer('total_limit'),
    perCustomerLimit: integer('per_customer_limit'),
    isActive: boolean('is_active').notNull().default(true),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('coupons_code_key').on(sql`upper(${t.code})`),
    check('coupons_code_check', sql`${t.code} ~ '^[A-Z0-9][A-Z0-9_-]{1,29}$'`),
    check('coupons_kind_check', sql`${t.kind} in (${sqlList(COUPON_KINDS)})`),
    check(
      'coupons_value_check',
      sql`${t.value} > 0 and (${t.kind} <> 'percent' or ${t.value} <= 100)`,
    ),
    check('coupons_min_order_check', sql`${t.minOrderPaise} >= 0`),
    check(
      'coupons_limits_check',
      sql`(${t.totalLimit} is null or ${t.totalLimit} > 0) and (${t.perCustomerLimit} is null or ${t.perCustomerLimit} > 0)`,
    ),
    check(
      'coupons_dates_check',
      sql`${t.validFrom} is null or ${t.validUntil} is null or ${t.validFrom} <= ${t.validUntil}`,
    ),
  ],
);

/**
 * One use of a coupon: the order it was placed on (one coupon an order), the account, the
 * discount given. A use counts while its order is not cancelled (decision 036).
 */
export const couponRedemptions = pgTable(
  'coupon_redemptions',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    couponId: integer('coupon_id')
      .notNull()
      .references(() => coupons.id, { onDelete: 'restrict' }),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    userId: text('user_id').references(() => user.id, { onDelete: 'set null' }),
    discountPaise: integer('discount_paise').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('coupon_redemptions_order_key').on(t.orderId),
    index('coupon_redemptions_coupon_idx').on(t.couponId, t.userId),
    check('coupon_redemptions_discount_check', sql`${t.discountPaise} >= 0`),
  ],
);

/** The code a signed-in shopper applied to their cart (one at a time), until removed or used. */
export const cartCoupons = pgTable('cart_coupons', {
  userId: text('user_id')
    .primaryKey()
    .references(() => user.id, { onDelete: 'cascade' }),
  code: text('code').notNull(),
  appliedAt: timestamp('applied_at', { withTimezone: true }).notNull().defaultNow(),
});
// --- Issue 32 item 1: the address book (features/addresses) ---

/**
 * A signed-in shopper's saved delivery addresses (issue 32 item 1 "Signed-in shoppers keep an
 * address book"): written only by features/addresses/addresses-commands.server.ts, at most
 * `MAX_SAVED_ADDRESSES` an account, one of them the default. Gone with the account.
 */
export const customerAddresses = pgTable(
  'customer_addresses',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    /** What the shopper calls it: Home, Office, … */
    label: text('label').notNull(),
    address: text('address').notNull(),
    addressLine2: text('address_line2').notNull().default(''),
    landmark: text('landmark').notNull().default(''),
    pincode: text('pincode').notNull(),
    city: text('city').notNull(),
    district: text('district').notNull(),
    state: text('state').notNull(),
    isDefault: boolean('is_default').notNull().default(false),
    ...timestamps,
  },
  (t) => [
    index('customer_addresses_user_idx').on(t.userId),
    uniqueIndex('customer_addresses_default_key')
      .on(t.userId)
      .where(sql`${t.isDefault}`),
  ],
);
// ── Issue 32 item 2: shipping and pickup ──────────────────────────────────────────────────────

/**
 * The local courier's AWB series (`app/lib/couriers/local.server.ts`): each shipment takes the
 * next value, allocated by the database so two dispatches never share a number.
 */
export const localAwbSequence = pgSequence('local_awb_seq', { startWith: 1, increment: 1 });

// ── Issue 32 item 3: cash on delivery ─────────────────────────────────────────────────────────

/**
 * The one-time code that confirms a cash-on-delivery order (features/cod): only its hash
 * (SHA-256 of the order id and the code), the wrong tries so far (at most 5), when it expires;
 * one row an order, replaced when a new code is sent.
 */
export const codConfirmations = pgTable(
  'cod_confirmations',
  {
    orderId: integer('order_id')
      .primaryKey()
      .references(() => orders.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    ...timestamps,
  },
  (t) => [check('cod_confirmations_attempts_check', sql`${t.attempts} >= 0`)],
);

// ── Issue 32 item 6: dispatch (features/dispatch) ─────────────────────────────────────────────

/**
 * An order's dispatch (issue 32 item 6 "Dispatch, separate from the workshop"): one row per
 * order once staff first move it (before that a paid order stands at "to pack"), its stage
 * (`DISPATCH_STAGES`, forward only), and once shipped the courier's provider, shipment id, AWB
 * (unique), courier name and tracking URL. Written only by features/dispatch.
 */
export const shipments = pgTable(
  'shipments',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    /** 'ship' (by courier) or 'pickup' (collected from the shop), from the order. */
    method: text('method', { enum: ['ship', 'pickup'] }).notNull(),
    stage: text('stage', { enum: DISPATCH_STAGES }).notNull(),
    /** 'local' or 'shiprocket': who carries it (null until shipped). */
    provider: text('provider'),
    providerShipmentId: text('provider_shipment_id'),
    awb: text('awb'),
    courierName: text('courier_name'),
    trackingUrl: text('tracking_url'),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('shipments_order_key').on(t.orderId),
    uniqueIndex('shipments_awb_key').on(t.awb),
    check('shipments_stage_check', sql`${t.stage} in (${sqlList(DISPATCH_STAGES)})`),
    check('shipments_method_check', sql`${t.method} in ('ship', 'pickup')`),
  ],
);

/**
 * A shipment's moves, oldest first: staff's (no `event_id`) and the courier's tracking webhooks
 * (`event_id` unique, so a replayed webhook is stored once and changes nothing twice). `stage`
 * is the stage the event stands for (null for courier words that move nothing), `status` the
 * courier's own words.
 */
export const shipmentEvents = pgTable(
  'shipment_events',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    shipmentId: integer('shipment_id')
      .notNull()
      .references(() => shipments.id, { onDelete: 'cascade' }),
    eventId: text('event_id'),
    source: text('source', { enum: ['staff', 'courier'] }).notNull(),
    stage: text('stage', { enum: DISPATCH_STAGES }),
    status: text('status').notNull().default(''),
    location: text('location').notNull().default(''),
    actorEmail: text('actor_email'),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('shipment_events_event_key').on(t.eventId),
    index('shipment_events_shipment_idx').on(t.shipmentId, t.at),
  ],
);

// ── Issue 32 item 7: returns and exchanges (features/returns) ─────────────────────────────────

/**
 * A shopper's request to return or exchange one line of a shop order (issue 32 item 7): the
 * kind, a reason from a short list and an optional note, its status, how the goods come back
 * once approved ('drop' at the shop or a 'pickup' by the courier, with its AWB), the size
 * asked for an exchange (the variant) and the order that exchange made, who decided and why
 * a refusal. At most one open request a line (the partial unique index). Written only by
 * features/returns.
 */
export const returnRequests = pgTable(
  'return_requests',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    orderLineId: integer('order_line_id')
      .notNull()
      .references(() => orderLines.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: RETURN_KINDS }).notNull(),
    reason: text('reason').notNull(),
    note: text('note').notNull().default(''),
    status: text('status', { enum: RETURN_STATUSES }).notNull().default('requested'),
    /** Once approved: 'drop' (the shopper brings it to the shop) or 'pickup' (reverse pickup). */
    method: text('method', { enum: ['drop', 'pickup'] }),
    awb: text('awb'),
    /** An exchange: the size asked for (the variant of the same product). */
    exchangeVariantId: integer('exchange_variant_id').references(() => productVariants.id, {
      onDelete: 'set null',
    }),
    exchangeSize: text('exchange_size'),
    /** The ₹0 order an exchange made, once the goods came back. */
    exchangeOrderId: integer('exchange_order_id').references((): AnyPgColumn => orders.id, {
      onDelete: 'set null',
    }),
    /** The ledger's refund row a return made. */
    refundId: integer('refund_id'),
    /** The refusal's reason, shown to the shopper. */
    refusalReason: text('refusal_reason'),
    decidedByEmail: text('decided_by_email'),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    receivedAt: timestamp('received_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    index('return_requests_order_idx').on(t.orderId),
    uniqueIndex('return_requests_open_line_key')
      .on(t.orderLineId)
      .where(sql`${t.status} not in ('refused', 'cancelled')`),
    check('return_requests_kind_check', sql`${t.kind} in (${sqlList(RETURN_KINDS)})`),
    check('return_requests_status_check', sql`${t.status} in (${sqlList(RETURN_STATUSES)})`),
    check(
      'return_requests_method_check',
      sql`${t.method} is null or ${t.method} in ('drop', 'pickup')`,
    ),
  ],
);

/**
 * The photos a shopper sends with a return request (issue 32 item 7 "with a reason and
 * optional photos"; at most 3 a request): private WebP files under `private/returns/`, read
 * only by the order's owner and staff who decide returns. Written only by features/returns.
 */
export const returnPhotos = pgTable(
  'return_photos',
  {
    id: text('id').primaryKey(),
    requestId: integer('request_id')
      .notNull()
      .references(() => returnRequests.id, { onDelete: 'cascade' }),
    storageKey: text('storage_key').notNull(),
    contentType: text('content_type').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('return_photos_request_idx').on(t.requestId)],
);

// ── Issue 32 item 5: one-time phone codes (features/otp) ─────────────────────────────

/**
 * A one-time code sent to a phone on WhatsApp (issue 32 item 5 "confirmed by a one-time code";
 * decision 037): what it is for (`purpose`, 'guest-checkout'; issue 33's phone sign-in adds
 * its own), the E.164 phone, only the SHA-256 of the per-code `salt` and the code, the wrong
 * tries (dead at 5), its expiry (10 minutes) and when it was used (a used code is never taken
 * again). Written only by features/otp.
 */
export const phoneCodes = pgTable(
  'phone_codes',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    purpose: text('purpose', { enum: ['guest-checkout'] }).notNull(),
    phone: text('phone').notNull(),
    salt: text('salt').notNull(),
    codeHash: text('code_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    index('phone_codes_phone_idx').on(t.phone, t.purpose, t.createdAt),
    check('phone_codes_attempts_check', sql`${t.attempts} >= 0`),
    check('phone_codes_purpose_check', sql`${t.purpose} in ('guest-checkout')`),
  ],
);
