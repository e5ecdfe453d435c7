package factuur

// The issuers of invoices (D28): per region the business that issues its invoices, and the
// central one for regions without their own. Admins keep them (Instellingen > Facturering); a
// franchise owner reads its own regions' and the central one. An issued invoice keeps the issuer
// it had (migration 027), so a change here only reaches the invoices issued after it.

import (
	"context"
	"errors"
	"log/slog"
	"net/http"
	"regexp"
	"strings"

	"github.com/jackc/pgx/v5"

	"github.com/klusmaat/klusmaat/services/platform/httpapi"
	"github.com/klusmaat/klusmaat/services/platform/validate"
	"github.com/klusmaat/klusmaat/tenants"
	"github.com/klusmaat/klusmaat/tenants/domainerr"
	"github.com/klusmaat/klusmaat/tenants/list"
)

// Centraal is the id of the central issuer.
const Centraal = "centraal"

// UitgeverRow is an issuer as the settings page shows it.
type UitgeverRow struct {
	ID        string  `json:"id" doc:"centraal, of de slug van de regio"`
	Regio     *string `json:"regio" doc:"de regio; leeg voor het centrale bedrijf"`
	RegioNaam string  `json:"regio_naam"`
	Uitgever
}

// UitgeverSpec is GET /api/v1/factuur-uitgevers (D25): the central issuer first (its region name
// is empty), then the regions' by name.
var UitgeverSpec = list.Spec{Sorts: []string{"regio_naam"}, DefaultSort: "regio_naam", DefaultOrder: list.Asc, Tiebreak: []string{"id"}}

// UitgeverRequest is PUT /api/v1/factuur-uitgevers/{id}: the issuer's details, for the central
// business or a region (a region without one gets it).
type UitgeverRequest struct {
	ID string `json:"-"`
	Uitgever
}

// LogAttrs names the issuer, not its details.
func (r UitgeverRequest) LogAttrs() []slog.Attr { return []slog.Attr{slog.String("uitgever", r.ID)} }

// LogAttrs names the issuer.
func (u UitgeverRow) LogAttrs() []slog.Attr { return []slog.Attr{slog.String("uitgever", u.ID)} }

// UitgeverSaved is the answer of a save.
type UitgeverSaved = httpapi.Changed[UitgeverRow]

// MsgUitgeverOpgeslagen confirms a save.
const MsgUitgeverOpgeslagen = "Factuurgegevens opgeslagen"

var (
	ErrUitgeverNotFound = domainerr.NotFound("uitgever_not_found", "Deze regio bestaat niet")
	errUitgever         = "Controleer de gemarkeerde velden."
	prefixPattern       = regexp.MustCompile(`^[A-Z]{1,4}$`)
)

// check normalises and validates an issuer's details; the database's constraints say the same.
func (r *UitgeverRequest) check() error {
	e := validate.Errors{}
	u := &r.Uitgever
	u.Naam, u.Adres, u.Plaats = validate.Text(u.Naam), validate.Text(u.Adres), validate.Text(u.Plaats)
	e.Required("naam", u.Naam, "Vul de naam van het bedrijf in.")
	e.MaxChars("naam", u.Naam, 200, "De naam is te lang (hoogstens 200 tekens).")
	e.Required("adres", u.Adres, "Vul het adres in (straat en huisnummer).")
	e.MaxChars("adres", u.Adres, 200, "Het adres is te lang (hoogstens 200 tekens).")
	if e.Required("postcode", u.Postcode, "Vul de postcode in.") {
		u.Postcode = e.Postcode("postcode", u.Postcode)
	}
	e.Required("plaats", u.Plaats, "Vul de plaats in.")
	e.MaxChars("plaats", u.Plaats, 100, "De plaats is te lang (hoogstens 100 tekens).")
	u.KvKNummer = e.KvK("kvk_nummer", u.KvKNummer)
	u.BTWNummer = e.BTW("btw_nummer", u.BTWNummer)
	u.IBAN = e.IBAN("iban", u.IBAN)
	u.NummerPrefix = strings.ToUpper(strings.TrimSpace(u.NummerPrefix))
	switch {
	case r.ID == Centraal && u.NummerPrefix != "":
		e.Set("nummer_prefix", "Het centrale bedrijf nummert zonder voorvoegsel.")
	case r.ID != Centraal && !prefixPattern.MatchString(u.NummerPrefix):
		e.Set("nummer_prefix", "Kies een voorvoegsel van 1 tot 4 hoofdletters, bijvoorbeeld DH.")
	}
	return e.Invalid("invalid_uitgever", errUitgever)
}

type uitgeverStore struct{ db *tenants.DB }

const uitgeverSelect = `
	SELECT u.id, u.regio, coalesce(r.naam, '') AS regio_naam, u.naam, u.adres, u.postcode, u.plaats, u.kvk_nummer, u.btw_nummer, u.iban,
	       u.nummer_prefix
	FROM factuur_uitgevers u LEFT JOIN regions r ON r.slug = u.regio`

func scanUitgever(r tenants.Row) (UitgeverRow, error) {
	var u UitgeverRow
	return u, r.Scan(&u.ID, &u.Regio, &u.RegioNaam, &u.Naam, &u.Adres, &u.Postcode, &u.Plaats, &u.KvKNummer, &u.BTWNummer,
		&u.IBAN, &u.NummerPrefix)
}

func (s *uitgeverStore) List(ctx context.Context, p list.Params) (list.Page[UitgeverRow], error) {
	return tenants.ListPage(ctx, s.db, p, `SELECT * FROM (`+uitgeverSelect+`) AS u`, nil, scanUitgever)
}

// errPrefixTaken: another issuer numbers with this prefix.
var errPrefixTaken = validate.Errors{"nummer_prefix": "Dit voorvoegsel gebruikt een andere regio al."}

// errPrefixFixed: the prefix is fixed once invoices are numbered with it (a sequence must not
// change its numbers halfway).
var errPrefixFixed = validate.Errors{"nummer_prefix": "Het voorvoegsel ligt vast zodra er facturen mee genummerd zijn."}

func (s *uitgeverStore) Save(ctx context.Context, r UitgeverRequest) (UitgeverSaved, error) {
	if err := r.check(); err != nil {
		return UitgeverSaved{}, err
	}
	var out UitgeverRow
	err := s.db.Tx(ctx, func(tx pgx.Tx) error {
		var regio *string
		if r.ID != Centraal {
			regio = &r.ID
			known, err := tenants.IsRegion(ctx, tx, r.ID)
			if err != nil {
				return err
			}
			if !known {
				return ErrUitgeverNotFound
			}
		}
		var fixed bool
		if err := tx.QueryRow(ctx, `
			SELECT EXISTS (SELECT 1 FROM factuur_uitgevers u JOIN invoice_number_counters c ON c.uitgever = u.id
			               WHERE u.id = $1 AND u.nummer_prefix <> $2)`, r.ID, r.NummerPrefix).Scan(&fixed); err != nil {
			return err
		}
		if fixed {
			return errPrefixFixed.Invalid("invalid_uitgever", errUitgever)
		}
		u := r.Uitgever
		var before map[string]any
		if err := tx.QueryRow(ctx, `SELECT to_jsonb(u) - 'updated_at' FROM factuur_uitgevers u WHERE u.id = $1`, r.ID).Scan(&before); err != nil && !errors.Is(err, pgx.ErrNoRows) {
			return err
		}
		_, err := tx.Exec(ctx, `
			INSERT INTO factuur_uitgevers (id, regio, naam, adres, postcode, plaats, kvk_nummer, btw_nummer, iban, nummer_prefix)
			VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)
			ON CONFLICT (id) DO UPDATE SET naam = EXCLUDED.naam, adres = EXCLUDED.adres, postcode = EXCLUDED.postcode,
			    plaats = EXCLUDED.plaats, kvk_nummer = EXCLUDED.kvk_nummer, btw_nummer = EXCLUDED.btw_nummer,
			    iban = EXCLUDED.iban, nummer_prefix = EXCLUDED.nummer_prefix`,
			r.ID, regio, u.Naam, u.Adres, u.Postcode, u.Plaats, u.KvKNummer, u.BTWNummer, u.IBAN, u.NummerPrefix)
		if tenants.PGCode(err) == tenants.CodeUniqueViolation {
			return errPrefixTaken.Invalid("invalid_uitgever", errUitgever)
		}
		if err != nil {
			return err
		}
		if out, err = scanUitgever(tx.QueryRow(ctx, uitgeverSelect+` WHERE u.id = $1`, r.ID)); err != nil {
			return err
		}
		return tenants.Audit(ctx, tx, tenants.AuditEntry{Action: "wijzigen", Entity: "factuur_uitgever", EntityID: r.ID,
			Region: regio, Before: before, After: map[string]any{"naam": out.Naam, "adres": out.Adres, "postcode": out.Postcode,
				"plaats": out.Plaats, "kvk_nummer": out.KvKNummer, "btw_nummer": out.BTWNummer, "iban": out.IBAN, "nummer_prefix": out.NummerPrefix}})
	})
	if err != nil {
		return UitgeverSaved{}, err
	}
	return UitgeverSaved{Data: out, Message: MsgUitgeverOpgeslagen}, nil
}

func uitgeverRoutes(s *uitgeverStore) []httpapi.Route {
	return []httpapi.Route{
		httpapi.ListRoute(httpapi.Route{Path: "/api/v1/factuur-uitgevers", Summary: "De bedrijven die facturen uitgeven: het centrale en dat van elke regio met een eigen (D28)",
			Tag: "facturen", Resource: "factuur_uitgevers", Op: "Uitgevers"}, &UitgeverSpec, s.List),
		{Method: http.MethodPut, Path: "/api/v1/factuur-uitgevers/{id}", Summary: "De gegevens van het centrale bedrijf (centraal) of dat van een regio (de slug) opslaan",
			Tag: "facturen", Resource: "factuur_uitgevers", Action: "update", Request: UitgeverRequest{}, Response: UitgeverSaved{},
			Op: "UitgeverOpslaan", Endpoint: httpapi.Typed(s.Save), Decode: decodeUitgever},
	}
}

func decodeUitgever(_ context.Context, r *http.Request) (any, error) {
	req := UitgeverRequest{ID: r.PathValue("id")}
	return req, httpapi.DecodeJSON(nil, r, &req.Uitgever, creditBody)
}
