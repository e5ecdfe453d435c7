-- The klusser's pool in its own order (issue 30). klussen_pool_idx (migration 003) holds the pool
-- per region by date, but a klusser's regions come as an array (regio = ANY ($1)), and an index
-- led by the region yields no single date order over several of them; so the planner walked every
-- job by date (klussen_datum_idx), dropping each finished or assigned one on the way: over 30,000
-- rows for a first page of 25 at 100,000 jobs. This index holds only pool jobs, in the pool's order
-- (services/klus: PoolSpec, datum then geplande_start_tijd then id), so a first page reads its rows
-- in order and skips only other regions' pool jobs; the count keeps using klussen_pool_idx.
CREATE INDEX klussen_pool_order_idx ON klussen (datum, geplande_start_tijd, id)
    WHERE assignment_type = 'pool' AND status = 'open' AND klusser_id IS NULL AND NOT archived;
