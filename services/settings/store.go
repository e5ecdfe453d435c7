package settings

import (
	"context"
	"errors"
	"fmt"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"

	"github.com/klusmaat/klusmaat/services/platform/validate"
	"github.com/klusmaat/klusmaat/tenants"
)

// pgStore is the PostgreSQL store: app_settings (support_phone_default) and franchise_settings.
type pgStore struct{ db *tenants.DB }

func (s *pgStore) Get(ctx context.Context) (Settings, error) {
	return tenants.TxValue(ctx, s.db, func(tx pgx.Tx) (Settings, error) { return read(ctx, tx) })
}

func read(ctx context.Context, tx pgx.Tx) (Settings, error) {
	st := Settings{ID: ID}
	err := tx.QueryRow(ctx, `SELECT coalesce((SELECT setting_value FROM app_settings WHERE setting_key = 'support_phone_default'), '')`).
		Scan(&st.SupportPhoneDefault)
	if err != nil {
		return st, err
	}
	st.Regios, err = regios(ctx, tx, false)
	return st, err
}

// regios reads the active regions with their support contact, by name; own: only the actor's
// (an admin's: all).
func regios(ctx context.Context, tx pgx.Tx, own bool) ([]Regio, error) {
	where := `r.actief`
	if own {
		where += ` AND ((SELECT role FROM current_actor) = 'admin' OR r.slug = ANY ((SELECT regions FROM current_actor)::text[]))`
	}
	rows, err := tx.Query(ctx, `
		SELECT r.slug, r.naam, coalesce(f.support_phone, ''), coalesce(f.support_email, '')
		FROM regions r LEFT JOIN franchise_settings f ON f.regio = r.slug
		WHERE `+where+` ORDER BY r.naam`)
	if err != nil {
		return nil, err
	}
	return pgx.CollectRows(rows, pgx.RowToStructByPos[Regio])
}

// saveRegios writes each region's support contact.
func saveRegios(ctx context.Context, tx pgx.Tx, w []RegioForm) error {
	for _, r := range w {
		if _, err := tx.Exec(ctx, `
			INSERT INTO franchise_settings (regio, support_phone, support_email) VALUES ($1, $2, $3)
			ON CONFLICT (regio) DO UPDATE SET support_phone = EXCLUDED.support_phone, support_email = EXCLUDED.support_email`,
			r.Regio, r.SupportPhone, r.SupportEmail); err != nil {
			return err
		}
	}
	return nil
}

// slugs are the regions' keys as a set.
func slugs(regios []Regio) map[string]bool {
	set := map[string]bool{}
	for _, r := range regios {
		set[r.Regio] = true
	}
	return set
}

// Update writes the default phone and each region given, and the audit entry with before and
// after (D22), in one transaction.
func (s *pgStore) Update(ctx context.Context, w Form) (Settings, error) {
	var st Settings
	err := s.db.Tx(ctx, func(tx pgx.Tx) error {
		before, err := read(ctx, tx)
		if err != nil {
			return err
		}
		known := slugs(before.Regios)
		e := validate.Errors{}
		for _, r := range w.Regios {
			if !known[r.Regio] {
				e.Set("regios."+r.Regio+".regio", MsgOnbekendeRegio)
			}
		}
		if err := e.Invalid("invalid_settings", MsgOnbekendeRegio); err != nil {
			return err
		}
		if _, err := tx.Exec(ctx, `
			INSERT INTO app_settings (setting_key, setting_value) VALUES ('support_phone_default', $1)
			ON CONFLICT (setting_key) DO UPDATE SET setting_value = EXCLUDED.setting_value`, w.SupportPhoneDefault); err != nil {
			return err
		}
		if err := saveRegios(ctx, tx, w.Regios); err != nil {
			return err
		}
		if st, err = read(ctx, tx); err != nil {
			return err
		}
		return tenants.Audit(ctx, tx, tenants.AuditEntry{Action: AuditAction, Entity: "settings", EntityID: ID,
			Before: asMap(before), After: asMap(st)})
	})
	return st, err
}

func (s *pgStore) OwnRegios(ctx context.Context) ([]Regio, error) {
	return tenants.TxValue(ctx, s.db, func(tx pgx.Tx) ([]Regio, error) { return regios(ctx, tx, true) })
}

// UpdateOwnRegios checks, writes and audits (D22) in one transaction.
func (s *pgStore) UpdateOwnRegios(ctx context.Context, w []RegioForm) ([]Regio, error) {
	var after []Regio
	err := s.db.Tx(ctx, func(tx pgx.Tx) error {
		before, err := regios(ctx, tx, true)
		if err != nil {
			return err
		}
		own := slugs(before)
		for _, r := range w {
			if !own[r.Regio] {
				return ErrNotYourRegion
			}
		}
		if err := saveRegios(ctx, tx, w); err != nil {
			return err
		}
		if after, err = regios(ctx, tx, true); err != nil {
			return err
		}
		return tenants.Audit(ctx, tx, tenants.AuditEntry{Action: AuditAction, Entity: "franchise_settings", EntityID: OwnID,
			Before: asMap(Settings{Regios: before}), After: asMap(Settings{Regios: after})})
	})
	return after, err
}

func asMap(s Settings) map[string]any {
	regios := map[string]any{}
	for _, r := range s.Regios {
		regios[r.Regio] = map[string]string{"support_phone": r.SupportPhone, "support_email": r.SupportEmail}
	}
	return map[string]any{"support_phone_default": s.SupportPhoneDefault, "regios": regios}
}

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
