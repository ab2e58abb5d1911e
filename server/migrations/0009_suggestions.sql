CREATE TABLE "suggestions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"suggestion" text NOT NULL,
	"day" date DEFAULT (now() at time zone 'UTC')::date NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "suggestions" ADD CONSTRAINT "suggestions_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "suggestions_account_day_key" ON "suggestions" USING btree ("account_id","day");--> statement-breakpoint
CREATE INDEX "suggestions_created_idx" ON "suggestions" USING btree ("created_at");