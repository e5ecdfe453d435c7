-- Work orders (werkbonnen) with their materials and photos, and invoices (facturen).
-- D11: a job's work order, items and photos go with the job. Invoices do not: Dutch law keeps
-- invoices for seven years and D8 wants gapless numbers, so an invoice keeps a copy of what it bills
-- and loses only its link when the job is deleted.

CREATE TABLE werkbonnen (
    id                     uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    klus_id                uuid NOT NULL UNIQUE REFERENCES klussen (id) ON DELETE CASCADE,
    -- Deleting a klusser removes their work orders (document 001 section 8, delete handyman).
    klusser_id             uuid NOT NULL REFERENCES profiles (id) ON DELETE CASCADE,
    status                 text NOT NULL DEFAULT 'running' CHECK (status IN ('running', 'completed')),
    -- D7: server-side timestamps; uren = ceil(seconds / 3600), set on completion.
    start_tijd             timestamptz,
    eind_tijd              timestamptz CHECK (eind_tijd IS NULL OR eind_tijd >= start_tijd),
    uren                   integer CHECK (uren >= 0),
    tevredenheid_score     smallint CHECK (tevredenheid_score BETWEEN 0 AND 10),
    klant_tevreden         boolean,
    netjes_opgeruimd       boolean,
    zou_aanbevelen         boolean,
    opmerkingen            text NOT NULL DEFAULT '',
    notes_internal         text NOT NULL DEFAULT '',
    handtekening           text,  -- storage key of the signature image
    rating_algemeen        smallint CHECK (rating_algemeen BETWEEN 1 AND 5),
    rating_netheid         smallint CHECK (rating_netheid BETWEEN 1 AND 5),
    rating_vriendelijkheid smallint CHECK (rating_vriendelijkheid BETWEEN 1 AND 5),
    rating_vakmanschap     smallint CHECK (rating_vakmanschap BETWEEN 1 AND 5),
    created_at             timestamptz NOT NULL DEFAULT now(),
    updated_at             timestamptz NOT NULL DEFAULT now(),
    CHECK (status = 'running' OR (eind_tijd IS NOT NULL AND uren IS NOT NULL))
);
CREATE INDEX werkbonnen_klusser_created_idx ON werkbonnen (klusser_id, created_at DESC);  -- earnings, own list
CREATE INDEX werkbonnen_created_idx ON werkbonnen (created_at DESC);                      -- overview, exports
CREATE TRIGGER werkbonnen_updated_at BEFORE UPDATE ON werkbonnen FOR EACH ROW EXECUTE FUNCTION set_updated_at();

-- A completed work order is closed (WERKBON GESLOTEN): only an admin may still change it.
CREATE FUNCTION werkbonnen_lock_completed() RETURNS trigger
    LANGUAGE plpgsql
    AS $$
BEGIN
    IF OLD.status = 'completed' AND actor_role() IS DISTINCT FROM 'admin' THEN
        RAISE EXCEPTION 'work order % is completed and locked', OLD.id USING ERRCODE = 'check_violation';
    END IF;
    RETURN NEW;
END $$;
CREATE TRIGGER werkbonnen_completed_lock BEFORE UPDATE ON werkbonnen FOR EACH ROW EXECUTE FUNCTION werkbonnen_lock_completed();

CREATE TABLE work_order_items (
    id               uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    work_order_id    uuid NOT NULL REFERENCES werkbonnen (id) ON DELETE CASCADE,
    type             text NOT NULL DEFAULT 'material' CHECK (type = 'material'),
    description      text NOT NULL CHECK (length(trim(description)) > 0),
    qty              integer NOT NULL DEFAULT 1 CHECK (qty > 0),
    unit_price_cents integer NOT NULL CHECK (unit_price_cents > 0),
    total_cents      integer NOT NULL CHECK (total_cents = qty * unit_price_cents),
    created_at       timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX work_order_items_work_order_idx ON work_order_items (work_order_id);

CREATE TABLE work_order_photos (
    id            uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    work_order_id uuid NOT NULL REFERENCES werkbonnen (id) ON DELETE CASCADE,
    type          text NOT NULL CHECK (type IN ('before', 'after')),
    url           text NOT NULL,  -- storage key in the private job-photo bucket (D6)
    content_type  text NOT NULL DEFAULT 'image/jpeg',
    file_size     integer NOT NULL DEFAULT 0 CHECK (file_size BETWEEN 0 AND 5242880),
    created_at    timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX work_order_photos_work_order_idx ON work_order_photos (work_order_id, created_at);

-- Materials and photos are locked once the work order is completed (document 001 section 4).
CREATE FUNCTION work_order_children_lock() RETURNS trigger
    LANGUAGE plpgsql
    AS $$
DECLARE
    wo uuid := CASE WHEN TG_OP = 'DELETE' THEN OLD.work_order_id ELSE NEW.work_order_id END;
BEGIN
    IF EXISTS (SELECT 1 FROM werkbonnen WHERE id = wo AND status = 'completed') THEN
        RAISE EXCEPTION 'work order % is completed and locked', wo USING ERRCODE = 'check_violation';
    END IF;
    RETURN CASE WHEN TG_OP = 'DELETE' THEN OLD ELSE NEW END;
END $$;
CREATE TRIGGER work_order_items_lock BEFORE INSERT OR UPDATE OR DELETE ON work_order_items
    FOR EACH ROW EXECUTE FUNCTION work_order_children_lock();
CREATE TRIGGER work_order_photos_lock BEFORE INSERT OR UPDATE OR DELETE ON work_order_photos
    FOR EACH ROW EXECUTE FUNCTION work_order_children_lock();

-- D8: gapless invoice numbers per calendar year. The row of a year is locked by the transaction
-- that creates an invoice, so two invoices never get the same number and a rollback leaves no gap.
CREATE TABLE invoice_number_counters (
    jaar    integer PRIMARY KEY CHECK (jaar BETWEEN 2000 AND 9999),
    laatste integer NOT NULL DEFAULT 0 CHECK (laatste >= 0)
);

CREATE TABLE facturen (
    id                  uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    klus_id             uuid UNIQUE REFERENCES klussen (id) ON DELETE SET NULL,
    klusser_id          uuid REFERENCES profiles (id) ON DELETE SET NULL,
    regio               text NOT NULL REFERENCES regions (slug) ON UPDATE CASCADE ON DELETE RESTRICT,
    factuurnummer       text NOT NULL UNIQUE CHECK (factuurnummer ~ '^[0-9]{4}-[0-9]{4,}$'),
    datum               date NOT NULL DEFAULT current_date,
    -- What is billed, copied from the job and work order when the invoice is made.
    klant_naam          text NOT NULL DEFAULT '',
    klant_email         text NOT NULL DEFAULT '',
    klant_adres         text NOT NULL DEFAULT '',
    klant_postcode      text NOT NULL DEFAULT '',
    klant_woonplaats    text NOT NULL DEFAULT '',
    omschrijving        text NOT NULL DEFAULT '',
    uren                integer NOT NULL DEFAULT 0 CHECK (uren >= 0),
    uurtarief_cents     integer NOT NULL DEFAULT 6500 CHECK (uurtarief_cents >= 0),
    materiaal_cents     integer NOT NULL DEFAULT 0 CHECK (materiaal_cents >= 0),
    subtotaal_cents     integer NOT NULL CHECK (subtotaal_cents >= 0),
    btw_bedrag_cents    integer NOT NULL CHECK (btw_bedrag_cents >= 0),
    totaal_bedrag_cents integer NOT NULL CHECK (totaal_bedrag_cents = subtotaal_cents + btw_bedrag_cents),
    betaal_methode      text CHECK (betaal_methode IN ('contant', 'pin', 'niet_betaald', 'bank')),
    betaal_notitie      text,
    pdf_url             text,
    created_at          timestamptz NOT NULL DEFAULT now(),
    updated_at          timestamptz NOT NULL DEFAULT now(),
    -- Not paid needs a reason (document 001 section 5).
    CHECK (betaal_methode IS DISTINCT FROM 'niet_betaald' OR length(trim(coalesce(betaal_notitie, ''))) > 0)
);
CREATE INDEX facturen_datum_idx ON facturen (datum DESC);                     -- invoice list, exports
CREATE INDEX facturen_klusser_idx ON facturen (klusser_id, datum DESC);
CREATE INDEX facturen_betaal_methode_idx ON facturen (betaal_methode);        -- payment filter
CREATE INDEX facturen_regio_datum_idx ON facturen (regio, datum);             -- reports per region
CREATE TRIGGER facturen_updated_at BEFORE UPDATE ON facturen FOR EACH ROW EXECUTE FUNCTION set_updated_at();

ALTER TABLE werkbonnen ENABLE ROW LEVEL SECURITY;
ALTER TABLE werkbonnen FORCE ROW LEVEL SECURITY;
ALTER TABLE work_order_items ENABLE ROW LEVEL SECURITY;
ALTER TABLE work_order_items FORCE ROW LEVEL SECURITY;
ALTER TABLE work_order_photos ENABLE ROW LEVEL SECURITY;
ALTER TABLE work_order_photos FORCE ROW LEVEL SECURITY;
ALTER TABLE invoice_number_counters ENABLE ROW LEVEL SECURITY;
ALTER TABLE invoice_number_counters FORCE ROW LEVEL SECURITY;
ALTER TABLE facturen ENABLE ROW LEVEL SECURITY;
ALTER TABLE facturen FORCE ROW LEVEL SECURITY;

-- Work orders: admins all; a klusser its own, and only for a job that is its own.
CREATE POLICY admin_all ON werkbonnen TO klusmaat_app
    USING (actor_role() = 'admin') WITH CHECK (actor_role() = 'admin');
-- (No DELETE: a work order is a record of work done; only an admin removes one.)
CREATE POLICY klusser_read_own ON werkbonnen FOR SELECT TO klusmaat_app
    USING (actor_role() = 'klusser' AND klusser_id = actor_id());
CREATE POLICY klusser_create_own ON werkbonnen FOR INSERT TO klusmaat_app
    WITH CHECK (actor_role() = 'klusser' AND klusser_id = actor_id()
        AND EXISTS (SELECT 1 FROM klussen k WHERE k.id = klus_id AND k.klusser_id = actor_id()));
CREATE POLICY klusser_update_own ON werkbonnen FOR UPDATE TO klusmaat_app
    USING (actor_role() = 'klusser' AND klusser_id = actor_id())
    WITH CHECK (actor_role() = 'klusser' AND klusser_id = actor_id());

CREATE POLICY admin_all ON work_order_items TO klusmaat_app
    USING (actor_role() = 'admin') WITH CHECK (actor_role() = 'admin');
CREATE POLICY klusser_own ON work_order_items TO klusmaat_app
    USING (actor_role() = 'klusser' AND EXISTS (SELECT 1 FROM werkbonnen w WHERE w.id = work_order_id AND w.klusser_id = actor_id()))
    WITH CHECK (actor_role() = 'klusser' AND EXISTS (SELECT 1 FROM werkbonnen w WHERE w.id = work_order_id AND w.klusser_id = actor_id()));

CREATE POLICY admin_all ON work_order_photos TO klusmaat_app
    USING (actor_role() = 'admin') WITH CHECK (actor_role() = 'admin');
CREATE POLICY klusser_own ON work_order_photos TO klusmaat_app
    USING (actor_role() = 'klusser' AND EXISTS (SELECT 1 FROM werkbonnen w WHERE w.id = work_order_id AND w.klusser_id = actor_id()))
    WITH CHECK (actor_role() = 'klusser' AND EXISTS (SELECT 1 FROM werkbonnen w WHERE w.id = work_order_id AND w.klusser_id = actor_id()));

-- The counter holds no personal data; whoever may create an invoice (admin, or the klusser who
-- completes a work order) may advance it.
CREATE POLICY invoicers ON invoice_number_counters TO klusmaat_app
    USING (actor_role() IN ('admin', 'klusser')) WITH CHECK (actor_role() IN ('admin', 'klusser'));

-- Invoices: admins all; a klusser reads, creates and registers payment on its own.
CREATE POLICY admin_all ON facturen TO klusmaat_app
    USING (actor_role() = 'admin') WITH CHECK (actor_role() = 'admin');
CREATE POLICY klusser_read_own ON facturen FOR SELECT TO klusmaat_app
    USING (actor_role() = 'klusser' AND klusser_id = actor_id());
CREATE POLICY klusser_create_own ON facturen FOR INSERT TO klusmaat_app
    WITH CHECK (actor_role() = 'klusser' AND klusser_id = actor_id()
        AND EXISTS (SELECT 1 FROM klussen k WHERE k.id = klus_id AND k.klusser_id = actor_id()));
CREATE POLICY klusser_update_own ON facturen FOR UPDATE TO klusmaat_app
    USING (actor_role() = 'klusser' AND klusser_id = actor_id())
    WITH CHECK (actor_role() = 'klusser' AND klusser_id = actor_id());

GRANT SELECT, INSERT, UPDATE, DELETE ON werkbonnen, work_order_items, work_order_photos, facturen TO klusmaat_app;
GRANT SELECT, INSERT, UPDATE ON invoice_number_counters TO klusmaat_app;
