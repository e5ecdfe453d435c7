-- Migration 010 as the server ran it: BEGIN with the challenge (one round trip), begin_actor()
-- records the actor (a transaction id and a row written), the read, COMMIT: four round trips.
-- The signature is computed here in SQL with the key (the server computes it in Go and needs the
-- challenge's answer for it); every candidate pays the same for that.
\startpipeline
BEGIN;
SET LOCAL client_min_messages = notice;
SELECT pg_backend_pid(), pg_current_xact_id();
\endpipeline
SELECT begin_actor('franchise', :uid::uuid, '{den-haag}', public.hmac(convert_to(concat_ws(E'\n', 'klusmaat-actor-v1', pg_backend_pid(), pg_current_xact_id(), 'franchise', :uid::text, 'den-haag'), 'UTF8'), decode(:key, 'hex'), 'sha256'));
SELECT id, status, woonplaats, datum FROM klussen WHERE id = :job::uuid;
COMMIT;
