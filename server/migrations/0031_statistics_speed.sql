-- Statistics over a year: paid invoices per account in time order (distinct payers, top customers) and
-- plan terms per account (churn), so each aggregates in index order, read from the index alone.
CREATE INDEX "invoices_paid_account_idx" ON "invoices" USING btree ("account_id","paid_at","kind","total_cents") WHERE "invoices"."status" = 'paid';--> statement-breakpoint
CREATE INDEX "subscriptions_account_terms_idx" ON "subscriptions" USING btree ("account_id","starts_at","expires_at") WHERE "subscriptions"."status" in ('active', 'expired') and "subscriptions"."starts_at" is not null;
