-- Migration 024 with BEGIN and the proof in a round trip of their own, before the read: three
-- round trips, nothing written. Separates what the pipelining saves.
\if :nonce = 0
SELECT actor_session() AS nonce \gset
\endif
\set count :count + 1
\startpipeline
BEGIN;
SELECT prove_actor(concat_ws('/', :count::text, 'franchise', :uid::text, 'den-haag', encode(public.hmac(convert_to(concat_ws(E'\n', 'klusmaat-actor-v2', :nonce::text, :count::text, 'franchise', :uid::text, 'den-haag'), 'UTF8'), decode(:key, 'hex'), 'sha256'), 'hex')));
\endpipeline
SELECT id, status, woonplaats, datum FROM klussen WHERE id = :job::uuid;
COMMIT;
