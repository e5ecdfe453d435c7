-- Who may use River's tables (schema river), applied after River's own migrations on every
-- `klusmaat migrate`; safe to run again.
--
-- The job queue's role (klusmaat_queue) works the queue: the workers, leader election, retries and
-- clean-up all connect as it. The server's role (klusmaat_app) may only enqueue, inside the service
-- transaction that causes the job (River's InsertTx): insert a row and read back the rows its own
-- transaction inserted (the INSERT ... RETURNING that River sends). Admins read jobs through the
-- API (the e-mail job list). Nothing else: without an actor, no job is visible or writable, and no
-- actor may change or delete a job. E-mail jobs carry recipients and contents; export jobs name
-- their requester.

GRANT USAGE ON SCHEMA river TO klusmaat_queue, klusmaat_app;
GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA river TO klusmaat_queue;
GRANT USAGE, SELECT, UPDATE ON ALL SEQUENCES IN SCHEMA river TO klusmaat_queue;
GRANT EXECUTE ON ALL FUNCTIONS IN SCHEMA river TO klusmaat_queue;

-- Earlier versions granted the server's role everything here.
REVOKE ALL ON ALL TABLES IN SCHEMA river FROM klusmaat_app;
REVOKE ALL ON ALL SEQUENCES IN SCHEMA river FROM klusmaat_app;
-- River's insert: INSERT ... ON CONFLICT (unique_key) DO UPDATE SET kind = kind RETURNING *.
-- The ON CONFLICT clause needs UPDATE on kind even though no policy lets the role update a row.
GRANT SELECT, INSERT, UPDATE (kind) ON river.river_job TO klusmaat_app;
GRANT USAGE ON SEQUENCE river.river_job_id_seq TO klusmaat_app;

-- Each inserted job is stamped with the backend and transaction that inserted it, before the
-- row-level checks run, so that the policy below can recognise "a row this transaction made" (a
-- system column such as xmin does not exist yet when INSERT ... RETURNING is checked).
CREATE OR REPLACE FUNCTION river.klusmaat_stamp_insert() RETURNS trigger
    LANGUAGE plpgsql
    SET search_path = pg_catalog, pg_temp
    AS $$
BEGIN
    NEW.metadata := coalesce(NEW.metadata, '{}'::jsonb)
        || jsonb_build_object('klusmaat_tx', pg_backend_pid() || ':' || pg_current_xact_id());
    RETURN NEW;
END $$;
CREATE OR REPLACE TRIGGER klusmaat_stamp_insert BEFORE INSERT ON river.river_job
    FOR EACH ROW EXECUTE FUNCTION river.klusmaat_stamp_insert();

-- Not FORCE: the owner runs River's migrations, which may rewrite rows.
ALTER TABLE river.river_job ENABLE ROW LEVEL SECURITY;

DROP POLICY IF EXISTS queue_all ON river.river_job;
CREATE POLICY queue_all ON river.river_job TO klusmaat_queue USING (true) WITH CHECK (true);

-- An actor enqueues a job that is new: available (or scheduled), never attempted.
DROP POLICY IF EXISTS enqueue ON river.river_job;
CREATE POLICY enqueue ON river.river_job FOR INSERT TO klusmaat_app
    WITH CHECK ((SELECT role FROM public.current_actor) IS NOT NULL
        AND state IN ('available', 'scheduled') AND attempt = 0 AND attempted_at IS NULL
        AND finalized_at IS NULL AND coalesce(cardinality(errors), 0) = 0);

-- ... and reads back what its transaction inserted (and nothing else).
DROP POLICY IF EXISTS read_own_insert ON river.river_job;
CREATE POLICY read_own_insert ON river.river_job FOR SELECT TO klusmaat_app
    USING ((SELECT role FROM public.current_actor) IS NOT NULL
        AND metadata ->> 'klusmaat_tx' = pg_backend_pid() || ':' || pg_current_xact_id_if_assigned());

-- Admins follow the e-mail jobs (GET /api/v1/email-jobs).
DROP POLICY IF EXISTS admin_read ON river.river_job;
CREATE POLICY admin_read ON river.river_job FOR SELECT TO klusmaat_app
    USING ((SELECT role FROM public.current_actor) = 'admin');
-- AVG erase: an admin removes the e-mail jobs to an address whose data is erased, so no
-- further e-mail goes out and the contents no longer sit in the queue; a job being sent is left.
GRANT DELETE ON river.river_job TO klusmaat_app;
DROP POLICY IF EXISTS admin_erase_email ON river.river_job;
CREATE POLICY admin_erase_email ON river.river_job FOR DELETE TO klusmaat_app
    USING ((SELECT role FROM public.current_actor) = 'admin' AND kind = 'email' AND state <> 'running');
