CREATE TABLE "sign_in_events" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "sign_in_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"account_id" uuid NOT NULL,
	"method" text NOT NULL,
	"outcome" text NOT NULL,
	"ip" text,
	"user_agent" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "reseller_terms" (
	"account_id" uuid PRIMARY KEY NOT NULL,
	"resi_price_cents" bigint,
	"mobile_price_cents" bigint,
	"data_price1_cents" bigint,
	"data_price7_cents" bigint,
	"data_price30_cents" bigint,
	"isp_price_cents" bigint,
	"gb_value" integer DEFAULT 0 NOT NULL,
	"ipv6_white" integer DEFAULT 10 NOT NULL,
	"data_white" integer DEFAULT 10 NOT NULL,
	"value_bps" integer DEFAULT 0 NOT NULL,
	"api_key_hash" text,
	"api_key_prefix" text,
	"api_key_created_at" timestamp with time zone,
	"api_key_last_used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reseller_terms_non_negative" CHECK (coalesce("reseller_terms"."resi_price_cents", 0) >= 0 and coalesce("reseller_terms"."mobile_price_cents", 0) >= 0 and coalesce("reseller_terms"."data_price1_cents", 0) >= 0 and coalesce("reseller_terms"."data_price7_cents", 0) >= 0 and coalesce("reseller_terms"."data_price30_cents", 0) >= 0 and coalesce("reseller_terms"."isp_price_cents", 0) >= 0 and "reseller_terms"."gb_value" >= 0 and "reseller_terms"."ipv6_white" >= 0 and "reseller_terms"."data_white" >= 0 and "reseller_terms"."value_bps" between 0 and 10000)
);
--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "staff_message" text;--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "referral_residential_bps" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "referral_datacenter_bps" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "referral_isp_bps" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "referral_ipv6_bps" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "referral_mobile_bps" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "sign_in_events" ADD CONSTRAINT "sign_in_events_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reseller_terms" ADD CONSTRAINT "reseller_terms_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sign_in_events_account_idx" ON "sign_in_events" USING btree ("account_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "reseller_terms_api_key_hash_key" ON "reseller_terms" USING btree ("api_key_hash");--> statement-breakpoint
ALTER TABLE "accounts" ADD CONSTRAINT "accounts_referral_rates" CHECK ("accounts"."referral_residential_bps" between 0 and 10000 and "accounts"."referral_datacenter_bps" between 0 and 10000 and "accounts"."referral_isp_bps" between 0 and 10000 and "accounts"."referral_ipv6_bps" between 0 and 10000 and "accounts"."referral_mobile_bps" between 0 and 10000);