package factuur

import (
	"context"
	"net/http"

	"github.com/klusmaat/klusmaat/services/platform/httpapi"
)

// MaxBody is the largest payment request (a method and a note).
const MaxBody = 8 << 10

// routes is the invoice's route table.
func routes(s Service) []httpapi.Route {
	return []httpapi.Route{
		{Method: http.MethodGet, Path: "/api/v1/klusser/facturen/{id}", Summary: "Een eigen factuur met de kostenopbouw",
			Tag: "factuur", Resource: "eigen_facturen", Action: "read", Response: Factuur{},
			Op: "Get", Endpoint: makeGetEndpoint(s), Decode: decodeID},
		{Method: http.MethodPost, Path: "/api/v1/klusser/facturen/{id}/betaling",
			Summary: "Betaling registreren: contant, pin of niet_betaald (met notitie); dezelfde betaling nog eens: geen wijziging",
			Tag:     "factuur", Resource: "eigen_facturen", Action: "pay", Request: Betaling{}, Response: Factuur{},
			Op: "Pay", Endpoint: httpapi.WithBody(s.Pay), Decode: decodePay},
		PDFRoute(httpapi.Route{Path: "/api/v1/facturen/{id}/pdf",
			Summary: "De factuur als PDF (eigen factuur; beheerders alle); wordt vastgelegd in het auditlog",
			Tag:     "factuur", Resource: "factuur_pdf",
			Op: "PDF", Endpoint: makePDFEndpoint(s), Decode: decodeID}),
	}
}

var decodeID = httpapi.DecodeIDRequest(ErrNotFound, "factuur_id")

var decodePay = httpapi.DecodeIDBodyOf[Betaling](ErrNotFound, "factuur_id", MaxBody)

// EncodePDF sends a PDFFile as a download, never cached, never sniffed: the invoice here and on
// the status page, and the klusser's statement (uitbetaling), the dunning letter (aanmaning) and
// the quote (offerte), which answer a PDFFile too.
var EncodePDF = httpapi.Encoder(func(_ context.Context, w http.ResponseWriter, f *PDFFile) error {
	return httpapi.WriteAttachment(w, "application/pdf", f.Name, f.Data)
})

// PDFRoute completes rt as the route of one of those downloads: a GET that reads (its Action
// unless rt names another), declared as application/pdf in the document, whose endpoint's
// PDFFile EncodePDF sends. rt gives the path, summary, tag, resource, operation, endpoint and
// decoder.
func PDFRoute(rt httpapi.Route) httpapi.Route {
	rt.Method, rt.ResponseType, rt.Encode = http.MethodGet, "application/pdf", EncodePDF
	if rt.Action == "" {
		rt.Action = "read"
	}
	return rt
}
