package settings

import (
	"context"

	"github.com/jackc/pgx/v5"

	"github.com/klusmaat/klusmaat/services/platform/validate"
	"github.com/klusmaat/klusmaat/tenants"
)

// pgStore is the PostgreSQL store: app_settings (support_phone_default) and franchise_settings.
type pgStore struct{ db *tenants.DB }

func (s *pgStore) Get(ctx context.Context) (Settings, error) {
	var st Settings
	err := s.db.Tx(ctx, func(tx pgx.Tx) (err error) {
		st, err = read(ctx, tx)
		return err
	})
	return st, err
}

func read(ctx context.Context, tx pgx.Tx) (Settings, error) {
	st := Settings{ID: ID}
	err := tx.QueryRow(ctx, `SELECT coalesce((SELECT setting_value FROM app_settings WHERE setting_key = 'support_phone_default'), '')`).
		Scan(&st.SupportPhoneDefault)
	if err != nil {
		return st, err
	}
	rows, err := tx.Query(ctx, `
		SELECT r.slug, r.naam, coalesce(f.support_phone, ''), coalesce(f.support_email, '')
		FROM regions r LEFT JOIN franchise_settings f ON f.regio = r.slug
		WHERE r.actief ORDER BY r.naam`)
	if err != nil {
		return st, err
	}
	st.Regios, err = pgx.CollectRows(rows, pgx.RowToStructByPos[Regio])
	return st, err
}

// Update writes the default phone and each region given, and the audit entry with before and
// after (D22), in one transaction.
func (s *pgStore) Update(ctx context.Context, w Wijziging) (Settings, error) {
	var st Settings
	err := s.db.Tx(ctx, func(tx pgx.Tx) error {
		before, err := read(ctx, tx)
		if err != nil {
			return err
		}
		known := map[string]bool{}
		for _, r := range before.Regios {
			known[r.Regio] = true
		}
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
		for _, r := range w.Regios {
			if _, err := tx.Exec(ctx, `
				INSERT INTO franchise_settings (regio, support_phone, support_email) VALUES ($1, $2, $3)
				ON CONFLICT (regio) DO UPDATE SET support_phone = EXCLUDED.support_phone, support_email = EXCLUDED.support_email`,
				r.Regio, r.SupportPhone, r.SupportEmail); err != nil {
				return err
			}
		}
		st, err = read(ctx, tx)
		if err != nil {
			return err
		}
		return tenants.Audit(ctx, tx, tenants.AuditEntry{Action: AuditAction, Entity: "settings", EntityID: ID,
			Before: asMap(before), After: asMap(st)})
	})
	return st, err
}

func asMap(s Settings) map[string]any {
	regios := map[string]any{}
	for _, r := range s.Regios {
		regios[r.Regio] = map[string]string{"support_phone": r.SupportPhone, "support_email": r.SupportEmail}
	}
	return map[string]any{"support_phone_default": s.SupportPhoneDefault, "regios": regios}
}
