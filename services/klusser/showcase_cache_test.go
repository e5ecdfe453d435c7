package klusser

import (
	"context"
	"errors"
	"sync"
	"testing"
	"time"

	"github.com/klusmaat/klusmaat/tenants/list"
)

// countingShowcase answers pages named after its reads: "read 1", "read 2", ... . When hold is
// set, a read waits for it after it has taken its number, and started is told.
type countingShowcase struct {
	mu      sync.Mutex
	reads   int
	err     error
	hold    chan struct{}
	started chan struct{}
}

// waitStarted waits until a read has begun, and fails the test instead of hanging when none does.
func (c *countingShowcase) waitStarted(t *testing.T) {
	t.Helper()
	select {
	case <-c.started:
	case <-time.After(10 * time.Second):
		t.Fatal("no read began")
	}
}

func (c *countingShowcase) List(context.Context, list.Params) (list.Page[ShowcaseKlusser], error) {
	c.mu.Lock()
	c.reads++
	n, err := c.reads, c.err
	c.mu.Unlock()
	if c.hold != nil {
		c.started <- struct{}{}
		<-c.hold
	}
	if err != nil {
		return list.Page[ShowcaseKlusser]{}, err
	}
	return list.Page[ShowcaseKlusser]{Data: []ShowcaseKlusser{{Naam: "read " + string(rune('0'+n))}}, Total: 1}, nil
}

// heldShowcase is a cache in front of a counting showcase whose reads wait for its hold, for the
// tests of requests that overlap a read; waiting is how many reads may have begun unseen.
func heldShowcase(waiting int) (*countingShowcase, *ShowcaseCache, ShowcaseService) {
	next := &countingShowcase{hold: make(chan struct{}), started: make(chan struct{}, waiting)}
	c := NewShowcaseCache(time.Hour)
	return next, c, c.serve(next)
}

// answer is what a request in the background got: the first klusser's name, or an error.
type answer struct {
	naam string
	err  error
}

// listInBackground asks s for page p on a goroutine of its own, so that a test can hold the read.
func listInBackground(ctx context.Context, s ShowcaseService, p list.Params) <-chan answer {
	got := make(chan answer, 1)
	go func() {
		page, err := s.List(ctx, p)
		a := answer{err: err}
		if err == nil && len(page.Data) > 0 {
			a.naam = page.Data[0].Naam
		}
		got <- a
	}()
	return got
}

func naam(t *testing.T, s ShowcaseService, p list.Params) string {
	t.Helper()
	page, err := s.List(context.Background(), p)
	if err != nil {
		t.Fatal(err)
	}
	return page.Data[0].Naam
}

func TestShowcaseCacheKeepsAPageForItsTTL(t *testing.T) {
	next := &countingShowcase{}
	c := NewShowcaseCache(5 * time.Second)
	now := time.Date(2026, 11, 27, 12, 0, 0, 0, time.UTC)
	c.now = func() time.Time { return now }
	s := c.serve(next)
	first := list.Params{Page: 1, PerPage: 100, Sort: "gemiddelde_beoordeling", Order: list.Desc}
	if got := naam(t, s, first); got != "read 1" {
		t.Fatalf("first request: %q", got)
	}
	now = now.Add(4 * time.Second)
	if got := naam(t, s, first); got != "read 1" {
		t.Errorf("within the TTL the page is read again: %q", got)
	}
	other := first
	other.Sort = "naam"
	if got := naam(t, s, other); got != "read 2" {
		t.Errorf("another sort is another page: %q", got)
	}
	now = now.Add(2 * time.Second)
	if got := naam(t, s, first); got != "read 3" {
		t.Errorf("after the TTL the page is kept: %q", got)
	}
}

// A write through the klussers screen (ForgetAfter) shows on the next request, and a refused
// write forgets too.
func TestShowcaseCacheForgetsAfterAWrite(t *testing.T) {
	next := &countingShowcase{}
	c := NewShowcaseCache(time.Hour)
	s := c.serve(next)
	p := list.Params{Page: 1, PerPage: 100}
	naam(t, s, p)
	write := c.ForgetAfter(func(context.Context, any) (any, error) { return "opgeslagen", nil })
	if _, err := write(context.Background(), nil); err != nil {
		t.Fatal(err)
	}
	if got := naam(t, s, p); got != "read 2" {
		t.Errorf("after a write: %q, want a new read", got)
	}
	refused := c.ForgetAfter(func(context.Context, any) (any, error) { return nil, errors.New("refused") })
	if _, err := refused(context.Background(), nil); err == nil {
		t.Fatal("the refusal was lost")
	}
	if got := naam(t, s, p); got != "read 3" {
		t.Errorf("after a refused write: %q, want a new read", got)
	}
}

// A read that began before a write may have seen the old showcase: it answers its own request but
// is not kept, and a request after the write does not wait for it.
func TestShowcaseCacheKeepsNoReadBegunBeforeAWrite(t *testing.T) {
	next, c, s := heldShowcase(2)
	p := list.Params{Page: 1, PerPage: 100}
	old := listInBackground(context.Background(), s, p)
	next.waitStarted(t)
	c.Forget()
	fresh := listInBackground(context.Background(), s, p)
	next.waitStarted(t) // the request after the write reads for itself
	next.hold <- struct{}{}
	next.hold <- struct{}{}
	if got := <-old; got.naam != "read 1" {
		t.Errorf("the old read answered %+v", got)
	}
	if got := <-fresh; got.naam != "read 2" {
		t.Errorf("the request after the write got %+v", got)
	}
	next.hold = nil
	if got := naam(t, s, p); got != "read 2" {
		t.Errorf("kept: %q, want the read begun after the write", got)
	}
}

func TestShowcaseCacheKeepsNoError(t *testing.T) {
	next := &countingShowcase{err: errors.New("database away")}
	c := NewShowcaseCache(time.Hour)
	s := c.serve(next)
	if _, err := s.List(context.Background(), list.Params{Page: 1}); err == nil {
		t.Fatal("the error was lost")
	}
	next.err = nil
	if got := naam(t, s, list.Params{Page: 1}); got != "read 2" {
		t.Errorf("after an error: %q, want a new read", got)
	}
}

// A request that leaves stops waiting for the shared read; the read goes on for the others and is
// kept.
func TestShowcaseCacheWaitsNoLongerThanItsRequest(t *testing.T) {
	next, c, s := heldShowcase(1)
	p := list.Params{Page: 1, PerPage: 100}
	ctx, cancel := context.WithCancel(context.Background())
	left := listInBackground(ctx, s, p)
	next.waitStarted(t)
	cancel()
	select {
	case got := <-left:
		if !errors.Is(got.err, context.Canceled) {
			t.Errorf("the request that left got %v", got.err)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("the request that left still waits for the shared read")
	}
	next.hold <- struct{}{}
	next.hold = nil
	// The shared read ends and keeps its page on its own goroutine; wait for the page, then ask.
	deadline := time.Now().Add(10 * time.Second)
	for {
		c.mu.Lock()
		kept := len(c.pages)
		c.mu.Unlock()
		if kept == 1 {
			break
		}
		if time.Now().After(deadline) {
			t.Fatal("the shared read kept no page after the request that began it left")
		}
		time.Sleep(time.Millisecond)
	}
	if got := naam(t, s, p); got != "read 1" {
		t.Errorf("after the request left: %q, want the shared read kept", got)
	}
}

// A read that panics answers an error to every request that waited for it, and the server goes on.
func TestShowcaseCacheTurnsAPanickingReadIntoAnError(t *testing.T) {
	c := NewShowcaseCache(time.Hour)
	s := c.serve(panickingShowcase{})
	if _, err := s.List(context.Background(), list.Params{Page: 1}); err == nil {
		t.Fatal("a panicking read answered no error")
	}
}

type panickingShowcase struct{}

func (panickingShowcase) List(context.Context, list.Params) (list.Page[ShowcaseKlusser], error) {
	panic("store broke")
}

// Every page number a visitor asks for is a page of its own, and there are at most
// maxShowcasePages of them.
func TestShowcaseCacheIsBounded(t *testing.T) {
	next := &countingShowcase{}
	c := NewShowcaseCache(time.Hour)
	s := c.serve(next)
	for page := 1; page <= 3*maxShowcasePages; page++ {
		if _, err := s.List(context.Background(), list.Params{Page: page, PerPage: 100}); err != nil {
			t.Fatal(err)
		}
		c.mu.Lock()
		n := len(c.pages)
		c.mu.Unlock()
		if n > maxShowcasePages {
			t.Fatalf("%d pages kept", n)
		}
	}
}
