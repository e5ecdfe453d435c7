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
func (s *pgStore) Create(ctx context.Context, j Job) error {
	actor := tenants.ActorFrom(ctx)
	return s.db.Tx(ctx, func(tx pgx.Tx) error {
		var klant any
		if actor.Role != tenants.Anonymous {
			klant = actor.UserID
		}
		// One statement, one round trip: the category's label, the region (town or postcode, D2)
		// and the insert, which happens only when both are found (a data-modifying WITH runs
		// whether or not the outer SELECT reads it). The request's busiest path pays
		// for each round trip (make load: public job request).
		town, digits := tenants.RegionArgs(j.Woonplaats, j.Postcode)
		if !j.Bevestigen {
			// Without a confirmation the insert is all the transaction does: COMMIT goes with it
			// (one round trip), so the town's job counters that its triggers update (migrations
			// 020 and 042), rows every request of the town updates, are not held while the answer
			// travels and a COMMIT comes back. When the category or the region is unknown it
			// inserts nothing, and there is nothing to roll back.
			tenants.LastStatement(tx)
		}
		var label, regio *string
		if err := tx.QueryRow(ctx, `
			WITH c AS (SELECT label FROM categories WHERE key = $3 AND publiek),
			     r AS (SELECT `+tenants.RegionSQL("$2", "$15")+` AS regio),
			     ins AS (
			       INSERT INTO klussen (id, status, regio, categorie, beschrijving, datum, tijd, adres, postcode, woonplaats,
			                            telefoon, email, naam, contact_voorkeur, klant_id)
			       SELECT $1, 'open', r.regio, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14
			       FROM c, r WHERE r.regio IS NOT NULL
			       RETURNING 1)
			SELECT (SELECT label FROM c), (SELECT regio FROM r)`,
			j.ID, town, j.Categorie, j.Beschrijving, j.Datum, j.Tijd, j.Adres, j.Postcode, j.Woonplaats,
			j.Telefoon, j.Email, j.Naam, j.ContactVoorkeur, klant, digits).Scan(&label, &regio); err != nil {
			return err
		}
		switch {
		case label == nil:
			return invalid(validate.Errors{"categorie": MsgCategorie})
		case regio == nil:
			return invalid(validate.Errors{"woonplaats": "Wij komen (nog) niet in deze woonplaats. Kies een woonplaats uit de lijst of bel ons."})
		}
		if !j.Bevestigen {
			return nil
		}
		if s.enqueue == nil {
			return errors.New("aanvragen: no job queue for the confirmation e-mail")
		}
		// The confirmation (document 000 section 7), committed with the job or not at all. It must
		// follow the insert (the database admits it only for a job inserted in this transaction,
		// tenants/schema/river_access.sql), and River may add a NOTIFY after it, so here the
		// insert's counter rows stay held across the e-mail job's insert and COMMIT.
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
