package offerte

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"

	"github.com/klusmaat/klusmaat/jobs"
	"github.com/klusmaat/klusmaat/services/factuur"
	"github.com/klusmaat/klusmaat/tenants"
	"github.com/klusmaat/klusmaat/tenants/calendar"
)

// Audit actions (D22).
const (
	AuditOpgeslagen = "offerte_opgeslagen"
	AuditVerstuurd  = "offerte_verstuurd"
)

// pgStore is the PostgreSQL store: row-level security admits admins everywhere and franchise owners
// in their regions (migration 034), so a job the actor may not see is not found. The database
// numbers the versions and refuses any step backwards.
type pgStore struct {
	db      *tenants.DB
	enqueue jobs.Enqueue
	site    factuur.Site
}

const columns = `id, klus_id, nummer, versie, status, arbeid_wijze, arbeid_omschrijving, arbeid_uren::float8, uurtarief_cents,
	materialen, arbeid_cents, materiaal_cents, subtotaal_cents, btw_cents, totaal_cents, geldig_tot, verstuurd_at, beslist_at, reden`

func scan(row pgx.Row) (Offerte, error) {
	var o Offerte
	var materialen []byte
	var geldig calendar.Date
	err := row.Scan(&o.ID, &o.KlusID, &o.Nummer, &o.Versie, &o.Status, &o.ArbeidWijze, &o.ArbeidOmschrijving, &o.ArbeidUren,
		&o.UurtariefCents, &materialen, &o.ArbeidCents, &o.MateriaalCents, &o.SubtotaalCents, &o.BTWCents, &o.TotaalCents,
		&geldig, &o.VerstuurdOp, &o.BeslistOp, &o.Reden)
	if err != nil {
		return o, err
	}
	o.GeldigTot = geldig.String()
	if err := json.Unmarshal(materialen, &o.Materialen); err != nil {
		return o, fmt.Errorf("offerte: materials: %w", err)
	}
	o.Regels = o.Inhoud.Regels()
	o.Eerdere = []Versie{}
	return o, nil
}

// job reads what a change of the job's quote needs: the job's region and rate, and the quote's
// latest version (nil when it has none). A job the actor does not see is ErrNotFound, a finished
// one ErrKlusAfgerond. Two simultaneous saves are kept apart by the database: the version trigger
// locks the latest version, and (klus_id, versie) is unique.
func job(ctx context.Context, tx pgx.Tx, klus uuid.UUID) (regio string, rate int, prev *Offerte, err error) {
	var status string
	err = tx.QueryRow(ctx, `SELECT regio, geschat_tarief_cents, status FROM klussen WHERE id = $1`, klus).Scan(&regio, &rate, &status)
	switch {
	case errors.Is(err, pgx.ErrNoRows):
		return "", 0, nil, ErrNotFound
	case err != nil:
		return "", 0, nil, err
	case status == "afgerond":
		return "", 0, nil, ErrKlusAfgerond
	}
	prev, err = latest(ctx, tx, klus)
	return regio, rate, prev, err
}

// latest reads the job's latest version with the earlier ones in brief; nil when it has none.
func latest(ctx context.Context, tx pgx.Tx, klus uuid.UUID) (*Offerte, error) {
	o, err := scan(tx.QueryRow(ctx, `SELECT `+columns+` FROM offertes WHERE klus_id = $1 ORDER BY versie DESC LIMIT 1`, klus))
	if errors.Is(err, pgx.ErrNoRows) {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("offerte: read: %w", err)
	}
	rows, err := tx.Query(ctx, `SELECT versie, status, totaal_cents, verstuurd_at, beslist_at FROM offertes
		WHERE klus_id = $1 AND versie < $2 ORDER BY versie DESC`, klus, o.Versie)
	if err != nil {
		return nil, err
	}
	o.Eerdere, err = pgx.CollectRows(rows, func(r pgx.CollectableRow) (Versie, error) {
		var v Versie
		return v, r.Scan(&v.Versie, &v.Status, &v.TotaalCents, &v.VerstuurdOp, &v.BeslistOp)
	})
	return &o, err
}

func (s *pgStore) Latest(ctx context.Context, klus uuid.UUID) (*Offerte, error) {
	var out *Offerte
	err := s.db.Tx(ctx, func(tx pgx.Tx) error {
		if err := tx.QueryRow(ctx, `SELECT 1 FROM klussen WHERE id = $1`, klus).Scan(new(int)); err != nil {
			return tenants.NoRowsAs(ErrNotFound, err)
		}
		var err error
		out, err = latest(ctx, tx, klus)
		return err
	})
	return out, err
}

func (s *pgStore) Save(ctx context.Context, klus uuid.UUID, in Form, today calendar.Date) (Offerte, bool, error) {
	var o Offerte
	var nieuw bool
	err := s.db.Tx(ctx, func(tx pgx.Tx) error {
		regio, rate, prev, err := job(ctx, tx, klus)
		if err != nil {
			return err
		}
		if prev != nil && prev.Status == Akkoord {
			return ErrAkkoord
		}
		inhoud := Inhoud{ArbeidWijze: in.ArbeidWijze, ArbeidOmschrijving: in.ArbeidOmschrijving, UurtariefCents: rate,
			Materialen: in.Materialen, GeldigTot: in.GeldigTot}
		if inhoud.Materialen == nil {
			inhoud.Materialen = []Materiaal{}
		}
		if in.ArbeidWijze == "uren" {
			uren := in.ArbeidUren
			inhoud.ArbeidUren = &uren
		}
		inhoud.Reken(in.ArbeidCents)
		if inhoud.SubtotaalCents <= 0 {
			return ErrLeeg
		}
		materialen, err := json.Marshal(inhoud.Materialen)
		if err != nil {
			return err
		}
		args := []any{klus, inhoud.ArbeidWijze, inhoud.ArbeidOmschrijving, inhoud.ArbeidUren, rate, inhoud.ArbeidCents, materialen,
			inhoud.MateriaalCents, inhoud.SubtotaalCents, inhoud.BTWCents, inhoud.TotaalCents, inhoud.GeldigTot}
		if prev != nil && prev.Status == Concept {
			o, err = scan(tx.QueryRow(ctx, `
				UPDATE offertes SET arbeid_wijze = $2, arbeid_omschrijving = $3, arbeid_uren = $4, uurtarief_cents = $5,
				       arbeid_cents = $6, materialen = $7, materiaal_cents = $8, subtotaal_cents = $9, btw_cents = $10,
				       totaal_cents = $11, geldig_tot = $12
				WHERE id = $13 RETURNING `+columns, append(args, prev.ID)...))
		} else {
			nieuw = true
			o, err = scan(tx.QueryRow(ctx, `
				INSERT INTO offertes (klus_id, arbeid_wijze, arbeid_omschrijving, arbeid_uren, uurtarief_cents, arbeid_cents,
				                      materialen, materiaal_cents, subtotaal_cents, btw_cents, totaal_cents, geldig_tot,
				                      nummer, versie, regio, created_by)
				VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, 'O0000-0000', 1, '', actor_id())
				RETURNING `+columns, args...))
		}
		if err != nil {
			return fmt.Errorf("offerte: save: %w", err)
		}
		if prev != nil {
			o.Eerdere = prev.Eerdere
			if nieuw {
				o.Eerdere = append([]Versie{{Versie: prev.Versie, Status: prev.Status, TotaalCents: prev.TotaalCents,
					VerstuurdOp: prev.VerstuurdOp, BeslistOp: prev.BeslistOp}}, prev.Eerdere...)
			}
		}
		o.Status = Stand(o.Status, o.GeldigTot, today)
		return tenants.Audit(ctx, tx, tenants.AuditEntry{Action: AuditOpgeslagen, Entity: "klus", EntityID: klus.String(), Region: &regio,
			After: map[string]any{"nummer": o.Nummer, "versie": o.Versie, "totaal_cents": o.TotaalCents, "geldig_tot": o.GeldigTot}})
	})
	return o, nieuw, err
}

func (s *pgStore) Send(ctx context.Context, klus uuid.UUID, today calendar.Date) (Offerte, error) {
	var o Offerte
	err := s.db.Tx(ctx, func(tx pgx.Tx) error {
		regio, _, prev, err := job(ctx, tx, klus)
		switch {
		case err != nil:
			return err
		case prev == nil:
			return ErrNoOfferte
		case prev.Status == Akkoord:
			return ErrAkkoord
		case prev.Status != Concept:
			return ErrNietConcept
		}
		if d, _ := calendar.ParseDate(prev.GeldigTot); d.Before(today) {
			return ErrDatumVerlopen
		}
		var email string
		if err := tx.QueryRow(ctx, `SELECT email FROM klussen WHERE id = $1`, klus).Scan(&email); err != nil {
			return err
		}
		if email == "" {
			return ErrGeenEmail
		}
		o, err = scan(tx.QueryRow(ctx, `UPDATE offertes SET status = 'verstuurd', verstuurd_at = now() WHERE id = $1 RETURNING `+columns, prev.ID))
		if err != nil {
			return fmt.Errorf("offerte: send: %w", err)
		}
		o.Eerdere = prev.Eerdere
		if s.enqueue == nil {
			return errors.New("offerte: no job queue for the customer's e-mail")
		}
		if err := s.enqueue(ctx, tx, MailArgs{OfferteID: o.ID}); err != nil {
			return fmt.Errorf("offerte: queue e-mail: %w", err)
		}
		return tenants.Audit(ctx, tx, tenants.AuditEntry{Action: AuditVerstuurd, Entity: "klus", EntityID: klus.String(), Region: &regio,
			After: map[string]any{"nummer": o.Nummer, "versie": o.Versie, "totaal_cents": o.TotaalCents}})
	})
	return o, err
}

func (s *pgStore) PDF(ctx context.Context, klus uuid.UUID) (*factuur.PDFFile, error) {
	var out *factuur.PDFFile
	err := s.db.Tx(ctx, func(tx pgx.Tx) error {
		if err := tx.QueryRow(ctx, `SELECT 1 FROM klussen WHERE id = $1`, klus).Scan(new(int)); err != nil {
			return tenants.NoRowsAs(ErrNotFound, err)
		}
		o, err := latest(ctx, tx, klus)
		if err != nil {
			return err
		}
		if o == nil {
			return ErrNoOfferte
		}
		doc, err := document(ctx, tx, *o)
		if err != nil {
			return err
		}
		data, err := Render(doc, s.site)
		out = &factuur.PDFFile{Name: FileName(o.Nummer, o.Versie), Data: data}
		return err
	})
	return out, err
}

// document gathers what the PDF shows besides the quote: the issuing business of the job's region
// (D28's issuer, the one who will invoice) and the customer.
func document(ctx context.Context, tx pgx.Tx, o Offerte) (Document, error) {
	d := Document{Offerte: o}
	var uitgever []byte
	err := tx.QueryRow(ctx, `
		SELECT to_jsonb(u), klant_naam(k),
		       k.email, k.adres, k.postcode, k.woonplaats, c.label || ': ' || k.beschrijving, o.created_at,
		       (SELECT sc.telefoon FROM support_contact(k.regio) sc)
		FROM offertes o JOIN klussen k ON k.id = o.klus_id JOIN categories c ON c.key = k.categorie, factuur_uitgever(k.regio) u
		WHERE o.id = $1`, o.ID).Scan(&uitgever, &d.Klant.Naam, &d.Klant.Email, &d.Klant.Adres, &d.Klant.Postcode, &d.Klant.Woonplaats,
		&d.Omschrijving, &d.Datum, &d.SupportPhone)
	if err != nil {
		return d, fmt.Errorf("offerte: document: %w", err)
	}
	if err := json.Unmarshal(uitgever, &d.Uitgever); err != nil {
		return d, fmt.Errorf("offerte: issuer: %w", err)
	}
	if o.VerstuurdOp != nil {
		d.Datum = *o.VerstuurdOp
	}
	return d, nil
}

// FileName is the PDF's name: offerte-O2026-0001-v2.pdf.
func FileName(nummer string, versie int) string {
	return fmt.Sprintf("offerte-%s-v%d.pdf", nummer, versie)
}
