-- The fixed-price quote (offerte, docs/decisions.md D26). Admins, and franchise owners for the jobs
-- of their regions, write a quote on a job: labour as a fixed price or hours at the job's rate,
-- material lines, 21 % VAT, a total and a validity date. A quote has one number per job, unique per
-- year (O2026-0001), and versions: the latest version is a concept until it is sent; a change after
-- sending is a new version. The customer decides on the latest sent version through the status
-- link, before its validity date; an accepted quote is the job's price, and its invoice bills the
-- quote's lines plus the materials added on the signed work order ('meerwerk').

CREATE TABLE offerte_nummers (
    jaar    integer PRIMARY KEY CHECK (jaar BETWEEN 2000 AND 9999),
    laatste integer NOT NULL DEFAULT 0 CHECK (laatste >= 0)
);
ALTER TABLE offerte_nummers ENABLE ROW LEVEL SECURITY;
ALTER TABLE offerte_nummers FORCE ROW LEVEL SECURITY;
-- Only the numbering trigger (the owner) counts.
CREATE POLICY owner_all ON offerte_nummers TO CURRENT_USER USING (true) WITH CHECK (true);

CREATE TABLE offertes (
    id                  uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    klus_id             uuid NOT NULL REFERENCES klussen (id) ON DELETE CASCADE,
    regio               text NOT NULL,   -- the job's, set by the database: what row-level security reads
    nummer              text NOT NULL CHECK (nummer ~ '^O[0-9]{4}-[0-9]{4,}$'),
    versie              integer NOT NULL CHECK (versie >= 1),
    arbeid_wijze        text NOT NULL CHECK (arbeid_wijze IN ('vast', 'uren')),
    arbeid_omschrijving text NOT NULL CHECK (length(btrim(arbeid_omschrijving)) BETWEEN 1 AND 200),
    arbeid_uren         numeric(5, 1) CHECK (arbeid_uren IS NULL OR (arbeid_uren > 0 AND arbeid_uren * 2 = trunc(arbeid_uren * 2))),
    uurtarief_cents     integer NOT NULL CHECK (uurtarief_cents >= 0),
    arbeid_cents        integer NOT NULL CHECK (arbeid_cents >= 0),
    -- [{omschrijving, aantal, prijs_cents}]
    materialen          jsonb NOT NULL DEFAULT '[]' CHECK (jsonb_typeof(materialen) = 'array'),
    materiaal_cents     integer NOT NULL CHECK (materiaal_cents >= 0),
    subtotaal_cents     integer NOT NULL CHECK (subtotaal_cents = arbeid_cents + materiaal_cents AND subtotaal_cents > 0),
    btw_cents           integer NOT NULL CHECK (btw_cents = round(subtotaal_cents * 0.21)),
    totaal_cents        integer NOT NULL CHECK (totaal_cents = subtotaal_cents + btw_cents),
    geldig_tot          date NOT NULL,
    status              text NOT NULL DEFAULT 'concept' CHECK (status IN ('concept', 'verstuurd', 'akkoord', 'niet_akkoord')),
    verstuurd_at        timestamptz,
    beslist_at          timestamptz,
    reden               text NOT NULL DEFAULT '' CHECK (length(reden) <= 1000),
    pdf_key             text,            -- the PDF that was e-mailed, in the private store
    created_by          uuid,
    created_at          timestamptz NOT NULL DEFAULT now(),
    updated_at          timestamptz NOT NULL DEFAULT now(),
    UNIQUE (klus_id, versie),
    CHECK ((arbeid_wijze = 'uren') = (arbeid_uren IS NOT NULL)),
    CHECK (arbeid_wijze = 'vast' OR arbeid_cents = round(arbeid_uren * uurtarief_cents)),
    CHECK ((status = 'concept') = (verstuurd_at IS NULL)),
    CHECK ((status IN ('akkoord', 'niet_akkoord')) = (beslist_at IS NOT NULL))
);
-- At most one accepted version per job: that is the job's price.
CREATE UNIQUE INDEX offertes_akkoord_idx ON offertes (klus_id) WHERE status = 'akkoord';
CREATE INDEX offertes_regio_idx ON offertes (regio, status);

-- The database numbers and places every version: the region from the job; version 1 takes the
-- next number of its year (Amsterdam), a later version keeps the job's number. Only the latest
-- version is written, and only forward: a concept is edited until it is sent; a sent version is
-- decided once; nothing else changes.
CREATE FUNCTION offertes_fill() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path = pg_catalog, public, pg_temp
    AS $$
DECLARE
    latest offertes;
    v_jaar integer := extract(year FROM now() AT TIME ZONE 'Europe/Amsterdam');
    n      integer;
BEGIN
    SELECT regio INTO NEW.regio FROM klussen WHERE id = NEW.klus_id;
    IF NEW.regio IS NULL THEN
        RAISE EXCEPTION 'klus % not found', NEW.klus_id USING ERRCODE = 'foreign_key_violation';
    END IF;
    IF TG_OP = 'INSERT' THEN
        SELECT * INTO latest FROM offertes WHERE klus_id = NEW.klus_id ORDER BY versie DESC LIMIT 1 FOR UPDATE;
        IF latest.id IS NULL THEN
            INSERT INTO offerte_nummers AS c (jaar, laatste) VALUES (v_jaar, 1)
            ON CONFLICT (jaar) DO UPDATE SET laatste = c.laatste + 1 RETURNING c.laatste INTO n;
            NEW.nummer := 'O' || v_jaar || '-' || lpad(n::text, 4, '0');
            NEW.versie := 1;
        ELSE
            IF latest.status IN ('concept', 'akkoord') THEN
                PERFORM refuse('a new quote version follows a sent or declined one');
            END IF;
            NEW.nummer := latest.nummer;
            NEW.versie := latest.versie + 1;
        END IF;
        IF NEW.status <> 'concept' THEN
            PERFORM refuse('a quote starts as a concept');
        END IF;
        NEW.created_at := now();
    ELSE
        IF EXISTS (SELECT 1 FROM offertes WHERE klus_id = OLD.klus_id AND versie > OLD.versie) THEN
            PERFORM refuse('only the latest quote version changes');
        END IF;
        IF NEW.id <> OLD.id OR NEW.klus_id <> OLD.klus_id OR NEW.nummer <> OLD.nummer OR NEW.versie <> OLD.versie
           OR NEW.created_at <> OLD.created_at OR NEW.created_by IS DISTINCT FROM OLD.created_by THEN
            PERFORM refuse('a quote keeps its job, number and version');
        END IF;
        IF OLD.status <> 'concept' AND (NEW.arbeid_wijze, NEW.arbeid_omschrijving, NEW.arbeid_uren, NEW.uurtarief_cents,
                NEW.arbeid_cents, NEW.materialen, NEW.subtotaal_cents, NEW.geldig_tot)
                IS DISTINCT FROM (OLD.arbeid_wijze, OLD.arbeid_omschrijving, OLD.arbeid_uren, OLD.uurtarief_cents,
                OLD.arbeid_cents, OLD.materialen, OLD.subtotaal_cents, OLD.geldig_tot) THEN
            PERFORM refuse('a sent quote does not change; a change is a new version');
        END IF;
        IF NEW.status <> OLD.status AND NOT ((OLD.status = 'concept' AND NEW.status = 'verstuurd')
                OR (OLD.status = 'verstuurd' AND NEW.status IN ('akkoord', 'niet_akkoord'))) THEN
            PERFORM refuse('a quote goes from concept to sent to decided');
        END IF;
        IF OLD.status IN ('akkoord', 'niet_akkoord') AND (NEW.reden, NEW.beslist_at) IS DISTINCT FROM (OLD.reden, OLD.beslist_at) THEN
            PERFORM refuse('a decision on a quote is final');
        END IF;
    END IF;
    NEW.updated_at := now();
    RETURN NEW;
END $$;
CREATE TRIGGER offertes_fill BEFORE INSERT OR UPDATE ON offertes FOR EACH ROW EXECUTE FUNCTION offertes_fill();

ALTER TABLE offertes ENABLE ROW LEVEL SECURITY;
ALTER TABLE offertes FORCE ROW LEVEL SECURITY;
CREATE POLICY office_all ON offertes TO klusmaat_app
    USING (actor_role() = 'admin' OR (actor_role() = 'franchise' AND regio = ANY (actor_regions())))
    WITH CHECK (actor_role() = 'admin' OR (actor_role() = 'franchise' AND regio = ANY (actor_regions())));
-- A klusser reads the accepted quote of a job it sees (its own, or one in its region's pool): the
-- fixed price instead of the estimate. The subquery runs under the klusser's own job policies.
CREATE POLICY klusser_fixed_price ON offertes FOR SELECT TO klusmaat_app
    USING (actor_role() = 'klusser' AND status = 'akkoord' AND EXISTS (SELECT 1 FROM klussen k WHERE k.id = klus_id));
GRANT SELECT, INSERT, UPDATE ON offertes TO klusmaat_app;
-- The status page and the decision read as the owner.
CREATE POLICY owner_all ON offertes TO CURRENT_USER USING (true) WITH CHECK (true);

-- The quote on the customer's status page: the latest sent version (a concept stays in the
-- office), and whether a newer version is being written; none for a link that no longer opens the
-- job (as klus_status).
CREATE FUNCTION klus_status_offerte(p_id uuid) RETURNS TABLE (
        nummer text, versie integer, status text, arbeid_wijze text, arbeid_omschrijving text, arbeid_uren numeric,
        uurtarief_cents integer, arbeid_cents integer, materialen jsonb, subtotaal_cents integer, btw_cents integer,
        totaal_cents integer, geldig_tot date, beslist_at timestamptz, reden text, nieuwere_concept boolean)
    LANGUAGE sql STABLE SECURITY DEFINER
    SET search_path = pg_catalog, public, pg_temp
    AS $$
    SELECT s.nummer, s.versie, s.status, s.arbeid_wijze, s.arbeid_omschrijving, s.arbeid_uren, s.uurtarief_cents, s.arbeid_cents,
           s.materialen, s.subtotaal_cents, s.btw_cents, s.totaal_cents, s.geldig_tot, s.beslist_at, s.reden, EXISTS (SELECT 1 FROM offertes c WHERE c.klus_id = p_id AND c.status = 'concept')
    FROM offertes s JOIN klussen k ON k.id = s.klus_id
    WHERE s.klus_id = p_id AND s.status <> 'concept' AND k.status_link_revoked_at IS NULL
    ORDER BY s.versie DESC LIMIT 1
$$;
REVOKE ALL ON FUNCTION klus_status_offerte(uuid) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION klus_status_offerte(uuid) TO klusmaat_app;

-- The customer's decision through the status link (a capability: whoever holds the link is the
-- customer). Only the latest version, only when it is sent and undecided, only up to and including
-- its validity date (p_vandaag is the server's Amsterdam date). Answers one word: 'ok', or why not
-- ('geen', 'gewijzigd', 'beslist', 'verlopen'), with the version's id and region for the office's
-- notification. The job's updated_at is touched so that the office's live view (klus_events) hears
-- of it.
CREATE FUNCTION klus_status_offerte_besluit(p_id uuid, p_versie integer, p_akkoord boolean, p_reden text, p_vandaag date)
    RETURNS TABLE (uitkomst text, offerte_id uuid, regio text, nummer text)
    LANGUAGE plpgsql VOLATILE SECURITY DEFINER
    SET search_path = pg_catalog, public, pg_temp
    AS $$
DECLARE
    latest offertes;
BEGIN
    PERFORM 1 FROM klussen k WHERE k.id = p_id AND k.status_link_revoked_at IS NULL AND k.geannuleerd_at IS NULL FOR UPDATE;
    IF NOT FOUND THEN
        RETURN QUERY SELECT 'geen'::text, NULL::uuid, NULL::text, NULL::text;
        RETURN;
    END IF;
    SELECT * INTO latest FROM offertes s WHERE s.klus_id = p_id ORDER BY s.versie DESC LIMIT 1 FOR UPDATE;
    IF latest.id IS NULL THEN
        RETURN QUERY SELECT 'geen'::text, NULL::uuid, NULL::text, NULL::text;
    ELSIF latest.versie <> p_versie OR latest.status = 'concept' THEN
        RETURN QUERY SELECT 'gewijzigd'::text, latest.id, latest.regio, latest.nummer;
    ELSIF latest.status <> 'verstuurd' THEN
        RETURN QUERY SELECT 'beslist'::text, latest.id, latest.regio, latest.nummer;
    ELSIF latest.geldig_tot < p_vandaag THEN
        RETURN QUERY SELECT 'verlopen'::text, latest.id, latest.regio, latest.nummer;
    ELSE
        UPDATE offertes SET status = CASE WHEN p_akkoord THEN 'akkoord' ELSE 'niet_akkoord' END,
                            beslist_at = now(), reden = CASE WHEN p_akkoord THEN '' ELSE btrim(coalesce(p_reden, '')) END
        WHERE id = latest.id;
        UPDATE klussen SET updated_at = now() WHERE id = p_id;
        RETURN QUERY SELECT 'ok'::text, latest.id, latest.regio, latest.nummer;
    END IF;
END $$;
REVOKE ALL ON FUNCTION klus_status_offerte_besluit(uuid, integer, boolean, text, date) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION klus_status_offerte_besluit(uuid, integer, boolean, text, date) TO klusmaat_app;

-- The office is told of a decision; the klusser's reminder type stays.
ALTER TABLE notifications DROP CONSTRAINT notifications_type_check;
ALTER TABLE notifications ADD CONSTRAINT notifications_type_check
    CHECK (type IN ('klus_opgepakt', 'klus_ingepland', 'klus_gewijzigd', 'nieuwe_klus', 'klus_geannuleerd', 'klus_toegewezen',
                    'herinnering', 'offerte_akkoord', 'offerte_niet_akkoord'));

-- offerte_regels is a quote's lines as an invoice (D28) lists them: the labour (hours at the rate,
-- or one fixed price) and each material line.
CREATE FUNCTION offerte_regels(o offertes) RETURNS jsonb
    LANGUAGE sql IMMUTABLE
    RETURN jsonb_build_array(CASE WHEN o.arbeid_wijze = 'uren'
            THEN jsonb_build_object('omschrijving', o.arbeid_omschrijving, 'aantal', o.arbeid_uren, 'eenheid', 'uur',
                                    'prijs_cents', o.uurtarief_cents, 'bedrag_cents', o.arbeid_cents)
            ELSE jsonb_build_object('omschrijving', o.arbeid_omschrijving, 'aantal', 1, 'eenheid', 'vaste prijs',
                                    'prijs_cents', o.arbeid_cents, 'bedrag_cents', o.arbeid_cents) END)
        || coalesce((SELECT jsonb_agg(jsonb_build_object('omschrijving', m->>'omschrijving', 'aantal', (m->>'aantal')::int,
                                                         'eenheid', 'stuk', 'prijs_cents', (m->>'prijs_cents')::int,
                                                         'bedrag_cents', (m->>'aantal')::int * (m->>'prijs_cents')::int) ORDER BY i)
                     FROM jsonb_array_elements(o.materialen) WITH ORDINALITY AS e (m, i)), '[]'::jsonb);

-- An invoice of a job with an accepted quote names it. Its summary columns then read: one unit
-- (uren = 1) at the quote's price before VAT (uurtarief_cents), plus the materials the klusser
-- added on the signed work order (materiaal_cents, the 'meerwerk'); its lines are the quote's
-- lines and each 'Meerwerk: ...' line.
ALTER TABLE facturen ADD COLUMN offerte_id uuid REFERENCES offertes (id) ON DELETE SET NULL; -- an AVG erasure removes the quote, never the invoice

-- The invoice rules of migration 015, with the quote: a klusser's invoice of a job with an accepted
-- quote bills that quote plus the work order's materials.
CREATE OR REPLACE FUNCTION facturen_actor_rules() RETURNS trigger
    LANGUAGE plpgsql
    AS $$
DECLARE
    w werkbonnen;
    k klussen;
    q offertes;
    materials integer;
BEGIN
    IF actor_role() = 'admin' THEN
        RETURN NEW;
    END IF;
    IF actor_role() IS DISTINCT FROM 'klusser' THEN
        PERFORM refuse('only an admin or its klusser writes an invoice');
    END IF;
    IF TG_OP = 'INSERT' THEN
        SELECT * INTO k FROM klussen WHERE id = NEW.klus_id;
        SELECT * INTO w FROM werkbonnen WHERE klus_id = NEW.klus_id;
        SELECT * INTO q FROM offertes WHERE klus_id = NEW.klus_id AND status = 'akkoord';
        SELECT coalesce(sum(total_cents), 0) INTO materials FROM work_order_items WHERE work_order_id = w.id;
        IF w.status IS DISTINCT FROM 'completed' THEN
            PERFORM refuse('an invoice follows a completed work order');
        END IF;
        IF NEW.regio <> k.regio OR NEW.materiaal_cents <> materials
           OR (q.id IS NULL AND (NEW.offerte_id IS NOT NULL OR NEW.uren <> w.uren OR NEW.uurtarief_cents <> k.geschat_tarief_cents))
           OR (q.id IS NOT NULL AND (NEW.offerte_id IS DISTINCT FROM q.id OR NEW.uren <> 1 OR NEW.uurtarief_cents <> q.subtotaal_cents))
           OR NEW.subtotaal_cents <> NEW.uren * NEW.uurtarief_cents + NEW.materiaal_cents
           OR NEW.btw_bedrag_cents <> round(NEW.subtotaal_cents * 0.21)
           OR NEW.betaal_methode IS NOT NULL OR NEW.betaal_notitie IS NOT NULL THEN
            PERFORM refuse('an invoice bills the hours, rate and materials of its job (D7), or its accepted quote (D26)');
        END IF;
        RETURN NEW;
    END IF;
    PERFORM refuse_columns('an invoice', array_remove(changed_columns(to_jsonb(OLD), to_jsonb(NEW)), 'updated_at'),
        ARRAY['betaal_methode', 'betaal_notitie']);
    IF NEW.betaal_methode IS DISTINCT FROM OLD.betaal_methode
       AND (OLD.betaal_methode IN ('contant', 'pin', 'bank') OR NEW.betaal_methode NOT IN ('contant', 'pin', 'niet_betaald')) THEN
        PERFORM refuse('a klusser registers payment of an open invoice');
    END IF;
    RETURN NEW;
END $$;

-- The issue rules of migration 027, with the quote: an invoice of a quoted job lists the quote's
-- lines and the work order's materials as 'Meerwerk'; the quote must be the job's accepted one.
CREATE OR REPLACE FUNCTION facturen_issue() RETURNS trigger
    LANGUAGE plpgsql
    AS $$
DECLARE
    u factuur_uitgevers;
    o facturen;
    w werkbonnen;
    q offertes;
BEGIN
    IF NEW.credit_van IS NOT NULL THEN
        SELECT * INTO o FROM facturen WHERE id = NEW.credit_van;
        IF o.id IS NULL OR o.credit_van IS NOT NULL THEN
            PERFORM refuse('a credit invoice credits an invoice');
        END IF;
        NEW.uitgever_id := o.uitgever_id;
        NEW.uitgever := o.uitgever;
        NEW.werk_datum := o.werk_datum;
        NEW.offerte_id := NULL;
        NEW.regels := (SELECT jsonb_agg(r || jsonb_build_object('prijs_cents', -(r->>'prijs_cents')::int,
                                                                'bedrag_cents', -(r->>'bedrag_cents')::int) ORDER BY i)
                       FROM jsonb_array_elements(facturen_regels(o)) WITH ORDINALITY AS e (r, i));
    ELSE
        u := factuur_uitgever(NEW.regio);
        NEW.uitgever_id := u.id;
        NEW.uitgever := to_jsonb(u) - 'updated_at' - 'regio';
        SELECT * INTO w FROM werkbonnen WHERE klus_id = NEW.klus_id;
        NEW.werk_datum := coalesce((w.eind_tijd AT TIME ZONE 'Europe/Amsterdam')::date, NEW.datum);
        IF NEW.offerte_id IS NOT NULL THEN
            SELECT * INTO q FROM offertes WHERE id = NEW.offerte_id;
            IF q.id IS NULL OR q.klus_id IS DISTINCT FROM NEW.klus_id OR q.status <> 'akkoord' THEN
                PERFORM refuse('an invoice bills the accepted quote of its own job');
            END IF;
            NEW.regels := offerte_regels(q)
                || coalesce((SELECT jsonb_agg(jsonb_build_object('omschrijving', 'Meerwerk: ' || i.description, 'aantal', i.qty,
                                                                 'eenheid', 'stuk', 'prijs_cents', i.unit_price_cents,
                                                                 'bedrag_cents', i.total_cents) ORDER BY i.created_at, i.id)
                             FROM work_order_items i WHERE i.work_order_id = w.id), '[]'::jsonb);
        ELSE
            NEW.regels := jsonb_build_array(jsonb_build_object('omschrijving', 'Arbeid', 'aantal', NEW.uren, 'eenheid', 'uur',
                                                               'prijs_cents', NEW.uurtarief_cents,
                                                               'bedrag_cents', NEW.uren * NEW.uurtarief_cents))
                || coalesce((SELECT jsonb_agg(jsonb_build_object('omschrijving', i.description, 'aantal', i.qty, 'eenheid', 'stuk',
                                                                 'prijs_cents', i.unit_price_cents, 'bedrag_cents', i.total_cents)
                                              ORDER BY i.created_at, i.id)
                             FROM work_order_items i WHERE i.work_order_id = w.id),
                            CASE WHEN NEW.materiaal_cents <> 0 THEN jsonb_build_array(jsonb_build_object('omschrijving', 'Materiaal',
                                'aantal', 1, 'eenheid', 'stuk', 'prijs_cents', NEW.materiaal_cents, 'bedrag_cents', NEW.materiaal_cents))
                            ELSE '[]'::jsonb END);
        END IF;
    END IF;
    NEW.vervaldatum := NEW.datum + 14;
    IF NEW.factuurnummer !~ ('^' || coalesce(NEW.uitgever->>'nummer_prefix', '') || '[0-9]{4}-') THEN
        PERFORM refuse('an invoice is numbered in its issuer''s sequence');
    END IF;
    RETURN NEW;
END $$;
