package aanmaning

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"

	"github.com/klusmaat/klusmaat/jobs"
	"github.com/klusmaat/klusmaat/services/factuur"
	"github.com/klusmaat/klusmaat/tenants/calendar"
)

// The steps, as the invoice's events name them (factuur_gebeurtenissen.soort).
const (
	SoortHerinnering = "herinnering"
	SoortBrief       = "veertiendagenbrief"
	SoortVoorstel    = "uit_handen_voorstel"
)

// stand is an invoice with a step due.
type stand struct {
	factuur   uuid.UUID
	next      string // the step due
	openCents int64
	email     string
	// briefKosten: the collection costs the 14-dagenbrief announced, once it went out.
	briefKosten *int64
}

// dueSelect finds the invoices with a step due on date $1 (all of them, or invoice $2 only): still
// open or part paid (so not paid, credited, disputed or handed over), the next step not recorded,
// and its day come. Each invoice has one step due at a time; the next run takes the next one. A
// step's day counts from the day the previous one went out as recorded (gegevens.verzonden, the
// business date of the run that sent it).
const dueSelect = `
	SELECT f.id,
	       CASE WHEN s.herinnering_at IS NULL THEN 'herinnering'
	            WHEN s.brief_at IS NULL THEN 'veertiendagenbrief'
	            ELSE 'uit_handen_voorstel' END,
	       s.open_cents, f.klant_email, (b.gegevens ->> 'incassokosten_cents')::bigint
	FROM facturen f
	JOIN factuur_stand s ON s.factuur_id = f.id
	LEFT JOIN factuur_gebeurtenissen h ON h.factuur_id = f.id AND h.soort = 'herinnering'
	LEFT JOIN factuur_gebeurtenissen b ON b.factuur_id = f.id AND b.soort = 'veertiendagenbrief'
	WHERE ($2::uuid IS NULL OR f.id = $2)
	  -- The reminders of consumers' invoices: a credit invoice has none (its staat says so too),
	  -- nor has a fee invoice between businesses (D32: followed until paid, without the WIK).
	  AND f.credit_van IS NULL AND f.soort = 'klant'
	  AND s.staat IN ('open', 'deels_betaald')
	  AND s.uit_handen_voorstel_at IS NULL
	  AND f.vervaldatum + $3::int <= $1::date
	  AND (s.herinnering_at IS NULL
	       OR (s.brief_at IS NULL
	           AND coalesce((h.gegevens ->> 'verzonden')::date, (h.created_at AT TIME ZONE 'Europe/Amsterdam')::date) + $4::int <= $1::date)
	       OR (s.brief_at IS NOT NULL AND (b.gegevens ->> 'termijn_tot')::date < $1::date))
	ORDER BY f.vervaldatum, f.id`

// dueStanden lists what is due on today: for every invoice, or for invoice only.
func dueStanden(ctx context.Context, tx pgx.Tx, today calendar.Date, invoice *uuid.UUID) ([]stand, error) {
	rows, err := tx.Query(ctx, dueSelect, today, invoice, HerinneringNa, BriefNa)
	if err != nil {
		return nil, fmt.Errorf("aanmaning: due: %w", err)
	}
	return pgx.CollectRows(rows, func(r pgx.CollectableRow) (stand, error) {
		var s stand
		return s, r.Scan(&s.factuur, &s.next, &s.openCents, &s.email, &s.briefKosten)
	})
}

// step records the step due for invoice today and queues its e-mail, and says which step it
// recorded ("" when none was due any more, or another run recorded it first).
func step(ctx context.Context, tx pgx.Tx, enqueue jobs.Enqueue, today calendar.Date, invoice uuid.UUID) (string, error) {
	// Bookings on this invoice wait for this transaction (migration 038 serialises them on the
	// invoice's row), so a payment made at this moment is either seen below or booked after the
	// record.
	if _, err := tx.Exec(ctx, `SELECT 1 FROM facturen WHERE id = $1 FOR NO KEY UPDATE`, invoice); err != nil {
		return "", fmt.Errorf("lock: %w", err)
	}
	list, err := dueStanden(ctx, tx, today, &invoice)
	if err != nil || len(list) == 0 {
		return "", err
	}
	s := list[0]
	b := Brief{Soort: s.next, Verzonden: today, OpenCents: s.openCents, PerPost: s.email == ""}
	gegevens := map[string]any{"open_cents": s.openCents}
	switch s.next {
	case SoortHerinnering:
		gegevens["verzonden"], gegevens["per_post"] = today.String(), b.PerPost
	case SoortBrief:
		b.IncassokostenCents, b.TermijnTot = Incassokosten(s.openCents), TermijnTot(today, b.PerPost)
		gegevens["incassokosten_cents"], gegevens["verzonden"] = b.IncassokostenCents, today.String()
		gegevens["termijn_tot"], gegevens["per_post"] = b.TermijnTot.String(), b.PerPost
	case SoortVoorstel:
		// Never more than the letter announced: a reversed payment may have raised the open amount
		// since.
		kosten := Incassokosten(s.openCents)
		if s.briefKosten != nil {
			kosten = min(kosten, *s.briefKosten)
		}
		gegevens["incassokosten_cents"] = kosten
	}
	if recorded, err := record(ctx, tx, invoice, s.next, gegevens); err != nil || !recorded {
		return "", err
	}
	if s.next == SoortVoorstel || b.PerPost {
		return s.next, nil
	}
	f, _, err := factuur.Read(ctx, tx, invoice)
	if err != nil {
		return "", err
	}
	if err := enqueue(ctx, tx, MailArgs(f, b)); err != nil {
		return "", fmt.Errorf("queue %s: %w", s.next, err)
	}
	return s.next, nil
}

// record appends the event; false when the invoice has it already (the unique index of migration
// 038: another run was first).
func record(ctx context.Context, tx pgx.Tx, invoice uuid.UUID, soort string, gegevens map[string]any) (bool, error) {
	data, err := json.Marshal(gegevens)
	if err != nil {
		return false, err
	}
	var id uuid.UUID
	err = tx.QueryRow(ctx, `
		INSERT INTO factuur_gebeurtenissen (factuur_id, soort, gegevens) VALUES ($1, $2, $3::jsonb)
		ON CONFLICT DO NOTHING RETURNING id`, invoice, soort, string(data)).Scan(&id)
	if errors.Is(err, pgx.ErrNoRows) {
		return false, nil
	}
	if err != nil {
		return false, fmt.Errorf("record %s: %w", soort, err)
	}
	return true, nil
}
