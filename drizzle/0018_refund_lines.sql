CREATE TABLE "refund_lines" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "refund_lines_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"refund_id" integer NOT NULL,
	"order_id" integer NOT NULL,
	"line_index" integer NOT NULL,
	"description" text NOT NULL,
	"quantity_centi" integer NOT NULL,
	"gross_paise" integer NOT NULL,
	CONSTRAINT "refund_lines_line_index_check" CHECK ("refund_lines"."line_index" >= 0),
	CONSTRAINT "refund_lines_quantity_check" CHECK ("refund_lines"."quantity_centi" > 0),
	CONSTRAINT "refund_lines_gross_check" CHECK ("refund_lines"."gross_paise" >= 0)
);
--> statement-breakpoint
ALTER TABLE "refund_lines" ADD CONSTRAINT "refund_lines_refund_id_payments_id_fk" FOREIGN KEY ("refund_id") REFERENCES "public"."payments"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refund_lines" ADD CONSTRAINT "refund_lines_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "refund_lines_refund_line_key" ON "refund_lines" USING btree ("refund_id","line_index");--> statement-breakpoint
CREATE INDEX "refund_lines_order_idx" ON "refund_lines" USING btree ("order_id","line_index");