-- Contact within 24 hours (docs/decisions.md, D26): the back office logs each contact with the
-- customer of a request (called, WhatsApp, e-mail; who, when, a note). A request from the website
-- that is still open without a logged contact 24 hours after it arrived is overdue; the dashboards
-- list those, oldest first, and the jobs list filters on them. For applications the promise is a
-- response within 2 working days (Monday to Friday, Amsterdam), and a response is a logged message
-- to the applicant (klusser_communications) or a decision on the application.

-- Where a job came from: the website (a visitor's request) or the back office (an admin who took
-- the call). Set by the database from the actor at insert. Jobs from before this migration are
-- requests unless they have neither the request form's name nor a signed-in customer and an admin
-- assigned them (the back office's own jobs); the backfill changes no job otherwise, so the job
-- triggers (updated_at, events) are off for it.
ALTER TABLE klussen ADD COLUMN bron text NOT NULL DEFAULT 'website' CHECK (bron IN ('website', 'beheer'));
ALTER TABLE klussen ALTER COLUMN bron SET DEFAULT 'beheer';
ALTER TABLE klussen DISABLE TRIGGER USER;
UPDATE klussen SET bron = 'beheer' WHERE naam = '' AND klant_id IS NULL AND assignment_type IS NOT NULL;
ALTER TABLE klussen ENABLE TRIGGER USER;

CREATE FUNCTION klussen_bron() RETURNS trigger
    LANGUAGE plpgsql
    SET search_path = pg_catalog, public, pg_temp
    AS $$
BEGIN
    NEW.bron := CASE WHEN actor_role() = 'admin' THEN 'beheer' ELSE 'website' END;
    RETURN NEW;
END $$;
CREATE TRIGGER klussen_bron BEFORE INSERT ON klussen FOR EACH ROW EXECUTE FUNCTION klussen_bron();

CREATE TABLE klus_contacten (
    id         uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    klus_id    uuid NOT NULL REFERENCES klussen (id) ON DELETE CASCADE,
    regio      text NOT NULL,   -- the job's, set by the database: what row-level security reads
    wijze      text NOT NULL CHECK (wijze IN ('gebeld', 'whatsapp', 'email')),
    notitie    text NOT NULL DEFAULT '' CHECK (length(notitie) <= 1000),
    door       uuid NOT NULL,   -- the actor who logged it
    door_naam  text NOT NULL DEFAULT '',
    tijdstip   timestamptz NOT NULL DEFAULT now(),
    created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX klus_contacten_klus_idx ON klus_contacten (klus_id, tijdstip);

-- The job's region and the actor come from the database, not from the request; a contact cannot
-- be dated in the future nor before the job arrived.
CREATE FUNCTION klus_contacten_fill() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path = pg_catalog, public, pg_temp
    AS $$
DECLARE
    k record;
BEGIN
    SELECT regio, created_at INTO k FROM klussen WHERE id = NEW.klus_id;
    IF NOT FOUND THEN
        RAISE EXCEPTION 'klus % not found', NEW.klus_id USING ERRCODE = 'foreign_key_violation';
    END IF;
    NEW.regio := k.regio;
    NEW.door := actor_id();
    NEW.door_naam := coalesce((SELECT naam FROM profiles WHERE id = actor_id()), '');
    NEW.created_at := now();
    IF NEW.tijdstip > now() + interval '1 minute' OR NEW.tijdstip < k.created_at - interval '1 minute' THEN
        RAISE EXCEPTION 'contact time % outside the job''s life', NEW.tijdstip USING ERRCODE = 'check_violation';
    END IF;
    RETURN NEW;
END $$;
CREATE TRIGGER klus_contacten_fill BEFORE INSERT ON klus_contacten FOR EACH ROW EXECUTE FUNCTION klus_contacten_fill();

ALTER TABLE klus_contacten ENABLE ROW LEVEL SECURITY;
ALTER TABLE klus_contacten FORCE ROW LEVEL SECURITY;
-- Admins everywhere, franchise owners in their regions: read and log; nobody changes the log.
CREATE POLICY office_read ON klus_contacten FOR SELECT TO klusmaat_app
    USING (actor_role() = 'admin' OR (actor_role() = 'franchise' AND regio = ANY (actor_regions())));
CREATE POLICY office_log ON klus_contacten FOR INSERT TO klusmaat_app
    WITH CHECK (door = actor_id() AND (actor_role() = 'admin' OR (actor_role() = 'franchise' AND regio = ANY (actor_regions()))));
GRANT SELECT, INSERT ON klus_contacten TO klusmaat_app;
-- (The fill trigger reads the job and the logger's name as the owner: owner_status_read, migration 018.)

-- The overdue requests: from the website, open, not archived, no contact logged, older than 24 hours.
CREATE INDEX klussen_terugbellen_idx ON klussen (created_at) WHERE bron = 'website' AND status = 'open' AND NOT archived;

-- werkdagen_later is t plus n working days (Monday to Friday, Europe/Amsterdam): Friday 15:00
-- plus 2 is Tuesday 15:00; a moment in a weekend counts from the Monday's start.
CREATE FUNCTION werkdagen_later(t timestamptz, n integer) RETURNS timestamptz
    LANGUAGE plpgsql STABLE PARALLEL SAFE
    SET search_path = pg_catalog, pg_temp
    AS $$
DECLARE
    local timestamp := t AT TIME ZONE 'Europe/Amsterdam';
    counted integer := 0;
BEGIN
    WHILE extract(isodow FROM local) > 5 LOOP
        local := date_trunc('day', local) + interval '1 day';
    END LOOP;
    WHILE counted < n LOOP
        local := local + interval '1 day';
        IF extract(isodow FROM local) <= 5 THEN
            counted := counted + 1;
        END IF;
    END LOOP;
    RETURN local AT TIME ZONE 'Europe/Amsterdam';
END $$;
