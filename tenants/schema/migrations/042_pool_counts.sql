-- The size of every klusser's pool, kept by the database (issue 44).
--
-- The pool's page and the dashboard's pool figure counted the open, unclaimed pool jobs of the
-- klusser's regions on every request: under row-level security (the klusser's policy is a filter
-- on columns of the row, so no index-only scan) that is a read of every pool job, and the count
-- grew with the pool (make load: 31 req/s, p99 3.2 s at 64 klussers). When a job enters the pool
-- every klusser of the region is told at once and reloads, so 64 at once is the normal case.
--
-- Instead, statement triggers on klussen keep klus_pool_tellingen: the number of pool jobs (the
-- klusser's pool policy of migration 011: assignment_type 'pool', status 'open', no klusser, not
-- archived) per region and town, written in the writer's transaction by the schema owner (SECURITY
-- DEFINER), as migration 020 keeps klus_tellingen and 036 klus_week_tellingen. Town is part of the
-- key so that requests in different towns do not queue on one counter row (the same grain as
-- klus_tellingen). A klusser reads the rows of its own regions only, so its total is what
-- row-level security lets it count on klussen, and the pool's page reads 25 rows and a few counters.

CREATE TABLE klus_pool_tellingen (
    regio      text NOT NULL,
    woonplaats text NOT NULL,
    aantal     bigint NOT NULL,  -- a delta may pass through a new row, so no check >= 0
    PRIMARY KEY (regio, woonplaats)
);

ALTER TABLE klus_pool_tellingen ENABLE ROW LEVEL SECURITY;
ALTER TABLE klus_pool_tellingen FORCE ROW LEVEL SECURITY;
CREATE POLICY owner_keeps ON klus_pool_tellingen TO CURRENT_USER USING (true) WITH CHECK (true);
-- A klusser reads the counts of its regions; admins all; nobody writes. (The actor is read once
-- per query, as migration 011 does for every policy.)
CREATE POLICY klusser_read_region ON klus_pool_tellingen FOR SELECT TO klusmaat_app
    USING (regio = ANY ((SELECT regions FROM current_actor WHERE role = 'klusser')::text[]));
CREATE POLICY admin_read ON klus_pool_tellingen FOR SELECT TO klusmaat_app USING ((SELECT role FROM current_actor) = 'admin');
GRANT SELECT ON klus_pool_tellingen TO klusmaat_app;

-- klus_pool_tellingen_bij adds the deltas of a statement in key order (no two writers wait on each
-- other in a circle), and writes nothing for a change that leaves the pool as it was.
CREATE FUNCTION klus_pool_tellingen_bij(delta jsonb) RETURNS void
    LANGUAGE sql SECURITY DEFINER
    SET search_path = pg_catalog, public, pg_temp
    AS $$
    INSERT INTO klus_pool_tellingen AS t (regio, woonplaats, aantal)
    SELECT d.regio, d.woonplaats, sum(d.d)
    FROM jsonb_to_recordset(delta) AS d (regio text, woonplaats text, d int)
    GROUP BY 1, 2 HAVING sum(d.d) <> 0 ORDER BY 1, 2
    ON CONFLICT (regio, woonplaats) DO UPDATE SET aantal = t.aantal + EXCLUDED.aantal;
$$;

-- One function for the three statement triggers: +1 per new row in the pool, -1 per old one.
CREATE FUNCTION klussen_pool_tellingen() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path = pg_catalog, public, pg_temp
    AS $$
BEGIN
    IF TG_OP = 'INSERT' THEN
        PERFORM klus_pool_tellingen_bij((SELECT jsonb_agg(jsonb_build_object('regio', regio, 'woonplaats', woonplaats, 'd', n))
            FROM (SELECT regio, woonplaats, count(*) AS n FROM nieuw
                  WHERE assignment_type = 'pool' AND status = 'open' AND klusser_id IS NULL AND NOT archived GROUP BY 1, 2) g));
    ELSIF TG_OP = 'DELETE' THEN
        PERFORM klus_pool_tellingen_bij((SELECT jsonb_agg(jsonb_build_object('regio', regio, 'woonplaats', woonplaats, 'd', -n))
            FROM (SELECT regio, woonplaats, count(*) AS n FROM oud
                  WHERE assignment_type = 'pool' AND status = 'open' AND klusser_id IS NULL AND NOT archived GROUP BY 1, 2) g));
    ELSE
        PERFORM klus_pool_tellingen_bij((SELECT jsonb_agg(jsonb_build_object('regio', regio, 'woonplaats', woonplaats, 'd', d))
            FROM (SELECT n.regio, n.woonplaats, 1 AS d FROM nieuw n
                  WHERE n.assignment_type = 'pool' AND n.status = 'open' AND n.klusser_id IS NULL AND NOT n.archived
                  UNION ALL
                  SELECT o.regio, o.woonplaats, -1 FROM oud o
                  WHERE o.assignment_type = 'pool' AND o.status = 'open' AND o.klusser_id IS NULL AND NOT o.archived) x));
    END IF;
    RETURN NULL;
END $$;
REVOKE ALL ON FUNCTION klus_pool_tellingen_bij(jsonb), klussen_pool_tellingen() FROM PUBLIC;

CREATE TRIGGER klussen_pool_tellingen_insert AFTER INSERT ON klussen REFERENCING NEW TABLE AS nieuw
    FOR EACH STATEMENT EXECUTE FUNCTION klussen_pool_tellingen();
CREATE TRIGGER klussen_pool_tellingen_delete AFTER DELETE ON klussen REFERENCING OLD TABLE AS oud
    FOR EACH STATEMENT EXECUTE FUNCTION klussen_pool_tellingen();
CREATE TRIGGER klussen_pool_tellingen_update AFTER UPDATE ON klussen REFERENCING OLD TABLE AS oud NEW TABLE AS nieuw
    FOR EACH STATEMENT EXECUTE FUNCTION klussen_pool_tellingen();

-- tellingen_herberekenen (migrations 020 and 036) rebuilds the pool counts too.
CREATE OR REPLACE FUNCTION tellingen_herberekenen() RETURNS void
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
    DELETE FROM klus_week_tellingen;
    INSERT INTO klus_week_tellingen (regio, week, status, aantal)
    SELECT regio, date_trunc('week', datum)::date, status, count(*) FROM klussen WHERE NOT archived GROUP BY 1, 2, 3;
    DELETE FROM klus_pool_tellingen;
    INSERT INTO klus_pool_tellingen (regio, woonplaats, aantal)
    SELECT regio, woonplaats, count(*) FROM klussen
    WHERE assignment_type = 'pool' AND status = 'open' AND klusser_id IS NULL AND NOT archived GROUP BY 1, 2;
$$;
REVOKE ALL ON FUNCTION tellingen_herberekenen() FROM PUBLIC;
SELECT tellingen_herberekenen();
