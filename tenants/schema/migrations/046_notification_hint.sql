-- Notifications are seen live (D33, issue 39 item 8).
--
-- Every notification written or marked read NOTIFYs its user's id on the channel 'notifications';
-- the event stream (services/platform/events) then tells that user's open streams to reload the
-- inbox, so the bells in the console and the klusser portal follow without polling, also when the
-- notify job writes the row a moment after the job's own change. The payload is only a hint (the
-- NOTIFY command cannot be revoked): the stream passes nothing of it on, and a forged one makes a
-- user's own inbox reload, nothing more. pg_notify folds a transaction's identical payloads into one.

CREATE FUNCTION notifications_hint() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path = pg_catalog, public, pg_temp
    AS $$
BEGIN
    PERFORM pg_notify('notifications', NEW.user_id::text);
    RETURN NULL;
END $$;
-- Runs as the schema owner: the server's role may not call pg_notify (bootstrap_database.sql).
REVOKE ALL ON FUNCTION notifications_hint() FROM PUBLIC;

CREATE TRIGGER notifications_hint AFTER INSERT OR UPDATE ON notifications
    FOR EACH ROW EXECUTE FUNCTION notifications_hint();
