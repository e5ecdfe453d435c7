package audit_test

import (
	"net/http"
	"testing"

	"github.com/google/uuid"

	"github.com/klusmaat/klusmaat/services/audit"
	"github.com/klusmaat/klusmaat/services/klus"
	"github.com/klusmaat/klusmaat/services/server/servertest"
	"github.com/klusmaat/klusmaat/tenants/calendar"
	"github.com/klusmaat/klusmaat/tenants/list"
)

// The audit page: filters on who, what, when and job (D22, D25).
func TestAuditList(t *testing.T) {
	b := servertest.NewBackOffice(t, servertest.Options{Work: false})
	jobID := b.Job(t, servertest.Job{})
	other := b.Job(t, servertest.Job{})
	for _, st := range []string{"bezig", "afgerond"} {
		b.Call(t, b.Admin, http.MethodPost, "/api/v1/klussen/"+jobID.String()+"/status", klus.StatusForm{Status: st}, nil)
	}
	b.Call(t, b.Admin, http.MethodPost, "/api/v1/klussen/"+other.String()+"/archive", nil, nil)
	type page = list.Page[audit.Entry]
	today := calendar.System.Today()
	for q, want := range map[string]int{
		"":                                   3,
		"entity_id=" + jobID.String():        2,
		"action=archive":                     1,
		"actor_id=" + b.ID(b.Admin).String(): 3,
		"actor_id=" + uuid.NewString():       0,
		"q=anna":                             3,
		"van=" + today.String() + "&tot=" + today.String(): 3,
		"van=" + today.AddDays(1).String():                 0,
	} {
		var p page
		if s := b.Call(t, b.Admin, http.MethodGet, "/api/v1/audit?"+q, nil, &p); s != http.StatusOK || p.Total != want {
			t.Errorf("?%s: %d total %d, want %d", q, s, p.Total, want)
		}
	}
	var p page
	b.Call(t, b.Admin, http.MethodGet, "/api/v1/audit?entity_id="+jobID.String(), nil, &p)
	if len(p.Data) != 2 || p.Data[0].Action != "status" || p.Data[0].ActorNaam == nil || *p.Data[0].ActorNaam != "Anna Admin" ||
		string(p.Data[0].After) == "null" || p.Data[0].OccurredAt.Before(p.Data[1].OccurredAt) {
		t.Errorf("job history: %+v", p.Data)
	}
	var e servertest.APIError
	if s := b.Call(t, b.Admin, http.MethodGet, "/api/v1/audit?van=gisteren", nil, &e); s != http.StatusBadRequest || e.Error.Fields["van"] == "" {
		t.Errorf("bad date: %d %+v", s, e)
	}
	if s := b.Call(t, b.Franchise, http.MethodGet, "/api/v1/audit", nil, nil); s != http.StatusForbidden {
		t.Errorf("franchise reads the audit log: %d", s)
	}
}
