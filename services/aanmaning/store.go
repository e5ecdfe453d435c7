package aanmaning

import (
	"context"
	"encoding/json"
	"fmt"

	"github.com/jackc/pgx/v5"

	"github.com/klusmaat/klusmaat/services/factuur"
	"github.com/klusmaat/klusmaat/services/platform/httpapi"
	"github.com/klusmaat/klusmaat/tenants"
	"github.com/klusmaat/klusmaat/tenants/calendar"
	"github.com/klusmaat/klusmaat/tenants/domainerr"
)

// ErrNoLetter: the office asks for the letter of an invoice that has had none.
var ErrNoLetter = domainerr.Conflict("no_reminder", "Voor deze factuur is nog geen herinnering verstuurd.")

// letterStore serves the printable letters (module.go makes it). Row-level security decides which
// invoices and events the actor sees; an invisible invoice is not found.
type letterStore struct {
	db   *tenants.DB
	site factuur.Site
}

// PDF draws the latest letter of an invoice (the 14-dagenbrief once it went out, else the
// reminder) as recorded, for the office to print and post (a customer without e-mail) or to see
// what was sent. The download is recorded in the audit log (D22), like the invoice's PDF.
func (s *letterStore) PDF(ctx context.Context, r httpapi.IDRequest) (*factuur.PDFFile, error) {
	var out *factuur.PDFFile
	err := s.db.Tx(ctx, func(tx pgx.Tx) error {
		f, _, err := factuur.Read(ctx, tx, r.ID)
		if err != nil {
			return err
		}
		b, regio, err := latestLetter(ctx, tx, f)
		if err != nil {
			return err
		}
		data, err := BriefPDF(f, b, s.site)
		if err != nil {
			return err
		}
		if err := tenants.Audit(ctx, tx, tenants.AuditEntry{Action: tenants.AuditDownload, Entity: "factuur_brief",
			EntityID: f.ID.String(), Region: &regio,
			After: map[string]any{"factuurnummer": f.Factuurnummer, "soort": b.Soort}}); err != nil {
			return err
		}
		out = &factuur.PDFFile{Name: FileName(b, f.Factuurnummer), Data: data}
		return nil
	})
	return out, err
}

// latestLetter reads the invoice's latest letter from its events, with the invoice's region.
func latestLetter(ctx context.Context, tx pgx.Tx, f factuur.Factuur) (Brief, string, error) {
	var b Brief
	var regio string
	var raw []byte
	var at calendar.Date
	err := tx.QueryRow(ctx, `
		SELECT soort, gegevens, (created_at AT TIME ZONE 'Europe/Amsterdam')::date, regio
		FROM factuur_gebeurtenissen
		WHERE factuur_id = $1 AND soort IN ('herinnering', 'veertiendagenbrief')
		ORDER BY soort = 'veertiendagenbrief' DESC, created_at DESC LIMIT 1`, f.ID).Scan(&b.Soort, &raw, &at, &regio)
	if err != nil {
		return b, "", tenants.NoRowsAs(ErrNoLetter, err)
	}
	var g struct {
		OpenCents          int64  `json:"open_cents"`
		IncassokostenCents int64  `json:"incassokosten_cents"`
		Verzonden          string `json:"verzonden"`
		TermijnTot         string `json:"termijn_tot"`
		PerPost            bool   `json:"per_post"`
	}
	if err := json.Unmarshal(raw, &g); err != nil {
		return b, "", fmt.Errorf("aanmaning: letter of %s: %w", f.Factuurnummer, err)
	}
	b.OpenCents, b.IncassokostenCents, b.PerPost = g.OpenCents, g.IncassokostenCents, g.PerPost
	// The day it went out as recorded, else the day the event was written.
	b.Verzonden = at
	if d, err := calendar.ParseDate(g.Verzonden); err == nil {
		b.Verzonden = d
	}
	if b.Soort == SoortBrief {
		d, err := calendar.ParseDate(g.TermijnTot)
		if err != nil {
			return b, "", fmt.Errorf("aanmaning: 14-dagenbrief of %s without its term: %w", f.Factuurnummer, err)
		}
		b.TermijnTot = d
	}
	return b, regio, nil
}
