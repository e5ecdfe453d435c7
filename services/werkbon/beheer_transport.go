package werkbon

import (
	"log/slog"

	"github.com/klusmaat/klusmaat/services/platform/httpapi"
	"github.com/klusmaat/klusmaat/tenants/list"
)

// The filters of the overview and its cards.
var (
	filterKlusser     = list.Filter{Name: "klusser_id", Description: "alleen werkbonnen van deze klusser"}
	filterStatus      = list.Filter{Name: "status", Description: "running of completed", Values: []string{"running", "completed"}}
	filterKlus        = list.Filter{Name: "klus_id", Description: "de werkbon van deze klus"}
	filterOndertekend = list.Filter{Name: "ondertekend", Description: "ja: met handtekening; nee: zonder", Values: []string{"ja", "nee"}}
)

// Spec is the overview (D25): newest first.
var Spec = list.Spec{
	Sorts:       []string{"created_at", "datum", "klusser", "uren"},
	DefaultSort: "created_at", DefaultOrder: list.Desc, Tiebreak: []string{"id"},
	Filters: []list.Filter{filterKlusser, filterStatus, filterKlus, filterOndertekend},
	Search:  "omschrijving, woonplaats, klant of klusser (een deel)",
}

// CountsSpec is what the cards accept: the overview's filters but ondertekend.
var CountsSpec = list.Spec{
	Sorts: []string{"created_at"}, DefaultSort: "created_at", DefaultOrder: list.Desc,
	Filters: []list.Filter{filterKlusser, filterStatus, filterKlus}, Search: Spec.Search,
}

func beheerRoutes(s BeheerService) []httpapi.Route {
	return []httpapi.Route{
		httpapi.ListRoute(httpapi.Route{Path: "/api/v1/werkbonnen", Summary: "Werkbonnen: één pagina, nieuwste eerst, met zoeken en filters op klusser en handtekening",
			Tag: "werkbonnen", Resource: "werkbonnen"}, &Spec, s.List),
		httpapi.ReadRoute(httpapi.Route{Path: "/api/v1/werkbonnen/counts", Summary: "Aantal werkbonnen: totaal, ondertekend, niet ondertekend",
			Tag: "werkbonnen", Resource: "werkbonnen",
			Query: []httpapi.Param{{Name: "klusser_id"}, {Name: "status"}, {Name: "klus_id"}, {Name: "q"}},
			Op:    "Counts", Decode: httpapi.DecodeList(&CountsSpec)}, s.Counts),
		httpapi.ReadRoute(httpapi.Route{Path: "/api/v1/werkbonnen/{id}", Summary: "Eén werkbon: materialen, foto's, beoordelingen en handtekening",
			Tag: "werkbonnen", Resource: "werkbonnen", Op: "Get", Decode: httpapi.DecodePathID(ErrWerkbonNotFound)}, s.Get),
	}
}

// LogAttrs keeps the counts.
func (c Counts) LogAttrs() []slog.Attr { return []slog.Attr{slog.Int("totaal", c.Totaal)} }
