-- 'Nieuwe Klant' asks e-mail, phone and town only (docs/spec.md, document 001 section 5): the
-- customer's placeholder job, or first job, may be stored without a street address and postcode.
-- A given address still has text and a given postcode the Dutch form; the public request keeps
-- asking both (services/aanvraag).
ALTER TABLE klussen DROP CONSTRAINT klussen_adres_check;
ALTER TABLE klussen ADD CONSTRAINT klussen_adres_check CHECK (adres = '' OR length(btrim(adres)) > 0);
ALTER TABLE klussen DROP CONSTRAINT klussen_postcode_check;
ALTER TABLE klussen ADD CONSTRAINT klussen_postcode_check CHECK (postcode = '' OR postcode ~ '^[1-9][0-9]{3} [A-Z]{2}$');
