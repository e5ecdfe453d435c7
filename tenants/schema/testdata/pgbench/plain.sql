-- The read itself, as the schema owner (no row-level security), one statement in its own implicit
-- transaction: what the machine does for this query at all.
SELECT id, status, woonplaats, datum FROM klussen WHERE id = :job::uuid AND regio = 'den-haag';
