CREATE TABLE "notices" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "notices_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"account_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"event_key" text NOT NULL,
	"subject_id" uuid,
	"data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"claimed_until" timestamp with time zone,
	"attempts" integer DEFAULT 0 NOT NULL,
	"sent_at" timestamp with time zone,
	"skipped" text
);
--> statement-breakpoint
ALTER TABLE "accounts" ALTER COLUMN "email_subscribed" SET DEFAULT false;--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "email_reminders" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "notices" ADD CONSTRAINT "notices_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "notices_event_key" ON "notices" USING btree ("event_key");--> statement-breakpoint
CREATE INDEX "notices_unsent_idx" ON "notices" USING btree ("id") WHERE "notices"."sent_at" is null;--> statement-breakpoint
-- Nobody opted in to news yet: the old default subscribed every account without asking (ADR 019).
UPDATE "accounts" SET "email_subscribed" = false;
