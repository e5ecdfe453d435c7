package seed

import (
	"context"
	"fmt"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"

	"github.com/klusmaat/klusmaat/tenants"
	"github.com/klusmaat/klusmaat/tenants/calendar"
)

// historie is an invoice the office issued weeks ago without a job in the demo (an admin may:
// facturen.klus_id is empty), so that the money's flow after issuing shows on `make run`
// (docs/decisions.md D30): paid by bank, reminded, the 14-dagenbrief, in dispute, credited, part
// paid, and waiting for the office's 'Uit handen geven?'. What happened to each after it was
// issued (payments, reminders, the dispute, the credit) is services/betaling.Demo's: the
// reminders need the collection costs of the WIK, which a package under tenants/ cannot import.
type historie struct {
	key                                      string // H1 ... H7, as Demo and the demo statements name them
	naam, email, adres, postcode, woonplaats string
	omschrijving                             string
	days                                     int // invoice date, relative to the seed day
	uren, materiaal                          int
}

// historieFacturen are oldest first, so that each issuer's numbers follow the dates; every one is
// older than the jobs' invoices (at most 20 days old), which are numbered after them. Each has a
// customer of its own; H7's has no e-mail address (its letters go by post).
var historieFacturen = []historie{
	{"H7", "Meneer Van Beek", "", "Amsterdamsestraatweg 400", "3551 CW", "Utrecht",
		"Tuinhek vervangen en de schuurdeur opnieuw afgehangen.", -70, 5, 2875},
	{"H1", "Mevrouw Van den Berg", "m.vandenberg@example.nl", "Javastraat 44", "2585 AP", "Den Haag",
		"Keukenkastdeurtjes afgesteld en twee scharnieren vervangen.", -60, 2, 1850},
	{"H2", "Meneer Willems", "willems@example.nl", "Biltstraat 88", "3572 BD", "Utrecht",
		"Laminaat in de slaapkamer hersteld en plinten vastgezet.", -45, 3, 2400},
	{"H4", "Meneer Janssen", "janssen.zeist@example.nl", "Utrechtseweg 55", "3704 HB", "Zeist",
		"Vloerkleed verwijderd, trapleuning bevestigd en de trap antislip gemaakt.", -40, 4, 3150},
	{"H5", "Mevrouw Brouwer", "brouwer@example.nl", "Veursestraatweg 30", "2265 CE", "Leidschendam",
		"Dakraam afgesteld en tochtstrips vervangen.", -35, 2, 1200},
	{"H6", "Meneer Koster", "koster@example.nl", "Nieuwe Binnenweg 210", "3021 GL", "Rotterdam",
		"Wastafel in de badkamer opnieuw bevestigd en een nieuwe sifon geplaatst.", -30, 3, 4290},
	{"H3", "Mevrouw De Wit", "dewit@example.nl", "Steenvoordelaan 120", "2284 EG", "Rijswijk",
		"Rookmelder vervangen in de hal.", -25, 1, 975},
}

// HistorieID is the fixed id of the demo's history invoice key (H1 ... H7).
func HistorieID(key string) uuid.UUID { return ID("factuur:historie:" + key) }

// seedHistorie issues the history invoices that do not exist yet, each in its region's issuer's
// sequence of its date's year, as the facturen_issue rule freezes them (issuer, lines, due date).
func seedHistorie(ctx context.Context, tx pgx.Tx, today calendar.Date) error {
	for _, h := range historieFacturen {
		id := HistorieID(h.key)
		var exists bool
		if err := tx.QueryRow(ctx, `SELECT EXISTS (SELECT 1 FROM facturen WHERE id = $1)`, id).Scan(&exists); err != nil {
			return fmt.Errorf("seed history invoice %s: %w", h.key, err)
		}
		if exists {
			continue
		}
		regio, err := tenants.ResolveRegion(ctx, tx, h.woonplaats, h.postcode)
		if err != nil {
			return fmt.Errorf("seed history invoice %s: region of %s: %w", h.key, h.woonplaats, err)
		}
		// D7: hours x rate + materials, 21% VAT rounded to the cent (as seedWorkOrder).
		subtotaal := h.uren*6500 + h.materiaal
		btw := (subtotaal*21 + 50) / 100
		dag := today.AddDays(h.days)
		nummer, err := invoiceNumber(ctx, tx, regio, dag)
		if err != nil {
			return fmt.Errorf("seed history invoice %s number: %w", h.key, err)
		}
		if _, err := tx.Exec(ctx, `
			INSERT INTO facturen (id, regio, factuurnummer, datum, klant_naam, klant_email, klant_adres, klant_postcode,
			    klant_woonplaats, omschrijving, uren, uurtarief_cents, materiaal_cents, subtotaal_cents, btw_bedrag_cents,
			    totaal_bedrag_cents, created_at)
			VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, 6500, $12, $13, $14, $15, $16)`,
			id, regio, nummer, dag, h.naam, h.email, h.adres, h.postcode,
			h.woonplaats, h.omschrijving, h.uren, h.materiaal, subtotaal, btw, subtotaal+btw, dag.At(10, 0)); err != nil {
			return fmt.Errorf("seed history invoice %s: %w", h.key, err)
		}
	}
	return nil
}
