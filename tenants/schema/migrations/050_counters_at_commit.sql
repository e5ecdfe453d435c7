-- The job counters that every public request of a town adds to (klus_tellingen: its town's open
-- jobs; klus_week_tellingen: its region's open jobs of the week) are written at COMMIT instead of
-- by the statement that changes the jobs (issue 44, make load: the public request).
--
-- Migration 020's and 036's statement triggers updated those rows in the job's own INSERT and so
-- held them through the rest of the transaction: the e-mail job's insert, its answer's way to the
-- server and the COMMIT's way back. Every other request of the same town waited on them; each
-- commit woke the next waiter, which then found the row updated again and looked it up anew. At 16
-- requests at once that cost PostgreSQL about 1 ms of CPU per request, twice what the counters
-- themselves cost (pgbench, one town, the public request's statements: 4.35 ms per request with
-- the counters, 3.11 ms without them; 2.53 and 2.33 ms with one client).
--
-- The statement triggers are unchanged; klus_tellingen_bij and klus_week_tellingen_bij now put
-- their delta in klus_tellingen_wachtrij, which only the schema owner reads or writes, and a
-- deferred constraint trigger on that table adds up the transaction's deltas and applies them,
-- in key order as before, just before the transaction commits: the rows are held from there to
-- the end of the commit. The counts stay exact: the deltas are those of the same statements,
-- written in the same transaction; a statement or savepoint rolled back takes its deltas with it;
-- and no delta survives its transaction (each transaction deletes its own rows, found by its
-- transaction id through the index, so a commit never walks the dead rows that others left while
-- a long transaction, a dump or an export, keeps vacuum from removing them). A reader in the
-- writing transaction sees the counts of before its own changes until it commits.
CREATE UNLOGGED TABLE klus_tellingen_wachtrij (
    xact xid8 NOT NULL DEFAULT pg_current_xact_id(),
    soort text NOT NULL CHECK (soort IN ('tellingen', 'week')),
    delta jsonb NOT NULL
);
CREATE INDEX klus_tellingen_wachtrij_xact_idx ON klus_tellingen_wachtrij (xact);
ALTER TABLE klus_tellingen_wachtrij ENABLE ROW LEVEL SECURITY;
ALTER TABLE klus_tellingen_wachtrij FORCE ROW LEVEL SECURITY;
REVOKE ALL ON klus_tellingen_wachtrij FROM PUBLIC;
CREATE POLICY owner_only ON klus_tellingen_wachtrij TO CURRENT_USER USING (true) WITH CHECK (true);

-- The former klus_tellingen_bij and klus_week_tellingen_bij, unchanged but for their names.
CREATE FUNCTION klus_tellingen_toepassen(delta jsonb) RETURNS void
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path = pg_catalog, public, pg_temp
    AS $$
BEGIN
    INSERT INTO klus_tellingen AS t (regio, status, woonplaats, archived, aantal)
    SELECT d.regio, d.status, d.woonplaats, d.archived, sum(d.d)
    FROM jsonb_to_recordset(delta) AS d (regio text, status text, woonplaats text, archived boolean, d int)
    GROUP BY 1, 2, 3, 4 HAVING sum(d.d) <> 0 ORDER BY 1, 2, 3, 4
    ON CONFLICT (regio, status, woonplaats, archived) DO UPDATE SET aantal = t.aantal + EXCLUDED.aantal;
END $$;

CREATE FUNCTION klus_week_tellingen_toepassen(delta jsonb) RETURNS void
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path = pg_catalog, public, pg_temp
    AS $$
BEGIN
    INSERT INTO klus_week_tellingen AS t (regio, week, status, aantal)
    SELECT d.regio, d.week, d.status, sum(d.d)
    FROM jsonb_to_recordset(delta) AS d (regio text, week date, status text, d int)
    GROUP BY 1, 2, 3 HAVING sum(d.d) <> 0 ORDER BY 1, 2, 3
    ON CONFLICT (regio, week, status) DO UPDATE SET aantal = t.aantal + EXCLUDED.aantal;
END $$;

CREATE OR REPLACE FUNCTION klus_tellingen_bij(delta jsonb) RETURNS void
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path = pg_catalog, public, pg_temp
    AS $$
BEGIN
    IF delta IS NOT NULL THEN
        INSERT INTO klus_tellingen_wachtrij (soort, delta) VALUES ('tellingen', delta);
    END IF;
END $$;

CREATE OR REPLACE FUNCTION klus_week_tellingen_bij(delta jsonb) RETURNS void
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path = pg_catalog, public, pg_temp
    AS $$
BEGIN
    IF delta IS NOT NULL THEN
        INSERT INTO klus_tellingen_wachtrij (soort, delta) VALUES ('week', delta);
    END IF;
END $$;

-- Once per queued delta, at COMMIT: the first call applies every delta of the transaction (all of
-- one kind in one statement, so each counter row is written once, in key order); the later calls
-- find none left.
CREATE FUNCTION klus_tellingen_wachtrij_verwerken() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path = pg_catalog, public, pg_temp
    AS $$
DECLARE
    tellingen jsonb;
    week jsonb;
BEGIN
    WITH weg AS (DELETE FROM klus_tellingen_wachtrij WHERE xact = pg_current_xact_id() RETURNING soort, delta)
    SELECT jsonb_agg(e) FILTER (WHERE w.soort = 'tellingen'), jsonb_agg(e) FILTER (WHERE w.soort = 'week')
    INTO tellingen, week
    FROM weg w, jsonb_array_elements(w.delta) e;
    IF tellingen IS NOT NULL THEN
        PERFORM klus_tellingen_toepassen(tellingen);
    END IF;
    IF week IS NOT NULL THEN
        PERFORM klus_week_tellingen_toepassen(week);
    END IF;
    RETURN NULL;
END $$;

CREATE CONSTRAINT TRIGGER klus_tellingen_wachtrij_verwerken AFTER INSERT ON klus_tellingen_wachtrij
    DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION klus_tellingen_wachtrij_verwerken();

-- tellingen_herberekenen (migrations 020, 036 and 042) rebuilds the counts from the jobs: the
-- deltas its transaction queued are in what it counts, so it drops them.
CREATE OR REPLACE FUNCTION tellingen_herberekenen() RETURNS void
    LANGUAGE sql
    SET search_path = pg_catalog, public, pg_temp
    AS $$
    DELETE FROM klus_tellingen_wachtrij WHERE xact = pg_current_xact_id();
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

REVOKE ALL ON FUNCTION klus_tellingen_toepassen(jsonb), klus_week_tellingen_toepassen(jsonb),
    klus_tellingen_wachtrij_verwerken(), tellingen_herberekenen() FROM PUBLIC;
