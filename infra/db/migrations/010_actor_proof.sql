-- An actor the server's role cannot forge (D4).
--
-- Until now the actor was three custom settings (klusmaat.role, .user_id, .regions). Any SQL that
-- runs as klusmaat_app (a bug, an injected query, a compromised dependency) could change them with
-- SET LOCAL or set_config, or leave an admin on a pooled connection with a session-level setting.
--
-- Now the server proves the actor to the database once per transaction. It signs the claims with
-- an HMAC key (KLUSMAAT_ACTOR_KEY) over the backend's pid and the transaction id; begin_actor()
-- below, owned by the schema owner, checks the signature with its copy of the key (written by
-- `klusmaat migrate`, readable by the owner only) and records the actor in an owner-only table
-- keyed by (pid, transaction id). The actor_*() functions read only that row:
--   * set_config and SET LOCAL change nothing the policies read;
--   * changing the actor needs a new signature, which needs the key;
--   * a signature is good for one transaction of one backend only, so the next transaction on a
--     pooled connection starts without an actor: no rows.
--
-- Why signed claims rather than a second, privileged pool that grants the actor: one pool, one
-- round trip, no second set of credentials; the server holds a key it already needs no more than
-- it holds its own password, and a deployment where DATABASE_URL points elsewhere only needs the
-- same KLUSMAAT_ACTOR_KEY for `klusmaat migrate` and `klusmaat serve`.

CREATE EXTENSION IF NOT EXISTS pgcrypto;

-- The owner's private schema: klusmaat_app has no USAGE on it, so it can neither read the key nor
-- touch the recorded actors, whatever it is granted elsewhere.
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

-- begin_actor records the transaction's actor when signature is the HMAC-SHA256, under the actor
-- key, of the lines: klusmaat-actor-v1, pid, transaction id, role, user id ('' for anonymous),
-- regions joined by ','. It refuses a bad signature and a second actor in one transaction.
CREATE FUNCTION begin_actor(role text, user_id uuid, regions text[], signature bytea) RETURNS void
    LANGUAGE plpgsql VOLATILE SECURITY DEFINER
    SET search_path = pg_catalog, pg_temp
    AS $$
DECLARE
    k      bytea;
    my_pid integer := pg_backend_pid();
    my_xid xid8 := pg_current_xact_id();
    msg    text;
BEGIN
    SELECT a.key INTO k FROM klusmaat_private.actor_key a;
    IF k IS NULL THEN
        RAISE EXCEPTION 'no actor key in the database: run klusmaat migrate' USING ERRCODE = 'insufficient_privilege';
    END IF;
    IF role IS NULL OR role NOT IN ('anonymous', 'authenticated', 'klusser', 'franchise', 'admin')
       OR (role = 'anonymous') <> (user_id IS NULL) OR regions IS NULL THEN
        RAISE EXCEPTION 'malformed actor' USING ERRCODE = 'insufficient_privilege';
    END IF;
    msg := concat_ws(E'\n', 'klusmaat-actor-v1', my_pid, my_xid, role, coalesce(user_id::text, ''),
                     array_to_string(regions, ','));
    IF signature IS NULL OR public.hmac(convert_to(msg, 'UTF8'), k, 'sha256') <> signature THEN
        RAISE EXCEPTION 'actor signature does not match' USING ERRCODE = 'insufficient_privilege';
    END IF;
    IF EXISTS (SELECT 1 FROM klusmaat_private.actors a WHERE a.pid = my_pid AND a.xid = my_xid) THEN
        RAISE EXCEPTION 'the transaction already has an actor' USING ERRCODE = 'insufficient_privilege';
    END IF;
    INSERT INTO klusmaat_private.actors AS a (pid, xid, role, user_id, regions)
    VALUES (my_pid, my_xid, role, user_id, regions)
    ON CONFLICT ON CONSTRAINT actors_pkey DO UPDATE
        SET xid = EXCLUDED.xid, role = EXCLUDED.role, user_id = EXCLUDED.user_id, regions = EXCLUDED.regions;
END $$;
REVOKE ALL ON FUNCTION begin_actor(text, uuid, text[], bytea) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION begin_actor(text, uuid, text[], bytea) TO klusmaat_app;

-- The readers. PL/pgSQL keeps the lookup's plan for the session; policies call them as
-- (SELECT actor_role()) so that a query evaluates each once, not once per row (migration 011).
-- pg_current_xact_id_if_assigned() is NULL before begin_actor() ran, so a transaction that never
-- proved an actor, or a later transaction on the same backend, finds no row: no actor, no rows.
CREATE OR REPLACE FUNCTION actor_role() RETURNS text
    LANGUAGE plpgsql STABLE SECURITY DEFINER
    SET search_path = pg_catalog, pg_temp
    AS $$
BEGIN
    RETURN (SELECT a.role FROM klusmaat_private.actors a
            WHERE a.pid = pg_backend_pid() AND a.xid = pg_current_xact_id_if_assigned());
END $$;

CREATE OR REPLACE FUNCTION actor_id() RETURNS uuid
    LANGUAGE plpgsql STABLE SECURITY DEFINER
    SET search_path = pg_catalog, pg_temp
    AS $$
BEGIN
    RETURN (SELECT a.user_id FROM klusmaat_private.actors a
            WHERE a.pid = pg_backend_pid() AND a.xid = pg_current_xact_id_if_assigned());
END $$;

CREATE OR REPLACE FUNCTION actor_regions() RETURNS text[]
    LANGUAGE plpgsql STABLE SECURITY DEFINER
    SET search_path = pg_catalog, pg_temp
    AS $$
BEGIN
    RETURN coalesce((SELECT a.regions FROM klusmaat_private.actors a
                     WHERE a.pid = pg_backend_pid() AND a.xid = pg_current_xact_id_if_assigned()), '{}');
END $$;
