ALTER TABLE "customers" ADD COLUMN "email_source" text DEFAULT 'staff' NOT NULL;--> statement-breakpoint
ALTER TABLE "customers" ADD CONSTRAINT "customers_email_source_check" CHECK ("customers"."email_source" in ('staff', 'client', 'guest'));--> statement-breakpoint
-- Hand-written (issue 28 item 1, decision 017): an existing e-mail counts as staff-entered only
-- when the audit log shows staff typing it (adding the record with it, or changing the record's
-- e-mail to it). Any other e-mail may have been written by a guest booking, which cannot be
-- told apart after the fact: it is treated as a guest's, so it never links an account by itself.
UPDATE "customers" SET "email_source" = 'guest'
WHERE "email" IS NOT NULL AND NOT EXISTS (
  SELECT 1 FROM "audit_log"
  WHERE "audit_log"."entity" = 'client' AND "audit_log"."entity_id" = "customers"."id"::text
    AND lower("audit_log"."after"->>'email') = lower("customers"."email")
    AND (
      "audit_log"."action" = 'client.create'
      OR ("audit_log"."action" IN ('client.update', 'client.link')
        AND "audit_log"."before"->>'email' IS DISTINCT FROM "audit_log"."after"->>'email')
    )
);--> statement-breakpoint
-- Hand-written (issue 28 item 4), placed before the generated index it makes possible: a
-- customer booked twice at one time keeps the first booking; the later ones are cancelled and
-- give their places back.
WITH "duplicates" AS (
  SELECT "id" FROM (
    SELECT "id", row_number() OVER (PARTITION BY "customer_id", "starts_at" ORDER BY "id") AS "n"
    FROM "appointments" WHERE "status" = 'booked'
  ) AS "ranked" WHERE "n" > 1
), "cancelled" AS (
  UPDATE "appointments" SET "status" = 'cancelled', "cancel_reason" = 'Booked twice by mistake',
    "revision" = "revision" + 1, "updated_at" = now()
  WHERE "id" IN (SELECT "id" FROM "duplicates")
  RETURNING "type_id", "starts_at"
)
UPDATE "appointment_slots" SET "booked" = greatest("appointment_slots"."booked" - "freed"."places", 0)
FROM (SELECT "type_id", "starts_at", count(*)::integer AS "places" FROM "cancelled" GROUP BY "type_id", "starts_at") AS "freed"
WHERE "appointment_slots"."type_id" = "freed"."type_id" AND "appointment_slots"."starts_at" = "freed"."starts_at";--> statement-breakpoint
CREATE UNIQUE INDEX "appointments_customer_start_key" ON "appointments" USING btree ("customer_id","starts_at") WHERE "appointments"."status" = 'booked';
