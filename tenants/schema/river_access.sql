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

-- What the server's role may enqueue. The policy above admits any job of a proved actor; SQL that
-- runs in an actor's transaction (an injection, a mistake) could still queue an e-mail under the
-- brand with a recipient and text of its own making, attach a private file, or ask for another
-- user's export. This check, run as the schema owner before each insert by the server's role,
-- admits only the jobs the application's own paths make, bound to what the database holds:
--   * bevestiging (the request confirmation): to the address of a job inserted in this very
--     transaction, with that job's name, description, category, date and part of day;
--   * ingepland / gewijzigd (the appointment): by a klusser or an admin, to the address of a job
--     changed in this transaction, with its planned date and time, its address and its klusser;
--   * aanmelder (an admin's message to an applicant): by an admin or a franchise owner, only as
--     the message they logged in this transaction (klusser_communications), to its recipient;
--   * schouw (the free survey): by an admin or a franchise owner, to the address of a job whose
--     survey this transaction planned, with that survey's date, time and assessor;
--   * herinnering / herinnering_vandaag (the reminder of an appointment, D27, D33): by the system
--     actor alone (the reminder job), to the address of a job whose reminder this transaction
--     recorded;
--   * schouw_geannuleerd (the survey cancelled, D33): by an admin or a franchise owner, to the
--     address of a job whose survey this transaction cancelled, with that survey's date, time and
--     reason;
--   * factuur (the invoice with its PDF): by the system actor alone (the invoice worker), to the
--     invoice's own customer, attaching that invoice's own PDF;
--   * offerte (a quote with its PDF, D26): by the system actor alone (the quote worker), to the
--     address of the quote's job, attaching the PDF this transaction kept on that quote;
--   * offerte_mail (draw and send a quote): by an admin or a franchise owner, for a quote this
--     transaction marked sent;
--   * betalingsherinnering / veertiendagenbrief (an unpaid invoice's reminder and 14-dagenbrief,
--     D30): by the system actor alone (the reminder job), to the invoice's own customer, for an
--     invoice whose event of that step (herinnering, veertiendagenbrief) this transaction
--     recorded, naming that invoice's number (and its job's status link, if any);
--   * herinneringen (a reminder run for one appointment, D33): for a job whose appointment
--     (planned start) or survey this transaction changed; the run itself sends only what is due;
--   * export: for the actor itself; invoice PDFs: the storage work of the application, which
--     sends nothing of the caller's making;
--   * the in-app notifications, each for a job this transaction changed and with that job's own
--     data (the worker turns the arguments into the text people read):
--       notify_admins klus_opgepakt: by the klusser who now has the job, naming its profile's name;
--       notify_admins klus_ingepland / klus_gewijzigd: by a klusser or an admin, naming the job's
--         klusser and its planned date and time (Europe/Amsterdam);
--       notify_admins klus_geannuleerd: for a job cancelled (geannuleerd_at) in this transaction;
--       notify_admins offerte_akkoord / offerte_niet_akkoord: for the job's quote answered so in
--         this transaction, with that quote's number;
--       notify_pool: by an admin (who alone places jobs), for a job now open in the pool;
--       notify_klusser: by an admin, to the job's klusser, with the job's own date, time and town.
-- Any other kind or template is refused. The queue's role (workers, River's maintenance) and the
-- owner are not checked.
CREATE OR REPLACE FUNCTION river.klusmaat_check_enqueue() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path = pg_catalog, pg_temp
    AS $$
DECLARE
    actor record;
    job public.klussen;
    d jsonb := coalesce(NEW.args -> 'data', '{}');
    tmpl text := NEW.args ->> 'template';
    rcpt text := lower(NEW.args ->> 'to');
    files jsonb := coalesce(NEW.args -> 'attachments', '[]');
    this_tx xid := pg_current_xact_id()::xid;
    ok boolean := false;
BEGIN
    IF session_user <> 'klusmaat_app' THEN
        RETURN NEW;
    END IF;
    SELECT a.role, a.user_id INTO actor FROM public.current_actor a;

    IF NEW.kind = 'notify_admins' THEN
        SELECT k.* INTO job FROM public.klussen k WHERE k.id = (NEW.args ->> 'klus_id')::uuid AND k.xmin = this_tx;
        ok := actor.role IS NOT NULL AND FOUND AND CASE
            WHEN NEW.args ->> 'type' = 'klus_opgepakt' THEN actor.role = 'klusser' AND job.klusser_id = actor.user_id
                AND NEW.args = jsonb_build_object('type', 'klus_opgepakt', 'klus_id', job.id::text,
                    'klusser_naam', (SELECT p.naam FROM public.profiles p WHERE p.id = job.klusser_id))
            WHEN NEW.args ->> 'type' = 'klus_ingepland' THEN actor.role IN ('klusser', 'admin')
                AND NEW.args = jsonb_build_object('type', 'klus_ingepland', 'klus_id', job.id::text,
                    'klusser_naam', (SELECT p.naam FROM public.profiles p WHERE p.id = job.klusser_id),
                    'datum', to_char(job.geplande_start_tijd AT TIME ZONE 'Europe/Amsterdam', 'DD-MM-YYYY'),
                    'tijd', to_char(job.geplande_start_tijd AT TIME ZONE 'Europe/Amsterdam', 'HH24:MI'))
            WHEN NEW.args ->> 'type' = 'klus_gewijzigd' THEN actor.role IN ('klusser', 'admin')
                AND NEW.args = jsonb_build_object('type', 'klus_gewijzigd', 'klus_id', job.id::text,
                    'klusser_naam', (SELECT p.naam FROM public.profiles p WHERE p.id = job.klusser_id),
                    'datum', to_char(job.geplande_start_tijd AT TIME ZONE 'Europe/Amsterdam', 'DD-MM-YYYY'),
                    'tijd', to_char(job.geplande_start_tijd AT TIME ZONE 'Europe/Amsterdam', 'HH24:MI'))
            WHEN NEW.args ->> 'type' = 'klus_geannuleerd' THEN job.geannuleerd_at IS NOT NULL
                AND NEW.args = jsonb_build_object('type', 'klus_geannuleerd', 'klus_id', job.id::text, 'klusser_naam', '')
            WHEN NEW.args ->> 'type' IN ('offerte_akkoord', 'offerte_niet_akkoord') THEN EXISTS (
                SELECT 1 FROM public.offertes o
                WHERE o.klus_id = job.id AND o.xmin = this_tx AND o.status = substr(NEW.args ->> 'type', 9)
                  AND NEW.args = jsonb_build_object('type', NEW.args ->> 'type', 'klus_id', job.id::text,
                        'klusser_naam', '', 'nummer', o.nummer))
            ELSE false END;
    ELSIF NEW.kind = 'notify_pool' THEN
        ok := actor.role = 'admin' AND EXISTS (
            SELECT 1 FROM public.klussen k
            WHERE k.id = (NEW.args ->> 'klus_id')::uuid AND k.xmin = this_tx
              AND k.assignment_type = 'pool' AND k.status = 'open' AND k.klusser_id IS NULL
              AND NEW.args = jsonb_build_object('klus_id', k.id::text));
    ELSIF NEW.kind = 'notify_klusser' THEN
        ok := actor.role = 'admin' AND EXISTS (
            SELECT 1 FROM public.klussen k
            WHERE k.id = (NEW.args ->> 'klus_id')::uuid AND k.xmin = this_tx
              AND NEW.args = jsonb_build_object('klus_id', k.id::text, 'klusser_id', k.klusser_id::text,
                    'datum', to_char(k.datum, 'DD-MM-YYYY'), 'tijd', k.tijd, 'woonplaats', k.woonplaats));
    ELSIF NEW.kind = 'factuur_pdf' THEN
        ok := actor.role IN ('klusser', 'admin')
            AND EXISTS (SELECT 1 FROM public.facturen f WHERE f.id = (NEW.args ->> 'factuur_id')::uuid);
    ELSIF NEW.kind = 'offerte_mail' THEN
        ok := actor.role IN ('admin', 'franchise') AND EXISTS (
            SELECT 1 FROM public.offertes o
            WHERE o.id = (NEW.args ->> 'offerte_id')::uuid AND o.xmin = this_tx AND o.status = 'verstuurd');
    ELSIF NEW.kind = 'herinneringen' THEN
        ok := actor.role IS NOT NULL AND NEW.args = jsonb_build_object('soort', NEW.args ->> 'soort', 'klus_id', NEW.args ->> 'klus_id')
            AND CASE NEW.args ->> 'soort'
                WHEN 'klus' THEN EXISTS (SELECT 1 FROM public.klussen k
                    WHERE k.id = (NEW.args ->> 'klus_id')::uuid AND k.xmin = this_tx AND k.geplande_start_tijd IS NOT NULL)
                WHEN 'schouw' THEN EXISTS (SELECT 1 FROM public.klus_schouwen s
                    WHERE s.klus_id = (NEW.args ->> 'klus_id')::uuid AND s.xmin = this_tx AND s.status = 'gepland')
                ELSE false END;
    ELSIF NEW.kind = 'export' THEN
        ok := actor.user_id IS NOT NULL AND (NEW.args ->> 'user_id')::uuid = actor.user_id;
    ELSIF NEW.kind = 'email' AND (files = '[]' OR tmpl IN ('factuur', 'offerte')) THEN
        CASE tmpl
        WHEN 'bevestiging' THEN
            ok := EXISTS (
                SELECT 1 FROM public.klussen k JOIN public.categories c ON c.key = k.categorie
                WHERE k.id = (d ->> 'status_klus')::uuid AND k.xmin = this_tx AND k.email = rcpt
                  AND d = jsonb_build_object('status_klus', k.id::text, 'naam', k.naam, 'categorie', c.label,
                        'beschrijving', k.beschrijving, 'datum', to_char(k.datum, 'DD-MM-YYYY'),
                        'tijd', CASE k.tijd WHEN 'ochtend' THEN 'ochtend (8:00-12:00)'
                                            WHEN 'middag' THEN 'middag (12:00-17:00)'
                                            WHEN 'avond' THEN 'avond (17:00-20:00)' END));
        WHEN 'ingepland', 'gewijzigd' THEN
            ok := actor.role IN ('klusser', 'admin') AND EXISTS (
                SELECT 1 FROM public.klussen k JOIN public.profiles p ON p.id = k.klusser_id
                WHERE k.id = (d ->> 'status_klus')::uuid AND k.xmin = this_tx AND k.email = rcpt
                  AND d ->> 'naam' = public.klant_naam(k)
                  AND d ->> 'klusser_naam' = p.naam
                  AND d ->> 'klusser_telefoon' ~ '^[0-9 +()./-]{6,20}$'
                  AND d ->> 'datum' = to_char(k.geplande_start_tijd, 'DD-MM-YYYY')
                  AND d ->> 'tijd' = to_char(k.geplande_start_tijd, 'HH24:MI')
                  AND d ->> 'adres' = k.adres || ', ' || k.postcode || ' ' || k.woonplaats
                  AND (SELECT count(*) FROM jsonb_object_keys(d)) = 7);
        WHEN 'schouw' THEN
            ok := actor.role IN ('admin', 'franchise') AND EXISTS (
                SELECT 1 FROM public.klus_schouwen s JOIN public.klussen k ON k.id = s.klus_id
                WHERE s.klus_id = (d ->> 'status_klus')::uuid AND s.xmin = this_tx AND k.email = rcpt
                  AND d = jsonb_build_object('status_klus', k.id::text,
                        'naam', public.klant_naam(k),
                        'datum', to_char(s.start, 'DD-MM-YYYY'), 'tijd', to_char(s.start, 'HH24:MI'),
                        'adres', k.adres || ', ' || k.postcode || ' ' || k.woonplaats, 'opnemer', s.opnemer));
        WHEN 'schouw_geannuleerd' THEN
            ok := actor.role IN ('admin', 'franchise') AND EXISTS (
                SELECT 1 FROM public.klus_schouwen s JOIN public.klussen k ON k.id = s.klus_id
                WHERE s.klus_id = (d ->> 'status_klus')::uuid AND s.xmin = this_tx AND s.status = 'geannuleerd' AND k.email = rcpt
                  AND d = jsonb_build_object('status_klus', k.id::text,
                        'naam', public.klant_naam(k),
                        'datum', to_char(s.start, 'DD-MM-YYYY'), 'tijd', to_char(s.start, 'HH24:MI'),
                        'adres', k.adres || ', ' || k.postcode || ' ' || k.woonplaats)
                        || CASE WHEN s.reden = '' THEN '{}'::jsonb ELSE jsonb_build_object('reden', s.reden) END);
        WHEN 'herinnering', 'herinnering_vandaag' THEN
            ok := actor.user_id = '00000000-0000-0000-0000-000000000001' AND EXISTS (
                SELECT 1 FROM public.herinneringen h JOIN public.klussen k ON k.id = h.klus_id
                WHERE h.klus_id = (d ->> 'status_klus')::uuid AND h.xmin = this_tx AND k.email = rcpt);
        WHEN 'betalingsherinnering', 'veertiendagenbrief' THEN
            ok := actor.user_id = '00000000-0000-0000-0000-000000000001' AND EXISTS (
                SELECT 1 FROM public.factuur_gebeurtenissen e JOIN public.facturen f ON f.id = e.factuur_id
                WHERE e.soort = CASE tmpl WHEN 'betalingsherinnering' THEN 'herinnering' ELSE 'veertiendagenbrief' END
                  AND e.xmin = this_tx AND f.factuurnummer = d ->> 'factuurnummer'
                  AND f.klant_email <> '' AND lower(f.klant_email) = rcpt
                  AND (d ->> 'status_klus' IS NULL OR d ->> 'status_klus' = f.klus_id::text));
        WHEN 'aanmelder' THEN
            ok := actor.role IN ('admin', 'franchise') AND EXISTS (
                SELECT 1 FROM public.klusser_communications c
                WHERE c.xmin = this_tx AND c.type = 'email' AND c.created_by = actor.user_id
                  AND lower(c.recipient) = rcpt
                  AND d = jsonb_build_object('onderwerp', c.subject, 'inhoud', c.content));
        WHEN 'factuur' THEN
            ok := actor.user_id = '00000000-0000-0000-0000-000000000001' AND jsonb_array_length(files) = 1
                AND EXISTS (
                    SELECT 1 FROM public.facturen f
                    WHERE f.factuurnummer = d ->> 'factuurnummer' AND lower(f.klant_email) = rcpt
                      AND f.pdf_url = files -> 0 ->> 'key' AND files -> 0 ->> 'bucket' = 'exports');
        WHEN 'offerte' THEN
            ok := actor.user_id = '00000000-0000-0000-0000-000000000001' AND jsonb_array_length(files) = 1
                AND EXISTS (
                    SELECT 1 FROM public.offertes o JOIN public.klussen k ON k.id = o.klus_id
                    WHERE o.nummer = d ->> 'offertenummer' AND o.klus_id = (d ->> 'status_klus')::uuid AND k.email = rcpt
                      AND o.xmin = this_tx AND o.pdf_key = files -> 0 ->> 'key' AND files -> 0 ->> 'bucket' = 'exports');
        ELSE
            ok := false;
        END CASE;
    END IF;
    IF ok IS NOT TRUE THEN
        RAISE EXCEPTION 'klusmaat: the server may not enqueue this % job (template %)', NEW.kind, coalesce(tmpl, '-')
            USING ERRCODE = 'insufficient_privilege';
    END IF;
    RETURN NEW;
END $$;
REVOKE ALL ON FUNCTION river.klusmaat_check_enqueue() FROM PUBLIC;
CREATE OR REPLACE TRIGGER klusmaat_check_enqueue BEFORE INSERT ON river.river_job
    FOR EACH ROW EXECUTE FUNCTION river.klusmaat_check_enqueue();
