// Package files stores and serves uploaded files (D6): job photos, klusser documents, profile
// photos and exports. The bytes live in a Storage (BLOB_URL: a local directory or S3) under keys
// the server generates; what a file is, whose it is and its original name live in the database,
// where row-level security decides who may see it. Private files are served only through
// authorized API routes, each download recorded in the audit log (D22); public profile photos
// through PublicHandler.
//
// Uploads are judged by size and by content (magic bytes and structure), never by file name or the
// Content-Type a client sends, and a refused upload stores nothing: no blob, no row.
//
// Like every service: service.go (this interface and its implementation), store.go (the SQL,
// through tenants.DB), endpoint.go, transport.go, module.go.
package files

import (
	"context"
	"errors"
	"fmt"
	"io"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/google/uuid"

	"github.com/klusmaat/klusmaat/services/platform/notfound"
	"github.com/klusmaat/klusmaat/tenants/domainerr"
)

// Service is the files use-case.
type Service interface {
	// UploadWorkOrderPhoto stores a before or after photo of a work order the actor may change (a
	// klusser's own, still running).
	UploadWorkOrderPhoto(ctx context.Context, workOrderID uuid.UUID, photoType string, clientID *uuid.UUID, file *Upload) (Photo, error)
	// DownloadWorkOrderPhoto opens a job photo the actor may see, and records the download.
	DownloadWorkOrderPhoto(ctx context.Context, photoID uuid.UUID) (*Download, error)
	// UploadDocument stores a document with a handyman application (admins).
	UploadDocument(ctx context.Context, aanmeldingID uuid.UUID, in NewDocument) (Document, error)
	// DownloadDocument opens a document the actor may see, and records the download.
	DownloadDocument(ctx context.Context, id uuid.UUID) (*Download, error)
	// DeleteDocument removes a document's row and its file (admins).
	DeleteDocument(ctx context.Context, id uuid.UUID) error
	// UploadProfielFoto sets a klusser's showcase photo in a slot (admins); the old one is removed.
	UploadProfielFoto(ctx context.Context, klusserID uuid.UUID, slot string, file *Upload) (ProfielFoto, error)
	// DeleteProfielFoto empties a slot and removes its photo (admins).
	DeleteProfielFoto(ctx context.Context, klusserID uuid.UUID, slot string) (ProfielFoto, error)
}

// Store is the SQL of the service; store.go implements it on PostgreSQL. Every method runs in one
// transaction as the actor of ctx. The hooks run inside that transaction, after the row checks and
// before the commit: the file is written (or opened, or removed) only when row-level security
// allows the row, and the row is committed only when that succeeded.
type Store interface {
	// AddWorkOrderPhoto checks the work order is visible and running, calls write and inserts the
	// photo row.
	AddWorkOrderPhoto(ctx context.Context, p Photo, key string, write func() error) (Photo, error)
	// OpenWorkOrderPhoto finds a visible photo, calls open with its key and content type, and
	// records the download in the audit log.
	OpenWorkOrderPhoto(ctx context.Context, id uuid.UUID, open func(key string) error) (Photo, error)
	// AddDocument checks the application exists, calls write and inserts the document row.
	AddDocument(ctx context.Context, d Document, key string, write func() error) (Document, error)
	// OpenDocument finds a visible document, calls open with its key, and records the download.
	OpenDocument(ctx context.Context, id uuid.UUID, open func(key string) error) (Document, error)
	// DeleteDocument deletes the row, calls remove with its key, and records the deletion.
	DeleteDocument(ctx context.Context, id uuid.UUID, remove func(key string) error) error
	// SetProfielFoto sets a klusser's photo column (nil: none), calling write first, records the
	// change, and returns the key the column held.
	SetProfielFoto(ctx context.Context, klusserID uuid.UUID, column string, key *string, write func() error) (*string, error)
}

// Photo is a work order photo as the API shows it; the storage key never leaves the server.
type Photo struct {
	ID          uuid.UUID `json:"id"`
	WorkOrderID uuid.UUID `json:"work_order_id"`
	Type        string    `json:"type" doc:"before of after"`
	ContentType string    `json:"content_type"`
	FileSize    int64     `json:"file_size" doc:"Bytes"`
	URL         string    `json:"url" doc:"Beveiligde download-URL"`
	CreatedAt   time.Time `json:"created_at"`
	// ClientID is the id the phone gave the upload (D23): a repeated upload returns this photo.
	ClientID *uuid.UUID `json:"client_id,omitempty"`
}

// Document is a klusser document as the API shows it.
type Document struct {
	ID           uuid.UUID  `json:"id"`
	AanmeldingID *uuid.UUID `json:"aanmelding_id"`
	KlusserID    *uuid.UUID `json:"klusser_id" doc:"Profiel van de klusser, zodra het account bestaat"`
	DocumentType string     `json:"document_type" doc:"vog, id_bewijs, contract, certificaat of overig"`
	FileName     string     `json:"file_name" doc:"Oorspronkelijke bestandsnaam"`
	ContentType  string     `json:"content_type"`
	FileSize     int64      `json:"file_size" doc:"Bytes"`
	Notes        string     `json:"notes"`
	URL          string     `json:"url" doc:"Beveiligde download-URL"`
	CreatedAt    time.Time  `json:"created_at"`
}

// NewDocument is an uploaded document with its form fields.
type NewDocument struct {
	DocumentType string
	Notes        string
	File         *Upload
}

// Download is an opened private file; the transport streams and closes Body.
type Download struct {
	Body        io.ReadCloser
	ContentType string
	Size        int64
	FileName    string
	// Attachment makes browsers save the file instead of showing it (documents).
	Attachment bool
}

// PhotoTypes and DocumentTypes are the allowed values (document 001 section 3).
var (
	PhotoTypes    = []string{"before", "after"}
	DocumentTypes = []string{"vog", "id_bewijs", "contract", "certificaat", "overig"}
)

// MaxNotesChars is the longest note on a document.
const MaxNotesChars = 2000

// Errors a user may see. Something that exists but is not the actor's is "not found" too, so
// that an answer never tells whether another klusser's file exists.
var (
	ErrWorkOrderNotFound  = notfound.Werkbon
	ErrWorkOrderClosed    = domainerr.Conflict("werkbon_closed", "Deze werkbon is afgesloten. Er kunnen geen foto's meer worden toegevoegd.")
	ErrPhotoNotFound      = domainerr.NotFound("foto_not_found", "Foto niet gevonden")
	ErrAanmeldingNotFound = notfound.Aanmelding
	ErrDocumentNotFound   = domainerr.NotFound("document_not_found", "Document niet gevonden")
	ErrFileMissing        = domainerr.NotFound("file_missing", "Het bestand is niet gevonden.")
)

// NewService returns the files service.
func NewService(store Store, blobs Storage) Service {
	return &service{store: store, blobs: blobs}
}

type service struct {
	store Store
	blobs Storage
	// showcaseChanged, when not nil, is told that a showcase photo changed (New).
	showcaseChanged func()
}

// NewKey is a fresh storage key for a file of type ft belonging to owner (a work order, an
// application or a profile): owner/uuid.ext. No part of it comes from the user.
func NewKey(owner uuid.UUID, ft FileType) string {
	return owner.String() + "/" + uuid.NewString() + "." + ft.Ext
}

func (s *service) UploadWorkOrderPhoto(ctx context.Context, workOrderID uuid.UUID, photoType string, clientID *uuid.UUID, file *Upload) (Photo, error) {
	ft, err := PhotoUpload.Validate(file)
	if err != nil {
		return Photo{}, err
	}
	if !contains(PhotoTypes, photoType) {
		msg := "Kies of het een foto van voor of na de klus is."
		return Photo{}, domainerr.Invalid("invalid_photo_type", msg, map[string]string{"type": msg})
	}
	key := NewKey(workOrderID, ft)
	return PutInTx(ctx, s.blobs, KlusFotos, key, ft.ContentType, file.Data, func(write func() error) (Photo, error) {
		return s.store.AddWorkOrderPhoto(ctx, Photo{WorkOrderID: workOrderID, Type: photoType, ContentType: ft.ContentType,
			FileSize: int64(len(file.Data)), ClientID: clientID}, key, write)
	})
}

func (s *service) DownloadWorkOrderPhoto(ctx context.Context, photoID uuid.UUID) (*Download, error) {
	p, obj, err := get(ctx, s.blobs, KlusFotos, photoID, s.store.OpenWorkOrderPhoto)
	if err != nil {
		return nil, err
	}
	ft := servedType(p.ContentType, PhotoUpload)
	return &Download{Body: obj.Body, ContentType: ft.ContentType, Size: obj.Size,
		FileName: "werkbon-foto-" + p.Type + "-" + p.ID.String() + "." + ft.Ext}, nil
}

func (s *service) UploadDocument(ctx context.Context, aanmeldingID uuid.UUID, in NewDocument) (Document, error) {
	ft, err := DocumentUpload.Validate(in.File)
	if err != nil {
		return Document{}, err
	}
	if !contains(DocumentTypes, in.DocumentType) {
		msg := "Kies een documentsoort: VOG, ID-bewijs, contract, certificaat of overig."
		return Document{}, domainerr.Invalid("invalid_document_type", msg, map[string]string{"document_type": msg})
	}
	notes := strings.TrimSpace(in.Notes)
	if utf8.RuneCountInString(notes) > MaxNotesChars {
		msg := fmt.Sprintf("Notities mogen maximaal %d tekens zijn.", MaxNotesChars)
		return Document{}, domainerr.Invalid("notes_too_long", msg, map[string]string{"notes": msg})
	}
	key := NewKey(aanmeldingID, ft)
	return PutInTx(ctx, s.blobs, Documents, key, ft.ContentType, in.File.Data, func(write func() error) (Document, error) {
		return s.store.AddDocument(ctx, Document{AanmeldingID: &aanmeldingID, DocumentType: in.DocumentType,
			FileName: CleanFileName(in.File.Name, ft), ContentType: ft.ContentType, FileSize: int64(len(in.File.Data)), Notes: notes},
			key, write)
	})
}

func (s *service) DownloadDocument(ctx context.Context, id uuid.UUID) (*Download, error) {
	d, obj, err := get(ctx, s.blobs, Documents, id, s.store.OpenDocument)
	if err != nil {
		return nil, err
	}
	ft := servedType(d.ContentType, DocumentUpload)
	return &Download{Body: obj.Body, ContentType: ft.ContentType, Size: obj.Size, FileName: d.FileName, Attachment: true}, nil
}

func (s *service) DeleteDocument(ctx context.Context, id uuid.UUID) error {
	return s.store.DeleteDocument(ctx, id, func(key string) error {
		return s.blobs.Delete(ctx, Documents, key)
	})
}

// Writable is the part of a Storage that PutInTx needs: writing a file and removing it again.
type Writable interface {
	Put(ctx context.Context, b Bucket, key, contentType string, data []byte) error
	Delete(ctx context.Context, b Bucket, key string) error
}

// PutInTx stores a file together with the row that names it. add runs the transaction that
// stores the row and calls write inside it: the file is written there, after the row checks, and
// removed again when the transaction fails after it was written, so a refused upload leaves
// neither row nor file. It returns what add made (the stored row).
func PutInTx[T any](ctx context.Context, blobs Writable, b Bucket, key, contentType string, data []byte, add func(write func() error) (T, error)) (T, error) {
	written := false
	v, err := add(func() error {
		if err := blobs.Put(ctx, b, key, contentType, data); err != nil {
			return err
		}
		written = true
		return nil
	})
	if err != nil && written {
		err = errors.Join(err, blobs.Delete(context.WithoutCancel(ctx), b, key))
	}
	return v, err
}

// get runs find, the store's method that finds the row of id and calls open with its key inside
// its transaction (where the download is audited), and returns the row and the opened file; the
// file is closed again when the transaction fails after it was opened.
func get[T any](ctx context.Context, blobs Storage, b Bucket, id uuid.UUID,
	find func(ctx context.Context, id uuid.UUID, open func(key string) error) (T, error)) (T, *Object, error) {
	var obj *Object
	row, err := find(ctx, id, func(key string) error {
		var err error
		obj, err = blobs.Open(ctx, b, key)
		if errors.Is(err, ErrNotFound) {
			return ErrFileMissing.WithCause(fmt.Errorf("files: %s/%s is in the database but not in storage", b, key))
		}
		return err
	})
	if err != nil {
		if obj != nil {
			obj.Body.Close()
		}
		var none T
		return none, nil, err
	}
	return row, obj, nil
}

// servedType is the stored content type when it is one of the kind's, else a download that no
// browser renders.
func servedType(contentType string, k Kind) FileType {
	for _, t := range k.Types {
		if t.ContentType == contentType {
			return t
		}
	}
	return FileType{Ext: "bin", ContentType: "application/octet-stream"}
}

// StoreProfilePhoto validates a profile or carousel photo and stores it in the public bucket under
// a new key for the profile. The caller saves the key on the profile (profiel_foto_url,
// carousel_foto_1..3) and shows it with the server's PublicFileURL; after replacing or removing a
// photo it calls DeleteProfilePhoto with the old key.
func StoreProfilePhoto(ctx context.Context, blobs Storage, profileID uuid.UUID, file *Upload) (string, error) {
	ft, err := PhotoUpload.Validate(file)
	if err != nil {
		return "", err
	}
	key := NewKey(profileID, ft)
	if err := blobs.Put(ctx, Profielen, key, ft.ContentType, file.Data); err != nil {
		return "", err
	}
	return key, nil
}

// DeleteProfilePhoto removes a public photo; an unknown key is not an error.
func DeleteProfilePhoto(ctx context.Context, blobs Storage, key string) error {
	if !validKey(key) {
		return nil
	}
	return blobs.Delete(ctx, Profielen, key)
}
