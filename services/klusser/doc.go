// Package klusser is the handyman domain: a klusser (a screened handyman of 65 or over) as each
// audience meets one, in one package.
//   - beheer_*.go: the back office (document 001 section 2, Admin handymen and Franchise
//     handymen): the list with its totals, one klusser's profile, documents and photos, creating
//     an account, archiving, restoring and deleting. Admins see every region; a franchise owner
//     the klussers of its own regions (row-level security).
//   - showcase_*.go: the public showcase of the site (/klussers, document 000), with showcase
//     fields only (D5).
//
// A klusser's own work (the pool, the agenda, the work order) is the job domain's (package klus)
// and the work-order domain's (package werkbon).
package klusser
