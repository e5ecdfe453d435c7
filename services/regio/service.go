// Package regio is the regions domain (D1: regions are tenants, and data): the active regions with
// their towns, as every signed-in user's screens offer them (the console's region filters and
// choices, the klusser's and franchise owner's forms). A new franchise region is a row in the
// regions table and its towns rows in region_towns; no code lists them.
//
// This package is the regions' HTTP resource only. The SQL that other domains run on the region
// tables inside their own transactions (a town's region, the active slugs, whether a slug names a
// region) is tenants/regions.go, below every service; a region's support contact is
// services/settings, beside the admin's settings that edit it too.
package regio

import "log/slog"

// Regio is an active region as the screens show it. ID is the slug again: the console's lists key
// their rows by id, as a customer's id is its e-mail address.
type Regio struct {
	ID           string   `json:"id" doc:"de slug: de sleutel van de rij"`
	Slug         string   `json:"slug" doc:"de sleutel van de regio, zoals accounts en klussen hem dragen"`
	Naam         string   `json:"naam" doc:"de naam die gebruikers lezen"`
	Woonplaatsen []string `json:"woonplaatsen" doc:"de woonplaatsen van de regio, op naam"`
}

// LogAttrs keeps the slug: reference data, no personal data.
func (r Regio) LogAttrs() []slog.Attr { return []slog.Attr{slog.String("regio", r.Slug)} }
