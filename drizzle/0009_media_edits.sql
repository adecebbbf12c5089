-- The back office edits gallery items (issue "Back office" item 4): updated_at is the edit
-- version its stale-edit check compares; the list and the gallery read newest first.
ALTER TABLE "media" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
CREATE INDEX "media_created_idx" ON "media" USING btree ("created_at");
