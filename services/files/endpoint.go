package files

import (
	"context"

	"github.com/go-kit/kit/endpoint"
	"github.com/google/uuid"
)

// Endpoints collects the files service's go-kit endpoints.
type Endpoints struct {
	UploadWorkOrderPhoto   endpoint.Endpoint
	DownloadWorkOrderPhoto endpoint.Endpoint
	UploadDocument         endpoint.Endpoint
	DownloadDocument       endpoint.Endpoint
	DeleteDocument         endpoint.Endpoint
}

// MakeEndpoints adapts the service to endpoints; nothing else happens here.
func MakeEndpoints(s Service) Endpoints {
	return Endpoints{
		UploadWorkOrderPhoto: func(ctx context.Context, request any) (any, error) {
			req := request.(uploadPhotoRequest)
			return s.UploadWorkOrderPhoto(ctx, req.WorkOrderID, req.Type, req.File)
		},
		DownloadWorkOrderPhoto: func(ctx context.Context, request any) (any, error) {
			return s.DownloadWorkOrderPhoto(ctx, request.(idRequest).ID)
		},
		UploadDocument: func(ctx context.Context, request any) (any, error) {
			req := request.(uploadDocumentRequest)
			return s.UploadDocument(ctx, req.AanmeldingID, req.NewDocument)
		},
		DownloadDocument: func(ctx context.Context, request any) (any, error) {
			return s.DownloadDocument(ctx, request.(idRequest).ID)
		},
		DeleteDocument: func(ctx context.Context, request any) (any, error) {
			id := request.(idRequest).ID
			if err := s.DeleteDocument(ctx, id); err != nil {
				return nil, err
			}
			return DeleteResponse{ID: id}, nil
		},
	}
}

type uploadPhotoRequest struct {
	WorkOrderID uuid.UUID
	Type        string
	File        *Upload
}

type uploadDocumentRequest struct {
	AanmeldingID uuid.UUID
	NewDocument
}

type idRequest struct{ ID uuid.UUID }

// DeleteResponse is the answer of DELETE /api/v1/documenten/{id}.
type DeleteResponse struct {
	ID uuid.UUID `json:"id" doc:"Het verwijderde document"`
}
