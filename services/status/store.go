package status

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"

	"github.com/klusmaat/klusmaat/jobs"

	"github.com/jackc/pgx/v5"

	"github.com/klusmaat/klusmaat/jobs/notify"
	"github.com/klusmaat/klusmaat/services/factuur"
	"github.com/klusmaat/klusmaat/services/offerte"
	"github.com/klusmaat/klusmaat/tenants"
	"github.com/klusmaat/klusmaat/tenants/calendar"
)

// pgStore reads through klus_status and cancels through klus_status_annuleren (migrations 018 and
// 041): the visitor's role reads no table itself, and each function takes the link's token, which
// the database checks as the server did.
type pgStore struct {
	db      *tenants.DB
	enqueue jobs.Enqueue
	site    factuur.Site
	now     calendar.Clock // today's Amsterdam date: whether a quote is still valid
}

func read(ctx context.Context, tx pgx.Tx, token string, today calendar.Date) (Row, error) {
	var r Row
	var d calendar.Date
	err := tx.QueryRow(ctx, `
		SELECT categorie, beschrijving, datum, tijd, woonplaats, status, geannuleerd, geplande_start_tijd,
		       klusser_voornaam, klusser_foto, toegewezen, support_phone, factuur_id, factuur_pdf, regio
		FROM klus_status($1)`, token).Scan(&r.Categorie, &r.Beschrijving, &d, &r.Tijd, &r.Woonplaats, &r.Status,
		&r.Geannuleerd, &r.GeplandOp, &r.KlusserVoornaam, &r.KlusserFoto, &r.Toegewezen, &r.SupportPhone,
		&r.FactuurID, &r.FactuurPDF, &r.Regio)
	r.Datum = d.String()
	if err != nil {
		return r, tenants.NoRowsAs(ErrNotFound, err)
	}
	var sch Schouw
	err = tx.QueryRow(ctx, `SELECT start, opnemer, uitgevoerd FROM klus_status_schouw($1)`, token).Scan(&sch.Start, &sch.Opnemer, &sch.Uitgevoerd)
	switch {
	case errors.Is(err, pgx.ErrNoRows):
	case err != nil:
		return r, fmt.Errorf("status: read survey: %w", err)
	default:
		r.Schouw = &sch
	}
	if r.Offerte, err = readOfferte(ctx, tx, token, today); err != nil {
		return r, err
	}
	var f Factuur
	var verval calendar.Date
	err = tx.QueryRow(ctx, `
		SELECT factuurnummer, totaal_cents, open_cents, vervaldatum, iban, uitgever, staat, gecrediteerd_door
		FROM klus_status_factuur($1)`, token).Scan(&f.Factuurnummer, &f.TotaalCents, &f.OpenCents, &verval, &f.IBAN, &f.Uitgever,
		&f.Staat, &f.GecrediteerdDoor)
	switch {
	case errors.Is(err, pgx.ErrNoRows):
	case err != nil:
		return r, fmt.Errorf("status: read invoice: %w", err)
	default:
		f.Vervaldatum = verval.String()
		r.Factuur = &f
	}
	return r, nil
}

// readOfferte reads the latest sent version of the job's quote through klus_status_offerte, as
// the customer reads it: the lines and amounts, its state as of today, and whether they may
// still answer.
func readOfferte(ctx context.Context, tx pgx.Tx, token string, today calendar.Date) (*offerte.Klantversie, error) {
	var in offerte.Inhoud
	var k offerte.Klantversie
	var materialen []byte
	var geldig calendar.Date
	err := tx.QueryRow(ctx, `
		SELECT nummer, versie, status, arbeid_wijze, arbeid_omschrijving, arbeid_uren::float8, uurtarief_cents, arbeid_cents,
		       materialen, subtotaal_cents, btw_cents, totaal_cents, geldig_tot, beslist_at, reden, nieuwere_concept
		FROM klus_status_offerte($1)`, token).Scan(&k.Nummer, &k.Versie, &k.Status, &in.ArbeidWijze, &in.ArbeidOmschrijving,
		&in.ArbeidUren, &in.UurtariefCents, &in.ArbeidCents, &materialen, &k.SubtotaalCents, &k.BTWCents, &k.TotaalCents,
		&geldig, &k.BeslistOp, &k.Reden, &k.InBewerking)
	if errors.Is(err, pgx.ErrNoRows) {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("status: read quote: %w", err)
	}
	if err := json.Unmarshal(materialen, &in.Materialen); err != nil {
		return nil, fmt.Errorf("status: quote materials: %w", err)
	}
	k.GeldigTot = geldig.String()
	k.Regels = in.Regels()
	k.Status = offerte.Stand(k.Status, k.GeldigTot, today)
	k.Beslisbaar = k.Status == offerte.Verstuurd && !k.InBewerking
	return &k, nil
}

func (s *pgStore) Read(ctx context.Context, l Link) (Row, error) {
	return tenants.TxValue(ctx, s.db, func(tx pgx.Tx) (Row, error) { return read(ctx, tx, l.Token, s.now.Today()) })
}

// Cancel cancels an open, unplanned request and tells the admins, in one transaction.
func (s *pgStore) Cancel(ctx context.Context, l Link) error {
	return s.db.Tx(ctx, func(tx pgx.Tx) error {
		var regio string
		err := tx.QueryRow(ctx, `SELECT regio FROM klus_status_annuleren($1)`, l.Token).Scan(&regio)
		if errors.Is(err, pgx.ErrNoRows) {
			if _, err := read(ctx, tx, l.Token, s.now.Today()); err != nil {
				return err // no such job, or the link no longer opens it
			}
			return ErrNotCancelled
		}
		if err != nil {
			return fmt.Errorf("status: cancel: %w", err)
		}
		if s.enqueue == nil {
			return errors.New("status: no job queue for the admins' notification")
		}
		return s.enqueue(ctx, tx, notify.AdminsArgs{Type: notify.KlusGeannuleerd, KlusID: l.ID})
	})
}

// InvoicePDF draws the invoice of a finished job as it stands now (D28: a customer who downloads
// it after paying gets a paid invoice), read as the system: the visitor's role reads no invoice
// itself, and the link already proved which job's invoice this is.
func (s *pgStore) InvoicePDF(ctx context.Context, l Link) (*factuur.PDFFile, error) {
	r, err := s.Read(ctx, l)
	if err != nil {
		return nil, err
	}
	// Drawn now from the invoice's row, so it need not wait for the stored copy the e-mail
	// attaches (which waits for the payment at the door, factuur.DoorPaymentWait).
	if r.FactuurID == nil {
		return nil, ErrNoInvoice
	}
	var data []byte
	err = s.db.InTx(ctx, tenants.SystemActor(), func(tx pgx.Tx) error {
		f, _, err := factuur.Read(ctx, tx, *r.FactuurID)
		if err != nil {
			return err
		}
		data, err = factuur.Render(f, s.site)
		return err
	})
	if err != nil {
		return nil, fmt.Errorf("status: invoice PDF: %w", err)
	}
	return &factuur.PDFFile{Name: "factuur.pdf", Data: data}, nil
}

// Decide records the answer through klus_status_offerte_besluit (migration 034), which admits only
// the latest sent version before its validity date, and tells the office in the same transaction.
func (s *pgStore) Decide(ctx context.Context, l Link, b Besluit) error {
	return s.db.Tx(ctx, func(tx pgx.Tx) error {
		var uitkomst string
		var nummer *string
		err := tx.QueryRow(ctx, `SELECT uitkomst, nummer FROM klus_status_offerte_besluit($1, $2, $3, $4, $5)`,
			l.Token, b.Versie, b.Besluit == Akkoord, b.Reden, s.now.Today()).Scan(&uitkomst, &nummer)
		if err != nil {
			return fmt.Errorf("status: decide quote: %w", err)
		}
		switch uitkomst {
		case "ok":
		case "gewijzigd":
			return ErrGewijzigd
		case "beslist":
			return ErrBeslist
		case "verlopen":
			return ErrVerlopen
		default:
			if _, err := read(ctx, tx, l.Token, s.now.Today()); err != nil {
				return err // no such job, or the link no longer opens it
			}
			return ErrNoOfferte
		}
		if s.enqueue == nil {
			return errors.New("status: no job queue for the office's notification")
		}
		kind := notify.OfferteAkkoord
		if b.Besluit != Akkoord {
			kind = notify.OfferteNietAkkoord
		}
		return s.enqueue(ctx, tx, notify.AdminsArgs{Type: kind, KlusID: l.ID, Nummer: *nummer})
	})
}
