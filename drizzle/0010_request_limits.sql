-- The shop's own request limits (issue 8 item 5): the contact form and checkout count hits per
-- client address, e-mail and account in fixed windows shared by every instance.
CREATE TABLE "request_limits" (
	"key" text PRIMARY KEY NOT NULL,
	"window_start" timestamp with time zone NOT NULL,
	"hits" integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX "request_limits_window_idx" ON "request_limits" USING btree ("window_start");