-- Rate limits counted in the database, so that every server counts the same attempts.
--
-- Each server used to count sign-in attempts, form submissions, code e-mails and status-link
-- tries in its own memory: with ten servers behind the load balancer a visitor had ten times the
-- allowance. Now each attempt is one call of rate_limit_hit(), which counts it in a fixed window
-- per (limit, key) and returns the count so far; the server refuses when the count passes the
-- limit. One INSERT ... ON CONFLICT row lock makes concurrent attempts on any server count one
-- after another, so N servers admit what one does.
--
-- The key is a hash made by the server (the client address or account is never stored). The table
-- is UNLOGGED: a crash of the database forgets the counts, which only resets the windows. It sits
-- in klusmaat_private, where the server's role has no privilege: the role can count an attempt
-- through the function, but neither read the counts nor reset them.

CREATE UNLOGGED TABLE klusmaat_private.rate_limit_hits (
    name        text        NOT NULL,
    key         bytea       NOT NULL,
    expires_at  timestamptz NOT NULL,
    count       integer     NOT NULL,
    PRIMARY KEY (name, key)
);
CREATE INDEX rate_limit_hits_expiry ON klusmaat_private.rate_limit_hits (expires_at);

-- rate_limit_hit counts one attempt of key against the limit name, in a window of the given
-- length that starts at the key's first attempt, and returns the attempts in the window so far.
CREATE FUNCTION rate_limit_hit(name text, key bytea, window_length interval) RETURNS integer
    LANGUAGE sql VOLATILE SECURITY DEFINER
    SET search_path = pg_catalog, pg_temp
    BEGIN ATOMIC
        INSERT INTO klusmaat_private.rate_limit_hits AS h (name, key, expires_at, count)
        VALUES (rate_limit_hit.name, rate_limit_hit.key, clock_timestamp() + window_length, 1)
        ON CONFLICT ON CONSTRAINT rate_limit_hits_pkey DO UPDATE SET
            expires_at = CASE WHEN h.expires_at <= clock_timestamp() THEN excluded.expires_at ELSE h.expires_at END,
            count = CASE WHEN h.expires_at <= clock_timestamp() THEN 1 ELSE h.count + 1 END
        RETURNING count;
    END;

-- rate_limit_sweep forgets the windows that have ended; the servers call it now and then, so the
-- table holds only the attempts of the last window.
CREATE FUNCTION rate_limit_sweep() RETURNS integer
    LANGUAGE sql VOLATILE SECURITY DEFINER
    SET search_path = pg_catalog, pg_temp
    BEGIN ATOMIC
        WITH gone AS (DELETE FROM klusmaat_private.rate_limit_hits WHERE expires_at <= clock_timestamp() RETURNING 1)
        SELECT count(*)::integer FROM gone;
    END;

REVOKE ALL ON FUNCTION rate_limit_hit(text, bytea, interval), rate_limit_sweep() FROM PUBLIC;
GRANT EXECUTE ON FUNCTION rate_limit_hit(text, bytea, interval), rate_limit_sweep() TO klusmaat_app;
