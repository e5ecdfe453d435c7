-- Cluster bootstrap: run once per PostgreSQL cluster by a superuser (the Makefile does this for
-- the private development and test clusters; in production a DBA runs it with real passwords).
--
-- Three roles, least privilege (D4):
--   klusmaat_owner     owns the schema and runs migrations. Not a superuser, no BYPASSRLS.
--   klusmaat_app       the server's login. Owns nothing, cannot bypass row-level security; it gets
--                      table privileges from the migrations and sees rows only through policies.
--   klusmaat_kratos    Ory Kratos's own login; owns only the kratos database (identities, sessions).
--   klusmaat_showcase  NOLOGIN. Owns the public showcase view, and may read only the showcase
--                      columns of profiles (D5), so the view cannot leak a phone number even by mistake.
--
-- psql variables: owner_password, app_password, kratos_password.
SELECT format('CREATE ROLE klusmaat_owner LOGIN CREATEDB NOSUPERUSER NOBYPASSRLS PASSWORD %L', :'owner_password')
WHERE NOT EXISTS (SELECT FROM pg_roles WHERE rolname = 'klusmaat_owner') \gexec
SELECT format('CREATE ROLE klusmaat_app LOGIN NOSUPERUSER NOBYPASSRLS NOCREATEDB NOCREATEROLE PASSWORD %L', :'app_password')
WHERE NOT EXISTS (SELECT FROM pg_roles WHERE rolname = 'klusmaat_app') \gexec
SELECT format('CREATE ROLE klusmaat_kratos LOGIN NOSUPERUSER NOBYPASSRLS NOCREATEDB NOCREATEROLE PASSWORD %L', :'kratos_password')
WHERE NOT EXISTS (SELECT FROM pg_roles WHERE rolname = 'klusmaat_kratos') \gexec
SELECT 'CREATE ROLE klusmaat_showcase NOLOGIN NOSUPERUSER NOBYPASSRLS'
WHERE NOT EXISTS (SELECT FROM pg_roles WHERE rolname = 'klusmaat_showcase') \gexec
-- The owner hands the showcase view to klusmaat_showcase, which requires membership.
GRANT klusmaat_showcase TO klusmaat_owner;
