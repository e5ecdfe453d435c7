package afdracht_test

import (
	"context"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"github.com/riverqueue/river"

	"github.com/klusmaat/klusmaat/services/afdracht"
	"github.com/klusmaat/klusmaat/services/factuur"
	"github.com/klusmaat/klusmaat/services/platform/pdftest"
	"github.com/klusmaat/klusmaat/tenants"
	"github.com/klusmaat/klusmaat/tenants/calendar"
	"github.com/klusmaat/klusmaat/tenants/dbtest"
)

// queued records what a run queues instead of a queue.
type queued struct {
	mu   sync.Mutex
	jobs []river.JobArgs
}

func (q *queued) enqueue(_ context.Context, _ pgx.Tx, args river.JobArgs) error {
	q.mu.Lock()
	defer q.mu.Unlock()
	q.jobs = append(q.jobs, args)
	return nil
}

// fixture makes den-haag its own business (as the demo does) and issues invoices for it and for
// utrecht (central) in October 2026, with a credit invoice in den-haag's month.
func fixture(t *testing.T, d *dbtest.Database) (omzet int, nummers []string) {
	t.Helper()
	d.As(t, tenants.SystemActor(), func(tx pgx.Tx) error {
		ctx := context.Background()
		if _, err := tx.Exec(ctx, `
			INSERT INTO factuur_uitgevers (id, regio, naam, adres, postcode, plaats, kvk_nummer, btw_nummer, iban, nummer_prefix)
			VALUES ('den-haag', 'den-haag', 'Klusmaat Den Haag B.V.', 'Prinsegracht 10', '2512 GA', 'Den Haag', '87654321',
			        'NL987654321B01', 'NL44RABO0123456789', 'DH')`); err != nil {
			return err
		}
		if _, err := tx.Exec(ctx, `
			INSERT INTO profiles (id, naam, email, regio) VALUES ($1, 'Fenna Franchise', 'franchise.dh@example.nl', '{den-haag}');
		`, uuid.New()); err != nil {
			return err
		}
		if _, err := tx.Exec(ctx, `INSERT INTO user_roles (user_id, role) SELECT id, 'franchise' FROM profiles WHERE email = 'franchise.dh@example.nl'`); err != nil {
			return err
		}
		// Three den-haag invoices in October (subtotals 100,00, 230,50 and 65,00), one in
		// September and one in November that do not count, and a utrecht (central) one.
		for _, f := range []struct {
			regio, nummer, datum string
			sub                  int
		}{
			{"den-haag", "DH2026-0001", "2026-09-30", 50000},
			{"den-haag", "DH2026-0002", "2026-10-01", 10000},
			{"den-haag", "DH2026-0003", "2026-10-15", 23050},
			{"den-haag", "DH2026-0004", "2026-10-31", 6500},
			{"den-haag", "DH2026-0005", "2026-11-01", 9900},
			{"utrecht", "2026-0001", "2026-10-10", 70000},
		} {
			if _, err := tx.Exec(ctx, `
				INSERT INTO facturen (regio, factuurnummer, datum, klant_naam, omschrijving, uren, uurtarief_cents,
				                      subtotaal_cents, btw_bedrag_cents, totaal_bedrag_cents)
				VALUES ($1, $2, $3, 'Klant', 'Werk', 1, $4::int, $4::int, round($4::int * 0.21), $4::int + round($4::int * 0.21))`,
				f.regio, f.nummer, f.datum, f.sub); err != nil {
				return err
			}
		}
		// The invoices above used the central counter's first number, as issuing them would have.
		if _, err := tx.Exec(ctx, `INSERT INTO invoice_number_counters (uitgever, jaar, laatste) VALUES ('centraal', 2026, 1)`); err != nil {
			return err
		}
		// October's 65,00 is credited in October: it counts negative, so it nets out.
		_, err := tx.Exec(ctx, `
			INSERT INTO facturen (regio, factuurnummer, datum, klant_naam, omschrijving, uren, uurtarief_cents, materiaal_cents,
			                      subtotaal_cents, btw_bedrag_cents, totaal_bedrag_cents, credit_van, credit_reden)
			SELECT regio, 'DH2026-0006', '2026-10-31', klant_naam, 'Credit', uren, uurtarief_cents, 0, -subtotaal_cents,
			       -btw_bedrag_cents, -totaal_bedrag_cents, id, 'Dubbel gefactureerd'
			FROM facturen WHERE factuurnummer = 'DH2026-0004'`)
		return err
	})
	return 10000 + 23050 + 6500 - 6500, []string{"DH2026-0002", "DH2026-0003", "DH2026-0004", "DH2026-0006"}
}

func clockOn(day string) calendar.Clock {
	d, _ := calendar.ParseDate(day)
	return func() time.Time { return d.At(3, 0) }
}

// After a month the fee statement of the franchise business holds its revenue excluding VAT with
// the credits deducted, the default 8 %, the invoices counted; the central business invoices it
// once (two workers, a second run), numbered in its own sequence, and queues its e-mail to the
// franchise owner; a region without its own business has none.
func TestMonthlyFeeOnceWithItsInvoice(t *testing.T) {
	d := dbtest.New(t)
	omzet, nummers := fixture(t, d)
	q := &queued{}
	var wg sync.WaitGroup
	counts := make([]int, 2)
	for i := range counts {
		wg.Add(1)
		go func() {
			defer wg.Done()
			w := afdracht.NewWorker(d.DB, clockOn("2026-11-01"))
			n, err := w.Run(context.Background(), q.enqueue)
			if err != nil {
				t.Errorf("run: %v", err)
			}
			counts[i] = n
		}()
	}
	wg.Wait()
	if counts[0]+counts[1] != 1 {
		t.Fatalf("two workers drafted %v statements, want 1 in all", counts)
	}
	again, err := afdracht.NewWorker(d.DB, clockOn("2026-11-02")).Run(context.Background(), q.enqueue)
	if err != nil || again != 0 {
		t.Fatalf("a second run drafted %d (%v), want none", again, err)
	}
	if len(q.jobs) != 1 {
		t.Fatalf("queued %d jobs, want the one invoice e-mail", len(q.jobs))
	}
	if a, ok := q.jobs[0].(factuur.PDFArgs); !ok || !a.Mail {
		t.Errorf("queued %+v, want the fee invoice's PDF with its e-mail", q.jobs[0])
	}

	var got struct {
		regio, maand, pct string
		omzet, fee        int
		facturen          []string
		factuur           uuid.UUID
	}
	d.As(t, tenants.SystemActor(), func(tx pgx.Tx) error {
		return tx.QueryRow(context.Background(), `
			SELECT regio, maand::text, percentage::text, omzet_cents, bedrag_cents, facturen, factuur_id FROM afdrachten`).
			Scan(&got.regio, &got.maand, &got.pct, &got.omzet, &got.fee, &got.facturen, &got.factuur)
	})
	if got.regio != "den-haag" || got.maand != "2026-10-01" || got.pct != "8.00" || got.omzet != omzet ||
		got.fee != (omzet*8+50)/100 || strings.Join(got.facturen, " ") != strings.Join(nummers, " ") {
		t.Errorf("fee statement %+v, want den-haag October: revenue %d, 8 %%, fee %d, invoices %v", got, omzet, (omzet*8+50)/100, nummers)
	}

	var f factuur.Factuur
	d.As(t, tenants.SystemActor(), func(tx pgx.Tx) (err error) {
		f, _, err = factuur.Read(context.Background(), tx, got.factuur)
		return err
	})
	btw := (got.fee*21 + 50) / 100
	if f.Soort != "afdracht" || f.Factuurnummer != "2026-0002" || f.Uitgever.Naam != "Klusmaat B.V." ||
		f.Klant.Naam != "Klusmaat Den Haag B.V." || f.Klant.Email != "franchise.dh@example.nl" ||
		f.SubtotaalCents != got.fee || f.BTWCents != btw || f.TotaalCents != got.fee+btw || f.Datum != "2026-11-01" || f.Vervaldatum != "2026-11-15" {
		t.Errorf("fee invoice %+v", f)
	}

	// The PDF carries every D28 field, the franchise business as the customer.
	data, err := factuur.Render(f, factuur.Site{Brand: "Klusmaat", Phone: "070 123 45 67"})
	if err != nil {
		t.Fatal(err)
	}
	text := pdftest.Text(t, data)
	for _, want := range []string{
		"Klusmaat B.V.", "Laan van Meerdervoort 1", "2517 AA", "KvK: 12345678", "NL123456789B01", "NL91ABNA0417164300", // the issuer
		"Klusmaat Den Haag B.V.", "Prinsegracht 10", "2512 GA Den Haag", "KvK: 87654321", "Btw-nummer: NL987654321B01", // the customer
		"2026-0002", "01-11-2026", "15-11-2026", // number, date, due date
		"Franchisefee oktober 2026: 8% van", "21", factuur.Euro(got.fee), factuur.Euro(btw), factuur.Euro(got.fee + btw),
		"DH2026-0002", "DH2026-0006", // the invoices it counts
		"Te betalen binnen 14 dagen",
	} {
		if !strings.Contains(text, want) {
			t.Errorf("the fee invoice's PDF lacks %q:\n%s", want, text)
		}
	}

	// The franchise owner owes it: it books no payment on it and disputes nothing; the central
	// business (an admin) books the bank transfer.
	var owner uuid.UUID
	d.As(t, tenants.SystemActor(), func(tx pgx.Tx) error {
		return tx.QueryRow(context.Background(), `SELECT id FROM profiles WHERE email = 'franchise.dh@example.nl'`).Scan(&owner)
	})
	franchise := tenants.Actor{Role: tenants.Franchise, UserID: owner, Regions: []string{"den-haag"}}
	for _, sql := range []string{
		`INSERT INTO betalingen (factuur_id, datum, bedrag_cents, methode, bron, regio, geboekt_rol) VALUES ($1, '2026-11-05', 100, 'bank', 'kantoor', '', '')`,
		`INSERT INTO factuur_gebeurtenissen (factuur_id, regio, soort, door_rol) VALUES ($1, '', 'bespreking_aan', '')`,
	} {
		err := d.DB.InTx(context.Background(), franchise, func(tx pgx.Tx) error {
			_, err := tx.Exec(context.Background(), sql, got.factuur)
			return err
		})
		if err == nil {
			t.Errorf("the franchise owner changed the follow-up of the fee invoice it owes: %s", sql)
		}
	}
	d.As(t, tenants.SystemActor(), func(tx pgx.Tx) error {
		_, err := factuur.InsertPayment(context.Background(), tx, factuur.Payment{FactuurID: got.factuur, Datum: "2026-11-05",
			BedragCents: f.TotaalCents, Methode: "bank", Bron: "kantoor"})
		return err
	})
}

// A percentage set for the region is the next month's; only admins set one, and a franchise
// owner reads its own.
func TestPercentagePerRegion(t *testing.T) {
	d := dbtest.New(t)
	fixture(t, d)
	admin := tenants.WithActor(context.Background(), tenants.SystemActor())
	s := afdracht.NewStore(d.DB)
	if _, err := s.SetPercentage(admin, afdracht.PercentageRequest{Regio: "den-haag", Percentage: "7,5"}); err != nil {
		t.Fatal(err)
	}
	for _, bad := range []string{"", "101", "-1", "8,123", "acht", "1e2"} {
		if _, err := s.SetPercentage(admin, afdracht.PercentageRequest{Regio: "den-haag", Percentage: bad}); err == nil {
			t.Errorf("percentage %q accepted", bad)
		}
	}
	if _, err := afdracht.NewWorker(d.DB, clockOn("2026-11-01")).Run(context.Background(), (&queued{}).enqueue); err != nil {
		t.Fatal(err)
	}
	var pct string
	var fee, omzet int
	d.As(t, tenants.SystemActor(), func(tx pgx.Tx) error {
		return tx.QueryRow(context.Background(), `SELECT percentage::text, bedrag_cents, omzet_cents FROM afdrachten`).Scan(&pct, &fee, &omzet)
	})
	if pct != "7.50" || fee != (omzet*75+500)/1000 {
		t.Errorf("fee at %s%%: %d of %d", pct, fee, omzet)
	}

	var franchiseID uuid.UUID
	d.As(t, tenants.SystemActor(), func(tx pgx.Tx) error {
		return tx.QueryRow(context.Background(), `SELECT id FROM profiles WHERE email = 'franchise.dh@example.nl'`).Scan(&franchiseID)
	})
	owner := tenants.WithActor(context.Background(), tenants.Actor{Role: tenants.Franchise, UserID: franchiseID, Regions: []string{"den-haag"}})
	if _, err := s.SetPercentage(owner, afdracht.PercentageRequest{Regio: "den-haag", Percentage: "1"}); err == nil {
		t.Error("a franchise owner set its own percentage")
	}
	got, err := s.Percentages(owner)
	if err != nil || len(got.Data.Regios) != 1 || got.Data.Regios[0].Regio != "den-haag" || got.Data.Regios[0].Percentage != "7.50" {
		t.Errorf("the franchise owner reads %+v (%v), want den-haag's 7.50 alone", got.Data.Regios, err)
	}
}
