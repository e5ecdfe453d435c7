-- Cluster bootstrap: run once per PostgreSQL cluster by a superuser (the Makefile does this for
-- the private development and test clusters; in production a DBA runs it with real passwords).
--
-- The roles, least privilege (D4):
--   klusmaat_owner     owns the schema and runs migrations. Not a superuser, no BYPASSRLS.
--   klusmaat_app       the server's login. Owns nothing, cannot bypass row-level security; it gets
--                      table privileges from the migrations and sees rows only through policies.
--   klusmaat_queue     the job queue's login (River's workers). Owns nothing; may use River's tables
--                      (schema river) only, which the server's role may merely add jobs to.
--   klusmaat_kratos    Ory Kratos's own login; owns only the kratos database (identities, sessions).
--   klusmaat_showcase  NOLOGIN. Owns the public showcase view, and may read only the showcase
--                      columns of profiles (D5), so the view cannot leak a phone number even by mistake.
--
-- psql variables: owner_password, app_password, queue_password, kratos_password.
-- Then run bootstrap_database.sql in the application's database (and in template1, so that
-- databases created later start hardened).
SELECT format('CREATE ROLE klusmaat_owner LOGIN CREATEDB NOSUPERUSER NOBYPASSRLS PASSWORD %L', :'owner_password')
WHERE NOT EXISTS (SELECT FROM pg_roles WHERE rolname = 'klusmaat_owner') \gexec
SELECT format('CREATE ROLE klusmaat_app LOGIN NOSUPERUSER NOBYPASSRLS NOCREATEDB NOCREATEROLE PASSWORD %L', :'app_password')
WHERE NOT EXISTS (SELECT FROM pg_roles WHERE rolname = 'klusmaat_app') \gexec
SELECT format('CREATE ROLE klusmaat_queue LOGIN NOSUPERUSER NOBYPASSRLS NOCREATEDB NOCREATEROLE PASSWORD %L', :'queue_password')
WHERE NOT EXISTS (SELECT FROM pg_roles WHERE rolname = 'klusmaat_queue') \gexec
SELECT format('CREATE ROLE klusmaat_kratos LOGIN NOSUPERUSER NOBYPASSRLS NOCREATEDB NOCREATEROLE PASSWORD %L', :'kratos_password')
WHERE NOT EXISTS (SELECT FROM pg_roles WHERE rolname = 'klusmaat_kratos') \gexec
SELECT 'CREATE ROLE klusmaat_showcase NOLOGIN NOSUPERUSER NOBYPASSRLS'
WHERE NOT EXISTS (SELECT FROM pg_roles WHERE rolname = 'klusmaat_showcase') \gexec
-- The owner hands the showcase view to klusmaat_showcase, which requires membership.
GRANT klusmaat_showcase TO klusmaat_owner;
