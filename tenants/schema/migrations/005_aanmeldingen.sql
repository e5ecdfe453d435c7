-- Handyman applications (klusser_aanmeldingen) with their documents and communication log.
-- Documents and communications belong to an application and, once the account exists, to the
-- klusser's profile too (the old version keyed them by application id under the name klusser_id).

CREATE TABLE klusser_aanmeldingen (
    id              uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    naam            text NOT NULL CHECK (length(trim(naam)) > 0),
    -- Minimum 65; a missing or invalid age is stored as 65 (document 000 section 5).
    leeftijd        integer NOT NULL DEFAULT 65 CHECK (leeftijd BETWEEN 65 AND 120),
    email           text NOT NULL DEFAULT '' CHECK (email = lower(email)),
    telefoon        text NOT NULL CHECK (length(trim(telefoon)) > 0),
    adres           text NOT NULL DEFAULT '',
    postcode        text NOT NULL DEFAULT '' CHECK (postcode = '' OR postcode ~ '^[1-9][0-9]{3} [A-Z]{2}$'),
    woonplaats      text NOT NULL DEFAULT '',
    heeft_vog       boolean NOT NULL DEFAULT false,
    heeft_vervoer   boolean NOT NULL DEFAULT false,
    motivatie       text NOT NULL CHECK (length(trim(motivatie)) > 0),
    ervaring        text NOT NULL DEFAULT '',
    beschikbaarheid text[] NOT NULL
        CHECK (cardinality(beschikbaarheid) >= 1
           AND beschikbaarheid <@ ARRAY['Maandag', 'Dinsdag', 'Woensdag', 'Donderdag', 'Vrijdag', 'Zaterdag']),
    status          text NOT NULL DEFAULT 'nieuw' CHECK (status IN ('nieuw', 'in_behandeling', 'goedgekeurd', 'afgewezen')),
    notities        text NOT NULL DEFAULT '',
    profile_id      uuid REFERENCES profiles (id) ON DELETE SET NULL,  -- the account made from it
    created_at      timestamptz NOT NULL DEFAULT now(),
    updated_at      timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX klusser_aanmeldingen_created_idx ON klusser_aanmeldingen (created_at DESC);
CREATE INDEX klusser_aanmeldingen_status_idx ON klusser_aanmeldingen (status, created_at DESC);
CREATE INDEX klusser_aanmeldingen_search_idx ON klusser_aanmeldingen
    USING gin ((naam || ' ' || email || ' ' || telefoon || ' ' || woonplaats) gin_trgm_ops);
CREATE TRIGGER klusser_aanmeldingen_updated_at BEFORE UPDATE ON klusser_aanmeldingen
    FOR EACH ROW EXECUTE FUNCTION set_updated_at();

CREATE TABLE klusser_documents (
    id            uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    aanmelding_id uuid REFERENCES klusser_aanmeldingen (id) ON DELETE CASCADE,
    klusser_id    uuid REFERENCES profiles (id) ON DELETE CASCADE,
    document_type text NOT NULL CHECK (document_type IN ('vog', 'id_bewijs', 'contract', 'certificaat', 'overig')),
    file_name     text NOT NULL CHECK (length(trim(file_name)) > 0),
    file_url      text NOT NULL,  -- storage key in the private documents bucket (D6)
    content_type  text NOT NULL,
    file_size     integer NOT NULL CHECK (file_size > 0),
    notes         text NOT NULL DEFAULT '',
    uploaded_by   uuid,
    created_at    timestamptz NOT NULL DEFAULT now(),
    CHECK (aanmelding_id IS NOT NULL OR klusser_id IS NOT NULL)
);
CREATE INDEX klusser_documents_aanmelding_idx ON klusser_documents (aanmelding_id, created_at DESC);
CREATE INDEX klusser_documents_klusser_idx ON klusser_documents (klusser_id, created_at DESC);

CREATE TABLE klusser_communications (
    id            uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    aanmelding_id uuid REFERENCES klusser_aanmeldingen (id) ON DELETE CASCADE,
    klusser_id    uuid REFERENCES profiles (id) ON DELETE CASCADE,
    type          text NOT NULL CHECK (type IN ('email', 'whatsapp', 'phone', 'note')),
    direction     text NOT NULL DEFAULT 'outbound' CHECK (direction = 'outbound'),
    content       text NOT NULL CHECK (length(trim(content)) > 0),
    subject       text,
    recipient     text,
    created_by    uuid,
    created_at    timestamptz NOT NULL DEFAULT now(),
    CHECK (aanmelding_id IS NOT NULL OR klusser_id IS NOT NULL),
    CHECK (type <> 'email' OR length(trim(coalesce(subject, ''))) > 0)
);
CREATE INDEX klusser_communications_aanmelding_idx ON klusser_communications (aanmelding_id, created_at DESC);
CREATE INDEX klusser_communications_klusser_idx ON klusser_communications (klusser_id, created_at DESC);

ALTER TABLE klusser_aanmeldingen ENABLE ROW LEVEL SECURITY;
ALTER TABLE klusser_aanmeldingen FORCE ROW LEVEL SECURITY;
ALTER TABLE klusser_documents ENABLE ROW LEVEL SECURITY;
ALTER TABLE klusser_documents FORCE ROW LEVEL SECURITY;
ALTER TABLE klusser_communications ENABLE ROW LEVEL SECURITY;
ALTER TABLE klusser_communications FORCE ROW LEVEL SECURITY;

-- Applications are the admins' business; anyone may submit one, as status nieuw.
CREATE POLICY admin_all ON klusser_aanmeldingen TO klusmaat_app
    USING (actor_role() = 'admin') WITH CHECK (actor_role() = 'admin');
CREATE POLICY public_apply ON klusser_aanmeldingen FOR INSERT TO klusmaat_app
    WITH CHECK (actor_role() IS NOT NULL AND status = 'nieuw' AND notities = '' AND profile_id IS NULL);

-- Documents and communications: admins; a klusser reads the documents on its own profile.
CREATE POLICY admin_all ON klusser_documents TO klusmaat_app
    USING (actor_role() = 'admin') WITH CHECK (actor_role() = 'admin');
CREATE POLICY klusser_read_own ON klusser_documents FOR SELECT TO klusmaat_app
    USING (actor_role() = 'klusser' AND klusser_id = actor_id());
CREATE POLICY admin_all ON klusser_communications TO klusmaat_app
    USING (actor_role() = 'admin') WITH CHECK (actor_role() = 'admin');

GRANT SELECT, INSERT, UPDATE, DELETE ON klusser_aanmeldingen, klusser_documents, klusser_communications TO klusmaat_app;
