-- A job that leaves the pool without being claimed (an admin clears or changes its assignment,
-- archives it or moves it to another region) used to produce an event its region's klussers may
-- not read: the event shows the job as it is after the change, no longer a pool job of their
-- region, so their pool screens kept showing it until refetched (document 001 section 7: the pool
-- follows live). Each event now also records the region whose pool the job was in before the
-- change, and a klusser of that region may read it; it learns no more than that the job left.

ALTER TABLE klus_events ADD COLUMN pool_regio text;

CREATE OR REPLACE FUNCTION klussen_publish_event() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path = pg_catalog, public, pg_temp
    AS $$
DECLARE
    j klussen;
    -- The region whose pool held the job before this change, if it was a pool job.
    was_pool text;
    -- The id is taken first, as before: RETURNING would need a policy to read the row back.
    eid bigint := nextval(pg_get_serial_sequence('klus_events', 'id'));
BEGIN
    j := CASE WHEN TG_OP = 'DELETE' THEN OLD ELSE NEW END;
    IF TG_OP <> 'INSERT' AND OLD.assignment_type = 'pool' AND OLD.status = 'open' AND OLD.klusser_id IS NULL
       AND NOT OLD.archived THEN
        was_pool := OLD.regio;
    END IF;
    INSERT INTO klus_events (id, klus_id, op, regio, status, assignment_type, klusser_id, pool_regio)
    VALUES (eid, j.id, TG_OP, j.regio, j.status, j.assignment_type, j.klusser_id, was_pool);
    PERFORM pg_notify('klus_events', eid::text);
    RETURN NULL;
END $$;
REVOKE ALL ON FUNCTION klussen_publish_event() FROM PUBLIC;

ALTER POLICY klusser_read_pool_and_own ON klus_events
    USING (klusser_id = (SELECT user_id FROM current_actor WHERE role = 'klusser')
        OR (assignment_type = 'pool' AND regio = ANY ((SELECT regions FROM current_actor WHERE role = 'klusser')::text[]))
        OR pool_regio = ANY ((SELECT regions FROM current_actor WHERE role = 'klusser')::text[]));
