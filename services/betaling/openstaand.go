package betaling

import (
	"context"
	"log/slog"

	"github.com/jackc/pgx/v5"

	"github.com/klusmaat/klusmaat/services/factuur"
)

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

// Open is what is open per region and age, as the actor may see it (row-level security: a
// franchise owner its regions).
func (s *store) Open(ctx context.Context) (OpenAnswer, error) {
	o := Open{Regios: []RegioOpen{}, Totaal: RegioOpen{Regio: "", Naam: "Totaal", Buckets: emptyBuckets()}}
	err := s.db.Tx(ctx, func(tx pgx.Tx) error {
		rows, err := tx.Query(ctx, `
			SELECT f.regio, coalesce(r.naam, f.regio), `+factuur.AgeSQL("$1")+` AS ouderdom, count(*), sum(s.open_cents)
			FROM facturen f JOIN factuur_stand s ON s.factuur_id = f.id LEFT JOIN regions r ON r.slug = f.regio
			WHERE s.staat IN `+factuur.OpenStates+` AND s.open_cents > 0
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
	out := make([]Bucket, len(factuur.Ages))
	for i, a := range factuur.Ages {
		out[i] = Bucket{Ouderdom: a}
	}
	return out
}

func ageIndex(age string) int {
	for i, a := range factuur.Ages {
		if a == age {
			return i
		}
	}
	return len(factuur.Ages) - 1
}
