package klus

// The back office's list of jobs (document 001 section 2, Jobs management and Franchise jobs;
// D25): one page, sorted and filtered in SQL with its total. Admins see every region; a franchise
// owner the same list, which row-level security narrows to its regions. The status cards above it
// count under the same Filter.

import (
	"log/slog"
	"strconv"
	"strings"
	"time"

	"github.com/google/uuid"

	"github.com/klusmaat/klusmaat/services/contact"
	"github.com/klusmaat/klusmaat/tenants"
	"github.com/klusmaat/klusmaat/tenants/list"
)

// ListItem is a row of the jobs list.
type ListItem struct {
	ID                 uuid.UUID `json:"id"`
	Datum              string    `json:"datum" doc:"JJJJ-MM-DD"`
	Tijd               string    `json:"tijd"`
	Categorie          string    `json:"categorie" doc:"label van de categorie"`
	Beschrijving       string    `json:"beschrijving"`
	Adres              string    `json:"adres"`
	Postcode           string    `json:"postcode"`
	Woonplaats         string    `json:"woonplaats"`
	Regio              string    `json:"regio"`
	Email              string    `json:"email"`
	Telefoon           string    `json:"telefoon"`
	Status             string    `json:"status"`
	AssignmentType     *string   `json:"assignment_type" doc:"pool of direct; leeg: nog niet toegewezen"`
	Klusser            *string   `json:"klusser" doc:"naam van de toegewezen klusser"`
	GeschatTariefCents int       `json:"geschat_tarief_cents"`
	GeschatteDuur      float64   `json:"geschatte_duur"`
	// VastePrijs replaces the estimate once the customer accepted a quote (D26).
	VastePrijs        *VastePrijs `json:"vaste_prijs" doc:"de vaste prijs uit de geaccepteerde offerte; null zonder geaccepteerde offerte"`
	Notitie           bool        `json:"notitie" doc:"de klus heeft een notitie voor de klusser"`
	Archived          bool        `json:"archived"`
	Geannuleerd       bool        `json:"geannuleerd" doc:"door de klant geannuleerd via de statuslink (D24)"`
	TerugbellenTeLaat bool        `json:"terugbellen_te_laat" doc:"aanvraag van de website zonder vastgelegd contact na 24 uur (D26)"`
	CreatedAt         time.Time   `json:"created_at"`
}

// VastePrijs is the price of a job whose customer accepted a quote (docs/decisions.md D26, D33):
// the accepted version's amounts. Once there is one, the back office shows it wherever it showed
// the hourly estimate (rate × duration), which no longer prices the job.
type VastePrijs struct {
	Offerte   string `json:"offerte" doc:"nummer van de offerte, O<jaar>-<nnnn>"`
	Versie    int    `json:"versie" doc:"de geaccepteerde versie"`
	ExclCents int    `json:"excl_cents" doc:"excl. btw"`
	InclCents int    `json:"incl_cents" doc:"incl. btw"`
}

// vastePrijsSQL reads the job k's fixed price as VastePrijs scans it (jsonb), NULL without an
// accepted quote; at most one version of a job is accepted (offertes_akkoord_idx).
const vastePrijsSQL = `(SELECT jsonb_build_object('offerte', o.nummer, 'versie', o.versie, 'excl_cents', o.subtotaal_cents,
		       'incl_cents', o.totaal_cents) FROM offertes o WHERE o.klus_id = k.id AND o.status = 'akkoord')`

// vastePrijsJoin and vastePrijsList are vastePrijsSQL for the jobs list: the accepted quote joined
// (o). As a subquery among the list's columns, the quote's row-level security (whose actor check
// PostgreSQL takes for volatile) kept the list from being read in its order from its index: every
// job was read, joined and sorted for 25, and JIT-compiled (make load, 100,000 jobs: 10 s a page).
const (
	vastePrijsJoin = ` LEFT JOIN offertes o ON o.klus_id = k.id AND o.status = 'akkoord'`
	vastePrijsList = `CASE WHEN o.klus_id IS NOT NULL THEN jsonb_build_object('offerte', o.nummer, 'versie', o.versie,
		       'excl_cents', o.subtotaal_cents, 'incl_cents', o.totaal_cents) END`
)

// LogAttrs keeps the row's id only.
func (k ListItem) LogAttrs() []slog.Attr { return []slog.Attr{slog.Any("klus_id", k.ID)} }

// Spec is the list's contract (D25): newest date first; filters for the status cards, the region,
// the town (the dashboard's top towns) and archived jobs; search over description, address and
// e-mail (the trigram index of migration 003).
var Spec = list.Spec{
	Sorts:       []string{"datum", "created_at", "status", "woonplaats", "regio"},
	DefaultSort: "datum", DefaultOrder: list.Desc,
	Tiebreak: []string{"created_at", "id"},
	Filters: []list.Filter{
		{Name: "status", Description: "alleen klussen met deze status", Values: []string{"open", "ingepland", "bezig", "afgerond"}},
		{Name: "regio", Description: "alleen klussen van deze regio"},
		{Name: "woonplaats", Description: "alleen klussen in deze woonplaats"},
		{Name: "archived", Description: "nee (standaard): zonder gearchiveerde; ja: alleen gearchiveerde; alle", Values: []string{"nee", "ja", "alle"}},
		{Name: "terugbellen", Description: "te_laat: alleen aanvragen zonder vastgelegd contact na 24 uur (D26)", Values: []string{"te_laat"}},
	},
	Search: "omschrijving, adres of e-mailadres (een deel)",
}

// Filter is what the jobs list and its status cards narrow the jobs by. Empty fields do not
// filter; Archived is nee (the default: without archived jobs), ja (only archived) or alle.
type Filter struct {
	Status, Regio, Woonplaats []string
	Archived                  string
	Search                    string
	// TerugbellenTeLaat keeps the requests past the promise of contact within 24 hours.
	TerugbellenTeLaat bool
}

// counted reports whether the counters (klus_tellingen) can count under the filter: they hold
// every column of where() but the text the search reads and the contact log.
func (f Filter) counted() bool { return f.Search == "" && !f.TerugbellenTeLaat }

// FilterOf reads the filter of a parsed list request.
func FilterOf(p list.Params) Filter {
	return Filter{Status: p.Filter("status"), Regio: p.Filter("regio"), Woonplaats: p.Filter("woonplaats"),
		Archived: first(p.Filter("archived")), Search: p.Search, TerugbellenTeLaat: first(p.Filter("terugbellen")) == "te_laat"}
}

// where is the filter as SQL over the jobs as k, with its arguments numbered from $1. Every column
// it names is also a column of the counters (klus_tellingen), so the same clause counts from there
// when there is no search. Towns match whatever their case.
func (f Filter) where() (string, []any) {
	var conds []string
	var args []any
	add := func(cond string, arg any) {
		args = append(args, arg)
		conds = append(conds, strings.ReplaceAll(cond, "$?", "$"+strconv.Itoa(len(args))))
	}
	if len(f.Status) > 0 {
		add(`k.status = ANY ($?)`, f.Status)
	}
	if len(f.Regio) > 0 {
		add(`k.regio = ANY ($?)`, f.Regio)
	}
	if len(f.Woonplaats) > 0 {
		add(`lower(k.woonplaats) = ANY (SELECT lower(w) FROM unnest($?::text[]) w)`, f.Woonplaats)
	}
	switch f.Archived {
	case "alle":
	case "ja":
		conds = append(conds, `k.archived`)
	default:
		conds = append(conds, `NOT k.archived`)
	}
	if f.Search != "" {
		add(`(k.beschrijving || ' ' || k.adres || ' ' || k.email) ILIKE $?`, tenants.Contains(f.Search))
	}
	if f.TerugbellenTeLaat {
		conds = append(conds, contact.Overdue)
	}
	if len(conds) == 0 {
		return "", nil
	}
	return ` WHERE ` + strings.Join(conds, ` AND `), args
}
