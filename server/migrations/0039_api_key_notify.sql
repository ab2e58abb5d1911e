-- Push invalidation for the per-process cache of API keys (ADR 043), on migration 0025's channel.
-- 'k:<account id>' when what a cached key lets its caller do may have changed: the key revoked,
-- re-scoped or deleted, or its account's role, reseller flag, disabled or deleted state changed.
-- A kind of its own, not 'a:', so an order's balance change leaves the reseller's key cached; the
-- once-a-minute last_used_at and hourly use_logged_at touches notify nothing.
CREATE OR REPLACE FUNCTION tollgate_notify_api_key() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('tollgate_changes', 'k:' || OLD.account_id::text);
  IF TG_OP = 'UPDATE' AND NEW.account_id IS DISTINCT FROM OLD.account_id THEN
    PERFORM pg_notify('tollgate_changes', 'k:' || NEW.account_id::text);
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER api_keys_notify_change
  AFTER UPDATE OF revoked_at, scope, hash, account_id ON api_keys
  FOR EACH ROW
  WHEN (OLD.revoked_at IS DISTINCT FROM NEW.revoked_at OR OLD.scope IS DISTINCT FROM NEW.scope
    OR OLD.hash IS DISTINCT FROM NEW.hash OR OLD.account_id IS DISTINCT FROM NEW.account_id)
  EXECUTE FUNCTION tollgate_notify_api_key();--> statement-breakpoint
CREATE TRIGGER api_keys_notify_delete
  AFTER DELETE ON api_keys
  FOR EACH ROW EXECUTE FUNCTION tollgate_notify_api_key();--> statement-breakpoint
CREATE OR REPLACE FUNCTION tollgate_notify_account_keys() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('tollgate_changes', 'k:' || OLD.id::text);
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER accounts_notify_keys
  AFTER UPDATE OF role, reseller, disabled_at, deleted_at ON accounts
  FOR EACH ROW
  WHEN (OLD.role IS DISTINCT FROM NEW.role OR OLD.reseller IS DISTINCT FROM NEW.reseller
    OR OLD.disabled_at IS DISTINCT FROM NEW.disabled_at OR OLD.deleted_at IS DISTINCT FROM NEW.deleted_at)
  EXECUTE FUNCTION tollgate_notify_account_keys();--> statement-breakpoint
CREATE TRIGGER accounts_notify_keys_delete
  AFTER DELETE ON accounts
  FOR EACH ROW EXECUTE FUNCTION tollgate_notify_account_keys();
