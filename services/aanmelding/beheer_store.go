package aanmelding

import (
	"context"
	"fmt"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"

	"github.com/klusmaat/klusmaat/services/platform/files"
	"github.com/klusmaat/klusmaat/tenants"
	"github.com/klusmaat/klusmaat/tenants/list"
)

// Admins alone read and change applications, their documents and their communication (policies
// admin_all, migration 005).

const rijSelect = `
	SELECT a.id, a.naam, a.leeftijd, a.email, a.telefoon, a.woonplaats, a.status, a.created_at, ` + ReactieTeLaat + `
	FROM klusser_aanmeldingen a`

// ReactieTeLaat is the condition, over the applications as a, of an application waiting past the
// promise of a response within 2 working days (docs/decisions.md, D26): still new, no message to
// the applicant logged (a call, an e-mail or a WhatsApp message; an internal note is none), and
// more than 2 working days (Monday to Friday, Amsterdam; werkdagen_later, migration 030) old.
const ReactieTeLaat = `(a.status = 'nieuw' AND now() > werkdagen_later(a.created_at, 2)
	AND NOT EXISTS (SELECT 1 FROM klusser_communications kc WHERE kc.aanmelding_id = a.id AND kc.type <> 'note'))`

// rijWhere: $1 status (empty: all), $2 search over name, e-mail, phone and town (the trigram index),
// $3 true: only the applications past the promise of a response.
const rijWhere = `
	WHERE ($1 = '' OR a.status = $1)
	  AND ($2 = '' OR (a.naam || ' ' || a.email || ' ' || a.telefoon || ' ' || a.woonplaats) ILIKE $2)
	  AND (NOT $3 OR ` + ReactieTeLaat + `)`

func scanRow(r tenants.Row, x *Row, extra ...any) error {
	return r.Scan(append([]any{&x.ID, &x.Naam, &x.Leeftijd, &x.Email, &x.Telefoon, &x.Woonplaats, &x.Status, &x.CreatedAt,
		&x.ReactieTeLaat}, extra...)...)
}

// lateFilter reads the list's filter reactie=te_laat.
func lateFilter(p list.Params) bool {
	v := p.Filter("reactie")
	return len(v) > 0 && v[0] == "te_laat"
}

func statusFilter(p list.Params) string {
	if v := p.Filter("status"); len(v) > 0 {
		return v[0]
	}
	return ""
}

func (s *beheerStore) List(ctx context.Context, p list.Params) (list.Page[Row], error) {
	return tenants.ListPage(ctx, s.db, p, rijSelect+rijWhere, []any{statusFilter(p), tenants.Contains(p.Search), lateFilter(p)},
		func(r tenants.Row) (Row, error) {
			var x Row
			return x, scanRow(r, &x)
		})
}

func (s *beheerStore) Counts(ctx context.Context, p list.Params) (Counts, error) {
	return tenants.TxValue(ctx, s.db, func(tx pgx.Tx) (c Counts, err error) {
		err = tx.QueryRow(ctx, `
			SELECT count(*) FILTER (WHERE status = 'nieuw'), count(*) FILTER (WHERE status = 'in_behandeling'),
			       count(*) FILTER (WHERE status = 'goedgekeurd'), count(*) FILTER (WHERE status = 'afgewezen'),
			       count(*) FILTER (WHERE `+ReactieTeLaat+`)
			FROM klusser_aanmeldingen a`+rijWhere, "", tenants.Contains(p.Search), false).
			Scan(&c.Nieuw, &c.InBehandeling, &c.Goedgekeurd, &c.Afgewezen, &c.ReactieTeLaat)
		return c, err
	})
}

type beheerStore struct{ db *tenants.DB }

// ActiveRegions reads the active regions' slugs (tenants.ActiveRegions) as the actor of ctx.
func (s *beheerStore) ActiveRegions(ctx context.Context) ([]string, error) {
	return s.db.ActiveRegions(ctx)
}

func (s *beheerStore) Get(ctx context.Context, id uuid.UUID) (Detail, error) {
	d := Detail{Documenten: []files.Document{}, Communicatie: []Communicatie{}}
	err := s.db.Tx(ctx, func(tx pgx.Tx) error {
		err := scanRow(tx.QueryRow(ctx, `
			SELECT a.id, a.naam, a.leeftijd, a.email, a.telefoon, a.woonplaats, a.status, a.created_at, `+ReactieTeLaat+`,
			       a.adres, a.postcode, a.heeft_vog, a.heeft_vervoer, a.motivatie, a.ervaring, a.beschikbaarheid,
			       a.notities, a.profile_id
			FROM klusser_aanmeldingen a WHERE a.id = $1`, id), &d.Row,
			&d.Adres, &d.Postcode, &d.HeeftVOG, &d.HeeftVervoer, &d.Motivatie, &d.Ervaring, &d.Beschikbaarheid,
			&d.Notities, &d.KlusserID)
		if err != nil {
			return tenants.NoRowsAs(ErrNotFound, err)
		}
		rows, err := tx.Query(ctx, `
			SELECT id, aanmelding_id, klusser_id, document_type, file_name, content_type, file_size, notes, created_at
			FROM klusser_documents WHERE aanmelding_id = $1 ORDER BY created_at DESC, id`, id)
		if err != nil {
			return err
		}
		d.Documenten, err = pgx.CollectRows(rows, func(r pgx.CollectableRow) (files.Document, error) {
			var doc files.Document
			err := r.Scan(&doc.ID, &doc.AanmeldingID, &doc.KlusserID, &doc.DocumentType, &doc.FileName, &doc.ContentType,
				&doc.FileSize, &doc.Notes, &doc.CreatedAt)
			doc.URL = files.DocumentURL(doc.ID)
			return doc, err
		})
		if err != nil {
			return err
		}
		rows, err = tx.Query(ctx, `
			SELECT id, type, content, subject, recipient, created_at
			FROM klusser_communications WHERE aanmelding_id = $1 ORDER BY created_at DESC, id`, id)
		if err != nil {
			return err
		}
		d.Communicatie, err = pgx.CollectRows(rows, func(r pgx.CollectableRow) (Communicatie, error) {
			var c Communicatie
			return c, r.Scan(&c.ID, &c.Type, &c.Content, &c.Subject, &c.Recipient, &c.CreatedAt)
		})
		return err
	})
	return d, err
}

func (s *beheerStore) Review(ctx context.Context, id uuid.UUID, b Beoordeling) error {
	return s.db.Tx(ctx, func(tx pgx.Tx) error {
		var before string
		if err := tx.QueryRow(ctx, `SELECT status FROM klusser_aanmeldingen WHERE id = $1 FOR UPDATE`, id).Scan(&before); err != nil {
			return tenants.NoRowsAs(ErrNotFound, err)
		}
		if _, err := tx.Exec(ctx, `UPDATE klusser_aanmeldingen SET status = $2, notities = $3 WHERE id = $1`, id, b.Status, b.Notities); err != nil {
			return err
		}
		if before == b.Status {
			return nil
		}
		return tenants.Audit(ctx, tx, tenants.AuditEntry{Action: "status", Entity: "aanmelding", EntityID: id.String(),
			Before: map[string]any{"status": before}, After: map[string]any{"status": b.Status}})
	})
}

func (s *beheerStore) Log(ctx context.Context, id uuid.UUID, c Communicatie, enqueue func(tx pgx.Tx) error) (Communicatie, error) {
	err := s.db.Tx(ctx, func(tx pgx.Tx) error {
		var profile *uuid.UUID
		if err := tx.QueryRow(ctx, `SELECT profile_id FROM klusser_aanmeldingen WHERE id = $1`, id).Scan(&profile); err != nil {
			return tenants.NoRowsAs(ErrNotFound, err)
		}
		if err := tx.QueryRow(ctx, `
			INSERT INTO klusser_communications (aanmelding_id, klusser_id, type, content, subject, recipient, created_by)
			VALUES ($1, $2, $3, $4, $5, $6, actor_id()) RETURNING id, created_at`,
			id, profile, c.Type, c.Content, c.Subject, c.Recipient).Scan(&c.ID, &c.CreatedAt); err != nil {
			return fmt.Errorf("aanmeldingen: insert communication: %w", err)
		}
		if enqueue != nil {
			return enqueue(tx)
		}
		return nil
	})
	return c, err
}

func (s *beheerStore) Attach(ctx context.Context, tx pgx.Tx, aanmelding, profile uuid.UUID, vog files.Document, key string) error {
	var regio *string
	if err := tx.QueryRow(ctx, `SELECT regio[1] FROM profiles WHERE id = $1`, profile).Scan(&regio); err != nil {
		return err
	}
	var docID uuid.UUID
	if err := tx.QueryRow(ctx, `
		INSERT INTO klusser_documents (aanmelding_id, klusser_id, document_type, file_name, file_url, content_type, file_size, uploaded_by)
		VALUES ($1, $2, 'vog', $3, $4, $5, $6, actor_id()) RETURNING id`,
		aanmelding, profile, vog.FileName, key, vog.ContentType, vog.FileSize).Scan(&docID); err != nil {
		return fmt.Errorf("aanmeldingen: insert VOG: %w", err)
	}
	// The application's earlier documents and messages become the klusser's too (a klusser
	// reads its own documents, policy klusser_read_own).
	for _, q := range []string{
		`UPDATE klusser_documents SET klusser_id = $2 WHERE aanmelding_id = $1`,
		`UPDATE klusser_communications SET klusser_id = $2 WHERE aanmelding_id = $1`,
		`UPDATE klusser_aanmeldingen SET profile_id = $2 WHERE id = $1`,
	} {
		if _, err := tx.Exec(ctx, q, aanmelding, profile); err != nil {
			return fmt.Errorf("aanmeldingen: link account: %w", err)
		}
	}
	if _, err := tx.Exec(ctx, `UPDATE profiles SET vog_document_url = $2 WHERE id = $1`, profile, key); err != nil {
		return fmt.Errorf("aanmeldingen: VOG on profile: %w", err)
	}
	if err := tenants.Audit(ctx, tx, tenants.AuditEntry{Action: tenants.AuditUpload, Entity: files.EntityKlusserDocument,
		EntityID: docID.String(), Region: regio, After: map[string]any{"document_type": "vog", "klusser_id": profile.String()}}); err != nil {
		return err
	}
	return tenants.Audit(ctx, tx, tenants.AuditEntry{Action: "create_account", Entity: "aanmelding", EntityID: aanmelding.String(),
		Region: regio, After: map[string]any{"klusser_id": profile.String()}})
}
