package schema_test

import (
	"context"
	"testing"

	"github.com/jackc/pgx/v5"

	"github.com/klusmaat/klusmaat/tenants"
	"github.com/klusmaat/klusmaat/tenants/dbtest"
)

// proofVersion010 is the last schema version whose actor was recorded in a table by begin_actor()
// (migration 024 replaced it).
const proofVersion010 = 23

// asBefore024 runs fn as actor on a schema older than migration 024, proving the actor the way
// migration 010 asks (begin_actor with the transaction's pid and id), the signature computed in SQL
// with the test key: the server of today no longer speaks that protocol.
func asBefore024(t testing.TB, d *dbtest.Database, a tenants.Actor, fn func(pgx.Tx) error) {
	t.Helper()
	ctx := context.Background()
	conn, err := pgx.Connect(ctx, d.AppURL)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close(ctx)
	var userID any
	if a.Role != tenants.Anonymous {
		userID = a.UserID
	}
	regions := a.Regions
	if regions == nil {
		regions = []string{}
	}
	if err := pgx.BeginFunc(ctx, conn, func(tx pgx.Tx) error {
		if _, err := tx.Exec(ctx, `SELECT begin_actor($1::text, $2::uuid, $3::text[], public.hmac(convert_to(concat_ws(E'\n', 'klusmaat-actor-v1',
				pg_backend_pid(), pg_current_xact_id(), $1::text, coalesce($2::uuid::text, ''), array_to_string($3::text[], ',')), 'UTF8'), $4::bytea, 'sha256'))`,
			string(a.Role), userID, regions, []byte(dbtest.ActorKey)); err != nil {
			return err
		}
		return fn(tx)
	}); err != nil {
		t.Fatalf("as %s before migration 024: %v", a.Role, err)
	}
}
