package werkbon

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/klusmaat/klusmaat/jobs"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"

	"github.com/klusmaat/klusmaat/services/factuur"
	"github.com/klusmaat/klusmaat/services/klus"
	"github.com/klusmaat/klusmaat/services/platform/files"
	"github.com/klusmaat/klusmaat/tenants"
	"github.com/klusmaat/klusmaat/tenants/calendar"
)

// pgStore is the PostgreSQL store (module.go makes it). Every statement runs as the klusser: row-
// level security shows it its own work orders only (anything else is "not found"), and the column
// rules of migrations 015 and 020 allow a start once, the notes and ratings, and a completion with
// the hours of the server's timer.
type pgStore struct {
	db      *tenants.DB
	blobs   files.Storage
	enqueue jobs.Enqueue
	clock   calendar.Clock
}

// closed maps the lock trigger of migration 004 (a completed work order) to its message, and a row
// row-level security refuses to "not found".
var closed = tenants.Refusals{Check: ErrClosed, RLS: ErrNotFound}

const werkbonSelect = `
	SELECT w.id, w.klus_id, w.status, w.start_tijd, w.start_bron, w.eind_tijd, w.uren, w.opmerkingen,
	       w.rating_algemeen, w.rating_netheid, w.rating_vriendelijkheid, w.rating_vakmanschap,
	       w.handtekening IS NOT NULL, k.geschat_tarief_cents, f.id,
	       k.status, c.label, k.beschrijving, k.datum, k.tijd, k.geplande_start_tijd, k.adres, k.postcode, k.woonplaats,
	       coalesce(nullif(klant_naam(k), ''), 'Niet beschikbaar'),
	       k.telefoon,
	       (SELECT jsonb_build_object('offerte', o.nummer, 'versie', o.versie, 'excl_cents', o.subtotaal_cents, 'incl_cents', o.totaal_cents)
	        FROM offertes o WHERE o.klus_id = k.id AND o.status = 'akkoord')
	FROM werkbonnen w
	JOIN klussen k ON k.id = w.klus_id
	JOIN categories c ON c.key = k.categorie
	LEFT JOIN facturen f ON f.klus_id = k.id
	WHERE w.id = $1`

// read reads a work order with its materials and photos, in tx.
func read(ctx context.Context, tx pgx.Tx, id uuid.UUID) (Werkbon, error) {
	var w Werkbon
	var r [4]*int
	var d calendar.Date
	err := tx.QueryRow(ctx, werkbonSelect, id).Scan(&w.ID, &w.KlusID, &w.Status, &w.StartTijd, &w.StartBron, &w.EindTijd,
		&w.Uren, &w.Opmerkingen, &r[0], &r[1], &r[2], &r[3], &w.Ondertekend, &w.UurtariefCents, &w.FactuurID,
		&w.Klus.Status, &w.Klus.Categorie, &w.Klus.Beschrijving, &d, &w.Klus.Tijd, &w.Klus.GeplandeStartTijd,
		&w.Klus.Adres, &w.Klus.Postcode, &w.Klus.Woonplaats, &w.Klant.Naam, &w.Klant.Telefoon, &w.VastePrijs)
	if err != nil {
		return w, tenants.NoRowsAs(ErrNotFound, err)
	}
	w.Klus.Datum = d.String()
	w.VerdienstePerUurCents = klus.HourlyEarningsCents
	if r[0] != nil && r[1] != nil && r[2] != nil && r[3] != nil {
		w.Beoordeling = &Ratings{Algemeen: *r[0], Netheid: *r[1], Vriendelijkheid: *r[2], Vakmanschap: *r[3]}
	}
	rows, err := tx.Query(ctx, `
		SELECT id, client_id, description, total_cents FROM work_order_items
		WHERE work_order_id = $1 ORDER BY created_at, id`, id)
	if err != nil {
		return w, err
	}
	w.Materialen, err = pgx.CollectRows(rows, func(row pgx.CollectableRow) (Materiaal, error) {
		var m Materiaal
		err := row.Scan(&m.ID, &m.ClientID, &m.Omschrijving, &m.BedragCents)
		return m, err
	})
	if err != nil {
		return w, err
	}
	for _, m := range w.Materialen {
		w.MateriaalCents += m.BedragCents
	}
	rows, err = tx.Query(ctx, `
		SELECT id, client_id, type FROM work_order_photos WHERE work_order_id = $1 ORDER BY created_at, id`, id)
	if err != nil {
		return w, err
	}
	w.Fotos, err = pgx.CollectRows(rows, func(row pgx.CollectableRow) (Foto, error) {
		var f Foto
		err := row.Scan(&f.ID, &f.ClientID, &f.Type)
		f.URL = "/api/v1/werkbon-fotos/" + f.ID.String()
		return f, err
	})
	return w, err
}

// Open returns the work order of the klusser's job, creating it for a planned or running job
// (document 001 section 4: a missing work order is created on opening; D16).
func (s *pgStore) Open(ctx context.Context, klusID uuid.UUID) (Werkbon, error) {
	var w Werkbon
	err := s.db.Tx(ctx, func(tx pgx.Tx) error {
		var status string
		var id *uuid.UUID
		err := tx.QueryRow(ctx, `
			SELECT k.status, w.id FROM klussen k LEFT JOIN werkbonnen w ON w.klus_id = k.id
			WHERE k.id = $1 AND k.klusser_id = actor_id()`, klusID).Scan(&status, &id)
		if err != nil {
			return tenants.NoRowsAs(ErrNotFound, err)
		}
		if id == nil {
			if status != "ingepland" && status != "bezig" {
				return ErrNoWerkbon
			}
			// ON CONFLICT: a second tab opening the same job at the same moment finds the first's.
			if _, err := tx.Exec(ctx, `
				INSERT INTO werkbonnen (klus_id, klusser_id) VALUES ($1, actor_id()) ON CONFLICT (klus_id) DO NOTHING`, klusID); err != nil {
				return fmt.Errorf("werkbon: create: %w", err)
			}
			if err := tx.QueryRow(ctx, `SELECT id FROM werkbonnen WHERE klus_id = $1`, klusID).Scan(&id); err != nil {
				return err
			}
		}
		w, err = read(ctx, tx, *id)
		return err
	})
	return w, err
}

// lockedRow reads the work order's state under a row lock, so a start, a change and a completion
// of the same work order follow each other.
type lockedRow struct {
	status    string
	start     *time.Time
	klusID    uuid.UUID
	claimedAt *time.Time
	regio     string
	now       time.Time
}

func lock(ctx context.Context, tx pgx.Tx, id uuid.UUID) (lockedRow, error) {
	var l lockedRow
	err := tx.QueryRow(ctx, `
		SELECT w.status, w.start_tijd, w.klus_id, k.claimed_at, k.regio, now()
		FROM werkbonnen w JOIN klussen k ON k.id = w.klus_id
		WHERE w.id = $1 FOR UPDATE OF w`, id).Scan(&l.status, &l.start, &l.klusID, &l.claimedAt, &l.regio, &l.now)
	return l, tenants.NoRowsAs(ErrNotFound, err)
}

// change runs fn on the work order under its row lock (lock) and answers the work order as fn
// left it, in one transaction: the shape of every change the klusser's phone sends.
func (s *pgStore) change(ctx context.Context, id uuid.UUID, fn func(tx pgx.Tx, l lockedRow) error) (Werkbon, error) {
	return tenants.TxValue(ctx, s.db, func(tx pgx.Tx) (Werkbon, error) {
		l, err := lock(ctx, tx, id)
		if err != nil {
			return Werkbon{}, err
		}
		if err := fn(tx, l); err != nil {
			return Werkbon{}, err
		}
		return read(ctx, tx, id)
	})
}

// phoneTimeOK is D23: a time from the phone lies after the job's claim (or the work order's start)
// and not after the moment it arrives. The column rules check the same again.
func phoneTimeOK(t time.Time, after *time.Time, now time.Time) bool {
	return !t.After(now.Add(phoneTimeLeeway)) && (after == nil || !t.Before(*after))
}

// Start stamps the timer's start once and sets the job to bezig (document 001 section 4). A start
// that arrives again (the offline queue resending) finds the start set and changes nothing.
func (s *pgStore) Start(ctx context.Context, id uuid.UUID, phoneTime *time.Time) (Werkbon, error) {
	return s.change(ctx, id, func(tx pgx.Tx, l lockedRow) error {
		if l.start != nil {
			return nil
		}
		if l.status == "completed" {
			return ErrClosed
		}
		start, source := l.now, "server"
		if phoneTime != nil {
			if !phoneTimeOK(*phoneTime, l.claimedAt, l.now) {
				return ErrPhoneTime
			}
			start, source = *phoneTime, "telefoon"
		}
		if _, err := tx.Exec(ctx, `UPDATE werkbonnen SET start_tijd = $2, start_bron = $3 WHERE id = $1`, id, start, source); err != nil {
			return fmt.Errorf("werkbon: start: %w", err)
		}
		tag, err := tx.Exec(ctx, `UPDATE klussen SET status = 'bezig' WHERE id = $1 AND status = 'ingepland'`, l.klusID)
		if err != nil {
			return fmt.Errorf("werkbon: job bezig: %w", err)
		}
		if tag.RowsAffected() == 0 {
			return nil
		}
		return tenants.Audit(ctx, tx, tenants.AuditEntry{Action: "start", Entity: "klus", EntityID: l.klusID.String(),
			Region: &l.regio, Before: map[string]any{"status": "ingepland"},
			After: map[string]any{"status": "bezig", "start_tijd": start, "start_bron": source}})
	})
}

// AddMateriaal adds a material line once per client id.
func (s *pgStore) AddMateriaal(ctx context.Context, id uuid.UUID, in MateriaalForm) (Werkbon, error) {
	return s.change(ctx, id, func(tx pgx.Tx, l lockedRow) error {
		var known bool
		if err := tx.QueryRow(ctx, `SELECT EXISTS (SELECT 1 FROM work_order_items WHERE client_id = $1)`, in.ClientID).Scan(&known); err != nil || known {
			return err
		}
		if l.status == "completed" {
			return ErrClosed
		}
		_, err := tx.Exec(ctx, `
			INSERT INTO work_order_items (work_order_id, description, qty, unit_price_cents, total_cents, client_id)
			VALUES ($1, $2, 1, $3, $3, $4)`, id, in.Omschrijving, in.BedragCents, in.ClientID)
		return closed.Map(err)
	})
}

// RemoveMateriaal removes a material line; removing one that is gone already changes nothing.
func (s *pgStore) RemoveMateriaal(ctx context.Context, id, itemID uuid.UUID) (Werkbon, error) {
	return s.change(ctx, id, func(tx pgx.Tx, l lockedRow) error {
		if l.status == "completed" {
			return ErrClosed
		}
		_, err := tx.Exec(ctx, `DELETE FROM work_order_items WHERE id = $2 AND work_order_id = $1`, id, itemID)
		return closed.Map(err)
	})
}

// SetNotities replaces the notes while the work order runs. The same notes arriving again after
// completion (a queued autosave) are accepted without a change.
func (s *pgStore) SetNotities(ctx context.Context, id uuid.UUID, notes string) (Werkbon, error) {
	return s.change(ctx, id, func(tx pgx.Tx, l lockedRow) error {
		if l.status != "completed" {
			_, err := tx.Exec(ctx, `UPDATE werkbonnen SET opmerkingen = $2 WHERE id = $1`, id, notes)
			return closed.Map(err)
		}
		var same bool
		if err := tx.QueryRow(ctx, `SELECT opmerkingen = $2 FROM werkbonnen WHERE id = $1`, id, notes).Scan(&same); err != nil {
			return err
		}
		if !same {
			return ErrClosed
		}
		return nil
	})
}

// Afronden completes the work order in one transaction (document 001 section 4, D7, D8): the end
// stamped by the server (or the phone's time from the offline queue, D23), the hours of the timer
// rounded up, the job afgerond with its material costs, and the invoice with the next number of
// the Dutch invoice year. The counter row of the year stays locked until the commit, so
// simultaneous completions take turns and a rolled-back one leaves no gap. The signature is stored
// privately (D6); the PDF is made by a background job queued in the same transaction.
func (s *pgStore) Afronden(ctx context.Context, id uuid.UUID, in Afronden, signature []byte, phoneTime *time.Time) (Afronding, error) {
	var a Afronding
	var key string
	err := s.db.Tx(ctx, func(tx pgx.Tx) error {
		l, err := lock(ctx, tx, id)
		if err != nil {
			return err
		}
		if l.status == "completed" {
			// Completed already: the queue sent it again, or a second tab. The same answer.
			a.Werkbon, err = read(ctx, tx, id)
			if err == nil && a.Werkbon.FactuurID != nil {
				a.FactuurID = *a.Werkbon.FactuurID
			}
			return err
		}
		if l.start == nil {
			return ErrNotStarted
		}
		end, source := l.now, "server"
		if end.Before(*l.start) {
			end = *l.start // a phone start up to a minute ahead of the server's clock
		}
		if phoneTime != nil {
			if !phoneTimeOK(*phoneTime, l.start, l.now) {
				return ErrPhoneTime
			}
			end, source = *phoneTime, "telefoon"
		}
		key = files.NewKey(id, files.PNG)
		if err := s.blobs.Put(ctx, files.KlusFotos, key, files.PNG.ContentType, signature); err != nil {
			return fmt.Errorf("werkbon: store signature: %w", err)
		}
		var uren int
		err = tx.QueryRow(ctx, `
			UPDATE werkbonnen SET status = 'completed', eind_tijd = $2, eind_bron = $3,
			       uren = ceil(extract(epoch FROM $2 - start_tijd) / 3600)::int,
			       rating_algemeen = $4, rating_netheid = $5, rating_vriendelijkheid = $6, rating_vakmanschap = $7,
			       opmerkingen = CASE WHEN btrim($8) = '' THEN opmerkingen ELSE $8 END, handtekening = $9
			WHERE id = $1 RETURNING uren`,
			id, end, source, in.Beoordeling.Algemeen, in.Beoordeling.Netheid, in.Beoordeling.Vriendelijkheid,
			in.Beoordeling.Vakmanschap, in.Opmerkingen, key).Scan(&uren)
		if err != nil {
			return fmt.Errorf("werkbon: complete: %w", err)
		}
		var materials int
		if err := tx.QueryRow(ctx, `SELECT coalesce(sum(total_cents), 0) FROM work_order_items WHERE work_order_id = $1`, id).Scan(&materials); err != nil {
			return err
		}
		if _, err := tx.Exec(ctx, `UPDATE klussen SET status = 'afgerond', materiaal_kosten_cents = $2 WHERE id = $1`, l.klusID, materials); err != nil {
			return fmt.Errorf("werkbon: job afgerond: %w", err)
		}
		factuurID, err := s.invoice(ctx, tx, l.klusID, uren, materials)
		if err != nil {
			return err
		}
		if s.enqueue == nil {
			return errors.New("werkbon: no job queue for the invoice PDF")
		}
		if err := s.enqueue(ctx, tx, factuur.PDFArgs{FactuurID: factuurID, Mail: true}); err != nil {
			return fmt.Errorf("werkbon: queue invoice PDF: %w", err)
		}
		if err := tenants.Audit(ctx, tx, tenants.AuditEntry{Action: "complete", Entity: "klus", EntityID: l.klusID.String(),
			Region: &l.regio, Before: map[string]any{"status": "bezig"},
			After: map[string]any{"status": "afgerond", "uren": uren, "eind_bron": source, "factuur_id": factuurID}}); err != nil {
			return err
		}
		a.FactuurID = factuurID
		a.Werkbon, err = read(ctx, tx, id)
		return err
	})
	if err != nil && key != "" {
		// The transaction did not commit: the signature it stored belongs to nothing.
		_ = s.blobs.Delete(context.WithoutCancel(ctx), files.KlusFotos, key)
	}
	return a, err
}

// invoice numbers and inserts the invoice of a just completed job (D7, D8, D28): numbered in the
// sequence of the region's issuer. The database freezes the rest into the row (migration 027): the
// issuer, the lines of the work order and the date of the work, and refuses a number of another
// sequence.
func (s *pgStore) invoice(ctx context.Context, tx pgx.Tx, klusID uuid.UUID, uren, materials int) (uuid.UUID, error) {
	today := s.clock.Today()
	year := today.Year
	var uitgever, prefix string
	var rate int
	var offerteID *uuid.UUID
	var quoted *int
	if err := tx.QueryRow(ctx, `
		SELECT u.id, u.nummer_prefix, k.geschat_tarief_cents, o.id, o.subtotaal_cents
		FROM klussen k CROSS JOIN factuur_uitgever(k.regio) u
		LEFT JOIN offertes o ON o.klus_id = k.id AND o.status = 'akkoord'
		WHERE k.id = $1`, klusID).Scan(&uitgever, &prefix, &rate, &offerteID, &quoted); err != nil {
		return uuid.Nil, fmt.Errorf("werkbon: invoice issuer: %w", err)
	}
	// A job with an accepted quote (D26) bills the quote, one unit at its price before VAT, plus the
	// materials on the signed work order as meerwerk; the database lists the quote's lines.
	if quoted != nil {
		uren, rate = 1, *quoted
	}
	nummer, err := factuur.NextNumber(ctx, tx, uitgever, prefix, year)
	if err != nil {
		return uuid.Nil, fmt.Errorf("werkbon: %w", err)
	}
	b := Bill(uren, rate, materials)
	var id uuid.UUID
	err = tx.QueryRow(ctx, `
		INSERT INTO facturen (klus_id, klusser_id, regio, factuurnummer, datum, klant_naam, klant_email, klant_adres,
		                      klant_postcode, klant_woonplaats, omschrijving, uren, uurtarief_cents, materiaal_cents,
		                      subtotaal_cents, btw_bedrag_cents, totaal_bedrag_cents, offerte_id)
		SELECT k.id, actor_id(), k.regio, $2, $3,
		       klant_naam(k),
		       k.email, k.adres, k.postcode, k.woonplaats, c.label || ': ' || k.beschrijving,
		       $4, $5, $6, $7, $8, $9, $10
		FROM klussen k JOIN categories c ON c.key = k.categorie WHERE k.id = $1
		RETURNING id`,
		klusID, nummer, today, uren, rate, materials, b.SubtotaalCents, b.BTWCents, b.TotaalCents, offerteID).Scan(&id)
	if err != nil {
		return uuid.Nil, fmt.Errorf("werkbon: insert invoice: %w", err)
	}
	return id, nil
}
