CREATE TABLE "mail_campaign_recipients" (
	"campaign_id" uuid NOT NULL,
	"account_id" uuid NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"error" text,
	"claimed_by" uuid,
	"claimed_until" timestamp with time zone,
	"sending_since" timestamp with time zone,
	"sent_at" timestamp with time zone,
	CONSTRAINT "mail_campaign_recipients_pkey" PRIMARY KEY("campaign_id","account_id"),
	CONSTRAINT "mail_campaign_recipients_status_known" CHECK ("mail_campaign_recipients"."status" in ('queued', 'sent', 'failed', 'skipped'))
);
--> statement-breakpoint
CREATE TABLE "mail_campaigns" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"subject" text NOT NULL,
	"body" text NOT NULL,
	"audience" jsonb NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"created_by" uuid,
	"sent_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	CONSTRAINT "mail_campaigns_status_known" CHECK ("mail_campaigns"."status" in ('draft', 'sending', 'sent', 'cancelled'))
);
--> statement-breakpoint
ALTER TABLE "mail_campaign_recipients" ADD CONSTRAINT "mail_campaign_recipients_campaign_id_mail_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."mail_campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mail_campaign_recipients" ADD CONSTRAINT "mail_campaign_recipients_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mail_campaigns" ADD CONSTRAINT "mail_campaigns_created_by_accounts_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mail_campaigns" ADD CONSTRAINT "mail_campaigns_sent_by_accounts_id_fk" FOREIGN KEY ("sent_by") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "mail_campaign_recipients_status_idx" ON "mail_campaign_recipients" USING btree ("campaign_id","status");--> statement-breakpoint
CREATE INDEX "mail_campaign_recipients_queued_idx" ON "mail_campaign_recipients" USING btree ("claimed_until") WHERE "mail_campaign_recipients"."status" = 'queued';--> statement-breakpoint
CREATE INDEX "mail_campaign_recipients_sent_at_idx" ON "mail_campaign_recipients" USING btree ("sent_at") WHERE "mail_campaign_recipients"."sent_at" is not null;--> statement-breakpoint
CREATE INDEX "mail_campaigns_created_idx" ON "mail_campaigns" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "mail_campaigns_sending_idx" ON "mail_campaigns" USING btree ("started_at") WHERE "mail_campaigns"."status" = 'sending';