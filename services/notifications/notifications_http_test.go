package notifications_test

import (
	"context"
	"encoding/json"
	"net/http"
	"testing"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"github.com/riverqueue/river"

	"github.com/klusmaat/klusmaat/jobs"
	"github.com/klusmaat/klusmaat/jobs/notify"
	"github.com/klusmaat/klusmaat/services/notifications"
	"github.com/klusmaat/klusmaat/services/server"
	"github.com/klusmaat/klusmaat/services/server/servertest"
	"github.com/klusmaat/klusmaat/tenants"
	"github.com/klusmaat/klusmaat/tenants/dbtest"
)

func TestNotificationsReachTheRightPeople(t *testing.T) {
	d := dbtest.New(t)
	ctx := context.Background()
	admin1, admin2 := uuid.New(), uuid.New()
	kDH, kDHInactive, kUT := uuid.New(), uuid.New(), uuid.New()
	klus := uuid.New()
	d.As(t, tenants.SystemActor(), func(tx pgx.Tx) error {
		for _, stmt := range []struct {
			sql  string
			args []any
		}{
			{`INSERT INTO user_roles (user_id, role) VALUES ($1, 'admin'), ($2, 'admin'), ($3, 'klusser'), ($4, 'klusser'), ($5, 'klusser')`,
				[]any{admin1, admin2, kDH, kDHInactive, kUT}},
			{`INSERT INTO profiles (id, naam, regio, actief) VALUES ($1, 'Piet Bakker', '{den-haag}', true), ($2, 'Oud', '{den-haag}', false), ($3, 'Gerrit', '{utrecht}', true)`,
				[]any{kDH, kDHInactive, kUT}},
			{`INSERT INTO klussen (id, regio, assignment_type, categorie, beschrijving, datum, tijd, adres, postcode, woonplaats, telefoon)
			  VALUES ($1, 'den-haag', 'pool', 'montage', 'Lamp', current_date + 2, 'ochtend', 'Straat 1', '2271 AB', 'Voorburg', '070')`, []any{klus}},
		} {
			if _, err := tx.Exec(ctx, stmt.sql, stmt.args...); err != nil {
				return err
			}
		}
		return nil
	})

	q, err := jobs.NewQueue(d.DB.QueuePool(), server.NewWorkers(server.WorkerDeps{DB: d.DB}), jobs.Options{Work: true, PollInterval: 100 * time.Millisecond})
	if err != nil {
		t.Fatal(err)
	}
	if err := q.Start(ctx); err != nil {
		t.Fatal(err)
	}
	defer q.Stop(ctx)
	// Each notification in the transaction of the change it tells of (the enqueue check binds
	// them, river_access.sql): the job enters the pool, then Piet plans it.
	d.As(t, tenants.SystemActor(), func(tx pgx.Tx) error {
		if _, err := tx.Exec(ctx, `UPDATE klussen SET assignment_type = 'pool' WHERE id = $1`, klus); err != nil {
			return err
		}
		return q.Enqueue(ctx, tx, notify.PoolArgs{KlusID: klus})
	})
	d.As(t, tenants.SystemActor(), func(tx pgx.Tx) error {
		if _, err := tx.Exec(ctx, `UPDATE klussen SET klusser_id = $2, claimed_at = now(), status = 'ingepland',
				geplande_start_tijd = timestamptz '2026-12-03 09:30 Europe/Amsterdam' WHERE id = $1`, klus, kDH); err != nil {
			return err
		}
		return q.Enqueue(ctx, tx, notify.AdminsArgs{Type: notify.KlusIngepland, KlusID: klus, KlusserNaam: "Piet Bakker", Datum: "03-12-2026", Tijd: "09:30"})
	})
	deadline := time.Now().Add(15 * time.Second)
	for {
		res, err := q.Client().JobList(ctx, river.NewJobListParams().States("completed"))
		if err != nil {
			t.Fatal(err)
		}
		if len(res.Jobs) == 2 {
			break
		}
		if time.Now().After(deadline) {
			t.Fatal("notify jobs did not complete")
		}
		time.Sleep(100 * time.Millisecond)
	}

	srv := servertest.NewAPIServer(t, server.Deps{DB: d.DB})
	call := func(method, path string, out any) int {
		status, b, _ := srv.Do(method, path, "")
		if out != nil {
			_ = json.Unmarshal(b, out)
		}
		return status
	}
	inbox := func(a tenants.Actor) notifications.Inbox {
		srv.As(a)
		var l notifications.Inbox
		if status := call(http.MethodGet, "/api/v1/notifications", &l); status != http.StatusOK {
			t.Fatalf("inbox of %s: %d", a.Role, status)
		}
		return l
	}

	for _, id := range []uuid.UUID{admin1, admin2} {
		l := inbox(tenants.Actor{UserID: id, Role: tenants.Admin})
		if len(l.Data) != 1 || l.Data[0].Message != "Klus ingepland door Piet Bakker op 03-12-2026 om 09:30" || l.Data[0].Type != "klus_ingepland" || l.Unread != 1 {
			t.Fatalf("admin inbox: %+v", l)
		}
	}
	piet := tenants.Actor{UserID: kDH, Role: tenants.Klusser, Regions: []string{"den-haag"}}
	l := inbox(piet)
	if len(l.Data) != 1 || l.Data[0].Message != "Nieuwe klus beschikbaar in jouw regio!" || *l.Data[0].KlusID != klus {
		t.Fatalf("klusser den-haag inbox: %+v", l)
	}
	if l := inbox(tenants.Actor{UserID: kDHInactive, Role: tenants.Klusser, Regions: []string{"den-haag"}}); len(l.Data) != 0 {
		t.Fatalf("inactive klusser notified: %+v", l)
	}
	if l := inbox(tenants.Actor{UserID: kUT, Role: tenants.Klusser, Regions: []string{"utrecht"}}); len(l.Data) != 0 {
		t.Fatalf("utrecht klusser notified of a den-haag job: %+v", l)
	}

	// Marking read: one's own, not someone else's.
	adminNote := inbox(tenants.Actor{UserID: admin1, Role: tenants.Admin}).Data[0].ID
	srv.As(piet)
	if status := call(http.MethodPost, "/api/v1/notifications/"+adminNote.String()+"/read", nil); status != http.StatusNotFound {
		t.Fatalf("klusser marked an admin's notification: %d", status)
	}
	if status := call(http.MethodPost, "/api/v1/notifications/"+l.Data[0].ID.String()+"/read", nil); status != http.StatusOK {
		t.Fatalf("mark own read: %d", status)
	}
	var count notifications.CountResponse
	if call(http.MethodGet, "/api/v1/notifications/unread-count", &count); count.Count != 0 {
		t.Fatalf("unread after marking: %d", count.Count)
	}
	if l := inbox(tenants.Actor{UserID: admin1, Role: tenants.Admin}); l.Unread != 1 {
		t.Fatalf("the klusser's attempt changed the admin's notification: %+v", l)
	}
	srv.As(tenants.AnonymousActor())
	if status := call(http.MethodGet, "/api/v1/notifications", nil); status != http.StatusUnauthorized {
		t.Fatalf("anonymous inbox: %d", status)
	}
}
