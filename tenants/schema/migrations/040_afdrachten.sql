-- The franchise fee (docs/decisions.md D32). A region with its own business pays the central
-- business a percentage of its invoiced revenue excluding VAT per month, credits deducted, set
-- per region by the admin (default 8%). After each month the central business issues an invoice
-- to the franchise business for that fee: a D28 invoice between businesses, numbered in the
-- central sequence, with 21% VAT and the month's underlying invoice numbers on its statement.
-- Fee invoices are followed until paid as any other (D30), without the consumer reminders.

CREATE TABLE afdracht_percentages (
    regio      text PRIMARY KEY REFERENCES regions (slug) ON UPDATE CASCADE ON DELETE CASCADE,
    percentage numeric(5,2) NOT NULL DEFAULT 8.00 CHECK (percentage >= 0 AND percentage <= 100),
    updated_by uuid,
    updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE FUNCTION afdracht_percentages_rules() RETURNS trigger
    LANGUAGE plpgsql
    AS $$
BEGIN
    NEW.updated_by := actor_id();
    NEW.updated_at := now();
    RETURN NEW;
END $$;
CREATE TRIGGER afdracht_percentages_rules BEFORE INSERT OR UPDATE ON afdracht_percentages
    FOR EACH ROW EXECUTE FUNCTION afdracht_percentages_rules();

-- Invoices of two kinds: to a customer (klant) and the fee to a franchise business (afdracht),
-- whose customer is a business with its KvK and VAT numbers.
ALTER TABLE facturen
    ADD COLUMN soort            text NOT NULL DEFAULT 'klant' CHECK (soort IN ('klant', 'afdracht')),
    ADD COLUMN klant_kvk        text CHECK (klant_kvk IS NULL OR klant_kvk ~ '^[0-9]{8}$'),
    ADD COLUMN klant_btw_nummer text CHECK (klant_btw_nummer IS NULL OR klant_btw_nummer ~ '^NL[0-9]{9}B[0-9]{2}$'),
    ADD CHECK (soort = 'klant' OR (klus_id IS NULL AND klant_kvk IS NOT NULL AND klant_btw_nummer IS NOT NULL));

CREATE OR REPLACE FUNCTION facturen_issue() RETURNS trigger
    LANGUAGE plpgsql
    AS $$
DECLARE
    u factuur_uitgevers;
    o facturen;
    w werkbonnen;
    q offertes;
BEGIN
    IF NEW.soort = 'afdracht' AND NEW.credit_van IS NULL THEN
        -- D32: the central business invoices a franchise business for its fee. The lines are the
        -- fee statement's (its one line, given by the fee run and checked here against the
        -- amounts); the customer is a business, so its KvK and VAT numbers are on it.
        SELECT * INTO u FROM factuur_uitgevers WHERE id = 'centraal';
        NEW.uitgever_id := u.id;
        NEW.uitgever := to_jsonb(u) - 'updated_at' - 'regio';
        NEW.werk_datum := coalesce(NEW.werk_datum, NEW.datum);
        IF NEW.klus_id IS NOT NULL OR NEW.regels IS NULL
           OR (SELECT coalesce(sum((r->>'bedrag_cents')::int), -1) FROM jsonb_array_elements(NEW.regels) r) <> NEW.subtotaal_cents
           OR NEW.btw_bedrag_cents <> round(NEW.subtotaal_cents * 0.21) THEN
            PERFORM refuse('a fee invoice bills its fee statement, with 21% VAT');
        END IF;
    ELSIF NEW.credit_van IS NOT NULL THEN
        SELECT * INTO o FROM facturen WHERE id = NEW.credit_van;
        IF o.id IS NULL OR o.credit_van IS NOT NULL THEN
            PERFORM refuse('a credit invoice credits an invoice');
        END IF;
        NEW.uitgever_id := o.uitgever_id;
        NEW.uitgever := o.uitgever;
        NEW.werk_datum := o.werk_datum;
        -- A fee invoice's credit is one too, to the same business.
        NEW.soort := o.soort;
        NEW.klant_kvk := o.klant_kvk;
        NEW.klant_btw_nummer := o.klant_btw_nummer;
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

-- The month's fee of a franchise business: what it invoiced (excluding VAT, its credits
-- deducted), the percentage of its region then, the fee, the invoices it counts and the central
-- business's invoice for it. Drafted once per business and month (the unique key), never changed.
CREATE TABLE afdrachten (
    id            uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    uitgever_id   text NOT NULL REFERENCES factuur_uitgevers (id) ON UPDATE CASCADE CHECK (uitgever_id <> 'centraal'),
    regio         text NOT NULL REFERENCES regions (slug) ON UPDATE CASCADE,
    maand         date NOT NULL CHECK (extract(day FROM maand) = 1),
    omzet_cents   bigint NOT NULL,
    percentage    numeric(5,2) NOT NULL,
    bedrag_cents  bigint NOT NULL CHECK (bedrag_cents = round(omzet_cents * percentage / 100)),
    facturen      text[] NOT NULL DEFAULT '{}',
    factuur_id    uuid REFERENCES facturen (id) ON DELETE RESTRICT,
    created_at    timestamptz NOT NULL DEFAULT now(),
    UNIQUE (uitgever_id, maand)
);
CREATE FUNCTION afdrachten_rules() RETURNS trigger
    LANGUAGE plpgsql
    AS $$
BEGIN
    IF TG_OP = 'INSERT' THEN
        NEW.created_at := now();
        RETURN NEW;
    END IF;
    -- Its invoice is linked once, in the transaction that issues it; nothing else changes.
    IF OLD.factuur_id IS NOT NULL OR NOT (changed_columns(to_jsonb(OLD), to_jsonb(NEW)) <@ ARRAY['factuur_id']) THEN
        PERFORM refuse('a fee statement never changes');
    END IF;
    RETURN NEW;
END $$;
CREATE TRIGGER afdrachten_rules BEFORE INSERT OR UPDATE ON afdrachten FOR EACH ROW EXECUTE FUNCTION afdrachten_rules();

ALTER TABLE afdracht_percentages ENABLE ROW LEVEL SECURITY;
ALTER TABLE afdracht_percentages FORCE ROW LEVEL SECURITY;
ALTER TABLE afdrachten ENABLE ROW LEVEL SECURITY;
ALTER TABLE afdrachten FORCE ROW LEVEL SECURITY;

-- Only admins set percentages; a franchise owner reads its regions' percentage and its fee
-- statements.
CREATE POLICY admin_all ON afdracht_percentages TO klusmaat_app
    USING ((SELECT role FROM current_actor) = 'admin') WITH CHECK ((SELECT role FROM current_actor) = 'admin');
CREATE POLICY franchise_read_own ON afdracht_percentages FOR SELECT TO klusmaat_app
    USING (regio = ANY ((SELECT regions FROM current_actor WHERE role = 'franchise')::text[]));
CREATE POLICY admin_all ON afdrachten TO klusmaat_app
    USING ((SELECT role FROM current_actor) = 'admin') WITH CHECK ((SELECT role FROM current_actor) = 'admin');
CREATE POLICY franchise_read_own ON afdrachten FOR SELECT TO klusmaat_app
    USING (regio = ANY ((SELECT regions FROM current_actor WHERE role = 'franchise')::text[]));

GRANT SELECT, INSERT, UPDATE ON afdracht_percentages, afdrachten TO klusmaat_app;
