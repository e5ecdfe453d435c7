-- The customer's status link (D24).
--
-- A link is /status/{token}: the job's id and an HMAC of it under a server secret (services/status).
-- Nothing of the token is stored: the database holds no secret that opens a link, and a dump of it
-- opens none. What a link may show is read by klus_status below, a function that runs as the schema
-- owner and returns exactly the fields D24 and D5 allow; a visitor's role reads nothing else.
-- An admin revokes a link (status_link_revoked_at); the customer may cancel an open, unplanned
-- request (geannuleerd_at, and the request leaves the lists: archived).

ALTER TABLE klussen
    ADD COLUMN status_link_revoked_at timestamptz,
    ADD COLUMN geannuleerd_at timestamptz;

ALTER TABLE notifications DROP CONSTRAINT notifications_type_check;
ALTER TABLE notifications ADD CONSTRAINT notifications_type_check
    CHECK (type IN ('klus_opgepakt', 'klus_ingepland', 'klus_gewijzigd', 'nieuwe_klus', 'klus_geannuleerd'));

-- The owner reads through the forced policies only inside its own functions (it never serves
-- requests); these policies let klus_status and klus_status_annuleren see the rows they select.
CREATE POLICY owner_status_read ON klussen FOR SELECT TO CURRENT_USER USING (true);
CREATE POLICY owner_status_cancel ON klussen FOR UPDATE TO CURRENT_USER USING (true) WITH CHECK (true);
CREATE POLICY owner_status_read ON profiles FOR SELECT TO CURRENT_USER USING (true);
CREATE POLICY owner_status_read ON facturen FOR SELECT TO CURRENT_USER USING (true);
CREATE POLICY owner_status_read ON werkbonnen FOR SELECT TO CURRENT_USER USING (true);
CREATE POLICY owner_status_read ON franchise_settings FOR SELECT TO CURRENT_USER USING (true);
CREATE POLICY owner_status_read ON app_settings FOR SELECT TO CURRENT_USER USING (true);
CREATE POLICY owner_status_read ON categories FOR SELECT TO CURRENT_USER USING (true);

-- What the status page shows of one job, or no row when the link does not (or no longer) open it:
-- revoked, or 90 days after the job was finished (the invoice's day, else the work order's end).
CREATE FUNCTION klus_status(p_id uuid) RETURNS TABLE (
    categorie text, beschrijving text, datum date, tijd text, woonplaats text, status text,
    geannuleerd boolean, geplande_start_tijd timestamptz, klusser_voornaam text, klusser_foto text,
    toegewezen boolean, support_phone text, factuur_id uuid, factuur_pdf text, regio text)
    LANGUAGE sql STABLE SECURITY DEFINER
    SET search_path = pg_catalog, public, pg_temp
    AS $$
    SELECT c.label, k.beschrijving, k.datum, k.tijd, k.woonplaats, k.status,
           k.geannuleerd_at IS NOT NULL, k.geplande_start_tijd,
           CASE WHEN k.geplande_start_tijd IS NOT NULL THEN nullif(split_part(btrim(p.naam), ' ', 1), '') END,
           CASE WHEN k.geplande_start_tijd IS NOT NULL THEN p.profiel_foto_url END,
           k.klusser_id IS NOT NULL,
           coalesce(nullif(btrim(fs.support_phone), ''),
                    (SELECT nullif(btrim(setting_value), '') FROM app_settings WHERE setting_key = 'support_phone_default'), ''),
           CASE WHEN k.status = 'afgerond' THEN f.id END,
           CASE WHEN k.status = 'afgerond' THEN f.pdf_url END,
           k.regio
    FROM klussen k
    JOIN categories c ON c.key = k.categorie
    LEFT JOIN profiles p ON p.id = k.klusser_id
    LEFT JOIN franchise_settings fs ON fs.regio = k.regio
    LEFT JOIN facturen f ON f.klus_id = k.id
    LEFT JOIN werkbonnen w ON w.klus_id = k.id
    WHERE k.id = p_id AND k.status_link_revoked_at IS NULL
      AND (k.status <> 'afgerond'
           OR coalesce(f.created_at, w.eind_tijd, k.updated_at) > now() - interval '90 days')
$$;
REVOKE ALL ON FUNCTION klus_status(uuid) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION klus_status(uuid) TO klusmaat_app;

-- The customer cancels an open request nobody has taken or planned yet; answers its region (for
-- the admins' notification), or no row when it cannot be cancelled (any more).
CREATE FUNCTION klus_status_annuleren(p_id uuid) RETURNS TABLE (regio text)
    LANGUAGE sql VOLATILE SECURITY DEFINER
    SET search_path = pg_catalog, public, pg_temp
    AS $$
    UPDATE klussen SET geannuleerd_at = now(), archived = true
    WHERE id = p_id AND status = 'open' AND klusser_id IS NULL AND geplande_start_tijd IS NULL
      AND NOT archived AND geannuleerd_at IS NULL AND status_link_revoked_at IS NULL
    RETURNING regio
$$;
REVOKE ALL ON FUNCTION klus_status_annuleren(uuid) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION klus_status_annuleren(uuid) TO klusmaat_app;

-- The job rules of migration 015, with the cancellation through the status link.
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
