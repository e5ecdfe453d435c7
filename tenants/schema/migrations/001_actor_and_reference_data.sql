-- The actor of a transaction and the reference data every region shares.
--
-- The server sets the actor per transaction (tenants.DB.InTx) with set_config(..., true):
--   klusmaat.user_id  the Kratos identity id of the signed-in user (empty for anonymous)
--   klusmaat.role     anonymous | authenticated | klusser | franchise | admin
--   klusmaat.regions  a text[] literal of region slugs, e.g. {den-haag}
-- Every policy reads these through the three functions below. With no actor set, actor_role() is
-- NULL, no policy matches, and every query sees nothing (D4).

CREATE EXTENSION IF NOT EXISTS pg_trgm;

CREATE FUNCTION actor_role() RETURNS text
    LANGUAGE sql STABLE PARALLEL SAFE
    AS $$ SELECT nullif(current_setting('klusmaat.role', true), '') $$;

CREATE FUNCTION actor_id() RETURNS uuid
    LANGUAGE sql STABLE PARALLEL SAFE
    AS $$ SELECT nullif(current_setting('klusmaat.user_id', true), '')::uuid $$;

CREATE FUNCTION actor_regions() RETURNS text[]
    LANGUAGE sql STABLE PARALLEL SAFE
    AS $$ SELECT coalesce(nullif(current_setting('klusmaat.regions', true), '')::text[], '{}'::text[]) $$;

-- set_updated_at keeps updated_at true without trusting clients to send it.
CREATE FUNCTION set_updated_at() RETURNS trigger
    LANGUAGE plpgsql
    AS $$ BEGIN NEW.updated_at := now(); RETURN NEW; END $$;

-- Regions are the tenants (D1). A new region is a row, not a code change.
CREATE TABLE regions (
    slug       text PRIMARY KEY CHECK (slug ~ '^[a-z0-9]+(-[a-z0-9]+)*$'),
    naam       text NOT NULL CHECK (length(trim(naam)) > 0),
    actief     boolean NOT NULL DEFAULT true,
    created_at timestamptz NOT NULL DEFAULT now()
);

-- Each town belongs to exactly one region, so the region of a job follows from its town (D2).
CREATE TABLE region_towns (
    woonplaats text PRIMARY KEY CHECK (woonplaats ~ '^[a-z0-9]+([ -][a-z0-9]+)*$'),
    naam       text NOT NULL CHECK (length(trim(naam)) > 0),
    regio      text NOT NULL REFERENCES regions (slug) ON UPDATE CASCADE ON DELETE CASCADE,
    created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX region_towns_regio_idx ON region_towns (regio);

-- Optional postcode ranges (the four digits of a Dutch postcode), used when the town is unknown.
CREATE TABLE region_postcodes (
    id      bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    regio   text NOT NULL REFERENCES regions (slug) ON UPDATE CASCADE ON DELETE CASCADE,
    bereik  int4range NOT NULL CHECK (lower(bereik) >= 1000 AND upper(bereik) <= 10000),
    EXCLUDE USING gist (bereik WITH &&)
);
CREATE INDEX region_postcodes_regio_idx ON region_postcodes (regio);

-- Categories are stored by key and shown by label (D9).
CREATE TABLE categories (
    key        text PRIMARY KEY CHECK (key ~ '^[a-z]+$'),
    label      text NOT NULL,
    publiek    boolean NOT NULL DEFAULT false,  -- offered on the public request form
    volgorde   smallint NOT NULL DEFAULT 0,
    created_at timestamptz NOT NULL DEFAULT now()
);

-- (The rows are inserted before RLS is switched on: FORCE applies to the owner too.)
-- The tenants of D1 and the public service area of the first document (voorburg, leidschendam,
-- wassenaar) in den-haag. Production needs these rows too, so they live in a migration, not in the
-- demo seed.
INSERT INTO regions (slug, naam) VALUES
    ('amsterdam', 'Amsterdam'),
    ('rotterdam', 'Rotterdam'),
    ('den-haag', 'Den Haag'),
    ('utrecht', 'Utrecht');

INSERT INTO region_towns (woonplaats, naam, regio) VALUES
    ('voorburg', 'Voorburg', 'den-haag'),
    ('leidschendam', 'Leidschendam', 'den-haag'),
    ('wassenaar', 'Wassenaar', 'den-haag'),
    ('den haag', 'Den Haag', 'den-haag'),
    ('rijswijk', 'Rijswijk', 'den-haag'),
    ('amsterdam', 'Amsterdam', 'amsterdam'),
    ('amstelveen', 'Amstelveen', 'amsterdam'),
    ('rotterdam', 'Rotterdam', 'rotterdam'),
    ('schiedam', 'Schiedam', 'rotterdam'),
    ('utrecht', 'Utrecht', 'utrecht'),
    ('zeist', 'Zeist', 'utrecht');

INSERT INTO region_postcodes (regio, bereik) VALUES
    ('amsterdam', int4range(1000, 1110)),
    ('amsterdam', int4range(1180, 1190)),
    ('utrecht', int4range(3500, 3586)),
    ('utrecht', int4range(3700, 3710)),
    ('rotterdam', int4range(3000, 3100)),
    ('rotterdam', int4range(3110, 3125)),
    ('den-haag', int4range(2240, 2245)),
    ('den-haag', int4range(2260, 2276)),
    ('den-haag', int4range(2280, 2289)),
    ('den-haag', int4range(2490, 2600));

-- D9: the five public categories (document 000) and the admin ones (document 001).
INSERT INTO categories (key, label, publiek, volgorde) VALUES
    ('montage', 'Montage & Ophangwerk', true, 10),
    ('veiligheid', 'Veilig & Comfortabel Wonen', true, 20),
    ('onderhoud', 'Klein Onderhoud & Reparaties', true, 30),
    ('schilderen', 'Klein Schilder- & Afwerkwerk', true, 40),
    ('digitaal', 'Digitale Hulp & Installatie', true, 50),
    ('schilderwerk', 'Schilderwerk', false, 110),
    ('houtwerk', 'Houtwerk', false, 120),
    ('loodgieterswerk', 'Loodgieterswerk', false, 130),
    ('tegelwerk', 'Tegelwerk', false, 140),
    ('elektra', 'Elektra', false, 150),
    ('tuinonderhoud', 'Tuinonderhoud', false, 160),
    ('overig', 'Overig', false, 170);

-- Reference data is readable by every actor, writable by admins only; with no actor: nothing.
ALTER TABLE regions ENABLE ROW LEVEL SECURITY;
ALTER TABLE regions FORCE ROW LEVEL SECURITY;
ALTER TABLE region_towns ENABLE ROW LEVEL SECURITY;
ALTER TABLE region_towns FORCE ROW LEVEL SECURITY;
ALTER TABLE region_postcodes ENABLE ROW LEVEL SECURITY;
ALTER TABLE region_postcodes FORCE ROW LEVEL SECURITY;
ALTER TABLE categories ENABLE ROW LEVEL SECURITY;
ALTER TABLE categories FORCE ROW LEVEL SECURITY;

CREATE POLICY read_any_actor ON regions FOR SELECT TO klusmaat_app USING (actor_role() IS NOT NULL);
CREATE POLICY admin_all ON regions TO klusmaat_app USING (actor_role() = 'admin') WITH CHECK (actor_role() = 'admin');
CREATE POLICY read_any_actor ON region_towns FOR SELECT TO klusmaat_app USING (actor_role() IS NOT NULL);
CREATE POLICY admin_all ON region_towns TO klusmaat_app USING (actor_role() = 'admin') WITH CHECK (actor_role() = 'admin');
CREATE POLICY read_any_actor ON region_postcodes FOR SELECT TO klusmaat_app USING (actor_role() IS NOT NULL);
CREATE POLICY admin_all ON region_postcodes TO klusmaat_app USING (actor_role() = 'admin') WITH CHECK (actor_role() = 'admin');
CREATE POLICY read_any_actor ON categories FOR SELECT TO klusmaat_app USING (actor_role() IS NOT NULL);
CREATE POLICY admin_all ON categories TO klusmaat_app USING (actor_role() = 'admin') WITH CHECK (actor_role() = 'admin');

GRANT SELECT, INSERT, UPDATE, DELETE ON regions, region_towns, region_postcodes, categories TO klusmaat_app;
