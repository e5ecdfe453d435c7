-- Job events come from the trigger on klussen and from nowhere else.
--
-- Until now every actor, a visitor included, could INSERT into klus_events (its event would be
-- replayed to other regions' subscribers on reconnect), and the trigger's NOTIFY carried the whole
-- event, which the hub passed on as it came. Now:
--   * the trigger function runs as the schema owner (SECURITY DEFINER), and only the owner may
--     insert events; the server's role keeps reading them through the policies and, as an admin,
--     pruning old ones;
--   * the notification carries the event's id only: the hub reads each event back through
--     row-level security as each subscriber's actor (services/platform/events), so a NOTIFY sent by anyone
--     else (the NOTIFY command cannot be revoked) delivers nothing that is not a real, visible event.

CREATE OR REPLACE FUNCTION klussen_publish_event() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path = pg_catalog, public, pg_temp
    AS $$
DECLARE
    j klussen;
    -- The id is taken first, as before: RETURNING would need a policy to read the row back.
    eid bigint := nextval(pg_get_serial_sequence('klus_events', 'id'));
BEGIN
    j := CASE WHEN TG_OP = 'DELETE' THEN OLD ELSE NEW END;
    INSERT INTO klus_events (id, klus_id, op, regio, status, assignment_type, klusser_id)
    VALUES (eid, j.id, TG_OP, j.regio, j.status, j.assignment_type, j.klusser_id);
    PERFORM pg_notify('klus_events', eid::text);
    RETURN NULL;
END $$;
REVOKE ALL ON FUNCTION klussen_publish_event() FROM PUBLIC;

-- The owner is subject to the forced policies too (FORCE ROW LEVEL SECURITY): it may append.
CREATE POLICY trigger_append ON klus_events FOR INSERT TO CURRENT_USER WITH CHECK (true);
DROP POLICY append ON klus_events;

REVOKE INSERT ON klus_events FROM klusmaat_app;
REVOKE USAGE ON SEQUENCE klus_events_id_seq FROM klusmaat_app;
