-- The actor proof of migration 010, without a write for a read and without a round trip of its own.
--
-- Migration 010 records each transaction's actor in a row of klusmaat_private.actors, keyed by the
-- transaction's id. That made every read a writing transaction (pg_current_xact_id() assigns an
-- id; begin_actor() rewrites a row) and cost two round trips before the first query: BEGIN with the
-- challenge, whose answer the server had to sign, then begin_actor().
--
-- Now the proof needs no answer from the database first, and nothing is written to a table:
--   1. Once per connection, actor_session() gives the backend a random nonce, kept where only the
--      schema owner can set it: the session's currval() of an owner-only sequence. The server
--      keeps the nonce with the connection and counts the connection's transactions from 1.
--   2. Per transaction, the server signs (nonce, count, role, user id, regions) with the actor key
--      and sends BEGIN, prove_actor(proof) and the transaction's first statement in one round trip
--      (tenants/proved_tx.go).
--   3. prove_actor(), a SECURITY DEFINER function of the owner, checks the signature with its copy
--      of the key, refuses a count not above the session's last (replay) and a second proof in the
--      transaction (widening), and marks the proof as this transaction's: it keeps 63 bits of
--      sha256(proof, transaction start) in the session's currval() of a second owner-only
--      sequence, and the proof itself as the transaction-local setting klusmaat.actor.
--   4. The current_actor view, which every policy reads once per query, returns the proof's claims
--      only while that mark matches the setting and the running transaction: a hash and a
--      currval(), no key and no function call of its own.
-- The sequences are UNLOGGED: setval() on them writes no WAL and assigns no transaction id, so a
-- read stays a read-only transaction. (setval() does update the sequence's shared page, which is
-- why the marks are currval() of the session and not rows: no row version, no vacuum.)
--
-- The properties of migration 010 hold:
--   * No actor without a valid signature: the key stays in klusmaat_private.actor_key, readable by
--     the owner only; the server's role has no privilege on the sequences, so it can neither set a
--     mark nor read the nonce; a setting it writes itself matches no mark.
--   * No widening inside a transaction: prove_actor() refuses a second proof in a transaction, and
--     changing klusmaat.actor after it makes the mark no longer match (no actor, no rows).
--   * Nothing left on a pooled connection: the mark names the transaction's start time, so in the
--     next transaction a leftover setting (SET LOCAL ends anyway; a session-level SET outlives it)
--     matches nothing until the server's next proof, which replaces it.
--   * Replay refused: a proof names its session's nonce (another backend has another) and a count
--     that the session has already passed once it was used, and every proof the server signs is
--     used in the round trip that carries it, before any SQL of the transaction runs.
--   How tight the transaction binding is: transaction_timestamp() has microsecond resolution and a
--   proved transaction lasts at least one round trip, so the next transaction of the backend starts
--   at a later microsecond; only a backward step of the database host's clock of exactly the right
--   size could repeat a start time, and even then only a proof already used by the same backend.

-- The session's nonce, the last count it used, and the mark of the running transaction's proof.
CREATE UNLOGGED SEQUENCE klusmaat_private.actor_nonce AS bigint MINVALUE 0;
CREATE UNLOGGED SEQUENCE klusmaat_private.actor_count AS bigint MINVALUE 0;
CREATE UNLOGGED SEQUENCE klusmaat_private.actor_mark AS bigint MINVALUE 0;

-- actor_mark is 63 bits of sha256 of the proof and the transaction's start time in microseconds.
-- A standard SQL body is parsed here, so no search_path of a session changes what it calls; and it
-- is inlined where it is used.
CREATE FUNCTION actor_mark(proof text) RETURNS bigint
    LANGUAGE sql STABLE PARALLEL RESTRICTED
    RETURN ('x' || substr(encode(sha256(convert_to(
                proof || E'\n' || ((EXTRACT(epoch FROM transaction_timestamp()) * 1000000)::bigint)::text,
            'UTF8')), 'hex'), 1, 16))::bit(64)::bigint & 9223372036854775807;

-- actor_session starts a connection's proofs: once per session, it draws the nonce and returns it
-- to the server. A second call would restart the count, so it refuses.
CREATE FUNCTION actor_session() RETURNS bigint
    LANGUAGE plpgsql VOLATILE SECURITY DEFINER
    SET search_path = pg_catalog, pg_temp
    AS $$
DECLARE
    nonce bigint;
BEGIN
    BEGIN
        PERFORM currval('klusmaat_private.actor_nonce');
        RAISE EXCEPTION 'the session already has its actor nonce' USING ERRCODE = 'insufficient_privilege';
    EXCEPTION WHEN object_not_in_prerequisite_state THEN -- currval not yet defined: a new session
        nonce := ('x' || encode(public.gen_random_bytes(8), 'hex'))::bit(64)::bigint & 9223372036854775807;
        PERFORM setval('klusmaat_private.actor_nonce', nonce), setval('klusmaat_private.actor_count', 0),
                setval('klusmaat_private.actor_mark', 0);
    END;
    RETURN nonce;
END $$;
REVOKE ALL ON FUNCTION actor_session() FROM PUBLIC;
GRANT EXECUTE ON FUNCTION actor_session() TO klusmaat_app;

-- prove_actor makes proof the transaction's actor when its signature is the HMAC-SHA256, under the
-- actor key, of the lines klusmaat-actor-v2, the session's nonce, count, role, user id ('' for
-- anonymous) and regions joined by ','. The proof is those last four and the signature in hex,
-- separated by '/', which no claim can hold (roles and slugs are lower-case words, ids uuids).
CREATE FUNCTION prove_actor(proof text) RETURNS void
    LANGUAGE plpgsql VOLATILE SECURITY DEFINER
    SET search_path = pg_catalog, pg_temp
    AS $$
DECLARE
    parts text[] := string_to_array(proof, '/');
BEGIN
    IF cardinality(parts) IS DISTINCT FROM 5
       OR parts[2] NOT IN ('anonymous', 'authenticated', 'klusser', 'franchise', 'admin')
       OR (parts[2] = 'anonymous') <> (parts[3] = '')
       OR parts[1] !~ '^[1-9][0-9]{0,17}$' OR parts[5] !~ '^[0-9a-f]{64}$'
       OR public.hmac(convert_to(concat_ws(E'\n', 'klusmaat-actor-v2', currval('klusmaat_private.actor_nonce'),
                                           parts[1], parts[2], parts[3], parts[4]), 'UTF8'),
                      (SELECT k.key FROM klusmaat_private.actor_key k), 'sha256') IS DISTINCT FROM decode(parts[5], 'hex') THEN
        RAISE EXCEPTION 'actor not proved: bad claims or signature' USING ERRCODE = 'insufficient_privilege';
    END IF;
    IF parts[1]::bigint <= currval('klusmaat_private.actor_count') THEN
        RAISE EXCEPTION 'actor not proved: the proof was used before' USING ERRCODE = 'insufficient_privilege';
    END IF;
    IF (SELECT a.role FROM public.current_actor a) IS NOT NULL THEN
        RAISE EXCEPTION 'the transaction already has an actor' USING ERRCODE = 'insufficient_privilege';
    END IF;
    PERFORM set_config('klusmaat.actor', proof, true);
    PERFORM setval('klusmaat_private.actor_count', parts[1]::bigint),
            setval('klusmaat_private.actor_mark', public.actor_mark(proof));
END $$;
REVOKE ALL ON FUNCTION prove_actor(text) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION prove_actor(text) TO klusmaat_app;

-- current_actor returns the claims of klusmaat.actor while the session's mark is this
-- transaction's proof, and no row otherwise (no proof, another proof, a proof of an earlier
-- transaction). It keeps migration 010's name and columns, so every policy, trigger and actor_*()
-- function reads the proved claims unchanged. It is plain SQL, inlined into each policy's
-- once-per-query subquery: no function call of its own, no key, no HMAC. The server's role may read
-- the mark (currval needs SELECT on the sequence), which tells it nothing it cannot compute; setting
-- it needs UPDATE, which only the owner's prove_actor() has. CASE keeps currval() from running in a
-- transaction without a proof, where a session that never started its proofs has none.
GRANT SELECT ON SEQUENCE klusmaat_private.actor_mark TO klusmaat_app, klusmaat_showcase;
CREATE OR REPLACE VIEW current_actor AS
    SELECT split_part(s.proof, '/', 2) AS role,
           nullif(split_part(s.proof, '/', 3), '')::uuid AS user_id,
           string_to_array(split_part(s.proof, '/', 4), ',') AS regions
    FROM (SELECT current_setting('klusmaat.actor', true) AS proof) s
    WHERE CASE WHEN s.proof IS NULL OR s.proof = '' THEN false
               ELSE currval('klusmaat_private.actor_mark'::regclass) = public.actor_mark(s.proof) END;

-- Migration 010's way is gone: its challenge, the function that recorded actors, and their table.
DROP FUNCTION actor_challenge();
DROP FUNCTION begin_actor(text, uuid, text[], bytea);
DROP TABLE klusmaat_private.actors;
