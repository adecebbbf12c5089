CREATE TABLE "fabric_reservations" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "fabric_reservations_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"product_id" integer NOT NULL,
	"garment_id" integer NOT NULL,
	"order_id" integer NOT NULL,
	"length_cm" integer NOT NULL,
	"consumed_at" timestamp with time zone,
	"consumed_cm" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "fabric_reservations_length_check" CHECK ("fabric_reservations"."length_cm" between 1 and 2000),
	CONSTRAINT "fabric_reservations_consumed_check" CHECK ("fabric_reservations"."consumed_cm" is null or "fabric_reservations"."consumed_cm" >= 0)
);
--> statement-breakpoint
ALTER TABLE "fabric_reservations" ADD CONSTRAINT "fabric_reservations_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fabric_reservations" ADD CONSTRAINT "fabric_reservations_garment_id_bespoke_garments_id_fk" FOREIGN KEY ("garment_id") REFERENCES "public"."bespoke_garments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fabric_reservations" ADD CONSTRAINT "fabric_reservations_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "fabric_reservations_garment_key" ON "fabric_reservations" USING btree ("garment_id");--> statement-breakpoint
CREATE INDEX "fabric_reservations_product_idx" ON "fabric_reservations" USING btree ("product_id");