-- Trigram indexes for the staff account search (pg_trgm is a trusted extension on PostgreSQL 13+;
-- PGlite loads it from @electric-sql/pglite/contrib, see platform/db/client.ts).
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "spent_cents" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "accounts_email_trgm_idx" ON "accounts" USING gin (lower("email") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "accounts_username_trgm_idx" ON "accounts" USING gin (lower("username") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "accounts_created_id_idx" ON "accounts" USING btree ("created_at","id") WHERE "accounts"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "accounts_balance_id_idx" ON "accounts" USING btree ("balance_cents","id") WHERE "accounts"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "accounts_spent_id_idx" ON "accounts" USING btree ("spent_cents","id") WHERE "accounts"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "subscriptions_running_idx" ON "subscriptions" USING btree ("account_id","expires_at") WHERE "subscriptions"."status" = 'active';--> statement-breakpoint
-- accounts.spent_cents follows the invoices themselves: an invoice that becomes paid adds its total,
-- a paid one that stops being paid (or changes total or account) takes it back. Deposits are not
-- spending. A trigger, so no purchase, renewal, webhook or staff path can forget it.
CREATE OR REPLACE FUNCTION invoices_track_spent() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  was bigint := 0;
  now_spent bigint := 0;
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') AND OLD.status = 'paid' AND OLD.kind <> 'deposit' THEN
    was := OLD.total_cents;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') AND NEW.status = 'paid' AND NEW.kind <> 'deposit' THEN
    now_spent := NEW.total_cents;
  END IF;
  IF TG_OP = 'UPDATE' AND OLD.account_id <> NEW.account_id THEN
    IF was <> 0 THEN
      UPDATE accounts SET spent_cents = spent_cents - was WHERE id = OLD.account_id;
    END IF;
    IF now_spent <> 0 THEN
      UPDATE accounts SET spent_cents = spent_cents + now_spent WHERE id = NEW.account_id;
    END IF;
  ELSIF now_spent <> was THEN
    UPDATE accounts SET spent_cents = spent_cents + now_spent - was
      WHERE id = CASE WHEN TG_OP = 'DELETE' THEN OLD.account_id ELSE NEW.account_id END;
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER invoices_track_spent
  AFTER INSERT OR DELETE OR UPDATE OF status, total_cents, kind, account_id ON invoices
  FOR EACH ROW EXECUTE FUNCTION invoices_track_spent();--> statement-breakpoint
-- Backfill from the invoices already there.
UPDATE accounts a SET spent_cents = s.cents
  FROM (
    SELECT account_id, sum(total_cents) AS cents FROM invoices
    WHERE status = 'paid' AND kind <> 'deposit' GROUP BY account_id
  ) s
  WHERE a.id = s.account_id;
