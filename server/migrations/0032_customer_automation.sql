CREATE TABLE "alert_firings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"rule_id" uuid NOT NULL,
	"account_id" uuid NOT NULL,
	"subscription_id" uuid,
	"event_key" text NOT NULL,
	"event_type" text NOT NULL,
	"data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "alert_rules" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"threshold" bigint NOT NULL,
	"subscription_id" uuid,
	"email" boolean DEFAULT true NOT NULL,
	"webhook" boolean DEFAULT false NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"armed" boolean DEFAULT true NOT NULL,
	"dips" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "alert_rules_threshold_positive" CHECK ("alert_rules"."threshold" > 0)
);
--> statement-breakpoint
CREATE TABLE "auto_topup_attempts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"payment_id" uuid NOT NULL,
	"amount_cents" bigint NOT NULL,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "auto_topups" (
	"account_id" uuid PRIMARY KEY NOT NULL,
	"enabled" boolean DEFAULT false NOT NULL,
	"threshold_cents" bigint NOT NULL,
	"amount_cents" bigint NOT NULL,
	"daily_count_cap" integer NOT NULL,
	"monthly_cap_cents" bigint NOT NULL,
	"card_provider" text,
	"card_customer" text,
	"card_payment_method" text,
	"card_brand" text,
	"card_last4" text,
	"setup_ref" text,
	"setup_provider" text,
	"count_day" date,
	"day_count" integer DEFAULT 0 NOT NULL,
	"count_month" date,
	"month_cents" bigint DEFAULT 0 NOT NULL,
	"in_flight_payment_id" uuid,
	"in_flight_since" timestamp with time zone,
	"paused_at" timestamp with time zone,
	"pause_reason" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "auto_topups_amounts" CHECK ("auto_topups"."threshold_cents" >= 0 and "auto_topups"."amount_cents" > 0 and "auto_topups"."daily_count_cap" > 0 and "auto_topups"."monthly_cap_cents" >= "auto_topups"."amount_cents")
);
--> statement-breakpoint
CREATE TABLE "rotation_links" (
	"subscription_id" uuid PRIMARY KEY NOT NULL,
	"token" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "session_rotations" (
	"subscription_id" uuid NOT NULL,
	"session" text NOT NULL,
	"generation" integer DEFAULT 1 NOT NULL,
	"rotated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "webhook_deliveries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"endpoint_id" uuid NOT NULL,
	"account_id" uuid NOT NULL,
	"event_id" text NOT NULL,
	"event_type" text NOT NULL,
	"body" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"claim_token" uuid,
	"claimed_until" timestamp with time zone,
	"last_status" integer,
	"last_response" text,
	"last_attempt_at" timestamp with time zone,
	"delivered_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "webhook_endpoints" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"url" text NOT NULL,
	"description" text,
	"secret_sealed" text NOT NULL,
	"secret_hint" text NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"deleted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "alert_firings" ADD CONSTRAINT "alert_firings_rule_id_alert_rules_id_fk" FOREIGN KEY ("rule_id") REFERENCES "public"."alert_rules"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alert_firings" ADD CONSTRAINT "alert_firings_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alert_rules" ADD CONSTRAINT "alert_rules_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alert_rules" ADD CONSTRAINT "alert_rules_subscription_id_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."subscriptions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auto_topup_attempts" ADD CONSTRAINT "auto_topup_attempts_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auto_topups" ADD CONSTRAINT "auto_topups_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rotation_links" ADD CONSTRAINT "rotation_links_subscription_id_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."subscriptions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "session_rotations" ADD CONSTRAINT "session_rotations_subscription_id_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."subscriptions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_deliveries" ADD CONSTRAINT "webhook_deliveries_endpoint_id_webhook_endpoints_id_fk" FOREIGN KEY ("endpoint_id") REFERENCES "public"."webhook_endpoints"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_deliveries" ADD CONSTRAINT "webhook_deliveries_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_endpoints" ADD CONSTRAINT "webhook_endpoints_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "alert_firings_event_key" ON "alert_firings" USING btree ("event_key");--> statement-breakpoint
CREATE INDEX "alert_firings_account_idx" ON "alert_firings" USING btree ("account_id");--> statement-breakpoint
CREATE INDEX "alert_rules_account_idx" ON "alert_rules" USING btree ("account_id","created_at");--> statement-breakpoint
CREATE INDEX "alert_rules_kind_idx" ON "alert_rules" USING btree ("kind","account_id") WHERE "alert_rules"."enabled";--> statement-breakpoint
CREATE UNIQUE INDEX "auto_topup_attempts_payment_key" ON "auto_topup_attempts" USING btree ("payment_id");--> statement-breakpoint
CREATE INDEX "auto_topup_attempts_account_idx" ON "auto_topup_attempts" USING btree ("account_id","created_at");--> statement-breakpoint
CREATE INDEX "auto_topups_enabled_idx" ON "auto_topups" USING btree ("account_id") WHERE "auto_topups"."enabled" and "auto_topups"."paused_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "rotation_links_token_key" ON "rotation_links" USING btree ("token");--> statement-breakpoint
CREATE UNIQUE INDEX "session_rotations_key" ON "session_rotations" USING btree ("subscription_id","session");--> statement-breakpoint
CREATE INDEX "session_rotations_recent_idx" ON "session_rotations" USING btree ("rotated_at");--> statement-breakpoint
CREATE UNIQUE INDEX "webhook_deliveries_event_key" ON "webhook_deliveries" USING btree ("endpoint_id","event_id");--> statement-breakpoint
CREATE INDEX "webhook_deliveries_due_idx" ON "webhook_deliveries" USING btree ("next_attempt_at") WHERE "webhook_deliveries"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "webhook_deliveries_account_idx" ON "webhook_deliveries" USING btree ("account_id","created_at");--> statement-breakpoint
CREATE INDEX "webhook_endpoints_account_idx" ON "webhook_endpoints" USING btree ("account_id") WHERE "webhook_endpoints"."deleted_at" is null;