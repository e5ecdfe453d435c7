package files

import (
	"context"
	"errors"
	"fmt"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"

	"github.com/klusmaat/klusmaat/tenants"
)

// pgStore is the PostgreSQL store (module.go makes it). Every query runs as the request's actor, so
// row-level security decides which work orders, photos and documents exist for it (migrations 004,
// 005); the audit rows are written in the actor's own name (migration 006, D22).
type pgStore struct{ db *tenants.DB }

// Audit entities of this service (D22).
const (
	EntityWorkOrderPhoto  = "work_order_photo"
	EntityKlusserDocument = "klusser_document"
)

func photoURL(id uuid.UUID) string { return "/api/v1/werkbon-fotos/" + id.String() }

// DocumentURL is the authorized download of a document (D6).
func DocumentURL(id uuid.UUID) string { return "/api/v1/documenten/" + id.String() }

func (s *pgStore) AddWorkOrderPhoto(ctx context.Context, p Photo, key string, write func() error) (Photo, error) {
	err := s.db.Tx(ctx, func(tx pgx.Tx) error {
		var status string
		err := tx.QueryRow(ctx, `SELECT status FROM werkbonnen WHERE id = $1`, p.WorkOrderID).Scan(&status)
		if err != nil {
			return tenants.NoRowsAs(ErrWorkOrderNotFound, fmt.Errorf("files: find work order: %w", err))
		}
		if p.ClientID != nil {
			// D23: the phone sent this photo before and the answer got lost; it is stored once.
			var known Photo
			err := tx.QueryRow(ctx, `
				SELECT id, work_order_id, type, content_type, file_size, created_at FROM work_order_photos
				WHERE client_id = $1 AND work_order_id = $2`, *p.ClientID, p.WorkOrderID).
				Scan(&known.ID, &known.WorkOrderID, &known.Type, &known.ContentType, &known.FileSize, &known.CreatedAt)
			if err == nil {
				known.ClientID = p.ClientID
				p = known
				return nil
			}
			if !errors.Is(err, pgx.ErrNoRows) {
				return fmt.Errorf("files: find repeated photo: %w", err)
			}
		}
		if status == "completed" {
			return ErrWorkOrderClosed
		}
		if err := write(); err != nil {
			return err
		}
		err = tx.QueryRow(ctx, `
			INSERT INTO work_order_photos (work_order_id, type, url, content_type, file_size, client_id)
			VALUES ($1, $2, $3, $4, $5, $6) RETURNING id, created_at`,
			p.WorkOrderID, p.Type, key, p.ContentType, p.FileSize, p.ClientID).Scan(&p.ID, &p.CreatedAt)
		if err != nil {
			// The lock trigger: the work order was completed meanwhile. Row-level security: not the
			// actor's work order, which it must not learn exists.
			return tenants.Refusals{Check: ErrWorkOrderClosed, RLS: ErrWorkOrderNotFound}.Map(fmt.Errorf("files: insert photo: %w", err))
		}
		return nil
	})
	if err != nil {
		return Photo{}, err
	}
	p.URL = photoURL(p.ID)
	return p, nil
}

func (s *pgStore) OpenWorkOrderPhoto(ctx context.Context, id uuid.UUID, open func(key string) error) (Photo, error) {
	return tenants.TxValue(ctx, s.db, func(tx pgx.Tx) (Photo, error) {
		var p Photo
		var key string
		var regio *string
		err := tx.QueryRow(ctx, `
			SELECT p.id, p.work_order_id, p.type, p.url, p.content_type, p.file_size, p.created_at, k.regio
			FROM work_order_photos p
			LEFT JOIN werkbonnen w ON w.id = p.work_order_id
			LEFT JOIN klussen k ON k.id = w.klus_id
			WHERE p.id = $1`, id).Scan(&p.ID, &p.WorkOrderID, &p.Type, &key, &p.ContentType, &p.FileSize, &p.CreatedAt, &regio)
		if err != nil {
			return p, tenants.NoRowsAs(ErrPhotoNotFound, fmt.Errorf("files: find photo: %w", err))
		}
		if err := open(key); err != nil {
			return p, err
		}
		p.URL = photoURL(p.ID)
		return p, tenants.Audit(ctx, tx, tenants.AuditEntry{Action: tenants.AuditDownload, Entity: EntityWorkOrderPhoto,
			EntityID: p.ID.String(), Region: regio})
	})
}

func (s *pgStore) AddDocument(ctx context.Context, d Document, key string, write func() error) (Document, error) {
	err := s.db.Tx(ctx, func(tx pgx.Tx) error {
		var profileID *uuid.UUID
		var woonplaats, postcode string
		err := tx.QueryRow(ctx, `SELECT profile_id, woonplaats, postcode FROM klusser_aanmeldingen WHERE id = $1`,
			*d.AanmeldingID).Scan(&profileID, &woonplaats, &postcode)
		if err != nil {
			return tenants.NoRowsAs(ErrAanmeldingNotFound, fmt.Errorf("files: find application: %w", err))
		}
		// Once the application has an account, the document is on the klusser's profile too, so
		// that the klusser may read it (policy klusser_read_own).
		d.KlusserID = profileID
		regio, err := documentRegion(ctx, tx, profileID, &woonplaats, &postcode)
		if err != nil {
			return err
		}
		if err := write(); err != nil {
			return err
		}
		err = tx.QueryRow(ctx, `
			INSERT INTO klusser_documents (aanmelding_id, klusser_id, document_type, file_name, file_url, content_type,
			                               file_size, notes, uploaded_by)
			VALUES ($1, $2, $3, $4, $5, $6, $7, $8, actor_id()) RETURNING id, created_at`,
			d.AanmeldingID, d.KlusserID, d.DocumentType, d.FileName, key, d.ContentType, d.FileSize, d.Notes).
			Scan(&d.ID, &d.CreatedAt)
		if err != nil {
			return fmt.Errorf("files: insert document: %w", err)
		}
		return tenants.Audit(ctx, tx, tenants.AuditEntry{Action: tenants.AuditUpload, Entity: EntityKlusserDocument,
			EntityID: d.ID.String(), Region: regio, After: documentSummary(d)})
	})
	if err != nil {
		return Document{}, err
	}
	d.URL = DocumentURL(d.ID)
	return d, nil
}

func (s *pgStore) OpenDocument(ctx context.Context, id uuid.UUID, open func(key string) error) (Document, error) {
	return tenants.TxValue(ctx, s.db, func(tx pgx.Tx) (Document, error) {
		var d Document
		var key string
		var woonplaats, postcode *string
		err := tx.QueryRow(ctx, `
			SELECT d.id, d.aanmelding_id, d.klusser_id, d.document_type, d.file_name, d.file_url, d.content_type,
			       d.file_size, d.notes, d.created_at, a.woonplaats, a.postcode
			FROM klusser_documents d
			LEFT JOIN klusser_aanmeldingen a ON a.id = d.aanmelding_id
			WHERE d.id = $1`, id).Scan(&d.ID, &d.AanmeldingID, &d.KlusserID, &d.DocumentType, &d.FileName, &key,
			&d.ContentType, &d.FileSize, &d.Notes, &d.CreatedAt, &woonplaats, &postcode)
		if err != nil {
			return d, tenants.NoRowsAs(ErrDocumentNotFound, fmt.Errorf("files: find document: %w", err))
		}
		regio, err := documentRegion(ctx, tx, d.KlusserID, woonplaats, postcode)
		if err != nil {
			return d, err
		}
		if err := open(key); err != nil {
			return d, err
		}
		d.URL = DocumentURL(d.ID)
		return d, tenants.Audit(ctx, tx, tenants.AuditEntry{Action: tenants.AuditDownload, Entity: EntityKlusserDocument,
			EntityID: d.ID.String(), Region: regio})
	})
}

func (s *pgStore) DeleteDocument(ctx context.Context, id uuid.UUID, remove func(key string) error) error {
	return s.db.Tx(ctx, func(tx pgx.Tx) error {
		var d Document
		var key string
		err := tx.QueryRow(ctx, `
			DELETE FROM klusser_documents WHERE id = $1
			RETURNING id, aanmelding_id, klusser_id, document_type, file_name, file_url, content_type, file_size`, id).
			Scan(&d.ID, &d.AanmeldingID, &d.KlusserID, &d.DocumentType, &d.FileName, &key, &d.ContentType, &d.FileSize)
		if err != nil {
			return tenants.NoRowsAs(ErrDocumentNotFound, fmt.Errorf("files: delete document: %w", err))
		}
		regio, err := documentRegion(ctx, tx, d.KlusserID, nil, nil)
		if err != nil {
			return err
		}
		if err := tenants.Audit(ctx, tx, tenants.AuditEntry{Action: tenants.AuditDelete, Entity: EntityKlusserDocument,
			EntityID: d.ID.String(), Region: regio, Before: documentSummary(d)}); err != nil {
			return err
		}
		// The file goes before the commit: if removing it fails, the row stays and the admin can
		// try again; a deleted VOG must not linger in storage without a row pointing at it.
		return remove(key)
	})
}

// documentRegion is the region for the audit row of a document: the klusser's, when the profile
// has exactly one, else the application's town or postcode (D2), else none.
func documentRegion(ctx context.Context, tx pgx.Tx, profileID *uuid.UUID, woonplaats, postcode *string) (*string, error) {
	if profileID != nil {
		var regio *string
		err := tx.QueryRow(ctx, `SELECT CASE WHEN cardinality(regio) = 1 THEN regio[1] END FROM profiles WHERE id = $1`,
			*profileID).Scan(&regio)
		if err != nil && !errors.Is(err, pgx.ErrNoRows) {
			return nil, fmt.Errorf("files: profile region: %w", err)
		}
		if regio != nil {
			return regio, nil
		}
	}
	if woonplaats == nil || postcode == nil {
		return nil, nil
	}
	slug, err := tenants.ResolveRegion(ctx, tx, *woonplaats, *postcode)
	if errors.Is(err, tenants.ErrNoRegion) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	return &slug, nil
}

// documentSummary is what the audit log keeps of a document: what it is, not what it says.
func documentSummary(d Document) map[string]any {
	return map[string]any{"document_type": d.DocumentType, "content_type": d.ContentType, "file_size": d.FileSize,
		"aanmelding_id": d.AanmeldingID, "klusser_id": d.KlusserID}
}
