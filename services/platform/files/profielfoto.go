package files

// Showcase photos of a klusser (document 001: Admin handyman detail, Website Showcase): a profile
// photo and three carousel photos, public by design (D6), uploaded and removed by admins. Each
// slot is one column of the profile holding a storage key; a new photo gets a fresh key, so a
// cached old photo can never be served under the new one's address.

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net/http"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"

	"github.com/klusmaat/klusmaat/services/platform/httpapi"
	"github.com/klusmaat/klusmaat/services/platform/notfound"
	"github.com/klusmaat/klusmaat/tenants"
)

// FotoSlots maps the slots of the API to the profile's columns.
var FotoSlots = map[string]string{
	"profiel":    "profiel_foto_url",
	"carousel_1": "carousel_foto_1",
	"carousel_2": "carousel_foto_2",
	"carousel_3": "carousel_foto_3",
}

// ProfielFoto answers an upload or removal: the slot's photo address now (null: none).
type ProfielFoto struct {
	Slot    string  `json:"slot" doc:"profiel, carousel_1, carousel_2 of carousel_3"`
	URL     *string `json:"url"`
	Message string  `json:"message"`
}

// LogAttrs names the slot.
func (p ProfielFoto) LogAttrs() []slog.Attr { return []slog.Attr{slog.String("slot", p.Slot)} }

// ProfielFotoForm describes the multipart form of a showcase photo (for the API document).
type ProfielFotoForm struct {
	File string `json:"file" doc:"de foto: JPG, PNG of WebP, hoogstens 5MB"`
}

// The messages of document 001 section 8.
const (
	MsgFotoGeupload   = "Foto geüpload"
	MsgFotoVerwijderd = "Foto verwijderd"
	entityProfielFoto = "klusser_foto"
)

// ErrKlusserNotFound: no klusser with this id (or the slot is not one of the four).
var ErrKlusserNotFound = notfound.Klusser

type fotoRequest struct {
	KlusserID uuid.UUID
	Slot      string
	File      *Upload
}

func (r fotoRequest) LogAttrs() []slog.Attr {
	return []slog.Attr{slog.Any("klusser_id", r.KlusserID), slog.String("slot", r.Slot)}
}

func (s *service) UploadProfielFoto(ctx context.Context, klusserID uuid.UUID, slot string, file *Upload) (ProfielFoto, error) {
	column, ok := FotoSlots[slot]
	if !ok {
		return ProfielFoto{}, ErrKlusserNotFound
	}
	ft, err := PhotoUpload.Validate(file)
	if err != nil {
		return ProfielFoto{}, err
	}
	key := NewKey(klusserID, ft)
	old, err := PutInTx(ctx, s.blobs, Profielen, key, ft.ContentType, file.Data, func(write func() error) (*string, error) {
		return s.store.SetProfielFoto(ctx, klusserID, column, &key, write)
	})
	if err != nil {
		return ProfielFoto{}, err
	}
	s.changedShowcase()
	s.removeOld(ctx, old)
	url := PublicPrefix + key
	return ProfielFoto{Slot: slot, URL: &url, Message: MsgFotoGeupload}, nil
}

func (s *service) DeleteProfielFoto(ctx context.Context, klusserID uuid.UUID, slot string) (ProfielFoto, error) {
	column, ok := FotoSlots[slot]
	if !ok {
		return ProfielFoto{}, ErrKlusserNotFound
	}
	old, err := s.store.SetProfielFoto(ctx, klusserID, column, nil, func() error { return nil })
	if err != nil {
		return ProfielFoto{}, err
	}
	s.changedShowcase()
	s.removeOld(ctx, old)
	return ProfielFoto{Slot: slot, Message: MsgFotoVerwijderd}, nil
}

// changedShowcase tells the showcase that a photo changed, before the old file goes, so that no
// kept page names a removed file for longer than a request.
func (s *service) changedShowcase() {
	if s.showcaseChanged != nil {
		s.showcaseChanged()
	}
}

// removeOld deletes a replaced or removed photo after its row changed. No row names it any more,
// so a failure leaves an unreachable file and is only logged.
func (s *service) removeOld(ctx context.Context, key *string) {
	if key == nil {
		return
	}
	if err := s.blobs.Delete(context.WithoutCancel(ctx), Profielen, *key); err != nil {
		slog.WarnContext(ctx, "files: replaced showcase photo not removed", "key", *key, "err", err)
	}
}

// SetProfielFoto sets a klusser's photo column to key (nil: none) and returns the key it held.
// write runs after the klusser was found and locked, before the update.
func (s *pgStore) SetProfielFoto(ctx context.Context, klusserID uuid.UUID, column string, key *string, write func() error) (*string, error) {
	if _, ok := fotoColumns[column]; !ok {
		return nil, fmt.Errorf("files: unknown photo column %q", column)
	}
	var old *string
	err := s.db.Tx(ctx, func(tx pgx.Tx) error {
		// column is one of four constants (fotoColumns), never user text.
		err := tx.QueryRow(ctx, `
			SELECT p.`+column+` FROM profiles p
			WHERE p.id = $1 AND EXISTS (SELECT 1 FROM user_roles r WHERE r.user_id = p.id AND r.role = 'klusser')
			FOR UPDATE`, klusserID).Scan(&old)
		if err != nil {
			return tenants.NoRowsAs(ErrKlusserNotFound, err)
		}
		if err := write(); err != nil {
			return err
		}
		tag, err := tx.Exec(ctx, `UPDATE profiles SET `+column+` = $2 WHERE id = $1`, klusserID, key)
		if err != nil {
			return err
		}
		if tag.RowsAffected() != 1 {
			return errors.New("files: photo column not updated")
		}
		action := auditUploadOrDelete(key)
		return tenants.Audit(ctx, tx, tenants.AuditEntry{Action: action, Entity: entityProfielFoto, EntityID: klusserID.String(),
			After: map[string]any{"slot": column}})
	})
	return old, err
}

// auditUploadOrDelete names the audit action of a photo change.
func auditUploadOrDelete(key *string) string {
	if key == nil {
		return tenants.AuditDelete
	}
	return tenants.AuditUpload
}

var fotoColumns = map[string]bool{"profiel_foto_url": true, "carousel_foto_1": true, "carousel_foto_2": true, "carousel_foto_3": true}

func decodeUploadProfielFoto(_ context.Context, r *http.Request) (any, error) {
	id, form, err := ReadIDForm(r, ErrKlusserNotFound, PhotoUpload)
	if err != nil {
		return nil, err
	}
	return fotoRequest{KlusserID: id, Slot: r.PathValue("slot"), File: form.File}, nil
}

func decodeProfielFoto(_ context.Context, r *http.Request) (any, error) {
	id, err := httpapi.PathID(r, ErrKlusserNotFound)
	if err != nil {
		return nil, err
	}
	return fotoRequest{KlusserID: id, Slot: r.PathValue("slot")}, nil
}
