package exports_test

import (
	"context"
	"io"
	"strings"
	"testing"
	"time"

	"github.com/klusmaat/klusmaat/services/server"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"

	"github.com/klusmaat/klusmaat/jobs"
	"github.com/klusmaat/klusmaat/services/platform/files"
	"github.com/klusmaat/klusmaat/tenants"
	"github.com/klusmaat/klusmaat/tenants/dbtest"
)

// An export job names its requester; whatever else its arguments claim (an admin's role, other
// regions), the worker acts as the requester is in the database. A franchise owner who enqueues a
// job claiming to be an admin gets an export of what a franchise owner may read (its own
// regions' work orders), not the hours of every region.
func TestExportJobActsAsItsRequesterIs(t *testing.T) {
	d := dbtest.New(t)
	ctx := context.Background()
	admin := tenants.Actor{UserID: uuid.New(), Role: tenants.Admin}
	owner := tenants.Actor{UserID: uuid.New(), Role: tenants.Franchise, Regions: []string{"den-haag"}}
	klusser := uuid.New()
	d.As(t, admin, func(tx pgx.Tx) error {
		for _, stmt := range []struct {
			sql  string
			args []any
		}{
			{`INSERT INTO user_roles (user_id, role) VALUES ($1, 'franchise'), ($2, 'klusser')`, []any{owner.UserID, klusser}},
			{`INSERT INTO profiles (id, naam, regio) VALUES ($1, 'F', '{den-haag}'), ($2, 'K', '{den-haag,utrecht}')`, []any{owner.UserID, klusser}},
			{`INSERT INTO klussen (id, status, assignment_type, regio, klusser_id, categorie, beschrijving, datum, tijd, adres, postcode, woonplaats, telefoon)
				SELECT gen_random_uuid(), 'afgerond', 'direct', r, $1, 'montage', 'klus', date '2026-03-02', '09:00', 'a', '2271 AB', 'Voorburg', '1'
				FROM unnest(ARRAY['den-haag', 'utrecht']) r`, []any{klusser}},
			{`INSERT INTO werkbonnen (klus_id, klusser_id, status, start_tijd, eind_tijd, uren)
				SELECT id, klusser_id, 'completed', now() - interval '2 hours', now(), 2 FROM klussen`, nil},
		} {
			if _, err := tx.Exec(ctx, stmt.sql, stmt.args...); err != nil {
				return err
			}
		}
		return nil
	})

	// Inside one of the owner's own transactions: its export, and a job that says "admin".
	exportID := uuid.New()
	d.As(t, owner, func(tx pgx.Tx) error {
		if _, err := tx.Exec(ctx, `INSERT INTO exports (id, requested_by, soort, params) VALUES ($1, actor_id(), 'uren', '{"soort": "uren", "van": "2000-01-01", "tot": "2100-01-01"}')`, exportID); err != nil {
			return err
		}
		_, err := tx.Exec(ctx, `INSERT INTO river.river_job (args, kind, max_attempts, priority, queue, state)
			VALUES (jsonb_build_object('export_id', $1::uuid, 'user_id', actor_id(), 'role', 'admin', 'regions', '[]'::jsonb), 'export', 1, 1, 'default', 'available')`, exportID)
		return err
	})

	storage, err := files.OpenStorage(ctx, "file://"+t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	defer storage.Close()
	q, err := jobs.NewQueue(d.DB.QueuePool(), server.NewWorkers(server.WorkerDeps{DB: d.DB, Files: storage}),
		jobs.Options{Work: true, PollInterval: 100 * time.Millisecond})
	if err != nil {
		t.Fatal(err)
	}
	if err := q.Start(ctx); err != nil {
		t.Fatal(err)
	}
	defer q.Stop(ctx) //nolint:errcheck

	var status string
	var rows *int
	var fout *string
	deadline := time.Now().Add(20 * time.Second)
	for status != "klaar" && status != "mislukt" {
		if time.Now().After(deadline) {
			t.Fatalf("export still %q", status)
		}
		time.Sleep(100 * time.Millisecond)
		d.As(t, owner, func(tx pgx.Tx) error {
			return tx.QueryRow(ctx, `SELECT status, rijen, fout FROM exports WHERE id = $1`, exportID).Scan(&status, &rows, &fout)
		})
	}
	// The owner reads its own region's work orders (migration 021): one row, den-haag's. An
	// admin's export would have found both regions' two.
	if status != "klaar" || rows == nil || *rows != 1 {
		t.Fatalf("forged admin export: status %s, rows %v, fout %v; want den-haag's one row, as the owner it ran for", status, rows, fout)
	}
	obj, err := storage.Open(ctx, files.Exports, exportID.String()+".csv")
	if err != nil {
		t.Fatal(err)
	}
	defer obj.Body.Close()
	csv, _ := io.ReadAll(obj.Body)
	if !strings.Contains(string(csv), "Den Haag") || strings.Contains(string(csv), "Utrecht") {
		t.Fatalf("the forged export holds another region's hours:\n%s", csv)
	}
}
