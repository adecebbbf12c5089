CREATE TABLE "bespoke_garments" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "bespoke_garments_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"order_id" integer NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"garment_type" text NOT NULL,
	"design_id" text,
	"fabric_product_id" integer,
	"fabric_code" text DEFAULT '' NOT NULL,
	"fabric_name" text NOT NULL,
	"fabric_price_per_metre_paise" integer NOT NULL,
	"consumption_cm" integer NOT NULL,
	"options" jsonb NOT NULL,
	"measurement_version_id" integer,
	"quote_paise" integer NOT NULL,
	"price_paise" integer NOT NULL,
	"override_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bespoke_garments_garment_check" CHECK ("bespoke_garments"."garment_type" in ('shirt', 'trouser', 'suit_jacket', 'waistcoat', 'sherwani', 'jodhpuri', 'kurta', 'churidar')),
	CONSTRAINT "bespoke_garments_quote_check" CHECK ("bespoke_garments"."quote_paise" >= 0),
	CONSTRAINT "bespoke_garments_price_check" CHECK ("bespoke_garments"."price_paise" > 0),
	CONSTRAINT "bespoke_garments_consumption_check" CHECK ("bespoke_garments"."consumption_cm" between 0 and 2000),
	CONSTRAINT "bespoke_garments_fabric_price_check" CHECK ("bespoke_garments"."fabric_price_per_metre_paise" between 0 and 100000000)
);
--> statement-breakpoint
CREATE TABLE "designs" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text,
	"garment_type" text NOT NULL,
	"fabric_product_id" integer,
	"options" jsonb NOT NULL,
	"estimate_paise" integer NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "designs_garment_check" CHECK ("designs"."garment_type" in ('shirt', 'trouser', 'suit_jacket', 'waistcoat', 'sherwani', 'jodhpuri', 'kurta', 'churidar')),
	CONSTRAINT "designs_estimate_check" CHECK ("designs"."estimate_paise" >= 0)
);
--> statement-breakpoint
CREATE TABLE "invoice_counters" (
	"series" text NOT NULL,
	"financial_year" text NOT NULL,
	"last_number" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "invoice_counters_series_financial_year_pk" PRIMARY KEY("series","financial_year"),
	CONSTRAINT "invoice_counters_last_check" CHECK ("invoice_counters"."last_number" >= 0)
);
--> statement-breakpoint
CREATE TABLE "invoices" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "invoices_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"kind" text NOT NULL,
	"number" text NOT NULL,
	"series" text NOT NULL,
	"financial_year" text NOT NULL,
	"sequence" integer NOT NULL,
	"order_id" integer NOT NULL,
	"refers_to_id" integer,
	"payment_id" integer,
	"issued_at" timestamp with time zone DEFAULT now() NOT NULL,
	"total_paise" integer NOT NULL,
	"document" jsonb NOT NULL,
	CONSTRAINT "invoices_kind_check" CHECK ("invoices"."kind" in ('invoice', 'credit_note')),
	CONSTRAINT "invoices_number_length_check" CHECK (char_length("invoices"."number") <= 16),
	CONSTRAINT "invoices_sequence_check" CHECK ("invoices"."sequence" >= 1),
	CONSTRAINT "invoices_total_check" CHECK ("invoices"."total_paise" >= 0)
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "payments_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"order_id" integer NOT NULL,
	"kind" text NOT NULL,
	"method" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"amount_paise" integer NOT NULL,
	"provider" text,
	"provider_order_id" text,
	"provider_payment_id" text,
	"provider_refund_id" text,
	"provider_link_id" text,
	"link_url" text,
	"refund_of_id" integer,
	"reference" text DEFAULT '' NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"idempotency_key" text,
	"recorded_by_id" text,
	"recorded_by_email" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"settled_at" timestamp with time zone,
	CONSTRAINT "payments_kind_check" CHECK ("payments"."kind" in ('payment', 'refund')),
	CONSTRAINT "payments_method_check" CHECK ("payments"."method" in ('online', 'payment_link', 'cash', 'upi')),
	CONSTRAINT "payments_status_check" CHECK ("payments"."status" in ('pending', 'succeeded', 'failed')),
	CONSTRAINT "payments_amount_check" CHECK (("payments"."kind" = 'payment' and "payments"."amount_paise" > 0) or ("payments"."kind" = 'refund' and "payments"."amount_paise" < 0))
);
--> statement-breakpoint
CREATE TABLE "style_option_conflicts" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "style_option_conflicts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"option_id" integer NOT NULL,
	"other_option_id" integer NOT NULL,
	"reason" text NOT NULL,
	CONSTRAINT "style_option_conflicts_pair_check" CHECK ("style_option_conflicts"."option_id" <> "style_option_conflicts"."other_option_id")
);
--> statement-breakpoint
CREATE TABLE "style_options" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "style_options_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"group" text NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"garment_types" text[] DEFAULT '{}'::text[] NOT NULL,
	"image_key" text,
	"price_paise" integer DEFAULT 0 NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"display_order" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "style_options_group_check" CHECK ("style_options"."group" in ('closure', 'lapel', 'collar', 'button', 'pocket', 'vent', 'lining', 'cuff', 'pleat', 'monogram')),
	CONSTRAINT "style_options_code_check" CHECK ("style_options"."code" ~ '^[a-z0-9]+(-[a-z0-9]+)*$'),
	CONSTRAINT "style_options_price_check" CHECK ("style_options"."price_paise" between 0 and 10000000)
);
--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "order_id" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "kind" text DEFAULT 'shop' NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "customer_id" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "promised_on" date;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "notes" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "bespoke_garments" ADD CONSTRAINT "bespoke_garments_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bespoke_garments" ADD CONSTRAINT "bespoke_garments_design_id_designs_id_fk" FOREIGN KEY ("design_id") REFERENCES "public"."designs"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bespoke_garments" ADD CONSTRAINT "bespoke_garments_fabric_product_id_products_id_fk" FOREIGN KEY ("fabric_product_id") REFERENCES "public"."products"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bespoke_garments" ADD CONSTRAINT "bespoke_garments_measurement_version_id_measurement_versions_id_fk" FOREIGN KEY ("measurement_version_id") REFERENCES "public"."measurement_versions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "designs" ADD CONSTRAINT "designs_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "designs" ADD CONSTRAINT "designs_fabric_product_id_products_id_fk" FOREIGN KEY ("fabric_product_id") REFERENCES "public"."products"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_refers_to_id_invoices_id_fk" FOREIGN KEY ("refers_to_id") REFERENCES "public"."invoices"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_refund_of_id_payments_id_fk" FOREIGN KEY ("refund_of_id") REFERENCES "public"."payments"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_recorded_by_id_user_id_fk" FOREIGN KEY ("recorded_by_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "style_option_conflicts" ADD CONSTRAINT "style_option_conflicts_option_id_style_options_id_fk" FOREIGN KEY ("option_id") REFERENCES "public"."style_options"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "style_option_conflicts" ADD CONSTRAINT "style_option_conflicts_other_option_id_style_options_id_fk" FOREIGN KEY ("other_option_id") REFERENCES "public"."style_options"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bespoke_garments_order_idx" ON "bespoke_garments" USING btree ("order_id","position");--> statement-breakpoint
CREATE INDEX "designs_user_idx" ON "designs" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_number_key" ON "invoices" USING btree ("number");--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_series_sequence_key" ON "invoices" USING btree ("series","financial_year","sequence");--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_order_invoice_key" ON "invoices" USING btree ("order_id") WHERE "invoices"."kind" = 'invoice';--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_payment_credit_note_key" ON "invoices" USING btree ("payment_id") WHERE "invoices"."kind" = 'credit_note';--> statement-breakpoint
CREATE INDEX "invoices_order_idx" ON "invoices" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "payments_order_idx" ON "payments" USING btree ("order_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_provider_order_key" ON "payments" USING btree ("provider_order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_provider_payment_key" ON "payments" USING btree ("provider_payment_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_provider_refund_key" ON "payments" USING btree ("provider_refund_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_provider_link_key" ON "payments" USING btree ("provider_link_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_idempotency_key" ON "payments" USING btree ("idempotency_key");--> statement-breakpoint
CREATE UNIQUE INDEX "style_option_conflicts_pair_key" ON "style_option_conflicts" USING btree ("option_id","other_option_id");--> statement-breakpoint
CREATE UNIQUE INDEX "style_options_group_code_key" ON "style_options" USING btree ("group","code");--> statement-breakpoint
CREATE INDEX "style_options_group_idx" ON "style_options" USING btree ("group","display_order");--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "appointments_order_idx" ON "appointments" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "orders_kind_idx" ON "orders" USING btree ("kind","created_at");--> statement-breakpoint
CREATE INDEX "orders_customer_idx" ON "orders" USING btree ("customer_id");--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_kind_check" CHECK ("orders"."kind" in ('shop', 'bespoke'));--> statement-breakpoint
-- The ledger starts with what was already paid: one succeeded online payment row per paid shop order.
INSERT INTO "payments" ("order_id", "kind", "method", "status", "amount_paise", "provider", "provider_order_id", "provider_payment_id", "created_at", "settled_at")
SELECT "id", 'payment', 'online', 'succeeded', "amount_paise", "provider", "provider_order_id", "provider_payment_id", coalesce("paid_at", "updated_at"), coalesce("paid_at", "updated_at")
FROM "orders" WHERE "status" = 'paid';
