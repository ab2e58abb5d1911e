CREATE TABLE "whitelist_owners" (
	"ip" text PRIMARY KEY NOT NULL,
	"account_id" uuid NOT NULL,
	"refs" integer NOT NULL,
	CONSTRAINT "whitelist_owners_refs_positive" CHECK ("whitelist_owners"."refs" > 0)
);
--> statement-breakpoint
ALTER TABLE "whitelist_owners" ADD CONSTRAINT "whitelist_owners_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- An address on several accounts' whitelists stays with the account that whitelisted it first;
-- the later entries are how the hijack worked, so they go (and give their slots back).
WITH ranked AS (
  SELECT w.subscription_id, w.ip, s.account_id,
         first_value(s.account_id) OVER (PARTITION BY w.ip ORDER BY w.created_at, w.subscription_id) AS owner
  FROM subscription_whitelist w JOIN subscriptions s ON s.id = w.subscription_id
), foreign_rows AS (
  DELETE FROM subscription_whitelist w USING ranked r
  WHERE w.subscription_id = r.subscription_id AND w.ip = r.ip AND r.account_id <> r.owner
  RETURNING w.subscription_id
)
UPDATE subscriptions s SET whitelist_count = greatest(s.whitelist_count - f.n, 0)
FROM (SELECT subscription_id, count(*)::int AS n FROM foreign_rows GROUP BY subscription_id) f
WHERE s.id = f.subscription_id;
--> statement-breakpoint
INSERT INTO whitelist_owners (ip, account_id, refs)
SELECT w.ip, min(s.account_id::text)::uuid, count(*)::int
FROM subscription_whitelist w JOIN subscriptions s ON s.id = w.subscription_id
GROUP BY w.ip;
