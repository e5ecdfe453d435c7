-- Jobs (klussen), the heart of both documents. Every job has a region, set by the server from the
-- town or postcode (D2); admins may correct it. Money is integer cents (D7).

CREATE TABLE klussen (
    id                     uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    status                 text NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'ingepland', 'bezig', 'afgerond')),
    assignment_type        text CHECK (assignment_type IN ('pool', 'direct')),
    regio                  text NOT NULL REFERENCES regions (slug) ON UPDATE CASCADE ON DELETE RESTRICT,
    -- Deleting a klusser removes their assignments, not the customer's job (document 001 section 8).
    klusser_id             uuid REFERENCES profiles (id) ON DELETE SET NULL,
    claimed_at             timestamptz,
    categorie              text NOT NULL REFERENCES categories (key) ON UPDATE CASCADE ON DELETE RESTRICT,
    beschrijving           text NOT NULL CHECK (length(trim(beschrijving)) > 0),
    datum                  date NOT NULL,
    -- A customer time block (ochtend, middag, avond) or an admin's clock time such as 09:00.
    tijd                   text NOT NULL CHECK (tijd ~ '^(ochtend|middag|avond|([01][0-9]|2[0-3]):[0-5][0-9])$'),
    adres                  text NOT NULL CHECK (length(trim(adres)) > 0),
    postcode               text NOT NULL CHECK (postcode ~ '^[1-9][0-9]{3} [A-Z]{2}$'),
    woonplaats             text NOT NULL CHECK (length(trim(woonplaats)) > 0),
    telefoon               text NOT NULL CHECK (length(trim(telefoon)) > 0),
    email                  text NOT NULL DEFAULT '' CHECK (email = lower(email)),
    -- D10: the public form's name and contact preference are kept so the office can call back.
    naam                   text NOT NULL DEFAULT '',
    contact_voorkeur       text NOT NULL DEFAULT 'bellen' CHECK (contact_voorkeur IN ('bellen', 'whatsapp')),
    klant_voornaam         text NOT NULL DEFAULT '',
    klant_achternaam       text NOT NULL DEFAULT '',
    klant_id               uuid,  -- the signed-in customer at submission, if any (a Kratos id)
    geschatte_duur         numeric(4, 1) NOT NULL DEFAULT 1
        CHECK (geschatte_duur >= 0.5 AND geschatte_duur * 2 = trunc(geschatte_duur * 2)),
    geschat_tarief_cents   integer NOT NULL DEFAULT 6500 CHECK (geschat_tarief_cents >= 0),
    geplande_start_tijd    timestamptz,
    klusser_telefoon       text,
    -- D18: at most two changes of a planned appointment, enforced here as well as in the service.
    planning_changes_count smallint NOT NULL DEFAULT 0 CHECK (planning_changes_count BETWEEN 0 AND 2),
    klusser_notities       text NOT NULL DEFAULT '',
    archived               boolean NOT NULL DEFAULT false,
    materiaal_kosten_cents integer NOT NULL DEFAULT 0 CHECK (materiaal_kosten_cents >= 0),
    betaald                boolean NOT NULL DEFAULT false,
    created_at             timestamptz NOT NULL DEFAULT now(),
    updated_at             timestamptz NOT NULL DEFAULT now()
);

-- Indexes for the lists, filters and sorts of both documents.
CREATE INDEX klussen_datum_idx ON klussen (datum DESC);                       -- admin jobs, datum desc
CREATE INDEX klussen_status_idx ON klussen (status) WHERE NOT archived;       -- status tiles and filter
CREATE INDEX klussen_regio_status_idx ON klussen (regio, status);             -- region table, franchise counts
CREATE INDEX klussen_regio_datum_idx ON klussen (regio, datum);               -- franchise list, datum asc
CREATE INDEX klussen_regio_created_idx ON klussen (regio, created_at DESC);   -- franchise recent jobs
CREATE INDEX klussen_created_idx ON klussen (created_at DESC);                -- recent activity
CREATE INDEX klussen_woonplaats_idx ON klussen (woonplaats);                  -- top towns, filter
CREATE INDEX klussen_klusser_datum_idx ON klussen (klusser_id, datum) WHERE klusser_id IS NOT NULL; -- agenda
CREATE INDEX klussen_email_idx ON klussen (email, created_at DESC);           -- customers by e-mail
CREATE INDEX klussen_pool_idx ON klussen (regio, datum)                       -- the klusser pool
    WHERE assignment_type = 'pool' AND status = 'open' AND klusser_id IS NULL AND NOT archived;
CREATE INDEX klussen_search_idx ON klussen USING gin ((beschrijving || ' ' || adres || ' ' || email) gin_trgm_ops);

CREATE TRIGGER klussen_updated_at BEFORE UPDATE ON klussen FOR EACH ROW EXECUTE FUNCTION set_updated_at();

-- D18 and document 001 section 4: a finished job cannot be reassigned, whoever asks.
CREATE FUNCTION klussen_lock_finished() RETURNS trigger
    LANGUAGE plpgsql
    AS $$
BEGIN
    -- The one exception is the foreign key clearing the klusser of a deleted account (a cascade runs
    -- as a nested trigger): the finished job stays, without its klusser.
    IF OLD.status = 'afgerond' AND NEW.klusser_id IS DISTINCT FROM OLD.klusser_id
       AND NOT (NEW.klusser_id IS NULL AND pg_trigger_depth() > 1) THEN
        RAISE EXCEPTION 'job % is finished and cannot be reassigned', OLD.id USING ERRCODE = 'check_violation';
    END IF;
    RETURN NEW;
END $$;
CREATE TRIGGER klussen_finished_lock BEFORE UPDATE ON klussen FOR EACH ROW EXECUTE FUNCTION klussen_lock_finished();

-- Deleting a klusser removes its job assignments (document 001 section 8): its unfinished jobs
-- go back to open and unassigned, as when an admin removes an assignment (section 4).
CREATE FUNCTION profiles_release_jobs() RETURNS trigger
    LANGUAGE plpgsql
    AS $$
BEGIN
    UPDATE klussen SET klusser_id = NULL, status = 'open', claimed_at = NULL, assignment_type = NULL,
                       geplande_start_tijd = NULL
    WHERE klusser_id = OLD.id AND status <> 'afgerond';
    RETURN OLD;
END $$;
CREATE TRIGGER profiles_release_jobs BEFORE DELETE ON profiles FOR EACH ROW EXECUTE FUNCTION profiles_release_jobs();

ALTER TABLE klussen ENABLE ROW LEVEL SECURITY;
ALTER TABLE klussen FORCE ROW LEVEL SECURITY;

CREATE POLICY admin_all ON klussen TO klusmaat_app
    USING (actor_role() = 'admin') WITH CHECK (actor_role() = 'admin');
-- Franchise owners read the jobs of their regions; they never write them.
CREATE POLICY franchise_read_region ON klussen FOR SELECT TO klusmaat_app
    USING (actor_role() = 'franchise' AND regio = ANY (actor_regions()));
-- A klusser reads the open pool of its regions and its own jobs ...
CREATE POLICY klusser_read_pool_and_own ON klussen FOR SELECT TO klusmaat_app
    USING (actor_role() = 'klusser' AND (
        klusser_id = actor_id()
        OR (assignment_type = 'pool' AND status = 'open' AND klusser_id IS NULL AND NOT archived
            AND regio = ANY (actor_regions()))));
-- ... and updates those rows only so that they end up its own (claim, plan, start, finish).
CREATE POLICY klusser_update_pool_and_own ON klussen FOR UPDATE TO klusmaat_app
    USING (actor_role() = 'klusser' AND (
        klusser_id = actor_id()
        OR (assignment_type = 'pool' AND status = 'open' AND klusser_id IS NULL AND NOT archived
            AND regio = ANY (actor_regions()))))
    WITH CHECK (actor_role() = 'klusser' AND klusser_id = actor_id());
-- Anyone, signed in or not, may file a public request: open, unassigned, for itself or nobody.
-- (No SELECT comes with it: the public API generates the id instead of reading the row back.)
CREATE POLICY public_request ON klussen FOR INSERT TO klusmaat_app
    WITH CHECK (actor_role() IN ('anonymous', 'authenticated', 'klusser', 'franchise')
        AND status = 'open' AND klusser_id IS NULL AND assignment_type IS NULL AND claimed_at IS NULL
        AND NOT archived AND planning_changes_count = 0
        AND (klant_id IS NULL OR klant_id = actor_id()));

GRANT SELECT, INSERT, UPDATE, DELETE ON klussen TO klusmaat_app;
