CREATE TABLE "gift_account_uses" (
	"gift_id" uuid NOT NULL,
	"account_id" uuid NOT NULL,
	"uses" integer NOT NULL,
	"use_limit" integer NOT NULL,
	CONSTRAINT "gift_account_uses_gift_id_account_id_pk" PRIMARY KEY("gift_id","account_id"),
	CONSTRAINT "gift_account_uses_within_limit" CHECK ("gift_account_uses"."uses" between 1 and "gift_account_uses"."use_limit")
);
--> statement-breakpoint
CREATE TABLE "gift_codes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"code" text NOT NULL,
	"kind" text NOT NULL,
	"amount_cents" bigint,
	"plan_id" uuid,
	"units" integer,
	"region" text,
	"quantity" integer NOT NULL,
	"redeemed" integer DEFAULT 0 NOT NULL,
	"per_account_limit" integer DEFAULT 1 NOT NULL,
	"expires_at" timestamp with time zone,
	"disabled_at" timestamp with time zone,
	"note" text DEFAULT '' NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "gift_codes_redeemed_within_quantity" CHECK ("gift_codes"."redeemed" between 0 and "gift_codes"."quantity"),
	CONSTRAINT "gift_codes_limits" CHECK ("gift_codes"."quantity" >= 1 and "gift_codes"."per_account_limit" >= 1),
	CONSTRAINT "gift_codes_worth" CHECK (("gift_codes"."kind" = 'balance' and "gift_codes"."amount_cents" > 0 and "gift_codes"."plan_id" is null) or ("gift_codes"."kind" = 'plan' and "gift_codes"."plan_id" is not null and "gift_codes"."amount_cents" is null)),
	CONSTRAINT "gift_codes_code_upper" CHECK ("gift_codes"."code" = upper("gift_codes"."code"))
);
--> statement-breakpoint
CREATE TABLE "gift_redemptions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"gift_id" uuid NOT NULL,
	"account_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"amount_cents" bigint,
	"subscription_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "loyalty_claims" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"tier_id" text NOT NULL,
	"tier_name" text NOT NULL,
	"rule" text NOT NULL,
	"threshold" double precision NOT NULL,
	"reward_cents" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "loyalty_claims_reward_positive" CHECK ("loyalty_claims"."reward_cents" > 0)
);
--> statement-breakpoint
CREATE TABLE "partner_visits" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "partner_visits_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"partner_id" uuid NOT NULL,
	"visitor_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "partners" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"domain" text NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"removed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "referral_claims" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"claimed_cents" bigint NOT NULL,
	"set_off_cents" bigint DEFAULT 0 NOT NULL,
	"credited_cents" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "referral_claims_amounts" CHECK ("referral_claims"."claimed_cents" > 0 and "referral_claims"."set_off_cents" >= 0 and "referral_claims"."credited_cents" = "referral_claims"."claimed_cents" - "referral_claims"."set_off_cents")
);
--> statement-breakpoint
CREATE TABLE "referral_rewards" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"referrer_id" uuid NOT NULL,
	"referred_id" uuid NOT NULL,
	"invoice_id" uuid NOT NULL,
	"product_type" text NOT NULL,
	"rate_bps" integer NOT NULL,
	"base_cents" bigint NOT NULL,
	"amount_cents" bigint NOT NULL,
	"earned_at" timestamp with time zone NOT NULL,
	"claim_id" uuid,
	"claimed_at" timestamp with time zone,
	"reversed_at" timestamp with time zone,
	"reversal_reason" text,
	"recovered_cents" bigint DEFAULT 0 NOT NULL,
	"shortfall_cents" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "referral_rewards_amount_positive" CHECK ("referral_rewards"."amount_cents" > 0 and "referral_rewards"."amount_cents" <= "referral_rewards"."base_cents"),
	CONSTRAINT "referral_rewards_rate" CHECK ("referral_rewards"."rate_bps" between 1 and 10000),
	CONSTRAINT "referral_rewards_reversal" CHECK ("referral_rewards"."recovered_cents" >= 0 and "referral_rewards"."shortfall_cents" >= 0 and "referral_rewards"."recovered_cents" + "referral_rewards"."shortfall_cents" <= "referral_rewards"."amount_cents")
);
--> statement-breakpoint
CREATE TABLE "referrals" (
	"referred_id" uuid PRIMARY KEY NOT NULL,
	"referrer_id" uuid NOT NULL,
	"refused" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "referrals_not_self" CHECK ("referrals"."referred_id" <> "referrals"."referrer_id")
);
--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "referral_code" text DEFAULT substr(md5(gen_random_uuid()::text), 1, 12) NOT NULL;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "refunded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "refund_mode" text;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "refund_reason" text;--> statement-breakpoint
ALTER TABLE "gift_account_uses" ADD CONSTRAINT "gift_account_uses_gift_id_gift_codes_id_fk" FOREIGN KEY ("gift_id") REFERENCES "public"."gift_codes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gift_account_uses" ADD CONSTRAINT "gift_account_uses_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gift_codes" ADD CONSTRAINT "gift_codes_plan_id_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."plans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gift_codes" ADD CONSTRAINT "gift_codes_created_by_accounts_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gift_redemptions" ADD CONSTRAINT "gift_redemptions_gift_id_gift_codes_id_fk" FOREIGN KEY ("gift_id") REFERENCES "public"."gift_codes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gift_redemptions" ADD CONSTRAINT "gift_redemptions_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gift_redemptions" ADD CONSTRAINT "gift_redemptions_subscription_id_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."subscriptions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loyalty_claims" ADD CONSTRAINT "loyalty_claims_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partner_visits" ADD CONSTRAINT "partner_visits_partner_id_partners_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."partners"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partners" ADD CONSTRAINT "partners_created_by_accounts_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referral_claims" ADD CONSTRAINT "referral_claims_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referral_rewards" ADD CONSTRAINT "referral_rewards_referrer_id_accounts_id_fk" FOREIGN KEY ("referrer_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referral_rewards" ADD CONSTRAINT "referral_rewards_referred_id_accounts_id_fk" FOREIGN KEY ("referred_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referral_rewards" ADD CONSTRAINT "referral_rewards_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referral_rewards" ADD CONSTRAINT "referral_rewards_claim_id_referral_claims_id_fk" FOREIGN KEY ("claim_id") REFERENCES "public"."referral_claims"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referrals" ADD CONSTRAINT "referrals_referred_id_accounts_id_fk" FOREIGN KEY ("referred_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referrals" ADD CONSTRAINT "referrals_referrer_id_accounts_id_fk" FOREIGN KEY ("referrer_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "gift_codes_code_key" ON "gift_codes" USING btree ("code");--> statement-breakpoint
CREATE INDEX "gift_codes_created_idx" ON "gift_codes" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "gift_redemptions_gift_idx" ON "gift_redemptions" USING btree ("gift_id","created_at");--> statement-breakpoint
CREATE INDEX "gift_redemptions_account_idx" ON "gift_redemptions" USING btree ("account_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "loyalty_claims_account_tier_key" ON "loyalty_claims" USING btree ("account_id","tier_id");--> statement-breakpoint
CREATE INDEX "loyalty_claims_account_idx" ON "loyalty_claims" USING btree ("account_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "partner_visits_visitor_key" ON "partner_visits" USING btree ("partner_id","visitor_key");--> statement-breakpoint
CREATE INDEX "partner_visits_key_idx" ON "partner_visits" USING btree ("visitor_key","created_at");--> statement-breakpoint
CREATE INDEX "partner_visits_partner_idx" ON "partner_visits" USING btree ("partner_id","created_at");--> statement-breakpoint
CREATE INDEX "partner_visits_created_idx" ON "partner_visits" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "partners_domain_key" ON "partners" USING btree ("domain");--> statement-breakpoint
CREATE INDEX "referral_claims_account_idx" ON "referral_claims" USING btree ("account_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "referral_rewards_invoice_key" ON "referral_rewards" USING btree ("invoice_id");--> statement-breakpoint
CREATE INDEX "referral_rewards_referrer_idx" ON "referral_rewards" USING btree ("referrer_id","earned_at");--> statement-breakpoint
CREATE INDEX "referral_rewards_claim_idx" ON "referral_rewards" USING btree ("claim_id");--> statement-breakpoint
CREATE INDEX "referrals_referrer_idx" ON "referrals" USING btree ("referrer_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "accounts_referral_code_key" ON "accounts" USING btree ("referral_code");--> statement-breakpoint
CREATE INDEX "accounts_partner_code_idx" ON "accounts" USING btree ("partner_code","spent_cents") WHERE "accounts"."partner_code" is not null;--> statement-breakpoint
-- hand-written:
-- A referred customer's paid purchase or renewal earns their referrer that product family's rate
-- (ADR 032). A trigger, like invoices_track_spent, so no payment path (a balance order, a card or
-- crypto settlement, a renewal, the auto-renewer) can forget it. The rate is the referrer's at the
-- moment of payment; a refused referral (self-referral) or a rate of 0 earns nothing.
CREATE OR REPLACE FUNCTION invoices_referral_reward() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.kind NOT IN ('purchase', 'renewal') OR NEW.total_cents <= 0 OR NEW.plan_type IS NULL THEN
    RETURN NULL;
  END IF;
  IF TG_OP = 'UPDATE' AND OLD.status = 'paid' THEN
    RETURN NULL;
  END IF;
  INSERT INTO referral_rewards
    (referrer_id, referred_id, invoice_id, product_type, rate_bps, base_cents, amount_cents, earned_at)
  SELECT r.referrer_id, NEW.account_id, NEW.id, NEW.plan_type, x.bps, NEW.total_cents,
         (NEW.total_cents * x.bps) / 10000, coalesce(NEW.paid_at, now())
  FROM referrals r
  JOIN accounts a ON a.id = r.referrer_id AND a.deleted_at IS NULL
  CROSS JOIN LATERAL (
    SELECT CASE NEW.plan_type
      WHEN 'residential' THEN a.referral_residential_bps
      WHEN 'datacenter' THEN a.referral_datacenter_bps
      WHEN 'isp' THEN a.referral_isp_bps
      WHEN 'ipv6' THEN a.referral_ipv6_bps
      WHEN 'mobile' THEN a.referral_mobile_bps
    END AS bps
  ) x
  WHERE r.referred_id = NEW.account_id AND r.refused IS NULL AND x.bps > 0
    AND (NEW.total_cents * x.bps) / 10000 > 0
  ON CONFLICT (invoice_id) DO NOTHING;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER invoices_referral_reward
  AFTER INSERT OR UPDATE OF status ON invoices
  FOR EACH ROW WHEN (NEW.status = 'paid') EXECUTE FUNCTION invoices_referral_reward();--> statement-breakpoint
-- Claimable and pending rewards of one referrer, read on every referral page and claim.
CREATE INDEX referral_rewards_open_idx ON referral_rewards (referrer_id, earned_at)
  WHERE claim_id IS NULL AND reversed_at IS NULL;
--> statement-breakpoint
-- A refund (ADR 032) leaves the invoice paid and sets refunded_at: the customer's spending drops by
-- it all the same, so loyalty tiers and partner revenue count what was kept. Same function as
-- migration 0023's, with refunded_at read beside status.
CREATE OR REPLACE FUNCTION invoices_track_spent() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  was bigint := 0;
  now_spent bigint := 0;
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') AND OLD.status = 'paid' AND OLD.kind <> 'deposit' AND OLD.refunded_at IS NULL THEN
    was := OLD.total_cents;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') AND NEW.status = 'paid' AND NEW.kind <> 'deposit' AND NEW.refunded_at IS NULL THEN
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
DROP TRIGGER invoices_track_spent ON invoices;--> statement-breakpoint
CREATE TRIGGER invoices_track_spent
  AFTER INSERT OR DELETE OR UPDATE OF status, total_cents, kind, account_id, refunded_at ON invoices
  FOR EACH ROW EXECUTE FUNCTION invoices_track_spent();
