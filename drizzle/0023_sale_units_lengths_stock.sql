DROP INDEX "cart_lines_user_product_key";--> statement-breakpoint
ALTER TABLE "cart_lines" ADD COLUMN "length_cm" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "length_cm" integer;--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "metre_price_paise" integer;--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "uqc" text DEFAULT 'NOS' NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "sale_unit" text DEFAULT 'piece' NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "length_step_cm" integer;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "length_min_cm" integer;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "length_max_cm" integer;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "uqc" text DEFAULT 'PCS' NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "stock" integer;--> statement-breakpoint
CREATE UNIQUE INDEX "cart_lines_user_product_key" ON "cart_lines" USING btree ("user_id","product_id","size","color","length_cm");--> statement-breakpoint
ALTER TABLE "cart_lines" ADD CONSTRAINT "cart_lines_length_check" CHECK ("cart_lines"."length_cm" >= 0);--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_sale_unit_check" CHECK ("products"."sale_unit" in ('piece', 'metre'));--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_uqc_check" CHECK ("products"."uqc" in ('MTR', 'PCS', 'SET', 'NOS'));--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_stock_check" CHECK ("products"."stock" is null or "products"."stock" >= 0);--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_lengths_check" CHECK ("products"."sale_unit" = 'piece' or ("products"."length_step_cm" > 0 and "products"."length_min_cm" > 0 and "products"."length_max_cm" >= "products"."length_min_cm"));