-- Reminders the day before (docs/decisions.md, D27): one row per reminded appointment version.
-- The reminder job inserts the row and queues the e-mail in one transaction; the primary key makes
-- a second run, on another server or after a restart, find the row and send nothing. A changed
-- appointment (another start) is a new version and gets its own reminder; a cancelled one is no
-- longer planned, so none is sent.
CREATE TABLE herinneringen (
    soort      text NOT NULL CHECK (soort IN ('klus', 'schouw')),
    klus_id    uuid NOT NULL REFERENCES klussen (id) ON DELETE CASCADE,
    start      timestamptz NOT NULL,
    created_at timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (soort, klus_id, start)
);
ALTER TABLE herinneringen ENABLE ROW LEVEL SECURITY;
ALTER TABLE herinneringen FORCE ROW LEVEL SECURITY;
-- The reminder job acts as the system (an admin without a person); no other actor sees the table.
CREATE POLICY admin_all ON herinneringen TO klusmaat_app USING (actor_role() = 'admin') WITH CHECK (actor_role() = 'admin');
GRANT SELECT, INSERT ON herinneringen TO klusmaat_app;
CREATE POLICY owner_read ON herinneringen FOR SELECT TO CURRENT_USER USING (true);

-- The klusser's in-app reminder is a notification of its own type.
ALTER TABLE notifications DROP CONSTRAINT notifications_type_check;
ALTER TABLE notifications ADD CONSTRAINT notifications_type_check
    CHECK (type IN ('klus_opgepakt', 'klus_ingepland', 'klus_gewijzigd', 'nieuwe_klus', 'klus_geannuleerd', 'klus_toegewezen', 'herinnering'));
