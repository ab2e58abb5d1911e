-- 'm:<account id>' when an account's alert rules or auto top-up change (ADR 034, ADR 024's channel):
-- each process keeps whether an account uses automation at all, so that the check after every
-- change (a reseller's order, say) reads nothing for the many accounts that use none.
CREATE OR REPLACE FUNCTION tollgate_notify_automation() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    PERFORM pg_notify('tollgate_changes', 'm:' || OLD.account_id::text);
  END IF;
  IF TG_OP <> 'DELETE' AND (TG_OP = 'INSERT' OR NEW.account_id IS DISTINCT FROM OLD.account_id) THEN
    PERFORM pg_notify('tollgate_changes', 'm:' || NEW.account_id::text);
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER alert_rules_notify_change
  AFTER INSERT OR UPDATE OF enabled, account_id OR DELETE ON alert_rules
  FOR EACH ROW EXECUTE FUNCTION tollgate_notify_automation();--> statement-breakpoint
CREATE TRIGGER auto_topups_notify_change
  AFTER INSERT OR UPDATE OF enabled, account_id OR DELETE ON auto_topups
  FOR EACH ROW EXECUTE FUNCTION tollgate_notify_automation();
