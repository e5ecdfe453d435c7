-- Franchise portal: a franchise owner reads the work orders and invoices of the jobs of
-- its regions (the read-only job detail shows them; a klusser's detail shows its reviews and hours
-- in those regions). Never another region's, never a write: there is no franchise write policy on
-- either table. (The actor is read once per query, as migration 011 does for every policy.)
CREATE POLICY franchise_read_region ON werkbonnen FOR SELECT TO klusmaat_app
    USING (EXISTS (SELECT 1 FROM klussen k WHERE k.id = klus_id
                   AND k.regio = ANY ((SELECT regions FROM current_actor WHERE role = 'franchise')::text[])));
CREATE POLICY franchise_read_region ON facturen FOR SELECT TO klusmaat_app
    USING (regio = ANY ((SELECT regions FROM current_actor WHERE role = 'franchise')::text[]));

-- A franchise owner saves its regions' support contact (Franchise settings): a region without a
-- settings row yet gets one, so the owner may insert it too, for its own regions only.
CREATE POLICY franchise_insert_own_regions ON franchise_settings FOR INSERT TO klusmaat_app
    WITH CHECK ((SELECT role FROM current_actor) = 'franchise' AND regio = ANY ((SELECT regions FROM current_actor)::text[]));
