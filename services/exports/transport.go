package exports

import (
	"context"
	"io"
	"mime"
	"net/http"
	"strconv"

	"github.com/klusmaat/klusmaat/services/platform/httpapi"
)

// routes is the service's route table. Exports belong to the reports page (admins, D6: the
// resource rapportages/export); row-level security keeps each export to its requester.
func routes(s Service) []httpapi.Route {
	return []httpapi.Route{
		{Method: http.MethodPost, Path: "/api/v1/exports", Summary: "Vraag een export aan; het antwoord komt direct, het bestand volgt",
			Tag: "exports", Resource: "rapportages", Action: "export", Request: Request{}, Response: Export{},
			Op: "Request", Endpoint: httpapi.Typed(s.Request), Decode: decodeRequest, Status: http.StatusAccepted},
		{Method: http.MethodGet, Path: "/api/v1/exports/{id}", Summary: "Voortgang van een export",
			Tag: "exports", Resource: "rapportages", Action: "export", Response: Export{},
			Op: "Get", Endpoint: makeGetEndpoint(s), Decode: decodeID},
		{Method: http.MethodGet, Path: "/api/v1/exports/{id}/download", Summary: "Download een klare export (CSV)",
			Tag: "exports", Resource: "rapportages", Action: "export", ResponseType: "text/csv",
			Op: "Download", Endpoint: makeDownloadEndpoint(s), Decode: decodeID, Encode: httpapi.Encoder(encodeFile)},
	}
}

func decodeRequest(_ context.Context, r *http.Request) (any, error) {
	var req Request
	if err := httpapi.DecodeJSON(nil, r, &req, 0); err != nil {
		return nil, err
	}
	return req, nil
}

var decodeID = httpapi.DecodeIDRequest(ErrNotFound, "export_id")

func encodeFile(_ context.Context, w http.ResponseWriter, f File) error {
	w.Header().Set("Content-Type", "text/csv; charset=utf-8")
	w.Header().Set("Content-Disposition", mime.FormatMediaType("attachment", map[string]string{"filename": f.Name}))
	w.Header().Set("Cache-Control", "private, no-store")
	if f.Size >= 0 {
		w.Header().Set("Content-Length", strconv.FormatInt(f.Size, 10))
	}
	defer f.Body.Close()
	_, err := io.Copy(w, f.Body)
	return err
}
