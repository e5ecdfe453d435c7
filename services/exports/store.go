package exports

import (
	"context"
	"encoding/json"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"

	"github.com/klusmaat/klusmaat/services/platform/validate"
	"github.com/klusmaat/klusmaat/tenants"
)

// pgStore is the PostgreSQL store (module.go makes it).
type pgStore struct{ db *tenants.DB }

const columns = `id, soort, status, voortgang, rijen, bestandsnaam, fout, created_at, finished_at`

func scan(row pgx.Row) (Export, error) {
	var e Export
	err := row.Scan(&e.ID, &e.Soort, &e.Status, &e.Voortgang, &e.Rijen, &e.Bestandsnaam, &e.Fout, &e.CreatedAt, &e.FinishedAt)
	return e, tenants.NoRowsAs(ErrNotFound, err)
}

func (s *pgStore) Create(ctx context.Context, r Request, enqueue Enqueue) (Export, error) {
	var e Export
	err := s.db.Tx(ctx, func(tx pgx.Tx) error {
		// A region must exist (a closed one keeps its history); checked here, where the list of
		// regions is.
		if r.Regio != "" {
			ok, err := tenants.IsRegion(ctx, tx, r.Regio)
			if err != nil {
				return err
			}
			if !ok {
				return invalid(validate.Errors{"regio": MsgChooseRegio})
			}
		}
		params, _ := json.Marshal(r)
		var err error
		e, err = scan(tx.QueryRow(ctx, `INSERT INTO exports (requested_by, soort, params) VALUES (actor_id(), $1, $2)
			RETURNING `+columns, r.Soort, params))
		if err != nil {
			return err
		}
		return enqueue(ctx, tx, e)
	})
	return e, err
}

func (s *pgStore) Get(ctx context.Context, id uuid.UUID) (Export, error) {
	var e Export
	err := s.db.Tx(ctx, func(tx pgx.Tx) error {
		var err error
		e, err = scan(tx.QueryRow(ctx, `SELECT `+columns+` FROM exports WHERE id = $1`, id))
		return err
	})
	return e, err
}
