-- The public request's insert (make load, issue 44) spent most of its PostgreSQL CPU planning the
-- same statements again in every transaction, not running them:
--
--   * SQL-language functions called from a trigger (PostgreSQL 15) are parsed and planned anew at
--     every call; PL/pgSQL keeps each statement's plan for the session. The counters' writers
--     (klus_tellingen_bij, klus_pool_tellingen_bij, klus_week_tellingen_bij,
--     klant_overzicht_bijwerken) and request_regions, which the actor's rules call for every
--     request, become PL/pgSQL with the same statements, so the same rows are written and the same
--     regions found.
--   * klant_overzicht_bijwerken's two statements take the e-mail addresses as an array; PostgreSQL
--     judged the plan for any array costlier than one for the array at hand and so planned both
--     statements again at every call (330 µs of the request's CPU). Its plan for any array reads
--     klussen_email_idx for each address, as the plan for one address does, and is now kept
--     (plan_cache_mode).
--   * A cached plan is planned again whenever it runs under another search_path than the one it
--     was planned under. klussen_bron (SET search_path) and klussen_actor_rules (the caller's
--     search_path) both called actor_role(), so every public request planned actor_role()'s query
--     twice. klussen_bron now reads the proved actor from current_actor itself, as actor_role()
--     does.

CREATE OR REPLACE FUNCTION klus_tellingen_bij(delta jsonb) RETURNS void
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

CREATE OR REPLACE FUNCTION klus_pool_tellingen_bij(delta jsonb) RETURNS void
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path = pg_catalog, public, pg_temp
    AS $$
BEGIN
    INSERT INTO klus_pool_tellingen AS t (regio, woonplaats, aantal)
    SELECT d.regio, d.woonplaats, sum(d.d)
    FROM jsonb_to_recordset(delta) AS d (regio text, woonplaats text, d int)
    GROUP BY 1, 2 HAVING sum(d.d) <> 0 ORDER BY 1, 2
    ON CONFLICT (regio, woonplaats) DO UPDATE SET aantal = t.aantal + EXCLUDED.aantal;
END $$;

CREATE OR REPLACE FUNCTION klus_week_tellingen_bij(delta jsonb) RETURNS void
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

CREATE OR REPLACE FUNCTION klant_overzicht_bijwerken(emails text[]) RETURNS void
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path = pg_catalog, public, pg_temp
    SET plan_cache_mode = force_generic_plan
    AS $$
BEGIN
    INSERT INTO klant_overzicht AS o (email, telefoon, woonplaats, aantal_klussen, laatste_klus)
    SELECT DISTINCT ON (k.email) k.email, k.telefoon, k.woonplaats, count(*) OVER (PARTITION BY k.email), k.created_at
    FROM klussen k WHERE k.email = ANY (emails) AND k.email <> ''
    ORDER BY k.email, k.created_at DESC, k.id
    ON CONFLICT (email) DO UPDATE SET telefoon = EXCLUDED.telefoon, woonplaats = EXCLUDED.woonplaats,
        aantal_klussen = EXCLUDED.aantal_klussen, laatste_klus = EXCLUDED.laatste_klus;
    DELETE FROM klant_overzicht o WHERE o.email = ANY (emails)
        AND NOT EXISTS (SELECT 1 FROM klussen k WHERE k.email = o.email);
END $$;

CREATE OR REPLACE FUNCTION request_regions(woonplaats text, postcode text) RETURNS text[]
    LANGUAGE plpgsql STABLE
    AS $$
BEGIN
    RETURN ARRAY(
        SELECT t.regio FROM region_towns t JOIN regions r ON r.slug = t.regio
        WHERE t.woonplaats = regexp_replace(lower(btrim(request_regions.woonplaats)), '\s+', ' ', 'g') AND r.actief
        UNION
        SELECT p.regio FROM region_postcodes p JOIN regions r ON r.slug = p.regio
        WHERE request_regions.postcode ~ '^[1-9][0-9]{3}' AND p.bereik @> substr(request_regions.postcode, 1, 4)::int AND r.actief);
END $$;

CREATE OR REPLACE FUNCTION klussen_bron() RETURNS trigger
    LANGUAGE plpgsql
    SET search_path = pg_catalog, public, pg_temp
    AS $$
BEGIN
    NEW.bron := CASE WHEN (SELECT a.role FROM public.current_actor a) = 'admin' THEN 'beheer' ELSE 'website' END;
    RETURN NEW;
END $$;
