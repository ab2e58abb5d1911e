CREATE TABLE "staff_change_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"account_id" uuid NOT NULL,
	"subscription_id" uuid,
	"amount" bigint NOT NULL,
	"reason" text,
	"status" text DEFAULT 'pending' NOT NULL,
	"requested_by" uuid NOT NULL,
	"decided_by" uuid,
	"decision_reason" text,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "staff_change_requests_amount_non_zero" CHECK ("staff_change_requests"."amount" <> 0),
	CONSTRAINT "staff_change_requests_not_self_decided" CHECK ("staff_change_requests"."decided_by" is null or "staff_change_requests"."decided_by" <> "staff_change_requests"."requested_by")
);
--> statement-breakpoint
ALTER TABLE "staff_change_requests" ADD CONSTRAINT "staff_change_requests_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_change_requests" ADD CONSTRAINT "staff_change_requests_requested_by_accounts_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_change_requests" ADD CONSTRAINT "staff_change_requests_decided_by_accounts_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "staff_change_requests_status_idx" ON "staff_change_requests" USING btree ("status","created_at");