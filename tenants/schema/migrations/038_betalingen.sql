-- Getting paid (docs/decisions.md D30). An invoice is open until the payments booked on it add up
-- to its total. A payment is a record, never edited or deleted: who booked it, from what (the
-- klusser at the door, the office by hand, a bank statement entry), and a wrong booking is undone
-- by a reversing booking with a reason. The invoice's state is derived from its payments, its
-- credit invoice and its follow-up (reminders, dispute, handing over), never stored on it.

-- The bank statements an office imported (CAMT.053), one row per file, and their entries. An
-- entry is known by the bank's reference, or where a bank gives none by a fingerprint of what it
-- says (services/platform/sepa/camt): the unique key per issuing business makes a re-imported or
-- overlapping statement add no entry twice.
CREATE TABLE bankafschriften (
    id               uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    uitgever_id      text NOT NULL REFERENCES factuur_uitgevers (id) ON UPDATE CASCADE,
    -- The issuer's region (NULL: the central business, whose statements only admins import).
    regio            text REFERENCES regions (slug) ON UPDATE CASCADE,
    iban             text NOT NULL CHECK (iban ~ '^[A-Z]{2}[0-9]{2}[A-Z0-9]{11,30}$'),
    versie           text NOT NULL CHECK (versie ~ '^camt\.053\.001\.0[2-8]$'),
    bestandsnaam     text NOT NULL DEFAULT '' CHECK (length(bestandsnaam) <= 255),
    sha256           text NOT NULL CHECK (sha256 ~ '^[0-9a-f]{64}$'),
    posten           integer NOT NULL DEFAULT 0 CHECK (posten >= 0),
    nieuw            integer NOT NULL DEFAULT 0 CHECK (nieuw >= 0),
    geboekt          integer NOT NULL DEFAULT 0 CHECK (geboekt >= 0),
    ingelezen_door   uuid,
    ingelezen_rol    text NOT NULL,
    created_at       timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX bankafschriften_uitgever_idx ON bankafschriften (uitgever_id, created_at DESC);

CREATE TABLE bank_posten (
    id                uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    afschrift_id      uuid NOT NULL REFERENCES bankafschriften (id) ON DELETE RESTRICT,
    uitgever_id       text NOT NULL REFERENCES factuur_uitgevers (id) ON UPDATE CASCADE,
    regio             text REFERENCES regions (slug) ON UPDATE CASCADE,
    ref               text NOT NULL CHECK (length(ref) BETWEEN 1 AND 200),
    boekdatum         date NOT NULL,
    bedrag_cents      bigint NOT NULL CHECK (bedrag_cents >= 0),
    valuta            text NOT NULL CHECK (valuta ~ '^[A-Z]{3}$'),
    credit            boolean NOT NULL,
    terugboeking      boolean NOT NULL DEFAULT false,
    omschrijving      text NOT NULL DEFAULT '' CHECK (length(omschrijving) <= 2000),
    tegenpartij       text NOT NULL DEFAULT '' CHECK (length(tegenpartij) <= 200),
    tegenpartij_iban  text NOT NULL DEFAULT '' CHECK (length(tegenpartij_iban) <= 34),
    -- geboekt: booked on one or more invoices; voorstel: waits for the office; genegeerd: the
    -- office ignored it; overgeslagen: it does not count (reden says why: a debit, not euro, a
    -- returned payment, not booked by the bank). A returned payment is shown, never reversed
    -- silently: the office decides.
    status            text NOT NULL CHECK (status IN ('geboekt', 'voorstel', 'genegeerd', 'overgeslagen')),
    reden             text NOT NULL DEFAULT '' CHECK (length(reden) <= 200),
    -- The likely invoices, best first, as the import saw them.
    voorstellen       uuid[] NOT NULL DEFAULT '{}',
    afgehandeld_door  uuid,
    afgehandeld_at    timestamptz,
    created_at        timestamptz NOT NULL DEFAULT now(),
    UNIQUE (uitgever_id, ref),
    CHECK ((status = 'overgeslagen') = (reden <> ''))
);
CREATE INDEX bank_posten_afschrift_idx ON bank_posten (afschrift_id, boekdatum, id);
CREATE INDEX bank_posten_open_idx ON bank_posten (uitgever_id, boekdatum DESC) WHERE status = 'voorstel';

CREATE TABLE betalingen (
    id                uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    factuur_id        uuid NOT NULL REFERENCES facturen (id) ON DELETE RESTRICT,
    -- The invoice's region, copied by the rules below (row-level security reads it).
    regio             text NOT NULL REFERENCES regions (slug) ON UPDATE CASCADE,
    datum             date NOT NULL,
    bedrag_cents      integer NOT NULL,
    methode           text NOT NULL CHECK (methode IN ('contant', 'pin', 'bank')),
    bron              text NOT NULL CHECK (bron IN ('klusser', 'kantoor', 'bankafschrift')),
    notitie           text NOT NULL DEFAULT '' CHECK (length(notitie) <= 1000),
    bank_post_id      uuid REFERENCES bank_posten (id) ON DELETE RESTRICT,
    terugboeking_van  uuid UNIQUE REFERENCES betalingen (id) ON DELETE RESTRICT,
    reden             text CHECK (reden IS NULL OR length(btrim(reden)) BETWEEN 1 AND 1000),
    geboekt_door      uuid,
    geboekt_rol       text NOT NULL,
    created_at        timestamptz NOT NULL DEFAULT now(),
    CHECK ((terugboeking_van IS NULL) = (reden IS NULL)),
    -- A payment is positive, its reversal the same amount negative.
    CHECK ((terugboeking_van IS NULL) = (bedrag_cents > 0)),
    CHECK (bedrag_cents <> 0),
    CHECK (bron <> 'bankafschrift' OR (bank_post_id IS NOT NULL AND methode = 'bank')),
    CHECK (bron = 'bankafschrift' OR bank_post_id IS NULL),
    CHECK (bron <> 'klusser' OR methode IN ('contant', 'pin'))
);
CREATE INDEX betalingen_factuur_idx ON betalingen (factuur_id, created_at);
CREATE INDEX betalingen_bank_post_idx ON betalingen (bank_post_id) WHERE bank_post_id IS NOT NULL;

-- What happened to an invoice after it was issued, besides payments: e-mailed, reminded, the
-- 14-dagenbrief, a letter for the post, the office's dispute on and off, the question whether to
-- hand it over and the decision. The timeline of the invoice page reads it with the payments.
-- Reminders are recorded in the transaction that queues them, and the unique index makes a
-- second run (another server, a restart) find the row and send nothing (as D27's reminders).
CREATE TABLE factuur_gebeurtenissen (
    id          uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    factuur_id  uuid NOT NULL REFERENCES facturen (id) ON DELETE RESTRICT,
    regio       text NOT NULL REFERENCES regions (slug) ON UPDATE CASCADE,
    soort       text NOT NULL CHECK (soort IN ('gemaild', 'herinnering', 'veertiendagenbrief', 'uit_handen_voorstel',
                                               'uit_handen', 'bespreking_aan', 'bespreking_uit')),
    -- per soort: the 14-dagenbrief's open amount, collection costs and term; a letter 'per_post';
    -- the office's note.
    gegevens    jsonb NOT NULL DEFAULT '{}' CHECK (jsonb_typeof(gegevens) = 'object'),
    door        uuid,
    door_rol    text NOT NULL,
    created_at  timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX factuur_gebeurtenissen_factuur_idx ON factuur_gebeurtenissen (factuur_id, created_at);
CREATE UNIQUE INDEX factuur_gebeurtenissen_eenmaal_idx ON factuur_gebeurtenissen (factuur_id, soort)
    WHERE soort IN ('herinnering', 'veertiendagenbrief', 'uit_handen_voorstel', 'uit_handen');

-- The rules every booking obeys, whoever inserts (the office's routes, the klusser's registration,
-- the import, or SQL of an actor's transaction): the invoice exists for the actor, the region,
-- author and time are the database's to fill in, a payment is never above what is open (nor on a
-- credit invoice or a credited one), and a reversal undoes exactly one payment of the same
-- invoice. One invoice's bookings are serialised by a lock on its row (FOR NO KEY UPDATE: the
-- row lock lives in the row, so a statement import booking thousands takes no slot of the shared
-- lock table), so two bookings at once cannot both fit in the same open amount.
CREATE FUNCTION betalingen_rules() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path = public, pg_temp
    AS $$
DECLARE
    f facturen;
    o betalingen;
    paid bigint;
BEGIN
    SELECT * INTO f FROM facturen WHERE id = NEW.factuur_id FOR NO KEY UPDATE;
    IF f.id IS NULL THEN
        PERFORM refuse('a payment is booked on an invoice');
    END IF;
    NEW.regio := f.regio;
    NEW.geboekt_door := actor_id();
    -- Without an actor only the schema owner books (this migration's earlier registrations).
    NEW.geboekt_rol := coalesce(actor_role(), CASE WHEN session_user = 'klusmaat_app' THEN 'anonymous' ELSE 'migratie' END);
    NEW.created_at := now();
    SELECT coalesce(sum(bedrag_cents), 0) INTO paid FROM betalingen WHERE factuur_id = f.id;
    IF NEW.terugboeking_van IS NOT NULL THEN
        SELECT * INTO o FROM betalingen WHERE id = NEW.terugboeking_van;
        IF o.id IS NULL OR o.factuur_id <> NEW.factuur_id OR o.terugboeking_van IS NOT NULL
           OR NEW.bedrag_cents <> -o.bedrag_cents OR NEW.methode <> o.methode THEN
            PERFORM refuse('a reversal undoes one payment of the same invoice, its whole amount');
        END IF;
        RETURN NEW;
    END IF;
    IF f.credit_van IS NOT NULL OR EXISTS (SELECT 1 FROM facturen c WHERE c.credit_van = f.id) THEN
        PERFORM refuse('a credit invoice or a credited invoice takes no payment');
    END IF;
    IF NEW.bedrag_cents > f.totaal_bedrag_cents - paid THEN
        RAISE EXCEPTION 'payment of % cents is above the open amount of % cents', NEW.bedrag_cents, f.totaal_bedrag_cents - paid
            USING ERRCODE = 'check_violation', CONSTRAINT = 'betalingen_boven_open';
    END IF;
    RETURN NEW;
END $$;
REVOKE ALL ON FUNCTION betalingen_rules() FROM PUBLIC;
CREATE TRIGGER betalingen_rules BEFORE INSERT ON betalingen FOR EACH ROW EXECUTE FUNCTION betalingen_rules();

-- The follow-up's author and region are the database's too.
CREATE FUNCTION factuur_gebeurtenissen_rules() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path = public, pg_temp
    AS $$
BEGIN
    NEW.regio := (SELECT regio FROM facturen WHERE id = NEW.factuur_id);
    IF NEW.regio IS NULL THEN
        PERFORM refuse('an invoice event belongs to an invoice');
    END IF;
    NEW.door := actor_id();
    NEW.door_rol := coalesce(actor_role(), 'anonymous');
    NEW.created_at := now();
    RETURN NEW;
END $$;
REVOKE ALL ON FUNCTION factuur_gebeurtenissen_rules() FROM PUBLIC;
CREATE TRIGGER factuur_gebeurtenissen_rules BEFORE INSERT ON factuur_gebeurtenissen
    FOR EACH ROW EXECUTE FUNCTION factuur_gebeurtenissen_rules();

-- An import's author and an entry's handler are the database's.
CREATE FUNCTION bankafschriften_rules() RETURNS trigger
    LANGUAGE plpgsql
    AS $$
BEGIN
    IF TG_OP = 'INSERT' THEN
        NEW.ingelezen_door := actor_id();
        NEW.ingelezen_rol := coalesce(actor_role(), 'anonymous');
        NEW.created_at := now();
        NEW.regio := (SELECT regio FROM factuur_uitgevers WHERE id = NEW.uitgever_id);
    ELSE
        PERFORM refuse_columns('a bank statement', changed_columns(to_jsonb(OLD), to_jsonb(NEW)), ARRAY['geboekt']);
    END IF;
    RETURN NEW;
END $$;
CREATE TRIGGER bankafschriften_rules BEFORE INSERT OR UPDATE ON bankafschriften
    FOR EACH ROW EXECUTE FUNCTION bankafschriften_rules();

-- What a bank said never changes; only the office's handling of an open proposal does.
CREATE FUNCTION bank_posten_rules() RETURNS trigger
    LANGUAGE plpgsql
    AS $$
BEGIN
    IF TG_OP = 'INSERT' THEN
        NEW.regio := (SELECT regio FROM bankafschriften WHERE id = NEW.afschrift_id);
        NEW.created_at := now();
        RETURN NEW;
    END IF;
    PERFORM refuse_columns('a bank statement entry', changed_columns(to_jsonb(OLD), to_jsonb(NEW)),
        ARRAY['status', 'afgehandeld_door', 'afgehandeld_at']);
    IF OLD.status <> 'voorstel' OR NEW.status NOT IN ('geboekt', 'genegeerd') THEN
        PERFORM refuse('only an open proposal is booked or ignored');
    END IF;
    NEW.afgehandeld_door := actor_id();
    NEW.afgehandeld_at := now();
    RETURN NEW;
END $$;
CREATE TRIGGER bank_posten_rules BEFORE INSERT OR UPDATE ON bank_posten
    FOR EACH ROW EXECUTE FUNCTION bank_posten_rules();

-- The state of an invoice, derived (D30): what is paid and open, which credit invoice settles it,
-- whether the office disputes it or decided to hand it over, and which reminders went out. With
-- security_invoker every actor sees it through its own rights on the tables below.
CREATE VIEW factuur_stand WITH (security_invoker = true) AS
SELECT f.id AS factuur_id,
       coalesce(p.betaald, 0)::integer AS betaald_cents,
       CASE WHEN f.credit_van IS NOT NULL OR c.id IS NOT NULL THEN 0
            ELSE f.totaal_bedrag_cents - coalesce(p.betaald, 0) END::integer AS open_cents,
       c.factuurnummer AS gecrediteerd_door,
       coalesce(g.bespreking, false) AS in_bespreking,
       CASE WHEN f.credit_van IS NOT NULL THEN 'creditfactuur'
            WHEN c.id IS NOT NULL THEN 'gecrediteerd'
            WHEN f.totaal_bedrag_cents - coalesce(p.betaald, 0) <= 0 THEN 'betaald'
            WHEN g.uit_handen THEN 'uit_handen'
            WHEN g.bespreking THEN 'in_bespreking'
            WHEN coalesce(p.betaald, 0) > 0 THEN 'deels_betaald'
            ELSE 'open' END AS staat,
       g.herinnering_at, g.brief_at, g.uit_handen_voorstel_at, coalesce(g.uit_handen, false) AS uit_handen,
       p.laatste_betaling
FROM facturen f
LEFT JOIN facturen c ON c.credit_van = f.id
LEFT JOIN LATERAL (SELECT sum(b.bedrag_cents) AS betaald, max(b.datum) FILTER (WHERE b.terugboeking_van IS NULL) AS laatste_betaling
                   FROM betalingen b WHERE b.factuur_id = f.id) p ON true
LEFT JOIN LATERAL (
    SELECT (array_agg(e.soort ORDER BY e.created_at DESC) FILTER (WHERE e.soort IN ('bespreking_aan', 'bespreking_uit')))[1]
               = 'bespreking_aan' AS bespreking,
           bool_or(e.soort = 'uit_handen') AS uit_handen,
           max(e.created_at) FILTER (WHERE e.soort = 'herinnering') AS herinnering_at,
           max(e.created_at) FILTER (WHERE e.soort = 'veertiendagenbrief') AS brief_at,
           max(e.created_at) FILTER (WHERE e.soort = 'uit_handen_voorstel') AS uit_handen_voorstel_at
    FROM factuur_gebeurtenissen e WHERE e.factuur_id = f.id) g ON true;

ALTER TABLE bankafschriften ENABLE ROW LEVEL SECURITY;
ALTER TABLE bankafschriften FORCE ROW LEVEL SECURITY;
ALTER TABLE bank_posten ENABLE ROW LEVEL SECURITY;
ALTER TABLE bank_posten FORCE ROW LEVEL SECURITY;
ALTER TABLE betalingen ENABLE ROW LEVEL SECURITY;
ALTER TABLE betalingen FORCE ROW LEVEL SECURITY;
ALTER TABLE factuur_gebeurtenissen ENABLE ROW LEVEL SECURITY;
ALTER TABLE factuur_gebeurtenissen FORCE ROW LEVEL SECURITY;

-- Admins (and the system: reminders, the invoice worker) everything; a franchise owner its
-- regions' invoices' payments and follow-up, and its own business's statements (the central
-- business's are the admins'); a klusser only the payments it registered itself on its own
-- invoices, and no statement or follow-up.
CREATE POLICY admin_all ON betalingen TO klusmaat_app
    USING ((SELECT role FROM current_actor) = 'admin') WITH CHECK ((SELECT role FROM current_actor) = 'admin');
CREATE POLICY franchise_region ON betalingen TO klusmaat_app
    USING (regio = ANY ((SELECT regions FROM current_actor WHERE role = 'franchise')::text[]))
    WITH CHECK (regio = ANY ((SELECT regions FROM current_actor WHERE role = 'franchise')::text[]) AND bron <> 'klusser');
CREATE POLICY klusser_own ON betalingen TO klusmaat_app
    USING (bron = 'klusser' AND geboekt_door = (SELECT user_id FROM current_actor WHERE role = 'klusser'))
    WITH CHECK (bron = 'klusser' AND terugboeking_van IS NULL
                AND geboekt_door = (SELECT user_id FROM current_actor WHERE role = 'klusser')
                AND EXISTS (SELECT 1 FROM facturen f WHERE f.id = factuur_id
                            AND f.klusser_id = (SELECT user_id FROM current_actor WHERE role = 'klusser')));
CREATE POLICY owner_read ON betalingen FOR SELECT TO CURRENT_USER USING (true);
-- The booking rules above lock the invoice's row as the owner; a row lock needs an UPDATE policy.
-- The owner already owns the table (and is no role the server uses); facturen_frozen still
-- binds every change the server's role asks.
CREATE POLICY owner_lock ON facturen FOR UPDATE TO CURRENT_USER USING (true);

CREATE POLICY admin_all ON factuur_gebeurtenissen TO klusmaat_app
    USING ((SELECT role FROM current_actor) = 'admin') WITH CHECK ((SELECT role FROM current_actor) = 'admin');
CREATE POLICY franchise_region ON factuur_gebeurtenissen TO klusmaat_app
    USING (regio = ANY ((SELECT regions FROM current_actor WHERE role = 'franchise')::text[]))
    WITH CHECK (regio = ANY ((SELECT regions FROM current_actor WHERE role = 'franchise')::text[])
                AND soort IN ('bespreking_aan', 'bespreking_uit', 'uit_handen'));

CREATE POLICY admin_all ON bankafschriften TO klusmaat_app
    USING ((SELECT role FROM current_actor) = 'admin') WITH CHECK ((SELECT role FROM current_actor) = 'admin');
CREATE POLICY franchise_own_business ON bankafschriften TO klusmaat_app
    USING (regio = ANY ((SELECT regions FROM current_actor WHERE role = 'franchise')::text[]))
    WITH CHECK (regio = ANY ((SELECT regions FROM current_actor WHERE role = 'franchise')::text[]));
CREATE POLICY admin_all ON bank_posten TO klusmaat_app
    USING ((SELECT role FROM current_actor) = 'admin') WITH CHECK ((SELECT role FROM current_actor) = 'admin');
CREATE POLICY franchise_own_business ON bank_posten TO klusmaat_app
    USING (regio = ANY ((SELECT regions FROM current_actor WHERE role = 'franchise')::text[]))
    WITH CHECK (regio = ANY ((SELECT regions FROM current_actor WHERE role = 'franchise')::text[]));

-- Payments and events are appended, never changed or removed; a statement's counters and an
-- entry's handling are the only updates.
GRANT SELECT, INSERT ON betalingen, factuur_gebeurtenissen TO klusmaat_app;
GRANT SELECT, INSERT, UPDATE ON bankafschriften, bank_posten TO klusmaat_app;
GRANT SELECT ON factuur_stand TO klusmaat_app;

-- The customer's door payment of an invoice: the klusser's registration (contant, pin) is a
-- payment of the whole open amount (D30). Registered before this migration: booked now, as of the
-- invoice's date, by the migration (row-level security is forced on the owner too, hence the
-- policy of this one statement).
CREATE POLICY owner_backfill ON betalingen FOR INSERT TO CURRENT_USER WITH CHECK (true);
INSERT INTO betalingen (factuur_id, regio, datum, bedrag_cents, methode, bron, notitie, geboekt_rol)
SELECT f.id, f.regio, f.datum, f.totaal_bedrag_cents, f.betaal_methode,
       CASE WHEN f.betaal_methode = 'bank' THEN 'kantoor' ELSE 'klusser' END,
       coalesce(f.betaal_notitie, ''), 'system'
FROM facturen f
WHERE f.betaal_methode IN ('contant', 'pin', 'bank') AND f.credit_van IS NULL AND f.totaal_bedrag_cents > 0
  AND NOT EXISTS (SELECT 1 FROM facturen c WHERE c.credit_van = f.id);
DROP POLICY owner_backfill ON betalingen;

-- The customer's status link shows how the invoice of its job stands (D30: the open amount, the
-- due date and how to pay, or that it is paid or credited). SECURITY DEFINER as the link's other
-- reads (klus_status): the visitor's role reads no invoice itself, and the link proved the job.
CREATE POLICY owner_read ON factuur_gebeurtenissen FOR SELECT TO CURRENT_USER USING (true);
CREATE FUNCTION klus_status_factuur(p_id uuid)
    RETURNS TABLE (factuurnummer text, totaal_cents integer, open_cents integer, vervaldatum date, iban text,
                   uitgever text, staat text, gecrediteerd_door text)
    LANGUAGE sql STABLE SECURITY DEFINER
    SET search_path = pg_catalog, public, pg_temp
    AS $$
    SELECT f.factuurnummer, f.totaal_bedrag_cents, s.open_cents, f.vervaldatum, f.uitgever->>'iban', f.uitgever->>'naam',
           s.staat, s.gecrediteerd_door
    FROM facturen f JOIN factuur_stand s ON s.factuur_id = f.id JOIN klussen k ON k.id = f.klus_id
    WHERE f.klus_id = p_id AND f.credit_van IS NULL AND k.status_link_revoked_at IS NULL
$$;
REVOKE ALL ON FUNCTION klus_status_factuur(uuid) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION klus_status_factuur(uuid) TO klusmaat_app;

-- What is open on an invoice, and its state, counting every payment and its credit, for the klusser registering
-- the payment at the door: its own view of the payments holds only what it registered itself, so
-- an office's part payment or a credit would otherwise be invisible to it. SECURITY DEFINER, with
-- the caller's right to the invoice checked here as row-level security would (NULL: not its
-- invoice).
CREATE FUNCTION factuur_open(p_id uuid) RETURNS TABLE (open_cents integer, staat text)
    LANGUAGE sql STABLE SECURITY DEFINER
    SET search_path = pg_catalog, public, pg_temp
    AS $$
    SELECT s.open_cents, s.staat FROM factuur_stand s JOIN facturen f ON f.id = s.factuur_id
    WHERE s.factuur_id = p_id
      AND (actor_role() = 'admin'
           OR (actor_role() = 'franchise' AND f.regio = ANY (actor_regions()))
           OR (actor_role() = 'klusser' AND f.klusser_id = actor_id()))
$$;
REVOKE ALL ON FUNCTION factuur_open(uuid) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION factuur_open(uuid) TO klusmaat_app;
