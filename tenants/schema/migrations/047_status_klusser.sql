-- The customer's status page and the one support contact (issue 39 items 10 and 11).
--
-- 1. support_contact: the support phone and e-mail a customer sees come from one place
--    (docs/decisions.md D33): the region's franchise settings, else the platform's default phone
--    (app_settings support_phone_default); what is still empty the server fills from its
--    configuration (D19). The status page, the e-mails and the invoice PDFs all ask it.
-- 2. klus_status names the klusser of every job that is planned, under way or done: a job the
--    office assigned has its klusser but no planned start time yet, and a finished job still
--    shows who did it (D24: the first name and the showcase photo, nothing more, D5).

CREATE FUNCTION support_contact(p_regio text) RETURNS TABLE (telefoon text, email text)
    LANGUAGE sql STABLE SECURITY DEFINER
    SET search_path = pg_catalog, public, pg_temp
    AS $$
    SELECT coalesce(nullif(btrim(fs.support_phone), ''),
                    (SELECT nullif(btrim(setting_value), '') FROM app_settings WHERE setting_key = 'support_phone_default'), ''),
           coalesce(nullif(btrim(fs.support_email), ''), '')
    FROM (SELECT 1) AS one
    LEFT JOIN franchise_settings fs ON fs.regio = p_regio
$$;
REVOKE ALL ON FUNCTION support_contact(text) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION support_contact(text) TO klusmaat_app;

CREATE OR REPLACE FUNCTION klusmaat_private.klus_status(p_id uuid) RETURNS TABLE (
    categorie text, beschrijving text, datum date, tijd text, woonplaats text, status text,
    geannuleerd boolean, geplande_start_tijd timestamptz, klusser_voornaam text, klusser_foto text,
    toegewezen boolean, support_phone text, factuur_id uuid, factuur_pdf text, regio text)
    LANGUAGE sql STABLE SECURITY DEFINER
    SET search_path = pg_catalog, public, pg_temp
    AS $$
    SELECT c.label, k.beschrijving, k.datum, k.tijd, k.woonplaats, k.status,
           k.geannuleerd_at IS NOT NULL, k.geplande_start_tijd,
           CASE WHEN k.status IN ('ingepland', 'bezig', 'afgerond') THEN nullif(split_part(btrim(p.naam), ' ', 1), '') END,
           CASE WHEN k.status IN ('ingepland', 'bezig', 'afgerond') THEN p.profiel_foto_url END,
           k.klusser_id IS NOT NULL,
           (SELECT sc.telefoon FROM support_contact(k.regio) sc),
           CASE WHEN k.status = 'afgerond' THEN f.id END,
           CASE WHEN k.status = 'afgerond' THEN f.pdf_url END,
           k.regio
    FROM klussen k
    JOIN categories c ON c.key = k.categorie
    LEFT JOIN profiles p ON p.id = k.klusser_id
    LEFT JOIN facturen f ON f.klus_id = k.id
    LEFT JOIN werkbonnen w ON w.klus_id = k.id
    WHERE k.id = p_id AND k.status_link_revoked_at IS NULL
      AND (k.status <> 'afgerond'
           OR coalesce(f.created_at, w.eind_tijd, k.updated_at) > now() - interval '90 days')
$$;
