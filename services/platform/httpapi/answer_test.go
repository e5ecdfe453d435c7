package httpapi_test

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/klusmaat/klusmaat/services/platform/httpapi"
	"github.com/klusmaat/klusmaat/tenants/domainerr"
)

// Every kind of domain error reaches the user with its status, code, Dutch message and field
// messages, however deeply a store or service wrapped it.
func TestDomainErrorsGetTheStatusOfTheirKind(t *testing.T) {
	fields := map[string]string{"file": "Bestand mag maximaal 5MB zijn"}
	cases := []struct {
		err    *domainerr.Error
		status int
	}{
		{domainerr.Invalid("invalid_aanvraag", "Kies een categorie", map[string]string{"categorie": "Kies een categorie"}), http.StatusBadRequest},
		{domainerr.NotFound("werkbon_not_found", "Werkbon niet gevonden"), http.StatusNotFound},
		{domainerr.Conflict("werkbon_closed", "Deze werkbon is afgesloten."), http.StatusConflict},
		{domainerr.Forbidden("forbidden", "Je hebt geen toegang tot deze gegevens."), http.StatusForbidden},
		{domainerr.ErrUnauthenticated, http.StatusUnauthorized},
		{domainerr.TooLarge("file_too_large", "Bestand mag maximaal 5MB zijn", fields), http.StatusRequestEntityTooLarge},
		{domainerr.Unsupported("file_type_not_allowed", "Dit bestandstype is niet toegestaan.", fields), http.StatusUnsupportedMediaType},
		{domainerr.Unavailable("identity_unavailable", "Inloggen is op dit moment niet mogelijk."), http.StatusServiceUnavailable},
	}
	for _, c := range cases {
		err := fmt.Errorf("store: %w", c.err.WithCause(errors.New("ERROR: duplicate key value (SQLSTATE 23505)")))
		w := httptest.NewRecorder()
		httpapi.EncodeError(context.Background(), err, w)
		e := readError(t, w)
		if w.Code != c.status || e.Code != c.err.Code || e.Message != c.err.Message || fmt.Sprint(e.Fields) != fmt.Sprint(c.err.Fields) {
			t.Errorf("%s: %d %+v, want %d with its code, message and fields", c.err.Code, w.Code, e, c.status)
		}
		if strings.Contains(w.Body.String(), "SQLSTATE") {
			t.Errorf("%s: the cause leaked into the answer: %s", c.err.Code, w.Body.String())
		}
		if httpapi.StatusOf(err) != c.status {
			t.Errorf("%s: StatusOf %d, want %d", c.err.Code, httpapi.StatusOf(err), c.status)
		}
	}
}

// A copy with a cause is still the same refusal for errors.Is, so services can compare with
// their sentinels.
func TestDomainErrorCopiesMatchTheirSentinel(t *testing.T) {
	sentinel := domainerr.NotFound("file_missing", "Het bestand is niet gevonden.")
	err := fmt.Errorf("download: %w", sentinel.WithCause(errors.New("blob gone")))
	if !errors.Is(err, sentinel) || errors.Is(err, domainerr.NotFound("foto_not_found", "Foto niet gevonden")) {
		t.Fatal("errors.Is must match kind and code, and only those")
	}
	if sentinel.Err != nil {
		t.Fatal("WithCause changed the sentinel itself")
	}
	if domainerr.As(err) == nil || domainerr.As(errors.New("x")) != nil {
		t.Fatal("As finds the domain error in the chain, and only there")
	}
}

// A missing sign-in says why when the session middleware knows (the second factor is missing),
// and is a plain 401 otherwise; the service does not need to know.
func TestUnauthenticatedTakesTheRecordedReason(t *testing.T) {
	mfa := &httpapi.Error{Status: http.StatusForbidden, Code: "mfa_required", Message: "Bevestig eerst uw inlog."}
	ctx := httpapi.WithAuthHint(context.Background(), mfa)
	if a := httpapi.Answer(ctx, domainerr.ErrUnauthenticated); a.Status != http.StatusForbidden || a.Code != "mfa_required" {
		t.Errorf("with a hint: %d %s", a.Status, a.Code)
	}
	if a := httpapi.Answer(context.Background(), domainerr.ErrUnauthenticated); a.Status != http.StatusUnauthorized || a.Code != "unauthenticated" {
		t.Errorf("without a hint: %d %s", a.Status, a.Code)
	}
	// The policy middleware's refusals are the same answers.
	if u := httpapi.UnauthorizedFor(ctx); u.Code != "mfa_required" {
		t.Errorf("UnauthorizedFor with a hint: %s", u.Code)
	}
	if f := httpapi.Forbidden(); f.Status != http.StatusForbidden || f.Message != domainerr.ErrForbidden.Message {
		t.Errorf("Forbidden: %+v", f)
	}
}

// A domain error of an unknown kind is a bug, not a refusal: internal, cause logged.
func TestUnknownKindIsInternal(t *testing.T) {
	logs := captureDefaultLog(t)
	w := httptest.NewRecorder()
	httpapi.EncodeError(context.Background(), &domainerr.Error{Code: "mystery", Message: "Geheim."}, w)
	if w.Code != http.StatusInternalServerError || strings.Contains(w.Body.String(), "Geheim") || !strings.Contains(logs.String(), "mystery") {
		t.Errorf("unknown kind: %d %s; log %s", w.Code, w.Body.String(), logs.String())
	}
}
