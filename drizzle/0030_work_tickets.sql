CREATE TABLE "work_ticket_stages" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "work_ticket_stages_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"ticket_id" integer NOT NULL,
	"stage" text NOT NULL,
	"position" integer NOT NULL,
	"due_on" date,
	"assignee_id" text,
	"started_at" timestamp with time zone,
	"ended_at" timestamp with time zone,
	"moved_by_id" text,
	"moved_by_name" text DEFAULT '' NOT NULL,
	CONSTRAINT "work_ticket_stages_stage_check" CHECK ("work_ticket_stages"."stage" in ('measured', 'cutting', 'stitching', 'finishing', 'trial', 'alteration', 'ready', 'delivered'))
);
--> statement-breakpoint
CREATE TABLE "work_tickets" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "work_tickets_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"garment_id" integer NOT NULL,
	"order_id" integer NOT NULL,
	"stage" text DEFAULT 'measured' NOT NULL,
	"assignee_id" text,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "work_tickets_stage_check" CHECK ("work_tickets"."stage" in ('measured', 'cutting', 'stitching', 'finishing', 'trial', 'alteration', 'ready', 'delivered')),
	CONSTRAINT "work_tickets_version_check" CHECK ("work_tickets"."version" >= 1)
);
--> statement-breakpoint
ALTER TABLE "work_ticket_stages" ADD CONSTRAINT "work_ticket_stages_ticket_id_work_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."work_tickets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_ticket_stages" ADD CONSTRAINT "work_ticket_stages_assignee_id_user_id_fk" FOREIGN KEY ("assignee_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_ticket_stages" ADD CONSTRAINT "work_ticket_stages_moved_by_id_user_id_fk" FOREIGN KEY ("moved_by_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_tickets" ADD CONSTRAINT "work_tickets_garment_id_bespoke_garments_id_fk" FOREIGN KEY ("garment_id") REFERENCES "public"."bespoke_garments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_tickets" ADD CONSTRAINT "work_tickets_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_tickets" ADD CONSTRAINT "work_tickets_assignee_id_user_id_fk" FOREIGN KEY ("assignee_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "work_ticket_stages_ticket_idx" ON "work_ticket_stages" USING btree ("ticket_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "work_tickets_garment_idx" ON "work_tickets" USING btree ("garment_id");--> statement-breakpoint
CREATE INDEX "work_tickets_order_idx" ON "work_tickets" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "work_tickets_assignee_idx" ON "work_tickets" USING btree ("assignee_id");--> statement-breakpoint
CREATE INDEX "work_tickets_open_idx" ON "work_tickets" USING btree ("stage","assignee_id") WHERE "work_tickets"."stage" <> 'delivered';--> statement-breakpoint
-- The production board's live updates (issue 31 item 3): every statement that changes
-- work_tickets (a move, an assignment, new tickets) sends one NOTIFY on channel "workshop",
-- which /api/events relays to browsers as `event: workshop`; every instance LISTENs itself.
CREATE OR REPLACE FUNCTION workshop_notify() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('workshop', json_build_object('table', TG_TABLE_NAME, 'op', lower(TG_OP))::text);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER work_tickets_notify AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON work_tickets
  FOR EACH STATEMENT EXECUTE FUNCTION workshop_notify();
