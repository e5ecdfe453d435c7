-- One spelling per town (D1, D2): a job's town is stored as the name of its region_towns row.
--
-- A job keeps the town as it was typed (the public form, the console), so the same town came to be
-- stored as 'voorburg' and as 'Voorburg', and the dashboards' top towns (klus_tellingen, migration
-- 020) listed it twice. Now
--   * town_key is the key of region_towns for what a person typed, as tenants.NormalizeTown makes
--     it: trimmed, runs of white space as one space, lower case;
--   * a trigger stores a job's town that matches a region_towns row by that key as the row's name
--     ('  voorBURG ' becomes 'Voorburg'); a town that is no row stays as typed;
--   * the jobs stored so far are corrected, and the counters follow through the triggers of
--     migration 020;
--   * the dashboards group the counters by town_key, so towns outside region_towns typed in two
--     ways are counted once as well (services/dashboard).

CREATE FUNCTION town_key(woonplaats text) RETURNS text
    LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
    AS $$ SELECT lower(regexp_replace(regexp_replace($1, '^\s+|\s+$', '', 'g'), '\s+', ' ', 'g')) $$;

-- The owner names the towns (the trigger function below runs as the owner, who is subject to the
-- forced policies too); the towns are reference data every actor reads already (migration 001).
CREATE POLICY owner_town_names ON region_towns FOR SELECT TO CURRENT_USER USING (true);

-- klussen_woonplaats_naam gives a job's town the spelling of its region_towns row. It runs after
-- klussen_actor_rules (triggers of one kind fire by name), which checks a public request's region
-- from the town as typed.
CREATE FUNCTION klussen_woonplaats_naam() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path = pg_catalog, public, pg_temp
    AS $$
BEGIN
    NEW.woonplaats := coalesce((SELECT t.naam FROM region_towns t WHERE t.woonplaats = town_key(NEW.woonplaats)), NEW.woonplaats);
    RETURN NEW;
END $$;
REVOKE ALL ON FUNCTION klussen_woonplaats_naam() FROM PUBLIC;

CREATE TRIGGER klussen_woonplaats_naam BEFORE INSERT OR UPDATE OF woonplaats ON klussen
    FOR EACH ROW EXECUTE FUNCTION klussen_woonplaats_naam();

-- The jobs so far. This is a correction of the spelling, not a change by an actor: the actor rules
-- (migration 015/018: the owner may only cancel), the live events (nothing a screen must show)
-- and updated_at stay out of it. The counter and customer triggers of migration 020 stay on, so
-- klus_tellingen and klant_overzicht move the jobs to the corrected spelling.
ALTER TABLE klussen DISABLE TRIGGER klussen_actor_rules;
ALTER TABLE klussen DISABLE TRIGGER klussen_events;
ALTER TABLE klussen DISABLE TRIGGER klussen_updated_at;
UPDATE klussen k SET woonplaats = t.naam
FROM region_towns t
WHERE t.woonplaats = town_key(k.woonplaats) AND k.woonplaats IS DISTINCT FROM t.naam;
ALTER TABLE klussen ENABLE TRIGGER klussen_actor_rules;
ALTER TABLE klussen ENABLE TRIGGER klussen_events;
ALTER TABLE klussen ENABLE TRIGGER klussen_updated_at;

-- Counter rows a correction emptied.
DELETE FROM klus_tellingen WHERE aantal = 0;
