package klus

import (
	"context"
	"log/slog"
	"net/http"

	"github.com/go-kit/kit/endpoint"
	"github.com/google/uuid"

	"github.com/klusmaat/klusmaat/services/platform/httpapi"
	"github.com/klusmaat/klusmaat/tenants/list"
)

// StatusForm is the body of a status change.
type StatusForm struct {
	Status string `json:"status" doc:"open, ingepland, bezig of afgerond"`
}

// LogAttrs keeps the status.
func (f StatusForm) LogAttrs() []slog.Attr { return []slog.Attr{slog.String("status", f.Status)} }

// AssignForm is the body of an assignment.
type AssignForm struct {
	KlusserID uuid.UUID `json:"klusser_id"`
}

// LogAttrs keeps the klusser.
func (f AssignForm) LogAttrs() []slog.Attr { return []slog.Attr{slog.Any("klusser_id", f.KlusserID)} }

// LogAttrs keeps the assignment, not the customer.
func (n CreateForm) LogAttrs() []slog.Attr {
	return []slog.Attr{slog.String("toewijzing", n.Toewijzing)}
}

// CountsSpec is what the status cards accept: the list's filters but status (D25).
var CountsSpec = list.Spec{
	Sorts: []string{"datum"}, DefaultSort: "datum", DefaultOrder: list.Desc,
	Filters: []list.Filter{Spec.Filters[1], Spec.Filters[2], Spec.Filters[3], Spec.Filters[4]},
	Search:  Spec.Search,
}

var decodeIDRequest = httpapi.DecodeIDRequest(ErrNotFound, "klus_id")

var (
	decodeUpdate = httpapi.DecodeIDBodyOf[Form](ErrNotFound, "klus_id", 0)
	decodeStatus = httpapi.DecodeIDBodyOf[StatusForm](ErrNotFound, "klus_id", 0)
	decodeAssign = httpapi.DecodeIDBodyOf[AssignForm](ErrNotFound, "klus_id", 0)
)

func decodeCounts(_ context.Context, r *http.Request) (any, error) {
	p, err := list.Parse(&CountsSpec, r.URL.Query())
	if err != nil {
		return nil, err
	}
	return FilterOf(p), nil
}

func first(v []string) string {
	if len(v) == 0 {
		return ""
	}
	return v[0]
}

// LogAttrs keeps the filters' shape only.
func (f Filter) LogAttrs() []slog.Attr {
	return []slog.Attr{slog.Int("regios", len(f.Regio)), slog.String("archived", f.Archived)}
}

// The endpoints that adapt a method's arguments.

func makeGetEndpoint(s BeheerService) endpoint.Endpoint {
	return httpapi.Typed(func(ctx context.Context, r httpapi.IDRequest) (One, error) {
		return httpapi.OneOf(s.Get(ctx, r.ID))
	})
}

// One is a job as one record ({"data": ...}, react-admin's getOne).
type One = httpapi.One[Detail]

func makeCountsEndpoint(s BeheerService) endpoint.Endpoint {
	return httpapi.Typed(func(ctx context.Context, f Filter) (CountsAnswer, error) {
		return httpapi.OneOf(s.Counts(ctx, f))
	})
}

func makeStatusEndpoint(s BeheerService) endpoint.Endpoint {
	return httpapi.Typed(func(ctx context.Context, r httpapi.IDBody[StatusForm]) (Answer, error) {
		return s.SetStatus(ctx, r.ID, r.Body.Status)
	})
}

func makeAssignEndpoint(s BeheerService) endpoint.Endpoint {
	return httpapi.Typed(func(ctx context.Context, r httpapi.IDBody[AssignForm]) (Answer, error) {
		return s.Assign(ctx, r.ID, r.Body.KlusserID)
	})
}
