CREATE TABLE "cash_counts" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "cash_counts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"day" date NOT NULL,
	"counted_paise" integer NOT NULL,
	"expected_paise" integer NOT NULL,
	"kept_paise" integer,
	"note" text DEFAULT '' NOT NULL,
	"recorded_by_id" text,
	"recorded_by_email" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cash_counts_counted_check" CHECK ("cash_counts"."counted_paise" >= 0),
	CONSTRAINT "cash_counts_kept_check" CHECK ("cash_counts"."kept_paise" is null or "cash_counts"."kept_paise" between 0 and "cash_counts"."counted_paise")
);
--> statement-breakpoint
ALTER TABLE "cash_counts" ADD CONSTRAINT "cash_counts_recorded_by_id_user_id_fk" FOREIGN KEY ("recorded_by_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "cash_counts_day_idx" ON "cash_counts" USING btree ("day","id");--> statement-breakpoint
CREATE INDEX "payments_settled_idx" ON "payments" USING btree ("settled_at");