package klusser

import (
	"context"
	"fmt"
	"sync"
	"time"

	"github.com/go-kit/kit/endpoint"
	"golang.org/x/sync/singleflight"

	"github.com/klusmaat/klusmaat/tenants/list"
)

// ShowcaseTTL is how long a showcase page is kept. A change made through this process's klussers
// screen or showcase photos is shown at once (ForgetAfter); one that reaches the profiles another
// way (through another server process, the seed, SQL by hand) is shown within this time.
const ShowcaseTTL = 5 * time.Second

// showcaseReadTimeout bounds the read that the requests which miss share: it does not end with
// the request that began it, so the database's own timeout would be the only bound.
const showcaseReadTimeout = 10 * time.Second

// maxShowcasePages bounds the pages kept: the site asks for one, and a visitor who asks for every
// page number must not grow the cache without bound.
const maxShowcasePages = 64

// ShowcaseCache keeps the showcase's pages for a while (ShowcaseTTL). The showcase is the same
// for every visitor, whoever asks (the public_klussers view shows the same rows to every actor,
// migration 007), and is the site's most read list: each read cost a proved transaction, about
// 450 µs of CPU for a page that changes a few times a day (make load). Requests that find no page
// share one read. The klussers screen and the showcase photos forget every page after each write,
// so the back office sees its change at once on this server (within ShowcaseTTL on others).
type ShowcaseCache struct {
	ttl time.Duration
	now func() time.Time

	mu    sync.Mutex
	gen   uint64 // writes forgotten so far: a read begun before one is not kept
	pages map[string]showcasePage
	reads singleflight.Group
}

type showcasePage struct {
	page    list.Page[ShowcaseKlusser]
	expires time.Time
}

// NewShowcaseCache returns an empty cache that keeps a page for ttl.
func NewShowcaseCache(ttl time.Duration) *ShowcaseCache {
	return &ShowcaseCache{ttl: ttl, now: time.Now, pages: map[string]showcasePage{}}
}

// Forget drops every page: the next request reads the showcase again.
func (c *ShowcaseCache) Forget() {
	c.mu.Lock()
	c.gen++
	clear(c.pages)
	c.mu.Unlock()
}

// ForgetAfter is an endpoint middleware for writes that may change what the showcase shows: after
// the write's transaction has ended, the pages are forgotten (also after a refusal, which changed
// nothing: forgetting costs one read).
func (c *ShowcaseCache) ForgetAfter(next endpoint.Endpoint) endpoint.Endpoint {
	return func(ctx context.Context, request any) (any, error) {
		defer c.Forget()
		return next(ctx, request)
	}
}

// serve wraps the showcase service with the cache.
func (c *ShowcaseCache) serve(next ShowcaseService) ShowcaseService {
	return cachedShowcase{next: next, cache: c}
}

type cachedShowcase struct {
	next  ShowcaseService
	cache *ShowcaseCache
}

func (s cachedShowcase) List(ctx context.Context, p list.Params) (list.Page[ShowcaseKlusser], error) {
	c := s.cache
	// The showcase's list takes no search and no filters (ListSpec): its page, size and order
	// name a page.
	key := fmt.Sprintf("%d|%d|%s|%s", p.Page, p.PerPage, p.Sort, p.Order)
	c.mu.Lock()
	kept, ok := c.pages[key]
	gen := c.gen
	c.mu.Unlock()
	if ok && c.now().Before(kept.expires) {
		return kept.page, nil
	}
	// The read is shared by the requests that wait for it, so one that leaves does not end it; each
	// waits only as long as its own request lasts. Requests after a Forget do not join a read
	// begun before it.
	ch := c.reads.DoChan(fmt.Sprintf("%d/%s", gen, key), func() (v any, err error) {
		// singleflight re-panics a panic of a read others wait for in a goroutine of its own,
		// which would end the server; as an error it is a 500 for each of them, as any panic is
		// for its own request.
		defer func() {
			if r := recover(); r != nil {
				v, err = nil, fmt.Errorf("showcase: read panicked: %v", r)
			}
		}()
		rctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), showcaseReadTimeout)
		defer cancel()
		page, err := s.next.List(rctx, p)
		if err != nil {
			return nil, err
		}
		c.mu.Lock()
		if c.gen == gen {
			if len(c.pages) >= maxShowcasePages {
				clear(c.pages)
			}
			c.pages[key] = showcasePage{page: page, expires: c.now().Add(c.ttl)}
		}
		c.mu.Unlock()
		return page, nil
	})
	select {
	case r := <-ch:
		if r.Err != nil {
			return list.Page[ShowcaseKlusser]{}, r.Err
		}
		return r.Val.(list.Page[ShowcaseKlusser]), nil
	case <-ctx.Done():
		return list.Page[ShowcaseKlusser]{}, ctx.Err()
	}
}
