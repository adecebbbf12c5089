CREATE TABLE "applied_changes" (
	"user_id" text NOT NULL,
	"change_id" uuid NOT NULL,
	"applied_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "applied_changes_user_id_change_id_pk" PRIMARY KEY("user_id","change_id")
);
--> statement-breakpoint
ALTER TABLE "applied_changes" ADD CONSTRAINT "applied_changes_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;