-- Notifications, settings and the audit log.

CREATE TABLE notifications (
    id         uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    user_id    uuid NOT NULL,
    message    text NOT NULL CHECK (length(trim(message)) > 0),
    type       text NOT NULL CHECK (type IN ('klus_opgepakt', 'klus_ingepland', 'klus_gewijzigd', 'nieuwe_klus')),
    klus_id    uuid REFERENCES klussen (id) ON DELETE CASCADE,
    read_at    timestamptz,
    created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX notifications_user_idx ON notifications (user_id, created_at DESC);
CREATE INDEX notifications_unread_idx ON notifications (user_id) WHERE read_at IS NULL;
CREATE INDEX notifications_klus_idx ON notifications (klus_id);

-- Global settings such as support_phone_default.
CREATE TABLE app_settings (
    setting_key   text PRIMARY KEY CHECK (setting_key ~ '^[a-z_]+$'),
    setting_value text NOT NULL DEFAULT '',
    updated_at    timestamptz NOT NULL DEFAULT now()
);
CREATE TRIGGER app_settings_updated_at BEFORE UPDATE ON app_settings FOR EACH ROW EXECUTE FUNCTION set_updated_at();

-- Per-region support contact, edited by admins and by the region's franchise owner.
CREATE TABLE franchise_settings (
    id            uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    regio         text NOT NULL UNIQUE REFERENCES regions (slug) ON UPDATE CASCADE ON DELETE CASCADE,
    support_phone text NOT NULL DEFAULT '',
    support_email text NOT NULL DEFAULT '' CHECK (support_email = lower(support_email)),
    updated_at    timestamptz NOT NULL DEFAULT now()
);
CREATE TRIGGER franchise_settings_updated_at BEFORE UPDATE ON franchise_settings FOR EACH ROW EXECUTE FUNCTION set_updated_at();

-- D22: who changed a job's status, assignment or price, or downloaded a private document; when;
-- before and after. Append-only: the server's role has no UPDATE or DELETE on it.
CREATE TABLE audit_log (
    id          bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    occurred_at timestamptz NOT NULL DEFAULT now(),
    actor_id    uuid,
    actor_role  text NOT NULL,
    action      text NOT NULL CHECK (length(action) > 0),
    entity      text NOT NULL,
    entity_id   text NOT NULL,
    regio       text,
    before      jsonb,
    after       jsonb
);
CREATE INDEX audit_log_entity_idx ON audit_log (entity, entity_id, occurred_at DESC);
CREATE INDEX audit_log_occurred_idx ON audit_log (occurred_at DESC);

-- Default rows, before RLS is switched on (FORCE applies to the owner too).
INSERT INTO app_settings (setting_key, setting_value) VALUES ('support_phone_default', '');
INSERT INTO franchise_settings (regio) VALUES ('amsterdam'), ('rotterdam'), ('den-haag'), ('utrecht');

ALTER TABLE notifications ENABLE ROW LEVEL SECURITY;
ALTER TABLE notifications FORCE ROW LEVEL SECURITY;
ALTER TABLE app_settings ENABLE ROW LEVEL SECURITY;
ALTER TABLE app_settings FORCE ROW LEVEL SECURITY;
ALTER TABLE franchise_settings ENABLE ROW LEVEL SECURITY;
ALTER TABLE franchise_settings FORCE ROW LEVEL SECURITY;
ALTER TABLE audit_log ENABLE ROW LEVEL SECURITY;
ALTER TABLE audit_log FORCE ROW LEVEL SECURITY;

-- Notifications: admins create and see all; a user reads and marks read its own.
CREATE POLICY admin_all ON notifications TO klusmaat_app
    USING (actor_role() = 'admin') WITH CHECK (actor_role() = 'admin');
CREATE POLICY read_own ON notifications FOR SELECT TO klusmaat_app
    USING (user_id = actor_id());
CREATE POLICY mark_own ON notifications FOR UPDATE TO klusmaat_app
    USING (user_id = actor_id()) WITH CHECK (user_id = actor_id());

-- Settings: every signed-in actor reads (the klusser's 'Bel Support' card); admins write.
CREATE POLICY read_signed_in ON app_settings FOR SELECT TO klusmaat_app
    USING (actor_role() IN ('admin', 'franchise', 'klusser'));
CREATE POLICY admin_all ON app_settings TO klusmaat_app
    USING (actor_role() = 'admin') WITH CHECK (actor_role() = 'admin');

-- Franchise settings: admins all; a franchise owner reads and writes only its regions' rows; a
-- klusser reads its regions' support contact.
CREATE POLICY admin_all ON franchise_settings TO klusmaat_app
    USING (actor_role() = 'admin') WITH CHECK (actor_role() = 'admin');
CREATE POLICY franchise_read_own_regions ON franchise_settings FOR SELECT TO klusmaat_app
    USING (actor_role() = 'franchise' AND regio = ANY (actor_regions()));
CREATE POLICY franchise_update_own_regions ON franchise_settings FOR UPDATE TO klusmaat_app
    USING (actor_role() = 'franchise' AND regio = ANY (actor_regions()))
    WITH CHECK (actor_role() = 'franchise' AND regio = ANY (actor_regions()));
CREATE POLICY klusser_read_region ON franchise_settings FOR SELECT TO klusmaat_app
    USING (actor_role() = 'klusser' AND regio = ANY (actor_regions()));

-- Audit: only admins read; every actor appends entries in its own name.
CREATE POLICY admin_read ON audit_log FOR SELECT TO klusmaat_app
    USING (actor_role() = 'admin');
CREATE POLICY append_own ON audit_log FOR INSERT TO klusmaat_app
    WITH CHECK (actor_role() IS NOT NULL AND actor_role = actor_role()
        AND actor_id IS NOT DISTINCT FROM actor_id());

GRANT SELECT, INSERT, UPDATE, DELETE ON notifications, app_settings, franchise_settings TO klusmaat_app;
GRANT SELECT, INSERT ON audit_log TO klusmaat_app;

