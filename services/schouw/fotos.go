package schouw

// The photos of a survey's outcome (D26): uploaded through the private file store like a work
// order's photos (judged by content, at most 5 MB), served only to the office that sees the job,
// each download audited (D22).

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net/http"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"

	"github.com/klusmaat/klusmaat/services/platform/files"
	"github.com/klusmaat/klusmaat/services/platform/httpapi"
	"github.com/klusmaat/klusmaat/tenants"
	"github.com/klusmaat/klusmaat/tenants/domainerr"
)

// MaxFotos is the most photos a survey keeps.
const MaxFotos = 10

// MsgFotoToegevoegd is the console's message after an upload.
const MsgFotoToegevoegd = "Foto toegevoegd"

// Errors of the photos.
var (
	ErrFotoNotFound = domainerr.NotFound("not_found", "Foto niet gevonden")
	ErrTeveelFotos  = domainerr.Conflict("too_many_photos", "Een schouw heeft hoogstens 10 foto's.")
)

// EntityFoto names a survey photo in the audit log.
const EntityFoto = "schouw_foto"

// Foto is a survey photo as the console shows it: its private address.
type Foto struct {
	ID  uuid.UUID `json:"id"`
	URL string    `json:"url" doc:"beveiligde download"`
}

func fotoURL(id uuid.UUID) string { return "/api/v1/schouw-fotos/" + id.String() }

// FotoForm documents the upload form.
type FotoForm struct {
	File string `json:"file" doc:"de foto: JPG, PNG of WebP, hoogstens 5 MB"`
}

// FotoRequest is an upload for the job ID's survey.
type FotoRequest struct {
	ID   uuid.UUID
	File *files.Upload
}

// LogAttrs names the job.
func (r FotoRequest) LogAttrs() []slog.Attr { return []slog.Attr{slog.Any("klus_id", r.ID)} }

// fotos reads a survey's photos, oldest first.
func fotos(ctx context.Context, tx pgx.Tx, klus uuid.UUID) ([]Foto, error) {
	rows, err := tx.Query(ctx, `SELECT id FROM klus_schouw_fotos WHERE klus_id = $1 ORDER BY created_at, id`, klus)
	if err != nil {
		return nil, err
	}
	out, err := pgx.CollectRows(rows, func(r pgx.CollectableRow) (Foto, error) {
		var f Foto
		err := r.Scan(&f.ID)
		f.URL = fotoURL(f.ID)
		return f, err
	})
	if out == nil {
		out = []Foto{} // the console reads a list, never null
	}
	return out, err
}

// fotoStore keeps the photos' rows and bytes.
type fotoStore struct {
	db    *tenants.DB
	blobs files.Storage
}

// Upload checks the file, then in one transaction checks the survey is visible and not full,
// stores the bytes and the row; a refused or failed upload leaves neither (files.PutInTx).
func (s *fotoStore) Upload(ctx context.Context, r FotoRequest) (Answer, error) {
	ft, err := files.PhotoUpload.Validate(r.File)
	if err != nil {
		return Answer{}, err
	}
	key := files.NewKey(r.ID, ft)
	sch, err := files.PutInTx(ctx, s.blobs, files.KlusFotos, key, ft.ContentType, r.File.Data, func(write func() error) (sch Schouw, err error) {
		err = s.db.Tx(ctx, func(tx pgx.Tx) error {
			regio, err := visible(ctx, tx, r.ID)
			if err != nil {
				return err
			}
			var n int
			if err := tx.QueryRow(ctx, `SELECT count(*) FROM klus_schouw_fotos WHERE klus_id = $1`, r.ID).Scan(&n); err != nil {
				return err
			}
			// A cancelled survey takes no photos until a new one is planned.
			if cur, err := scan(tx.QueryRow(ctx, schouwSelect, r.ID)); errors.Is(err, pgx.ErrNoRows) || (err == nil && cur.Status == "geannuleerd") {
				return ErrNoSchouw
			} else if err != nil {
				return fmt.Errorf("schouw: read: %w", err)
			}
			if n >= MaxFotos {
				return ErrTeveelFotos
			}
			if err := write(); err != nil {
				return fmt.Errorf("schouw: store photo: %w", err)
			}
			var id uuid.UUID
			if err := tx.QueryRow(ctx, `
				INSERT INTO klus_schouw_fotos (klus_id, regio, storage_key, content_type, file_size, created_by)
				VALUES ($1, '', $2, $3, $4, actor_id()) RETURNING id`, r.ID, key, ft.ContentType, len(r.File.Data)).Scan(&id); err != nil {
				return fmt.Errorf("schouw: photo row: %w", err)
			}
			if sch, err = read(ctx, tx, r.ID); err != nil {
				return err
			}
			return tenants.Audit(ctx, tx, tenants.AuditEntry{Action: tenants.AuditUpload, Entity: EntityFoto, EntityID: id.String(), Region: &regio})
		})
		return sch, err
	})
	return Answer{Data: sch, Message: MsgFotoToegevoegd}, err
}

// Download opens a visible photo and records the download.
func (s *fotoStore) Download(ctx context.Context, id uuid.UUID) (*files.Download, error) {
	var out *files.Download
	err := s.db.Tx(ctx, func(tx pgx.Tx) error {
		var key, contentType, regio string
		err := tx.QueryRow(ctx, `SELECT storage_key, content_type, regio FROM klus_schouw_fotos WHERE id = $1`, id).Scan(&key, &contentType, &regio)
		if err != nil {
			return tenants.NoRowsAs(ErrFotoNotFound, err)
		}
		obj, err := s.blobs.Open(ctx, files.KlusFotos, key)
		if err != nil {
			return fmt.Errorf("schouw: open photo %s: %w", id, err)
		}
		out = &files.Download{Body: obj.Body, ContentType: contentType, Size: obj.Size, FileName: "schouw-foto-" + id.String()}
		return tenants.Audit(ctx, tx, tenants.AuditEntry{Action: tenants.AuditDownload, Entity: EntityFoto, EntityID: id.String(), Region: &regio})
	})
	if err != nil && out != nil {
		out.Body.Close()
		return nil, err
	}
	return out, err
}

// fotoRoutes are the photo routes (only with a file store).
func fotoRoutes(s *fotoStore) []httpapi.Route {
	return []httpapi.Route{
		{Method: http.MethodPost, Path: base + "/fotos", Summary: "Een foto bij de uitkomst van de schouw (multipart: file; JPG, PNG of WebP, max 5MB)",
			Tag: "klussen", Resource: "klus_schouw", Action: "update", RequestType: "multipart/form-data", Request: FotoForm{}, Response: Answer{},
			Op: "UploadSchouwFoto", Endpoint: httpapi.Typed(s.Upload), Decode: decodeFoto,
			Guard: func(h http.Handler) http.Handler { return files.LimitUpload(files.PhotoUpload, h) }},
		{Method: http.MethodGet, Path: "/api/v1/schouw-fotos/{id}", Summary: "Een foto van een schouw (beheer; franchise: eigen regio's); wordt vastgelegd in het auditlog",
			Tag: "klussen", Resource: "klus_schouw", Action: "read", ResponseType: "application/octet-stream",
			Op: "DownloadSchouwFoto", Endpoint: httpapi.ByID(s.Download), Decode: decodeFotoID, Encode: httpapi.Encoder(files.EncodeDownload)},
	}
}

func decodeFoto(_ context.Context, r *http.Request) (any, error) {
	id, form, err := files.ReadIDForm(r, ErrNotFound, files.PhotoUpload)
	if err != nil {
		return nil, err
	}
	return FotoRequest{ID: id, File: form.File}, nil
}

var decodeFotoID = httpapi.DecodeIDRequest(ErrFotoNotFound, "foto_id")
