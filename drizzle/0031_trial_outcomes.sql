CREATE TABLE "trial_outcomes" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "trial_outcomes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"ticket_id" integer NOT NULL,
	"trial_stage_id" integer NOT NULL,
	"outcome" text NOT NULL,
	"notes" text DEFAULT '' NOT NULL,
	"alteration_assignee_id" text,
	"recorded_by_id" text,
	"recorded_by_name" text DEFAULT '' NOT NULL,
	"recorded_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "trial_outcomes_outcome_check" CHECK ("trial_outcomes"."outcome" in ('fits', 'alteration')),
	CONSTRAINT "trial_outcomes_notes_check" CHECK (char_length("trial_outcomes"."notes") <= 1000)
);
--> statement-breakpoint
ALTER TABLE "trial_outcomes" ADD CONSTRAINT "trial_outcomes_ticket_id_work_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."work_tickets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trial_outcomes" ADD CONSTRAINT "trial_outcomes_trial_stage_id_work_ticket_stages_id_fk" FOREIGN KEY ("trial_stage_id") REFERENCES "public"."work_ticket_stages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trial_outcomes" ADD CONSTRAINT "trial_outcomes_alteration_assignee_id_user_id_fk" FOREIGN KEY ("alteration_assignee_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trial_outcomes" ADD CONSTRAINT "trial_outcomes_recorded_by_id_user_id_fk" FOREIGN KEY ("recorded_by_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "trial_outcomes_visit_idx" ON "trial_outcomes" USING btree ("trial_stage_id");--> statement-breakpoint
CREATE INDEX "trial_outcomes_ticket_idx" ON "trial_outcomes" USING btree ("ticket_id","recorded_at");