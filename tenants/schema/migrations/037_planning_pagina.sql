-- The week board pages its klussers (docs/decisions.md, D29): a page reads the week's jobs of its
-- 25 klussers only, by klusser and planned start, instead of all the week's planned jobs.
CREATE INDEX klussen_klusser_gepland_idx ON klussen (klusser_id, geplande_start_tijd)
    WHERE klusser_id IS NOT NULL AND NOT archived;
