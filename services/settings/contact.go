package settings

import (
	"context"
	"errors"
	"fmt"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"

	"github.com/klusmaat/klusmaat/tenants"
)

// Contact is the support phone and e-mail a customer sees (docs/decisions.md D33): those of the
// job's region, else the platform's default phone. Empty fields are for the caller to fill from
// the configuration (D19), as the site does.
type Contact struct {
	Phone, Email string
}

// ContactOf reads the support contact of regio, or when that is empty of job klus's region,
// through support_contact (migration 047), as the system: the e-mails to customers give it. No
// region (a job that no longer exists): the default.
func ContactOf(ctx context.Context, db *tenants.DB, klus uuid.UUID, regio string) (Contact, error) {
	var c Contact
	err := db.InTx(ctx, tenants.SystemActor(), func(tx pgx.Tx) error {
		return tx.QueryRow(ctx, `
			SELECT sc.telefoon, sc.email
			FROM support_contact(coalesce(nullif($2, ''), (SELECT k.regio FROM klussen k WHERE k.id = $1))) sc`,
			klus, regio).Scan(&c.Phone, &c.Email)
	})
	if errors.Is(err, pgx.ErrNoRows) {
		return Contact{}, nil
	}
	if err != nil {
		return Contact{}, fmt.Errorf("settings: support contact of region %q or job %s: %w", regio, klus, err)
	}
	return c, nil
}
