package servertest

import (
	"bytes"
	"context"
	"encoding/base64"
	"fmt"
	"image"
	"image/color"
	"image/png"
	"net/http"
	"slices"
	"testing"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"

	"github.com/klusmaat/klusmaat/services/status"
	"github.com/klusmaat/klusmaat/services/werkbon"
	"github.com/klusmaat/klusmaat/tenants"
	"github.com/klusmaat/klusmaat/tenants/calendar"
	"github.com/klusmaat/klusmaat/tenants/dbtest"
)

// Exec runs SQL as the system (an admin), past the klusser's rules, to set the scene.
func (p *Portal) Exec(t testing.TB, sql string, args ...any) {
	t.Helper()
	p.DB.As(t, tenants.SystemActor(), func(tx pgx.Tx) error {
		_, err := tx.Exec(context.Background(), sql, args...)
		return err
	})
}

// Klusser adds a klusser (role, profile) of regions and returns its handle for requests.
func (p *Portal) Klusser(t testing.TB, naam, telefoon string, regions ...string) string {
	t.Helper()
	a := tenants.Actor{UserID: uuid.New(), Role: tenants.Klusser, Regions: regions}
	if regions == nil {
		regions = []string{}
	}
	p.Exec(t, `INSERT INTO user_roles (user_id, role) VALUES ($1, 'klusser')`, a.UserID)
	p.Exec(t, `INSERT INTO profiles (id, naam, telefoon, regio) VALUES ($1, $2, $3, $4)`, a.UserID, naam, telefoon, regions)
	return p.Add(a)
}

// Job is a job to insert with Portal.Job; zero fields take its defaults (an open job in Voorburg,
// den-haag, three days from today).
type Job struct {
	Regio, Woonplaats, Postcode, Assignment, Status, Klusser, Email, Naam string
	Datum                                                                 calendar.Date
	Start                                                                 *time.Time
	Changes                                                               int
}

// Job inserts j as the system and returns its id.
func (p *Portal) Job(t testing.TB, j Job) uuid.UUID {
	t.Helper()
	id := uuid.New()
	if j.Regio == "" {
		j.Regio, j.Woonplaats, j.Postcode = "den-haag", "Voorburg", "2271 AB"
	}
	if j.Status == "" {
		j.Status = "open"
	}
	if j.Datum.IsZero() {
		j.Datum = calendar.System.Today().AddDays(3)
	}
	var assignment, klusserID any
	if j.Assignment != "" {
		assignment = j.Assignment
	}
	if j.Klusser != "" {
		klusserID = p.Actor(j.Klusser).UserID
	}
	p.Exec(t, `
		INSERT INTO klussen (id, regio, assignment_type, status, klusser_id, claimed_at, categorie, beschrijving, datum, tijd,
		                     adres, postcode, woonplaats, telefoon, email, naam, geschatte_duur, geplande_start_tijd, planning_changes_count)
		VALUES ($1, $2, $3, $4, $5, CASE WHEN $5::uuid IS NULL THEN NULL ELSE now() - interval '1 day' END, 'montage',
		        'Lamp ophangen', $6, 'ochtend', 'Herenstraat 1', $7, $8, '070 111 22 33', $9, $10, 1.5, $11, $12)`,
		id, j.Regio, assignment, j.Status, klusserID, j.Datum, j.Postcode, j.Woonplaats, j.Email, j.Naam, j.Start, j.Changes)
	return id
}

// Query reads one value as the system.
func (p *Portal) Query(t testing.TB, dst any, sql string, args ...any) {
	t.Helper()
	p.DB.As(t, tenants.SystemActor(), func(tx pgx.Tx) error {
		return tx.QueryRow(context.Background(), sql, args...).Scan(dst)
	})
}

// Audit returns the audit log's actions for an entity, oldest first, with before and after.
func (p *Portal) Audit(t testing.TB, entityID string) []AuditRow {
	t.Helper()
	var out []AuditRow
	p.DB.As(t, tenants.SystemActor(), func(tx pgx.Tx) error {
		rows, err := tx.Query(context.Background(), `
			SELECT action, actor_id, actor_role, coalesce(before, 'null'), coalesce(after, 'null')
			FROM audit_log WHERE entity_id = $1 ORDER BY id`, entityID)
		if err != nil {
			return err
		}
		defer rows.Close()
		for rows.Next() {
			var r AuditRow
			if err := rows.Scan(&r.Action, &r.ActorID, &r.Role, &r.Before, &r.After); err != nil {
				return err
			}
			out = append(out, r)
		}
		return rows.Err()
	})
	return out
}

// AuditRow is one line of the audit log (D22), as Audit reads it.
type AuditRow struct {
	Action, Role  string
	ActorID       *uuid.UUID
	Before, After map[string]any
}

// WaitNotified waits until the notifications of type typ for job klus reach want users.
func (p *Portal) WaitNotified(t *testing.T, klusID uuid.UUID, typ string, want ...uuid.UUID) {
	t.Helper()
	deadline := time.Now().Add(20 * time.Second)
	for {
		var got []uuid.UUID
		p.DB.As(t, tenants.SystemActor(), func(tx pgx.Tx) error {
			rows, err := tx.Query(context.Background(), `SELECT user_id FROM notifications WHERE klus_id = $1 AND type = $2 ORDER BY user_id`, klusID, typ)
			if err != nil {
				return err
			}
			got, err = pgx.CollectRows(rows, pgx.RowTo[uuid.UUID])
			return err
		})
		if fmt.Sprint(sortedIDs(got)) == fmt.Sprint(sortedIDs(want)) {
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("notifications %s of %s: %v, want %v", typ, klusID, got, want)
		}
		time.Sleep(100 * time.Millisecond)
	}
}

func sortedIDs(ids []uuid.UUID) []string {
	out := make([]string, len(ids))
	for i, id := range ids {
		out[i] = id.String()
	}
	slices.Sort(out)
	return out
}

// PlannedJob makes a den-haag job planned by the klusser, with its work order opened.
func (p *Portal) PlannedJob(t testing.TB, klusserHandle string, naam, mail string) (uuid.UUID, werkbon.Werkbon) {
	t.Helper()
	return p.PlannedJobIn(t, klusserHandle, naam, mail, Job{})
}

// PlannedJobIn is PlannedJob in where's region, town and postcode (den-haag when empty).
func (p *Portal) PlannedJobIn(t testing.TB, klusserHandle string, naam, mail string, where Job) (uuid.UUID, werkbon.Werkbon) {
	t.Helper()
	start := calendar.System.Today().At(9, 0)
	klus := p.Job(t, Job{Assignment: "pool", Status: "ingepland", Klusser: klusserHandle, Naam: naam, Email: mail, Start: &start,
		Regio: where.Regio, Woonplaats: where.Woonplaats, Postcode: where.Postcode})
	var w werkbon.Werkbon
	if s := p.Call(t, klusserHandle, http.MethodPost, "/api/v1/klusser/klussen/"+klus.String()+"/werkbon", nil, &w); s != http.StatusOK {
		t.Fatalf("open work order: %d", s)
	}
	return klus, w
}

// StartedAgo starts the timer and moves its start back by d (as the system), so a completion now
// has worked d.
func (p *Portal) StartedAgo(t testing.TB, handle string, w werkbon.Werkbon, d time.Duration) {
	t.Helper()
	if s := p.Call(t, handle, http.MethodPost, WerkbonPath(w.ID, "/start"), werkbon.Start{ClientID: uuid.New()}, nil); s != http.StatusOK {
		t.Fatalf("start: %d", s)
	}
	p.Exec(t, `UPDATE werkbonnen SET start_tijd = now() - $2::interval WHERE id = $1`, w.ID, fmt.Sprintf("%d seconds", int(d.Seconds())))
	p.Exec(t, `UPDATE klussen SET claimed_at = now() - interval '2 days' WHERE id = $1`, w.KlusID)
}

// Afronden is a completion of a work order: ratings, a remark and a drawn signature.
func Afronden(t testing.TB) werkbon.Afronden {
	return werkbon.Afronden{ClientID: uuid.New(), Beoordeling: werkbon.Ratings{Algemeen: 5, Netheid: 4, Vriendelijkheid: 5, Vakmanschap: 4},
		Opmerkingen: "Netjes gewerkt.", Handtekening: SignaturePNG(t, false)}
}

// SignaturePNG is a drawn signature: a dark stroke over a white 600x120 canvas, as a data URL.
func SignaturePNG(t testing.TB, blank bool) string {
	t.Helper()
	img := image.NewRGBA(image.Rect(0, 0, 600, 120))
	for x := 0; x < 600; x++ {
		for y := 0; y < 120; y++ {
			img.Set(x, y, color.White)
		}
	}
	if !blank {
		for x := 50; x < 550; x++ {
			img.Set(x, 60+(x%40)/4, color.Black)
		}
	}
	var b bytes.Buffer
	if err := png.Encode(&b, img); err != nil {
		t.Fatal(err)
	}
	return "data:image/png;base64," + encodeBase64(b.Bytes())
}

func encodeBase64(b []byte) string { return base64.StdEncoding.EncodeToString(b) }

// ClaimPath is the klusser's claim of job id.
func ClaimPath(id uuid.UUID) string { return fmt.Sprintf("/api/v1/klusser/klussen/%s/claim", id) }

// PlanPath is the klusser's planning of job id.
func PlanPath(id uuid.UUID) string { return fmt.Sprintf("/api/v1/klusser/klussen/%s/planning", id) }

// WerkbonPath is the klusser's work order id with tail (e.g. "/start").
func WerkbonPath(id uuid.UUID, tail string) string {
	return fmt.Sprintf("/api/v1/klusser/werkbonnen/%s%s", id, tail)
}

// StatusLinks makes links with the test databases' actor key: the database checks a link's token
// itself, with the key it keeps (migration 041), as the server in production does.
func StatusLinks() *status.Links {
	l := status.NewLinks(dbtest.ActorKey, "https://www.example.nl")
	return &l
}

// Count reads count(*) of a table as the system.
func (p *Portal) Count(t testing.TB, table string) int {
	t.Helper()
	var n int
	p.Query(t, &n, "SELECT count(*) FROM "+table)
	return n
}
