-- Statistics over a year: paid invoices per account in time order (distinct payers, top customers),
-- plan starts and ends with their type (running plans; they replace 0029's wider terms index, which the
-- planner passed over for a full scan) and plan terms per account (churn), so each aggregates in index
-- order, read from the index alone.
CREATE INDEX "invoices_paid_account_idx" ON "invoices" USING btree ("account_id","paid_at","kind","total_cents") WHERE "invoices"."status" = 'paid';--> statement-breakpoint
DROP INDEX "subscriptions_terms_idx";--> statement-breakpoint
CREATE INDEX "subscriptions_starts_idx" ON "subscriptions" USING btree ("starts_at","plan_type") WHERE "subscriptions"."status" in ('active', 'expired') and "subscriptions"."starts_at" is not null;--> statement-breakpoint
CREATE INDEX "subscriptions_ends_idx" ON "subscriptions" USING btree ("expires_at","plan_type") WHERE "subscriptions"."status" in ('active', 'expired') and "subscriptions"."starts_at" is not null;--> statement-breakpoint
CREATE INDEX "subscriptions_account_terms_idx" ON "subscriptions" USING btree ("account_id","starts_at","expires_at") WHERE "subscriptions"."status" in ('active', 'expired') and "subscriptions"."starts_at" is not null;
