package exports_test

import (
	"bytes"
	"context"
	"errors"
	"testing"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"

	"github.com/klusmaat/klusmaat/services/exports"
	"github.com/klusmaat/klusmaat/services/factuur"
	"github.com/klusmaat/klusmaat/services/werkbon"
	"github.com/klusmaat/klusmaat/tenants"
	"github.com/klusmaat/klusmaat/tenants/dbtest"
)

// The two exports of the reports page, byte for byte on a small fixture (document 001 section 9):
// semicolons, quoting only where a field needs it (a semicolon or a quote inside), dates
// dd-MM-yyyy, amounts with a decimal comma, hours x 65 in the hours export and the invoice's own
// rate in the invoices export, regions and payment methods by their labels, and a customer's
// formula defused.
func TestReportCSVFormats(t *testing.T) {
	ctx := context.Background()
	d := dbtest.New(t)
	piet, klus1, klus2 := uuid.New(), uuid.New(), uuid.New()
	d.As(t, tenants.SystemActor(), func(tx pgx.Tx) error {
		for _, q := range []struct {
			sql  string
			args []any
		}{
			{`INSERT INTO profiles (id, naam, regio) VALUES ($1, 'Piet Bakker', '{den-haag}')`, []any{piet}},
			{`INSERT INTO user_roles (user_id, role) VALUES ($1, 'klusser')`, []any{piet}},
			{`INSERT INTO klussen (id, regio, status, klusser_id, categorie, beschrijving, datum, tijd, adres, postcode, woonplaats, telefoon)
			  VALUES ($1, 'den-haag', 'afgerond', $3, 'overig', 'Lamp "ophangen"; hal', '2026-03-05', '09:00', 'Herenstraat 1', '2271 AB', 'Voorburg', '070 111 22 33'),
			         ($2, 'den-haag', 'afgerond', $3, 'overig', 'Kraan', '2026-03-06', '09:00', 'Herenstraat 2', '2271 AB', 'Voorburg', '070 111 22 33')`,
				[]any{klus1, klus2, piet}},
			{`INSERT INTO werkbonnen (klus_id, klusser_id, status, start_tijd, eind_tijd, uren, created_at)
			  VALUES ($1, $2, 'completed', '2026-03-05T09:00:00Z', '2026-03-05T10:30:00Z', 2, '2026-03-05T09:00:00Z')`, []any{klus1, piet}},
			{`INSERT INTO facturen (klus_id, klusser_id, regio, factuurnummer, datum, klant_naam, klant_email, klant_woonplaats, omschrijving,
			                       uren, materiaal_cents, subtotaal_cents, btw_bedrag_cents, totaal_bedrag_cents, betaal_methode)
			  VALUES ($1, $3, 'den-haag', '2026-0001', '2026-03-05', 'Mevrouw Jansen', 'jansen@example.nl', 'Voorburg', 'Lamp "ophangen"; hal',
			          2, 1250, 14250, 2993, 17243, 'pin'),
			         ($2, $3, 'den-haag', '2026-0002', '2026-03-06', '=SUM(A1)', '', 'Voorburg', 'Kraan', 1, 0, 6500, 1365, 7865, NULL)`,
				[]any{klus1, klus2, piet}},
		} {
			if _, err := tx.Exec(ctx, q.sql, q.args...); err != nil {
				return err
			}
		}
		return nil
	})
	admin := tenants.Actor{UserID: uuid.New(), Role: tenants.Admin}
	export := func(write func(context.Context, pgx.Tx, exports.Request, *bytes.Buffer) (int, error), r exports.Request) (string, int, error) {
		var out bytes.Buffer
		var n int
		var werr error
		d.As(t, admin, func(tx pgx.Tx) error {
			n, werr = write(ctx, tx, r, &out)
			return nil
		})
		return out.String(), n, werr
	}
	uren := func(ctx context.Context, tx pgx.Tx, r exports.Request, out *bytes.Buffer) (int, error) {
		return werkbon.UrenExport.Write(ctx, tx, r, out)
	}
	facturen := func(ctx context.Context, tx pgx.Tx, r exports.Request, out *bytes.Buffer) (int, error) {
		return factuur.ReportExport.Write(ctx, tx, r, out)
	}

	march := exports.Request{Van: "2026-03-01", Tot: "2026-03-31"}
	got, n, err := export(uren, march)
	want := "Datum;Klusser;Regio;Woonplaats;Omschrijving;Uren;Uurtarief;Bedrag (uren x 65)\n" +
		"05-03-2026;Piet Bakker;Den Haag;Voorburg;\"Lamp \"\"ophangen\"\"; hal\";2;65,00;130,00\n"
	if err != nil || n != 1 || got != want {
		t.Errorf("hours export (%d rows, %v):\n%s\nwant:\n%s", n, err, got, want)
	}
	got, n, err = export(facturen, march)
	want = "Factuurnummer;Datum;Klant;E-mail;Regio;Woonplaats;Omschrijving;Uren;Uurtarief;Arbeid;Materiaal;Subtotaal;BTW;Totaal;Betaalmethode\n" +
		"2026-0001;05-03-2026;Mevrouw Jansen;jansen@example.nl;Den Haag;Voorburg;\"Lamp \"\"ophangen\"\"; hal\";2;65,00;130,00;12,50;142,50;29,93;172,43;PIN\n" +
		"2026-0002;06-03-2026;'=SUM(A1);;Den Haag;Voorburg;Kraan;1;65,00;65,00;0,00;65,00;13,65;78,65;Openstaand\n"
	if err != nil || n != 2 || got != want {
		t.Errorf("invoices export (%d rows, %v):\n%s\nwant:\n%s", n, err, got, want)
	}
	// The period is inclusive on both ends, in Dutch calendar days; the region filter holds.
	if _, n, _ := export(facturen, exports.Request{Van: "2026-03-06", Tot: "2026-03-06"}); n != 1 {
		t.Errorf("one day: %d invoices, want 1", n)
	}
	for _, r := range []exports.Request{{Van: "2026-04-01", Tot: "2026-04-30"}, {Van: "2026-03-01", Tot: "2026-03-31", Regio: "utrecht"}} {
		if _, _, err := export(facturen, r); !errors.Is(err, exports.ErrEmpty) {
			t.Errorf("invoices %+v: %v, want the empty refusal", r, err)
		}
		if _, _, err := export(uren, r); !errors.Is(err, exports.ErrEmpty) {
			t.Errorf("hours %+v: %v, want the empty refusal", r, err)
		}
	}
}
