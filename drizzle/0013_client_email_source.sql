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
);
