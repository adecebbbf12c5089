CREATE TABLE "order_events" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "order_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"order_id" integer NOT NULL,
	"kind" text NOT NULL,
	"fulfilment_status" text,
	"note" text DEFAULT '' NOT NULL,
	"actor_email" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "order_events_kind_check" CHECK ("order_events"."kind" in ('created', 'paid', 'failed', 'cancelled', 'fulfilment')),
	CONSTRAINT "order_events_fulfilment_status_check" CHECK ("order_events"."fulfilment_status" is null or "order_events"."fulfilment_status" in ('confirmed', 'measuring', 'cutting', 'stitching', 'fitting', 'ready', 'delivered'))
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "fulfilment_status" text;--> statement-breakpoint
ALTER TABLE "order_events" ADD CONSTRAINT "order_events_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_events_order_idx" ON "order_events" USING btree ("order_id","created_at");--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_fulfilment_status_check" CHECK ("orders"."fulfilment_status" is null or "orders"."fulfilment_status" in ('confirmed', 'measuring', 'cutting', 'stitching', 'fitting', 'ready', 'delivered'));