package factuur

import (
	"net/http"

	"github.com/google/uuid"
	"github.com/klusmaat/klusmaat/services/exports"
	"github.com/klusmaat/klusmaat/services/platform/httpapi"
	"github.com/klusmaat/klusmaat/tenants/list"
)

var (
	filterMethode = list.Filter{Name: "betaal_methode", Description: "contant, pin, bank, niet_betaald of open (nog niets geregistreerd)",
		Values: []string{"contant", "pin", "bank", "niet_betaald", "open"}}
	filterBetaald = list.Filter{Name: "betaald", Description: "ja: betaald; nee: openstaand (opvolgen)", Values: []string{"ja", "nee"}}
	filterRegio   = list.Filter{Name: "regio", Description: "facturen van deze regio"}
	filterStaat   = list.Filter{Name: "staat", Description: "de staat van de factuur (D30)",
		Values: []string{"open", "deels_betaald", "betaald", "gecrediteerd", "in_bespreking", "uit_handen", "creditfactuur"}}
	filterOuderdom = list.Filter{Name: "ouderdom", Description: "openstaand naar dagen na de vervaldatum",
		Values: Ages}
)

// Spec is the list (D25): newest first.
var Spec = list.Spec{
	Sorts: []string{"datum", "factuurnummer", "totaal_bedrag_cents"}, DefaultSort: "datum", DefaultOrder: list.Desc,
	Tiebreak: []string{"factuurnummer"}, Filters: []list.Filter{filterMethode, filterBetaald, filterRegio, filterStaat, filterOuderdom},
	Search: "factuurnummer, klant, e-mailadres of omschrijving (een deel)",
}

// TotalsSpec takes the list's filters (its sort and page are ignored).
var TotalsSpec = list.Spec{Sorts: []string{"datum"}, DefaultSort: "datum", DefaultOrder: list.Desc,
	Filters: Spec.Filters, Search: Spec.Search}

func beheerRoutes(s BeheerService) []httpapi.Route {
	return []httpapi.Route{
		httpapi.ListRoute(httpapi.Route{Path: "/api/v1/facturen", Summary: "Facturen: één pagina, nieuwste eerst, met zoeken en filters op betaling en regio",
			Tag: "facturen", Resource: "facturen"}, &Spec, s.List),
		httpapi.ReadRoute(httpapi.Route{Path: "/api/v1/facturen/totalen", Summary: "Aantal, omzet en btw van de gefilterde facturen (de kaarten)",
			Tag: "facturen", Resource: "facturen",
			Query: []httpapi.Param{{Name: "betaal_methode"}, {Name: "betaald"}, {Name: "regio"}, {Name: "staat"}, {Name: "ouderdom"}, {Name: "q"}},
			Op:    "Totals", Decode: decodeTotals}, s.Counts),
		{Method: http.MethodGet, Path: "/api/v1/facturen/export.csv", Summary: "De gefilterde facturen als CSV (komma, velden tussen aanhalingstekens)",
			Tag: "facturen", Resource: "facturen", Action: "export", ResponseType: "text/csv",
			Query: []httpapi.Param{{Name: "betaal_methode"}, {Name: "betaald"}, {Name: "regio"}, {Name: "staat"}, {Name: "ouderdom"}, {Name: "q"}},
			Op:    "Export", Endpoint: httpapi.Typed(s.Export), Decode: decodeTotals, Encode: httpapi.Encoder(exports.EncodeCSV)},
		{Method: http.MethodGet, Path: "/api/v1/facturen/{id}", Summary: "Eén factuur met haar wettelijke inhoud (D28) en haar betaling van nu, voor de afdrukpagina",
			Tag: "facturen", Resource: "facturen", Action: "read", Response: Factuur{},
			Op: "Get", Endpoint: httpapi.ByID(s.Get), Decode: httpapi.DecodeIDRequest(ErrNotFoundToSend, "factuur_id")},
		{Method: http.MethodPost, Path: "/api/v1/facturen/{id}/verzenden", Summary: "De factuur opnieuw per e-mail naar de klant, met de PDF als bijlage",
			Tag: "facturen", Resource: "facturen", Action: "send", Response: Sent{},
			Op: "Send", Endpoint: httpapi.Typed(s.Send), Decode: httpapi.DecodePathID(ErrNotFoundToSend)},
		{Method: http.MethodPost, Path: "/api/v1/facturen/{id}/crediteren", Summary: "Een creditfactuur voor de hele factuur, met reden (D28); het origineel blijft zoals het is",
			Tag: "facturen", Resource: "facturen", Action: "credit", Request: CreditRequest{}, Response: Credited{},
			Op: "Credit", Endpoint: httpapi.Typed(s.Credit), Decode: decodeCredit, Status: http.StatusCreated},
	}
}

// decodeTotals reads the list's filters and search for the cards and the export.
var decodeTotals = httpapi.DecodeList(&TotalsSpec)

var decodeCredit = httpapi.DecodeIDBody(ErrNotFoundToSend, creditBody, func(r *CreditRequest, id uuid.UUID) any { r.ID = id; return r })

// creditBody bounds the request: a reason of 1000 characters, in any script, fits.
const creditBody = 16 << 10
