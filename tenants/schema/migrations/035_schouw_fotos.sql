-- Photos of the free survey (docs/decisions.md D26): the outcome of a survey is its notes and the
-- photos the assessor took, uploaded through the private file store like the work order's photos
-- (D6): the bytes in the klus-fotos bucket under a key the server makes, the row here, where
-- row-level security decides who may see it (admins, and franchise owners for their regions).

CREATE TABLE klus_schouw_fotos (
    id           uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    klus_id      uuid NOT NULL REFERENCES klus_schouwen (klus_id) ON DELETE CASCADE,
    regio        text NOT NULL,   -- the survey's, set by the database: what row-level security reads
    storage_key  text NOT NULL UNIQUE,
    content_type text NOT NULL CHECK (content_type IN ('image/jpeg', 'image/png', 'image/webp')),
    file_size    integer NOT NULL CHECK (file_size > 0),
    created_by   uuid,
    created_at   timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX klus_schouw_fotos_klus_idx ON klus_schouw_fotos (klus_id, created_at);

CREATE FUNCTION klus_schouw_fotos_fill() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path = pg_catalog, public, pg_temp
    AS $$
BEGIN
    SELECT regio INTO NEW.regio FROM klus_schouwen WHERE klus_id = NEW.klus_id;
    IF NEW.regio IS NULL THEN
        RAISE EXCEPTION 'schouw % not found', NEW.klus_id USING ERRCODE = 'foreign_key_violation';
    END IF;
    NEW.created_at := now();
    RETURN NEW;
END $$;
CREATE TRIGGER klus_schouw_fotos_fill BEFORE INSERT ON klus_schouw_fotos FOR EACH ROW EXECUTE FUNCTION klus_schouw_fotos_fill();

ALTER TABLE klus_schouw_fotos ENABLE ROW LEVEL SECURITY;
ALTER TABLE klus_schouw_fotos FORCE ROW LEVEL SECURITY;
CREATE POLICY office_all ON klus_schouw_fotos TO klusmaat_app
    USING (actor_role() = 'admin' OR (actor_role() = 'franchise' AND regio = ANY (actor_regions())))
    WITH CHECK (actor_role() = 'admin' OR (actor_role() = 'franchise' AND regio = ANY (actor_regions())));
GRANT SELECT, INSERT ON klus_schouw_fotos TO klusmaat_app;
CREATE POLICY owner_read ON klus_schouw_fotos FOR SELECT TO CURRENT_USER USING (true);
