package werkbon_test

import (
	"fmt"
	"net/http"
	"testing"

	"github.com/google/uuid"

	"github.com/klusmaat/klusmaat/services/klus"
	"github.com/klusmaat/klusmaat/services/server/servertest"
	"github.com/klusmaat/klusmaat/services/werkbon"
)

// Issue 39 item 9: a job the admin assigned directly (or dragged onto a klusser on the planning
// board, the same assignment) has no planned start time yet. Its klusser arrives and presses
// 'Start timer': the timer starts and the job goes bezig, as for a job the klusser planned itself.
func TestTimerStartsOnAJobTheAdminAssignedWithoutAPlannedTime(t *testing.T) {
	b := servertest.NewBackOffice(t, servertest.Options{Files: true})
	for _, assignment := range []string{"", "pool"} {
		t.Run("assignment "+fmt.Sprint(assignment == "pool"), func(t *testing.T) {
			jobID := b.Job(t, servertest.Job{Assignment: assignment})
			var a klus.Answer
			if s := b.Call(t, b.Admin, http.MethodPost, fmt.Sprintf("/api/v1/klussen/%s/assign", jobID),
				klus.AssignForm{KlusserID: b.ID(b.Piet)}, &a); s != http.StatusOK || a.Data.Status != "ingepland" {
				t.Fatalf("assign: %d %+v", s, a)
			}
			var w werkbon.Werkbon
			if s := b.Call(t, b.Piet, http.MethodPost, "/api/v1/klusser/klussen/"+jobID.String()+"/werkbon", nil, &w); s != http.StatusOK {
				t.Fatalf("open work order: %d", s)
			}
			var started werkbon.Werkbon
			if s := b.Call(t, b.Piet, http.MethodPost, servertest.WerkbonPath(w.ID, "/start"), werkbon.Start{ClientID: uuid.New()}, &started); s != http.StatusOK {
				t.Fatalf("start on an assigned job without a planned time: %d", s)
			}
			if started.StartTijd == nil || started.StartBron != "server" || started.Klus.Status != "bezig" {
				t.Fatalf("started: %+v", started)
			}
			// A reload reads the same: the clock runs on the server, the job is bezig.
			var again werkbon.Werkbon
			b.Call(t, b.Piet, http.MethodPost, "/api/v1/klusser/klussen/"+jobID.String()+"/werkbon", nil, &again)
			if again.StartTijd == nil || !again.StartTijd.Equal(*started.StartTijd) || again.Klus.Status != "bezig" {
				t.Fatalf("after a reload: %+v", again)
			}
		})
	}
}

// Issue 39 item 12: a klusser that claimed a pool job on one phone and presses 'Pak deze klus' on
// its other phone (the pool there not yet refreshed) hears that the job is already its own, not
// that another klusser took it; another klusser still hears that.
func TestClaimingOwnJobAgainSaysItIsYours(t *testing.T) {
	p := servertest.NewPortal(t, servertest.Options{})
	pooled := p.Job(t, servertest.Job{Assignment: "pool"})
	piet := p.Klusser(t, "Piet Bakker", "06 12 34 56 01", "den-haag")
	klaas := p.Klusser(t, "Klaas Visser", "06 12 34 56 03", "den-haag")
	if s := p.Call(t, piet, http.MethodPost, servertest.ClaimPath(pooled), nil, nil); s != http.StatusOK {
		t.Fatalf("first claim: %d", s)
	}
	var e servertest.APIError
	if s := p.Call(t, piet, http.MethodPost, servertest.ClaimPath(pooled), nil, &e); s != http.StatusConflict || e.Error.Code != "already_yours" ||
		e.Error.Message != "Je hebt deze klus al opgepakt, bijvoorbeeld op je andere telefoon. Hij staat in je agenda." {
		t.Fatalf("same klusser claiming again: %d %+v", s, e)
	}
	var other servertest.APIError
	if s := p.Call(t, klaas, http.MethodPost, servertest.ClaimPath(pooled), nil, &other); s != http.StatusConflict ||
		other.Error.Message != "Deze klus is net door een andere klusser opgepakt." {
		t.Fatalf("another klusser: %d %+v", s, other)
	}
}
