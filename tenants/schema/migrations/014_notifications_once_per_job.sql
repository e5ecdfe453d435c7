-- The notification workers wrote their notifications and marked their River job complete in one
-- transaction, so that a retry never notified anyone twice. Marking a job is now the job queue's
-- role's business alone (tenants/schema/river_access.sql), so a retry is made harmless here instead: a
-- notification remembers the job that wrote it, and a job writes each user's notification once.
ALTER TABLE notifications ADD COLUMN job_id bigint;
CREATE UNIQUE INDEX notifications_job_user_key ON notifications (job_id, user_id) WHERE job_id IS NOT NULL;
