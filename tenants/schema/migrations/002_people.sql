-- Accounts: roles and profiles. A user's id is the Kratos identity id (D12); roles live here, not in
-- Kratos. Every signed-in user of the back office or the klusser portal has a profile row; a klusser
-- is a user with the role klusser and a profile (D14). Regions on the profile assign franchise owners
-- and klussers to tenants (D3).

CREATE TABLE user_roles (
    user_id    uuid NOT NULL,
    role       text NOT NULL CHECK (role IN ('admin', 'franchise', 'klusser')),
    created_at timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (user_id, role)
);
CREATE INDEX user_roles_role_idx ON user_roles (role);

CREATE TABLE profiles (
    id                    uuid PRIMARY KEY,
    naam                  text NOT NULL CHECK (length(trim(naam)) > 0),
    email                 text NOT NULL DEFAULT '' CHECK (email = lower(email)),
    telefoon              text NOT NULL DEFAULT '',
    adres                 text NOT NULL DEFAULT '',
    postcode              text NOT NULL DEFAULT '' CHECK (postcode = '' OR postcode ~ '^[1-9][0-9]{3} [A-Z]{2}$'),
    woonplaats            text NOT NULL DEFAULT '',
    regio                 text[] NOT NULL DEFAULT '{}',
    leeftijd              integer CHECK (leeftijd BETWEEN 18 AND 120),
    heeft_vog             boolean NOT NULL DEFAULT false,
    heeft_vervoer         boolean NOT NULL DEFAULT false,
    motivatie             text NOT NULL DEFAULT '',
    ervaring              text NOT NULL DEFAULT '',
    beschikbaarheid       text[] NOT NULL DEFAULT '{}'
        CHECK (beschikbaarheid <@ ARRAY['Maandag', 'Dinsdag', 'Woensdag', 'Donderdag', 'Vrijdag', 'Zaterdag']),
    actief                boolean NOT NULL DEFAULT true,
    zichtbaar_op_website  boolean NOT NULL DEFAULT false,
    gemiddelde_beoordeling numeric(3, 2) CHECK (gemiddelde_beoordeling BETWEEN 1 AND 5),
    totaal_uren           numeric(10, 2) NOT NULL DEFAULT 0 CHECK (totaal_uren >= 0),
    -- Storage keys, not public URLs: the server turns them into URLs (D6).
    profiel_foto_url      text,
    carousel_foto_1       text,
    carousel_foto_2       text,
    carousel_foto_3       text,
    intro_tekst           text NOT NULL DEFAULT '',
    gepensioneerd_sinds   integer CHECK (gepensioneerd_sinds >= 1950),
    specialisaties        text[] NOT NULL DEFAULT '{}'
        CHECK (specialisaties <@ ARRAY['Houtwerk', 'Schilderen', 'Tuinwerk', 'Elektrisch', 'Loodgieterswerk', 'Tegelwerk', 'Monteren', 'Reparaties']),
    vog_document_url      text,
    created_at            timestamptz NOT NULL DEFAULT now(),
    updated_at            timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX profiles_email_key ON profiles (email) WHERE email <> '';
CREATE INDEX profiles_regio_idx ON profiles USING gin (regio);
CREATE INDEX profiles_naam_idx ON profiles (naam);
CREATE INDEX profiles_search_idx ON profiles USING gin ((naam || ' ' || email || ' ' || telefoon) gin_trgm_ops);
-- The public showcase: active, visible, best rated first (document 000 section 7).
CREATE INDEX profiles_showcase_idx ON profiles (gemiddelde_beoordeling DESC NULLS LAST)
    WHERE actief AND zichtbaar_op_website;
CREATE TRIGGER profiles_updated_at BEFORE UPDATE ON profiles FOR EACH ROW EXECUTE FUNCTION set_updated_at();

-- regio is a list, which a foreign key cannot cover; this trigger keeps it to known regions.
CREATE FUNCTION check_profile_regions() RETURNS trigger
    LANGUAGE plpgsql
    AS $$
BEGIN
    IF EXISTS (SELECT 1 FROM unnest(NEW.regio) AS r(slug)
               WHERE NOT EXISTS (SELECT 1 FROM regions WHERE regions.slug = r.slug)) THEN
        RAISE EXCEPTION 'unknown region in %', NEW.regio USING ERRCODE = 'foreign_key_violation';
    END IF;
    RETURN NEW;
END $$;
CREATE TRIGGER profiles_regions_exist BEFORE INSERT OR UPDATE OF regio ON profiles
    FOR EACH ROW EXECUTE FUNCTION check_profile_regions();

ALTER TABLE user_roles ENABLE ROW LEVEL SECURITY;
ALTER TABLE user_roles FORCE ROW LEVEL SECURITY;
ALTER TABLE profiles ENABLE ROW LEVEL SECURITY;
ALTER TABLE profiles FORCE ROW LEVEL SECURITY;

-- user_roles: admins manage all; every signed-in user reads their own roles (the session middleware
-- loads them as role 'authenticated'); franchise owners may see who is a klusser, to list the
-- klussers of their regions.
CREATE POLICY admin_all ON user_roles TO klusmaat_app
    USING (actor_role() = 'admin') WITH CHECK (actor_role() = 'admin');
CREATE POLICY read_own ON user_roles FOR SELECT TO klusmaat_app
    USING (user_id = actor_id());
CREATE POLICY franchise_read_klussers ON user_roles FOR SELECT TO klusmaat_app
    USING (actor_role() = 'franchise' AND role = 'klusser');

-- profiles: admins all; everyone reads their own; franchise reads profiles whose regions overlap
-- its own (document 001 section 6). Nobody but an admin writes profiles: a klusser editing its own
-- row could otherwise widen its own regions.
CREATE POLICY admin_all ON profiles TO klusmaat_app
    USING (actor_role() = 'admin') WITH CHECK (actor_role() = 'admin');
CREATE POLICY read_own ON profiles FOR SELECT TO klusmaat_app
    USING (id = actor_id());
CREATE POLICY franchise_read_region ON profiles FOR SELECT TO klusmaat_app
    USING (actor_role() = 'franchise' AND regio && actor_regions());

GRANT SELECT, INSERT, UPDATE, DELETE ON user_roles, profiles TO klusmaat_app;
