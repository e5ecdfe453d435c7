-- The week board (docs/decisions.md, D29) reads a week of planned jobs, a week of surveys and the
-- open jobs without a klusser; these indexes keep each read to the rows it shows at any size.
CREATE INDEX klussen_gepland_idx ON klussen (geplande_start_tijd)
    WHERE klusser_id IS NOT NULL AND NOT archived;
CREATE INDEX klussen_onbemand_idx ON klussen (datum, id)
    WHERE status = 'open' AND klusser_id IS NULL AND NOT archived;
CREATE INDEX klus_schouwen_start_idx ON klus_schouwen (start);
-- The charts' late call-backs (D26, D29) read the website's requests of a period.
CREATE INDEX klussen_website_created_idx ON klussen (created_at) WHERE bron = 'website';
