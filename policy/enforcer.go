// Package policy decides which role may do what in which region (D4). The rules are a Casbin
// model and policy (model.conf, policy.csv) embedded in the binary and loaded at start-up; the
// middleware applies them to every /api route before the route's service sees the request.
// Row-level security in PostgreSQL enforces the same rules again, row by row.
package policy

import (
	_ "embed"
	"fmt"
	"slices"
	"strings"
	"sync"

	"github.com/casbin/casbin/v2"
	"github.com/casbin/casbin/v2/model"
	stringadapter "github.com/casbin/casbin/v2/persist/string-adapter"

	"github.com/klusmaat/klusmaat/tenants"
)

var (
	//go:embed model.conf
	modelText string
	//go:embed policy.csv
	policyText string
)

// The request domains of model.conf.
const (
	DomainNone  = ""      // the request names no region
	DomainOwn   = "own"   // a region the actor belongs to
	DomainOther = "other" // a region the actor does not belong to
)

// Enforcer answers authorization questions. It is safe for concurrent use: the policy is loaded
// once and never changes while the server runs.
//
// Because the policy never changes, every answer is remembered: a question is four short strings
// (role, region seen from the actor, resource, action), at most a few hundred distinct ones, and
// Casbin evaluates its matcher expression anew on every call, which was the largest Go-side cost
// of an API request in make profile (its allocations alone a sixth of a list read's).
type Enforcer struct {
	e *casbin.Enforcer

	mu       sync.RWMutex
	decision map[question]bool // a map, not a sync.Map: its key would escape to the heap per call
}

// question is one authorization question in the terms of model.conf's request.
type question struct{ sub, dom, obj, act string }

// New loads the embedded model and policy.
func New() (*Enforcer, error) {
	m, err := model.NewModelFromString(modelText)
	if err != nil {
		return nil, fmt.Errorf("policy: model: %w", err)
	}
	e, err := casbin.NewEnforcer(m, stringadapter.NewAdapter(stripComments(policyText)))
	if err != nil {
		return nil, fmt.Errorf("policy: enforcer: %w", err)
	}
	return &Enforcer{e: e, decision: map[question]bool{}}, nil
}

// stripComments drops comment and blank lines, which the string adapter does not skip.
func stripComments(s string) string {
	var out []string
	for _, line := range strings.Split(s, "\n") {
		line = strings.TrimSpace(line)
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		out = append(out, line)
	}
	return strings.Join(out, "\n")
}

// Domain tells where region lies for actor: no region, one of its own, or another tenant's.
func Domain(actor tenants.Actor, region string) string {
	switch {
	case region == "":
		return DomainNone
	case slices.Contains(actor.Regions, region):
		return DomainOwn
	default:
		return DomainOther
	}
}

// Allowed reports whether actor may perform action on resource in region ("" for none).
func (p *Enforcer) Allowed(actor tenants.Actor, region, resource, action string) bool {
	q := question{string(actor.Role), Domain(actor, region), resource, action}
	p.mu.RLock()
	ok, seen := p.decision[q]
	p.mu.RUnlock()
	if seen {
		return ok
	}
	ok, err := p.e.Enforce(q.sub, q.dom, q.obj, q.act)
	if err != nil {
		// A matcher that cannot be evaluated denies, and is asked again next time rather than
		// remembered.
		return false
	}
	p.mu.Lock()
	p.decision[q] = ok
	p.mu.Unlock()
	return ok
}

// Known reports whether the policy mentions resource and action at all; the server refuses to
// mount a route whose permission nobody could ever have (a typo would otherwise deny silently).
func (p *Enforcer) Known(resource, action string) bool {
	rules, _ := p.e.GetPolicy()
	for _, r := range rules {
		if len(r) == 4 && r[2] == resource && r[3] == action {
			return true
		}
	}
	return false
}

// Rules returns every (resource, action) pair of the policy, sorted; the tests enumerate them.
func (p *Enforcer) Rules() [][2]string {
	seen := map[[2]string]bool{}
	rules, _ := p.e.GetPolicy()
	for _, r := range rules {
		if len(r) == 4 {
			seen[[2]string{r[2], r[3]}] = true
		}
	}
	out := make([][2]string, 0, len(seen))
	for k := range seen {
		out = append(out, k)
	}
	slices.SortFunc(out, func(a, b [2]string) int { return strings.Compare(a[0]+"/"+a[1], b[0]+"/"+b[1]) })
	return out
}
