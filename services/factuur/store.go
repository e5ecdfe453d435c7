package factuur

import (
	"context"
	"fmt"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"

	"github.com/klusmaat/klusmaat/jobs"
	"github.com/klusmaat/klusmaat/services/platform/files"
	"github.com/klusmaat/klusmaat/tenants"
	"github.com/klusmaat/klusmaat/tenants/calendar"
)

// pgStore is the PostgreSQL store (module.go makes it). Row-level security shows a klusser its own
// invoices only and an admin all; anything else is "not found". The column rules of migration 015
// let a klusser write the payment of an open invoice and nothing else.
type pgStore struct {
	db      *tenants.DB
	blobs   files.Storage
	site    Site
	enqueue jobs.Enqueue
}

const factuurSelect = `
	SELECT f.id, f.klus_id, f.factuurnummer, f.datum, f.klant_naam, f.klant_email, f.klant_adres, f.klant_postcode,
	       f.klant_woonplaats, f.omschrijving, f.uren, f.uurtarief_cents, f.materiaal_cents, f.subtotaal_cents,
	       f.btw_bedrag_cents, f.totaal_bedrag_cents, f.betaal_methode, f.betaal_notitie, f.created_at, f.pdf_url,
	       f.uitgever, f.werk_datum, f.vervaldatum, facturen_regels(f), f.credit_van, o.factuurnummer, f.credit_reden,
	       (SELECT q.nummer FROM offertes q WHERE q.id = f.offerte_id), s.staat, s.open_cents, s.gecrediteerd_door,
	       f.soort, f.klant_kvk, f.klant_btw_nummer,
	       CASE WHEN f.soort = 'klant' THEN (SELECT sc.telefoon FROM support_contact(f.regio) sc) ELSE '' END, f.regio
	FROM facturen f JOIN factuur_stand s ON s.factuur_id = f.id LEFT JOIN facturen o ON o.id = f.credit_van WHERE f.id = $1`

// Read reads one invoice with its frozen legal content, in tx; pdfKey is the stored PDF's key, if any.
func Read(ctx context.Context, tx pgx.Tx, id uuid.UUID) (f Factuur, pdfKey *string, err error) {
	var d, werk, verval calendar.Date
	var creditID *uuid.UUID
	var creditNummer *string
	err = tx.QueryRow(ctx, factuurSelect, id).Scan(&f.ID, &f.KlusID, &f.Factuurnummer, &d, &f.Klant.Naam, &f.Klant.Email,
		&f.Klant.Adres, &f.Klant.Postcode, &f.Klant.Woonplaats, &f.Omschrijving, &f.Uren, &f.UurtariefCents,
		&f.MateriaalCents, &f.SubtotaalCents, &f.BTWCents, &f.TotaalCents, &f.BetaalMethode, &f.BetaalNotitie,
		&f.CreatedAt, &pdfKey, &f.Uitgever, &werk, &verval, &f.Regels, &creditID, &creditNummer, &f.CreditReden, &f.Offerte, &f.Staat, &f.OpenCents, &f.GecrediteerdDoor,
		&f.Soort, &f.Klant.KvKNummer, &f.Klant.BTWNummer, &f.SupportPhone, &f.Regio)
	if err != nil {
		return f, nil, tenants.NoRowsAs(ErrNotFound, err)
	}
	f.Datum, f.WerkDatum, f.Vervaldatum = d.String(), werk.String(), verval.String()
	if creditID != nil && creditNummer != nil {
		f.CreditVan = &CreditRef{ID: *creditID, Factuurnummer: *creditNummer}
	}
	f.ArbeidCents = f.Uren * f.UurtariefCents
	if f.CreditVan != nil {
		f.ArbeidCents = -f.ArbeidCents
	}
	f.PDFURL = "/api/v1/facturen/" + f.ID.String() + "/pdf"
	f.Betaaltekst = PaymentTerms(f)
	// The material lines of the klusser's view: every frozen line but labour.
	f.Materialen = []Regel{}
	for _, r := range f.Regels {
		if r.Eenheid != "uur" {
			f.Materialen = append(f.Materialen, Regel{Omschrijving: r.Omschrijving, BedragCents: r.BedragCents})
		}
	}
	return f, pdfKey, nil
}

func (s *pgStore) Get(ctx context.Context, id uuid.UUID) (Factuur, error) {
	return tenants.TxValue(ctx, s.db, func(tx pgx.Tx) (Factuur, error) {
		f, _, err := Read(ctx, tx, id)
		return f, err
	})
}

// Pay registers the payment of an open invoice (contant or pin closes it; niet_betaald keeps it
// open for the admins' follow-up, with the reason). The same payment arriving again (the offline
// queue resending) changes nothing and answers the same.
func (s *pgStore) Pay(ctx context.Context, id uuid.UUID, method string, note *string) (Factuur, error) {
	var f Factuur
	err := s.db.Tx(ctx, func(tx pgx.Tx) error {
		var current *string
		var klusID *uuid.UUID
		err := tx.QueryRow(ctx, `SELECT betaal_methode, klus_id FROM facturen WHERE id = $1 FOR UPDATE`, id).Scan(&current, &klusID)
		if err != nil {
			return tenants.NoRowsAs(ErrNotFound, err)
		}
		paid := current != nil && *current != "niet_betaald"
		switch {
		case paid && *current == method:
			// already registered: the same answer
		case paid:
			return ErrPaid
		default:
			if _, err := tx.Exec(ctx, `UPDATE facturen SET betaal_methode = $2, betaal_notitie = $3 WHERE id = $1`, id, method, note); err != nil {
				return fmt.Errorf("factuur: pay: %w", err)
			}
			// The registration at the door is a payment of what is open (D30), booked with it:
			// what is open counting the office's payments and a credit, which the klusser's own
			// view of the payments does not show (factuur_open, migration 038).
			if method != "niet_betaald" {
				var open int
				var staat string
				var datum calendar.Date
				if err := tx.QueryRow(ctx, `SELECT o.open_cents, o.staat, f.datum FROM facturen f, factuur_open(f.id) o WHERE f.id = $1`, id).
					Scan(&open, &staat, &datum); err != nil {
					return fmt.Errorf("factuur: open amount: %w", err)
				}
				if staat == "gecrediteerd" || staat == "creditfactuur" {
					return ErrCredited
				}
				if open > 0 {
					if _, err := InsertPayment(ctx, tx, Payment{FactuurID: id, Datum: datum.String(), BedragCents: open, Methode: method,
						Bron: "klusser", Notitie: deref(note)}); err != nil {
						return fmt.Errorf("factuur: door payment: %w", err)
					}
				}
			}
			// The invoice e-mail waits for this registration (DoorPaymentWait): it goes now.
			if s.enqueue != nil {
				if err := s.enqueue(ctx, tx, PDFArgs{FactuurID: id, Mail: true}); err != nil {
					return err
				}
			}
			if klusID != nil && method != "niet_betaald" {
				if _, err := tx.Exec(ctx, `UPDATE klussen SET betaald = true WHERE id = $1 AND status = 'afgerond'`, *klusID); err != nil {
					return fmt.Errorf("factuur: job paid: %w", err)
				}
			}
		}
		f, _, err = Read(ctx, tx, id)
		return err
	})
	return f, err
}

// PDF returns the invoice's PDF, drawn now from its row: the legal content as frozen at issue and
// the payment state as of this download (D28), so a PDF fetched after a payment says it is paid.
// The download is recorded in the audit log (D22).
func (s *pgStore) PDF(ctx context.Context, id uuid.UUID) (*PDFFile, error) {
	var out *PDFFile
	err := s.db.Tx(ctx, func(tx pgx.Tx) error {
		f, _, err := Read(ctx, tx, id)
		if err != nil {
			return err
		}
		data, err := Render(f, s.site)
		if err != nil {
			return err
		}
		var regio *string
		if err := tx.QueryRow(ctx, `SELECT regio FROM facturen WHERE id = $1`, id).Scan(&regio); err != nil {
			return err
		}
		if err := tenants.Audit(ctx, tx, tenants.AuditEntry{Action: tenants.AuditDownload, Entity: "factuur_pdf",
			EntityID: id.String(), Region: regio, After: map[string]any{"factuurnummer": f.Factuurnummer}}); err != nil {
			return err
		}
		out = &PDFFile{Name: FileName(f.Factuurnummer), Data: data}
		return nil
	})
	return out, err
}

// FileName is the name a downloaded or attached invoice gets.
func FileName(nummer string) string { return "factuur-" + nummer + ".pdf" }

// Generate draws the PDF of an invoice as it stands and stores it for the e-mail's attachment
// (the background job, as the system): under the key the invoice already has, or a new one kept on
// the invoice. A second run draws it again, so an e-mail sent again attaches the current state.
func Generate(ctx context.Context, tx pgx.Tx, blobs files.Storage, site Site, id uuid.UUID) (Factuur, string, error) {
	f, key, err := Read(ctx, tx, id)
	if err != nil {
		return f, "", err
	}
	data, err := Render(f, site)
	if err != nil {
		return f, "", err
	}
	if key != nil {
		if err := blobs.Put(ctx, files.Exports, *key, files.PDF.ContentType, data); err != nil {
			return f, "", fmt.Errorf("factuur: store PDF: %w", err)
		}
		return f, *key, nil
	}
	k := files.NewKey(id, files.PDF)
	if err := blobs.Put(ctx, files.Exports, k, files.PDF.ContentType, data); err != nil {
		return f, "", fmt.Errorf("factuur: store PDF: %w", err)
	}
	if _, err := tx.Exec(ctx, `UPDATE facturen SET pdf_url = $2 WHERE id = $1`, id, k); err != nil {
		return f, "", fmt.Errorf("factuur: keep PDF key: %w", err)
	}
	return f, k, nil
}

func deref(s *string) string {
	if s == nil {
		return ""
	}
	return *s
}
