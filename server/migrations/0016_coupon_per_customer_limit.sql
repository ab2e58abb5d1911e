CREATE TABLE "coupon_account_uses" (
	"coupon_id" uuid NOT NULL,
	"account_id" uuid NOT NULL,
	"uses" integer NOT NULL,
	"use_limit" integer NOT NULL,
	CONSTRAINT "coupon_account_uses_coupon_id_account_id_pk" PRIMARY KEY("coupon_id","account_id"),
	CONSTRAINT "coupon_account_uses_within_limit" CHECK ("coupon_account_uses"."uses" between 0 and "coupon_account_uses"."use_limit")
);
--> statement-breakpoint
ALTER TABLE "coupons" ADD COLUMN "per_customer_limit" integer DEFAULT 1;--> statement-breakpoint
-- Codes made before the limit keep working as configured: general codes get no per-account limit, personal codes 1.
UPDATE "coupons" SET "per_customer_limit" = NULL WHERE "coupon_type" = 'general';--> statement-breakpoint
ALTER TABLE "coupon_account_uses" ADD CONSTRAINT "coupon_account_uses_coupon_id_coupons_id_fk" FOREIGN KEY ("coupon_id") REFERENCES "public"."coupons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coupon_account_uses" ADD CONSTRAINT "coupon_account_uses_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coupons" ADD CONSTRAINT "coupons_per_customer_limit_positive" CHECK ("coupons"."per_customer_limit" is null or "coupons"."per_customer_limit" >= 1);