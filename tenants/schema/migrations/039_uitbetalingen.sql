-- Paying klussers (docs/decisions.md D31). A klusser earns 35 euro per worked hour of its
-- completed work orders, paid by the business that issued those jobs' invoices. After each month
-- one statement (uitbetaling) per klusser and paying business: a line per completed work order,
-- approved by the office, paid in one SEPA batch per business, and never changed once paid: a
-- correction is a line on a later statement.

-- The klusser's bank account: private like the phone (D5). Its own table, so no view of the
-- profile (the public showcase, lists) can carry it by accident; the showcase role has no policy.
CREATE TABLE klusser_bankrekeningen (
    klusser_id     uuid PRIMARY KEY REFERENCES profiles (id) ON DELETE CASCADE,
    iban           text NOT NULL CHECK (iban ~ '^[A-Z]{2}[0-9]{2}[A-Z0-9]{11,30}$'),
    rekeninghouder text NOT NULL CHECK (length(btrim(rekeninghouder)) BETWEEN 1 AND 70),
    updated_by     uuid,
    updated_at     timestamptz NOT NULL DEFAULT now()
);

-- ISO 13616: an IBAN's check digits make the whole number 1 modulo 97. Checked here too, so no
-- path (an admin's form, the portal, SQL) stores one a bank refuses.
CREATE FUNCTION iban_valid(iban text) RETURNS boolean
    LANGUAGE plpgsql IMMUTABLE
    AS $$
DECLARE
    s text := substr(iban, 5) || substr(iban, 1, 4);
    digits text := '';
    c text;
    r integer := 0;
BEGIN
    FOREACH c IN ARRAY regexp_split_to_array(s, '') LOOP
        IF c ~ '[0-9]' THEN
            digits := digits || c;
        ELSE
            digits := digits || (ascii(c) - 55)::text;
        END IF;
    END LOOP;
    FOREACH c IN ARRAY regexp_split_to_array(digits, '') LOOP
        r := (r * 10 + c::integer) % 97;
    END LOOP;
    RETURN r = 1;
END $$;
ALTER TABLE klusser_bankrekeningen ADD CHECK (iban_valid(iban));

CREATE FUNCTION klusser_bankrekeningen_rules() RETURNS trigger
    LANGUAGE plpgsql
    AS $$
BEGIN
    NEW.updated_by := actor_id();
    NEW.updated_at := now();
    RETURN NEW;
END $$;
CREATE TRIGGER klusser_bankrekeningen_rules BEFORE INSERT OR UPDATE ON klusser_bankrekeningen
    FOR EACH ROW EXECUTE FUNCTION klusser_bankrekeningen_rules();

-- The SEPA batches: the approved statements of one paying business in one pain.001 file.
CREATE TABLE betaalbatches (
    id             uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    uitgever_id    text NOT NULL REFERENCES factuur_uitgevers (id) ON UPDATE CASCADE,
    regio          text REFERENCES regions (slug) ON UPDATE CASCADE,
    bericht_id     text NOT NULL UNIQUE CHECK (bericht_id ~ '^[A-Za-z0-9-]{1,35}$'),
    uitvoerdatum   date NOT NULL,
    aantal         integer NOT NULL CHECK (aantal > 0),
    totaal_cents   bigint NOT NULL CHECK (totaal_cents > 0),
    status         text NOT NULL DEFAULT 'aangemaakt' CHECK (status IN ('aangemaakt', 'uitgevoerd')),
    aangemaakt_door uuid,
    uitgevoerd_door uuid,
    uitgevoerd_at  timestamptz,
    created_at     timestamptz NOT NULL DEFAULT now(),
    CHECK ((status = 'uitgevoerd') = (uitgevoerd_at IS NOT NULL))
);

-- A statement: one klusser, one paying business, one month. The klusser's name and bank account
-- are copied when it is approved (what was paid to whom), so a paid statement outlives the
-- klusser's erasure as invoices do.
CREATE TABLE uitbetalingen (
    id             uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    nummer         text NOT NULL UNIQUE CHECK (nummer ~ '^UB[0-9]{6}-[0-9]{4,}$'),
    klusser_id     uuid REFERENCES profiles (id) ON DELETE SET NULL,
    klusser_naam   text NOT NULL,
    uitgever_id    text NOT NULL REFERENCES factuur_uitgevers (id) ON UPDATE CASCADE,
    regio          text REFERENCES regions (slug) ON UPDATE CASCADE,
    maand          date NOT NULL CHECK (extract(day FROM maand) = 1),
    status         text NOT NULL DEFAULT 'concept' CHECK (status IN ('concept', 'goedgekeurd', 'uitbetaald')),
    totaal_cents   integer NOT NULL DEFAULT 0,
    iban           text,
    rekeninghouder text,
    goedgekeurd_door uuid,
    goedgekeurd_at timestamptz,
    batch_id       uuid REFERENCES betaalbatches (id) ON DELETE RESTRICT,
    uitbetaald_at  timestamptz,
    created_at     timestamptz NOT NULL DEFAULT now(),
    UNIQUE (klusser_id, uitgever_id, maand),
    CHECK (status = 'concept' OR goedgekeurd_at IS NOT NULL),
    CHECK ((status = 'uitbetaald') = (uitbetaald_at IS NOT NULL)),
    CHECK (batch_id IS NULL OR status <> 'concept')
);
CREATE INDEX uitbetalingen_klusser_idx ON uitbetalingen (klusser_id, maand DESC);
CREATE INDEX uitbetalingen_uitgever_idx ON uitbetalingen (uitgever_id, status, maand DESC);

-- A line: a completed work order of the month (its date, the job's invoice number as the job's
-- reference, the town, the hours from the timer, 35 euro an hour) or a correction of a work order
-- paid before (the difference, on a later statement).
CREATE TABLE uitbetaling_regels (
    id             uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    uitbetaling_id uuid NOT NULL REFERENCES uitbetalingen (id) ON DELETE CASCADE,
    werkbon_id     uuid REFERENCES werkbonnen (id) ON DELETE SET NULL,
    soort          text NOT NULL CHECK (soort IN ('werk', 'correctie')),
    datum          date NOT NULL,
    klus           text NOT NULL DEFAULT '',
    woonplaats     text NOT NULL DEFAULT '',
    uren           integer NOT NULL,
    tarief_cents   integer NOT NULL CHECK (tarief_cents = 3500),
    bedrag_cents   integer NOT NULL,
    omschrijving   text NOT NULL DEFAULT '',
    CHECK (soort = 'correctie' OR (uren >= 0 AND bedrag_cents = uren * tarief_cents))
);
CREATE INDEX uitbetaling_regels_statement_idx ON uitbetaling_regels (uitbetaling_id, datum, id);
CREATE INDEX uitbetaling_regels_werkbon_idx ON uitbetaling_regels (werkbon_id);

-- A statement's total is its lines' sum, kept by the database; lines change only while it is a
-- concept.
CREATE FUNCTION uitbetaling_regels_rules() RETURNS trigger
    LANGUAGE plpgsql
    AS $$
DECLARE
    u uuid := CASE WHEN TG_OP = 'DELETE' THEN OLD.uitbetaling_id ELSE NEW.uitbetaling_id END;
BEGIN
    -- A work order deleted with its klusser leaves the line, without its link.
    IF TG_OP = 'UPDATE' AND NEW.werkbon_id IS NULL
       AND changed_columns(to_jsonb(OLD), to_jsonb(NEW)) <@ ARRAY['werkbon_id'] THEN
        RETURN NEW;
    END IF;
    IF (SELECT status FROM uitbetalingen WHERE id = u) IS DISTINCT FROM 'concept' THEN
        PERFORM refuse('an approved statement never changes; a correction is a line on a later statement');
    END IF;
    RETURN CASE WHEN TG_OP = 'DELETE' THEN OLD ELSE NEW END;
END $$;
CREATE TRIGGER uitbetaling_regels_rules BEFORE INSERT OR UPDATE OR DELETE ON uitbetaling_regels
    FOR EACH ROW EXECUTE FUNCTION uitbetaling_regels_rules();

CREATE FUNCTION uitbetaling_regels_total() RETURNS trigger
    LANGUAGE plpgsql
    AS $$
BEGIN
    UPDATE uitbetalingen u SET totaal_cents = (SELECT coalesce(sum(r.bedrag_cents), 0) FROM uitbetaling_regels r WHERE r.uitbetaling_id = u.id)
    WHERE u.id = CASE WHEN TG_OP = 'DELETE' THEN OLD.uitbetaling_id ELSE NEW.uitbetaling_id END;
    RETURN NULL;
END $$;
CREATE TRIGGER uitbetaling_regels_total AFTER INSERT OR UPDATE OR DELETE ON uitbetaling_regels
    FOR EACH ROW EXECUTE FUNCTION uitbetaling_regels_total();

-- A statement moves forward only: concept -> goedgekeurd (approved, the bank account copied) ->
-- uitbetaald (its batch carried out); it joins one batch at most; what it says never changes
-- after approval.
CREATE FUNCTION uitbetalingen_rules() RETURNS trigger
    LANGUAGE plpgsql
    AS $$
BEGIN
    IF TG_OP = 'INSERT' THEN
        NEW.regio := (SELECT regio FROM factuur_uitgevers WHERE id = NEW.uitgever_id);
        NEW.created_at := now();
        IF NEW.status <> 'concept' THEN
            PERFORM refuse('a statement starts as a concept');
        END IF;
        RETURN NEW;
    END IF;
    IF current_user <> 'klusmaat_app' THEN
        RETURN NEW;
    END IF;
    IF OLD.status = 'concept' AND NEW.status = 'concept' THEN
        PERFORM refuse_columns('a concept statement', changed_columns(to_jsonb(OLD), to_jsonb(NEW)), ARRAY['totaal_cents', 'klusser_naam']);
    ELSIF OLD.status = 'concept' AND NEW.status = 'goedgekeurd' THEN
        PERFORM refuse_columns('an approval', changed_columns(to_jsonb(OLD), to_jsonb(NEW)),
            ARRAY['status', 'goedgekeurd_door', 'goedgekeurd_at', 'iban', 'rekeninghouder', 'klusser_naam']);
        NEW.goedgekeurd_door := actor_id();
        NEW.goedgekeurd_at := now();
    ELSIF OLD.status = 'goedgekeurd' AND NEW.status = 'goedgekeurd' AND OLD.batch_id IS NULL AND NEW.batch_id IS NOT NULL THEN
        PERFORM refuse_columns('a statement joining a batch', changed_columns(to_jsonb(OLD), to_jsonb(NEW)), ARRAY['batch_id']);
    ELSIF OLD.status = 'goedgekeurd' AND NEW.status = 'uitbetaald' AND OLD.batch_id IS NOT NULL THEN
        PERFORM refuse_columns('a payment of a statement', changed_columns(to_jsonb(OLD), to_jsonb(NEW)), ARRAY['status', 'uitbetaald_at']);
        NEW.uitbetaald_at := now();
    ELSIF OLD.klusser_id IS NOT NULL AND NEW.klusser_id IS NULL
          AND changed_columns(to_jsonb(OLD), to_jsonb(NEW)) <@ ARRAY['klusser_id'] THEN
        NULL;  -- the klusser's deletion or erasure: the statement stays (D11, as invoices)
    ELSE
        PERFORM refuse('a statement moves from concept to approved to paid, and never changes after approval');
    END IF;
    RETURN NEW;
END $$;
CREATE TRIGGER uitbetalingen_rules BEFORE INSERT OR UPDATE ON uitbetalingen FOR EACH ROW EXECUTE FUNCTION uitbetalingen_rules();

CREATE FUNCTION betaalbatches_rules() RETURNS trigger
    LANGUAGE plpgsql
    AS $$
BEGIN
    IF TG_OP = 'INSERT' THEN
        NEW.regio := (SELECT regio FROM factuur_uitgevers WHERE id = NEW.uitgever_id);
        NEW.aangemaakt_door := actor_id();
        NEW.created_at := now();
        IF NEW.status <> 'aangemaakt' THEN
            PERFORM refuse('a batch starts as made');
        END IF;
        RETURN NEW;
    END IF;
    IF current_user = 'klusmaat_app' THEN
        IF OLD.status <> 'aangemaakt' OR NEW.status <> 'uitgevoerd' THEN
            PERFORM refuse('a batch is carried out once');
        END IF;
        PERFORM refuse_columns('a batch', changed_columns(to_jsonb(OLD), to_jsonb(NEW)), ARRAY['status', 'uitgevoerd_door', 'uitgevoerd_at']);
        NEW.uitgevoerd_door := actor_id();
        NEW.uitgevoerd_at := now();
    END IF;
    RETURN NEW;
END $$;
CREATE TRIGGER betaalbatches_rules BEFORE INSERT OR UPDATE ON betaalbatches FOR EACH ROW EXECUTE FUNCTION betaalbatches_rules();

ALTER TABLE klusser_bankrekeningen ENABLE ROW LEVEL SECURITY;
ALTER TABLE klusser_bankrekeningen FORCE ROW LEVEL SECURITY;
ALTER TABLE uitbetalingen ENABLE ROW LEVEL SECURITY;
ALTER TABLE uitbetalingen FORCE ROW LEVEL SECURITY;
ALTER TABLE uitbetaling_regels ENABLE ROW LEVEL SECURITY;
ALTER TABLE uitbetaling_regels FORCE ROW LEVEL SECURITY;
ALTER TABLE betaalbatches ENABLE ROW LEVEL SECURITY;
ALTER TABLE betaalbatches FORCE ROW LEVEL SECURITY;

-- Bank accounts: admins; the klusser its own (it enters it in its portal); a franchise owner reads
-- those of its regions' klussers (its business pays them).
CREATE POLICY admin_all ON klusser_bankrekeningen TO klusmaat_app
    USING ((SELECT role FROM current_actor) = 'admin') WITH CHECK ((SELECT role FROM current_actor) = 'admin');
CREATE POLICY klusser_own ON klusser_bankrekeningen TO klusmaat_app
    USING (klusser_id = (SELECT user_id FROM current_actor WHERE role = 'klusser'))
    WITH CHECK (klusser_id = (SELECT user_id FROM current_actor WHERE role = 'klusser'));
CREATE POLICY franchise_read_region ON klusser_bankrekeningen FOR SELECT TO klusmaat_app
    USING (EXISTS (SELECT 1 FROM profiles p WHERE p.id = klusser_id
                   AND p.regio && (SELECT regions FROM current_actor WHERE role = 'franchise')::text[]));

-- Statements, lines and batches: admins (and the system: the monthly draft); a franchise owner
-- those of its own business (a region without its own business is paid centrally); a klusser
-- reads its own statements and their lines, never a batch.
CREATE POLICY admin_all ON uitbetalingen TO klusmaat_app
    USING ((SELECT role FROM current_actor) = 'admin') WITH CHECK ((SELECT role FROM current_actor) = 'admin');
CREATE POLICY franchise_own_business ON uitbetalingen TO klusmaat_app
    USING (regio = ANY ((SELECT regions FROM current_actor WHERE role = 'franchise')::text[]))
    WITH CHECK (regio = ANY ((SELECT regions FROM current_actor WHERE role = 'franchise')::text[]));
CREATE POLICY klusser_read_own ON uitbetalingen FOR SELECT TO klusmaat_app
    USING (klusser_id = (SELECT user_id FROM current_actor WHERE role = 'klusser'));

CREATE POLICY admin_all ON uitbetaling_regels TO klusmaat_app
    USING ((SELECT role FROM current_actor) = 'admin') WITH CHECK ((SELECT role FROM current_actor) = 'admin');
CREATE POLICY via_statement ON uitbetaling_regels FOR SELECT TO klusmaat_app
    USING (EXISTS (SELECT 1 FROM uitbetalingen u WHERE u.id = uitbetaling_id));

CREATE POLICY admin_all ON betaalbatches TO klusmaat_app
    USING ((SELECT role FROM current_actor) = 'admin') WITH CHECK ((SELECT role FROM current_actor) = 'admin');
CREATE POLICY franchise_own_business ON betaalbatches TO klusmaat_app
    USING (regio = ANY ((SELECT regions FROM current_actor WHERE role = 'franchise')::text[]))
    WITH CHECK (regio = ANY ((SELECT regions FROM current_actor WHERE role = 'franchise')::text[]));

-- The schema owner reads them for the rules above (row-level security is forced on it too).
CREATE POLICY owner_read ON uitbetalingen FOR SELECT TO CURRENT_USER USING (true);

GRANT SELECT, INSERT, UPDATE, DELETE ON klusser_bankrekeningen TO klusmaat_app;
GRANT SELECT, INSERT, UPDATE ON uitbetalingen, betaalbatches TO klusmaat_app;
GRANT SELECT, INSERT ON uitbetaling_regels TO klusmaat_app;
