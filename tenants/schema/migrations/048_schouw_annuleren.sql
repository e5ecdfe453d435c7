-- The office cancels a free survey (docs/decisions.md D27, refined by D33): admins, and franchise
-- owners for the jobs of their regions, cancel a planned survey with an optional reason; the
-- customer is e-mailed and the survey gets no reminder. The row is kept, marked 'geannuleerd' with
-- its reason and time, so that the e-mail is bound to what the database holds (river_access.sql)
-- and the office sees what happened; for everything else the job is as before the survey was
-- planned: the status page and the week board no longer show it, no reminder finds it, and a new
-- survey can be planned (the same row, 'gepland' again, a new version).

ALTER TABLE klus_schouwen DROP CONSTRAINT klus_schouwen_status_check;
ALTER TABLE klus_schouwen ADD CONSTRAINT klus_schouwen_status_check
    CHECK (status IN ('gepland', 'uitgevoerd', 'geannuleerd'));
ALTER TABLE klus_schouwen
    ADD COLUMN reden text NOT NULL DEFAULT '' CHECK (length(reden) <= 500),
    ADD COLUMN geannuleerd_at timestamptz,
    ADD CONSTRAINT klus_schouwen_geannuleerd_check CHECK ((status = 'geannuleerd') = (geannuleerd_at IS NOT NULL));

-- A survey planned again after its cancellation is a new version too, also at the same time and
-- with the same assessor.
CREATE OR REPLACE FUNCTION klus_schouwen_fill() RETURNS trigger
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
        NEW.versie := OLD.versie + CASE WHEN NEW.start <> OLD.start OR NEW.opnemer <> OLD.opnemer
            OR (OLD.status = 'geannuleerd' AND NEW.status = 'gepland') THEN 1 ELSE 0 END;
    ELSE
        NEW.versie := 1;
    END IF;
    NEW.updated_at := now();
    RETURN NEW;
END $$;

-- A cancelled survey's reminders are void: should the survey be planned again for the very same
-- moment, that new appointment is reminded again (herinneringen's key is the moment). Runs as the
-- owner: the office may not delete reminders, and franchise owners do not see them.
CREATE FUNCTION klus_schouwen_vergeet_herinneringen() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path = pg_catalog, public, pg_temp
    AS $$
BEGIN
    DELETE FROM herinneringen WHERE soort = 'schouw' AND klus_id = NEW.klus_id;
    RETURN NULL;
END $$;
REVOKE ALL ON FUNCTION klus_schouwen_vergeet_herinneringen() FROM PUBLIC;
CREATE TRIGGER klus_schouwen_vergeet_herinneringen AFTER UPDATE OF status ON klus_schouwen
    FOR EACH ROW WHEN (NEW.status = 'geannuleerd' AND OLD.status <> 'geannuleerd')
    EXECUTE FUNCTION klus_schouwen_vergeet_herinneringen();
-- The owner's own statement still passes row-level security on herinneringen (FORCE).
CREATE POLICY owner_delete ON herinneringen FOR DELETE TO CURRENT_USER USING (true);

-- The status page shows a survey only while it is planned or done, not once cancelled.
CREATE OR REPLACE FUNCTION klusmaat_private.klus_status_schouw(p_id uuid) RETURNS TABLE (start timestamptz, opnemer text, uitgevoerd boolean)
    LANGUAGE sql STABLE SECURITY DEFINER
    SET search_path = pg_catalog, public, pg_temp
    AS $$
    SELECT s.start, s.opnemer, s.status = 'uitgevoerd'
    FROM klus_schouwen s JOIN klussen k ON k.id = s.klus_id
    WHERE s.klus_id = p_id AND k.status_link_revoked_at IS NULL AND s.status <> 'geannuleerd'
$$;
