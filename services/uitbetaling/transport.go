package uitbetaling

import (
	"context"
	"errors"
	"net/http"

	"github.com/go-kit/kit/endpoint"
	"github.com/google/uuid"

	"github.com/klusmaat/klusmaat/services/factuur"
	"github.com/klusmaat/klusmaat/services/platform/httpapi"
)

// MaxBody bounds the JSON requests (an IBAN and a name, a business).
const MaxBody = 4 << 10

func routes(s Service) []httpapi.Route {
	return []httpapi.Route{
		// The klusser's bank account: the office (a franchise owner reads its regions', masked) and the klusser itself.
		{Method: http.MethodGet, Path: "/api/v1/klussers/{id}/bankrekening", Summary: "De bankrekening van een klusser (voor franchisenemers gemaskeerd)",
			Tag: "uitbetalingen", Resource: "klusser_bankrekening", Action: "read", Response: BankrekeningAnswer{},
			Op: "Bankrekening", Endpoint: httpapi.ByID(s.Bankrekening),
			Decode: httpapi.DecodeIDRequest(ErrKlusserNotFound, "klusser_id")},
		{Method: http.MethodPut, Path: "/api/v1/klussers/{id}/bankrekening", Summary: "De bankrekening van een klusser vastleggen: IBAN (mod 97, SEPA-land) en rekeninghouder",
			Tag: "uitbetalingen", Resource: "klusser_bankrekening", Action: "update", Request: BankrekeningRequest{}, Response: BankrekeningSaved{},
			Op: "SaveBankrekening", Endpoint: httpapi.Typed(s.SaveBankrekening), Decode: decodeBankrekening},
		httpapi.ReadRoute(httpapi.Route{Path: "/api/v1/klusser/bankrekening", Summary: "Mijn bankrekening, waarop mijn verdiensten worden uitbetaald",
			Tag: "uitbetalingen", Resource: "eigen_bankrekening", Op: "EigenBankrekening"},
			func(ctx context.Context, _ httpapi.NoInput) (BankrekeningAnswer, error) {
				return s.EigenBankrekening(ctx)
			}),
		{Method: http.MethodPut, Path: "/api/v1/klusser/bankrekening", Summary: "Mijn bankrekening vastleggen: IBAN en rekeninghouder",
			Tag: "uitbetalingen", Resource: "eigen_bankrekening", Action: "update", Request: BankrekeningRequest{}, Response: BankrekeningSaved{},
			Op: "SaveEigenBankrekening", Endpoint: httpapi.Typed(s.SaveEigenBankrekening), Decode: httpapi.DecodeBody[BankrekeningRequest](MaxBody)},

		// The statements: the office.
		httpapi.ListRoute(httpapi.Route{Path: "/api/v1/uitbetalingen", Summary: "De uitbetalingen aan klussers per maand en bedrijf, nieuwste maand eerst (D31)",
			Tag: "uitbetalingen", Resource: "uitbetalingen"}, &Spec, s.List),
		{Method: http.MethodGet, Path: "/api/v1/uitbetalingen/{id}", Summary: "Eén uitbetaling met haar regels",
			Tag: "uitbetalingen", Resource: "uitbetalingen", Action: "read", Response: DetailAnswer{},
			Op: "Get", Endpoint: httpapi.ByID(s.Get),
			Decode: decodeID},
		{Method: http.MethodPost, Path: "/api/v1/uitbetalingen/{id}/goedkeuren", Summary: "Goedkeuren: de naam en de bankrekening van de klusser worden overgenomen; daarna verandert de uitbetaling niet meer",
			Tag: "uitbetalingen", Resource: "uitbetalingen", Action: "approve", Response: Approved{},
			Op: "Approve", Endpoint: httpapi.ByID(s.Approve),
			Decode: decodeID},
		factuur.PDFRoute(httpapi.Route{Path: "/api/v1/uitbetalingen/{id}/pdf", Summary: "De uitbetaling als PDF; wordt vastgelegd in het auditlog",
			Tag: "uitbetalingen", Resource: "uitbetalingen",
			Op: "PDF", Endpoint: httpapi.ByID(s.PDF), Decode: decodeID}),

		// The klusser's own statements ('Mijn Verdiensten').
		httpapi.ListRoute(httpapi.Route{Path: "/api/v1/klusser/uitbetalingen", Summary: "Mijn uitbetalingen, nieuwste eerst",
			Tag: "uitbetalingen", Resource: "eigen_uitbetalingen", Op: "EigenList"}, &EigenSpec, s.EigenList),
		factuur.PDFRoute(httpapi.Route{Path: "/api/v1/klusser/uitbetalingen/{id}/pdf", Summary: "Eén van mijn uitbetalingen als PDF",
			Tag: "uitbetalingen", Resource: "eigen_uitbetalingen",
			Op: "EigenPDF", Endpoint: httpapi.ByID(s.EigenPDF), Decode: decodeID}),

		// The SEPA batches.
		httpapi.ListRoute(httpapi.Route{Path: "/api/v1/betaalbatches", Summary: "De betaalbatches (SEPA), nieuwste eerst",
			Tag: "uitbetalingen", Resource: "betaalbatches", Op: "Batches"}, &BatchSpec, s.Batches),
		{Method: http.MethodPost, Path: "/api/v1/betaalbatches", Summary: "Een betaalbatch maken van alle goedgekeurde uitbetalingen van één bedrijf met een IBAN",
			Tag: "uitbetalingen", Resource: "betaalbatches", Action: "create", Request: BatchRequest{}, Response: BatchCreated{},
			Op: "CreateBatch", Endpoint: fileRefusedAs500(httpapi.Typed(s.CreateBatch)), Decode: httpapi.DecodeBody[BatchRequest](MaxBody),
			Status: http.StatusCreated},
		{Method: http.MethodGet, Path: "/api/v1/betaalbatches/{id}/pain.xml", Summary: "Betaalbestand downloaden (pain.001.001.03, gecontroleerd tegen het schema); wordt vastgelegd in het auditlog",
			Tag: "uitbetalingen", Resource: "betaalbatches", Action: "download", ResponseType: "application/xml",
			Op: "PainXML", Endpoint: fileRefusedAs500(httpapi.ByID(s.PainXML)),
			Decode: decodeBatchID, Encode: httpapi.Encoder(encodeXML)},
		{Method: http.MethodPost, Path: "/api/v1/betaalbatches/{id}/uitgevoerd", Summary: "Uitgevoerd door de bank: de batch en precies haar uitbetalingen zijn betaald",
			Tag: "uitbetalingen", Resource: "betaalbatches", Action: "confirm", Response: BatchConfirmed{},
			Op: "ConfirmBatch", Endpoint: httpapi.ByID(s.ConfirmBatch),
			Decode: decodeBatchID},
	}
}

var (
	decodeID      = httpapi.DecodeIDRequest(ErrNotFound, "uitbetaling_id")
	decodeBatchID = httpapi.DecodeIDRequest(ErrBatchNotFound, "batch_id")
)

var decodeBankrekening = httpapi.DecodeIDBody(ErrKlusserNotFound, MaxBody, func(r *BankrekeningRequest, id uuid.UUID) any { r.KlusserID = id; return r })

// fileRefusedAs500 answers a payment file that was refused before it left as the server's fault
// (500, logged by the kit with its reason), with a Dutch message for the office instead of the
// generic one.
func fileRefusedAs500(next endpoint.Endpoint) endpoint.Endpoint {
	return func(ctx context.Context, request any) (any, error) {
		resp, err := next(ctx, request)
		var refused *FileRefused
		if errors.As(err, &refused) {
			return nil, &httpapi.Error{Status: http.StatusInternalServerError, Code: "payment_file_refused", Message: MsgFileRefused, Err: refused}
		}
		return resp, err
	}
}

// encodeXML sends the payment file as a download.
func encodeXML(_ context.Context, w http.ResponseWriter, f *XMLFile) error {
	return httpapi.WriteAttachment(w, "application/xml", f.Name, f.Data)
}
