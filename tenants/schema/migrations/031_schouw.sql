-- The free survey on site (schouw, docs/decisions.md D26): admins, and franchise owners for the jobs
-- of their regions, plan one survey per job (date and time, the work assessor's name) and record
-- its outcome. The customer gets an e-mail and sees the appointment on the status page (D24).
-- A changed appointment is a new version (versie), so that a reminder (D27) can be sent once per
-- version.

CREATE TABLE klus_schouwen (
    klus_id    uuid PRIMARY KEY REFERENCES klussen (id) ON DELETE CASCADE,
    regio      text NOT NULL,   -- the job's, set by the database: what row-level security reads
    start      timestamptz NOT NULL,
    opnemer    text NOT NULL CHECK (length(btrim(opnemer)) BETWEEN 1 AND 100),
    status     text NOT NULL DEFAULT 'gepland' CHECK (status IN ('gepland', 'uitgevoerd')),
    uitkomst   text NOT NULL DEFAULT '' CHECK (length(uitkomst) <= 2000),
    versie     integer NOT NULL DEFAULT 1,
    created_at timestamptz NOT NULL DEFAULT now(),
    updated_at timestamptz NOT NULL DEFAULT now()
);

-- The region comes from the job; a new date or time (or assessor) is a new version.
CREATE FUNCTION klus_schouwen_fill() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path = pg_catalog, public, pg_temp
    AS $$
BEGIN
    SELECT regio INTO NEW.regio FROM klussen WHERE id = NEW.klus_id;
    IF NEW.regio IS NULL THEN
        RAISE EXCEPTION 'klus % not found', NEW.klus_id USING ERRCODE = 'foreign_key_violation';
    END IF;
    IF TG_OP = 'UPDATE' THEN
        NEW.created_at := OLD.created_at;
        NEW.versie := OLD.versie + CASE WHEN NEW.start <> OLD.start OR NEW.opnemer <> OLD.opnemer THEN 1 ELSE 0 END;
    ELSE
        NEW.versie := 1;
    END IF;
    NEW.updated_at := now();
    RETURN NEW;
END $$;
CREATE TRIGGER klus_schouwen_fill BEFORE INSERT OR UPDATE ON klus_schouwen FOR EACH ROW EXECUTE FUNCTION klus_schouwen_fill();

ALTER TABLE klus_schouwen ENABLE ROW LEVEL SECURITY;
ALTER TABLE klus_schouwen FORCE ROW LEVEL SECURITY;
CREATE POLICY office_all ON klus_schouwen TO klusmaat_app
    USING (actor_role() = 'admin' OR (actor_role() = 'franchise' AND regio = ANY (actor_regions())))
    WITH CHECK (actor_role() = 'admin' OR (actor_role() = 'franchise' AND regio = ANY (actor_regions())));
GRANT SELECT, INSERT, UPDATE ON klus_schouwen TO klusmaat_app;
-- The status page reads the appointment through klus_status_schouw, and the enqueue check the
-- planned survey, both as the owner.
CREATE POLICY owner_read ON klus_schouwen FOR SELECT TO CURRENT_USER USING (true);

-- The survey on the customer's status page: when, by whom, and whether it took place; none for a
-- link that no longer opens the job (as klus_status).
CREATE FUNCTION klus_status_schouw(p_id uuid) RETURNS TABLE (start timestamptz, opnemer text, uitgevoerd boolean)
    LANGUAGE sql STABLE SECURITY DEFINER
    SET search_path = pg_catalog, public, pg_temp
    AS $$
    SELECT s.start, s.opnemer, s.status = 'uitgevoerd'
    FROM klus_schouwen s JOIN klussen k ON k.id = s.klus_id
    WHERE s.klus_id = p_id AND k.status_link_revoked_at IS NULL
$$;
REVOKE ALL ON FUNCTION klus_status_schouw(uuid) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION klus_status_schouw(uuid) TO klusmaat_app;
