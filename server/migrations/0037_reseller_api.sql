-- hand-written:
-- Reseller keys move into api_keys (ADR 038): same SHA-256 of the same key format, so every issued
-- key keeps working. Placed before the generated drops below, which would otherwise lose the hashes.
INSERT INTO "api_keys" ("account_id", "name", "scope", "prefix", "hash", "created_at", "last_used_at", "use_logged_at")
SELECT "account_id", 'Reseller API', 'read-write', "api_key_prefix", "api_key_hash", coalesce("api_key_created_at", now()), "api_key_last_used_at", "api_key_use_logged_at"
FROM "reseller_terms"
WHERE "api_key_hash" IS NOT NULL AND "api_key_prefix" IS NOT NULL
ON CONFLICT ("hash") DO NOTHING;--> statement-breakpoint
-- generated:
CREATE TABLE "reseller_idempotency" (
	"account_id" uuid NOT NULL,
	"key" text NOT NULL,
	"request_hash" text NOT NULL,
	"response" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reseller_idempotency_account_id_key_pk" PRIMARY KEY("account_id","key")
);
--> statement-breakpoint
CREATE TABLE "reseller_sub_users" (
	"account_id" uuid PRIMARY KEY NOT NULL,
	"reseller_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
DROP INDEX "reseller_terms_api_key_hash_key";--> statement-breakpoint
ALTER TABLE "reseller_idempotency" ADD CONSTRAINT "reseller_idempotency_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reseller_sub_users" ADD CONSTRAINT "reseller_sub_users_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reseller_sub_users" ADD CONSTRAINT "reseller_sub_users_reseller_id_accounts_id_fk" FOREIGN KEY ("reseller_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "reseller_sub_users_reseller_idx" ON "reseller_sub_users" USING btree ("reseller_id","created_at");--> statement-breakpoint
ALTER TABLE "reseller_terms" DROP COLUMN "api_key_hash";--> statement-breakpoint
ALTER TABLE "reseller_terms" DROP COLUMN "api_key_prefix";--> statement-breakpoint
ALTER TABLE "reseller_terms" DROP COLUMN "api_key_created_at";--> statement-breakpoint
ALTER TABLE "reseller_terms" DROP COLUMN "api_key_last_used_at";--> statement-breakpoint
ALTER TABLE "reseller_terms" DROP COLUMN "api_key_use_logged_at";