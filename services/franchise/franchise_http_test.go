package franchise_test

import (
	"context"
	"net/http"
	"testing"

	"github.com/google/uuid"

	"github.com/klusmaat/klusmaat/services/franchise"
	"github.com/klusmaat/klusmaat/services/platform/accounts"
	"github.com/klusmaat/klusmaat/services/platform/identity/kratostest"
	"github.com/klusmaat/klusmaat/services/server/servertest"
)

// An admin makes a franchise owner (a Kratos identity, the role and the profile in one operation,
// D14) and sets its regions (audited); duplicate addresses and unknown regions are refused in Dutch.
func TestAdminMakesFranchiseOwnersAndSetsTheirRegions(t *testing.T) {
	k := kratostest.Kratos(t)
	b := servertest.NewBackOffice(t, servertest.Options{Ory: k})
	email := "franchise-" + uuid.NewString()[:8] + "@example.nl"
	var made franchise.Answer
	body := franchise.CreateForm{Naam: "Frida Franchise", Email: email, Password: "Klusmaat-test-2026!", Regio: []string{"den-haag"}}
	if s := b.Call(t, b.Admin, http.MethodPost, "/api/v1/franchise-eigenaren", body, &made); s != http.StatusCreated || made.Message != "Franchisenemer aangemaakt" {
		t.Fatalf("create: %d %+v", s, made)
	}
	t.Cleanup(func() { _ = accounts.NewService(k, b.DB.DB).Delete(context.Background(), made.Data.ID) })
	found, resp, err := k.Admin.ListIdentities(context.Background()).CredentialsIdentifier(email).Execute()
	if resp != nil {
		resp.Body.Close()
	}
	if err != nil || len(found) != 1 || found[0].Id != made.Data.ID.String() {
		t.Fatalf("the Kratos identity: %v %v", found, err)
	}
	var role string
	b.Query(t, &role, `SELECT role FROM user_roles WHERE user_id = $1`, made.Data.ID)
	if role != "franchise" || len(made.Data.Regio) != 1 || made.Data.Regio[0] != "den-haag" {
		t.Errorf("role %q, regions %v", role, made.Data.Regio)
	}

	var e servertest.APIError
	if s := b.Call(t, b.Admin, http.MethodPost, "/api/v1/franchise-eigenaren", body, &e); s != http.StatusConflict ||
		e.Error.Message != "Er bestaat al een gebruiker met dit e-mailadres. Controleer de lijst met klussers." {
		t.Errorf("duplicate: %d %+v", s, e)
	}
	bad := body
	bad.Email, bad.Regio = "ander-"+email, []string{"groningen"}
	if s := b.Call(t, b.Admin, http.MethodPost, "/api/v1/franchise-eigenaren", bad, &e); s != http.StatusBadRequest || e.Error.Message != "Onbekende regio." {
		t.Errorf("unknown region: %d %+v", s, e)
	}

	path := "/api/v1/franchise-eigenaren/" + made.Data.ID.String() + "/regios"
	var set franchise.Answer
	if s := b.Call(t, b.Admin, http.MethodPut, path, franchise.RegiosForm{Regio: []string{"utrecht", "den-haag", "utrecht"}}, &set); s != http.StatusOK ||
		set.Message != "Regio's opgeslagen" || len(set.Data.Regio) != 2 || set.Data.Regio[0] != "den-haag" || set.Data.Regio[1] != "utrecht" {
		t.Errorf("set regions: %d %+v", s, set)
	}
	if s := b.Call(t, b.Admin, http.MethodPut, path, franchise.RegiosForm{Regio: []string{}}, &set); s != http.StatusOK || len(set.Data.Regio) != 0 {
		t.Errorf("no region: %d %+v", s, set)
	}
	var audits int
	b.Query(t, &audits, `SELECT count(*) FROM audit_log WHERE action = 'regios' AND entity_id = $1`, made.Data.ID.String())
	if audits != 2 {
		t.Errorf("%d audit entries, want 2", audits)
	}
	if s := b.Call(t, b.Admin, http.MethodPut, "/api/v1/franchise-eigenaren/"+b.ID(b.Piet).String()+"/regios", franchise.RegiosForm{Regio: []string{"utrecht"}}, &e); s != http.StatusNotFound {
		t.Errorf("a klusser is no franchise owner: %d", s)
	}
	var list struct {
		Data  []franchise.Eigenaar `json:"data"`
		Total int                  `json:"total"`
	}
	if s := b.Call(t, b.Admin, http.MethodGet, "/api/v1/franchise-eigenaren?q=frida", nil, &list); s != http.StatusOK || list.Total != 1 || list.Data[0].Email != email {
		t.Errorf("list: %d %+v", s, list)
	}
}
