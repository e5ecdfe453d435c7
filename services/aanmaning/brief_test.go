package aanmaning_test

import (
	"context"
	"encoding/json"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"

	"github.com/klusmaat/klusmaat/services/aanmaning"
	"github.com/klusmaat/klusmaat/services/factuur"
	"github.com/klusmaat/klusmaat/services/platform/httpapi"
	"github.com/klusmaat/klusmaat/services/platform/pdftest"
	"github.com/klusmaat/klusmaat/tenants"
)

var site = factuur.Site{Brand: "Klusmaat", Phone: "070 123 45 67", Email: "info@klusmaat.nl"}

// A customer without an e-mail address gets the letters on paper (D30): the steps are recorded
// for the post, and the office downloads the latest letter as a PDF for a window envelope, with
// the amounts, the term and the costs as recorded. Before a reminder there is no letter (409);
// an invoice the actor cannot see is not found (404); every download is in the audit log (D22).
func TestLetterForThePost(t *testing.T) {
	x := newFixture(t)
	T := x.today
	id, nummer := x.invoice(t, "", 300_000, T.AddDays(-21))
	x.pay(t, id, 40_000)
	mux := http.NewServeMux()
	for _, rt := range aanmaning.New(httpapi.Kit{Logger: slog.New(slog.DiscardHandler)}, x.d.DB, site) {
		mux.Handle(rt.Pattern(), rt.Handler)
	}
	admin := tenants.Actor{UserID: uuid.New(), Role: tenants.Admin}
	get := func(actor tenants.Actor, invoice string) *httptest.ResponseRecorder {
		r := httptest.NewRequest(http.MethodGet, "/api/v1/facturen/"+invoice+"/brief.pdf", nil)
		r = r.WithContext(tenants.WithActor(r.Context(), actor))
		w := httptest.NewRecorder()
		mux.ServeHTTP(w, r)
		return w
	}
	message := func(w *httptest.ResponseRecorder) string {
		var body httpapi.ErrorBody
		_ = json.Unmarshal(w.Body.Bytes(), &body)
		return body.Error.Message
	}

	if w := get(admin, id.String()); w.Code != http.StatusConflict || message(w) != "Voor deze factuur is nog geen herinnering verstuurd." {
		t.Fatalf("before a reminder: %d %s", w.Code, w.Body)
	}
	utrecht := tenants.Actor{UserID: uuid.New(), Role: tenants.Franchise, Regions: []string{"utrecht"}}
	for name, w := range map[string]*httptest.ResponseRecorder{
		"an unknown invoice": get(admin, uuid.NewString()), "not an id": get(admin, "2026-0001"),
		"another region's invoice": get(utrecht, id.String()),
	} {
		if w.Code != http.StatusNotFound || message(w) != "Factuur niet gevonden" {
			t.Errorf("%s: %d %s", name, w.Code, w.Body)
		}
	}

	if r := x.run(t, T, 10, 0); r.Herinneringen != 1 {
		t.Fatalf("reminder: %+v", r)
	}
	w := get(admin, id.String())
	if w.Code != http.StatusOK || w.Header().Get("Content-Type") != "application/pdf" ||
		!strings.Contains(w.Header().Get("Content-Disposition"), "herinnering-"+nummer+".pdf") {
		t.Fatalf("the reminder's letter: %d %v", w.Code, w.Header())
	}
	text := pdftest.Words(t, w.Body.Bytes())
	for _, want := range []string{"Herinnering: factuur " + nummer + " is nog niet betaald", "Mevrouw Jansen", "Herenstraat 1",
		"2271 AB VOORBURG", "Te betalen:", "€ 2.600,00", "al betaald", "€ 400,00", "NL91ABNA0417164300", "Onder vermelding van:",
		"verlopen op " + T.AddDays(-7).Dutch()} {
		if !strings.Contains(text, want) {
			t.Errorf("the reminder's letter lacks %q:\n%s", want, text)
		}
	}

	if r := x.run(t, T.AddDays(14), 10, 0); r.Brieven != 1 {
		t.Fatalf("14-dagenbrief: %+v", r)
	}
	w = get(admin, id.String())
	if w.Code != http.StatusOK || !strings.Contains(w.Header().Get("Content-Disposition"), "aanmaning-"+nummer+".pdf") {
		t.Fatalf("the 14-dagenbrief: %d %v", w.Code, w.Header())
	}
	termijn := aanmaning.TermijnTot(T.AddDays(14), true).Dutch()
	text = pdftest.Words(t, w.Body.Bytes())
	for _, want := range []string{"Aanmaning: factuur " + nummer, "Datum: " + T.AddDays(14).Dutch(), "€ 2.600,00", "binnen 14 dagen",
		"de dag nadat u deze brief", "uiterlijk op " + termijn, "incassokosten", "€ 385,00", "geen btw", "€ 2.985,00",
		"NL91ABNA0417164300", nummer} {
		if !strings.Contains(text, want) {
			t.Errorf("the 14-dagenbrief lacks %q:\n%s", want, text)
		}
	}

	var audited int
	x.d.As(t, tenants.SystemActor(), func(tx pgx.Tx) error {
		return tx.QueryRow(context.Background(), `SELECT count(*) FROM audit_log
			WHERE action = 'download' AND entity = 'factuur_brief' AND entity_id = $1 AND actor_id = $2 AND regio = 'den-haag'`,
			id.String(), admin.UserID).Scan(&audited)
	})
	if audited != 2 {
		t.Errorf("%d downloads audited, want 2", audited)
	}
}
