CREATE TABLE "statistics_memo" (
	"key" text PRIMARY KEY NOT NULL,
	"through" date NOT NULL,
	"mark" text NOT NULL,
	"answer" jsonb NOT NULL,
	"computed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
DROP INDEX "subscriptions_account_terms_idx";--> statement-breakpoint
ALTER TABLE "statistics_daily_done" ADD COLUMN "filled" bigint NOT NULL GENERATED ALWAYS AS IDENTITY (sequence name "statistics_daily_done_filled_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1);--> statement-breakpoint
CREATE INDEX "subscriptions_terms_range_idx" ON "subscriptions" USING gist (tstzrange("starts_at", case when "expires_at" is null then null else greatest("starts_at", "expires_at") end)) WHERE "subscriptions"."status" in ('active', 'expired') and "subscriptions"."starts_at" is not null;--> statement-breakpoint
-- hand-written:
-- Plan starts and ends and renewal ends are rolled up per closed day too (ADR 040), so a change dated
-- into a closed day forgets that day, as 0029's trigger does for money: a late renewal (the old end
-- and start move), a plan refunded or granted back-dated, a renewal recorded against a lapsed end.
-- Moves between future dates (an on-time renewal) and active -> expired touch no closed day.
CREATE OR REPLACE FUNCTION statistics_forget_at(at timestamptz) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  -- Ordinary writes are dated now: they skip the delete altogether.
  IF at < now() - interval '1 hour' THEN
    DELETE FROM statistics_daily_done WHERE day = (at AT TIME ZONE 'UTC')::date;
  END IF;
END;
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION statistics_forget_subscription() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  was boolean := TG_OP <> 'INSERT' AND OLD.status IN ('active', 'expired');
  now_runs boolean := TG_OP <> 'DELETE' AND NEW.status IN ('active', 'expired');
BEGIN
  IF TG_OP = 'UPDATE' AND was = now_runs AND OLD.plan_type IS NOT DISTINCT FROM NEW.plan_type
     AND (OLD.starts_at IS NULL) = (NEW.starts_at IS NULL) THEN
    IF NOT was THEN RETURN NULL; END IF;
    IF OLD.starts_at IS DISTINCT FROM NEW.starts_at THEN
      PERFORM statistics_forget_at(OLD.starts_at);
      PERFORM statistics_forget_at(NEW.starts_at);
    END IF;
    IF OLD.expires_at IS DISTINCT FROM NEW.expires_at THEN
      PERFORM statistics_forget_at(OLD.expires_at);
      PERFORM statistics_forget_at(NEW.expires_at);
    END IF;
    RETURN NULL;
  END IF;
  IF was THEN
    PERFORM statistics_forget_at(OLD.starts_at);
    PERFORM statistics_forget_at(OLD.expires_at);
  END IF;
  IF now_runs THEN
    PERFORM statistics_forget_at(NEW.starts_at);
    PERFORM statistics_forget_at(NEW.expires_at);
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER subscriptions_statistics_forget
  AFTER INSERT OR DELETE OR UPDATE OF status, plan_type, starts_at, expires_at ON subscriptions
  FOR EACH ROW EXECUTE FUNCTION statistics_forget_subscription();--> statement-breakpoint
CREATE OR REPLACE FUNCTION statistics_forget_renewal() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN PERFORM statistics_forget_at(OLD.previous_expires_at); END IF;
  IF TG_OP <> 'DELETE' THEN PERFORM statistics_forget_at(NEW.previous_expires_at); END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER subscription_renewals_statistics_forget
  AFTER INSERT OR DELETE OR UPDATE ON subscription_renewals
  FOR EACH ROW EXECUTE FUNCTION statistics_forget_renewal();--> statement-breakpoint
-- The roll-up gains these kinds: fill every closed day again.
DELETE FROM statistics_daily_done;--> statement-breakpoint
DELETE FROM statistics_daily;
