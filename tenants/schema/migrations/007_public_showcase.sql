-- The public showcase of klussers (document 000: /klussers; D5).
--
-- The view belongs to klusmaat_showcase, a NOLOGIN role that may read only the showcase columns of
-- profiles and only the rows of active, visible klussers. PostgreSQL checks a view's underlying
-- tables as the view's owner, so the server reads the showcase through this view without any
-- policy on profiles for anonymous visitors, and a phone number, e-mail, address, age or document
-- cannot be added to it by mistake: the column grant would refuse the migration.

GRANT SELECT (id, naam, woonplaats, specialisaties, gemiddelde_beoordeling, totaal_uren,
              gepensioneerd_sinds, intro_tekst, profiel_foto_url, carousel_foto_1, carousel_foto_2,
              carousel_foto_3, actief, zichtbaar_op_website)
    ON profiles TO klusmaat_showcase;
GRANT SELECT (user_id, role) ON user_roles TO klusmaat_showcase;

CREATE POLICY showcase_read ON profiles FOR SELECT TO klusmaat_showcase
    USING (actief AND zichtbaar_op_website);
CREATE POLICY showcase_read ON user_roles FOR SELECT TO klusmaat_showcase
    USING (role = 'klusser');

CREATE VIEW public_klussers WITH (security_barrier) AS
    SELECT p.id, p.naam, p.woonplaats, p.specialisaties, p.gemiddelde_beoordeling, p.totaal_uren,
           p.gepensioneerd_sinds, p.intro_tekst, p.profiel_foto_url,
           p.carousel_foto_1, p.carousel_foto_2, p.carousel_foto_3
    FROM profiles p
    WHERE p.actief AND p.zichtbaar_op_website
      AND EXISTS (SELECT 1 FROM user_roles r WHERE r.user_id = p.id AND r.role = 'klusser')
      -- Like every other read: no actor set, no rows (D4).
      AND actor_role() IS NOT NULL;

-- Hand the view to the showcase role; it needs CREATE on the schema only for the moment of the
-- hand-over.
GRANT CREATE ON SCHEMA public TO klusmaat_showcase;
ALTER VIEW public_klussers OWNER TO klusmaat_showcase;
REVOKE CREATE ON SCHEMA public FROM klusmaat_showcase;

GRANT SELECT ON public_klussers TO klusmaat_app;

-- Readiness compares the schema version with the binary's migrations.
GRANT SELECT ON schema_version TO klusmaat_app;
