-- Hand-written backfill (issue 29 item 6: one purchase, one order). No schema change.
-- A failed payment no longer makes a shop order 'failed': it stays awaiting payment ('created'),
-- to be paid again or cancelled by its owner, or expired by the job queue. Orders stored
-- 'failed' before become 'created' (the status 'failed' stays allowed, for the books).
UPDATE "orders" SET "status" = 'created', "updated_at" = now()
WHERE "kind" = 'shop' AND "status" = 'failed';
--> statement-breakpoint
-- Every shop order awaiting payment gets its 'order.expire' job, due 24 hours (the default
-- setting) after its last change; the job reads the setting again when it runs.
INSERT INTO "jobs" ("kind", "payload", "run_at", "dedupe_key")
SELECT 'order.expire', jsonb_build_object('orderId', o."id"),
       o."updated_at" + interval '24 hours', 'order:' || o."id" || ':expire'
FROM "orders" o
WHERE o."kind" = 'shop' AND o."status" = 'created'
ON CONFLICT ("dedupe_key") DO NOTHING;
