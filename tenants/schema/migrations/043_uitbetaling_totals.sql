-- Paying klussers (docs/decisions.md D31), two refinements of migration 039.
--
-- A statement's total was kept by one UPDATE of the statement per line inserted: drafting a month
-- of 1,000 klussers with 30 work orders each took 90 s. Lines inserted together now update each
-- of their statements once, per statement (a transition table); changed or removed lines (a
-- concept's) still per row.
DROP TRIGGER uitbetaling_regels_total ON uitbetaling_regels;
CREATE TRIGGER uitbetaling_regels_total AFTER UPDATE OR DELETE ON uitbetaling_regels
    FOR EACH ROW EXECUTE FUNCTION uitbetaling_regels_total();

CREATE FUNCTION uitbetaling_regels_total_insert() RETURNS trigger
    LANGUAGE plpgsql
    AS $$
BEGIN
    UPDATE uitbetalingen u SET totaal_cents = (SELECT coalesce(sum(r.bedrag_cents), 0) FROM uitbetaling_regels r WHERE r.uitbetaling_id = u.id)
    WHERE u.id IN (SELECT DISTINCT n.uitbetaling_id FROM nieuw n);
    RETURN NULL;
END $$;
CREATE TRIGGER uitbetaling_regels_total_insert AFTER INSERT ON uitbetaling_regels
    REFERENCING NEW TABLE AS nieuw FOR EACH STATEMENT EXECUTE FUNCTION uitbetaling_regels_total_insert();

-- A statement approved while its klusser had no bank account could never be paid: what it says
-- never changes after approval. Its bank account may now be added once, while it is in no batch
-- (the batch takes the klusser's account as it is then).
CREATE OR REPLACE FUNCTION uitbetalingen_rules() RETURNS trigger
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
    ELSIF OLD.status = 'goedgekeurd' AND NEW.status = 'goedgekeurd' AND OLD.batch_id IS NULL AND NEW.batch_id IS NULL
          AND OLD.iban IS NULL AND NEW.iban IS NOT NULL THEN
        PERFORM refuse_columns('a bank account added to an approved statement', changed_columns(to_jsonb(OLD), to_jsonb(NEW)),
            ARRAY['iban', 'rekeninghouder']);
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
