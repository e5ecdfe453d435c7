package aanmelding

import (
	"context"

	"github.com/jackc/pgx/v5"

	"github.com/klusmaat/klusmaat/tenants"
)

// pgStore is the PostgreSQL store (module.go makes it). A visitor may insert an application as
// status nieuw and read nothing back (policy public_apply), so the id is made here.
type pgStore struct{ db *tenants.DB }

func (s *pgStore) Create(ctx context.Context, c Checked) error {
	return s.db.Tx(ctx, func(tx pgx.Tx) error {
		_, err := tx.Exec(ctx, `
			INSERT INTO klusser_aanmeldingen (id, naam, leeftijd, email, telefoon, adres, postcode, woonplaats,
			    heeft_vog, heeft_vervoer, motivatie, ervaring, beschikbaarheid, status)
			VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, 'nieuw')`,
			c.ID, c.Naam, c.Leeftijd, c.Email, c.Telefoon, c.Adres, c.Postcode, c.Woonplaats,
			c.HeeftVOG, c.HeeftVervoer, c.Motivatie, c.Ervaring, c.Beschikbaarheid)
		return err
	})
}
