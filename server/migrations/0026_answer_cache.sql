-- Push invalidation for the per-process caches of customers' ready answers (dashboard, proxy usage;
-- ADR 024). Payload 'u:<account id>': something one account's dashboard or usage shows changed. It is
-- a kind of its own, not 'a:', so the gateway's frequent usage flushes never empty the session cache.
-- Statement-level triggers with transition tables: one notification per account and statement, not
-- per row, so a gateway flush of many buckets costs one small query (and PostgreSQL folds repeats of
-- the same payload within a transaction into one).
CREATE OR REPLACE FUNCTION tollgate_notify_subscription_rows() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM pg_notify('tollgate_changes', 'u:' || account_id::text) FROM (SELECT DISTINCT account_id FROM new_rows) c;
  ELSIF TG_OP = 'UPDATE' THEN
    PERFORM pg_notify('tollgate_changes', 'u:' || account_id::text)
      FROM (SELECT account_id FROM new_rows UNION SELECT account_id FROM old_rows) c;
  ELSE
    PERFORM pg_notify('tollgate_changes', 'u:' || account_id::text) FROM (SELECT DISTINCT account_id FROM old_rows) c;
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER subscriptions_notify_insert
  AFTER INSERT ON subscriptions REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION tollgate_notify_subscription_rows();--> statement-breakpoint
CREATE TRIGGER subscriptions_notify_update
  AFTER UPDATE ON subscriptions REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION tollgate_notify_subscription_rows();--> statement-breakpoint
CREATE TRIGGER subscriptions_notify_delete
  AFTER DELETE ON subscriptions REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION tollgate_notify_subscription_rows();--> statement-breakpoint
-- Usage rows name their subscription only; the account is looked up once per statement.
CREATE OR REPLACE FUNCTION tollgate_notify_usage_rows() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('tollgate_changes', 'u:' || s.account_id::text)
    FROM subscriptions s WHERE s.id IN (SELECT DISTINCT subscription_id FROM new_rows)
    GROUP BY s.account_id;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER proxy_usage_hourly_notify_insert
  AFTER INSERT ON proxy_usage_hourly REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION tollgate_notify_usage_rows();--> statement-breakpoint
CREATE TRIGGER proxy_usage_hourly_notify_update
  AFTER UPDATE ON proxy_usage_hourly REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION tollgate_notify_usage_rows();--> statement-breakpoint
-- The dashboard shows last month's spend: paid invoices only, so a pending checkout stays quiet.
CREATE OR REPLACE FUNCTION tollgate_notify_invoice() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('tollgate_changes', 'u:' || CASE WHEN TG_OP = 'DELETE' THEN OLD.account_id ELSE NEW.account_id END::text);
  IF TG_OP = 'UPDATE' AND OLD.account_id IS DISTINCT FROM NEW.account_id THEN
    PERFORM pg_notify('tollgate_changes', 'u:' || OLD.account_id::text);
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER invoices_notify_insert
  AFTER INSERT ON invoices
  FOR EACH ROW WHEN (NEW.status = 'paid') EXECUTE FUNCTION tollgate_notify_invoice();--> statement-breakpoint
CREATE TRIGGER invoices_notify_update
  AFTER UPDATE ON invoices
  FOR EACH ROW WHEN (OLD.status = 'paid' OR NEW.status = 'paid') EXECUTE FUNCTION tollgate_notify_invoice();--> statement-breakpoint
CREATE TRIGGER invoices_notify_delete
  AFTER DELETE ON invoices
  FOR EACH ROW WHEN (OLD.status = 'paid') EXECUTE FUNCTION tollgate_notify_invoice();
