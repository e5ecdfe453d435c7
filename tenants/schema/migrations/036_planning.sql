-- The week board (docs/decisions.md, D29) reads a week of planned jobs, a week of surveys and the
-- open jobs without a klusser; these indexes keep each read to the rows it shows at any size.
CREATE INDEX klussen_gepland_idx ON klussen (geplande_start_tijd)
    WHERE klusser_id IS NOT NULL AND NOT archived;
CREATE INDEX klussen_onbemand_idx ON klussen (datum, id)
    WHERE status = 'open' AND klusser_id IS NULL AND NOT archived;
CREATE INDEX klus_schouwen_start_idx ON klus_schouwen (start);
-- The charts' late call-backs (D26, D29) read the website's requests of a period.
CREATE INDEX klussen_website_created_idx ON klussen (created_at) WHERE bron = 'website';

-- The charts' jobs per week (D29), kept by the database like the dashboard's counts (migration
-- 020): at a million jobs a year of weeks is half the table, which no index turns into a quick
-- count under row-level security. Statement triggers keep the number of jobs per region, Monday
-- of their date's week and status (archived jobs left out), in the transaction of the change, as
-- the schema owner.
CREATE TABLE klus_week_tellingen (
    regio  text NOT NULL,
    week   date NOT NULL,   -- the Monday of the job's date
    status text NOT NULL,
    aantal bigint NOT NULL, -- a delta may pass through a new row, so no check >= 0
    PRIMARY KEY (regio, week, status)
);
ALTER TABLE klus_week_tellingen ENABLE ROW LEVEL SECURITY;
ALTER TABLE klus_week_tellingen FORCE ROW LEVEL SECURITY;
CREATE POLICY owner_keeps ON klus_week_tellingen TO CURRENT_USER USING (true) WITH CHECK (true);
CREATE POLICY admin_read ON klus_week_tellingen FOR SELECT TO klusmaat_app USING ((SELECT role FROM current_actor) = 'admin');
CREATE POLICY franchise_read_region ON klus_week_tellingen FOR SELECT TO klusmaat_app
    USING (regio = ANY ((SELECT regions FROM current_actor WHERE role = 'franchise')::text[]));
GRANT SELECT ON klus_week_tellingen TO klusmaat_app;

-- klus_week_tellingen_bij adds a statement's deltas in key order (two transactions never wait on
-- each other in a circle).
CREATE FUNCTION klus_week_tellingen_bij(delta jsonb) RETURNS void
    LANGUAGE sql SECURITY DEFINER
    SET search_path = pg_catalog, public, pg_temp
    AS $$
    INSERT INTO klus_week_tellingen AS t (regio, week, status, aantal)
    SELECT d.regio, d.week, d.status, sum(d.d)
    FROM jsonb_to_recordset(delta) AS d (regio text, week date, status text, d int)
    GROUP BY 1, 2, 3 HAVING sum(d.d) <> 0 ORDER BY 1, 2, 3
    ON CONFLICT (regio, week, status) DO UPDATE SET aantal = t.aantal + EXCLUDED.aantal;
$$;

CREATE FUNCTION klussen_week_tellingen() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path = pg_catalog, public, pg_temp
    AS $$
BEGIN
    IF TG_OP = 'INSERT' THEN
        PERFORM klus_week_tellingen_bij((SELECT jsonb_agg(jsonb_build_object('regio', regio, 'week', date_trunc('week', datum)::date,
            'status', status, 'd', 1)) FROM nieuw WHERE NOT archived));
    ELSIF TG_OP = 'DELETE' THEN
        PERFORM klus_week_tellingen_bij((SELECT jsonb_agg(jsonb_build_object('regio', regio, 'week', date_trunc('week', datum)::date,
            'status', status, 'd', -1)) FROM oud WHERE NOT archived));
    ELSE
        -- Only a change of region, date, status or archiving moves a count.
        PERFORM klus_week_tellingen_bij((SELECT jsonb_agg(jsonb_build_object('regio', x.regio, 'week', date_trunc('week', x.datum)::date,
            'status', x.status, 'd', x.d)) FROM (
                SELECT n.regio, n.datum, n.status, 1 AS d FROM nieuw n JOIN oud o ON o.id = n.id
                WHERE NOT n.archived AND (n.regio, n.datum, n.status, n.archived) IS DISTINCT FROM (o.regio, o.datum, o.status, o.archived)
                UNION ALL
                SELECT o.regio, o.datum, o.status, -1 FROM oud o JOIN nieuw n ON n.id = o.id
                WHERE NOT o.archived AND (n.regio, n.datum, n.status, n.archived) IS DISTINCT FROM (o.regio, o.datum, o.status, o.archived)) x));
    END IF;
    RETURN NULL;
END $$;
REVOKE ALL ON FUNCTION klus_week_tellingen_bij(jsonb), klussen_week_tellingen() FROM PUBLIC;

CREATE TRIGGER klussen_week_tellingen_insert AFTER INSERT ON klussen REFERENCING NEW TABLE AS nieuw
    FOR EACH STATEMENT EXECUTE FUNCTION klussen_week_tellingen();
CREATE TRIGGER klussen_week_tellingen_delete AFTER DELETE ON klussen REFERENCING OLD TABLE AS oud
    FOR EACH STATEMENT EXECUTE FUNCTION klussen_week_tellingen();
CREATE TRIGGER klussen_week_tellingen_update AFTER UPDATE ON klussen REFERENCING OLD TABLE AS oud NEW TABLE AS nieuw
    FOR EACH STATEMENT EXECUTE FUNCTION klussen_week_tellingen();

-- tellingen_herberekenen (migration 020) rebuilds the weekly counts too.
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
$$;
REVOKE ALL ON FUNCTION tellingen_herberekenen() FROM PUBLIC;
SELECT tellingen_herberekenen();
