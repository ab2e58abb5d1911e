CREATE TABLE "statistics_daily" (
	"day" date NOT NULL,
	"kind" text NOT NULL,
	"method" text NOT NULL,
	"plan" text NOT NULL,
	"cents" bigint NOT NULL,
	"n" integer NOT NULL,
	CONSTRAINT "statistics_daily_day_kind_method_plan_pk" PRIMARY KEY("day","kind","method","plan")
);
--> statement-breakpoint
CREATE TABLE "statistics_daily_done" (
	"day" date PRIMARY KEY NOT NULL
);--> statement-breakpoint
CREATE TABLE "proxy_usage_daily" (
	"day" date PRIMARY KEY NOT NULL,
	"bytes_in" bigint DEFAULT 0 NOT NULL,
	"bytes_out" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "subscription_renewals" (
	"invoice_id" uuid PRIMARY KEY NOT NULL,
	"subscription_id" uuid NOT NULL,
	"paid_at" timestamp with time zone NOT NULL,
	"previous_expires_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "subscription_renewals" ADD CONSTRAINT "subscription_renewals_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscription_renewals" ADD CONSTRAINT "subscription_renewals_subscription_id_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."subscriptions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "subscription_renewals_previous_idx" ON "subscription_renewals" USING btree ("previous_expires_at");--> statement-breakpoint
CREATE INDEX "accounts_signups_idx" ON "accounts" USING btree ("created_at") WHERE "accounts"."role" = 'User';--> statement-breakpoint
CREATE INDEX "ledger_entries_refund_idx" ON "ledger_entries" USING btree ("created_at","amount_cents","reference") WHERE "ledger_entries"."kind" = 'refund';--> statement-breakpoint
CREATE INDEX "invoices_paid_stats_idx" ON "invoices" USING btree ("paid_at","kind","payment_method","total_cents","account_id","plan_id") WHERE "invoices"."status" = 'paid';--> statement-breakpoint
CREATE INDEX "subscriptions_terms_idx" ON "subscriptions" USING btree ("starts_at","expires_at","plan_type","account_id") WHERE "subscriptions"."status" in ('active', 'expired') and "subscriptions"."starts_at" is not null;--> statement-breakpoint-- proxy_usage_daily follows proxy_usage_hourly: each insert adds its bytes, each update (a gateway's
-- `ON CONFLICT DO UPDATE SET x = x + excluded.x`) adds the difference. A trigger, so every gateway
-- node and every flush path keeps it exact.
CREATE OR REPLACE FUNCTION proxy_usage_daily_rollup() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  d_in bigint := NEW.bytes_in;
  d_out bigint := NEW.bytes_out;
BEGIN
  IF TG_OP = 'UPDATE' THEN
    IF (OLD.hour AT TIME ZONE 'UTC')::date <> (NEW.hour AT TIME ZONE 'UTC')::date THEN
      UPDATE proxy_usage_daily SET bytes_in = bytes_in - OLD.bytes_in, bytes_out = bytes_out - OLD.bytes_out
        WHERE day = (OLD.hour AT TIME ZONE 'UTC')::date;
    ELSE
      d_in := NEW.bytes_in - OLD.bytes_in;
      d_out := NEW.bytes_out - OLD.bytes_out;
    END IF;
  END IF;
  IF d_in <> 0 OR d_out <> 0 THEN
    INSERT INTO proxy_usage_daily AS p (day, bytes_in, bytes_out)
      VALUES ((NEW.hour AT TIME ZONE 'UTC')::date, d_in, d_out)
      ON CONFLICT (day) DO UPDATE SET bytes_in = p.bytes_in + excluded.bytes_in, bytes_out = p.bytes_out + excluded.bytes_out;
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION proxy_usage_daily_forget() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE proxy_usage_daily SET bytes_in = bytes_in - OLD.bytes_in, bytes_out = bytes_out - OLD.bytes_out
    WHERE day = (OLD.hour AT TIME ZONE 'UTC')::date;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER proxy_usage_daily_rollup
  AFTER INSERT OR UPDATE OF hour, bytes_in, bytes_out ON proxy_usage_hourly
  FOR EACH ROW EXECUTE FUNCTION proxy_usage_daily_rollup();--> statement-breakpoint
-- Delivered bytes stay delivered: a plan's rows going with it (cascade) is not un-delivery, so the
-- daily figure keeps them. Only an explicit correction of the hourly rows (no cascade) takes them back.
CREATE TRIGGER proxy_usage_daily_forget
  AFTER DELETE ON proxy_usage_hourly
  FOR EACH ROW WHEN (pg_trigger_depth() = 0) EXECUTE FUNCTION proxy_usage_daily_forget();--> statement-breakpoint
INSERT INTO proxy_usage_daily (day, bytes_in, bytes_out)
  SELECT (hour AT TIME ZONE 'UTC')::date, sum(bytes_in), sum(bytes_out) FROM proxy_usage_hourly GROUP BY 1;--> statement-breakpoint
-- A renewal invoice that adds days, becoming paid: record the end it is about to move. Both payment
-- paths (balance at once, card/crypto on settlement) mark the invoice paid before extending the plan.
CREATE OR REPLACE FUNCTION invoices_record_renewal() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.kind = 'renewal' AND NEW.status = 'paid' AND coalesce(NEW.days, 0) > 0 AND NEW.subscription_id IS NOT NULL
     AND (TG_OP = 'INSERT' OR OLD.status <> 'paid') THEN
    INSERT INTO subscription_renewals (invoice_id, subscription_id, paid_at, previous_expires_at)
      SELECT NEW.id, s.id, coalesce(NEW.paid_at, now()), s.expires_at FROM subscriptions s WHERE s.id = NEW.subscription_id
      ON CONFLICT (invoice_id) DO NOTHING;
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER invoices_record_renewal
  AFTER INSERT OR UPDATE OF status ON invoices
  FOR EACH ROW EXECUTE FUNCTION invoices_record_renewal();--> statement-breakpoint
-- A write dated into a day the statistics roll-up already holds (a back-dated import or fix) makes it
-- forget that day, so the next read fills it again. Ordinary writes are dated now and never fire it.
CREATE OR REPLACE FUNCTION statistics_forget_day() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  at_old timestamptz;
  at_new timestamptz;
BEGIN
  IF TG_TABLE_NAME = 'invoices' THEN
    IF TG_OP <> 'INSERT' THEN at_old := OLD.paid_at; END IF;
    IF TG_OP <> 'DELETE' THEN at_new := NEW.paid_at; END IF;
  ELSE
    IF TG_OP <> 'INSERT' THEN at_old := OLD.created_at; END IF;
    IF TG_OP <> 'DELETE' THEN at_new := NEW.created_at; END IF;
  END IF;
  IF at_old < now() - interval '1 hour' THEN
    DELETE FROM statistics_daily_done WHERE day = (at_old AT TIME ZONE 'UTC')::date;
  END IF;
  IF at_new < now() - interval '1 hour' THEN
    DELETE FROM statistics_daily_done WHERE day = (at_new AT TIME ZONE 'UTC')::date;
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER invoices_statistics_forget
  AFTER INSERT OR DELETE OR UPDATE OF status, paid_at, total_cents, kind, payment_method, plan_id ON invoices
  FOR EACH ROW EXECUTE FUNCTION statistics_forget_day();--> statement-breakpoint
CREATE TRIGGER accounts_statistics_forget
  AFTER INSERT OR DELETE OR UPDATE OF role, created_at ON accounts
  FOR EACH ROW EXECUTE FUNCTION statistics_forget_day();--> statement-breakpoint
CREATE TRIGGER ledger_statistics_forget_insert
  AFTER INSERT ON ledger_entries
  FOR EACH ROW WHEN (NEW.kind = 'refund') EXECUTE FUNCTION statistics_forget_day();--> statement-breakpoint
CREATE TRIGGER ledger_statistics_forget_delete
  AFTER DELETE ON ledger_entries
  FOR EACH ROW WHEN (OLD.kind = 'refund') EXECUTE FUNCTION statistics_forget_day();
