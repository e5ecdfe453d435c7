-- The read in a transaction of its own as the owner (no proof, no row-level security): BEGIN and
-- the read in one round trip, then COMMIT. What a transaction costs beside the bare read.
\startpipeline
BEGIN;
SELECT id, status, woonplaats, datum FROM klussen WHERE id = :job::uuid AND regio = 'den-haag';
\endpipeline
COMMIT;
