package aanmaning

import (
	"github.com/klusmaat/klusmaat/services/factuur"
	"github.com/klusmaat/klusmaat/services/platform/httpapi"
)

// routes is the letters' route table.
func routes(s *letterStore) []httpapi.Route {
	return []httpapi.Route{
		factuur.PDFRoute(httpapi.Route{Path: "/api/v1/facturen/{id}/brief.pdf",
			Summary: "De laatste betalingsherinnering of 14-dagenbrief van een factuur als PDF, om af te drukken; wordt vastgelegd in het auditlog",
			Tag:     "aanmaning", Resource: "facturen",
			Op: "BriefPDF", Endpoint: httpapi.Typed(s.PDF), Decode: decodeID}),
	}
}

var decodeID = httpapi.DecodeIDRequest(factuur.ErrNotFound, "factuur_id")
