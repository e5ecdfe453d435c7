-- Franchise portal (issue 14): a franchise owner reads the work orders and invoices of the jobs of
-- its regions (the read-only job detail shows them; a klusser's detail shows its reviews and hours
-- in those regions). Never another region's, never a write: there is no franchise write policy on
-- either table. (The actor is read once per query, as migration 011 does for every policy.)
CREATE POLICY franchise_read_region ON werkbonnen FOR SELECT TO klusmaat_app
    USING (EXISTS (SELECT 1 FROM klussen k WHERE k.id = klus_id
                   AND k.regio = ANY ((SELECT regions FROM current_actor WHERE role = 'franchise')::text[])));
CREATE POLICY franchise_read_region ON facturen FOR SELECT TO klusmaat_app
    USING (regio = ANY ((SELECT regions FROM current_actor WHERE role = 'franchise')::text[]));
