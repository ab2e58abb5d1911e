CREATE TABLE "coupons" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"code" text NOT NULL,
	"usages_left" integer NOT NULL,
	"times_used" integer DEFAULT 0 NOT NULL,
	"discount_basis_points" integer NOT NULL,
	"payment_processor" text DEFAULT 'all' NOT NULL,
	"product" text DEFAULT 'all' NOT NULL,
	"coupon_type" text DEFAULT 'general' NOT NULL,
	"user_id" uuid,
	"valid_until" timestamp with time zone,
	"is_promotion" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "coupons_usages_non_negative" CHECK ("coupons"."usages_left" >= 0),
	CONSTRAINT "coupons_discount_range" CHECK ("coupons"."discount_basis_points" between 1 and 10000),
	CONSTRAINT "coupons_personal_has_user" CHECK (("coupons"."coupon_type" = 'personal_code') = ("coupons"."user_id" is not null))
);
--> statement-breakpoint
ALTER TABLE "coupons" ADD CONSTRAINT "coupons_user_id_accounts_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "coupons_code_lower_key" ON "coupons" USING btree (lower("code"));