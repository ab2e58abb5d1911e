-- A session's end also sends 'k:<account id>' (ADR 043): calls that present an API key keep the
-- session per process across balance changes and drop it only on 'k:', so its revocation, expiry
-- change or move must say 'k:' as well as 'a:'. Same triggers as migration 0025, one more payload.
CREATE OR REPLACE FUNCTION tollgate_notify_session() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('tollgate_changes', 'a:' || OLD.account_id::text);
  PERFORM pg_notify('tollgate_changes', 'k:' || OLD.account_id::text);
  RETURN NULL;
END;
$$;
