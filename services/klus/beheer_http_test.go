package klus_test

import (
	"encoding/json"
	"fmt"
	"net/http"
	"testing"

	"github.com/google/uuid"

	"github.com/klusmaat/klusmaat/services/klus"
	"github.com/klusmaat/klusmaat/services/server/servertest"
	"github.com/klusmaat/klusmaat/tenants/calendar"
)

func nieuweKlus(toewijzing string, klusser *uuid.UUID) klus.CreateForm {
	return klus.CreateForm{Form: klus.Form{
		Datum: calendar.System.Today().AddDays(5).String(), Tijd: "09:00", Categorie: "elektra", Beschrijving: "Stopcontact vervangen",
		KlantVoornaam: "Els", KlantAchternaam: "de Vries", Adres: "Kerkstraat 3", Postcode: "2271ab", Woonplaats: "Voorburg",
		Telefoon: "070 123 45 67", Email: "Els@Example.nl",
	}, Toewijzing: toewijzing, KlusserID: klusser}
}

// Section 4, creating a job: in_pool gives open, pool, no klusser, the region's klussers told;
// direct gives ingepland, direct, claimed now, a work order, the klusser told. Rate and duration
// fall back to 65 euro and 1 hour; the region follows the town (D2).
func TestAdminCreatesJobsInThePoolAndDirect(t *testing.T) {
	b := servertest.NewBackOffice(t, servertest.Options{Work: true})
	var pool klus.Answer
	if s := b.Call(t, b.Admin, http.MethodPost, "/api/v1/klussen", nieuweKlus("pool", nil), &pool); s != http.StatusCreated {
		t.Fatalf("create in pool: %d %+v", s, pool)
	}
	d := pool.Data
	if pool.Message != "Klus aangemaakt" || d.Status != "open" || d.AssignmentType == nil || *d.AssignmentType != "pool" ||
		d.KlusserID != nil || d.ClaimedAt != nil || d.Regio != "den-haag" || d.GeschatTariefCents != 6500 || d.GeschatteDuur != 1 ||
		d.Postcode != "2271 AB" || d.Email != "els@example.nl" || d.Werkbon != nil || d.CategorieLabel != "Elektra" {
		t.Errorf("pool job: %+v", pool)
	}
	b.WaitNotified(t, d.ID, "nieuwe_klus", b.ID(b.Piet))

	piet := b.ID(b.Piet)
	n := nieuweKlus("direct", &piet)
	tarief, duur := 7500, 2.5
	n.GeschatTariefCents, n.GeschatteDuur = &tarief, &duur
	var direct klus.Answer
	if s := b.Call(t, b.Admin, http.MethodPost, "/api/v1/klussen", n, &direct); s != http.StatusCreated {
		t.Fatalf("create direct: %d %+v", s, direct)
	}
	d = direct.Data
	if d.Status != "ingepland" || d.AssignmentType == nil || *d.AssignmentType != "direct" || d.KlusserID == nil || *d.KlusserID != piet ||
		d.ClaimedAt == nil || d.Werkbon == nil || d.Werkbon.Status != "running" || d.GeschatTariefCents != 7500 || d.GeschatteDuur != 2.5 ||
		d.Klusser == nil || *d.Klusser != "Piet Bakker" {
		t.Errorf("direct job: %+v", d)
	}
	b.WaitNotified(t, d.ID, "klus_toegewezen", piet)
	if a := b.Audit(t, d.ID.String()); len(a) != 1 || a[0].Action != "create" || a[0].Role != "admin" || a[0].After["status"] != "ingepland" {
		t.Errorf("audit of a created job: %+v", a)
	}
}

// Section 5: every rule of the new-job form, with its Dutch message.
func TestNewJobValidation(t *testing.T) {
	b := servertest.NewBackOffice(t, servertest.Options{})
	gerrit := b.ID(b.Gerrit)
	post := func(body any) servertest.APIError {
		var e servertest.APIError
		if s := b.Call(t, b.Admin, http.MethodPost, "/api/v1/klussen", body, &e); s != http.StatusBadRequest {
			t.Errorf("%+v: %d, want 400", body, s)
		}
		return e
	}
	bad := func(mutate func(*klus.CreateForm)) servertest.APIError {
		n := nieuweKlus("pool", nil)
		mutate(&n)
		return post(n)
	}
	for _, field := range []string{"datum", "tijd", "categorie", "beschrijving", "klant_voornaam", "klant_achternaam", "adres", "postcode", "woonplaats", "telefoon"} {
		form := map[string]any{}
		raw, _ := json.Marshal(nieuweKlus("pool", nil))
		_ = json.Unmarshal(raw, &form)
		form[field] = " "
		e := post(form)
		if e.Error.Message != "Vul alle verplichte velden in" || e.Error.Fields[field] != "Vul alle verplichte velden in" {
			t.Errorf("without %s: %+v", field, e.Error)
		}
	}
	cents := func(c int) *int { return &c }
	hours := func(h float64) *float64 { return &h }
	for _, c := range []struct {
		name, field, want string
		mutate            func(*klus.CreateForm)
	}{
		{"rate not a step of 5", "geschat_tarief_cents", "Het uurtarief is minimaal € 0, in stappen van € 5 (hoogstens € 1.000).", func(n *klus.CreateForm) { n.GeschatTariefCents = cents(6550) }},
		{"negative rate", "geschat_tarief_cents", "Het uurtarief is minimaal € 0, in stappen van € 5 (hoogstens € 1.000).", func(n *klus.CreateForm) { n.GeschatTariefCents = cents(-500) }},
		{"duration under 0.5", "geschatte_duur", "De duur is minimaal 0,5 uur, in stappen van 0,5 uur (hoogstens 100 uur).", func(n *klus.CreateForm) { n.GeschatteDuur = hours(0) }},
		{"duration not a step of 0.5", "geschatte_duur", "De duur is minimaal 0,5 uur, in stappen van 0,5 uur (hoogstens 100 uur).", func(n *klus.CreateForm) { n.GeschatteDuur = hours(1.25) }},
		{"bad date", "datum", "Vul een geldige datum in.", func(n *klus.CreateForm) { n.Datum = "31-12-2026" }},
		{"bad time", "tijd", "Vul een tijd in als 09:00, of ochtend, middag of avond.", func(n *klus.CreateForm) { n.Tijd = "9 uur" }},
		{"bad postcode", "postcode", "Vul een geldige postcode in, bijvoorbeeld 2271 AB.", func(n *klus.CreateForm) { n.Postcode = "22711" }},
		{"bad phone", "telefoon", "Vul een geldig telefoonnummer in, bijvoorbeeld 070 123 45 67.", func(n *klus.CreateForm) { n.Telefoon = "12" }},
		{"bad e-mail", "email", "Vul een geldig e-mailadres in.", func(n *klus.CreateForm) { n.Email = "els@" }},
		{"unknown category", "categorie", "Kies een categorie.", func(n *klus.CreateForm) { n.Categorie = "koken" }},
		{"unknown region", "regio", "Onbekende regio.", func(n *klus.CreateForm) { n.Regio = "groningen" }},
		{"town and postcode in no region", "regio", "Deze woonplaats en postcode horen bij geen regio; kies een regio.", func(n *klus.CreateForm) { n.Woonplaats, n.Postcode = "Groningen", "9711 AA" }},
		{"neither pool nor direct", "toewijzing", "Kies pool of direct.", func(n *klus.CreateForm) { n.Toewijzing = "" }},
		{"direct without klusser", "klusser_id", "Kies een klusser.", func(n *klus.CreateForm) { n.Toewijzing = "direct" }},
		{"direct with a klusser of another region", "klusser_id", "Deze klusser werkt niet in de regio van deze klus.", func(n *klus.CreateForm) { n.Toewijzing, n.KlusserID = "direct", &gerrit }},
	} {
		e := bad(c.mutate)
		if e.Error.Fields[c.field] != c.want || e.Error.Message != c.want {
			t.Errorf("%s: %+v, want %s: %q", c.name, e.Error, c.field, c.want)
		}
	}
	var n int
	b.Query(t, &n, `SELECT count(*) FROM klussen`)
	if n != 0 {
		t.Errorf("%d jobs stored by refused forms", n)
	}
	// The admin chooses a region for a town outside every region (D2: admins correct it).
	ok := nieuweKlus("pool", nil)
	ok.Woonplaats, ok.Postcode, ok.Regio = "Groningen", "9711 AA", "utrecht"
	var a klus.Answer
	if s := b.Call(t, b.Admin, http.MethodPost, "/api/v1/klussen", ok, &a); s != http.StatusCreated || a.Data.Regio != "utrecht" {
		t.Errorf("explicit region: %d %+v", s, a.Data)
	}
}

// Section 4, every admin transition with its side effects, and the audit log of each (D22).
func TestAdminJobTransitions(t *testing.T) {
	b := servertest.NewBackOffice(t, servertest.Options{Work: true})
	piet, pietID := b.Piet, b.ID(b.Piet)
	b.Klusser(t, "Klaas Inactief", "06 12 34 56 09", "den-haag")
	b.Exec(t, `UPDATE profiles SET actief = false WHERE naam = 'Klaas Inactief'`)
	jobID := b.Job(t, servertest.Job{Assignment: "pool"})
	path := func(action string) string { return fmt.Sprintf("/api/v1/klussen/%s/%s", jobID, action) }

	// Assign from the pool: ingepland, claimed, assignment stays pool, a work order, piet told.
	var a klus.Answer
	if s := b.Call(t, b.Admin, http.MethodPost, path("assign"), klus.AssignForm{KlusserID: pietID}, &a); s != http.StatusOK {
		t.Fatalf("assign: %d %+v", s, a)
	}
	if a.Message != "Klusser toegewezen vanuit pool - werkbon aangemaakt" || a.Data.Status != "ingepland" || a.Data.ClaimedAt == nil ||
		*a.Data.AssignmentType != "pool" || a.Data.Werkbon == nil || *a.Data.KlusserID != pietID {
		t.Errorf("assign from pool: %+v", a)
	}
	b.WaitNotified(t, jobID, "klus_toegewezen", pietID)
	// piet now sees the job as its own and can plan it.
	if s := b.Call(t, piet, http.MethodGet, "/api/v1/klusser/klussen/"+jobID.String(), nil, nil); s != http.StatusOK {
		t.Errorf("klusser reads its assigned job: %d", s)
	}

	// Remove the assignment: open, no klusser, no claim, no assignment type; the unstarted work order goes.
	if s := b.Call(t, b.Admin, http.MethodPost, path("unassign"), nil, &a); s != http.StatusOK {
		t.Fatalf("unassign: %d", s)
	}
	if a.Message != "Toewijzing verwijderd" || a.Data.Status != "open" || a.Data.KlusserID != nil || a.Data.ClaimedAt != nil ||
		a.Data.AssignmentType != nil || a.Data.Werkbon != nil {
		t.Errorf("unassign: %+v", a)
	}

	// Assign directly (not a pool job now): assignment direct.
	if s := b.Call(t, b.Admin, http.MethodPost, path("assign"), klus.AssignForm{KlusserID: pietID}, &a); s != http.StatusOK ||
		a.Message != "Klusser direct toegewezen - werkbon aangemaakt" || *a.Data.AssignmentType != "direct" {
		t.Errorf("assign direct: %d %+v", s, a)
	}

	// Place in the pool: pool, open, klusser and claim cleared; den-haag's active klussers told.
	var p klus.PoolAnswer
	if s := b.Call(t, b.Admin, http.MethodPost, path("pool"), nil, &p); s != http.StatusOK {
		t.Fatalf("pool: %d", s)
	}
	if p.Message != "Klus in pool geplaatst - klussers in Den Haag zijn genotificeerd" || p.Genotificeerd != 1 || p.Waarschuwing != "" ||
		p.Data.Status != "open" || *p.Data.AssignmentType != "pool" || p.Data.KlusserID != nil || p.Data.ClaimedAt != nil {
		t.Errorf("pool: %+v", p)
	}
	b.WaitNotified(t, jobID, "nieuwe_klus", pietID)

	// Any status to any status.
	for _, st := range []string{"bezig", "open", "afgerond", "ingepland", "open"} {
		if s := b.Call(t, b.Admin, http.MethodPost, path("status"), klus.StatusForm{Status: st}, &a); s != http.StatusOK || a.Data.Status != st || a.Message != "Status bijgewerkt" {
			t.Errorf("status %s: %d %+v", st, s, a)
		}
	}
	var e servertest.APIError
	if s := b.Call(t, b.Admin, http.MethodPost, path("status"), klus.StatusForm{Status: "klaar"}, &e); s != http.StatusBadRequest || e.Error.Fields["status"] == "" {
		t.Errorf("unknown status: %d %+v", s, e)
	}

	// Archive.
	if s := b.Call(t, b.Admin, http.MethodPost, path("archive"), nil, &a); s != http.StatusOK || !a.Data.Archived || a.Message != "Klus gearchiveerd" {
		t.Errorf("archive: %d %+v", s, a)
	}

	// The audit log has every change by the admin, in order, with before and after.
	log := b.Audit(t, jobID.String())
	var actions []string
	for _, r := range log {
		actions = append(actions, r.Action)
		if r.Role != "admin" || r.ActorID == nil || *r.ActorID != b.ID(b.Admin) || r.Before == nil || r.After == nil {
			t.Errorf("audit row %+v", r)
		}
	}
	want := "[assign unassign assign pool status status status status status archive]"
	if fmt.Sprint(actions) != want {
		t.Errorf("audit actions %v, want %s", actions, want)
	}
	if log[0].Before["klusser_id"] != nil || log[0].After["klusser_id"] != pietID.String() || log[0].After["status"] != "ingepland" {
		t.Errorf("assign audit: %+v", log[0])
	}
	if log[len(log)-1].Before["archived"] != false || log[len(log)-1].After["archived"] != true {
		t.Errorf("archive audit: %+v", log[len(log)-1])
	}

	// Delete: gone with its notifications; an invoice would stay (see the customer test).
	var del klus.Deleted
	if s := b.Call(t, b.Admin, http.MethodDelete, "/api/v1/klussen/"+jobID.String(), nil, &del); s != http.StatusOK || del.Message != "Klus permanent verwijderd" || del.Data.ID != jobID {
		t.Errorf("delete: %d %+v", s, del)
	}
	if s := b.Call(t, b.Admin, http.MethodGet, "/api/v1/klussen/"+jobID.String(), nil, &e); s != http.StatusNotFound || e.Error.Message != "Klus niet gevonden" {
		t.Errorf("deleted job: %d %+v", s, e)
	}
	var left int
	b.Query(t, &left, `SELECT count(*) FROM notifications WHERE klus_id = $1`, jobID)
	if left != 0 {
		t.Errorf("%d notifications of a deleted job", left)
	}
	if log := b.Audit(t, jobID.String()); log[len(log)-1].Action != "delete" || log[len(log)-1].After != nil {
		t.Errorf("delete audit: %+v", log[len(log)-1])
	}
}

// Placing a job of a region without active klussers in the pool warns that nobody was told.
func TestPoolWithoutKlussersWarns(t *testing.T) {
	b := servertest.NewBackOffice(t, servertest.Options{})
	jobID := b.Job(t, servertest.Job{Regio: "rotterdam", Woonplaats: "Schiedam", Postcode: "3111 AA"})
	var p klus.PoolAnswer
	if s := b.Call(t, b.Admin, http.MethodPost, "/api/v1/klussen/"+jobID.String()+"/pool", nil, &p); s != http.StatusOK {
		t.Fatalf("pool: %d", s)
	}
	if p.Genotificeerd != 0 || p.Waarschuwing != "De klus staat in de pool, maar er konden geen klussers worden genotificeerd: Rotterdam heeft geen actieve klussers." {
		t.Errorf("pool without klussers: %+v", p)
	}
}

// Section 4 and D18: a finished job is never reassigned, whoever asks and however; its details
// carry the closed work order and invoice.
func TestFinishedJobCannotBeReassigned(t *testing.T) {
	b := servertest.NewBackOffice(t, servertest.Options{})
	jobID := b.Job(t, servertest.Job{Status: "afgerond", Klusser: b.Piet, Assignment: "pool"})
	b.Exec(t, `INSERT INTO werkbonnen (klus_id, klusser_id, status, start_tijd, eind_tijd, uren, handtekening)
	           VALUES ($1, $2, 'completed', now() - interval '2 hours', now(), 2, 'data:image/png;base64,AAAA')`, jobID, b.ID(b.Piet))
	b.Exec(t, `INSERT INTO facturen (klus_id, klusser_id, regio, factuurnummer, subtotaal_cents, btw_bedrag_cents, totaal_bedrag_cents, betaal_methode)
	           VALUES ($1, $2, 'den-haag', '2026-0042', 13000, 2730, 15730, 'pin')`, jobID, b.ID(b.Piet))
	for _, c := range []struct {
		path string
		body any
	}{
		{"assign", klus.AssignForm{KlusserID: b.ID(b.Piet)}},
		{"pool", nil},
		{"unassign", nil},
	} {
		var e servertest.APIError
		if s := b.Call(t, b.Admin, http.MethodPost, "/api/v1/klussen/"+jobID.String()+"/"+c.path, c.body, &e); s != http.StatusConflict ||
			e.Error.Code != "job_finished" || e.Error.Message != "Deze klus is afgerond: de werkbon is gesloten en de klus kan niet opnieuw worden toegewezen." {
			t.Errorf("%s of a finished job: %d %+v", c.path, s, e)
		}
	}
	var one klus.One
	if s := b.Call(t, b.Admin, http.MethodGet, "/api/v1/klussen/"+jobID.String(), nil, &one); s != http.StatusOK {
		t.Fatalf("get: %d", s)
	}
	d := one.Data
	if !d.WerkbonGesloten || d.Werkbon == nil || d.Werkbon.Status != "completed" || !d.Werkbon.Ondertekend || d.Factuur == nil ||
		d.Factuur.Factuurnummer != "2026-0042" || !d.Factuur.Betaald || *d.KlusserID != b.ID(b.Piet) {
		t.Errorf("finished job: %+v", d)
	}
	if a := b.Audit(t, jobID.String()); len(a) != 0 {
		t.Errorf("refused changes were audited: %+v", a)
	}
}

// Editing: every field, a region correction and a price change audited with before and after.
func TestAdminEditsAJobAndCorrectsItsRegion(t *testing.T) {
	b := servertest.NewBackOffice(t, servertest.Options{})
	jobID := b.Job(t, servertest.Job{})
	in := nieuweKlus("", nil).Form
	in.Regio, in.Beschrijving = "utrecht", "Kast ophangen"
	tarief := 8000
	in.GeschatTariefCents = &tarief
	var a klus.Answer
	if s := b.Call(t, b.Admin, http.MethodPut, "/api/v1/klussen/"+jobID.String(), in, &a); s != http.StatusOK {
		t.Fatalf("update: %d %+v", s, a)
	}
	if a.Message != "Klus bijgewerkt" || a.Data.Regio != "utrecht" || a.Data.Beschrijving != "Kast ophangen" || a.Data.GeschatTariefCents != 8000 ||
		a.Data.KlantVoornaam != "Els" || a.Data.Categorie != "elektra" || a.Data.Tijd != "09:00" {
		t.Errorf("updated: %+v", a)
	}
	log := b.Audit(t, jobID.String())
	if len(log) != 1 || log[0].Action != "update" || log[0].Before["regio"] != "den-haag" || log[0].After["regio"] != "utrecht" ||
		log[0].Before["geschat_tarief_cents"] != float64(6500) || log[0].After["geschat_tarief_cents"] != float64(8000) {
		t.Errorf("update audit: %+v", log)
	}
	// An edit that changes neither price nor region is not a D22 change.
	in.Beschrijving = "Kast en plank ophangen"
	if s := b.Call(t, b.Admin, http.MethodPut, "/api/v1/klussen/"+jobID.String(), in, &a); s != http.StatusOK {
		t.Fatalf("second update: %d", s)
	}
	if log := b.Audit(t, jobID.String()); len(log) != 1 {
		t.Errorf("audit after a text edit: %+v", log)
	}
	var e servertest.APIError
	if s := b.Call(t, b.Admin, http.MethodPut, "/api/v1/klussen/"+uuid.NewString(), in, &e); s != http.StatusNotFound || e.Error.Message != "Klus niet gevonden" {
		t.Errorf("update of an unknown job: %d %+v", s, e)
	}
}

// The status cards count per status under the other filters; the choice of klussers is per region.
func TestJobCountsAndKlusserChoice(t *testing.T) {
	b := servertest.NewBackOffice(t, servertest.Options{})
	b.Job(t, servertest.Job{})
	b.Job(t, servertest.Job{Status: "ingepland", Klusser: b.Piet})
	b.Job(t, servertest.Job{Status: "afgerond", Klusser: b.Piet})
	b.Job(t, servertest.Job{Regio: "utrecht", Woonplaats: "Zeist", Postcode: "3701 AA"})
	archived := b.Job(t, servertest.Job{})
	b.Exec(t, `UPDATE klussen SET archived = true WHERE id = $1`, archived)
	var c klus.CountsAnswer
	if s := b.Call(t, b.Admin, http.MethodGet, "/api/v1/klussen/counts?regio=den-haag", nil, &c); s != http.StatusOK ||
		c.Data != (klus.Counts{PerStatus: klus.PerStatus{Open: 1, Ingepland: 1, Afgerond: 1}, Totaal: 3}) {
		t.Errorf("den-haag counts: %d %+v", s, c)
	}
	if s := b.Call(t, b.Admin, http.MethodGet, "/api/v1/klussen/counts?archived=alle", nil, &c); s != http.StatusOK || c.Data.Totaal != 5 || c.Data.Open != 3 {
		t.Errorf("all counts: %d %+v", s, c)
	}
	// The franchise owner's cards count its region only, whatever it asks.
	if s := b.Call(t, b.Franchise, http.MethodGet, "/api/v1/klussen/counts?regio=utrecht", nil, &c); s != http.StatusOK || c.Data.Totaal != 0 {
		t.Errorf("franchise counts of another region: %d %+v", s, c)
	}
	var ks struct {
		Data  []klus.Kandidaat `json:"data"`
		Total int              `json:"total"`
	}
	if s := b.Call(t, b.Admin, http.MethodGet, "/api/v1/klussen/klussers?regio=utrecht", nil, &ks); s != http.StatusOK || ks.Total != 1 || ks.Data[0].Naam != "Gerrit Visser" {
		t.Errorf("klussers of utrecht: %d %+v", s, ks)
	}
}
