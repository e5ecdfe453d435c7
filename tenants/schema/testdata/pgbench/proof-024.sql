-- Migration 024 as tenants/proved_tx.go sends it: BEGIN, prove_actor() and the read in one round
-- trip, then COMMIT: two round trips, no transaction id, no row written. Once per connection,
-- actor_session() gives the nonce. The signature is computed here in SQL with the key.
\if :nonce = 0
SELECT actor_session() AS nonce \gset
\endif
\set count :count + 1
\startpipeline
BEGIN;
SELECT prove_actor(concat_ws('/', :count::text, 'franchise', :uid::text, 'den-haag', encode(public.hmac(convert_to(concat_ws(E'\n', 'klusmaat-actor-v2', :nonce::text, :count::text, 'franchise', :uid::text, 'den-haag'), 'UTF8'), decode(:key, 'hex'), 'sha256'), 'hex')));
SELECT id, status, woonplaats, datum FROM klussen WHERE id = :job::uuid;
\endpipeline
COMMIT;
