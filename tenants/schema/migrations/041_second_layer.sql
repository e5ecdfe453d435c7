-- The second layer's last gaps (issue 42): what SQL running as klusmaat_app (an injection, a
-- mistake) could still do with the proved actor, the shared rate limits and the status link.
--
-- 1. A proof travels alone in its message. All transactions of one simple-query message start at
--    the same instant, and the mark of migration 024 names the transaction by its start: SQL sent
--    in the message that carried a proof could copy the proof into a session setting, COMMIT,
--    BEGIN, and find the actor again. prove_actor() now refuses to run unless the statement that
--    calls it is the only one of its message (after an optional BEGIN): the server sends
--    `SELECT prove_actor($1)` in a pipeline, or `BEGIN; SELECT prove_actor('...')` alone, and any
--    SQL of the transaction follows in later messages, which start later.
-- 2. One proof per transaction, whatever the setting says. Clearing klusmaat.actor no longer makes
--    room for a second proof: prove_actor() records the transaction it proved (the session's
--    currval() of an owner-only sequence) and refuses another proof in it. DISCARD SEQUENCES
--    forgets that record, and the nonce with it; so the proving transaction also holds a
--    transaction-level advisory lock (released only when it ends), and actor_session() refuses to
--    start a new nonce while its backend holds it.
-- 3. The shared rate limits (migration 028) count only in a proved transaction, within a window
--    of at most an hour, and answer whether the limit is passed, not the count. Keys are HMACs
--    under a key derived from the actor key (tenants/limits.go): SQL cannot name an account's key.
-- 4. The status link's functions (migrations 018, 031, 034, 038) take the link's token, not a job
--    id: the database checks the token itself, with the key derived from the actor key that
--    services/status uses (the same HMAC, the same 128 bits). The functions that took a bare job id
--    move to klusmaat_private, out of the server role's reach.
-- 5. A reconnecting event stream learns whether the events it missed are still kept
--    (klus_events_kept(), for services/platform/events).

-- 1 and 2: the proof. -------------------------------------------------------------------------

-- The start (epoch microseconds) of the transaction whose proof the session accepted last.
CREATE UNLOGGED SEQUENCE klusmaat_private.actor_proved_at AS bigint MINVALUE 0;

-- actor_session starts a connection's proofs: once per session it draws the nonce and returns it.
-- It refuses a second call (which would restart the count) and any call while the backend is in a
-- transaction that accepted a proof (the advisory lock prove_actor takes), even after DISCARD
-- SEQUENCES made the session forget its nonce.
CREATE OR REPLACE FUNCTION actor_session() RETURNS bigint
    LANGUAGE plpgsql VOLATILE SECURITY DEFINER
    SET search_path = pg_catalog, pg_temp
    AS $$
DECLARE
    nonce bigint;
BEGIN
    IF EXISTS (SELECT 1 FROM pg_catalog.pg_locks l
               WHERE l.locktype = 'advisory' AND l.pid = pg_backend_pid() AND l.classid = 1263354192::oid
                 AND l.objid = pg_backend_pid()::oid AND l.objsubid = 2) THEN
        RAISE EXCEPTION 'a proved transaction cannot start a new actor session' USING ERRCODE = 'insufficient_privilege';
    END IF;
    BEGIN
        PERFORM currval('klusmaat_private.actor_nonce');
        RAISE EXCEPTION 'the session already has its actor nonce' USING ERRCODE = 'insufficient_privilege';
    EXCEPTION WHEN object_not_in_prerequisite_state THEN -- currval not yet defined: a new session
        nonce := ('x' || encode(public.gen_random_bytes(8), 'hex'))::bit(64)::bigint & 9223372036854775807;
        PERFORM setval('klusmaat_private.actor_nonce', nonce), setval('klusmaat_private.actor_count', 0),
                setval('klusmaat_private.actor_mark', 0), setval('klusmaat_private.actor_proved_at', 0);
    END;
    RETURN nonce;
END $$;

-- prove_actor as in migration 024, and: the calling statement is the only one of its message
-- (after an optional BEGIN), no proof was accepted in this transaction before, and the transaction
-- holds the advisory lock (1263354192, its backend's pid) until it ends. A statement of the form
-- SELECT prove_actor(...) without a semicolon inside is one statement: no COMMIT can follow it in
-- the same message.
CREATE OR REPLACE FUNCTION prove_actor(proof text) RETURNS void
    LANGUAGE plpgsql VOLATILE SECURITY DEFINER
    SET search_path = pg_catalog, pg_temp
    AS $$
DECLARE
    parts text[] := string_to_array(proof, '/');
    started bigint := (EXTRACT(epoch FROM transaction_timestamp()) * 1000000)::bigint;
BEGIN
    IF current_query() IS NULL OR current_query() !~*
            '^[[:space:]]*(begin[[:space:]]*;[[:space:]]*)?select[[:space:]]+(public[.])?prove_actor[[:space:]]*[(][^;]*[)][[:space:]]*;?[[:space:]]*$' THEN
        RAISE EXCEPTION 'actor not proved: the proof must be the only statement of its message' USING ERRCODE = 'insufficient_privilege';
    END IF;
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
    IF currval('klusmaat_private.actor_proved_at') = started OR (SELECT a.role FROM public.current_actor a) IS NOT NULL THEN
        RAISE EXCEPTION 'the transaction already has an actor' USING ERRCODE = 'insufficient_privilege';
    END IF;
    PERFORM pg_advisory_xact_lock_shared(1263354192, pg_backend_pid());
    PERFORM set_config('klusmaat.actor', proof, true);
    PERFORM setval('klusmaat_private.actor_count', parts[1]::bigint),
            setval('klusmaat_private.actor_mark', public.actor_mark(proof)),
            setval('klusmaat_private.actor_proved_at', started);
END $$;

-- 3: the shared rate limits. ----------------------------------------------------------------

DROP FUNCTION rate_limit_hit(text, bytea, interval);

-- rate_limit_hit counts one attempt of key (a 32-byte HMAC made by the server) against the limit
-- p_name, in a window of p_window (at most an hour) that starts at the key's first attempt, and
-- answers whether the attempts in the window are still at most p_max. Only a proved transaction
-- counts; the count itself is never returned.
CREATE FUNCTION rate_limit_hit(p_name text, p_key bytea, p_window interval, p_max integer) RETURNS boolean
    LANGUAGE plpgsql VOLATILE SECURITY DEFINER
    SET search_path = pg_catalog, pg_temp
    AS $$
DECLARE
    n integer;
BEGIN
    IF (SELECT a.role FROM public.current_actor a) IS NULL THEN
        RAISE EXCEPTION 'rate limits count only in a transaction with a proved actor' USING ERRCODE = 'insufficient_privilege';
    END IF;
    IF p_name IS NULL OR p_name !~ '^[a-z][a-z0-9-]{0,62}$' OR octet_length(p_key) IS DISTINCT FROM 32
       OR p_window IS NULL OR p_window <= interval '0' OR p_window > interval '1 hour'
       OR p_max IS NULL OR p_max < 1 THEN
        RAISE EXCEPTION 'rate limit: a name, a 32-byte key, a window of at most an hour and a maximum of at least 1'
            USING ERRCODE = 'invalid_parameter_value';
    END IF;
    INSERT INTO klusmaat_private.rate_limit_hits AS h (name, key, expires_at, count)
    VALUES (p_name, p_key, clock_timestamp() + p_window, 1)
    ON CONFLICT ON CONSTRAINT rate_limit_hits_pkey DO UPDATE SET
        expires_at = CASE WHEN h.expires_at <= clock_timestamp() THEN excluded.expires_at ELSE h.expires_at END,
        count = CASE WHEN h.expires_at <= clock_timestamp() THEN 1 ELSE least(h.count, 2147483646) + 1 END
    RETURNING h.count INTO n;
    RETURN n <= p_max;
END $$;
REVOKE ALL ON FUNCTION rate_limit_hit(text, bytea, interval, integer) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION rate_limit_hit(text, bytea, interval, integer) TO klusmaat_app;

-- rate_limit_sweep forgets the windows that have ended, in a proved transaction too.
CREATE OR REPLACE FUNCTION rate_limit_sweep() RETURNS integer
    LANGUAGE plpgsql VOLATILE SECURITY DEFINER
    SET search_path = pg_catalog, pg_temp
    AS $$
DECLARE
    n integer;
BEGIN
    IF (SELECT a.role FROM public.current_actor a) IS NULL THEN
        RAISE EXCEPTION 'rate limits are swept only in a transaction with a proved actor' USING ERRCODE = 'insufficient_privilege';
    END IF;
    WITH gone AS (DELETE FROM klusmaat_private.rate_limit_hits WHERE expires_at <= clock_timestamp() RETURNING 1)
    SELECT count(*)::integer INTO n FROM gone;
    RETURN n;
END $$;

-- 4: the status link. ----------------------------------------------------------------------

-- status_link_job returns the job a status-link token opens, or NULL. A token is 43 characters of
-- unpadded URL-safe base64 (one spelling only) of the job's id and the first 16 bytes of
-- HMAC-SHA256(link key, id), the link key being HMAC-SHA256(actor key, 'klusmaat status link v1'):
-- what services/status makes with the same KLUSMAAT_ACTOR_KEY. The key was already here (migration
-- 010); the database now asks for what the server asks for.
CREATE FUNCTION klusmaat_private.status_link_job(token text) RETURNS uuid
    LANGUAGE sql STABLE
    SET search_path = pg_catalog, pg_temp
    AS $$
    SELECT encode(substr(t.raw, 1, 16), 'hex')::uuid
    FROM (SELECT decode(translate(token, '-_', '+/') || '=', 'base64') AS raw
          WHERE token ~ '^[A-Za-z0-9_-]{43}$') t
    CROSS JOIN klusmaat_private.actor_key k
    WHERE octet_length(t.raw) = 32
      AND rtrim(translate(encode(t.raw, 'base64'), '+/', '-_'), '=') = token
      AND substr(t.raw, 17, 16) = substr(public.hmac(substr(t.raw, 1, 16),
              public.hmac(convert_to('klusmaat status link v1', 'UTF8'), k.key, 'sha256'), 'sha256'), 1, 16)
$$;
REVOKE ALL ON FUNCTION klusmaat_private.status_link_job(text) FROM PUBLIC;

-- The functions that trusted a bare job id become the owner's own.
ALTER FUNCTION klus_status(uuid) SET SCHEMA klusmaat_private;
ALTER FUNCTION klus_status_schouw(uuid) SET SCHEMA klusmaat_private;
ALTER FUNCTION klus_status_offerte(uuid) SET SCHEMA klusmaat_private;
ALTER FUNCTION klus_status_factuur(uuid) SET SCHEMA klusmaat_private;
ALTER FUNCTION klus_status_annuleren(uuid) SET SCHEMA klusmaat_private;
ALTER FUNCTION klus_status_offerte_besluit(uuid, integer, boolean, text, date) SET SCHEMA klusmaat_private;
REVOKE ALL ON FUNCTION klusmaat_private.klus_status(uuid), klusmaat_private.klus_status_schouw(uuid),
    klusmaat_private.klus_status_offerte(uuid), klusmaat_private.klus_status_factuur(uuid),
    klusmaat_private.klus_status_annuleren(uuid),
    klusmaat_private.klus_status_offerte_besluit(uuid, integer, boolean, text, date) FROM PUBLIC, klusmaat_app;

-- ... and the server's role calls them with the link's token: a token the server did not make
-- opens nothing (no row; 'geen' for a decision).
CREATE FUNCTION klus_status(p_token text) RETURNS TABLE (
    categorie text, beschrijving text, datum date, tijd text, woonplaats text, status text,
    geannuleerd boolean, geplande_start_tijd timestamptz, klusser_voornaam text, klusser_foto text,
    toegewezen boolean, support_phone text, factuur_id uuid, factuur_pdf text, regio text)
    LANGUAGE sql STABLE SECURITY DEFINER
    SET search_path = pg_catalog, pg_temp
    AS $$ SELECT * FROM klusmaat_private.klus_status(klusmaat_private.status_link_job(p_token)) $$;

CREATE FUNCTION klus_status_schouw(p_token text) RETURNS TABLE (start timestamptz, opnemer text, uitgevoerd boolean)
    LANGUAGE sql STABLE SECURITY DEFINER
    SET search_path = pg_catalog, pg_temp
    AS $$ SELECT * FROM klusmaat_private.klus_status_schouw(klusmaat_private.status_link_job(p_token)) $$;

CREATE FUNCTION klus_status_offerte(p_token text) RETURNS TABLE (
    nummer text, versie integer, status text, arbeid_wijze text, arbeid_omschrijving text, arbeid_uren numeric,
    uurtarief_cents integer, arbeid_cents integer, materialen jsonb, subtotaal_cents integer, btw_cents integer,
    totaal_cents integer, geldig_tot date, beslist_at timestamptz, reden text, nieuwere_concept boolean)
    LANGUAGE sql STABLE SECURITY DEFINER
    SET search_path = pg_catalog, pg_temp
    AS $$ SELECT * FROM klusmaat_private.klus_status_offerte(klusmaat_private.status_link_job(p_token)) $$;

CREATE FUNCTION klus_status_factuur(p_token text) RETURNS TABLE (
    factuurnummer text, totaal_cents integer, open_cents integer, vervaldatum date, iban text, uitgever text,
    staat text, gecrediteerd_door text)
    LANGUAGE sql STABLE SECURITY DEFINER
    SET search_path = pg_catalog, pg_temp
    AS $$ SELECT * FROM klusmaat_private.klus_status_factuur(klusmaat_private.status_link_job(p_token)) $$;

CREATE FUNCTION klus_status_annuleren(p_token text) RETURNS TABLE (regio text)
    LANGUAGE sql SECURITY DEFINER
    SET search_path = pg_catalog, pg_temp
    AS $$ SELECT * FROM klusmaat_private.klus_status_annuleren(klusmaat_private.status_link_job(p_token)) $$;

CREATE FUNCTION klus_status_offerte_besluit(p_token text, p_versie integer, p_akkoord boolean, p_reden text, p_vandaag date)
    RETURNS TABLE (uitkomst text, offerte_id uuid, regio text, nummer text)
    LANGUAGE sql SECURITY DEFINER
    SET search_path = pg_catalog, pg_temp
    AS $$ SELECT * FROM klusmaat_private.klus_status_offerte_besluit(klusmaat_private.status_link_job(p_token),
                                                                      p_versie, p_akkoord, p_reden, p_vandaag) $$;

REVOKE ALL ON FUNCTION klus_status(text), klus_status_schouw(text), klus_status_offerte(text), klus_status_factuur(text),
    klus_status_annuleren(text), klus_status_offerte_besluit(text, integer, boolean, text, date) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION klus_status(text), klus_status_schouw(text), klus_status_offerte(text), klus_status_factuur(text),
    klus_status_annuleren(text), klus_status_offerte_besluit(text, integer, boolean, text, date) TO klusmaat_app;

-- 5: the event stream's replay. --------------------------------------------------------------

-- The owner reads the events inside klus_events_kept() alone.
CREATE POLICY owner_replay ON klus_events FOR SELECT TO CURRENT_USER USING (true);

-- klus_events_kept tells a reconnecting stream whether every event after p_after is still kept
-- (events are pruned after 24 hours; a client further behind must reload), and the newest kept
-- event's id, from which such a client continues. The oldest kept event must follow p_after
-- directly (an id lost to a rolled-back change may make a client reload needlessly, never miss an
-- event); with no event kept, nothing may have been handed out after p_after. It reveals event
-- ids, nothing of an event.
CREATE FUNCTION klus_events_kept(p_after bigint, OUT complete boolean, OUT newest bigint)
    LANGUAGE sql STABLE SECURITY DEFINER
    SET search_path = pg_catalog, pg_temp
    AS $$
    SELECT CASE WHEN k.oldest IS NULL THEN p_after >= s.handed_out ELSE k.oldest <= p_after + 1 END,
           coalesce(k.newest, s.handed_out)
    FROM (SELECT min(e.id) AS oldest, max(e.id) AS newest FROM public.klus_events e) k,
         (SELECT coalesce(pg_sequence_last_value('public.klus_events_id_seq'::regclass), 0) AS handed_out) s
$$;
REVOKE ALL ON FUNCTION klus_events_kept(bigint) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION klus_events_kept(bigint) TO klusmaat_app;
