package aanvraag

import (
	"context"
	"errors"

	"github.com/klusmaat/klusmaat/jobs"

	"github.com/jackc/pgx/v5"

	"github.com/klusmaat/klusmaat/jobs/email"
	"github.com/klusmaat/klusmaat/services/platform/validate"
	"github.com/klusmaat/klusmaat/tenants"
	"github.com/klusmaat/klusmaat/tenants/list"
)

// pgStore is the PostgreSQL store (module.go makes it); enqueue may be nil only where no e-mail is
// ever sent.
type pgStore struct {
	db      *tenants.DB
	enqueue jobs.Enqueue
}

// Create stores the job as the visitor (or signed-in customer) who sent it: row-level security
// allows exactly an open, unassigned job (policy public_request). The id is made here, because
// a visitor may not read the row back.
//
// The insert's statement triggers update the job counters of the town (migrations 020 and 042),
// rows that every request of that town updates and holds until COMMIT; so the insert goes as late
// as it can: with the e-mail job's insert, which must follow it in the transaction (the database
// admits a confirmation only for a job inserted in it, tenants/schema/river_access.sql), or with
// COMMIT (tenants.ExecWithNext). The rows are then held for one round trip (the e-mail job's
// answer, then COMMIT), or none, instead of two (make load: the public request). Three round
// trips with the confirmation e-mail (the checks, the two inserts, COMMIT), two without, as
// before. If the insert fails, so does the message it travels with, and the job, its e-mail job
// and its counters are rolled back together.
func (s *pgStore) Create(ctx context.Context, j Job) error {
	actor := tenants.ActorFrom(ctx)
	return s.db.Tx(ctx, func(tx pgx.Tx) error {
		var klant any
		if actor.Role != tenants.Anonymous {
			klant = actor.UserID
		}
		// The category's label and the region (town or postcode, D2), in one statement that locks
		// nothing. The insert names both: the foreign keys still refuse a category or a region
		// that went meanwhile.
		town, digits := tenants.RegionArgs(j.Woonplaats, j.Postcode)
		var label, regio *string
		if err := tx.QueryRow(ctx, `SELECT (SELECT label FROM categories WHERE key = $1 AND publiek), `+tenants.RegionSQL("$2", "$3"),
			j.Categorie, town, digits).Scan(&label, &regio); err != nil {
			return err
		}
		switch {
		case label == nil:
			return invalid(validate.Errors{"categorie": MsgCategorie})
		case regio == nil:
			return invalid(validate.Errors{"woonplaats": "Wij komen (nog) niet in deze woonplaats. Kies een woonplaats uit de lijst of bel ons."})
		}
		if err := tenants.ExecWithNext(ctx, tx, `
			INSERT INTO klussen (id, status, regio, categorie, beschrijving, datum, tijd, adres, postcode, woonplaats,
			                     telefoon, email, naam, contact_voorkeur, klant_id)
			VALUES ($1, 'open', $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14)`,
			j.ID, *regio, j.Categorie, j.Beschrijving, j.Datum, j.Tijd, j.Adres, j.Postcode, j.Woonplaats,
			j.Telefoon, j.Email, j.Naam, j.ContactVoorkeur, klant); err != nil {
			return err
		}
		if !j.Bevestigen {
			return nil
		}
		if s.enqueue == nil {
			return errors.New("aanvragen: no job queue for the confirmation e-mail")
		}
		// The confirmation (document 000 section 7), committed with the job or not at all.
		data := map[string]string{
			"naam": j.Naam, "categorie": *label, "beschrijving": j.Beschrijving,
			"datum": j.Datum.Dutch(), "tijd": Slots[j.Tijd],
		}
		// The worker turns the job into the customer's status link when it sends (D24): the
		// link itself never sits in the queue's table.
		data[email.StatusKlus] = j.ID.String()
		return s.enqueue(ctx, tx, email.Args{Template: "bevestiging", To: j.Email, Data: data})
	})
}

func (s *pgStore) Towns(ctx context.Context, p list.Params) (list.Page[Town], error) {
	return tenants.ListPage(ctx, s.db, p, `
		SELECT t.woonplaats, t.naam, t.regio FROM region_towns t JOIN regions r ON r.slug = t.regio WHERE r.actief`,
		nil, func(r pgx.Row) (Town, error) {
			var t Town
			return t, r.Scan(&t.Woonplaats, &t.Naam, &t.Regio)
		})
}

func (s *pgStore) Categories(ctx context.Context, p list.Params) (list.Page[Category], error) {
	return tenants.ListPage(ctx, s.db, p, `SELECT key, label, volgorde FROM categories WHERE publiek`,
		nil, func(r pgx.Row) (Category, error) {
			var c Category
			var order int
			return c, r.Scan(&c.Key, &c.Label, &order)
		})
}
