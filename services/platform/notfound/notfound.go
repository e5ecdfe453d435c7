// Package notfound declares the "not found" refusal of each resource family that several services
// answer for: every route of a family answers the same code and message, declared once here, so a
// client handles one code per family (issue 40). A family that one service owns declares its own.
package notfound

import "github.com/klusmaat/klusmaat/tenants/domainerr"

var (
	// Klus: a job that does not exist or that the actor may not see (another region, another
	// klusser's job), under /klussen, /klusser/klussen and everything hanging from a job.
	Klus = domainerr.NotFound("klus_not_found", "Klus niet gevonden")
	// Factuur: an invoice that does not exist or is not the actor's.
	Factuur = domainerr.NotFound("factuur_not_found", "Factuur niet gevonden")
	// Klant: a customer (an e-mail address) with no jobs the actor may see.
	Klant = domainerr.NotFound("klant_not_found", "Klant niet gevonden")
	// Klusser: a klusser's profile that does not exist or that the actor may not see, under
	// /klussers, the profile's photos and a statement's klusser (uitbetalingen).
	Klusser = domainerr.NotFound("klusser_not_found", "Klusser niet gevonden")
	// Werkbon: a work order that does not exist or is not the actor's, under /werkbonnen and
	// the work order's photos.
	Werkbon = domainerr.NotFound("werkbon_not_found", "Werkbon niet gevonden")
	// Aanmelding: a klusser's application that does not exist, under /aanmeldingen and the
	// application's documents.
	Aanmelding = domainerr.NotFound("aanmelding_not_found", "Aanmelding niet gevonden")
)
