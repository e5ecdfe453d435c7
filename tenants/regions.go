package tenants

import (
	"context"
	"errors"
	"fmt"
	"regexp"
	"strconv"
	"strings"

	"github.com/jackc/pgx/v5"
)

// Regions are tenants and data (D1): a new region is a row in regions, its towns and postcodes
// rows in region_towns and region_postcodes, and no code lists them. What is known of regions
// lives in three places, one per layer:
//
//   - here, below every service: SQL over the region tables inside a caller's transaction (the
//     region of a town or postcode, the active regions' slugs, whether a slug names a region), for
//     any domain and for the demo seed, which may not import services/;
//   - services/regio: the regions as a resource, GET /api/v1/regios (the active regions with their
//     towns, for every signed-in user's screens);
//   - services/settings: a region's support contact (franchise_settings), which the admin's
//     settings and a franchise owner's own regions edit with one check and one audit.

// ErrNoRegion means neither the town nor the postcode belongs to an active region.
var ErrNoRegion = errors.New("tenants: no active region for this town or postcode")

// ResolveRegion finds the region of a job from its town, or failing that from the four digits of
// its postcode (D2). Only active regions count. It runs in the caller's transaction, so it sees the
// region tables as the caller's actor (reference data is readable by every actor).
func ResolveRegion(ctx context.Context, tx pgx.Tx, woonplaats, postcode string) (string, error) {
	var slug *string
	town, digits := RegionArgs(woonplaats, postcode)
	if err := tx.QueryRow(ctx, `SELECT `+RegionSQL("$1", "$2"), town, digits).Scan(&slug); err != nil {
		return "", fmt.Errorf("tenants: region by town or postcode: %w", err)
	}
	if slug == nil {
		return "", ErrNoRegion
	}
	return *slug, nil
}

// RegionSQL is ResolveRegion as an SQL expression over two parameters of RegionArgs (the town's
// key and the postcode's digits), for a statement that resolves the region beside other values
// (the public job request, with its category): the slug, or NULL when no active region has either.
func RegionSQL(town, digits string) string {
	return `coalesce(
		(SELECT t.regio FROM region_towns t JOIN regions r ON r.slug = t.regio WHERE t.woonplaats = ` + town + `::text AND r.actief),
		(SELECT p.regio FROM region_postcodes p JOIN regions r ON r.slug = p.regio WHERE p.bereik @> ` + digits + `::int AND r.actief))`
}

// RegionArgs are RegionSQL's parameters for a town and a postcode: the town's key, and the
// postcode's four digits or nil when it is no Dutch postcode.
func RegionArgs(woonplaats, postcode string) (town string, digits *int) {
	if n, ok := postcodeDigits(postcode); ok {
		digits = &n
	}
	return NormalizeTown(woonplaats), digits
}

// ActiveRegions returns the slugs of the active regions (D1: regions are rows, not code), in slug
// order, read in the caller's transaction (reference data is readable by every actor). Forms that
// take region slugs check them against this list.
func ActiveRegions(ctx context.Context, tx pgx.Tx) ([]string, error) {
	rows, err := tx.Query(ctx, `SELECT slug FROM regions WHERE actief ORDER BY slug`)
	if err != nil {
		return nil, fmt.Errorf("tenants: active regions: %w", err)
	}
	slugs, err := pgx.CollectRows(rows, pgx.RowTo[string])
	if err != nil {
		return nil, fmt.Errorf("tenants: active regions: %w", err)
	}
	return slugs, nil
}

// ActiveRegions is the package function ActiveRegions in a transaction of its own, as the actor
// of ctx: what a form checks region slugs against before it opens its own transaction.
func (db *DB) ActiveRegions(ctx context.Context) ([]string, error) {
	var slugs []string
	err := db.Tx(ctx, func(tx pgx.Tx) (err error) {
		slugs, err = ActiveRegions(ctx, tx)
		return err
	})
	return slugs, err
}

// IsRegion reports whether slug names a region, active or not, in the caller's transaction: what
// an export's filter or an invoice issuer may name (a closed region keeps its history).
func IsRegion(ctx context.Context, tx pgx.Tx, slug string) (bool, error) {
	return regionWhere(ctx, tx, `slug = $1`, slug)
}

// IsActiveRegion reports whether slug names an active region, in the caller's transaction: where
// new work may go.
func IsActiveRegion(ctx context.Context, tx pgx.Tx, slug string) (bool, error) {
	return regionWhere(ctx, tx, `slug = $1 AND actief`, slug)
}

func regionWhere(ctx context.Context, tx pgx.Tx, where, slug string) (bool, error) {
	var ok bool
	if err := tx.QueryRow(ctx, `SELECT EXISTS (SELECT 1 FROM regions WHERE `+where+`)`, slug).Scan(&ok); err != nil {
		return false, fmt.Errorf("tenants: region %q: %w", slug, err)
	}
	return ok, nil
}

// NormalizeTown turns what a person types ("  Den  Haag ") into the key of region_towns ("den haag").
func NormalizeTown(s string) string {
	return strings.Join(strings.Fields(strings.ToLower(s)), " ")
}

var postcodePattern = regexp.MustCompile(`^([1-9][0-9]{3}) ?([A-Za-z]{2})$`)

// NormalizePostcode returns a Dutch postcode in its canonical form "1234 AB", and false when s is
// not a Dutch postcode. The letter pairs SA, SD and SS are not issued and are refused.
func NormalizePostcode(s string) (string, bool) {
	m := postcodePattern.FindStringSubmatch(strings.TrimSpace(s))
	if m == nil {
		return "", false
	}
	letters := strings.ToUpper(m[2])
	switch letters {
	case "SA", "SD", "SS":
		return "", false
	}
	return m[1] + " " + letters, true
}

func postcodeDigits(postcode string) (int, bool) {
	canonical, ok := NormalizePostcode(postcode)
	if !ok {
		return 0, false
	}
	n, err := strconv.Atoi(canonical[:4])
	return n, err == nil
}
