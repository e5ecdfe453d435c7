package tenants_test

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/url"
	"slices"
	"testing"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"

	"github.com/klusmaat/klusmaat/tenants"
	"github.com/klusmaat/klusmaat/tenants/dbtest"
	"github.com/klusmaat/klusmaat/tenants/domainerr"
	"github.com/klusmaat/klusmaat/tenants/list"
)

// Stores call db.Tx without naming an actor: it is the request's, from the context, and a
// context without one is anonymous.
func TestTxActsAsTheActorOfTheContext(t *testing.T) {
	d := dbtest.New(t)
	franchise := tenants.Actor{UserID: uuid.New(), Role: tenants.Franchise, Regions: []string{"den-haag"}}
	for _, c := range []struct {
		ctx  context.Context
		role string
	}{
		{tenants.WithActor(context.Background(), franchise), "franchise"},
		{context.Background(), "anonymous"},
	} {
		var role string
		var regions []string
		err := d.DB.Tx(c.ctx, func(tx pgx.Tx) error {
			return tx.QueryRow(c.ctx, `SELECT actor_role(), actor_regions()`).Scan(&role, &regions)
		})
		if err != nil || role != c.role {
			t.Errorf("acted as %q %v (%v), want %s", role, regions, err, c.role)
		}
	}
}

// The refusals a user can cause reach the user as domain errors, whatever the statement; a fault
// of the platform (a missing grant) does not pass for one.
func TestTxTurnsPostgreSQLRefusalsIntoDomainErrors(t *testing.T) {
	d := dbtest.New(t)
	adminID := uuid.New()
	admin := tenants.WithActor(context.Background(), tenants.Actor{UserID: adminID, Role: tenants.Admin})
	visitor := context.Background()
	klus := uuid.New()
	insertKlus := `INSERT INTO klussen (id, status, regio, categorie, beschrijving, datum, tijd, adres, postcode, woonplaats, telefoon)
		VALUES ($1, $2, 'den-haag', 'montage', 'kast', '2026-03-02', 'ochtend', 'Laan 1', '2271 AB', 'Voorburg', '070 1234567')`
	exec := func(ctx context.Context, sql string, args ...any) error {
		return d.DB.Tx(ctx, func(tx pgx.Tx) error {
			_, err := tx.Exec(ctx, sql, args...)
			return err
		})
	}
	if err := exec(admin, insertKlus, klus, "open"); err != nil {
		t.Fatal(err)
	}
	if err := exec(admin, `INSERT INTO user_roles (user_id, role) VALUES ($1, 'admin')`, adminID); err != nil {
		t.Fatal(err)
	}

	cases := []struct {
		name string
		err  error
		want *domainerr.Error
	}{
		{"unique", exec(admin, `INSERT INTO user_roles (user_id, role) VALUES ($1, 'admin')`, adminID), tenants.ErrDuplicate},
		{"unknown reference", exec(admin, `INSERT INTO region_towns (woonplaats, naam, regio) VALUES ('nergens', 'Nergens', 'atlantis')`), tenants.ErrUnknownRef},
		{"still referenced", exec(admin, `DELETE FROM categories WHERE key = 'montage'`), tenants.ErrInUse},
		{"check", exec(admin, `UPDATE klussen SET status = 'kapot' WHERE id = $1`, klus), tenants.ErrRuleBroken},
		{"row-level security", exec(visitor, insertKlus, uuid.New(), "bezig"), domainerr.ErrForbidden},
	}
	for _, c := range cases {
		d := domainerr.As(c.err)
		if !errors.Is(c.err, c.want) || d == nil || d.Kind != c.want.Kind {
			t.Errorf("%s: %v, want %s (%s)", c.name, c.err, c.want.Code, c.want.Kind)
			continue
		}
		// The cause stays for the log.
		var pe *pgconn.PgError
		if !errors.As(c.err, &pe) {
			t.Errorf("%s: the PostgreSQL error is lost", c.name)
		}
	}

	grant := exec(admin, `DELETE FROM audit_log`)
	if tenants.PGCode(grant) != tenants.CodeInsufficientPrivilege || domainerr.As(grant) != nil {
		t.Errorf("a missing grant became %v; it is the platform's fault, not a refusal", grant)
	}
}

// A store that knows what a refusal means says so; the rest keep the defaults.
func TestRefusalsTakeTheStoresOwnErrors(t *testing.T) {
	closed := domainerr.Conflict("werkbon_closed", "Deze werkbon is afgesloten.")
	check := fmt.Errorf("insert photo: %w", &pgconn.PgError{Code: tenants.CodeCheckViolation, Message: "werkbon is afgerond"})
	unique := &pgconn.PgError{Code: tenants.CodeUniqueViolation}
	r := tenants.Refusals{Check: closed}
	if err := r.Map(check); !errors.Is(err, closed) {
		t.Errorf("check: %v", err)
	}
	if err := r.Map(unique); !errors.Is(err, tenants.ErrDuplicate) {
		t.Errorf("unique: %v", err)
	}
	plain := errors.New("connection reset")
	if r.Map(plain) != plain || r.Map(nil) != nil {
		t.Error("other errors must pass unchanged")
	}
}

// The audit writer (D22) records who, when and what in the actor's own name, in the caller's
// transaction.
func TestAuditWritesInTheActorsName(t *testing.T) {
	d := dbtest.New(t)
	adminID := uuid.New()
	ctx := tenants.WithActor(context.Background(), tenants.Actor{UserID: adminID, Role: tenants.Admin})
	region := "utrecht"
	err := d.DB.Tx(ctx, func(tx pgx.Tx) error {
		return tenants.Audit(ctx, tx, tenants.AuditEntry{Action: tenants.AuditDelete, Entity: "klusser_document", EntityID: "doc-1",
			Region: &region, Before: map[string]any{"document_type": "vog"}})
	})
	if err != nil {
		t.Fatal(err)
	}
	var actor uuid.UUID
	var role, regio string
	var before []byte
	var afterIsNull bool
	err = d.DB.Tx(ctx, func(tx pgx.Tx) error {
		return tx.QueryRow(ctx, `SELECT actor_id, actor_role, regio, before, after IS NULL FROM audit_log
			WHERE action = 'delete' AND entity = 'klusser_document' AND entity_id = 'doc-1'`).Scan(&actor, &role, &regio, &before, &afterIsNull)
	})
	var b map[string]any
	_ = json.Unmarshal(before, &b)
	if err != nil || actor != adminID || role != "admin" || regio != "utrecht" || b["document_type"] != "vog" || !afterIsNull {
		t.Fatalf("audit row: %v %s %s %s %s after-null=%v", err, actor, role, regio, before, afterIsNull)
	}
}

// QueryPage orders by the allowed field (empty values last either way), breaks ties stably,
// takes the page and counts the whole list, also past its end.
func TestQueryPageSortsPagesAndCounts(t *testing.T) {
	d := dbtest.New(t)
	spec := &list.Spec{Sorts: []string{"score", "naam"}, DefaultSort: "score", DefaultOrder: list.Desc, Tiebreak: []string{"naam", "id"}}
	base := `SELECT * FROM (VALUES (1, 'Bas', 3), (2, 'Anna', NULL), (3, 'Cor', 5), (4, 'Dirk', 3), (5, 'Eva', 1), (6, '50%_korting', 2))
		AS t(id, naam, score) WHERE ($1 = '' OR naam ILIKE $1)`
	run := func(query, search string) list.Page[string] {
		t.Helper()
		q, _ := url.ParseQuery(query)
		p, err := list.Parse(spec, q)
		if err != nil {
			t.Fatal(err)
		}
		var page list.Page[string]
		err = d.DB.Tx(context.Background(), func(tx pgx.Tx) (err error) {
			page, err = tenants.QueryPage(context.Background(), tx, p, base, []any{tenants.Contains(search)}, func(r pgx.Row) (string, error) {
				var id, score *int
				var naam string
				return naam, r.Scan(&id, &naam, &score)
			})
			return err
		})
		if err != nil {
			t.Fatal(err)
		}
		return page
	}
	cases := []struct {
		query, search string
		want          []string
		total         int
	}{
		{"", "", []string{"Cor", "Bas", "Dirk", "50%_korting", "Eva", "Anna"}, 6},
		{"order=asc", "", []string{"Eva", "50%_korting", "Bas", "Dirk", "Cor", "Anna"}, 6},
		{"sort=naam&order=asc&per_page=2&page=2", "", []string{"Bas", "Cor"}, 6},
		{"sort=naam&per_page=2&page=2", "", []string{"Cor", "Bas"}, 6}, // the spec's default order
		{"per_page=4&page=2", "", []string{"Eva", "Anna"}, 6},
		{"per_page=4&page=3", "", []string{}, 6},
		{"", "%", []string{"50%_korting"}, 1},
		{"", "a_", []string{}, 0},
		{"per_page=1&page=2", "a", []string{"Eva"}, 3}, // a search: counted over its own matches
		{"per_page=1&page=4", "a", []string{}, 3},      // and past its end
	}
	for _, c := range cases {
		got := run(c.query, c.search)
		if !slices.Equal(got.Data, c.want) || got.Total != c.total {
			t.Errorf("?%s q=%q: %v total %d, want %v total %d", c.query, c.search, got.Data, got.Total, c.want, c.total)
		}
	}
}
