CREATE SEQUENCE "public"."local_awb_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "shipping_paise" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "delivery_method" text DEFAULT 'ship' NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "weight_grams" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_shipping_check" CHECK ("orders"."shipping_paise" >= 0);--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_delivery_method_check" CHECK ("orders"."delivery_method" in ('ship', 'pickup'));--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_weight_check" CHECK ("products"."weight_grams" is null or "products"."weight_grams" > 0);--> statement-breakpoint
-- Issue 32 item 2: products already listed get a shipping weight by what they are (a metre of
-- suiting or shirting about 250 g; a garment about 600 g, a sherwani or suit about 1.5 kg), only
-- where none is set, so no owner's edit is overwritten.
UPDATE "products" SET "weight_grams" = CASE
  WHEN "sale_unit" = 'metre' THEN 250
  WHEN "category_id" IN (SELECT "id" FROM "categories" WHERE "slug" ~ '(sherwani|suit|blazer|wedding)') THEN 1500
  ELSE 600
END WHERE "weight_grams" IS NULL;
