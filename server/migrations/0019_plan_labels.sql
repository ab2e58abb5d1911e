ALTER TABLE "subscriptions" ADD COLUMN "label" text;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_label_length" CHECK (char_length("subscriptions"."label") <= 40);