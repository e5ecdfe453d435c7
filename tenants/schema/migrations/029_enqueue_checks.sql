-- The check of what the server's role may enqueue (river.klusmaat_check_enqueue in
-- river_access.sql, applied after River's own migrations) runs as the schema owner and binds an
-- applicant's e-mail to the message an admin logged in the same transaction; the owner, like every
-- role, meets the table's forced row-level security, so it gets the read it needs here.
CREATE POLICY owner_enqueue_check ON klusser_communications FOR SELECT TO CURRENT_USER USING (true);
