CREATE TABLE "workshop_worker_payments" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "workshop_worker_payments_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"worker_id" text NOT NULL,
	"amount_paise" integer NOT NULL,
	"method" text NOT NULL,
	"reference" text DEFAULT '' NOT NULL,
	"paid_on" date NOT NULL,
	"recorded_by_id" text,
	"recorded_by_email" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "workshop_worker_payments_amount_check" CHECK ("workshop_worker_payments"."amount_paise" > 0),
	CONSTRAINT "workshop_worker_payments_method_check" CHECK ("workshop_worker_payments"."method" in ('cash', 'upi', 'bank'))
);
--> statement-breakpoint
CREATE TABLE "workshop_credits" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "workshop_credits_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"ticket_stage_id" integer,
	"worker_id" text NOT NULL,
	"garment_id" integer,
	"garment_type" text NOT NULL,
	"stage" text NOT NULL,
	"order_number" text NOT NULL,
	"amount_paise" integer NOT NULL,
	"earned_on" date NOT NULL,
	"earned_at" timestamp with time zone NOT NULL,
	CONSTRAINT "workshop_credits_amount_check" CHECK ("workshop_credits"."amount_paise" >= 0)
);
--> statement-breakpoint
CREATE TABLE "workshop_piece_rates" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "workshop_piece_rates_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"worker_id" text NOT NULL,
	"garment_type" text NOT NULL,
	"stage" text NOT NULL,
	"rate_paise" integer NOT NULL,
	"effective_from" date NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "workshop_piece_rates_rate_check" CHECK ("workshop_piece_rates"."rate_paise" between 0 and 100000000),
	CONSTRAINT "workshop_piece_rates_garment_check" CHECK ("workshop_piece_rates"."garment_type" in ('shirt', 'trouser', 'suit_jacket', 'waistcoat', 'sherwani', 'jodhpuri', 'kurta', 'churidar')),
	CONSTRAINT "workshop_piece_rates_stage_check" CHECK ("workshop_piece_rates"."stage" in ('measured', 'cutting', 'stitching', 'finishing', 'trial', 'alteration', 'ready', 'delivered'))
);
--> statement-breakpoint
ALTER TABLE "workshop_worker_payments" ADD CONSTRAINT "workshop_worker_payments_worker_id_user_id_fk" FOREIGN KEY ("worker_id") REFERENCES "public"."user"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workshop_worker_payments" ADD CONSTRAINT "workshop_worker_payments_recorded_by_id_user_id_fk" FOREIGN KEY ("recorded_by_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workshop_credits" ADD CONSTRAINT "workshop_credits_ticket_stage_id_work_ticket_stages_id_fk" FOREIGN KEY ("ticket_stage_id") REFERENCES "public"."work_ticket_stages"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workshop_credits" ADD CONSTRAINT "workshop_credits_worker_id_user_id_fk" FOREIGN KEY ("worker_id") REFERENCES "public"."user"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workshop_piece_rates" ADD CONSTRAINT "workshop_piece_rates_worker_id_user_id_fk" FOREIGN KEY ("worker_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "workshop_worker_payments_worker_idx" ON "workshop_worker_payments" USING btree ("worker_id","paid_on");--> statement-breakpoint
CREATE UNIQUE INDEX "workshop_credits_stage_key" ON "workshop_credits" USING btree ("ticket_stage_id");--> statement-breakpoint
CREATE INDEX "workshop_credits_worker_idx" ON "workshop_credits" USING btree ("worker_id","earned_on");--> statement-breakpoint
CREATE UNIQUE INDEX "workshop_piece_rates_key" ON "workshop_piece_rates" USING btree ("worker_id","garment_type","stage","effective_from");