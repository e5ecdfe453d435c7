package klus

import (
	"context"
	"log/slog"

	"github.com/go-kit/kit/endpoint"
	"github.com/google/uuid"

	"github.com/klusmaat/klusmaat/services/platform/httpapi"
)

// klusRequest names a job.
type klusRequest struct{ ID uuid.UUID }

func (r klusRequest) LogAttrs() []slog.Attr { return []slog.Attr{slog.Any("klus_id", r.ID)} }

// planRequest is a job and its chosen appointment.
type planRequest struct {
	ID uuid.UUID
	Planning
}

// LogAttrs keeps the job and the chosen moment (no personal data).
func (r planRequest) LogAttrs() []slog.Attr {
	return []slog.Attr{slog.Any("klus_id", r.ID), slog.String("datum", r.Datum), slog.String("tijd", r.Tijd)}
}

// LogAttrs keeps the job's id and status; its address and customer are never logged.
func (k Klus) LogAttrs() []slog.Attr {
	return []slog.Attr{slog.Any("klus_id", k.ID), slog.String("status", k.Status), slog.Int("changes", k.PlanningChangesCount)}
}

// The endpoints that adapt a method's arguments.

func makeOverzichtEndpoint(s PortaalService) endpoint.Endpoint {
	return httpapi.Typed(func(ctx context.Context, _ httpapi.NoInput) (Overzicht, error) { return s.Overzicht(ctx) })
}

func makePoolCountEndpoint(s PortaalService) endpoint.Endpoint {
	return httpapi.Typed(func(ctx context.Context, _ httpapi.NoInput) (Count, error) { return s.PoolCount(ctx) })
}

func makeKlusEndpoint(s PortaalService) endpoint.Endpoint {
	return httpapi.Typed(func(ctx context.Context, r klusRequest) (Klus, error) { return s.Klus(ctx, r.ID) })
}

func makeClaimEndpoint(s PortaalService) endpoint.Endpoint {
	return httpapi.Typed(func(ctx context.Context, r klusRequest) (Klus, error) { return s.Claim(ctx, r.ID) })
}

func makePlanEndpoint(s PortaalService) endpoint.Endpoint {
	return httpapi.Typed(func(ctx context.Context, r planRequest) (Klus, error) { return s.Plan(ctx, r.ID, r.Planning) })
}

func makeVerdienstenEndpoint(s PortaalService) endpoint.Endpoint {
	return httpapi.Typed(func(ctx context.Context, _ httpapi.NoInput) (Verdiensten, error) { return s.Verdiensten(ctx) })
}

func makeSupportEndpoint(s PortaalService) endpoint.Endpoint {
	return httpapi.Typed(func(ctx context.Context, _ httpapi.NoInput) (Support, error) { return s.Support(ctx) })
}
