-- Push invalidation for the per-process caches of sessions, accounts and settings (ADR 024).
-- Triggers, so no code path (service, staff tool, CLI, job, a hand-written UPDATE) can forget to
-- tell the other instances. Payloads: 'a:<account id>' for a session or account change,
-- 's:<settings key>' for a setting, 'p:<plan id>' for a plan. NOTIFY is sent at commit and only then.
CREATE OR REPLACE FUNCTION tollgate_notify_account() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('tollgate_changes', 'a:' || CASE WHEN TG_OP = 'DELETE' THEN OLD.id ELSE NEW.id END::text);
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER accounts_notify_change
  AFTER UPDATE OR DELETE ON accounts
  FOR EACH ROW EXECUTE FUNCTION tollgate_notify_account();--> statement-breakpoint
CREATE OR REPLACE FUNCTION tollgate_notify_session() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('tollgate_changes', 'a:' || OLD.account_id::text);
  RETURN NULL;
END;
$$;--> statement-breakpoint
-- Only revocation and expiry matter to a cached session: the once-a-minute last_seen_at touch
-- must not empty the cache it exists to spare.
CREATE TRIGGER sessions_notify_revoke
  AFTER UPDATE OF revoked_at, expires_at, account_id ON sessions
  FOR EACH ROW
  WHEN (OLD.revoked_at IS DISTINCT FROM NEW.revoked_at OR OLD.expires_at IS DISTINCT FROM NEW.expires_at
    OR OLD.account_id IS DISTINCT FROM NEW.account_id)
  EXECUTE FUNCTION tollgate_notify_session();--> statement-breakpoint
CREATE TRIGGER sessions_notify_delete
  AFTER DELETE ON sessions
  FOR EACH ROW EXECUTE FUNCTION tollgate_notify_session();--> statement-breakpoint
CREATE OR REPLACE FUNCTION tollgate_notify_setting() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('tollgate_changes', 's:' || CASE WHEN TG_OP = 'DELETE' THEN OLD.key ELSE NEW.key END);
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER settings_notify_change
  AFTER INSERT OR UPDATE OR DELETE ON settings
  FOR EACH ROW EXECUTE FUNCTION tollgate_notify_setting();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION tollgate_notify_plan() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('tollgate_changes', 'p:' || CASE WHEN TG_OP = 'DELETE' THEN OLD.id ELSE NEW.id END::text);
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER plans_notify_change
  AFTER INSERT OR UPDATE OR DELETE ON plans
  FOR EACH ROW EXECUTE FUNCTION tollgate_notify_plan();
