package betaling

import (
	"bytes"
	"context"
	"log/slog"
	"strconv"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/klusmaat/klusmaat/services/exports"
	"github.com/klusmaat/klusmaat/services/factuur"
	"github.com/klusmaat/klusmaat/tenants"
	"github.com/klusmaat/klusmaat/tenants/calendar"
	"github.com/klusmaat/klusmaat/tenants/domainerr"
)

// Ages are the buckets of what is open, by days past the due date (D30), as the invoices page
// filters them (ouderdom).
var Ages = []string{"niet_vervallen", "1-30", "31-60", "60+"}

// Bucket is what is open in one age bucket.
type Bucket struct {
	Ouderdom string `json:"ouderdom" doc:"niet_vervallen, 1-30, 31-60 of 60+"`
	Aantal   int    `json:"aantal"`
	Cents    int    `json:"cents"`
}

// RegioOpen is what is open in one region, by age.
type RegioOpen struct {
	Regio   string   `json:"regio"`
	Naam    string   `json:"naam"`
	Buckets []Bucket `json:"buckets" doc:"altijd vier, in de volgorde niet_vervallen, 1-30, 31-60, 60+"`
	Aantal  int      `json:"aantal"`
	Cents   int      `json:"cents"`
}

// Open is what is open per region the actor sees, and the total (a summary, not a list).
type Open struct {
	Regios []RegioOpen `json:"regios"`
	Totaal RegioOpen   `json:"totaal"`
}

// OpenAnswer is GET /api/v1/facturen/openstaand.
type OpenAnswer struct {
	Data Open `json:"data"`
}

// LogAttrs keeps the totals.
func (a OpenAnswer) LogAttrs() []slog.Attr {
	return []slog.Attr{slog.Int("aantal", a.Data.Totaal.Aantal), slog.Int("cents", a.Data.Totaal.Cents)}
}

// openStates are the states in which money is still expected.
const openStates = `('open', 'deels_betaald', 'in_bespreking', 'uit_handen')`

// ageSQL is an invoice's bucket on $1, the business date.
const ageSQL = `CASE WHEN f.vervaldatum >= $1::date THEN 'niet_vervallen'
	WHEN $1::date - f.vervaldatum <= 30 THEN '1-30' WHEN $1::date - f.vervaldatum <= 60 THEN '31-60' ELSE '60+' END`

// Open is what is open per region and age, as the actor may see it (row-level security: a
// franchise owner its regions).
func (s *store) Open(ctx context.Context) (OpenAnswer, error) {
	o := Open{Regios: []RegioOpen{}, Totaal: RegioOpen{Regio: "", Naam: "Totaal", Buckets: emptyBuckets()}}
	err := s.db.Tx(ctx, func(tx pgx.Tx) error {
		rows, err := tx.Query(ctx, `
			SELECT f.regio, coalesce(r.naam, f.regio), `+ageSQL+` AS ouderdom, count(*), sum(s.open_cents)
			FROM facturen f JOIN factuur_stand s ON s.factuur_id = f.id LEFT JOIN regions r ON r.slug = f.regio
			WHERE s.staat IN `+openStates+` AND s.open_cents > 0
			  -- Per region, its customers' invoices; a fee invoice (D32) is the central
			  -- business's claim on the franchise, not the region's receivable.
			  AND f.soort = 'klant'
			GROUP BY 1, 2, 3 ORDER BY 2, 1`, s.clock.Today())
		if err != nil {
			return err
		}
		defer rows.Close()
		index := map[string]int{}
		for rows.Next() {
			var regio, naam, age string
			var n, cents int
			if err := rows.Scan(&regio, &naam, &age, &n, &cents); err != nil {
				return err
			}
			i, ok := index[regio]
			if !ok {
				i = len(o.Regios)
				index[regio] = i
				o.Regios = append(o.Regios, RegioOpen{Regio: regio, Naam: naam, Buckets: emptyBuckets()})
			}
			for _, r := range []*RegioOpen{&o.Regios[i], &o.Totaal} {
				b := &r.Buckets[ageIndex(age)]
				b.Aantal += n
				b.Cents += cents
				r.Aantal += n
				r.Cents += cents
			}
		}
		return rows.Err()
	})
	return OpenAnswer{Data: o}, err
}

func emptyBuckets() []Bucket {
	out := make([]Bucket, len(Ages))
	for i, a := range Ages {
		out[i] = Bucket{Ouderdom: a}
	}
	return out
}

func ageIndex(age string) int {
	for i, a := range Ages {
		if a == age {
			return i
		}
	}
	return len(Ages) - 1
}

// DebtorsRequest is GET /api/v1/facturen/debiteuren.csv: one business's open invoices.
type DebtorsRequest struct {
	Uitgever string
}

// ErrNoDebtors: nothing open for the business.
var ErrNoDebtors = domainerr.NotFound("nothing_to_export", "Geen openstaande facturen om te exporteren")

var debtorsHeader = []string{"Factuurnummer", "Factuurdatum", "Vervaldatum", "Dagen over tijd", "Klant", "Adres", "Postcode",
	"Woonplaats", "E-mail", "Regio", "Totaal", "Betaald", "Open", "Staat", "Herinnering", "14-dagenbrief"}

// Debtors is the debtors list of one business as a bookkeeper reads it: every invoice with money
// open, oldest due first, with what was paid and what is open (Totaal = Betaald + Open on every
// row), and which reminders went out.
func (s *store) Debtors(ctx context.Context, req DebtorsRequest) (*factuur.CSVFile, error) {
	var buf bytes.Buffer
	w := exports.NewWriter(&buf, exports.CommaQuoted)
	if err := w.Write(debtorsHeader); err != nil {
		return nil, err
	}
	n := 0
	today := s.clock.Today()
	err := s.db.Tx(ctx, func(tx pgx.Tx) error {
		rows, err := tx.Query(ctx, `
			SELECT f.factuurnummer, f.datum, f.vervaldatum, f.klant_naam, f.klant_adres, f.klant_postcode, f.klant_woonplaats,
			       f.klant_email, f.regio, f.totaal_bedrag_cents, s.betaald_cents, s.open_cents, s.staat,
			       s.herinnering_at, s.brief_at
			FROM facturen f JOIN factuur_stand s ON s.factuur_id = f.id
			WHERE f.uitgever_id = $1 AND s.staat IN `+openStates+` AND s.open_cents > 0
			ORDER BY f.vervaldatum, f.factuurnummer`, req.Uitgever)
		if err != nil {
			return err
		}
		defer rows.Close()
		for rows.Next() {
			var nummer, naam, adres, postcode, plaats, email, regio, staat string
			var datum, verval calendar.Date
			var totaal, betaald, open int
			var herinnering, brief *time.Time
			if err := rows.Scan(&nummer, &datum, &verval, &naam, &adres, &postcode, &plaats, &email, &regio, &totaal, &betaald, &open,
				&staat, &herinnering, &brief); err != nil {
				return err
			}
			n++
			if err := w.Write([]string{nummer, datum.Dutch(), verval.Dutch(), strconv.Itoa(max(0, verval.DaysUntil(today))), naam, adres,
				postcode, plaats, email, regio, exports.Euros(totaal), exports.Euros(betaald), exports.Euros(open),
				factuur.StateLabels[staat], dutchDay(herinnering), dutchDay(brief)}); err != nil {
				return err
			}
		}
		if err := rows.Err(); err != nil {
			return err
		}
		return tenants.Audit(ctx, tx, tenants.AuditEntry{Action: tenants.AuditDownload, Entity: "debiteuren", EntityID: req.Uitgever,
			After: map[string]any{"rijen": n}})
	})
	if err != nil {
		return nil, err
	}
	if n == 0 {
		return nil, ErrNoDebtors
	}
	if err := w.Flush(); err != nil {
		return nil, err
	}
	name := "debiteuren-" + strings.ToLower(req.Uitgever) + "-" + today.String() + ".csv"
	return &factuur.CSVFile{Name: name, Data: buf.Bytes(), Rows: n}, nil
}

// dutchDay is the Amsterdam date of a moment as dd-mm-jjjj, or empty.
func dutchDay(t *time.Time) string {
	if t == nil {
		return ""
	}
	return calendar.DateOf(*t).Dutch()
}
