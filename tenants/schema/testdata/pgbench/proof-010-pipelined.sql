-- Migration 010 with begin_actor() sent in the read's round trip: three round trips, but still a
-- transaction id and a row written for every read. Separates the two costs.
\startpipeline
BEGIN;
SET LOCAL client_min_messages = notice;
SELECT pg_backend_pid(), pg_current_xact_id();
\endpipeline
\startpipeline
SELECT begin_actor('franchise', :uid::uuid, '{den-haag}', public.hmac(convert_to(concat_ws(E'\n', 'klusmaat-actor-v1', pg_backend_pid(), pg_current_xact_id(), 'franchise', :uid::text, 'den-haag'), 'UTF8'), decode(:key, 'hex'), 'sha256'));
SELECT id, status, woonplaats, datum FROM klussen WHERE id = :job::uuid;
\endpipeline
COMMIT;
