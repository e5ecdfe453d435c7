package settings

// The support contact of a franchise owner's own regions (document 001 section 2, Franchise
// settings): a franchise owner reads and saves the phone and e-mail of its regions only; an admin
// may use the same route for every region. Row-level security (migration 006) holds the same line.

import (
	"context"
	"log/slog"
	"net/http"
	"strings"

	"github.com/jackc/pgx/v5"

	"github.com/klusmaat/klusmaat/services/platform/httpapi"
	"github.com/klusmaat/klusmaat/services/platform/validate"
	"github.com/klusmaat/klusmaat/tenants"
	"github.com/klusmaat/klusmaat/tenants/domainerr"
)

// MijnID is the record's id, for react-admin's <Edit id="mijn">.
const MijnID = "mijn"

// RegioSettings is the support contact of the actor's regions.
type RegioSettings struct {
	ID     string  `json:"id"`
	Regios []Regio `json:"regios" doc:"de regio's van de franchisenemer (een admin: alle), op naam; leeg: geen regio toegewezen"`
}

// RegioOne is the answer of GET /api/v1/regio-instellingen.
type RegioOne struct {
	Data RegioSettings `json:"data"`
}

// LogAttrs keeps the number of regions.
func (o RegioOne) LogAttrs() []slog.Attr { return []slog.Attr{slog.Int("regios", len(o.Data.Regios))} }

// RegioSaved is a save's answer with the message of section 8.
type RegioSaved struct {
	Data    RegioSettings `json:"data"`
	Message string        `json:"message"`
}

// LogAttrs keeps the number of regions.
func (o RegioSaved) LogAttrs() []slog.Attr {
	return []slog.Attr{slog.Int("regios", len(o.Data.Regios))}
}

// RegioWijzigingen is the form: the regions to change (a region left out stays as it is).
type RegioWijzigingen struct {
	Regios []RegioWijziging `json:"regios"`
}

// LogAttrs keeps how many regions were sent.
func (w RegioWijzigingen) LogAttrs() []slog.Attr {
	return []slog.Attr{slog.Int("regios", len(w.Regios))}
}

// ErrNotYourRegion refuses a region the franchise owner does not run.
var ErrNotYourRegion = domainerr.Forbidden("not_your_region", "Dit is niet uw regio.")

func regioRoutes(db *tenants.DB) []httpapi.Route {
	r := &regioSettings{db: db}
	return []httpapi.Route{
		{Method: http.MethodGet, Path: "/api/v1/regio-instellingen", Summary: "Supporttelefoon en -e-mail van de eigen regio's (franchise; een admin: alle regio's)",
			Tag: "instellingen", Resource: "franchise_settings", Action: "read", Response: RegioOne{},
			Op: "GetRegio", Endpoint: httpapi.Typed(r.get), Decode: decodeNone},
		{Method: http.MethodPut, Path: "/api/v1/regio-instellingen", Summary: "Supporttelefoon en -e-mail van eigen regio's opslaan",
			Tag: "instellingen", Resource: "franchise_settings", Action: "update", Request: RegioWijzigingen{}, Response: RegioSaved{},
			Op: "UpdateRegio", Endpoint: httpapi.Typed(r.update), Decode: decodeRegioUpdate},
	}
}

func decodeNone(_ context.Context, r *http.Request) (any, error) {
	return struct{}{}, httpapi.AllowQuery(r)
}

func decodeRegioUpdate(_ context.Context, r *http.Request) (any, error) {
	var w RegioWijzigingen
	if err := httpapi.AllowQuery(r); err != nil {
		return nil, err
	}
	if err := httpapi.DecodeJSON(nil, r, &w, MaxBody); err != nil {
		return nil, err
	}
	return w, nil
}

type regioSettings struct{ db *tenants.DB }

// ownRegions reads the actor's regions with their contact: an admin's are all active regions.
func ownRegions(ctx context.Context, tx pgx.Tx) (RegioSettings, error) {
	rows, err := tx.Query(ctx, `
		SELECT r.slug, r.naam, coalesce(f.support_phone, ''), coalesce(f.support_email, '')
		FROM regions r LEFT JOIN franchise_settings f ON f.regio = r.slug
		WHERE r.actief AND ((SELECT role FROM current_actor) = 'admin' OR r.slug = ANY ((SELECT regions FROM current_actor)::text[]))
		ORDER BY r.naam`)
	if err != nil {
		return RegioSettings{}, err
	}
	regios, err := pgx.CollectRows(rows, pgx.RowToStructByPos[Regio])
	return RegioSettings{ID: MijnID, Regios: regios}, err
}

func (r *regioSettings) get(ctx context.Context, _ struct{}) (RegioOne, error) {
	var st RegioSettings
	err := r.db.Tx(ctx, func(tx pgx.Tx) (err error) {
		st, err = ownRegions(ctx, tx)
		return err
	})
	return RegioOne{Data: st}, err
}

func (r *regioSettings) update(ctx context.Context, in RegioWijzigingen) (RegioSaved, error) {
	e := validate.Errors{}
	var w []RegioWijziging
	for _, rg := range in.Regios {
		slug := strings.TrimSpace(rg.Regio)
		w = append(w, RegioWijziging{Regio: slug,
			SupportPhone: e.Phone("regios."+slug+".support_phone", rg.SupportPhone),
			SupportEmail: e.Email("regios."+slug+".support_email", rg.SupportEmail)})
	}
	if err := e.Invalid("invalid_settings", firstMessage(e)); err != nil {
		return RegioSaved{}, err
	}
	var st RegioSettings
	err := r.db.Tx(ctx, func(tx pgx.Tx) error {
		before, err := ownRegions(ctx, tx)
		if err != nil {
			return err
		}
		own := map[string]bool{}
		for _, rg := range before.Regios {
			own[rg.Regio] = true
		}
		for _, rg := range w {
			if !own[rg.Regio] {
				return ErrNotYourRegion
			}
			if _, err := tx.Exec(ctx, `
				INSERT INTO franchise_settings (regio, support_phone, support_email) VALUES ($1, $2, $3)
				ON CONFLICT (regio) DO UPDATE SET support_phone = EXCLUDED.support_phone, support_email = EXCLUDED.support_email`,
				rg.Regio, rg.SupportPhone, rg.SupportEmail); err != nil {
				return err
			}
		}
		if st, err = ownRegions(ctx, tx); err != nil {
			return err
		}
		return tenants.Audit(ctx, tx, tenants.AuditEntry{Action: AuditAction, Entity: "franchise_settings", EntityID: MijnID,
			Before: asMap(Settings{Regios: before.Regios}), After: asMap(Settings{Regios: st.Regios})})
	})
	return RegioSaved{Data: st, Message: MsgOpgeslagen}, err
}
