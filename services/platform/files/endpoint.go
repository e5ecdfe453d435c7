package files

import (
	"context"
	"log/slog"

	"github.com/go-kit/kit/endpoint"
	"github.com/google/uuid"

	"github.com/klusmaat/klusmaat/services/platform/httpapi"
)

// The endpoints adapt the service's methods to the requests the transport decodes.

func makeUploadWorkOrderPhotoEndpoint(s Service) endpoint.Endpoint {
	return httpapi.Typed(func(ctx context.Context, r uploadPhotoRequest) (Photo, error) {
		return s.UploadWorkOrderPhoto(ctx, r.WorkOrderID, r.Type, r.ClientID, r.File)
	})
}

func makeDownloadWorkOrderPhotoEndpoint(s Service) endpoint.Endpoint {
	return httpapi.ByID(s.DownloadWorkOrderPhoto)
}

func makeUploadDocumentEndpoint(s Service) endpoint.Endpoint {
	return httpapi.Typed(func(ctx context.Context, r uploadDocumentRequest) (Document, error) {
		return s.UploadDocument(ctx, r.AanmeldingID, r.NewDocument)
	})
}

func makeDownloadDocumentEndpoint(s Service) endpoint.Endpoint {
	return httpapi.ByID(s.DownloadDocument)
}

func makeDeleteDocumentEndpoint(s Service) endpoint.Endpoint {
	return httpapi.Typed(func(ctx context.Context, r httpapi.IDRequest) (DeleteResponse, error) {
		return DeleteResponse{ID: r.ID}, s.DeleteDocument(ctx, r.ID)
	})
}

// The requests and answers say what a log line may keep: ids, types and sizes, never file
// names or contents.

type uploadPhotoRequest struct {
	WorkOrderID uuid.UUID
	Type        string
	ClientID    *uuid.UUID
	File        *Upload
}

func (r uploadPhotoRequest) LogAttrs() []slog.Attr {
	return []slog.Attr{slog.Any("work_order_id", r.WorkOrderID), slog.String("type", r.Type), slog.Int("bytes", r.File.size())}
}

type uploadDocumentRequest struct {
	AanmeldingID uuid.UUID
	NewDocument
}

func (r uploadDocumentRequest) LogAttrs() []slog.Attr {
	return []slog.Attr{slog.Any("aanmelding_id", r.AanmeldingID), slog.String("document_type", r.DocumentType),
		slog.Int("bytes", r.File.size())}
}

// LogAttrs names the stored photo.
func (p Photo) LogAttrs() []slog.Attr { return []slog.Attr{slog.Any("photo_id", p.ID)} }

// LogAttrs names the stored document.
func (d Document) LogAttrs() []slog.Attr { return []slog.Attr{slog.Any("document_id", d.ID)} }

// DeleteResponse is the answer of DELETE /api/v1/documenten/{id}.
type DeleteResponse struct {
	ID uuid.UUID `json:"id" doc:"Het verwijderde document"`
}

func (u *Upload) size() int {
	if u == nil {
		return 0
	}
	return len(u.Data)
}
