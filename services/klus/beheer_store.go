package klus

import (
	"context"
	"errors"
	"fmt"

	"github.com/klusmaat/klusmaat/jobs"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"github.com/riverqueue/river"

	"github.com/klusmaat/klusmaat/jobs/notify"
	"github.com/klusmaat/klusmaat/services/contact"
	"github.com/klusmaat/klusmaat/services/platform/validate"
	"github.com/klusmaat/klusmaat/tenants"
	"github.com/klusmaat/klusmaat/tenants/calendar"
	"github.com/klusmaat/klusmaat/tenants/list"
)

// beheerStore is the PostgreSQL store (module.go makes it). Every statement runs as the admin, whom
// row-level security lets write every job; a franchise owner only reads its regions' jobs, and the
// routes that write are the admin's alone (policy.csv).
type beheerStore struct {
	db      *tenants.DB
	enqueue jobs.Enqueue
}

// detailSelect reads a job in the shape of Detail (scanDetail).
const detailSelect = `
	SELECT k.id, k.status, k.assignment_type, k.regio, r.naam, k.klusser_id, p.naam, k.claimed_at, k.categorie, c.label,
	       k.beschrijving, k.datum, k.tijd, k.adres, k.postcode, k.woonplaats, k.telefoon, k.email, k.naam,
	       k.klant_voornaam, k.klant_achternaam, k.geschat_tarief_cents, k.geschatte_duur::float8, k.geplande_start_tijd,
	       k.klusser_telefoon, k.planning_changes_count, k.klusser_notities, k.archived, k.betaald,
	       k.materiaal_kosten_cents, k.created_at, k.updated_at, ` + vastePrijsSQL + `,
	       w.id, w.status, w.handtekening IS NOT NULL, w.uren,
	       f.id, f.factuurnummer, f.datum, f.totaal_bedrag_cents, f.betaal_methode
	FROM klussen k
	JOIN regions r ON r.slug = k.regio
	JOIN categories c ON c.key = k.categorie
	LEFT JOIN profiles p ON p.id = k.klusser_id
	LEFT JOIN werkbonnen w ON w.klus_id = k.id
	LEFT JOIN facturen f ON f.klus_id = k.id
	WHERE k.id = $1`

func readDetail(ctx context.Context, tx pgx.Tx, id uuid.UUID) (Detail, error) {
	var d Detail
	var datum calendar.Date
	var wID, fID *uuid.UUID
	var wStatus, fNummer *string
	var wSigned *bool
	var fDatum *calendar.Date
	var fTotaal *int
	var fMethode *string
	var wUren *int
	err := tx.QueryRow(ctx, detailSelect, id).Scan(&d.ID, &d.Status, &d.AssignmentType, &d.Regio, &d.RegioNaam, &d.KlusserID,
		&d.Klusser, &d.ClaimedAt, &d.Categorie, &d.CategorieLabel, &d.Beschrijving, &datum, &d.Tijd, &d.Adres, &d.Postcode,
		&d.Woonplaats, &d.Telefoon, &d.Email, &d.Naam, &d.KlantVoornaam, &d.KlantAchternaam, &d.GeschatTariefCents,
		&d.GeschatteDuur, &d.GeplandeStartTijd, &d.KlusserTelefoon, &d.PlanningChangesCount, &d.KlusserNotities,
		&d.Archived, &d.Betaald, &d.MateriaalKostenCents, &d.CreatedAt, &d.UpdatedAt, &d.VastePrijs,
		&wID, &wStatus, &wSigned, &wUren, &fID, &fNummer, &fDatum, &fTotaal, &fMethode)
	if err != nil {
		return d, tenants.NoRowsAs(ErrNotFound, err)
	}
	d.Datum = datum.String()
	d.WerkbonGesloten = d.Status == "afgerond"
	if wID != nil {
		d.Werkbon = &Werkbon{ID: *wID, Status: *wStatus, Ondertekend: *wSigned, Uren: wUren}
	}
	if fID != nil {
		d.Factuur = &Factuur{ID: *fID, Factuurnummer: *fNummer, Datum: fDatum.String(), TotaalBedragCents: *fTotaal,
			BetaalMethode: fMethode, Betaald: Paid(fMethode)}
	}
	return d, nil
}

// Paid: an invoice paid in cash, by card or by bank (niet_betaald or nothing yet: open).
func Paid(methode *string) bool {
	return methode != nil && (*methode == "contant" || *methode == "pin" || *methode == "bank")
}

func (s *beheerStore) Get(ctx context.Context, id uuid.UUID) (Detail, error) {
	return tenants.TxValue(ctx, s.db, func(tx pgx.Tx) (Detail, error) { return readDetail(ctx, tx, id) })
}

// List reads one page of the jobs, with its total, in one statement. Without a search every filter
// is a column of the job counters (klus_tellingen, migration 020): the total, exact under every
// filter and under row-level security (a franchise owner reads its regions' counter rows), is a
// sum over a few hundred counter rows, and the page reads only its own rows, from an index in the
// list's order (D25: fast at a million jobs). A search counts the matching jobs themselves.
func (s *beheerStore) List(ctx context.Context, p list.Params, f Filter) (list.Page[ListItem], error) {
	where, args := f.where()
	if !f.counted() {
		return tenants.ListPage(ctx, s.db, p, listSelect+where, args, scanListItem)
	}
	return tenants.ReadValue(ctx, s.db, func(tx pgx.Tx) (list.Page[ListItem], error) {
		return tenants.QueryPageCounted(ctx, tx, p, listSelect+where, args,
			`SELECT coalesce(sum(k.aantal), 0)::bigint FROM klus_tellingen k`+where, scanListItem)
	})
}

// listSelect is a row of the jobs list, before the filter's WHERE.
const listSelect = `
		SELECT k.id, k.datum, k.tijd, c.label AS categorie, k.beschrijving, k.adres, k.postcode, k.woonplaats, k.regio,
		       k.email, k.telefoon, k.status, k.assignment_type, p.naam AS klusser, k.geschat_tarief_cents,
		       k.geschatte_duur::float8, k.klusser_notities <> '' AS notitie, k.archived, k.geannuleerd_at IS NOT NULL,
		       k.created_at, ` + contact.Overdue + `, ` + vastePrijsList + ` AS vaste_prijs
		FROM klussen k
		JOIN categories c ON c.key = k.categorie
		LEFT JOIN profiles p ON p.id = k.klusser_id` + vastePrijsJoin

func scanListItem(r tenants.Row) (ListItem, error) {
	var k ListItem
	var d calendar.Date
	err := r.Scan(&k.ID, &d, &k.Tijd, &k.Categorie, &k.Beschrijving, &k.Adres, &k.Postcode, &k.Woonplaats, &k.Regio,
		&k.Email, &k.Telefoon, &k.Status, &k.AssignmentType, &k.Klusser, &k.GeschatTariefCents, &k.GeschatteDuur,
		&k.Notitie, &k.Archived, &k.Geannuleerd, &k.CreatedAt, &k.TerugbellenTeLaat, &k.VastePrijs)
	k.Datum = d.String()
	return k, err
}

// Counts counts the jobs per status under the filter (its status aside: the cards show every
// status), from klus_tellingen (migration 020) unless a search needs the jobs themselves.
func (s *beheerStore) Counts(ctx context.Context, f Filter) (Counts, error) {
	f.Status = nil
	where, args := f.where()
	count, from := `coalesce(sum(aantal) FILTER (WHERE status = '%s'), 0)::int`, `klus_tellingen k`
	if !f.counted() {
		count, from = `count(*) FILTER (WHERE status = '%s')`, `klussen k`
	}
	query := `SELECT ` + fmt.Sprintf(count, "open") + `, ` + fmt.Sprintf(count, "ingepland") + `, ` +
		fmt.Sprintf(count, "bezig") + `, ` + fmt.Sprintf(count, "afgerond") + ` FROM ` + from + where
	var c Counts
	err := s.db.Tx(ctx, func(tx pgx.Tx) error {
		return tx.QueryRow(ctx, query, args...).Scan(&c.Open, &c.Ingepland, &c.Bezig, &c.Afgerond)
	})
	c.Totaal = c.Open + c.Ingepland + c.Bezig + c.Afgerond
	return c, err
}

// checkRefs checks the category and settles the region (D2): the admin's choice when it names an
// active region, else the region of the town or postcode. It returns the region's slug.
func checkRefs(ctx context.Context, tx pgx.Tx, g Gegevens) (string, error) {
	var known bool
	if err := tx.QueryRow(ctx, `SELECT EXISTS (SELECT 1 FROM categories WHERE key = $1)`, g.Categorie).Scan(&known); err != nil {
		return "", err
	}
	if !known {
		return "", Invalid(validate.Errors{"categorie": MsgCategorie})
	}
	if g.Regio != "" {
		known, err := tenants.IsActiveRegion(ctx, tx, g.Regio)
		if err != nil {
			return "", err
		}
		if !known {
			return "", Invalid(validate.Errors{"regio": MsgOnbekendeRegio})
		}
		return g.Regio, nil
	}
	regio, err := tenants.ResolveRegion(ctx, tx, g.Woonplaats, g.Postcode)
	if errors.Is(err, tenants.ErrNoRegion) {
		return "", Invalid(validate.Errors{"regio": MsgGeenRegio})
	}
	return regio, err
}

// checkKlusser refuses a klusser that is not an active klusser of regio.
func checkKlusser(ctx context.Context, tx pgx.Tx, klusserID uuid.UUID, regio string) error {
	var ok bool
	err := tx.QueryRow(ctx, `
		SELECT EXISTS (SELECT 1 FROM profiles p JOIN user_roles r ON r.user_id = p.id AND r.role = 'klusser'
		               WHERE p.id = $1 AND p.actief AND $2 = ANY (p.regio))`, klusserID, regio).Scan(&ok)
	if err != nil || ok {
		return err
	}
	return validate.Errors{"klusser_id": MsgAndereRegio}.Invalid("invalid_klusser", MsgAndereRegio)
}

// Create stores a new job: in the pool (open, the region's klussers notified) or directly
// assigned (ingepland, claimed now, its work order opened, the klusser notified).
func (s *beheerStore) Create(ctx context.Context, g Gegevens, klusserID *uuid.UUID) (Detail, error) {
	var d Detail
	err := s.db.Tx(ctx, func(tx pgx.Tx) error {
		id, err := InsertKlus(ctx, tx, g)
		if err != nil {
			return err
		}
		if klusserID == nil {
			if _, err := s.change(ctx, tx, id, Change{Kind: ChangePool}, false); err != nil {
				return err
			}
		} else if _, err := s.change(ctx, tx, id, Change{Kind: ChangeAssign, KlusserID: klusserID}, false); err != nil {
			return err
		}
		d, err = readDetail(ctx, tx, id)
		if err != nil {
			return err
		}
		return tenants.Audit(ctx, tx, tenants.AuditEntry{Action: AuditCreate, Entity: "klus", EntityID: id.String(),
			Region: &d.Regio, After: stateOf(d).m()})
	})
	return d, err
}

// InsertKlus stores a job from a checked form as an open, unassigned job in tx and returns its id;
// the category and region are checked first (checkRefs). Customers (services/klant) make their
// first job with it too.
func InsertKlus(ctx context.Context, tx pgx.Tx, g Gegevens) (uuid.UUID, error) {
	regio, err := checkRefs(ctx, tx, g)
	if err != nil {
		return uuid.Nil, err
	}
	id := uuid.New()
	_, err = tx.Exec(ctx, `
		INSERT INTO klussen (id, status, regio, categorie, beschrijving, datum, tijd, adres, postcode, woonplaats, telefoon, email,
		                     klant_voornaam, klant_achternaam, naam, geschat_tarief_cents, geschatte_duur, klusser_notities)
		VALUES ($1, 'open', $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, btrim($12 || ' ' || $13), $14, $15, $16)`,
		id, regio, g.Categorie, g.Beschrijving, g.Datum, g.Tijd, g.Adres, g.Postcode, g.Woonplaats, g.Telefoon, g.Email,
		g.KlantVoornaam, g.KlantAchternaam, g.TariefCents, g.Duur, g.KlusserNotities)
	return id, err
}

// Update writes the form's fields. A changed price, duration or region (D2: admins correct it) is
// written to the audit log with its before and after (D22).
func (s *beheerStore) Update(ctx context.Context, id uuid.UUID, g Gegevens) (Detail, error) {
	var d Detail
	err := s.db.Tx(ctx, func(tx pgx.Tx) error {
		before, err := lockState(ctx, tx, id)
		if err != nil {
			return err
		}
		if g.Regio == "" {
			g.Regio = before.Regio // keep the region unless the admin corrects it
		}
		regio, err := checkRefs(ctx, tx, g)
		if err != nil {
			return err
		}
		if _, err := tx.Exec(ctx, `
			UPDATE klussen SET regio = $2, categorie = $3, beschrijving = $4, datum = $5, tijd = $6, adres = $7, postcode = $8,
			       woonplaats = $9, telefoon = $10, email = $11, klant_voornaam = $12, klant_achternaam = $13,
			       geschat_tarief_cents = $14, geschatte_duur = $15, klusser_notities = $16
			WHERE id = $1`,
			id, regio, g.Categorie, g.Beschrijving, g.Datum, g.Tijd, g.Adres, g.Postcode, g.Woonplaats, g.Telefoon, g.Email,
			g.KlantVoornaam, g.KlantAchternaam, g.TariefCents, g.Duur, g.KlusserNotities); err != nil {
			return err
		}
		d, err = readDetail(ctx, tx, id)
		if err != nil {
			return err
		}
		after := stateOf(d)
		if after.Regio != before.Regio || after.TariefCents != before.TariefCents || after.Duur != before.Duur {
			return tenants.Audit(ctx, tx, tenants.AuditEntry{Action: AuditUpdate, Entity: "klus", EntityID: id.String(),
				Region: &d.Regio, Before: before.m(), After: after.m()})
		}
		return nil
	})
	return d, err
}

// Change applies one state change of section 4 in a transaction of its own.
func (s *beheerStore) Change(ctx context.Context, id uuid.UUID, c Change) (Detail, int, error) {
	var d Detail
	var notified int
	err := s.db.Tx(ctx, func(tx pgx.Tx) (err error) {
		notified, err = s.change(ctx, tx, id, c, true)
		if err != nil {
			return err
		}
		d, err = readDetail(ctx, tx, id)
		return err
	})
	return d, notified, err
}

// change applies c to the job (locked for the transaction), writes the audit entry when audit is
// set (a new job has its own), queues the notifications, and returns how many klussers a pool
// placement notifies.
func (s *beheerStore) change(ctx context.Context, tx pgx.Tx, id uuid.UUID, c Change, audit bool) (int, error) {
	before, err := lockState(ctx, tx, id)
	if err != nil {
		return 0, err
	}
	reassigns := c.Kind == ChangeAssign || c.Kind == ChangePool || c.Kind == ChangeUnassign
	if reassigns && before.Status == "afgerond" {
		return 0, ErrFinishedReassign // section 4: the work order is closed; the lock trigger agrees
	}
	notified := 0
	switch c.Kind {
	case ChangeStatus:
		_, err = tx.Exec(ctx, `UPDATE klussen SET status = $2 WHERE id = $1`, id, c.Status)
	case ChangeArchive:
		_, err = tx.Exec(ctx, `UPDATE klussen SET archived = true WHERE id = $1`, id)
	case ChangeAssign:
		if err = checkKlusser(ctx, tx, *c.KlusserID, before.Regio); err != nil {
			return 0, err
		}
		// Another klusser plans afresh; the same klusser keeps its appointment.
		_, err = tx.Exec(ctx, `
			UPDATE klussen SET klusser_id = $2, status = 'ingepland', claimed_at = now(),
			       assignment_type = CASE WHEN assignment_type = 'pool' THEN 'pool' ELSE 'direct' END,
			       geplande_start_tijd = CASE WHEN klusser_id IS DISTINCT FROM $2 THEN NULL ELSE geplande_start_tijd END,
			       klusser_telefoon = CASE WHEN klusser_id IS DISTINCT FROM $2 THEN NULL ELSE klusser_telefoon END,
			       planning_changes_count = CASE WHEN klusser_id IS DISTINCT FROM $2 THEN 0 ELSE planning_changes_count END
			WHERE id = $1`, id, *c.KlusserID)
		if err != nil {
			return 0, err
		}
		// The work order (D16: created with the assignment). One still running moves to the new
		// klusser; a completed one is a record of work done and stays as it is.
		if _, err = tx.Exec(ctx, `
			INSERT INTO werkbonnen (klus_id, klusser_id) VALUES ($1, $2)
			ON CONFLICT (klus_id) DO UPDATE SET klusser_id = EXCLUDED.klusser_id WHERE werkbonnen.status = 'running'`,
			id, *c.KlusserID); err != nil {
			return 0, err
		}
		err = s.queue(ctx, tx, notify.KlusserArgs{KlusID: id, KlusserID: *c.KlusserID, Datum: before.Datum.Dutch(),
			Tijd: before.Tijd, Woonplaats: before.Woonplaats})
	case ChangePool, ChangeUnassign:
		assignment := any(nil)
		if c.Kind == ChangePool {
			assignment = "pool"
		}
		_, err = tx.Exec(ctx, `
			UPDATE klussen SET klusser_id = NULL, status = 'open', claimed_at = NULL, assignment_type = $2,
			       geplande_start_tijd = NULL, klusser_telefoon = NULL, planning_changes_count = 0
			WHERE id = $1`, id, assignment)
		if err != nil {
			return 0, err
		}
		// A work order nobody started goes with the assignment; a started one keeps its record.
		if _, err = tx.Exec(ctx, `DELETE FROM werkbonnen WHERE klus_id = $1 AND status = 'running' AND start_tijd IS NULL`, id); err != nil {
			return 0, err
		}
		if c.Kind == ChangePool {
			if err = tx.QueryRow(ctx, `
				SELECT count(*) FROM profiles p JOIN user_roles r ON r.user_id = p.id AND r.role = 'klusser'
				WHERE p.actief AND $1 = ANY (p.regio)`, before.Regio).Scan(&notified); err != nil {
				return 0, err
			}
			err = s.queue(ctx, tx, notify.PoolArgs{KlusID: id})
		}
	default:
		return 0, fmt.Errorf("klussen: unknown change %q", c.Kind)
	}
	if err != nil || !audit {
		return notified, err
	}
	after, err := lockState(ctx, tx, id)
	if err != nil {
		return 0, err
	}
	return notified, tenants.Audit(ctx, tx, tenants.AuditEntry{Action: c.Kind, Entity: "klus", EntityID: id.String(),
		Region: &after.Regio, Before: before.m(), After: after.m()})
}

// state is what the audit log keeps of a job (D22: status, assignment, price, region).
type state struct {
	Status, Regio, Tijd, Woonplaats string
	AssignmentType                  *string
	KlusserID                       *uuid.UUID
	TariefCents                     int
	Duur                            float64
	Archived                        bool
	Datum                           calendar.Date
}

func (s state) m() map[string]any {
	return map[string]any{"status": s.Status, "regio": s.Regio, "assignment_type": s.AssignmentType, "klusser_id": s.KlusserID,
		"geschat_tarief_cents": s.TariefCents, "geschatte_duur": s.Duur, "archived": s.Archived}
}

func stateOf(d Detail) state {
	return state{Status: d.Status, Regio: d.Regio, AssignmentType: d.AssignmentType, KlusserID: d.KlusserID,
		TariefCents: d.GeschatTariefCents, Duur: d.GeschatteDuur, Archived: d.Archived, Tijd: d.Tijd, Woonplaats: d.Woonplaats}
}

// lockState reads a job's state and locks its row until the transaction ends, so that two admins
// changing one job take turns and each audit entry's "before" is the truth.
func lockState(ctx context.Context, tx pgx.Tx, id uuid.UUID) (state, error) {
	var s state
	err := tx.QueryRow(ctx, `
		SELECT status, regio, tijd, woonplaats, assignment_type, klusser_id, geschat_tarief_cents, geschatte_duur::float8, archived, datum
		FROM klussen WHERE id = $1 FOR UPDATE`, id).
		Scan(&s.Status, &s.Regio, &s.Tijd, &s.Woonplaats, &s.AssignmentType, &s.KlusserID, &s.TariefCents, &s.Duur, &s.Archived, &s.Datum)
	return s, tenants.NoRowsAs(ErrNotFound, err)
}

// Delete removes the job for good: its work order, materials, photos and notifications go with it
// (foreign keys), its invoice stays without the link (D8). The audit entry keeps what it was.
func (s *beheerStore) Delete(ctx context.Context, id uuid.UUID) error {
	return s.db.Tx(ctx, func(tx pgx.Tx) error {
		before, err := lockState(ctx, tx, id)
		if err != nil {
			return err
		}
		if _, err := tx.Exec(ctx, `DELETE FROM klussen WHERE id = $1`, id); err != nil {
			return err
		}
		return tenants.Audit(ctx, tx, tenants.AuditEntry{Action: AuditDelete, Entity: "klus", EntityID: id.String(),
			Region: &before.Regio, Before: before.m()})
	})
}

func (s *beheerStore) Klussers(ctx context.Context, p list.Params) (list.Page[Kandidaat], error) {
	return tenants.ListPage(ctx, s.db, p, `
		SELECT p.id, p.naam, p.woonplaats, p.regio, p.telefoon
		FROM profiles p JOIN user_roles r ON r.user_id = p.id AND r.role = 'klusser'
		WHERE p.actief AND (cardinality($1::text[]) = 0 OR p.regio && $1::text[])
		  AND ($2 = '' OR (p.naam || ' ' || p.woonplaats) ILIKE $2)`,
		[]any{p.Filter("regio"), tenants.Contains(p.Search)},
		func(r tenants.Row) (Kandidaat, error) {
			var k Kandidaat
			err := r.Scan(&k.ID, &k.Naam, &k.Woonplaats, &k.Regio, &k.Telefoon)
			return k, err
		})
}

// queue enqueues a job in tx; without a queue the change cannot keep its promises, so it fails.
func (s *beheerStore) queue(ctx context.Context, tx pgx.Tx, args river.JobArgs) error {
	if s.enqueue == nil {
		return fmt.Errorf("klussen: no job queue for %s", args.Kind())
	}
	return s.enqueue(ctx, tx, args)
}
