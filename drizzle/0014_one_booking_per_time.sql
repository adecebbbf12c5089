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
