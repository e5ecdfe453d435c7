-- An actor the server's role cannot forge (D4).
--
-- Until now the actor was three custom settings (klusmaat.role, .user_id, .regions). Any SQL that
-- runs as klusmaat_app (a bug, an injected query, a compromised dependency) could change them with
-- SET LOCAL or set_config, or leave an admin on a pooled connection with a session-level setting.
--
-- Now the server proves the actor to the database once per transaction (tenants/proof.go):
--   1. with BEGIN, actor_challenge() tells it the backend's pid and the new transaction's id;
--   2. it signs the claims (role, user id, regions) with that pid and transaction id, with an HMAC
--      key (KLUSMAAT_ACTOR_KEY), and calls begin_actor();
--   3. begin_actor(), owned by the schema owner, checks the signature with its copy of the key
--      (written by `klusmaat migrate`, readable by the owner only) and records the actor in an
--      owner-only table keyed by (pid, transaction id);
--   4. policies read only that row, through the current_actor view, which shows a backend its own
--      row while that transaction runs (and so do the actor_*() functions).
-- So set_config and SET LOCAL change nothing the policies read; changing or widening the actor
-- needs a signature, which needs the key; and a signature is good for one transaction of one
-- backend, so a later transaction on a pooled connection starts without an actor: no rows.
--
-- Why signed claims rather than a second, privileged pool that grants the actor to the app's
-- connection: one pool and no second set of credentials, the same number of round trips as before
-- (the challenge rides with BEGIN), and a deployment where DATABASE_URL points elsewhere needs only
-- the same KLUSMAAT_ACTOR_KEY for `klusmaat migrate` and the server. The key is no more exposed
-- than the server's own password; SQL that runs as klusmaat_app cannot reach it.

CREATE EXTENSION IF NOT EXISTS pgcrypto;

-- Temporary objects last as long as a pooled connection and are found by name before the schema's
-- own: a temporary view called current_actor, or a table called klussen, made by SQL running as
-- the server's role, would stand in for the real one in later requests on that connection. The
-- server needs none, so nobody but the owner may make them here.
DO $$ BEGIN EXECUTE format('REVOKE TEMPORARY ON DATABASE %I FROM PUBLIC', current_database()); END $$;

-- The owner's private schema: klusmaat_app has no USAGE on it, so it can neither read the key nor
-- touch the recorded actors (it sees its own through the current_actor view below).
CREATE SCHEMA klusmaat_private;
REVOKE ALL ON SCHEMA klusmaat_private FROM PUBLIC;

-- One row: the key. `klusmaat migrate` writes it from KLUSMAAT_ACTOR_KEY on every run.
CREATE TABLE klusmaat_private.actor_key (
    singleton  boolean PRIMARY KEY DEFAULT true CHECK (singleton),
    key        bytea NOT NULL CHECK (octet_length(key) >= 32),
    updated_at timestamptz NOT NULL DEFAULT now()
);

-- One row per backend: the actor of its current (or last) transaction. A row is valid only while
-- xid is the backend's running transaction; the next begin_actor() on the backend overwrites it.
-- UNLOGGED: the rows mean nothing after a restart, and writing them costs no WAL flush at commit.
-- fillfactor leaves room for HOT updates, as each backend rewrites its row every transaction.
CREATE UNLOGGED TABLE klusmaat_private.actors (
    pid     integer PRIMARY KEY,
    xid     xid8 NOT NULL,
    role    text NOT NULL,
    user_id uuid,
    regions text[] NOT NULL
) WITH (fillfactor = 50);

-- actor_challenge announces the backend's pid and the transaction's id to the server, which signs
-- them with the claims. The server runs it in the same round trip as BEGIN, whose results it does
-- not read, so the two travel as a notice (tenants/proof.go). It assigns the transaction its id.
CREATE FUNCTION actor_challenge() RETURNS void
    LANGUAGE plpgsql VOLATILE
    SET search_path = pg_catalog, pg_temp
    AS $$
BEGIN
    RAISE NOTICE USING MESSAGE = 'klusmaat actor challenge',
        DETAIL = pg_backend_pid()::text || ' ' || pg_current_xact_id()::text;
END $$;

-- begin_actor records the transaction's actor when signature is the HMAC-SHA256, under the actor
-- key, of the lines: klusmaat-actor-v1, pid, transaction id, role, user id ('' for anonymous),
-- regions joined by ','. It refuses a bad signature and a second actor in one transaction.
CREATE FUNCTION begin_actor(role text, user_id uuid, regions text[], signature bytea) RETURNS void
    LANGUAGE plpgsql VOLATILE SECURITY DEFINER
    SET search_path = pg_catalog, pg_temp
    AS $$
DECLARE
    my_pid integer := pg_backend_pid();
    my_xid xid8 := pg_current_xact_id();
BEGIN
    IF role IS NULL OR role NOT IN ('anonymous', 'authenticated', 'klusser', 'franchise', 'admin')
       OR (role = 'anonymous') <> (user_id IS NULL) OR regions IS NULL OR signature IS NULL
       OR public.hmac(convert_to(concat_ws(E'\n', 'klusmaat-actor-v1', my_pid, my_xid, role,
                                           coalesce(user_id::text, ''), array_to_string(regions, ',')), 'UTF8'),
                      (SELECT k.key FROM klusmaat_private.actor_key k), 'sha256') IS DISTINCT FROM signature THEN
        RAISE EXCEPTION 'actor not proved: bad claims or signature' USING ERRCODE = 'insufficient_privilege';
    END IF;
    INSERT INTO klusmaat_private.actors AS a (pid, xid, role, user_id, regions)
    VALUES (my_pid, my_xid, role, user_id, regions)
    ON CONFLICT ON CONSTRAINT actors_pkey DO UPDATE
        SET xid = EXCLUDED.xid, role = EXCLUDED.role, user_id = EXCLUDED.user_id, regions = EXCLUDED.regions
        WHERE a.xid <> EXCLUDED.xid;
    IF NOT FOUND THEN
        RAISE EXCEPTION 'the transaction already has an actor' USING ERRCODE = 'insufficient_privilege';
    END IF;
    -- Now and then, forget the rows of backends that have ended (their pids may come back, but
    -- not their transactions), so that the table stays as small as the number of connections.
    IF random() < 0.001 THEN
        DELETE FROM klusmaat_private.actors a
        WHERE NOT EXISTS (SELECT 1 FROM pg_stat_activity s WHERE s.pid = a.pid);
    END IF;
END $$;
REVOKE ALL ON FUNCTION begin_actor(text, uuid, text[], bytea) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION begin_actor(text, uuid, text[], bytea) TO klusmaat_app;

-- current_actor is the one row the server's role may see: its backend's, while the transaction
-- that proved it runs. The view is the owner's, so it reads the owner-only table for the server's
-- role, and it was parsed when created: no search_path a session sets changes what it compares.
-- pg_current_xact_id_if_assigned() is NULL before begin_actor() ran, so a transaction that never
-- proved an actor, and every later transaction on the same backend, finds no row: no actor, no rows.
-- Policies read it as (SELECT role FROM current_actor): an uncorrelated subquery is evaluated once
-- per query (an InitPlan), and costs no function call (migration 011).
CREATE VIEW current_actor AS
    SELECT a.role, a.user_id, a.regions FROM klusmaat_private.actors a
    WHERE a.pid = pg_backend_pid() AND a.xid = pg_current_xact_id_if_assigned();
GRANT SELECT ON current_actor TO klusmaat_app;

-- The functions, for SQL that wants the actor as a value (a service's WHERE user_id = actor_id(),
-- an audit entry, the column-rule triggers). PL/pgSQL keeps the lookup's plan for the session; the
-- view is named with its schema, so a temporary view of the same name cannot stand in for it.
CREATE OR REPLACE FUNCTION actor_role() RETURNS text
    LANGUAGE plpgsql STABLE PARALLEL RESTRICTED
    AS $$ BEGIN RETURN (SELECT a.role FROM public.current_actor a); END $$;

CREATE OR REPLACE FUNCTION actor_id() RETURNS uuid
    LANGUAGE plpgsql STABLE PARALLEL RESTRICTED
    AS $$ BEGIN RETURN (SELECT a.user_id FROM public.current_actor a); END $$;

CREATE OR REPLACE FUNCTION actor_regions() RETURNS text[]
    LANGUAGE plpgsql STABLE PARALLEL RESTRICTED
    AS $$ BEGIN RETURN coalesce((SELECT a.regions FROM public.current_actor a), '{}'); END $$;
