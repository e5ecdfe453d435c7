package offerte

import (
	"net/http"

	"github.com/klusmaat/klusmaat/services/factuur"
	"github.com/klusmaat/klusmaat/services/platform/httpapi"
)

const base = "/api/v1/klussen/{id}/offerte"

// routes is the quote's route table.
func routes(s Service) []httpapi.Route {
	return []httpapi.Route{
		{Method: http.MethodGet, Path: base, Summary: "De offerte van een klus: de laatste versie (of null als er geen is)",
			Tag: "klussen", Resource: "klus_offerte", Action: "read", Response: One{},
			Op: "GetOfferte", Endpoint: httpapi.ByID(s.Get), Decode: decodeID},
		{Method: http.MethodPut, Path: base, Summary: "De offerte opslaan: het concept bijwerken, of na versturen een nieuwe versie beginnen (D26)",
			Tag: "klussen", Resource: "klus_offerte", Action: "update", Request: Form{}, Response: Answer{},
			Op: "SaveOfferte", Endpoint: httpapi.WithBody(s.Save), Decode: decodeSave},
		{Method: http.MethodPost, Path: base + "/versturen", Summary: "De offerte versturen: de klant krijgt de PDF en de statuslink per e-mail",
			Tag: "klussen", Resource: "klus_offerte", Action: "update", Response: Answer{},
			Op: "SendOfferte", Endpoint: httpapi.ByID(s.Send), Decode: decodeID},
		factuur.PDFRoute(httpapi.Route{Path: base + ".pdf", Summary: "De laatste versie van de offerte als PDF",
			Tag: "klussen", Resource: "klus_offerte",
			Op: "OffertePDF", Endpoint: httpapi.ByID(s.PDF), Decode: decodeID}),
	}
}

var decodeID = httpapi.DecodeIDRequest(ErrNotFound, "klus_id")

var decodeSave = httpapi.DecodeIDBodyOf[Form](ErrNotFound, "klus_id", 32<<10)
