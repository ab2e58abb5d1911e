CREATE TABLE "reseller_applications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"answers" jsonb NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_at" timestamp with time zone,
	"decided_by" uuid,
	"reason" text,
	CONSTRAINT "reseller_applications_status" CHECK ("reseller_applications"."status" in ('pending', 'approved', 'rejected')),
	CONSTRAINT "reseller_applications_decided" CHECK (("reseller_applications"."status" = 'pending') = ("reseller_applications"."decided_at" is null))
);
--> statement-breakpoint
ALTER TABLE "reseller_applications" ADD CONSTRAINT "reseller_applications_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reseller_applications" ADD CONSTRAINT "reseller_applications_decided_by_accounts_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "reseller_applications_one_pending" ON "reseller_applications" USING btree ("account_id") WHERE "reseller_applications"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "reseller_applications_account_idx" ON "reseller_applications" USING btree ("account_id","created_at");--> statement-breakpoint
CREATE INDEX "reseller_applications_queue_idx" ON "reseller_applications" USING btree ("status","created_at");