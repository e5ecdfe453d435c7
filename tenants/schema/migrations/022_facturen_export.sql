-- The reports page has a second export, 'Facturen Export' (document 001 section 2, Reports): the
-- invoices of a period. Its job runs as its requester like the hours export, so row-level security
-- on facturen decides what it holds.

ALTER TABLE exports DROP CONSTRAINT exports_soort_check;
ALTER TABLE exports ADD CONSTRAINT exports_soort_check CHECK (soort IN ('uren', 'facturen'));
