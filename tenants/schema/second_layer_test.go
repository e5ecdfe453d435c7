package schema_test

import (
	"context"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"

	"github.com/klusmaat/klusmaat/tenants"
	"github.com/klusmaat/klusmaat/tenants/dbtest"
)

// The second layer's last gaps (issue 42, migration 041): what SQL running as klusmaat_app did
// with a valid proof, the server role's own settings, the rate limits and the status link's
// functions. Notifications are in notify_checks_test.go.

// sign makes the proof the server would send for a on a session with nonce, at count: what the
// tests here forge with the key, to show that even a valid signature does not do what the attacks
// need.
func sign(nonce, count int64, a tenants.Actor) string {
	user := ""
	if a.Role != tenants.Anonymous {
		user = a.UserID.String()
	}
	fields := []string{strconv.FormatInt(count, 10), string(a.Role), user, strings.Join(a.Regions, ",")}
	mac := hmac.New(sha256.New, []byte(dbtest.ActorKey))
	mac.Write([]byte("klusmaat-actor-v2\n" + strconv.FormatInt(nonce, 10) + "\n" + strings.Join(fields, "\n")))
	return strings.Join(append(fields, hex.EncodeToString(mac.Sum(nil))), "/")
}

// nextProof signs a for the next transaction count of tx's connection, as the server would
// (tenants/proof.go keeps the nonce and the count in the connection's CustomData).
func nextProof(t *testing.T, tx pgx.Tx, a tenants.Actor) string {
	t.Helper()
	data := tx.Conn().PgConn().CustomData()
	nonce, ok1 := data["klusmaat.actor_nonce"].(int64)
	count, ok2 := data["klusmaat.actor_count"].(int64)
	if !ok1 || !ok2 {
		t.Fatalf("the connection keeps no nonce and count: %v", data)
	}
	data["klusmaat.actor_count"] = count + 1
	return sign(nonce, count+1, a)
}

// Item 1: a proof sent with SQL in one simple-query message is refused, so no later transaction
// of that message can find its actor again.
func TestAProofTravelsAloneInItsMessage(t *testing.T) {
	d := dbtest.New(t)
	loadFixture(t, d)
	ctx := context.Background()
	const carryOver = `SELECT set_config('klusmaat.actor', current_setting('klusmaat.actor'), false); COMMIT; BEGIN; `

	t.Run("one message with a valid proof", func(t *testing.T) {
		conn, err := pgx.Connect(ctx, d.AppURL)
		if err != nil {
			t.Fatal(err)
		}
		defer conn.Close(ctx)
		var nonce int64
		if err := conn.QueryRow(ctx, `SELECT actor_session()`).Scan(&nonce); err != nil {
			t.Fatal(err)
		}
		proof := sign(nonce, 1, actors["admin"])
		results, err := conn.PgConn().Exec(ctx, `BEGIN; SELECT prove_actor('`+proof+`'); `+carryOver+
			`SELECT coalesce(actor_role(), ''), (SELECT count(*) FROM klussen)`).ReadAll()
		for _, r := range results {
			for _, row := range r.Rows {
				if len(row) == 2 && (string(row[0]) != "" || string(row[1]) != "0") {
					t.Errorf("the message's second transaction acts as %q and sees %s jobs", row[0], row[1])
				}
			}
		}
		if tenants.PGCode(err) != tenants.CodeInsufficientPrivilege {
			t.Errorf("prove_actor in a message with more SQL: %v, want refused (42501)", err)
		}
	})

	t.Run("the server's own first statement", func(t *testing.T) {
		single := oneConnection(t, d)
		err := single.InTx(ctx, actors["admin"], func(tx pgx.Tx) error {
			if _, err := tx.Exec(ctx, carryOver+`SELECT set_config('klusmaat.probe', coalesce(actor_role(), '-') || '|' || (SELECT count(*) FROM klussen), false)`); err != nil {
				return err
			}
			var probe string
			if err := tx.QueryRow(ctx, `SELECT current_setting('klusmaat.probe')`).Scan(&probe); err != nil {
				return err
			}
			if probe != "-|0" {
				t.Errorf("the transaction SQL began after the admin's: role|jobs = %s, want -|0", probe)
			}
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
	})

	t.Run("a pipeline of messages", func(t *testing.T) {
		conn, err := pgx.Connect(ctx, d.AppURL)
		if err != nil {
			t.Fatal(err)
		}
		defer conn.Close(ctx)
		var nonce int64
		if err := conn.QueryRow(ctx, `SELECT actor_session()`).Scan(&nonce); err != nil {
			t.Fatal(err)
		}
		b := &pgx.Batch{}
		b.Queue(`BEGIN`)
		b.Queue(`SELECT prove_actor($1)`, sign(nonce, 1, actors["admin"]))
		b.Queue(`SELECT set_config('klusmaat.actor', current_setting('klusmaat.actor'), false)`)
		b.Queue(`COMMIT`)
		b.Queue(`BEGIN`)
		var role string
		b.Queue(`SELECT coalesce(actor_role(), '')`).QueryRow(func(r pgx.Row) error { return r.Scan(&role) })
		if err := conn.SendBatch(ctx, b).Close(); err != nil {
			t.Fatal(err)
		}
		if role != "" {
			t.Errorf("a later transaction of the pipeline acts as %q", role)
		}
		_, _ = conn.Exec(ctx, `ROLLBACK`)
	})
}

// Item 8: a transaction accepts one proof, whatever SQL did to the setting or the session's
// sequences before the second.
func TestASecondProofIsRefused(t *testing.T) {
	d := dbtest.New(t)
	loadFixture(t, d)
	ctx := context.Background()
	check := func(t *testing.T, tx pgx.Tx, what string) {
		t.Helper()
		sp, err := tx.Begin(ctx)
		if err != nil {
			t.Fatal(err)
		}
		var role string
		var ut int
		if err := sp.QueryRow(ctx, `SELECT coalesce(actor_role(), ''), (SELECT count(*) FROM klussen WHERE regio = 'utrecht')`).Scan(&role, &ut); err == nil && (role == "admin" || ut != 0) {
			t.Errorf("%s: acts as %q and sees %d utrecht jobs", what, role, ut)
		}
		_ = sp.Rollback(ctx)
	}

	t.Run("after clearing klusmaat.actor", func(t *testing.T) {
		d.As(t, actors["fdh"], func(tx pgx.Tx) error {
			if _, err := tx.Exec(ctx, `SELECT set_config('klusmaat.actor', '', true)`); err != nil {
				return err
			}
			sp, err := tx.Begin(ctx)
			if err != nil {
				return err
			}
			if _, err := sp.Exec(ctx, `SELECT prove_actor($1)`, nextProof(t, tx, actors["admin"])); err == nil {
				t.Error("a second signed proof was accepted in the transaction")
				check(t, sp, "after the second proof")
			}
			return sp.Rollback(ctx)
		})
	})

	t.Run("after DISCARD SEQUENCES", func(t *testing.T) {
		conn, err := pgx.Connect(ctx, d.AppURL)
		if err != nil {
			t.Fatal(err)
		}
		defer conn.Close(ctx)
		var nonce int64
		if err := conn.QueryRow(ctx, `SELECT actor_session()`).Scan(&nonce); err != nil {
			t.Fatal(err)
		}
		if _, err := conn.Exec(ctx, `BEGIN; SELECT prove_actor('`+sign(nonce, 1, actors["fdh"])+`')`); err != nil {
			t.Fatal(err)
		}
		if _, err := conn.Exec(ctx, `DISCARD SEQUENCES`); err != nil {
			t.Fatal(err)
		}
		var fresh int64
		if err := conn.QueryRow(ctx, `SELECT actor_session()`).Scan(&fresh); err == nil {
			// A new session inside the proved transaction: a proof signed for it would be accepted.
			if _, err := conn.Exec(ctx, `SELECT prove_actor($1)`, sign(fresh, 1, actors["admin"])); err == nil {
				var role string
				_ = conn.QueryRow(ctx, `SELECT coalesce(actor_role(), '')`).Scan(&role)
				t.Errorf("after DISCARD SEQUENCES a new session and a second proof made the transaction %q", role)
			}
			t.Error("actor_session() started a new session inside a proved transaction")
		}
		_, _ = conn.Exec(ctx, `ROLLBACK`)
	})
}

// Item 8: SQL that leaves the connection's session unlike what the server knows of it (DISCARD
// SEQUENCES; a session of its own) does not fail the next request on that pooled connection: the
// server gives it up and proves the next transaction on a fresh one.
func TestTheServerRecoversAConnectionSQLUnsettled(t *testing.T) {
	d := dbtest.New(t)
	loadFixture(t, d)
	ctx := context.Background()
	for name, unsettle := range map[string][]string{
		"DISCARD SEQUENCES":                 {`DISCARD SEQUENCES`},
		"DISCARD SEQUENCES and a new nonce": {`SELECT 1`, `DISCARD SEQUENCES; COMMIT; SELECT actor_session()`},
		"DISCARD ALL after the transaction": {`SELECT 1`, `COMMIT; DISCARD ALL`},
	} {
		t.Run(name, func(t *testing.T) {
			single := oneConnection(t, d)
			if err := single.InTx(ctx, actors["fut"], func(tx pgx.Tx) error { return nil }); err != nil {
				t.Fatal(err)
			}
			_ = single.InTx(ctx, actors["fdh"], func(tx pgx.Tx) error {
				for _, sql := range unsettle {
					if _, err := tx.Exec(ctx, sql); err != nil {
						return err
					}
				}
				return nil
			})
			err := single.InTx(ctx, actors["fut"], func(tx pgx.Tx) error {
				if role, dh, ut := seen(ctx, t, tx); role != "franchise" || dh != 0 || ut != 2 {
					t.Errorf("the next transaction: role %q, %d den-haag and %d utrecht jobs; want franchise, 0, 2", role, dh, ut)
				}
				return nil
			})
			if err != nil {
				t.Errorf("the next request on the connection failed: %v", err)
			}
		})
	}
}

// Item 2: settings SQL stores for the server's own role (ALTER ROLE SESSION_USER ... SET) do not
// reach the server's new connections, and are gone afterwards. (IN DATABASE: the test cluster's
// other databases share the role.)
func TestRoleSettingsDoNotReachTheServer(t *testing.T) {
	d := dbtest.New(t)
	loadFixture(t, d)
	ctx := context.Background()
	app, err := pgx.Connect(ctx, d.AppURL)
	if err != nil {
		t.Fatal(err)
	}
	defer app.Close(ctx)
	for _, setting := range []string{`default_transaction_read_only = on`, `search_path = pg_catalog`,
		`lock_timeout = '1ms'`, `"DateStyle" = 'SQL, DMY'`, `default_transaction_isolation = serializable`} {
		if _, err := app.Exec(ctx, `ALTER ROLE SESSION_USER IN DATABASE `+d.Name+` SET `+setting); err != nil {
			t.Fatalf("the attack itself: %s: %v", setting, err)
		}
	}

	server, err := tenants.Open(ctx, d.Config()) // a new server: new connections
	if err != nil {
		t.Fatal(err)
	}
	defer server.Close()
	err = server.InTx(ctx, actors["admin"], func(tx pgx.Tx) error {
		if _, err := tx.Exec(ctx, `INSERT INTO regions (slug, naam) VALUES ('drenthe', 'Drenthe')`); err != nil {
			return err
		}
		var readOnly, searchPath, lockTimeout, dateStyle, isolation string
		if err := tx.QueryRow(ctx, `SELECT current_setting('default_transaction_read_only'), current_setting('search_path'),
				current_setting('lock_timeout'), current_setting('DateStyle'), current_setting('default_transaction_isolation')`).
			Scan(&readOnly, &searchPath, &lockTimeout, &dateStyle, &isolation); err != nil {
			return err
		}
		if readOnly != "off" || searchPath != `"$user", public` || lockTimeout != "0" || dateStyle != "ISO, MDY" || isolation != "read committed" {
			t.Errorf("the server's session has %s, %s, %s, %s, %s", readOnly, searchPath, lockTimeout, dateStyle, isolation)
		}
		return nil
	})
	if err != nil {
		t.Fatalf("a write through a new connection: %v", err)
	}
	var left int
	if err := app.QueryRow(ctx, `SELECT count(*) FROM pg_catalog.pg_db_role_setting s
			WHERE s.setrole = (SELECT oid FROM pg_catalog.pg_roles WHERE rolname = session_user)
			  AND s.setdatabase IN (0, (SELECT oid FROM pg_catalog.pg_database WHERE datname = current_database()))`).Scan(&left); err != nil || left != 0 {
		t.Errorf("%d settings of the role are left (%v)", left, err)
	}
}

// statusToken is the status link's token of job id under the test key (services/status.Links).
func statusToken(id uuid.UUID, secret string) string {
	k := hmac.New(sha256.New, []byte(secret))
	k.Write([]byte("klusmaat status link v1"))
	m := hmac.New(sha256.New, k.Sum(nil))
	m.Write(id[:])
	return base64.RawURLEncoding.EncodeToString(append(id[:], m.Sum(nil)[:16]...))
}

// Item 5: the status link's functions take the link's token and check it themselves: a job id, a
// token of another key or another spelling opens nothing, and the functions that took an id are
// out of the server role's reach.
func TestStatusFunctionsAskForTheToken(t *testing.T) {
	d := dbtest.New(t)
	loadFixture(t, d)
	ctx := context.Background()
	victim := id("ut_pool") // an open, unplanned utrecht job: cancellable through its link
	good := statusToken(victim, dbtest.ActorKey)
	// The last of 43 characters carries 4 bits of the token and 2 that must be 0: flipping one of
	// those spells the same bytes otherwise.
	const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"
	respelled := good[:42] + string(alphabet[strings.IndexByte(alphabet, good[42])^1])
	forged := map[string]string{
		"the job id":           victim.String(),
		"another key's token":  statusToken(victim, "een-andere-sleutel-van-minstens-32-tekens"),
		"another spelling":     respelled,
		"the token and a byte": good + "A",
	}
	for name, token := range forged {
		d.As(t, actors["fdh"], func(tx pgx.Tx) error {
			var n int
			if err := tx.QueryRow(ctx, `SELECT count(*) FROM klus_status($1)`, token).Scan(&n); err == nil && n != 0 {
				t.Errorf("%s: klus_status opens the job", name)
			}
			return nil
		})
		err := d.DB.InTx(ctx, actors["fdh"], func(tx pgx.Tx) error {
			var regio string
			err := tx.QueryRow(ctx, `SELECT regio FROM klus_status_annuleren($1)`, token).Scan(&regio)
			if err == nil {
				t.Errorf("%s: klus_status_annuleren cancelled the %s job", name, regio)
			}
			var uitkomst string
			if err := tx.QueryRow(ctx, `SELECT uitkomst FROM klus_status_offerte_besluit($1, 1, true, '', current_date)`, token).Scan(&uitkomst); err == nil && uitkomst != "geen" {
				t.Errorf("%s: klus_status_offerte_besluit answers %q", name, uitkomst)
			}
			return nil
		})
		if err != nil {
			t.Errorf("%s: %v", name, err)
		}
	}
	// A bare id, as SQL would pass it, finds no function; the owner's functions are out of reach.
	for _, sql := range []string{
		`SELECT regio FROM klus_status_annuleren($1::uuid)`,
		`SELECT uitkomst FROM klus_status_offerte_besluit($1::uuid, 1, true, '', current_date)`,
		`SELECT regio FROM klusmaat_private.klus_status_annuleren($1::uuid)`,
		`SELECT count(*) FROM klus_status($1::uuid)`,
	} {
		err := d.DB.InTx(ctx, actors["fdh"], func(tx pgx.Tx) error {
			_, err := tx.Exec(ctx, sql, victim)
			return err
		})
		if err == nil {
			t.Errorf("%s ran as the server's role", sql)
		}
	}
	var cancelled bool
	d.As(t, actors["admin"], func(tx pgx.Tx) error {
		return tx.QueryRow(ctx, `SELECT geannuleerd_at IS NOT NULL FROM klussen WHERE id = $1`, victim).Scan(&cancelled)
	})
	if cancelled {
		t.Fatal("the utrecht job was cancelled without its link")
	}
	// The link itself opens and cancels it.
	d.As(t, actors["anon"], func(tx pgx.Tx) error {
		var regio, woonplaats string
		if err := tx.QueryRow(ctx, `SELECT woonplaats FROM klus_status($1)`, good).Scan(&woonplaats); err != nil || woonplaats != "Utrecht" {
			t.Errorf("the link's own token: %q, %v", woonplaats, err)
		}
		if err := tx.QueryRow(ctx, `SELECT regio FROM klus_status_annuleren($1)`, good).Scan(&regio); err != nil || regio != "utrecht" {
			t.Errorf("cancel through the link: %q, %v", regio, err)
		}
		return nil
	})
	// No function of the link in public takes a job id.
	owner, err := pgx.Connect(ctx, d.OwnerURL)
	if err != nil {
		t.Fatal(err)
	}
	defer owner.Close(ctx)
	var byID []string
	if err := owner.QueryRow(ctx, `SELECT coalesce(array_agg(p.oid::regprocedure::text), '{}') FROM pg_proc p
			WHERE p.pronamespace = 'public'::regnamespace AND p.proname LIKE 'klus\_status%'
			  AND (p.pronargs = 0 OR p.proargtypes[0] <> 'text'::regtype)`).Scan(&byID); err != nil {
		t.Fatal(err)
	}
	if len(byID) > 0 {
		t.Errorf("status functions that do not take the link's token: %v", byID)
	}
}

// Item 3 (the database's side; tenants.TestSharedLimitCounts counts): SQL running as klusmaat_app
// that knows an account's address cannot make the account's sign-in limit refuse it. The function
// counts only in a proved transaction, in a window of at most an hour, answers whether the limit is
// passed rather than the count, and the server's keys are HMACs that SQL cannot make.
func TestSQLCannotLockAnAccountOut(t *testing.T) {
	d := dbtest.New(t)
	ctx := context.Background()
	const email = "slachtoffer@example.nl"
	plain := sha256.Sum256([]byte("sign-in-account\x00" + email)) // the key before migration 041
	app, err := pgx.Connect(ctx, d.AppURL)
	if err != nil {
		t.Fatal(err)
	}
	defer app.Close(ctx)
	for _, sql := range []string{`SELECT rate_limit_hit('sign-in-account', $1, interval '1 hour', 10)`, `SELECT rate_limit_sweep()`} {
		var args []any
		if strings.Contains(sql, "$1") {
			args = append(args, plain[:])
		}
		if _, err := app.Exec(ctx, sql, args...); tenants.PGCode(err) != tenants.CodeInsufficientPrivilege {
			t.Errorf("%s without an actor: %v, want refused (42501)", sql, err)
		}
	}
	d.As(t, actors["anon"], func(tx pgx.Tx) error {
		for _, window := range []string{"100 years", "1 day", "0 seconds", "-1 hour"} {
			sp, err := tx.Begin(ctx)
			if err != nil {
				return err
			}
			if _, err := sp.Exec(ctx, `SELECT rate_limit_hit('sign-in-account', $1, $2::interval, 10)`, plain[:], window); err == nil {
				t.Errorf("a window of %s was accepted", window)
			}
			if err := sp.Rollback(ctx); err != nil {
				return err
			}
		}
		var answer string
		if err := tx.QueryRow(ctx, `SELECT pg_typeof(rate_limit_hit('sign-in-account', $1, interval '1 hour', 10))::text`, plain[:]).Scan(&answer); err != nil {
			return err
		}
		if answer != "boolean" {
			t.Errorf("rate_limit_hit answers a %s, want only whether the limit is passed", answer)
		}
		for range 20 {
			if _, err := tx.Exec(ctx, `SELECT rate_limit_hit('sign-in-account', $1, interval '1 hour', 10)`, plain[:]); err != nil {
				return err
			}
		}
		return nil
	})
	if within, err := d.DB.Hit(ctx, "sign-in-account", email, 10, 15*time.Minute); err != nil || !within {
		t.Errorf("after SQL's attempts the account's own sign-in is refused (within %t, %v)", within, err)
	}
}
