package exports

import (
	"context"
	"errors"
	"mime"
	"net/http"

	kithttp "github.com/go-kit/kit/transport/http"
	"github.com/google/uuid"

	"github.com/klusmaat/klusmaat/services/httpapi"
	"github.com/klusmaat/klusmaat/services/validate"
)

// Routes returns the service's HTTP routes. Exports belong to the reports page (admins, D6: the
// resource rapportages/export); row-level security keeps each export to its requester.
func Routes(e Endpoints) []httpapi.Route {
	opts := []kithttp.ServerOption{kithttp.ServerErrorEncoder(encodeError)}
	return []httpapi.Route{
		{Method: http.MethodPost, Path: "/api/v1/exports", Summary: "Vraag een export aan; het antwoord komt direct, het bestand volgt",
			Tag: "exports", Resource: "rapportages", Action: "export", Request: Request{}, Response: Export{},
			Handler: kithttp.NewServer(e.Request, decodeRequest, httpapi.EncodeWithStatus(http.StatusAccepted), opts...)},
		{Method: http.MethodGet, Path: "/api/v1/exports/{id}", Summary: "Voortgang van een export",
			Tag: "exports", Resource: "rapportages", Action: "export", Response: Export{},
			Handler: kithttp.NewServer(e.Get, decodeID, httpapi.EncodeJSON, opts...)},
		{Method: http.MethodGet, Path: "/api/v1/exports/{id}/download", Summary: "Download een klare export (CSV)",
			Tag: "exports", Resource: "rapportages", Action: "export", ResponseType: "text/csv",
			Handler: kithttp.NewServer(e.Download, decodeID, encodeFile, opts...)},
	}
}

func decodeRequest(_ context.Context, r *http.Request) (any, error) {
	var req Request
	if err := httpapi.DecodeJSON(nil, r, &req, 0); err != nil {
		return nil, err
	}
	return req, nil
}

func decodeID(_ context.Context, r *http.Request) (any, error) {
	if err := httpapi.AllowQuery(r); err != nil {
		return nil, err
	}
	id, err := uuid.Parse(r.PathValue("id"))
	if err != nil {
		return nil, ErrNotFound
	}
	return idRequest{ID: id}, nil
}

func encodeFile(_ context.Context, w http.ResponseWriter, resp any) error {
	f := resp.(File)
	w.Header().Set("Content-Type", "text/csv; charset=utf-8")
	w.Header().Set("Content-Disposition", mime.FormatMediaType("attachment", map[string]string{"filename": f.Name}))
	w.Header().Set("Cache-Control", "private, no-store")
	_, err := w.Write(f.Data)
	return err
}

func encodeError(ctx context.Context, err error, w http.ResponseWriter) {
	var fields validate.Errors
	switch {
	case errors.As(err, &fields):
		err = httpapi.BadRequest("invalid_export", "Controleer de gekozen periode en regio.", fields)
	case errors.Is(err, ErrNotFound):
		err = httpapi.NotFound("export_not_found", "Deze export bestaat niet.")
	case errors.Is(err, ErrNotFinished):
		err = &httpapi.Error{Status: http.StatusConflict, Code: "export_not_finished", Message: "Deze export is nog niet klaar."}
	}
	httpapi.EncodeError(ctx, err, w)
}
