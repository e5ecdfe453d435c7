-- Exports run as background jobs (D16): the request creates a row and a job in one transaction, the
-- client polls the row for progress, and the finished CSV is stored in the private exports bucket.
-- Only the person who asked for an export can see or download it; the job itself runs as that
-- person, so an export never contains more than its requester may read.

CREATE TABLE exports (
    id           uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    requested_by uuid NOT NULL,
    soort        text NOT NULL CHECK (soort IN ('uren')),
    params       jsonb NOT NULL DEFAULT '{}',
    status       text NOT NULL DEFAULT 'wachtrij' CHECK (status IN ('wachtrij', 'bezig', 'klaar', 'mislukt')),
    voortgang    smallint NOT NULL DEFAULT 0 CHECK (voortgang BETWEEN 0 AND 100),
    rijen        integer CHECK (rijen >= 0),
    bestandsnaam text,
    file_key     text,
    fout         text,
    created_at   timestamptz NOT NULL DEFAULT now(),
    finished_at  timestamptz,
    CHECK (status <> 'klaar' OR file_key IS NOT NULL)
);
CREATE INDEX exports_requested_idx ON exports (requested_by, created_at DESC);

ALTER TABLE exports ENABLE ROW LEVEL SECURITY;
ALTER TABLE exports FORCE ROW LEVEL SECURITY;

CREATE POLICY requester_only ON exports TO klusmaat_app
    USING (requested_by = actor_id()) WITH CHECK (requested_by = actor_id());

GRANT SELECT, INSERT, UPDATE ON exports TO klusmaat_app;
