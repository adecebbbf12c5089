CREATE TABLE "product_variants" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "product_variants_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"product_id" integer NOT NULL,
	"size" text NOT NULL,
	"sku" text NOT NULL,
	"price_paise" integer NOT NULL,
	"stock" integer,
	"position" integer DEFAULT 0 NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "product_variants_price_check" CHECK ("product_variants"."price_paise" >= 0),
	CONSTRAINT "product_variants_stock_check" CHECK ("product_variants"."stock" is null or "product_variants"."stock" >= 0)
);
--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "variant_id" integer;--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "sku" text;--> statement-breakpoint
ALTER TABLE "product_variants" ADD CONSTRAINT "product_variants_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "product_variants_sku_key" ON "product_variants" USING btree ("sku");--> statement-breakpoint
CREATE UNIQUE INDEX "product_variants_product_size_key" ON "product_variants" USING btree ("product_id","size");--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_variant_id_product_variants_id_fk" FOREIGN KEY ("variant_id") REFERENCES "public"."product_variants"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
-- Hand-written (issue 29 item 2, decision "size variants"): one variant per size of each
-- product sold by the piece, at the product's price, stock not tracked, in the sizes' order. The
-- SKU is the rule of features/catalog/variants.ts (skuFor): slug and size joined by '-',
-- upper-cased, each run of other characters than A-Z and 0-9 made one '-'; a SKU already made
-- for an earlier product gets '-2', '-3', … Then the sizes column goes: the variants are the
-- one source of the sizes offered.
WITH sized AS (
  SELECT p.id AS product_id, s.size, (s.ord - 1)::int AS position, p.price_paise,
    trim(both '-' from upper(regexp_replace(p.slug || '-' || s.size, '[^A-Za-z0-9]+', '-', 'g'))) AS base
  FROM products p CROSS JOIN LATERAL unnest(p.sizes) WITH ORDINALITY AS s(size, ord)
  WHERE p.sale_unit = 'piece' AND trim(s.size) <> ''
), numbered AS (
  SELECT *, row_number() OVER (PARTITION BY base ORDER BY product_id, position) AS n FROM sized
)
INSERT INTO product_variants (product_id, size, sku, price_paise, stock, position)
SELECT product_id, size, CASE WHEN n = 1 THEN base ELSE base || '-' || n END, price_paise, NULL, position
FROM numbered
ON CONFLICT DO NOTHING;--> statement-breakpoint
CREATE TRIGGER product_variants_notify AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON product_variants
  FOR EACH STATEMENT EXECUTE FUNCTION catalogue_notify();--> statement-breakpoint
ALTER TABLE "products" DROP COLUMN "sizes";
