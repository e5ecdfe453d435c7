-- Counts behind the dashboard and the customer list, kept by the database (D25, D11).
--
-- At a million jobs every count over klussen is a full scan: row-level security adds a filter on
-- columns of the row (klusser_id, assignment_type, regio) to every query, whatever the actor, so
-- no index-only scan helps, and the dashboard took three of them (0.5 s) and the customer list a
-- sort of the whole table (1.1 s). Instead, statement triggers on klussen keep
--   * klus_tellingen: the number of jobs per region, status, town and archived flag; the dashboard
--     and the status cards add up a few hundred rows;
--   * klant_overzicht: one row per customer (the jobs of an e-mail address, D11): the phone and
--     town of its newest job, its number of jobs and the moment of the newest; the customer list
--     pages through it.
-- Both are written in the transaction of the change, by the schema owner (SECURITY DEFINER), so
-- they are never behind what the writer's transaction shows and no actor can write them directly.
-- Counter rows are updated in key order, so two transactions never wait on each other in a circle.

CREATE TABLE klus_tellingen (
    regio      text NOT NULL,
    status     text NOT NULL,
    woonplaats text NOT NULL,
    archived   boolean NOT NULL,
    aantal     bigint NOT NULL,  -- a delta may pass through a new row, so no check >= 0
    PRIMARY KEY (regio, status, woonplaats, archived)
);

CREATE TABLE klant_overzicht (
    email          text PRIMARY KEY,
    telefoon       text NOT NULL,
    woonplaats     text NOT NULL,
    aantal_klussen bigint NOT NULL CHECK (aantal_klussen > 0),
    laatste_klus   timestamptz NOT NULL
);
CREATE INDEX klant_overzicht_laatste_idx ON klant_overzicht (laatste_klus DESC NULLS LAST, email);  -- the list's order

ALTER TABLE klus_tellingen ENABLE ROW LEVEL SECURITY;
ALTER TABLE klus_tellingen FORCE ROW LEVEL SECURITY;
ALTER TABLE klant_overzicht ENABLE ROW LEVEL SECURITY;
ALTER TABLE klant_overzicht FORCE ROW LEVEL SECURITY;

-- The owner keeps them (the trigger functions below run as the owner, who is subject to forced
-- policies too) and reads the jobs to do so; it never serves requests.
CREATE POLICY owner_keeps ON klus_tellingen TO CURRENT_USER USING (true) WITH CHECK (true);
CREATE POLICY owner_keeps ON klant_overzicht TO CURRENT_USER USING (true) WITH CHECK (true);
-- (The owner reads klussen through owner_status_read of migration 018.)
-- Admins read both; a franchise owner the counts of its regions (its dashboard); nobody writes.
-- (The actor is read once per query, as migration 011 does for every policy.)
CREATE POLICY admin_read ON klus_tellingen FOR SELECT TO klusmaat_app USING ((SELECT role FROM current_actor) = 'admin');
CREATE POLICY franchise_read_region ON klus_tellingen FOR SELECT TO klusmaat_app
    USING (regio = ANY ((SELECT regions FROM current_actor WHERE role = 'franchise')::text[]));
CREATE POLICY admin_read ON klant_overzicht FOR SELECT TO klusmaat_app USING ((SELECT role FROM current_actor) = 'admin');
GRANT SELECT ON klus_tellingen, klant_overzicht TO klusmaat_app;

-- klant_overzicht_bijwerken recomputes the customers of these addresses from their jobs.
CREATE FUNCTION klant_overzicht_bijwerken(emails text[]) RETURNS void
    LANGUAGE sql SECURITY DEFINER
    SET search_path = pg_catalog, public, pg_temp
    AS $$
    INSERT INTO klant_overzicht AS o (email, telefoon, woonplaats, aantal_klussen, laatste_klus)
    SELECT DISTINCT ON (k.email) k.email, k.telefoon, k.woonplaats, count(*) OVER (PARTITION BY k.email), k.created_at
    FROM klussen k WHERE k.email = ANY (emails) AND k.email <> ''
    ORDER BY k.email, k.created_at DESC, k.id
    ON CONFLICT (email) DO UPDATE SET telefoon = EXCLUDED.telefoon, woonplaats = EXCLUDED.woonplaats,
        aantal_klussen = EXCLUDED.aantal_klussen, laatste_klus = EXCLUDED.laatste_klus;
    DELETE FROM klant_overzicht o WHERE o.email = ANY (emails)
        AND NOT EXISTS (SELECT 1 FROM klussen k WHERE k.email = o.email);
$$;

-- klus_tellingen_bij adds the deltas of a statement (+1 per new row, -1 per old row) in key order.
-- The three statement triggers pass the rows a statement inserted, deleted or changed.
CREATE FUNCTION klus_tellingen_bij(delta jsonb) RETURNS void
    LANGUAGE sql SECURITY DEFINER
    SET search_path = pg_catalog, public, pg_temp
    AS $$
    INSERT INTO klus_tellingen AS t (regio, status, woonplaats, archived, aantal)
    SELECT d.regio, d.status, d.woonplaats, d.archived, sum(d.d)
    FROM jsonb_to_recordset(delta) AS d (regio text, status text, woonplaats text, archived boolean, d int)
    GROUP BY 1, 2, 3, 4 HAVING sum(d.d) <> 0 ORDER BY 1, 2, 3, 4
    ON CONFLICT (regio, status, woonplaats, archived) DO UPDATE SET aantal = t.aantal + EXCLUDED.aantal;
$$;

CREATE FUNCTION klussen_tellingen_insert() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path = pg_catalog, public, pg_temp
    AS $$
BEGIN
    PERFORM klus_tellingen_bij((SELECT jsonb_agg(jsonb_build_object('regio', regio, 'status', status, 'woonplaats', woonplaats,
        'archived', archived, 'd', n)) FROM (SELECT regio, status, woonplaats, archived, count(*) AS n FROM nieuw GROUP BY 1, 2, 3, 4) g));
    PERFORM klant_overzicht_bijwerken(ARRAY(SELECT DISTINCT email FROM nieuw WHERE email <> '' ORDER BY 1));
    RETURN NULL;
END $$;

CREATE FUNCTION klussen_tellingen_delete() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path = pg_catalog, public, pg_temp
    AS $$
BEGIN
    PERFORM klus_tellingen_bij((SELECT jsonb_agg(jsonb_build_object('regio', regio, 'status', status, 'woonplaats', woonplaats,
        'archived', archived, 'd', -n)) FROM (SELECT regio, status, woonplaats, archived, count(*) AS n FROM oud GROUP BY 1, 2, 3, 4) g));
    PERFORM klant_overzicht_bijwerken(ARRAY(SELECT DISTINCT email FROM oud WHERE email <> '' ORDER BY 1));
    RETURN NULL;
END $$;

CREATE FUNCTION klussen_tellingen_update() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path = pg_catalog, public, pg_temp
    AS $$
BEGIN
    -- Only a change of a counted column moves a count (a claim or a plan changes none, and writes
    -- no counter row).
    PERFORM klus_tellingen_bij((SELECT jsonb_agg(jsonb_build_object('regio', regio, 'status', status, 'woonplaats', woonplaats,
        'archived', archived, 'd', d)) FROM (
            SELECT n.regio, n.status, n.woonplaats, n.archived, 1 AS d FROM nieuw n
            UNION ALL SELECT o.regio, o.status, o.woonplaats, o.archived, -1 FROM oud o) x));
    PERFORM klant_overzicht_bijwerken(ARRAY(
        SELECT DISTINCT v.e FROM nieuw n JOIN oud o ON o.id = n.id, LATERAL (VALUES (n.email), (o.email)) v (e)
        WHERE v.e <> '' AND (n.email, n.telefoon, n.woonplaats, n.created_at) IS DISTINCT FROM (o.email, o.telefoon, o.woonplaats, o.created_at)
        ORDER BY 1));
    RETURN NULL;
END $$;

REVOKE ALL ON FUNCTION klant_overzicht_bijwerken(text[]), klus_tellingen_bij(jsonb), klussen_tellingen_insert(), klussen_tellingen_delete(),
    klussen_tellingen_update() FROM PUBLIC;

CREATE TRIGGER klussen_tellingen_insert AFTER INSERT ON klussen REFERENCING NEW TABLE AS nieuw
    FOR EACH STATEMENT EXECUTE FUNCTION klussen_tellingen_insert();
CREATE TRIGGER klussen_tellingen_delete AFTER DELETE ON klussen REFERENCING OLD TABLE AS oud
    FOR EACH STATEMENT EXECUTE FUNCTION klussen_tellingen_delete();
CREATE TRIGGER klussen_tellingen_update AFTER UPDATE ON klussen REFERENCING OLD TABLE AS oud NEW TABLE AS nieuw
    FOR EACH STATEMENT EXECUTE FUNCTION klussen_tellingen_update();

-- tellingen_herberekenen rebuilds both from the jobs (here, and after a bulk load that ran with
-- the triggers off). The owner's alone.
CREATE FUNCTION tellingen_herberekenen() RETURNS void
    LANGUAGE sql
    SET search_path = pg_catalog, public, pg_temp
    AS $$
    DELETE FROM klus_tellingen;
    INSERT INTO klus_tellingen (regio, status, woonplaats, archived, aantal)
    SELECT regio, status, woonplaats, archived, count(*) FROM klussen GROUP BY 1, 2, 3, 4;
    DELETE FROM klant_overzicht;
    INSERT INTO klant_overzicht (email, telefoon, woonplaats, aantal_klussen, laatste_klus)
    SELECT DISTINCT ON (email) email, telefoon, woonplaats, count(*) OVER (PARTITION BY email), created_at
    FROM klussen WHERE email <> '' ORDER BY email, created_at DESC, id;
$$;
REVOKE ALL ON FUNCTION tellingen_herberekenen() FROM PUBLIC;
SELECT tellingen_herberekenen();
