package klusser

import (
	"context"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"

	"github.com/klusmaat/klusmaat/services/platform/files"
	"github.com/klusmaat/klusmaat/tenants"
	"github.com/klusmaat/klusmaat/tenants/list"
)

// The admin's writes. Row-level security lets only admins change profiles (migration 002); the
// checks here make a wrong id "Klusser niet gevonden" rather than a silent no-op.

func (s *beheerStore) Totalen(ctx context.Context, p list.Params) (Totalen, error) {
	var t Totalen
	actief, regio := listFilters(p)
	err := s.db.Tx(ctx, func(tx pgx.Tx) error {
		return tx.QueryRow(ctx, `
			SELECT count(*), count(*) FILTER (WHERE p.actief),
			       round(avg(p.gemiddelde_beoordeling), 1)::float8, coalesce(sum(p.totaal_uren), 0)::float8
			FROM profiles p
			JOIN user_roles r ON r.user_id = p.id AND r.role = 'klusser'`+where,
			regio, actief, tenants.Contains(p.Search)).Scan(&t.Totaal, &t.Actief, &t.GemiddeldeBeoordeling, &t.TotaalUren)
	})
	return t, err
}

// lockKlusser locks a klusser's profile row for a change and returns its regions and state.
func lockKlusser(ctx context.Context, tx pgx.Tx, id uuid.UUID) (regio []string, actief bool, err error) {
	err = tx.QueryRow(ctx, `
		SELECT p.regio, p.actief FROM profiles p
		WHERE p.id = $1 AND EXISTS (SELECT 1 FROM user_roles r WHERE r.user_id = p.id AND r.role = 'klusser')
		FOR UPDATE`, id).Scan(&regio, &actief)
	return regio, actief, tenants.NoRowsAs(ErrNotFound, err)
}

func (s *beheerStore) Update(ctx context.Context, id uuid.UUID, p Profiel) error {
	return s.db.Tx(ctx, func(tx pgx.Tx) error {
		before, wasActief, err := lockKlusser(ctx, tx, id)
		if err != nil {
			return err
		}
		var wasVisible bool
		if err := tx.QueryRow(ctx, `SELECT zichtbaar_op_website FROM profiles WHERE id = $1`, id).Scan(&wasVisible); err != nil {
			return err
		}
		if _, err := tx.Exec(ctx, `
			UPDATE profiles SET naam = $2, telefoon = $3, adres = $4, postcode = $5, woonplaats = $6, regio = $7,
			       leeftijd = $8, heeft_vog = $9, heeft_vervoer = $10, motivatie = $11, ervaring = $12,
			       beschikbaarheid = $13, zichtbaar_op_website = $14, intro_tekst = $15, gepensioneerd_sinds = $16,
			       specialisaties = $17, actief = COALESCE($18, actief)
			WHERE id = $1`, id, p.Naam, p.Telefoon, p.Adres, p.Postcode, p.Woonplaats, p.Regio, p.Leeftijd,
			p.HeeftVOG, p.HeeftVervoer, p.Motivatie, p.Ervaring, p.Beschikbaarheid, p.Zichtbaar, p.IntroTekst,
			p.GepensioneerdSinds, p.Specialisaties, p.Actief); err != nil {
			return err
		}
		nowActief := wasActief
		if p.Actief != nil {
			nowActief = *p.Actief
		}
		// The regions decide which jobs a klusser is offered, the visibility what the public site
		// shows, the status whether the klusser works at all: each is worth a line in the log.
		return tenants.Audit(ctx, tx, tenants.AuditEntry{Action: "update", Entity: "klusser", EntityID: id.String(),
			Before: map[string]any{"regio": before, "zichtbaar_op_website": wasVisible, "actief": wasActief},
			After:  map[string]any{"regio": p.Regio, "zichtbaar_op_website": p.Zichtbaar, "actief": nowActief}})
	})
}

func (s *beheerStore) Archive(ctx context.Context, id uuid.UUID) error {
	return s.db.Tx(ctx, func(tx pgx.Tx) error {
		_, actief, err := lockKlusser(ctx, tx, id)
		if err != nil {
			return err
		}
		if _, err := tx.Exec(ctx, `UPDATE profiles SET actief = false WHERE id = $1`, id); err != nil {
			return err
		}
		return tenants.Audit(ctx, tx, tenants.AuditEntry{Action: "archive", Entity: "klusser", EntityID: id.String(),
			Before: map[string]any{"actief": actief}, After: map[string]any{"actief": false}})
	})
}

func (s *beheerStore) BeforeDelete(ctx context.Context, tx pgx.Tx, id uuid.UUID) ([]StoredFile, error) {
	regio, actief, err := lockKlusser(ctx, tx, id)
	if err != nil {
		return nil, err
	}
	// The files that go with the rows: documents (their rows cascade) and showcase photos.
	var stored []StoredFile
	rows, err := tx.Query(ctx, `
		SELECT $2, file_url FROM klusser_documents WHERE klusser_id = $1
		UNION ALL
		SELECT $3, k FROM profiles p, unnest(ARRAY[p.profiel_foto_url, p.carousel_foto_1, p.carousel_foto_2, p.carousel_foto_3]) k
		WHERE p.id = $1 AND k IS NOT NULL`, id, string(files.Documents), string(files.Profielen))
	if err != nil {
		return nil, err
	}
	for rows.Next() {
		var f StoredFile
		if err := rows.Scan(&f.Bucket, &f.Key); err != nil {
			rows.Close()
			return nil, err
		}
		stored = append(stored, f)
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return nil, err
	}
	var naam string
	var werkbonnen, facturen int
	if err := tx.QueryRow(ctx, `
		SELECT p.naam, (SELECT count(*) FROM werkbonnen w WHERE w.klusser_id = p.id),
		       (SELECT count(*) FROM facturen f WHERE f.klusser_id = p.id)
		FROM profiles p WHERE p.id = $1`, id).Scan(&naam, &werkbonnen, &facturen); err != nil {
		return nil, err
	}
	return stored, tenants.Audit(ctx, tx, tenants.AuditEntry{Action: tenants.AuditDelete, Entity: "klusser", EntityID: id.String(),
		Before: map[string]any{"naam": naam, "regio": regio, "actief": actief, "werkbonnen": werkbonnen, "facturen_behouden": facturen}})
}

// listFilters reads the list's actief and regio filters.
func listFilters(p list.Params) (actief string, regio []string) {
	if v := p.Filter("actief"); len(v) > 0 {
		actief = v[0]
	}
	regio = p.Filter("regio")
	if regio == nil {
		regio = []string{}
	}
	return actief, regio
}
