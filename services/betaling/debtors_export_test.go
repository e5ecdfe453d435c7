package betaling

import (
	"bytes"
	"context"
	"encoding/csv"
	"errors"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"

	"github.com/klusmaat/klusmaat/services/factuur"
	"github.com/klusmaat/klusmaat/tenants"
	"github.com/klusmaat/klusmaat/tenants/calendar"
)

// The debtors list a bookkeeper downloads for one business (GET /api/v1/facturen/debiteuren.csv):
// every invoice with money open and no other, oldest due first, every field quoted and lines
// ending in CRLF, each row adding up (Totaal = Betaald + Open) with its days overdue counted from
// today; a business with nothing open gets the Dutch message. Both downloads are audited.
func TestDebtorsListAddsUpAndIsAudited(t *testing.T) {
	_, day := readDemoFile(t, "centraal")
	d := seededDemo(t, day)
	admin := tenants.Actor{UserID: uuid.New(), Role: tenants.Admin}
	ctx := tenants.WithActor(context.Background(), admin)
	s := &store{db: d.DB, clock: calendar.Fixed(day.Start().Add(12 * time.Hour))}

	f, err := s.Debtors(ctx, DebtorsRequest{Uitgever: factuur.Centraal})
	if err != nil {
		t.Fatal(err)
	}
	if want := "debiteuren-centraal-" + day.String() + ".csv"; f.Name != want {
		t.Errorf("name %q, want %q", f.Name, want)
	}
	lines := strings.Split(strings.TrimSuffix(string(f.Data), "\r\n"), "\r\n")
	if lines[0] != `"Factuurnummer","Factuurdatum","Vervaldatum","Dagen over tijd","Klant","Adres","Postcode","Woonplaats","E-mail","Regio","Totaal","Betaald","Open","Staat","Herinnering","14-dagenbrief"` {
		t.Errorf("header %s", lines[0])
	}
	var open int
	d.As(t, tenants.SystemActor(), func(tx pgx.Tx) error {
		return tx.QueryRow(context.Background(), `SELECT count(*) FROM facturen f JOIN factuur_stand s ON s.factuur_id = f.id
			WHERE f.uitgever_id = $1 AND s.open_cents > 0 AND s.staat IN `+factuur.OpenStates, factuur.Centraal).Scan(&open)
	})
	if open < 3 || f.Rows != open || len(lines) != open+1 {
		t.Fatalf("%d rows, %d lines; want the %d open invoices of the demo:\n%s", f.Rows, len(lines)-1, open, f.Data)
	}
	cents := func(s string) int {
		n, err := strconv.Atoi(strings.Replace(s, ",", "", 1))
		if err != nil {
			t.Fatalf("amount %q: %v", s, err)
		}
		return n
	}
	var lastDue time.Time
	reminded := 0
	records, err := csv.NewReader(bytes.NewReader(f.Data)).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	for i, fields := range records[1:] {
		if line := lines[i+1]; strings.Count(line, `"`) < 2*len(fields) {
			t.Fatalf("a field without quotes: %s", line)
		}
		due, err := time.Parse("02-01-2006", fields[2])
		if err != nil || due.Before(lastDue) {
			t.Errorf("due date %q after %s: not oldest first (%v)", fields[2], lastDue.Format(time.DateOnly), err)
		}
		lastDue = due
		verval, _ := calendar.ParseDate(due.Format(time.DateOnly))
		if want := strconv.Itoa(max(0, verval.DaysUntil(day))); fields[3] != want {
			t.Errorf("%s: %s days overdue, want %s (due %s, today %s)", fields[0], fields[3], want, fields[2], day)
		}
		if cents(fields[10]) != cents(fields[11])+cents(fields[12]) || cents(fields[12]) <= 0 {
			t.Errorf("%s: Totaal %s, Betaald %s, Open %s", fields[0], fields[10], fields[11], fields[12])
		}
		if fields[14] != "" {
			reminded++
		}
	}
	if reminded == 0 {
		t.Errorf("no reminder date in the list, though the demo sent reminders:\n%s", f.Data)
	}

	if _, err := s.Debtors(ctx, DebtorsRequest{Uitgever: "XX"}); !errors.Is(err, ErrNoDebtors) {
		t.Fatalf("nothing open: %v, want ErrNoDebtors", err)
	}
	audited := map[string]int{}
	d.As(t, tenants.SystemActor(), func(tx pgx.Tx) error {
		rows, err := tx.Query(context.Background(), `SELECT entity_id, (after->>'rijen')::int FROM audit_log
			WHERE action = 'download' AND entity = 'debiteuren' AND actor_id = $1`, admin.UserID)
		if err != nil {
			return err
		}
		for rows.Next() {
			var id string
			var n int
			if err := rows.Scan(&id, &n); err != nil {
				return err
			}
			audited[id] = n
		}
		return rows.Err()
	})
	if audited[factuur.Centraal] != open || len(audited) != 2 || audited["XX"] != 0 {
		t.Errorf("audit log %v, want centraal %d and XX 0", audited, open)
	}
}
