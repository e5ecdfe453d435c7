-- Two indexes fewer on klussen (issue 44): every index is one more insert for each job the public
-- request adds (28 before this). These two were the leading column of a wider index with the same
-- condition, which answers every search they did (the status tiles and filters, the town filter),
-- as a plain or an index-only scan of the wider one:
--   klussen_status_idx (status) WHERE NOT archived
--     is covered by klussen_live_status_sort_idx (status, created_at, id) WHERE NOT archived;
--   klussen_live_woonplaats_idx (woonplaats) WHERE NOT archived
--     is covered by klussen_live_woonplaats_sort_idx (woonplaats, created_at, id) WHERE NOT archived.
DROP INDEX klussen_status_idx;
DROP INDEX klussen_live_woonplaats_idx;
