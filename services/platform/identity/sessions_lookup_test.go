package identity

import (
	"context"
	"net/http"
	"net/http/httptest"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/klusmaat/klusmaat/tenants"
)

// fakeWhoami is a Kratos whose whoami answers status, after the test lets it (release), and
// counts the calls.
type fakeWhoami struct {
	calls   atomic.Int64
	status  atomic.Int64
	release chan struct{}
}

func newFakeWhoami(t *testing.T, status int) (*fakeWhoami, *Kratos) {
	f := &fakeWhoami{release: make(chan struct{})}
	f.status.Store(int64(status))
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		f.calls.Add(1)
		<-f.release
		w.Header().Set("Content-Type", "application/json")
		w.WriteHeader(int(f.status.Load()))
		_, _ = w.Write([]byte(`{"error":{"code":401,"status":"Unauthorized","message":"no session"}}`))
	}))
	t.Cleanup(srv.Close)
	k, err := NewKratos(srv.URL, srv.URL)
	if err != nil {
		t.Fatal(err)
	}
	return f, k
}

// resolveAll resolves the cookie from n requests at once and returns their errors.
func resolveAll(s *Sessions, n int) []error {
	errs := make([]error, n)
	var wg sync.WaitGroup
	for i := range n {
		wg.Add(1)
		go func() {
			defer wg.Done()
			var e cached
			e, errs[i] = s.resolve(context.Background(), "cookie")
			if errs[i] == nil && e.actor.Role != tenants.Anonymous {
				panic("a made-up cookie resolved to " + string(e.actor.Role))
			}
		}()
	}
	wg.Wait()
	return errs
}

// Many requests of one session that find no valid cache entry ask Kratos once and share its answer.
func TestSessionsOneLookupForRequestsAtOnce(t *testing.T) {
	f, k := newFakeWhoami(t, http.StatusUnauthorized)
	s := NewSessions(k, nil, DefaultCookie, time.Minute)
	go func() {
		for f.calls.Load() == 0 {
			time.Sleep(time.Millisecond)
		}
		time.Sleep(20 * time.Millisecond) // the other requests arrive while the lookup is under way
		close(f.release)
	}()
	for _, err := range resolveAll(s, 32) {
		if err != nil {
			t.Fatal(err)
		}
	}
	if n := f.calls.Load(); n != 1 {
		t.Fatalf("32 requests at once asked Kratos %d times; want once", n)
	}
}

// In the last fifth of the TTL one request asks Kratos again, the others keep the entry; a
// failed refresh keeps the entry until the TTL ends, after which Kratos's failure is the answer.
func TestSessionsRefreshAheadKeepsServing(t *testing.T) {
	f, k := newFakeWhoami(t, http.StatusUnauthorized)
	close(f.release)
	s := NewSessions(k, nil, DefaultCookie, 10*time.Second)
	now := time.Date(2026, 11, 27, 9, 0, 0, 0, time.UTC)
	s.now = func() time.Time { return now }
	if errs := resolveAll(s, 1); errs[0] != nil {
		t.Fatal(errs[0])
	}

	now = now.Add(7 * time.Second) // within the TTL, before its last fifth: the cache answers
	resolveAll(s, 8)
	if n := f.calls.Load(); n != 1 {
		t.Fatalf("Kratos asked %d times within the TTL; want once", n)
	}

	now = now.Add(2 * time.Second) // the last fifth: refreshed, and Kratos is away
	f.status.Store(http.StatusServiceUnavailable)
	for _, err := range resolveAll(s, 1) {
		if err != nil {
			t.Fatalf("a failed refresh ahead of the TTL's end: %v; want the cached entry", err)
		}
	}
	if n := f.calls.Load(); n != 2 {
		t.Fatalf("Kratos asked %d times; want a second time in the TTL's last fifth", n)
	}

	now = now.Add(2 * time.Second) // past the TTL: Kratos's failure is the answer (503 upstream)
	if errs := resolveAll(s, 1); errs[0] == nil {
		t.Fatal("an expired entry was used while Kratos was away")
	}
}

// A request after a logout (or a change of roles) does not share a lookup that began before it:
// that answer may be the session as it was.
func TestSessionsNoSharedLookupAcrossAForget(t *testing.T) {
	f, k := newFakeWhoami(t, http.StatusUnauthorized)
	s := NewSessions(k, nil, DefaultCookie, time.Minute)
	first := make(chan error, 1)
	go func() { first <- resolveAll(s, 1)[0] }()
	for f.calls.Load() == 0 {
		time.Sleep(time.Millisecond)
	}
	s.Forget("cookie")
	second := make(chan error, 1)
	go func() { second <- resolveAll(s, 1)[0] }()
	for deadline := time.Now().Add(5 * time.Second); f.calls.Load() < 2 && time.Now().Before(deadline); {
		time.Sleep(time.Millisecond)
	}
	close(f.release)
	if err := <-first; err != nil {
		t.Fatal(err)
	}
	if err := <-second; err != nil {
		t.Fatal(err)
	}
	if n := f.calls.Load(); n != 2 {
		t.Fatalf("Kratos asked %d times; the request after Forget must look the session up itself", n)
	}
}
