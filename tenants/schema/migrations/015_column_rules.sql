-- Column rules for every write that is not an admin's (D4, D7, D18, D23; document 001 sections 4
-- and 5). Row-level security decides which rows an actor may write; these BEFORE triggers decide
-- what it may change in them, whatever SQL the server sends. A klusser may claim a pool job of its
-- region, plan it, change the plan (at most twice), start and finish it, register payment, and work
-- its own running work order; it cannot move a job to another region, rewrite a price, rate or
-- duration, reset the planning counter, hand a job on or reopen a finished one. Refusals raise
-- insufficient_privilege (42501), like a policy refusal. An update that changes nothing passes.

-- changed_columns lists the columns whose value differs between two versions of a row.
CREATE FUNCTION changed_columns(old_row jsonb, new_row jsonb) RETURNS text[]
    LANGUAGE sql IMMUTABLE PARALLEL SAFE
    AS $$ SELECT coalesce(array_agg(n.key ORDER BY n.key), '{}')
          FROM jsonb_each(new_row) n WHERE n.value IS DISTINCT FROM old_row -> n.key $$;

-- refuse_columns raises unless every changed column is in allowed.
CREATE FUNCTION refuse_columns(what text, changed text[], allowed text[]) RETURNS void
    LANGUAGE plpgsql VOLATILE
    AS $$
BEGIN
    IF NOT changed <@ allowed THEN
        RAISE EXCEPTION '%: may not change %', what, array_to_string(
            ARRAY(SELECT c FROM unnest(changed) c WHERE c <> ALL (allowed)), ', ')
            USING ERRCODE = 'insufficient_privilege';
    END IF;
END $$;

-- refuse raises a column-rule refusal.
CREATE FUNCTION refuse(msg text) RETURNS void
    LANGUAGE plpgsql VOLATILE
    AS $$ BEGIN RAISE EXCEPTION '%', msg USING ERRCODE = 'insufficient_privilege'; END $$;

-- The moment a klusser's timestamp may not lie after: now, with a minute for the server's clock
-- being ahead of the database's.
CREATE FUNCTION latest_acceptable_time() RETURNS timestamptz
    LANGUAGE sql VOLATILE
    AS $$ SELECT clock_timestamp() + interval '1 minute' $$;

-- request_regions: the regions a public request may be filed in (D2): the region of its town or of
-- its postcode, as tenants.ResolveRegion finds it (active regions only).
CREATE FUNCTION request_regions(woonplaats text, postcode text) RETURNS text[]
    LANGUAGE sql STABLE
    AS $$
    SELECT ARRAY(
        SELECT t.regio FROM region_towns t JOIN regions r ON r.slug = t.regio
        WHERE t.woonplaats = regexp_replace(lower(btrim($1)), '\s+', ' ', 'g') AND r.actief
        UNION
        SELECT p.regio FROM region_postcodes p JOIN regions r ON r.slug = p.regio
        WHERE $2 ~ '^[1-9][0-9]{3}' AND p.bereik @> substr($2, 1, 4)::int AND r.actief)
$$;

-- Jobs.
CREATE FUNCTION klussen_actor_rules() RETURNS trigger
    LANGUAGE plpgsql
    AS $$
DECLARE
    r       text := actor_role();
    me      uuid := actor_id();
    changed text[];
BEGIN
    IF r = 'admin' THEN
        RETURN NEW;
    END IF;

    IF TG_OP = 'INSERT' THEN
        -- A public request (policy public_request): the server's region, public category, the
        -- default estimate, nothing a klusser or the office adds later.
        IF NOT NEW.regio = ANY (request_regions(NEW.woonplaats, NEW.postcode)) THEN
            PERFORM refuse('a request lies in the region of its town or postcode, not ' || NEW.regio);
        END IF;
        IF NOT EXISTS (SELECT 1 FROM categories c WHERE c.key = NEW.categorie AND c.publiek) THEN
            PERFORM refuse('a request has a public category');
        END IF;
        IF NEW.geschatte_duur <> 1 OR NEW.geschat_tarief_cents <> 6500 OR NEW.materiaal_kosten_cents <> 0
           OR NEW.betaald OR NEW.klusser_notities <> '' OR NEW.klusser_telefoon IS NOT NULL
           OR NEW.geplande_start_tijd IS NOT NULL OR NEW.created_at <> now() THEN
            PERFORM refuse('a request starts with the default estimate and no planning');
        END IF;
        RETURN NEW;
    END IF;

    changed := array_remove(changed_columns(to_jsonb(OLD), to_jsonb(NEW)), 'updated_at');
    IF changed = '{}' THEN
        RETURN NEW;
    END IF;
    IF r IS DISTINCT FROM 'klusser' OR me IS NULL THEN
        PERFORM refuse('only an admin or its klusser changes a job');
    END IF;

    -- Claim (D17): a pool job of its region (the policy checks the region), for itself, now.
    IF OLD.klusser_id IS NULL THEN
        PERFORM refuse_columns('claiming a job', changed, ARRAY['claimed_at', 'klusser_id']);
        IF NEW.klusser_id IS DISTINCT FROM me OR OLD.assignment_type IS DISTINCT FROM 'pool'
           OR OLD.status <> 'open' OR OLD.archived THEN
            PERFORM refuse('a klusser claims an open pool job for itself');
        END IF;
        IF NEW.claimed_at IS NULL OR NEW.claimed_at < now() - interval '1 minute'
           OR NEW.claimed_at > latest_acceptable_time() THEN
            PERFORM refuse('a claim is made now');
        END IF;
        RETURN NEW;
    END IF;

    IF OLD.klusser_id IS DISTINCT FROM me THEN
        PERFORM refuse('a klusser changes its own jobs only');
    END IF;

    IF OLD.status IN ('open', 'ingepland') AND OLD.geplande_start_tijd IS NULL THEN
        -- The first plan: start time and phone, status ingepland (document 001 section 4).
        PERFORM refuse_columns('planning a job', changed, ARRAY['geplande_start_tijd', 'klusser_telefoon', 'status']);
        IF NEW.status <> 'ingepland' OR NEW.geplande_start_tijd IS NULL THEN
            PERFORM refuse('a plan sets the start time and status ingepland');
        END IF;
    ELSIF OLD.status = 'ingepland' AND 'status' = ANY (changed) THEN
        -- The timer starts: the server sets the job to bezig.
        PERFORM refuse_columns('starting a job', changed, ARRAY['status']);
        IF NEW.status <> 'bezig' THEN
            PERFORM refuse('a planned job can only be started');
        END IF;
    ELSIF OLD.status = 'ingepland' THEN
        -- A change of the planned appointment counts (D18; the check constraint caps it at 2).
        PERFORM refuse_columns('changing a plan', changed, ARRAY['geplande_start_tijd', 'klusser_telefoon', 'planning_changes_count']);
        IF NEW.geplande_start_tijd IS NULL
           OR (NEW.geplande_start_tijd IS DISTINCT FROM OLD.geplande_start_tijd
               AND NEW.planning_changes_count <> OLD.planning_changes_count + 1)
           OR (NEW.geplande_start_tijd IS NOT DISTINCT FROM OLD.geplande_start_tijd
               AND NEW.planning_changes_count <> OLD.planning_changes_count) THEN
            PERFORM refuse('a changed plan counts one change');
        END IF;
    ELSIF OLD.status = 'bezig' THEN
        -- Completion: afgerond, with the materials of its work order.
        PERFORM refuse_columns('finishing a job', changed, ARRAY['materiaal_kosten_cents', 'status']);
        IF NEW.status <> 'afgerond' THEN
            PERFORM refuse('a running job can only be finished');
        END IF;
        IF NEW.materiaal_kosten_cents <> OLD.materiaal_kosten_cents AND NEW.materiaal_kosten_cents <> (
               SELECT coalesce(sum(i.total_cents), 0) FROM werkbonnen w
               JOIN work_order_items i ON i.work_order_id = w.id WHERE w.klus_id = OLD.id) THEN
            PERFORM refuse('the material costs are those of the work order');
        END IF;
    ELSIF OLD.status = 'afgerond' THEN
        -- Payment registered or not; a finished job is never reopened.
        PERFORM refuse_columns('a finished job', changed, ARRAY['betaald']);
    ELSE
        PERFORM refuse('a klusser cannot change this job');
    END IF;
    RETURN NEW;
END $$;
CREATE TRIGGER klussen_actor_rules BEFORE INSERT OR UPDATE ON klussen
    FOR EACH ROW EXECUTE FUNCTION klussen_actor_rules();

-- Work orders: a klusser opens one for its own unfinished job, sets the start once (D7; from the
-- phone when offline, D23: after the claim, not after now), writes remarks and ratings, and
-- completes it with the server's hours. A completed work order is locked already (migration 004).
CREATE FUNCTION werkbonnen_actor_rules() RETURNS trigger
    LANGUAGE plpgsql
    AS $$
DECLARE
    changed text[];
    claimed timestamptz;
BEGIN
    IF actor_role() = 'admin' THEN
        RETURN NEW;
    END IF;
    IF actor_role() IS DISTINCT FROM 'klusser' THEN
        PERFORM refuse('only an admin or its klusser writes a work order');
    END IF;
    SELECT k.claimed_at INTO claimed FROM klussen k WHERE k.id = NEW.klus_id;

    IF TG_OP = 'INSERT' THEN
        IF NEW.status <> 'running' OR NEW.eind_tijd IS NOT NULL OR NEW.uren IS NOT NULL
           OR NEW.notes_internal <> '' OR NEW.created_at <> now()
           OR EXISTS (SELECT 1 FROM klussen k WHERE k.id = NEW.klus_id AND k.status = 'afgerond') THEN
            PERFORM refuse('a new work order is running, for an unfinished job');
        END IF;
        changed := ARRAY['start_tijd'];
    ELSE
        changed := array_remove(changed_columns(to_jsonb(OLD), to_jsonb(NEW)), 'updated_at');
        PERFORM refuse_columns('a work order', changed, ARRAY['handtekening', 'klant_tevreden',
            'netjes_opgeruimd', 'opmerkingen', 'rating_algemeen', 'rating_netheid', 'rating_vakmanschap',
            'rating_vriendelijkheid', 'start_tijd', 'status', 'eind_tijd', 'uren', 'tevredenheid_score',
            'zou_aanbevelen']);
        IF 'start_tijd' = ANY (changed) AND OLD.start_tijd IS NOT NULL THEN
            PERFORM refuse('the timer starts once');
        END IF;
        IF (changed && ARRAY['eind_tijd', 'uren']) AND NOT 'status' = ANY (changed) THEN
            PERFORM refuse('end time and hours are set on completion');
        END IF;
        IF 'status' = ANY (changed) THEN
            IF NEW.status <> 'completed' OR NEW.start_tijd IS NULL OR NEW.eind_tijd IS NULL
               OR NEW.eind_tijd > latest_acceptable_time()
               OR NEW.uren IS DISTINCT FROM ceil(extract(epoch FROM NEW.eind_tijd - NEW.start_tijd) / 3600)::int
               OR NEW.handtekening IS NULL OR NEW.rating_algemeen IS NULL OR NEW.rating_netheid IS NULL
               OR NEW.rating_vriendelijkheid IS NULL OR NEW.rating_vakmanschap IS NULL THEN
                PERFORM refuse('a completed work order has the end time, the hours of its timer, four ratings and a signature');
            END IF;
        END IF;
    END IF;
    IF 'start_tijd' = ANY (changed) AND NEW.start_tijd IS NOT NULL
       AND (NEW.start_tijd < claimed OR NEW.start_tijd > latest_acceptable_time()) THEN
        PERFORM refuse('the timer starts after the claim and not in the future');
    END IF;
    RETURN NEW;
END $$;
CREATE TRIGGER werkbonnen_actor_rules BEFORE INSERT OR UPDATE ON werkbonnen
    FOR EACH ROW EXECUTE FUNCTION werkbonnen_actor_rules();

-- Invoices: a klusser's invoice bills what D7 says (its work order's hours at the job's rate plus
-- its materials, 21 % VAT rounded to the cent) for a completed work order; afterwards the klusser
-- registers payment (contant, pin or niet betaald) while it is still open.
CREATE FUNCTION facturen_actor_rules() RETURNS trigger
    LANGUAGE plpgsql
    AS $$
DECLARE
    w werkbonnen;
    k klussen;
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
        SELECT coalesce(sum(total_cents), 0) INTO materials FROM work_order_items WHERE work_order_id = w.id;
        IF w.status IS DISTINCT FROM 'completed' THEN
            PERFORM refuse('an invoice follows a completed work order');
        END IF;
        IF NEW.regio <> k.regio OR NEW.uren <> w.uren OR NEW.uurtarief_cents <> k.geschat_tarief_cents
           OR NEW.materiaal_cents <> materials
           OR NEW.subtotaal_cents <> NEW.uren * NEW.uurtarief_cents + NEW.materiaal_cents
           OR NEW.btw_bedrag_cents <> round(NEW.subtotaal_cents * 0.21)
           OR NEW.betaal_methode IS NOT NULL OR NEW.betaal_notitie IS NOT NULL THEN
            PERFORM refuse('an invoice bills the hours, rate and materials of its job (D7)');
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
CREATE TRIGGER facturen_actor_rules BEFORE INSERT OR UPDATE ON facturen
    FOR EACH ROW EXECUTE FUNCTION facturen_actor_rules();

-- The invoice counter (D8) only ever advances by one.
CREATE FUNCTION invoice_counter_actor_rules() RETURNS trigger
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
    ELSIF NEW.jaar <> OLD.jaar OR NEW.laatste NOT IN (OLD.laatste, OLD.laatste + 1) THEN
        PERFORM refuse('the invoice counter advances by one');
    END IF;
    RETURN NEW;
END $$;
CREATE TRIGGER invoice_counter_actor_rules BEFORE INSERT OR UPDATE ON invoice_number_counters
    FOR EACH ROW EXECUTE FUNCTION invoice_counter_actor_rules();

-- Notifications: their user marks them read; the message is the platform's.
CREATE FUNCTION notifications_actor_rules() RETURNS trigger
    LANGUAGE plpgsql
    AS $$
BEGIN
    IF actor_role() IS DISTINCT FROM 'admin' THEN
        PERFORM refuse_columns('a notification', changed_columns(to_jsonb(OLD), to_jsonb(NEW)), ARRAY['read_at']);
    END IF;
    RETURN NEW;
END $$;
CREATE TRIGGER notifications_actor_rules BEFORE UPDATE ON notifications
    FOR EACH ROW EXECUTE FUNCTION notifications_actor_rules();

-- Franchise settings: the owner of a region edits its support contact, nothing else.
CREATE FUNCTION franchise_settings_actor_rules() RETURNS trigger
    LANGUAGE plpgsql
    AS $$
BEGIN
    IF actor_role() IS DISTINCT FROM 'admin' THEN
        PERFORM refuse_columns('franchise settings', array_remove(changed_columns(to_jsonb(OLD), to_jsonb(NEW)), 'updated_at'),
            ARRAY['support_email', 'support_phone']);
    END IF;
    RETURN NEW;
END $$;
CREATE TRIGGER franchise_settings_actor_rules BEFORE UPDATE ON franchise_settings
    FOR EACH ROW EXECUTE FUNCTION franchise_settings_actor_rules();

-- Exports: whoever asked (admins too) keeps the request as asked; a new export waits for its job;
-- its file is always its own (the download serves file_key).
ALTER TABLE exports ADD CONSTRAINT exports_own_file CHECK (file_key IS NULL OR file_key = id::text || '.csv');
CREATE FUNCTION exports_actor_rules() RETURNS trigger
    LANGUAGE plpgsql
    AS $$
BEGIN
    IF TG_OP = 'INSERT' THEN
        IF NEW.status <> 'wachtrij' OR NEW.voortgang <> 0 OR NEW.rijen IS NOT NULL OR NEW.file_key IS NOT NULL
           OR NEW.bestandsnaam IS NOT NULL OR NEW.fout IS NOT NULL OR NEW.finished_at IS NOT NULL
           OR NEW.created_at <> now() THEN
            PERFORM refuse('a new export waits for its job');
        END IF;
        RETURN NEW;
    END IF;
    PERFORM refuse_columns('an export', changed_columns(to_jsonb(OLD), to_jsonb(NEW)),
        ARRAY['bestandsnaam', 'file_key', 'finished_at', 'fout', 'rijen', 'status', 'voortgang']);
    RETURN NEW;
END $$;
CREATE TRIGGER exports_actor_rules BEFORE INSERT OR UPDATE ON exports
    FOR EACH ROW EXECUTE FUNCTION exports_actor_rules();

-- The audit log: an entry is written when it happens, not dated back.
ALTER POLICY append_own ON audit_log
    WITH CHECK ((SELECT role FROM current_actor) IS NOT NULL AND actor_role = (SELECT role FROM current_actor)
        AND actor_id IS NOT DISTINCT FROM (SELECT user_id FROM current_actor) AND occurred_at = now());
