ALTER TABLE "invoices" DROP CONSTRAINT "invoices_kind_check";--> statement-breakpoint
ALTER TABLE "payments" DROP CONSTRAINT "payments_status_check";--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_payment_refund_voucher_key" ON "invoices" USING btree ("payment_id") WHERE "invoices"."kind" = 'refund_voucher';--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_kind_check" CHECK ("invoices"."kind" in ('invoice', 'credit_note', 'refund_voucher'));--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_status_check" CHECK ("payments"."status" in ('pending', 'succeeded', 'failed', 'cancelled'));--> statement-breakpoint
-- Hand-written backfill (issue 28 item 2): payment links still pending on an order already paid in full or cancelled are withdrawn; a 'payment-link.cancel' job each tells the provider.
INSERT INTO "jobs" ("kind", "payload", "dedupe_key") SELECT 'payment-link.cancel', jsonb_build_object('paymentId', p."id"), 'payment-link:cancel:' || p."id" FROM "payments" p JOIN "orders" o ON o."id" = p."order_id" WHERE p."method" = 'payment_link' AND p."status" = 'pending' AND p."provider_link_id" IS NOT NULL AND o."status" IN ('paid', 'cancelled') ON CONFLICT ("dedupe_key") DO NOTHING;--> statement-breakpoint
UPDATE "payments" SET "status" = 'cancelled' WHERE "method" = 'payment_link' AND "status" = 'pending' AND "order_id" IN (SELECT "id" FROM "orders" WHERE "status" IN ('paid', 'cancelled'));--> statement-breakpoint
-- Hand-written (issue 28 item 3): credit-note jobs given up on a refund beyond the invoice run once more; the refund voucher now takes the part beyond it.
UPDATE "jobs" SET "status" = 'pending', "attempts" = 0, "run_at" = now(), "finished_at" = NULL, "locked_until" = NULL WHERE "kind" = 'credit-note.issue' AND "status" = 'failed' AND "last_error" LIKE '%is not between 0 and the invoice%';
