package betaling

import (
	"context"
	"io"
	"mime"
	"net/http"
	"strings"

	"github.com/google/uuid"
	"github.com/klusmaat/klusmaat/services/exports"
	"github.com/klusmaat/klusmaat/services/platform/httpapi"
	"github.com/klusmaat/klusmaat/services/platform/sepa/camt"
	"github.com/klusmaat/klusmaat/tenants/domainerr"
)

// MaxBody bounds the JSON requests (a note, a split over 20 invoices).
const MaxBody = 16 << 10

func routes(s Service, im *Importer) []httpapi.Route {
	return []httpapi.Route{
		{Method: http.MethodGet, Path: "/api/v1/facturen/{id}/opvolging", Summary: "Hoe een factuur wordt opgevolgd: staat, betaald en open, betalingen en tijdlijn (D30)",
			Tag: "betalingen", Resource: "facturen", Action: "read", Response: OpvolgingAnswer{},
			Op: "Opvolging", Endpoint: httpapi.ByID(s.Opvolging), Decode: decodeFactuurID},
		{Method: http.MethodPost, Path: "/api/v1/facturen/{id}/betalingen", Summary: "Een betaling met de hand boeken: datum, bedrag, methode, notitie; nooit meer dan wat openstaat",
			Tag: "betalingen", Resource: "betalingen", Action: "create", Request: BookRequest{}, Response: Booked{},
			Op: "Book", Endpoint: httpapi.Typed(s.Book), Decode: decodeBook, Status: http.StatusCreated},
		{Method: http.MethodPost, Path: "/api/v1/betalingen/{id}/terugboeken", Summary: "Een verkeerde boeking ongedaan maken met een terugboeking en de reden",
			Tag: "betalingen", Resource: "betalingen", Action: "reverse", Request: ReverseRequest{}, Response: Booked{},
			Op: "Reverse", Endpoint: httpapi.Typed(s.Reverse), Decode: decodeReverse, Status: http.StatusCreated},
		{Method: http.MethodPost, Path: "/api/v1/facturen/{id}/bespreking", Summary: "De factuur in bespreking zetten (geen herinneringen meer) of weer gewoon opvolgen",
			Tag: "betalingen", Resource: "facturen_opvolging", Action: "update", Request: DisputeRequest{}, Response: Booked{},
			Op: "Dispute", Endpoint: httpapi.Typed(s.Dispute), Decode: decodeDispute},
		{Method: http.MethodPost, Path: "/api/v1/facturen/{id}/uit-handen", Summary: "Vastleggen dat het kantoor de factuur uit handen heeft gegeven",
			Tag: "betalingen", Resource: "facturen_opvolging", Action: "update", Response: Booked{},
			Op: "HandOver", Endpoint: httpapi.ByID(s.HandOver), Decode: decodeFactuurID},
		httpapi.ReadRoute(httpapi.Route{Path: "/api/v1/facturen/openstaand", Summary: "Wat openstaat per regio en ouderdom (niet vervallen, 1-30, 31-60, meer dan 60 dagen na de vervaldatum)",
			Tag: "betalingen", Resource: "facturen", Op: "Open"},
			func(ctx context.Context, _ httpapi.NoInput) (OpenAnswer, error) { return s.Open(ctx) }),
		{Method: http.MethodGet, Path: "/api/v1/facturen/debiteuren.csv", Summary: "De debiteurenlijst van één bedrijf als CSV: elke factuur met geld open, oudste eerst",
			Tag: "betalingen", Resource: "facturen", Action: "export", ResponseType: "text/csv",
			Query: []httpapi.Param{{Name: "uitgever", Description: "centraal of de slug van de regio met een eigen bedrijf"}},
			Op:    "Debtors", Endpoint: httpapi.Typed(s.Debtors), Decode: decodeDebtors, Encode: httpapi.Encoder(exports.EncodeCSV)},
		httpapi.ListRoute(httpapi.Route{Path: "/api/v1/bankafschriften", Summary: "De ingelezen bankafschriften, nieuwste eerst",
			Tag: "betalingen", Resource: "bankafschriften", Op: "Afschriften"}, &AfschriftenSpec, im.Afschriften),
		{Method: http.MethodPost, Path: "/api/v1/bankafschriften", Summary: "Een bankafschrift (CAMT.053, versie 02 tot en met 08) inlezen: eerst tegen het schema gecontroleerd, dan geboekt of voorgesteld",
			Tag: "betalingen", Resource: "bankafschriften", Action: "create", RequestType: "application/xml", MaxBody: camt.MaxSize, Response: Imported{},
			Query: []httpapi.Param{{Name: "uitgever", Description: "centraal of de slug van de regio met een eigen bedrijf"}, {Name: "bestandsnaam"}},
			Op:    "Import", Endpoint: httpapi.Typed(im.Import), Decode: decodeImport, Status: http.StatusCreated},
		{Method: http.MethodGet, Path: "/api/v1/bankafschriften/{id}", Summary: "Eén ingelezen bankafschrift met zijn posten en voorstellen",
			Tag: "betalingen", Resource: "bankafschriften", Action: "read", Response: AfschriftAnswer{},
			Op: "Afschrift", Endpoint: httpapi.ByID(im.Afschrift),
			Decode: httpapi.DecodeIDRequest(ErrAfschriftNotFound, "afschrift_id")},
		{Method: http.MethodPost, Path: "/api/v1/bankposten/{id}/bevestigen", Summary: "Een voorgestelde bijschrijving boeken op één factuur of verdeeld over meer",
			Tag: "betalingen", Resource: "bankafschriften", Action: "update", Request: ConfirmRequest{}, Response: PostAnswer{},
			Op: "Confirm", Endpoint: httpapi.Typed(im.Confirm), Decode: decodeConfirm},
		{Method: http.MethodPost, Path: "/api/v1/bankposten/{id}/negeren", Summary: "Een voorgestelde bijschrijving negeren (geen betaling van een factuur)",
			Tag: "betalingen", Resource: "bankafschriften", Action: "update", Response: PostAnswer{},
			Op: "Ignore", Endpoint: httpapi.ByID(im.Ignore),
			Decode: httpapi.DecodeIDRequest(ErrPostNotFound, "post_id")},
	}
}

// decodeFactuurID reads the invoice of a route that takes nothing else.
var decodeFactuurID = httpapi.DecodeIDRequest(ErrFactuurNotFound, "factuur_id")

var decodeBook = httpapi.DecodeIDBody(ErrFactuurNotFound, MaxBody, func(r *BookRequest, id uuid.UUID) any { r.FactuurID = id; return r })

var decodeReverse = httpapi.DecodeIDBody(ErrBetalingNotFound, MaxBody, func(r *ReverseRequest, id uuid.UUID) any { r.ID = id; return r })

var decodeDispute = httpapi.DecodeIDBody(ErrFactuurNotFound, MaxBody, func(r *DisputeRequest, id uuid.UUID) any { r.FactuurID = id; return r })

var decodeConfirm = httpapi.DecodeIDBody(ErrPostNotFound, MaxBody, func(r *ConfirmRequest, id uuid.UUID) any { r.ID = id; return r })

// ErrTooLarge: a statement above camt.MaxSize is refused before it is read whole.
var ErrTooLarge = domainerr.TooLarge("statement_too_large",
	"Het bestand is te groot (meer dan 20 MB). Lees een afschrift per dag of per week in.", map[string]string{"bestand": "Het bestand is te groot (meer dan 20 MB)."})

// ErrNotXML: the body is not an XML file.
var ErrNotXML = domainerr.Unsupported("statement_not_xml", "Kies een bankafschrift in CAMT.053-formaat (een XML-bestand).",
	map[string]string{"bestand": "Kies een bankafschrift in CAMT.053-formaat (een XML-bestand)."})

// decodeImport reads the statement from the body (the file as it is, application/xml) with the
// business and the file's name in the query; it reads at most camt.MaxSize + 1 bytes.
func decodeImport(_ context.Context, r *http.Request) (any, error) {
	if err := httpapi.AllowQuery(r, "uitgever", "bestandsnaam"); err != nil {
		return nil, err
	}
	mt, _, _ := mime.ParseMediaType(r.Header.Get("Content-Type"))
	if mt != "application/xml" && mt != "text/xml" {
		return nil, ErrNotXML
	}
	data, err := io.ReadAll(io.LimitReader(r.Body, camt.MaxSize+1))
	if err != nil {
		return nil, err
	}
	if len(data) > camt.MaxSize {
		return nil, ErrTooLarge
	}
	q := r.URL.Query()
	return ImportRequest{Uitgever: strings.TrimSpace(q.Get("uitgever")), Bestandsnaam: q.Get("bestandsnaam"), Data: data}, nil
}

func decodeDebtors(_ context.Context, r *http.Request) (any, error) {
	if err := httpapi.AllowQuery(r, "uitgever"); err != nil {
		return nil, err
	}
	u := strings.TrimSpace(r.URL.Query().Get("uitgever"))
	if u == "" {
		return nil, domainerr.InvalidField("uitgever_required", "Kies het bedrijf van wie u de debiteurenlijst wilt.", "uitgever")
	}
	return DebtorsRequest{Uitgever: u}, nil
}
