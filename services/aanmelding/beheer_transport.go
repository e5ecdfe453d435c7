package aanmelding

import (
	"context"
	"net/http"
	"strings"

	"github.com/klusmaat/klusmaat/services/platform/files"
	"github.com/klusmaat/klusmaat/services/platform/httpapi"
	"github.com/klusmaat/klusmaat/tenants/list"
)

// BeheerSpec is the list of applications (D25): newest first.
var BeheerSpec = list.Spec{
	Sorts:       []string{"created_at", "naam", "woonplaats", "status"},
	DefaultSort: "created_at", DefaultOrder: list.Desc, Tiebreak: []string{"id"},
	Filters: []list.Filter{
		{Name: "status", Description: "de status van de aanmelding", Values: Statussen},
		{Name: "reactie", Description: "te_laat: alleen nieuwe aanmeldingen die na 2 werkdagen nog zonder reactie zijn (D26)", Values: []string{"te_laat"}},
	},
	Search: "naam, e-mailadres, telefoonnummer of woonplaats (een deel)",
}

const beheerBase = "/api/v1/aanmeldingen"

// beheerRoutes is the route table of the applications' screen. Its cards take the list's
// parameters (the console sends the list's query) and count over its search, every status.
func beheerRoutes(s Beheer) []httpapi.Route {
	return []httpapi.Route{
		httpapi.ListRoute(httpapi.Route{Path: beheerBase, Summary: "Aanmeldingen van klussers: één pagina, nieuwste eerst",
			Tag: "aanmeldingen", Resource: "aanmeldingen"}, &BeheerSpec, s.List),
		httpapi.ReadRoute(httpapi.Route{Path: beheerBase + "/counts", Summary: "Aantal aanmeldingen per status (de kaarten)",
			Tag: "aanmeldingen", Resource: "aanmeldingen",
			Query: []httpapi.Param{{Name: "q"}},
			Op:    "Counts", Decode: httpapi.DecodeList(&BeheerSpec)}, s.Counts),
		httpapi.ReadRoute(httpapi.Route{Path: beheerBase + "/{id}", Summary: "Eén aanmelding met documenten en communicatie",
			Tag: "aanmeldingen", Resource: "aanmeldingen", Op: "Get", Decode: decodeID}, s.Get),
		{Method: http.MethodPut, Path: beheerBase + "/{id}/beoordeling", Summary: "Status en interne notities van een aanmelding opslaan",
			Tag: "aanmeldingen", Resource: "aanmeldingen", Action: "update", Request: Beoordeling{}, Response: One{},
			Op: "Review", Endpoint: httpapi.WithBody(s.Review), Decode: decodeReview},
		{Method: http.MethodPost, Path: beheerBase + "/{id}/communicatie", Summary: "Notitie, telefoongesprek, e-mail (wordt verstuurd) of WhatsApp-bericht vastleggen",
			Tag: "aanmeldingen", Resource: "aanmelding_communicatie", Action: "create", Request: Bericht{}, Response: MessageAnswer{},
			Op: "Log", Endpoint: httpapi.WithBody(s.Log), Decode: decodeBericht, Status: http.StatusCreated},
		{Method: http.MethodPost, Path: beheerBase + "/{id}/account", Summary: "Maak Klusser Account van een goedgekeurde aanmelding, met VOG (multipart: email, password, regio, file)",
			Tag: "aanmeldingen", Resource: "aanmeldingen", Action: "create_account", Request: AccountForm{}, RequestType: "multipart/form-data",
			Response: AccountAnswer{},
			Op:       "CreateAccount", Endpoint: httpapi.Typed(s.CreateAccount), Decode: decodeAccount, Status: http.StatusCreated,
			Guard: func(h http.Handler) http.Handler { return files.LimitUpload(files.VOGUpload, h) }},
	}
}

var decodeID = httpapi.DecodePathID(ErrNotFound)

var decodeReview = httpapi.DecodeIDBodyOf[Beoordeling](ErrNotFound, "aanmelding_id", MaxBody)

var decodeBericht = httpapi.DecodeIDBodyOf[Bericht](ErrNotFound, "aanmelding_id", MaxBody)

func decodeAccount(_ context.Context, r *http.Request) (any, error) {
	id, form, err := files.ReadIDForm(r, ErrNotFound, files.VOGUpload, "email", "password", "regio")
	if err != nil {
		return nil, err
	}
	return AccountRequest{ID: id, Email: form.Values["email"], Password: form.Values["password"],
		Regio: strings.Split(form.Values["regio"], ","), VOG: form.File}, nil
}
