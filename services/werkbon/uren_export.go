package werkbon

import (
	"context"
	"fmt"
	"io"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/klusmaat/klusmaat/services/exports"
)

// UrenExport is the reports page's 'Uren Export': the hours of completed work orders in a period.
var UrenExport = exports.Kind{Write: writeUren,
	Empty: "Geen gewerkte uren gevonden voor deze periode", Fault: "Fout bij exporteren uren"}

// urenHeader is the first line of the hours export.
var urenHeader = []string{"Datum", "Klusser", "Regio", "Woonplaats", "Omschrijving", "Uren", "Uurtarief", "Bedrag (uren x 65)"}

// writeUren writes the hours export: completed work orders worked in the period (by the Dutch day
// the work ended, as the charts and the invoice count them; a work order is opened when the job is
// planned, which can be weeks earlier), with that day, the job's town and the klusser's name;
// semicolon-separated, dates dd-MM-yyyy (document 001 section 9). It returns the number of rows, or
// exports.ErrEmpty.
func writeUren(ctx context.Context, tx pgx.Tx, req exports.Request, out io.Writer) (int, error) {
	// The period's days are Dutch days: from 00:00 Amsterdam time on the first to 00:00 after the
	// last (a range on eind_tijd, as the charts read it).
	van, tot, err := exports.Period(req)
	if err != nil {
		return 0, err
	}
	rows, err := tx.Query(ctx, `
		SELECT (w.eind_tijd AT TIME ZONE 'Europe/Amsterdam')::date, p.naam, r.naam, k.woonplaats, k.beschrijving, w.uren
		FROM werkbonnen w
		JOIN klussen k ON k.id = w.klus_id
		JOIN profiles p ON p.id = w.klusser_id
		JOIN regions r ON r.slug = k.regio
		WHERE w.status = 'completed'
		  AND w.eind_tijd >= $1 AND w.eind_tijd < $2
		  AND ($3 = '' OR k.regio = $3)
		ORDER BY w.eind_tijd, p.naam, k.id`, van.Start(), tot.AddDays(1).Start(), req.Regio)
	if err != nil {
		return 0, err
	}
	return exports.WriteRows(out, exports.Semicolon, urenHeader, rows, func(rows pgx.Rows) ([]string, error) {
		var datum time.Time
		var klusser, regio, woonplaats, omschrijving string
		var uren int
		if err := rows.Scan(&datum, &klusser, &regio, &woonplaats, &omschrijving, &uren); err != nil {
			return nil, err
		}
		return []string{datum.Format("02-01-2006"), klusser, regio, woonplaats, omschrijving,
			fmt.Sprint(uren), exports.Euros(exports.UurTariefCents), exports.Euros(uren * exports.UurTariefCents)}, nil
	})
}
