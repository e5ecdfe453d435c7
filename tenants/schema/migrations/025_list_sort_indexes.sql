-- Lists at scale (issue 30; D25): indexes for the sorts the console offers, so that a first page
-- in any of them is read from an index in the list's order (25 rows) instead of a sort of every
-- live job or customer. tenants.QueryPage orders by the sort field (empty values last, either
-- direction), then the tie-break ascending; an index serves one direction, so the two directions a
-- column header toggles are two indexes. The jobs list's datum order has its indexes (migration
-- 019); the franchise owners' datum ascending reads klussen_regio_datum_idx (migration 003).

-- The jobs list without archived jobs (the default) by status and by town (KlusList, FranchiseKlusList).
CREATE INDEX klussen_live_status_sort_idx ON klussen (status, created_at, id) WHERE NOT archived;
CREATE INDEX klussen_live_status_desc_idx ON klussen (status DESC NULLS LAST, created_at, id) WHERE NOT archived;
CREATE INDEX klussen_live_woonplaats_sort_idx ON klussen (woonplaats, created_at, id) WHERE NOT archived;
CREATE INDEX klussen_live_woonplaats_desc_idx ON klussen (woonplaats DESC NULLS LAST, created_at, id) WHERE NOT archived;

-- The customers by number of jobs (most first) and by town (KlantList); the e-mail address is the
-- tie-break, and these also give the keyset of a deeper page its edge from the index alone
-- (services/klant: seek), as klant_overzicht_laatste_idx (migration 020) does for the default order.
CREATE INDEX klant_overzicht_aantal_idx ON klant_overzicht (aantal_klussen DESC NULLS LAST, email);
CREATE INDEX klant_overzicht_woonplaats_idx ON klant_overzicht (woonplaats, email);
