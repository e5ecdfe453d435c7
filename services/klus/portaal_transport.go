package klus

import (
	"context"
	"net/http"

	"github.com/google/uuid"

	"github.com/klusmaat/klusmaat/services/platform/httpapi"
	"github.com/klusmaat/klusmaat/tenants/list"
)

// The lists (D25): earliest date first, then the planned start, then the id.
var (
	PoolSpec = list.Spec{
		Sorts: []string{"datum"}, DefaultSort: "datum", DefaultOrder: list.Asc,
		Tiebreak: []string{"geplande_start_tijd", "id"},
	}
	AgendaSpec = list.Spec{
		Sorts: []string{"datum"}, DefaultSort: "datum", DefaultOrder: list.Asc,
		Tiebreak: []string{"geplande_start_tijd", "id"},
		Filters: []list.Filter{{Name: "tab", Description: "te-doen (open, ingepland, bezig), afgerond of alles (standaard)",
			Values: []string{"te-doen", "afgerond", "alles"}}},
	}
)

// MaxBody is the largest plan request (a date and a time fit many times over).
const MaxBody = 4 << 10

const portaalBase = "/api/v1/klusser"

// portaalRoutes is the klusser portal's route table .
func portaalRoutes(s PortaalService) []httpapi.Route {
	return []httpapi.Route{
		{Method: http.MethodGet, Path: portaalBase + "/overzicht", Summary: "Dashboard van de klusser: vandaag, deze week en de pool",
			Tag: "klusser", Resource: "eigen_klussen", Action: "read", Response: Overzicht{},
			Op: "Overzicht", Endpoint: makeOverzichtEndpoint(s)},
		httpapi.ListRoute(httpapi.Route{Path: portaalBase + "/pool", Summary: "Beschikbare klussen in de eigen regio's, vroegste datum eerst",
			Tag: "klusser", Resource: "pool", Op: "Pool"}, &PoolSpec, s.Pool),
		{Method: http.MethodGet, Path: portaalBase + "/pool/count", Summary: "Aantal beschikbare klussen in de eigen regio's",
			Tag: "klusser", Resource: "pool", Action: "read", Response: Count{},
			Op: "PoolCount", Endpoint: makePoolCountEndpoint(s)},
		{Method: http.MethodGet, Path: portaalBase + "/klussen/{id}", Summary: "Een eigen klus of een klus uit de pool",
			Tag: "klusser", Resource: "eigen_klussen", Action: "read", Response: Klus{},
			Op: "Klus", Endpoint: makeKlusEndpoint(s), Decode: decodeKlus},
		{Method: http.MethodPost, Path: portaalBase + "/klussen/{id}/claim", Summary: "Een klus uit de pool oppakken (D17: de eerste wint)",
			Tag: "klusser", Resource: "pool", Action: "claim", Response: Klus{},
			Op: "Claim", Endpoint: makeClaimEndpoint(s), Decode: decodeKlus},
		{Method: http.MethodPut, Path: portaalBase + "/klussen/{id}/planning", Summary: "Een eigen klus inplannen of de afspraak wijzigen (hoogstens 2 keer, D18)",
			Tag: "klusser", Resource: "eigen_klussen", Action: "plan", Request: Planning{}, Response: Klus{},
			Op: "Plan", Endpoint: makePlanEndpoint(s), Decode: decodePlan},
		httpapi.ListRoute(httpapi.Route{Path: portaalBase + "/agenda", Summary: "Eigen klussen per tabblad, vroegste datum eerst",
			Tag: "klusser", Resource: "eigen_klussen", Op: "Agenda"}, &AgendaSpec, s.Agenda),
		{Method: http.MethodGet, Path: portaalBase + "/verdiensten", Summary: "Gewerkte uren en verdiensten: 7 dagen, 30 dagen, totaal",
			Tag: "klusser", Resource: "verdiensten", Action: "read", Response: Verdiensten{},
			Op: "Verdiensten", Endpoint: makeVerdienstenEndpoint(s)},
		{Method: http.MethodGet, Path: portaalBase + "/support", Summary: "Telefoonnummer van support voor de klusser",
			Tag: "klusser", Resource: "support_contact", Action: "read", Response: Support{},
			Op: "Support", Endpoint: makeSupportEndpoint(s)},
	}
}

func decodeKlus(_ context.Context, r *http.Request) (any, error) {
	if err := httpapi.AllowQuery(r); err != nil {
		return nil, err
	}
	id, err := uuid.Parse(r.PathValue("id"))
	if err != nil {
		return nil, ErrNotFound // a malformed id names no job either
	}
	return klusRequest{ID: id}, nil
}

func decodePlan(ctx context.Context, r *http.Request) (any, error) {
	k, err := decodeKlus(ctx, r)
	if err != nil {
		return nil, err
	}
	req := planRequest{ID: k.(klusRequest).ID}
	if err := httpapi.DecodeJSON(nil, r, &req.Planning, MaxBody); err != nil {
		return nil, err
	}
	return req, nil
}
