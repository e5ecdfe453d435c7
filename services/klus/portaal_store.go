package klus

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/klusmaat/klusmaat/jobs"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"github.com/riverqueue/river"

	"github.com/klusmaat/klusmaat/jobs/email"
	"github.com/klusmaat/klusmaat/jobs/notify"
	"github.com/klusmaat/klusmaat/services/herinnering"
	"github.com/klusmaat/klusmaat/tenants"
	"github.com/klusmaat/klusmaat/tenants/calendar"
	"github.com/klusmaat/klusmaat/tenants/list"
)

// portaalStore is the PostgreSQL store (module.go makes it). Every statement runs as the klusser:
// row-level security shows it the pool of its regions and its own jobs only, and the column rules
// of migration 015 allow exactly a claim, a first plan and a counted change.
type portaalStore struct {
	db      *tenants.DB
	enqueue jobs.Enqueue
}

// klusColumns are the first columns of Klus (scanKlus): the job's own and its category's label,
// with the output names the lists sort on.
const klusColumns = `
	SELECT k.id, k.status, k.categorie, c.label, k.beschrijving, k.datum, k.tijd, k.adres, k.postcode,
	       k.woonplaats, k.regio, k.geschat_tarief_cents, k.geschatte_duur::float8,
	       round(k.geschat_tarief_cents * k.geschatte_duur / 100)::int AS verdienste,
	       nullif(k.klusser_notities, '') AS notities, k.geplande_start_tijd, k.planning_changes_count,`

// vastePrijs is the fixed price of the job's accepted quote, the last column of Klus.
const vastePrijs = `
	       (SELECT o.totaal_cents FROM offertes o WHERE o.klus_id = k.id AND o.status = 'akkoord') AS vaste_prijs`

// klusSelect reads jobs in the shape of Klus (scanKlus). The work order join shows the work order
// of the job's klusser only, which row-level security shows to that klusser alone: a klusser who
// opens a job put back in the pool does not get the work order it started before as its own. The
// actor's id is read once per statement ((SELECT actor_id()), an init plan), not once per row: each
// call checks the transaction's proof (a SHA-256), a third of the pool page's time in the database.
const klusSelect = klusColumns + `
	       w.id AS werkbon_id, k.klusser_id IS NOT DISTINCT FROM (SELECT actor_id()) AS eigen,
	       coalesce(nullif(klant_naam(k), ''), 'Niet beschikbaar') AS klant_naam,
	       k.telefoon AS klant_telefoon, k.email AS klant_email,` + vastePrijs + `
	FROM klussen k
	JOIN categories c ON c.key = k.categorie
	LEFT JOIN werkbonnen w ON w.klus_id = k.id AND w.klusser_id = k.klusser_id`

// poolSelect reads pool jobs in the shape of Klus from page, a page of jobs named k. A pool job
// has no klusser, so it is nobody's own and its reader holds no work order of it (a started one
// of a klusser it was taken from stays that klusser's record, not the reader's), and the pool does
// not show the customer (contract). So it joins no work order and reads no customer: under
// row-level security the work orders' rules and klant_naam() were a sixth of the page's time in
// PostgreSQL, replayed as the klusser (make profile).
func poolSelect(page string) string {
	return klusColumns + `
	       NULL::uuid AS werkbon_id, false AS eigen, '' AS klant_naam, '' AS klant_telefoon, '' AS klant_email,` +
		vastePrijs + `
	FROM ` + page + `
	JOIN categories c ON c.key = k.categorie`
}

// poolWhere is the pool (contract: pool jobs, open, no klusser, not archived, in the klusser's
// regions $1); the partial index klussen_pool_idx (regio, datum) serves it.
const poolWhere = ` WHERE k.assignment_type = 'pool' AND k.status = 'open' AND k.klusser_id IS NULL
	AND NOT k.archived AND k.regio = ANY ($1::text[])`

func scanKlus(r tenants.Row) (Klus, error) {
	var k Klus
	var d calendar.Date
	var klant Klant
	err := r.Scan(&k.ID, &k.Status, &k.Categorie.Key, &k.Categorie.Label, &k.Beschrijving, &d, &k.Tijd, &k.Adres,
		&k.Postcode, &k.Woonplaats, &k.Regio, &k.GeschatTariefCents, &k.GeschatteDuur, &k.GeschatteVerdiensteEuros,
		&k.Notities, &k.GeplandeStartTijd, &k.PlanningChangesCount, &k.WerkbonID, &k.Eigen,
		&klant.Naam, &klant.Telefoon, &klant.Email, &k.VastePrijsCents)
	k.Datum, k.Klant = d.String(), &klant
	k.VerdienstePerUurCents = HourlyEarningsCents
	return k, err
}

func (s *portaalStore) Profile(ctx context.Context) (string, error) {
	var naam string
	err := s.db.Tx(ctx, func(tx pgx.Tx) error {
		return tx.QueryRow(ctx, `SELECT naam FROM profiles WHERE id = actor_id()`).Scan(&naam)
	})
	if errors.Is(err, pgx.ErrNoRows) {
		return "", nil // a klusser account whose profile is being made: no name yet
	}
	return naam, err
}

func (s *portaalStore) CountOwn(ctx context.Context, from, to calendar.Date, includeFinished bool) (int, error) {
	var n int
	err := s.db.Tx(ctx, func(tx pgx.Tx) error {
		return tx.QueryRow(ctx, `
			SELECT count(*) FROM klussen
			WHERE klusser_id = actor_id() AND datum BETWEEN $1 AND $2 AND ($3 OR status <> 'afgerond')`,
			from, to, includeFinished).Scan(&n)
	})
	return n, err
}

// poolCount is the pool's size from the counters the triggers of migration 042 keep in the
// writer's transaction (klus_pool_tellingen: the pool jobs per region and town): a few rows
// instead of every pool job of the regions, whose count under row-level security grew with the
// pool (issue 44). Row-level security lets a klusser read its own regions' counters only, and $1
// names them as poolWhere does, so it counts exactly the jobs poolWhere returns.
const poolCount = `SELECT coalesce(sum(t.aantal), 0)::bigint FROM klus_pool_tellingen t WHERE t.regio = ANY ($1::text[])`

// Pool reads one page of the pool in two steps, in one statement: first the page's jobs alone, in
// the pool's order from the pool's own index (klussen_pool_order_idx, migration 026), then their
// category and quote (poolSelect). Joined before the page was taken, PostgreSQL read, joined and
// sorted every pool job of the regions (800 at 100,000 jobs) for 25 rows (make profile). The outer page is the first of what the inner one chose, so the total and the order
// are QueryPageCounted's as for every list. One statement, read in one round trip with its BEGIN,
// proof and COMMIT (tenants.ListPageCounted).
func (s *portaalStore) Pool(ctx context.Context, p list.Params) (list.Page[Klus], error) {
	page := fmt.Sprintf(`(SELECT * FROM klussen k%s%s LIMIT %d OFFSET %d) AS k`, poolWhere, poolOrder(p), p.PerPage, p.Offset())
	outer := p
	outer.Page = 1
	res, err := tenants.ListPageCounted(ctx, s.db, outer, poolSelect(page), []any{regionsOf(ctx)}, poolCount, scanKlus)
	for i := range res.Data {
		res.Data[i].Klant = nil // scanKlus makes one; the pool has none (poolSelect)
	}
	return res, err
}

// poolOrder is the pool's ORDER BY on the jobs themselves: the order QueryPage gives the page
// (PoolSpec's sort, empty values last, then its tie-break ascending), so the inner page and the
// outer one agree.
func poolOrder(p list.Params) string {
	dir := "ASC"
	if p.Order == list.Desc {
		dir = "DESC"
	}
	return " ORDER BY k.datum " + dir + " NULLS LAST, k.geplande_start_tijd, k.id"
}

func (s *portaalStore) PoolCount(ctx context.Context) (int, error) {
	var n int
	err := s.db.Read(ctx, func(tx pgx.Tx) error {
		return tx.QueryRow(ctx, poolCount, regionsOf(ctx)).Scan(&n)
	})
	return n, err
}

func (s *portaalStore) Klus(ctx context.Context, id uuid.UUID) (Klus, error) {
	var k Klus
	err := s.db.Tx(ctx, func(tx pgx.Tx) (err error) {
		k, err = readKlus(ctx, tx, id)
		return err
	})
	return k, err
}

// readKlus reads one job the klusser may see: its own, or a pool job of its regions (row-level
// security hides every other, which is "not found").
func readKlus(ctx context.Context, tx pgx.Tx, id uuid.UUID) (Klus, error) {
	k, err := scanKlus(tx.QueryRow(ctx, klusSelect+` WHERE k.id = $1`, id))
	return k, tenants.NoRowsAs(ErrNotFound, err)
}

// Claim is D17: one conditional UPDATE takes the job only while it is still an open, unclaimed
// pool job of the klusser's regions. Simultaneous claims queue on the row lock; each re-checks the
// condition on the row the previous one left, so exactly one finds klusser_id still NULL.
func (s *portaalStore) Claim(ctx context.Context, id uuid.UUID) (Klus, error) {
	var k Klus
	err := s.db.Tx(ctx, func(tx pgx.Tx) error {
		var regio, naam string
		err := tx.QueryRow(ctx, `
			UPDATE klussen SET klusser_id = actor_id(), claimed_at = now()
			WHERE id = $1 AND klusser_id IS NULL AND status = 'open' AND assignment_type = 'pool' AND NOT archived
			  AND regio = ANY ($2::text[])
			RETURNING regio, (SELECT naam FROM profiles WHERE id = actor_id())`, id, regionsOf(ctx)).Scan(&regio, &naam)
		if errors.Is(err, pgx.ErrNoRows) {
			return claimRefusal(ctx, tx, id)
		}
		if err != nil {
			return err
		}
		if err := s.queue(ctx, tx, notify.AdminsArgs{Type: notify.KlusOpgepakt, KlusID: id, KlusserNaam: naam}); err != nil {
			return err
		}
		if err := tenants.Audit(ctx, tx, tenants.AuditEntry{Action: AuditClaim, Entity: "klus", EntityID: id.String(), Region: &regio,
			Before: map[string]any{"klusser_id": nil}, After: map[string]any{"klusser_id": tenants.ActorFrom(ctx).UserID}}); err != nil {
			return err
		}
		k, err = readKlus(ctx, tx, id)
		return err
	})
	return k, err
}

// claimRefusal tells a claim of a job the klusser holds already (409 already_yours), a claim that
// came too late (409) and one of a job that was never in the
// klusser's pool (404). The job itself is no longer visible to the klusser either way; its events
// are, for as long as they are kept: the klusser may read the events of its regions' pool jobs
// (migration 008), and one of them shows the job open and unclaimed in that pool.
func claimRefusal(ctx context.Context, tx pgx.Tx, id uuid.UUID) error {
	var mine, wasInPool bool
	err := tx.QueryRow(ctx, `
		SELECT EXISTS (SELECT 1 FROM klussen WHERE id = $1 AND klusser_id = actor_id()),
		       EXISTS (SELECT 1 FROM klus_events WHERE klus_id = $1 AND assignment_type = 'pool' AND status = 'open'
		                 AND klusser_id IS NULL AND regio = ANY ($2::text[]))`, id, regionsOf(ctx)).Scan(&mine, &wasInPool)
	if err != nil {
		return err
	}
	if mine {
		// The klusser's own claim came first (its other phone, a second tab): not someone else's.
		return ErrAlreadyYours
	}
	if wasInPool {
		return ErrAlreadyClaimed
	}
	return ErrNotFound
}

// The audit actions of this domain (D22: who changed a job's assignment or status).
const (
	AuditClaim  = "claim"
	AuditPlan   = "plan"
	AuditChange = "change_plan"
)

// Plan is the first plan or a change (document 001 section 4), each one conditional UPDATE:
//   - first plan: the job is own, open (or ingepland without a time); status ingepland, the start
//     and the klusser's phone from its profile; the work order is created (or kept when it exists);
//   - change (D18): the job is ingepland with a time and fewer than 2 changes; the start moves and
//     the counter goes up by one. Simultaneous changes queue on the row lock and each re-checks
//     the counter, so at most 2 ever pass; the check constraint on the column caps it as well.
//
// The admins' notification and the customer's e-mail are queued in the same transaction.
func (s *portaalStore) Plan(ctx context.Context, id uuid.UUID, start time.Time, supportPhone string) (Klus, error) {
	var k Klus
	err := s.db.Tx(ctx, func(tx pgx.Tx) error {
		first := true
		tag, err := tx.Exec(ctx, `
			UPDATE klussen SET status = 'ingepland', geplande_start_tijd = $2,
			       klusser_telefoon = (SELECT nullif(btrim(telefoon), '') FROM profiles WHERE id = actor_id())
			WHERE id = $1 AND klusser_id = actor_id() AND status IN ('open', 'ingepland') AND geplande_start_tijd IS NULL`,
			id, start)
		if err != nil {
			return err
		}
		if tag.RowsAffected() == 0 {
			first = false
			tag, err = tx.Exec(ctx, `
				UPDATE klussen SET geplande_start_tijd = $2, planning_changes_count = planning_changes_count + 1
				WHERE id = $1 AND klusser_id = actor_id() AND status = 'ingepland' AND geplande_start_tijd IS NOT NULL
				  AND geplande_start_tijd <> $2 AND planning_changes_count < 2`, id, start)
			if err != nil {
				return err
			}
		}
		if tag.RowsAffected() == 0 {
			return planRefusal(ctx, tx, id, start)
		}
		if first {
			// The work order is opened with the plan; the timer starts it later (start_tijd).
			if _, err := tx.Exec(ctx, `
				INSERT INTO werkbonnen (klus_id, klusser_id) VALUES ($1, actor_id()) ON CONFLICT (klus_id) DO NOTHING`, id); err != nil {
				return err
			}
		}
		if err := s.announcePlan(ctx, tx, id, start, first, supportPhone); err != nil {
			return err
		}
		// The reminder: at once when planned after 18:00 the day before (docs/decisions.md D27, D33).
		if err := herinnering.Queue(ctx, tx, s.enqueue, herinnering.SoortKlus, id); err != nil {
			return err
		}
		k, err = readKlus(ctx, tx, id)
		return err
	})
	if errors.Is(err, errUnchanged) {
		return s.Klus(ctx, id)
	}
	return k, err
}

// errUnchanged: the plan asked for the start the job already has; nothing is written or sent.
var errUnchanged = errors.New("klusser: plan unchanged")

// planRefusal says why neither UPDATE of Plan matched, from the row as it is now.
func planRefusal(ctx context.Context, tx pgx.Tx, id uuid.UUID, start time.Time) error {
	var status string
	var current *time.Time
	var changes int
	err := tx.QueryRow(ctx, `
		SELECT status, geplande_start_tijd, planning_changes_count FROM klussen WHERE id = $1 AND klusser_id = actor_id()`,
		id).Scan(&status, &current, &changes)
	switch {
	case errors.Is(err, pgx.ErrNoRows):
		return ErrNotFound // not the klusser's own (a pool job is claimed first)
	case err != nil:
		return err
	case status == "bezig" || status == "afgerond":
		return ErrFinished
	case current != nil && current.Equal(start):
		return errUnchanged
	case changes >= 2:
		return ErrMaxChanges
	}
	return tenants.ErrRuleBroken
}

// announcePlan queues the admins' notification and, when the job has an e-mail address, the
// customer's e-mail (templates ingepland and gewijzigd), and writes the audit entry.
func (s *portaalStore) announcePlan(ctx context.Context, tx pgx.Tx, id uuid.UUID, start time.Time, first bool, supportPhone string) error {
	var regio, klusserNaam, klantNaam, klantEmail, adres string
	var klusserTelefoon *string
	var changes int
	err := tx.QueryRow(ctx, `
		SELECT k.regio, p.naam, k.klusser_telefoon, k.planning_changes_count,
		       klant_naam(k),
		       k.email, k.adres || ', ' || k.postcode || ' ' || k.woonplaats
		FROM klussen k JOIN profiles p ON p.id = k.klusser_id WHERE k.id = $1`, id).
		Scan(&regio, &klusserNaam, &klusserTelefoon, &changes, &klantNaam, &klantEmail, &adres)
	if err != nil {
		return fmt.Errorf("klusser: read planned job: %w", err)
	}
	datum, tijd := calendar.DateOf(start).Dutch(), start.In(calendar.Zone).Format("15:04")
	kind, template, action := notify.KlusIngepland, "ingepland", AuditPlan
	if !first {
		kind, template, action = notify.KlusGewijzigd, "gewijzigd", AuditChange
	}
	if err := s.queue(ctx, tx, notify.AdminsArgs{Type: kind, KlusID: id, KlusserNaam: klusserNaam, Datum: datum, Tijd: tijd}); err != nil {
		return err
	}
	if klantEmail != "" {
		phone := supportPhone
		if klusserTelefoon != nil && *klusserTelefoon != "" {
			phone = *klusserTelefoon
		}
		data := map[string]string{
			"naam": klantNaam, "klusser_naam": klusserNaam, "klusser_telefoon": phone,
			"datum": datum, "tijd": tijd, "adres": adres,
		}
		data[email.StatusKlus] = id.String() // the worker adds the customer's status link (D24)
		if err := s.queue(ctx, tx, email.Args{Template: template, To: klantEmail, Data: data}); err != nil {
			return err
		}
	}
	return tenants.Audit(ctx, tx, tenants.AuditEntry{Action: action, Entity: "klus", EntityID: id.String(), Region: &regio,
		After: map[string]any{"status": "ingepland", "geplande_start_tijd": start, "planning_changes_count": changes}})
}

// queue enqueues a job in tx; without a queue the change cannot keep its promises, so it fails.
func (s *portaalStore) queue(ctx context.Context, tx pgx.Tx, args river.JobArgs) error {
	if s.enqueue == nil {
		return fmt.Errorf("klusser: no job queue for %s", args.Kind())
	}
	return s.enqueue(ctx, tx, args)
}

func (s *portaalStore) Agenda(ctx context.Context, statuses []string, p list.Params) (list.Page[Klus], error) {
	return tenants.ListPage(ctx, s.db, p, klusSelect+` WHERE k.klusser_id = actor_id() AND k.status = ANY ($1::text[])`,
		[]any{statuses}, scanKlus)
}

func (s *portaalStore) Uren(ctx context.Context, weekFrom, maandFrom, to time.Time) (week, maand, totaal int, err error) {
	err = s.db.Tx(ctx, func(tx pgx.Tx) error {
		return tx.QueryRow(ctx, `
			SELECT coalesce(sum(uren) FILTER (WHERE eind_tijd >= $1 AND eind_tijd < $3), 0),
			       coalesce(sum(uren) FILTER (WHERE eind_tijd >= $2 AND eind_tijd < $3), 0),
			       coalesce(sum(uren), 0)
			FROM werkbonnen WHERE klusser_id = actor_id() AND uren IS NOT NULL`, weekFrom, maandFrom, to).
			Scan(&week, &maand, &totaal)
	})
	return week, maand, totaal, err
}

func (s *portaalStore) SupportPhone(ctx context.Context) (string, error) {
	var phone string
	err := s.db.Tx(ctx, func(tx pgx.Tx) error {
		return tx.QueryRow(ctx, `
			SELECT coalesce(
			    (SELECT nullif(btrim(f.support_phone), '') FROM franchise_settings f JOIN profiles p ON f.regio = p.regio[1]
			     WHERE p.id = actor_id()),
			    (SELECT nullif(btrim(setting_value), '') FROM app_settings WHERE setting_key = 'support_phone_default'),
			    '')`).Scan(&phone)
	})
	return phone, err
}
