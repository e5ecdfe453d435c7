-- Invoices a Dutch bookkeeper accepts (docs/decisions.md D28). Each invoice names the business that
-- issues it: a region's own business (a franchise is usually its own company) or, for a region
-- without one, the central business. Numbers are gapless per issuer per year (D8 refined); the
-- legal content of an invoice (issuer, customer, lines, amounts, dates) is written once, when it is
-- issued, and never changes; only its payment does.

-- The issuers. 'centraal' is the central business and has no region; every other row is the
-- business of one region, keyed by the region's slug. The number prefix tells the sequences apart
-- (the central one has none, so the invoices issued before this migration keep their numbers).
CREATE TABLE factuur_uitgevers (
    id            text PRIMARY KEY,
    regio         text UNIQUE REFERENCES regions (slug) ON UPDATE CASCADE ON DELETE CASCADE,
    naam          text NOT NULL CHECK (btrim(naam) <> '' AND length(naam) <= 200),
    adres         text NOT NULL CHECK (btrim(adres) <> '' AND length(adres) <= 200),
    postcode      text NOT NULL CHECK (postcode ~ '^[1-9][0-9]{3} [A-Z]{2}$'),
    plaats        text NOT NULL CHECK (btrim(plaats) <> '' AND length(plaats) <= 100),
    kvk_nummer    text NOT NULL CHECK (kvk_nummer ~ '^[0-9]{8}$'),
    btw_nummer    text NOT NULL CHECK (btw_nummer ~ '^NL[0-9]{9}B[0-9]{2}$'),
    iban          text NOT NULL CHECK (iban ~ '^[A-Z]{2}[0-9]{2}[A-Z0-9]{11,30}$'),
    nummer_prefix text NOT NULL UNIQUE CHECK (nummer_prefix ~ '^[A-Z]{0,4}$'),
    updated_at    timestamptz NOT NULL DEFAULT now(),
    CHECK ((id = 'centraal') = (regio IS NULL)),
    CHECK (id = 'centraal' OR id = regio),
    CHECK ((id = 'centraal') = (nummer_prefix = ''))
);
CREATE TRIGGER factuur_uitgevers_updated_at BEFORE UPDATE ON factuur_uitgevers FOR EACH ROW EXECUTE FUNCTION set_updated_at();

-- The central business until an admin enters the real one (Instellingen > Facturering).
INSERT INTO factuur_uitgevers (id, naam, adres, postcode, plaats, kvk_nummer, btw_nummer, iban, nummer_prefix)
VALUES ('centraal', 'Klusmaat B.V.', 'Laan van Meerdervoort 1', '2517 AA', 'Den Haag', '12345678', 'NL123456789B01',
        'NL91ABNA0417164300', '');

ALTER TABLE factuur_uitgevers ENABLE ROW LEVEL SECURITY;
ALTER TABLE factuur_uitgevers FORCE ROW LEVEL SECURITY;
-- Admins keep every issuer; a franchise owner reads its own regions' and the central one (which
-- issues for its regions until they have their own). Klussers never read them: their invoice gets
-- its issuer from factuur_uitgever() below.
CREATE POLICY admin_all ON factuur_uitgevers TO klusmaat_app
    USING ((SELECT role FROM current_actor) = 'admin') WITH CHECK ((SELECT role FROM current_actor) = 'admin');
CREATE POLICY franchise_read_own ON factuur_uitgevers FOR SELECT TO klusmaat_app
    USING ((SELECT role FROM current_actor) = 'franchise'
           AND (regio IS NULL OR regio = ANY ((SELECT regions FROM current_actor)::text[])));
GRANT SELECT, INSERT, UPDATE, DELETE ON factuur_uitgevers TO klusmaat_app;
-- The schema owner reads them for factuur_uitgever() below (row-level security is forced on the
-- owner too).
CREATE POLICY owner_read ON factuur_uitgevers FOR SELECT TO CURRENT_USER USING (true);

-- factuur_uitgever is the issuer of an invoice in a region: the region's own business, else the
-- central one. SECURITY DEFINER: the klusser whose completion issues the invoice reads no issuer
-- rows itself, and gets exactly this one.
CREATE FUNCTION factuur_uitgever(p_regio text) RETURNS factuur_uitgevers
    LANGUAGE sql STABLE SECURITY DEFINER
    SET search_path = public, pg_temp
    RETURN (SELECT u FROM factuur_uitgevers u WHERE u.regio = p_regio OR u.id = 'centraal'
            ORDER BY u.regio IS NULL LIMIT 1);
REVOKE ALL ON FUNCTION factuur_uitgever(text) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION factuur_uitgever(text) TO klusmaat_app;

-- Counters per issuer and year. The existing counters are the central business's (and a counter
-- that names no issuer is, too).
ALTER TABLE invoice_number_counters ADD COLUMN uitgever text NOT NULL DEFAULT 'centraal'
    REFERENCES factuur_uitgevers (id) ON UPDATE CASCADE;
ALTER TABLE invoice_number_counters DROP CONSTRAINT invoice_number_counters_pkey;
ALTER TABLE invoice_number_counters ADD PRIMARY KEY (uitgever, jaar);

CREATE OR REPLACE FUNCTION invoice_counter_actor_rules() RETURNS trigger
    LANGUAGE plpgsql
    AS $$
BEGIN
    IF actor_role() = 'admin' THEN
        RETURN NEW;
    END IF;
    IF TG_OP = 'INSERT' THEN
        IF NEW.laatste > 1 THEN
            PERFORM refuse('a new year''s counter starts at the first invoice');
        END IF;
    ELSIF NEW.jaar <> OLD.jaar OR NEW.uitgever <> OLD.uitgever OR NEW.laatste NOT IN (OLD.laatste, OLD.laatste + 1) THEN
        PERFORM refuse('the invoice counter advances by one');
    END IF;
    RETURN NEW;
END $$;

-- The invoice's legal content, frozen at issue: the issuer as it was, the date of the work, the
-- due date (14 days, D28), the lines (quantity x unit price), and for a credit invoice the
-- original and the reason. Invoices issued before this migration get the central issuer and their
-- own date as the date of the work; their lines are read from their work order as before.
ALTER TABLE facturen
    ADD COLUMN uitgever_id   text REFERENCES factuur_uitgevers (id) ON UPDATE CASCADE,
    ADD COLUMN uitgever      jsonb,
    ADD COLUMN werk_datum    date,
    ADD COLUMN vervaldatum   date,
    ADD COLUMN regels        jsonb,
    ADD COLUMN credit_van    uuid REFERENCES facturen (id) ON DELETE RESTRICT,
    ADD COLUMN credit_reden  text;
UPDATE facturen f SET uitgever_id = 'centraal',
                      uitgever = (SELECT to_jsonb(u) - 'updated_at' - 'regio' FROM factuur_uitgevers u WHERE u.id = 'centraal'),
                      werk_datum = f.datum, vervaldatum = f.datum + 14;
ALTER TABLE facturen
    ALTER COLUMN uitgever_id SET NOT NULL,
    ALTER COLUMN uitgever SET NOT NULL,
    ALTER COLUMN werk_datum SET NOT NULL,
    ALTER COLUMN vervaldatum SET NOT NULL,
    ADD CHECK (vervaldatum = datum + 14),
    ADD CHECK ((credit_van IS NULL) = (credit_reden IS NULL)),
    ADD CHECK (credit_reden IS NULL OR length(btrim(credit_reden)) BETWEEN 1 AND 1000),
    -- A credit invoice (D28) carries negative amounts; an invoice, none.
    ADD CHECK (credit_van IS NOT NULL OR (subtotaal_cents >= 0 AND btw_bedrag_cents >= 0 AND materiaal_cents >= 0)),
    ADD CHECK (credit_van IS NULL OR (subtotaal_cents <= 0 AND btw_bedrag_cents <= 0 AND materiaal_cents <= 0)),
    DROP CONSTRAINT facturen_factuurnummer_check,
    ADD CONSTRAINT facturen_factuurnummer_check CHECK (factuurnummer ~ '^[A-Z]{0,4}[0-9]{4}-[0-9]{4,}$');
ALTER TABLE facturen DROP CONSTRAINT facturen_materiaal_cents_check,
                     DROP CONSTRAINT facturen_subtotaal_cents_check,
                     DROP CONSTRAINT facturen_btw_bedrag_cents_check;
-- One credit per invoice: a credit invoice cancels its original whole.
CREATE UNIQUE INDEX facturen_credit_van_idx ON facturen (credit_van) WHERE credit_van IS NOT NULL;

-- facturen_regels is an invoice's lines: its frozen lines, or for one issued before they were
-- frozen its labour and its materials as one line, from its own columns.
CREATE FUNCTION facturen_regels(f facturen) RETURNS jsonb
    LANGUAGE sql IMMUTABLE
    RETURN coalesce(f.regels,
        jsonb_build_array(jsonb_build_object('omschrijving', 'Arbeid', 'aantal', f.uren, 'eenheid', 'uur',
                                             'prijs_cents', f.uurtarief_cents, 'bedrag_cents', f.uren * f.uurtarief_cents))
        || CASE WHEN f.materiaal_cents <> 0 THEN jsonb_build_array(jsonb_build_object('omschrijving', 'Materiaal', 'aantal', 1,
                'eenheid', 'stuk', 'prijs_cents', f.materiaal_cents, 'bedrag_cents', f.materiaal_cents)) ELSE '[]'::jsonb END);

-- The legal content that is not the client's to say is the database's to fill in, whoever inserts:
-- the issuer of the invoice's region as it is now (for a credit invoice, its original's), the due
-- date, and for an invoice of a job its lines and the date of the work from its completed work
-- order; a credit invoice's lines are its original's, negated. So no client names another
-- business or lines that its work order does not hold.
CREATE FUNCTION facturen_issue() RETURNS trigger
    LANGUAGE plpgsql
    AS $$
DECLARE
    u factuur_uitgevers;
    o facturen;
    w werkbonnen;
BEGIN
    IF NEW.credit_van IS NOT NULL THEN
        SELECT * INTO o FROM facturen WHERE id = NEW.credit_van;
        IF o.id IS NULL OR o.credit_van IS NOT NULL THEN
            PERFORM refuse('a credit invoice credits an invoice');
        END IF;
        NEW.uitgever_id := o.uitgever_id;
        NEW.uitgever := o.uitgever;
        NEW.werk_datum := o.werk_datum;
        NEW.regels := (SELECT jsonb_agg(r || jsonb_build_object('prijs_cents', -(r->>'prijs_cents')::int,
                                                                'bedrag_cents', -(r->>'bedrag_cents')::int) ORDER BY i)
                       FROM jsonb_array_elements(facturen_regels(o)) WITH ORDINALITY AS e (r, i));
    ELSE
        u := factuur_uitgever(NEW.regio);
        NEW.uitgever_id := u.id;
        NEW.uitgever := to_jsonb(u) - 'updated_at' - 'regio';
        SELECT * INTO w FROM werkbonnen WHERE klus_id = NEW.klus_id;
        NEW.werk_datum := coalesce((w.eind_tijd AT TIME ZONE 'Europe/Amsterdam')::date, NEW.datum);
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
    NEW.vervaldatum := NEW.datum + 14;
    IF NEW.factuurnummer !~ ('^' || coalesce(NEW.uitgever->>'nummer_prefix', '') || '[0-9]{4}-') THEN
        PERFORM refuse('an invoice is numbered in its issuer''s sequence');
    END IF;
    RETURN NEW;
END $$;
CREATE TRIGGER facturen_issue BEFORE INSERT ON facturen FOR EACH ROW EXECUTE FUNCTION facturen_issue();

-- An issued invoice never changes (D28): after the insert only its payment may, whatever the
-- application asks (admins included; a correction is a credit invoice). The rule binds the app
-- role, the one every request uses; the schema owner (migrations, an operator's repair) is not
-- bound. The klusser's own rules (migration 015)
-- still say which payments a klusser may register. A klusser's deletion or an AVG erasure sets
-- klusser_id and klus_id to NULL (the invoice outlives them, D11), which is no change of content.
CREATE FUNCTION facturen_frozen() RETURNS trigger
    LANGUAGE plpgsql
    AS $$
BEGIN
    IF current_user <> 'klusmaat_app' THEN
        RETURN NEW;
    END IF;
    PERFORM refuse_columns('an issued invoice',
        array_remove(array_remove(array_remove(changed_columns(to_jsonb(OLD), to_jsonb(NEW)), 'updated_at'), 'klusser_id'), 'klus_id'),
        ARRAY['betaal_methode', 'betaal_notitie', 'pdf_url']);
    RETURN NEW;
END $$;
CREATE TRIGGER facturen_frozen BEFORE UPDATE ON facturen FOR EACH ROW EXECUTE FUNCTION facturen_frozen();

-- Nor is one deleted by the application.
CREATE FUNCTION facturen_kept() RETURNS trigger
    LANGUAGE plpgsql
    AS $$
BEGIN
    IF current_user <> 'klusmaat_app' THEN
        RETURN OLD;
    END IF;
    PERFORM refuse('an issued invoice is never deleted; correct it with a credit invoice');
    RETURN OLD;
END $$;
CREATE TRIGGER facturen_kept BEFORE DELETE ON facturen FOR EACH ROW EXECUTE FUNCTION facturen_kept();
