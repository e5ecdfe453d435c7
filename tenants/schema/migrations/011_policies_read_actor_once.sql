-- Every policy reads the actor as (SELECT role | user_id | regions FROM current_actor): an
-- uncorrelated subquery becomes an InitPlan that runs once per query, where the old bare calls of
-- actor_role() and friends ran once per row; and reading the view directly costs no function call.
-- Since migration 010 the actor is a row to look up, so both matter. Where a rule needs the role
-- and the regions or id, one lookup answers both: (SELECT regions FROM current_actor WHERE role =
-- 'franchise') is NULL for anyone else, and nothing equals NULL. The rules themselves do not change
-- here.

-- Reference data (migration 001).
ALTER POLICY read_any_actor ON regions USING ((SELECT role FROM current_actor) IS NOT NULL);
ALTER POLICY admin_all ON regions USING ((SELECT role FROM current_actor) = 'admin') WITH CHECK ((SELECT role FROM current_actor) = 'admin');
ALTER POLICY read_any_actor ON region_towns USING ((SELECT role FROM current_actor) IS NOT NULL);
ALTER POLICY admin_all ON region_towns USING ((SELECT role FROM current_actor) = 'admin') WITH CHECK ((SELECT role FROM current_actor) = 'admin');
ALTER POLICY read_any_actor ON region_postcodes USING ((SELECT role FROM current_actor) IS NOT NULL);
ALTER POLICY admin_all ON region_postcodes USING ((SELECT role FROM current_actor) = 'admin') WITH CHECK ((SELECT role FROM current_actor) = 'admin');
ALTER POLICY read_any_actor ON categories USING ((SELECT role FROM current_actor) IS NOT NULL);
ALTER POLICY admin_all ON categories USING ((SELECT role FROM current_actor) = 'admin') WITH CHECK ((SELECT role FROM current_actor) = 'admin');

-- Accounts (migration 002).
ALTER POLICY admin_all ON user_roles USING ((SELECT role FROM current_actor) = 'admin') WITH CHECK ((SELECT role FROM current_actor) = 'admin');
ALTER POLICY read_own ON user_roles USING (user_id = (SELECT user_id FROM current_actor));
ALTER POLICY franchise_read_klussers ON user_roles USING ((SELECT role FROM current_actor) = 'franchise' AND role = 'klusser');
ALTER POLICY admin_all ON profiles USING ((SELECT role FROM current_actor) = 'admin') WITH CHECK ((SELECT role FROM current_actor) = 'admin');
ALTER POLICY read_own ON profiles USING (id = (SELECT user_id FROM current_actor));
ALTER POLICY franchise_read_region ON profiles
    USING (regio && (SELECT regions FROM current_actor WHERE role = 'franchise'));

-- Jobs (migration 003).
ALTER POLICY admin_all ON klussen USING ((SELECT role FROM current_actor) = 'admin') WITH CHECK ((SELECT role FROM current_actor) = 'admin');
ALTER POLICY franchise_read_region ON klussen
    USING (regio = ANY ((SELECT regions FROM current_actor WHERE role = 'franchise')::text[]));
ALTER POLICY klusser_read_pool_and_own ON klussen
    USING (klusser_id = (SELECT user_id FROM current_actor WHERE role = 'klusser')
        OR (assignment_type = 'pool' AND status = 'open' AND klusser_id IS NULL AND NOT archived
            AND regio = ANY ((SELECT regions FROM current_actor WHERE role = 'klusser')::text[])));
ALTER POLICY klusser_update_pool_and_own ON klussen
    USING (klusser_id = (SELECT user_id FROM current_actor WHERE role = 'klusser')
        OR (assignment_type = 'pool' AND status = 'open' AND klusser_id IS NULL AND NOT archived
            AND regio = ANY ((SELECT regions FROM current_actor WHERE role = 'klusser')::text[])))
    WITH CHECK (klusser_id = (SELECT user_id FROM current_actor WHERE role = 'klusser'));
ALTER POLICY public_request ON klussen
    WITH CHECK ((SELECT role FROM current_actor) IN ('anonymous', 'authenticated', 'klusser', 'franchise')
        AND status = 'open' AND klusser_id IS NULL AND assignment_type IS NULL AND claimed_at IS NULL
        AND NOT archived AND planning_changes_count = 0
        AND (klant_id IS NULL OR klant_id = (SELECT user_id FROM current_actor)));

-- Work orders and invoices (migration 004).
ALTER POLICY admin_all ON werkbonnen USING ((SELECT role FROM current_actor) = 'admin') WITH CHECK ((SELECT role FROM current_actor) = 'admin');
ALTER POLICY klusser_read_own ON werkbonnen
    USING (klusser_id = (SELECT user_id FROM current_actor WHERE role = 'klusser'));
ALTER POLICY klusser_create_own ON werkbonnen
    WITH CHECK (klusser_id = (SELECT user_id FROM current_actor WHERE role = 'klusser')
        AND EXISTS (SELECT 1 FROM klussen k WHERE k.id = klus_id AND k.klusser_id = (SELECT user_id FROM current_actor)));
ALTER POLICY klusser_update_own ON werkbonnen
    USING (klusser_id = (SELECT user_id FROM current_actor WHERE role = 'klusser'))
    WITH CHECK (klusser_id = (SELECT user_id FROM current_actor WHERE role = 'klusser'));

ALTER POLICY admin_all ON work_order_items USING ((SELECT role FROM current_actor) = 'admin') WITH CHECK ((SELECT role FROM current_actor) = 'admin');
ALTER POLICY klusser_own ON work_order_items
    USING (EXISTS (SELECT 1 FROM werkbonnen w WHERE w.id = work_order_id AND w.klusser_id = (SELECT user_id FROM current_actor WHERE role = 'klusser')))
    WITH CHECK (EXISTS (SELECT 1 FROM werkbonnen w WHERE w.id = work_order_id AND w.klusser_id = (SELECT user_id FROM current_actor WHERE role = 'klusser')));
ALTER POLICY admin_all ON work_order_photos USING ((SELECT role FROM current_actor) = 'admin') WITH CHECK ((SELECT role FROM current_actor) = 'admin');
ALTER POLICY klusser_own ON work_order_photos
    USING (EXISTS (SELECT 1 FROM werkbonnen w WHERE w.id = work_order_id AND w.klusser_id = (SELECT user_id FROM current_actor WHERE role = 'klusser')))
    WITH CHECK (EXISTS (SELECT 1 FROM werkbonnen w WHERE w.id = work_order_id AND w.klusser_id = (SELECT user_id FROM current_actor WHERE role = 'klusser')));

ALTER POLICY invoicers ON invoice_number_counters
    USING ((SELECT role FROM current_actor) IN ('admin', 'klusser')) WITH CHECK ((SELECT role FROM current_actor) IN ('admin', 'klusser'));

ALTER POLICY admin_all ON facturen USING ((SELECT role FROM current_actor) = 'admin') WITH CHECK ((SELECT role FROM current_actor) = 'admin');
ALTER POLICY klusser_read_own ON facturen
    USING (klusser_id = (SELECT user_id FROM current_actor WHERE role = 'klusser'));
ALTER POLICY klusser_create_own ON facturen
    WITH CHECK (klusser_id = (SELECT user_id FROM current_actor WHERE role = 'klusser')
        AND EXISTS (SELECT 1 FROM klussen k WHERE k.id = klus_id AND k.klusser_id = (SELECT user_id FROM current_actor)));
ALTER POLICY klusser_update_own ON facturen
    USING (klusser_id = (SELECT user_id FROM current_actor WHERE role = 'klusser'))
    WITH CHECK (klusser_id = (SELECT user_id FROM current_actor WHERE role = 'klusser'));

-- Applications (migration 005).
ALTER POLICY admin_all ON klusser_aanmeldingen USING ((SELECT role FROM current_actor) = 'admin') WITH CHECK ((SELECT role FROM current_actor) = 'admin');
ALTER POLICY public_apply ON klusser_aanmeldingen
    WITH CHECK ((SELECT role FROM current_actor) IS NOT NULL AND status = 'nieuw' AND notities = '' AND profile_id IS NULL);
ALTER POLICY admin_all ON klusser_documents USING ((SELECT role FROM current_actor) = 'admin') WITH CHECK ((SELECT role FROM current_actor) = 'admin');
ALTER POLICY klusser_read_own ON klusser_documents
    USING (klusser_id = (SELECT user_id FROM current_actor WHERE role = 'klusser'));
ALTER POLICY admin_all ON klusser_communications USING ((SELECT role FROM current_actor) = 'admin') WITH CHECK ((SELECT role FROM current_actor) = 'admin');

-- Notifications, settings, audit (migration 006).
ALTER POLICY admin_all ON notifications USING ((SELECT role FROM current_actor) = 'admin') WITH CHECK ((SELECT role FROM current_actor) = 'admin');
ALTER POLICY read_own ON notifications USING (user_id = (SELECT user_id FROM current_actor));
ALTER POLICY mark_own ON notifications USING (user_id = (SELECT user_id FROM current_actor)) WITH CHECK (user_id = (SELECT user_id FROM current_actor));
ALTER POLICY read_signed_in ON app_settings USING ((SELECT role FROM current_actor) IN ('admin', 'franchise', 'klusser'));
ALTER POLICY admin_all ON app_settings USING ((SELECT role FROM current_actor) = 'admin') WITH CHECK ((SELECT role FROM current_actor) = 'admin');
ALTER POLICY admin_all ON franchise_settings USING ((SELECT role FROM current_actor) = 'admin') WITH CHECK ((SELECT role FROM current_actor) = 'admin');
ALTER POLICY franchise_read_own_regions ON franchise_settings
    USING (regio = ANY ((SELECT regions FROM current_actor WHERE role = 'franchise')::text[]));
ALTER POLICY franchise_update_own_regions ON franchise_settings
    USING (regio = ANY ((SELECT regions FROM current_actor WHERE role = 'franchise')::text[]))
    WITH CHECK (regio = ANY ((SELECT regions FROM current_actor WHERE role = 'franchise')::text[]));
ALTER POLICY klusser_read_region ON franchise_settings
    USING (regio = ANY ((SELECT regions FROM current_actor WHERE role = 'klusser')::text[]));
ALTER POLICY admin_read ON audit_log USING ((SELECT role FROM current_actor) = 'admin');
ALTER POLICY append_own ON audit_log
    WITH CHECK ((SELECT role FROM current_actor) IS NOT NULL AND actor_role = (SELECT role FROM current_actor)
        AND actor_id IS NOT DISTINCT FROM (SELECT user_id FROM current_actor));

-- Job events (migration 008).
ALTER POLICY admin_all ON klus_events USING ((SELECT role FROM current_actor) = 'admin') WITH CHECK ((SELECT role FROM current_actor) = 'admin');
ALTER POLICY franchise_read_region ON klus_events
    USING (regio = ANY ((SELECT regions FROM current_actor WHERE role = 'franchise')::text[]));
ALTER POLICY klusser_read_pool_and_own ON klus_events
    USING (klusser_id = (SELECT user_id FROM current_actor WHERE role = 'klusser')
        OR (assignment_type = 'pool' AND regio = ANY ((SELECT regions FROM current_actor WHERE role = 'klusser')::text[])));

-- Exports (migration 009).
ALTER POLICY requester_only ON exports
    USING (requested_by = (SELECT user_id FROM current_actor)) WITH CHECK (requested_by = (SELECT user_id FROM current_actor));

-- The public showcase (migration 007): like every other read, no actor, no rows. The view's owner
-- reads current_actor on behalf of whoever reads the view.
GRANT SELECT ON current_actor TO klusmaat_showcase;
CREATE OR REPLACE VIEW public_klussers WITH (security_barrier) AS
    SELECT p.id, p.naam, p.woonplaats, p.specialisaties, p.gemiddelde_beoordeling, p.totaal_uren,
           p.gepensioneerd_sinds, p.intro_tekst, p.profiel_foto_url,
           p.carousel_foto_1, p.carousel_foto_2, p.carousel_foto_3
    FROM profiles p
    WHERE p.actief AND p.zichtbaar_op_website
      AND EXISTS (SELECT 1 FROM user_roles r WHERE r.user_id = p.id AND r.role = 'klusser')
      AND (SELECT role FROM current_actor) IS NOT NULL;
