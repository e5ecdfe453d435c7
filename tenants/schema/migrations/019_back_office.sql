-- Back office I: the klusser hears of a direct assignment, and the indexes behind the
-- back-office lists and dashboard counts (D25: fast at a million jobs).

-- An admin who assigns a job tells its klusser (document 001 section 4; D16: a background job).
-- The list repeats every earlier type (klus_geannuleerd: migration 018).
ALTER TABLE notifications DROP CONSTRAINT notifications_type_check;
ALTER TABLE notifications ADD CONSTRAINT notifications_type_check
    CHECK (type IN ('klus_opgepakt', 'klus_ingepland', 'klus_gewijzigd', 'nieuwe_klus', 'klus_geannuleerd', 'klus_toegewezen'));

-- The dashboard counts jobs that are not archived by region and status, and the top towns; both
-- are index-only scans of these partial indexes (no heap visit once the visibility map is set).
CREATE INDEX klussen_live_regio_status_idx ON klussen (regio, status) WHERE NOT archived;
CREATE INDEX klussen_live_woonplaats_idx ON klussen (woonplaats) WHERE NOT archived;
-- The jobs list filters a town case-insensitively (the dashboard's top towns link to it).
CREATE INDEX klussen_woonplaats_lower_idx ON klussen (lower(woonplaats), datum DESC);
-- The jobs list's default order (datum desc with empty dates last, then created_at, id: exactly
-- the ORDER BY of tenants.QueryPage, so a first page is read from the index in order, 25 rows),
-- without archived jobs, with and without a status filter; and the archive view.
CREATE INDEX klussen_live_status_datum_idx ON klussen (status, datum DESC NULLS LAST, created_at, id) WHERE NOT archived;
CREATE INDEX klussen_live_datum_idx ON klussen (datum DESC NULLS LAST, created_at, id) WHERE NOT archived;
CREATE INDEX klussen_archived_datum_idx ON klussen (datum DESC NULLS LAST, created_at, id) WHERE archived;

-- Customers are the jobs grouped by e-mail (D11); the card reads a customer's jobs newest first
-- (klussen_email_idx) and its invoices by the address they were issued to.
CREATE INDEX facturen_klant_email_idx ON facturen (klant_email, datum DESC);

-- Work orders: the overview's signed filter and card.
CREATE INDEX werkbonnen_signed_idx ON werkbonnen (created_at DESC) WHERE handtekening IS NOT NULL;

-- The audit page filters by who, by what and by job (the entity index of migration 006 serves
-- entity + entity_id).
CREATE INDEX audit_log_actor_idx ON audit_log (actor_id, occurred_at DESC);
CREATE INDEX audit_log_action_idx ON audit_log (action, occurred_at DESC);
CREATE INDEX audit_log_entity_id_idx ON audit_log (entity_id, occurred_at DESC);
