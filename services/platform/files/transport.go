package files

import (
	"context"
	"io"
	"log/slog"
	"mime"
	"net/http"
	"strconv"

	"github.com/google/uuid"

	"github.com/klusmaat/klusmaat/services/platform/httpapi"
	"github.com/klusmaat/klusmaat/tenants/domainerr"
)

// routes is the service's route table. Uploads are multipart/form-data (fields in the
// summaries), downloads answer with the file itself.
func routes(s Service) []httpapi.Route {
	limit := func(k Kind) func(http.Handler) http.Handler {
		return func(h http.Handler) http.Handler { return LimitUpload(k, h) }
	}
	download := httpapi.Encoder(EncodeDownload)
	return []httpapi.Route{
		{
			Method:      http.MethodPost,
			Path:        "/api/v1/werkbonnen/{id}/fotos",
			Summary:     "Foto voor of na de klus toevoegen aan de eigen werkbon (multipart: type = before|after, file; JPG, PNG of WebP, max 5MB)",
			Tag:         "files",
			Resource:    "eigen_werkbonnen",
			Action:      "update",
			Response:    Photo{},
			RequestType: "multipart/form-data",
			Request:     PhotoForm{},
			Op:          "UploadWorkOrderPhoto", Endpoint: makeUploadWorkOrderPhotoEndpoint(s), Decode: decodeUploadPhoto,
			Guard: limit(PhotoUpload),
		},
		{
			Method:       http.MethodGet,
			Path:         "/api/v1/werkbon-fotos/{id}",
			Summary:      "Werkbonfoto downloaden (eigen werkbon; beheerders alle); wordt vastgelegd in het auditlog",
			Tag:          "files",
			Resource:     "werkbon_fotos",
			Action:       "read",
			ResponseType: "application/octet-stream",
			Op:           "DownloadWorkOrderPhoto", Endpoint: makeDownloadWorkOrderPhotoEndpoint(s), Decode: httpapi.DecodeIDRequest(ErrPhotoNotFound, "id"), Encode: download,
		},
		{
			Method:      http.MethodPost,
			Path:        "/api/v1/aanmeldingen/{id}/documenten",
			Summary:     "Document uploaden bij een aanmelding (multipart: document_type, notes, file; PDF, JPG, PNG, DOC of DOCX, max 10MB)",
			Tag:         "files",
			Resource:    "aanmelding_documenten",
			Action:      "create",
			Response:    Document{},
			RequestType: "multipart/form-data",
			Request:     DocumentForm{},
			Op:          "UploadDocument", Endpoint: makeUploadDocumentEndpoint(s), Decode: decodeUploadDocument,
			Guard: limit(DocumentUpload),
		},
		{
			Method:       http.MethodGet,
			Path:         "/api/v1/documenten/{id}",
			Summary:      "Document downloaden (beheerders; of de klusser van wie het document is); wordt vastgelegd in het auditlog",
			Tag:          "files",
			Resource:     "klusser_documenten",
			Action:       "read",
			ResponseType: "application/octet-stream",
			Op:           "DownloadDocument", Endpoint: makeDownloadDocumentEndpoint(s), Decode: httpapi.DecodeIDRequest(ErrDocumentNotFound, "id"), Encode: download,
		},
		{
			Method:   http.MethodDelete,
			Path:     "/api/v1/documenten/{id}",
			Summary:  "Document en bestand verwijderen",
			Tag:      "files",
			Resource: "aanmelding_documenten",
			Action:   "delete",
			Response: DeleteResponse{},
			Op:       "DeleteDocument", Endpoint: makeDeleteDocumentEndpoint(s), Decode: httpapi.DecodeIDRequest(ErrDocumentNotFound, "id"),
		},
		{
			Method:      http.MethodPost,
			Path:        "/api/v1/klussers/{id}/fotos/{slot}",
			Summary:     "Showcasefoto van een klusser plaatsen (slot profiel, carousel_1, carousel_2 of carousel_3; multipart: file; JPG, PNG of WebP, max 5MB); de vorige wordt verwijderd",
			Tag:         "files",
			Resource:    "klusser_fotos",
			Action:      "create",
			Response:    ProfielFoto{},
			RequestType: "multipart/form-data",
			Request:     ProfielFotoForm{},
			Op:          "UploadProfielFoto", Endpoint: func(ctx context.Context, req any) (any, error) {
				r := req.(fotoRequest)
				return s.UploadProfielFoto(ctx, r.KlusserID, r.Slot, r.File)
			}, Decode: decodeUploadProfielFoto,
			Guard: limit(PhotoUpload),
		},
		{
			Method:   http.MethodDelete,
			Path:     "/api/v1/klussers/{id}/fotos/{slot}",
			Summary:  "Showcasefoto van een klusser verwijderen",
			Tag:      "files",
			Resource: "klusser_fotos",
			Action:   "delete",
			Response: ProfielFoto{},
			Op:       "DeleteProfielFoto", Endpoint: func(ctx context.Context, req any) (any, error) {
				r := req.(fotoRequest)
				return s.DeleteProfielFoto(ctx, r.KlusserID, r.Slot)
			}, Decode: decodeProfielFoto,
		},
	}
}

func decodeUploadPhoto(_ context.Context, r *http.Request) (any, error) {
	id, form, err := ReadIDForm(r, ErrWorkOrderNotFound, PhotoUpload, "type", "client_id")
	if err != nil {
		return nil, err
	}
	req := uploadPhotoRequest{WorkOrderID: id, Type: form.Values["type"], File: form.File}
	if c := form.Values["client_id"]; c != "" {
		clientID, err := uuid.Parse(c)
		if err != nil {
			msg := "Ongeldige client_id."
			return nil, domainerr.Invalid("invalid_client_id", msg, map[string]string{"client_id": msg})
		}
		req.ClientID = &clientID
	}
	return req, nil
}

func decodeUploadDocument(_ context.Context, r *http.Request) (any, error) {
	id, form, err := ReadIDForm(r, ErrAanmeldingNotFound, DocumentUpload, "document_type", "notes")
	if err != nil {
		return nil, err
	}
	return uploadDocumentRequest{AanmeldingID: id, NewDocument: NewDocument{
		DocumentType: form.Values["document_type"], Notes: form.Values["notes"], File: form.File}}, nil
}

// EncodeDownload streams a private file: never cached, never sniffed, documents as attachments.
func EncodeDownload(ctx context.Context, w http.ResponseWriter, d *Download) error {
	defer d.Body.Close()
	h := w.Header()
	h.Set("Content-Type", d.ContentType)
	if d.Size >= 0 {
		h.Set("Content-Length", strconv.FormatInt(d.Size, 10))
	}
	h.Set("Cache-Control", PrivateCacheControl)
	h.Set("X-Content-Type-Options", "nosniff")
	h.Set("Content-Security-Policy", "default-src 'none'; sandbox")
	disposition := "inline"
	if d.Attachment {
		disposition = "attachment"
	}
	if v := mime.FormatMediaType(disposition, map[string]string{"filename": d.FileName}); v != "" {
		h.Set("Content-Disposition", v)
	} else {
		h.Set("Content-Disposition", disposition)
	}
	w.WriteHeader(http.StatusOK)
	if _, err := io.Copy(w, d.Body); err != nil {
		// The status is sent; all that is left is to say so in the log.
		slog.WarnContext(ctx, "files: download interrupted", "err", err)
	}
	return nil
}

// PhotoForm describes the multipart form of a job-photo upload (for the API document).
type PhotoForm struct {
	Type     string `json:"type" doc:"before of after"`
	ClientID string `json:"client_id,omitempty" doc:"optioneel: id van de telefoon (D23); dezelfde id nog eens geeft dezelfde foto terug"`
	File     string `json:"file" doc:"de foto: JPG, PNG of WebP, hoogstens 5MB"`
}

// DocumentForm describes the multipart form of a document upload (for the API document).
type DocumentForm struct {
	DocumentType string `json:"document_type" doc:"vog, id_bewijs, contract, certificaat of overig"`
	Notes        string `json:"notes,omitempty"`
	File         string `json:"file" doc:"PDF, JPG, PNG, DOC of DOCX, hoogstens 10MB"`
}
