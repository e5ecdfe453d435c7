-- Per-database hardening: run by a superuser in the application's database, and in template1 so
-- that every database created afterwards (the test databases of tenants/dbtest) inherits it.
-- Function privileges live in each database, so bootstrap.sql (cluster-wide roles) cannot do this.
--
-- pg_notify: the server's role may not call it. Job events are announced by the schema owner's
-- trigger (migration 013) and River's workers announce their own; nobody else needs to. (The NOTIFY
-- command itself cannot be revoked in PostgreSQL, which is why the event hub treats a notification
-- as a hint and reads every event back through row-level security.)
REVOKE EXECUTE ON FUNCTION pg_notify(text, text) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION pg_notify(text, text) TO klusmaat_owner, klusmaat_queue;
