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
