CREATE TABLE "payment_returns" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"provider" text NOT NULL,
	"external_id" text NOT NULL,
	"cause" text NOT NULL,
	"state" text NOT NULL,
	"payment_id" uuid,
	"invoice_id" uuid NOT NULL,
	"account_id" uuid NOT NULL,
	"amount_cents" bigint NOT NULL,
	"recovered_cents" bigint DEFAULT 0 NOT NULL,
	"shortfall_cents" bigint DEFAULT 0 NOT NULL,
	"refunded_invoice" boolean DEFAULT false NOT NULL,
	"reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"reinstated_at" timestamp with time zone,
	CONSTRAINT "payment_returns_amount_positive" CHECK ("payment_returns"."amount_cents" > 0)
);
--> statement-breakpoint
DROP INDEX "referral_rewards_invoice_key";--> statement-breakpoint
ALTER TABLE "loyalty_claims" ADD COLUMN "revoked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "loyalty_claims" ADD COLUMN "revoke_reason" text;--> statement-breakpoint
ALTER TABLE "loyalty_claims" ADD COLUMN "recovered_cents" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "loyalty_claims" ADD COLUMN "shortfall_cents" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "loyalty_claims" ADD COLUMN "set_off_cents" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_returns" ADD CONSTRAINT "payment_returns_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_returns" ADD CONSTRAINT "payment_returns_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_returns" ADD CONSTRAINT "payment_returns_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "payment_returns_provider_external_key" ON "payment_returns" USING btree ("provider","external_id");--> statement-breakpoint
CREATE INDEX "payment_returns_invoice_idx" ON "payment_returns" USING btree ("invoice_id");--> statement-breakpoint
CREATE INDEX "payment_returns_created_idx" ON "payment_returns" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "referral_rewards_invoice_key" ON "referral_rewards" USING btree ("invoice_id") WHERE "referral_rewards"."reversed_at" is null;--> statement-breakpoint
ALTER TABLE "loyalty_claims" ADD CONSTRAINT "loyalty_claims_take_back" CHECK ("loyalty_claims"."recovered_cents" >= 0 and "loyalty_claims"."shortfall_cents" >= 0 and "loyalty_claims"."recovered_cents" + "loyalty_claims"."shortfall_cents" <= "loyalty_claims"."reward_cents" and "loyalty_claims"."set_off_cents" between 0 and "loyalty_claims"."reward_cents");--> statement-breakpoint
-- hand-written:
-- The referral reward trigger of migration 0033, its ON CONFLICT naming the now partial unique index
-- (one live reward per invoice: a won dispute restores a reversed reward as a new row, ADR 039).
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
  ON CONFLICT (invoice_id) WHERE reversed_at IS NULL DO NOTHING;
  RETURN NULL;
END;
$$;
