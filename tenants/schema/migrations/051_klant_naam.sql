-- How the office, the klusser and the e-mails name a job's customer: the name the job carries, else
-- the first and last name, else the e-mail address. Seven statements wrote this rule out; now they
-- call klant_naam(k). A plain SQL expression of its argument alone (IMMUTABLE, no SET clause), so
-- PostgreSQL inlines it into each statement: the plans are those of the expression written out.
CREATE FUNCTION klant_naam(k klussen) RETURNS text
    LANGUAGE sql IMMUTABLE PARALLEL SAFE
    RETURN coalesce(nullif(btrim(k.naam), ''), nullif(btrim(k.klant_voornaam || ' ' || k.klant_achternaam), ''), k.email);
