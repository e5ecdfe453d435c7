-- A job the office assigned can be started (issue 39 item 9).
--
-- An admin's assignment (the console's 'Toewijzen', a drag on the planning board) sets the job
-- ingepland without a planned start time: its klusser plans that later, or not at all when it
-- simply turns up. klussen_actor_rules took every change of such a job for the first plan, so the
-- timer's start (status ingepland -> bezig, services/werkbon) was refused and the server answered
-- 500. The start is now recognised first, planned start time or not; everything else is as in
-- migration 018.

CREATE OR REPLACE FUNCTION klussen_actor_rules() RETURNS trigger
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

    -- The customer cancels through the status link (D24): only klus_status_annuleren, which runs as
    -- the schema owner, and only the cancellation's own columns.
    IF TG_OP = 'UPDATE' AND current_user = (SELECT relowner::regrole::text FROM pg_class WHERE oid = 'klussen'::regclass) THEN
        PERFORM refuse_columns('cancelling a request', array_remove(changed_columns(to_jsonb(OLD), to_jsonb(NEW)), 'updated_at'),
            ARRAY['archived', 'geannuleerd_at']);
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

    IF OLD.status = 'ingepland' AND 'status' = ANY (changed) THEN
        -- The timer starts: the server sets the job to bezig, whether or not it has a planned start
        -- time (a job the office assigned has none until its klusser plans it).
        PERFORM refuse_columns('starting a job', changed, ARRAY['status']);
        IF NEW.status <> 'bezig' THEN
            PERFORM refuse('a planned job can only be started');
        END IF;
    ELSIF OLD.status IN ('open', 'ingepland') AND OLD.geplande_start_tijd IS NULL THEN
        -- The first plan: start time and phone, status ingepland (document 001 section 4).
        PERFORM refuse_columns('planning a job', changed, ARRAY['geplande_start_tijd', 'klusser_telefoon', 'status']);
        IF NEW.status <> 'ingepland' OR NEW.geplande_start_tijd IS NULL THEN
            PERFORM refuse('a plan sets the start time and status ingepland');
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
