// Package accounts creates and deletes user accounts: an Ory Kratos identity with a password, the
// user's roles and its profile, as one operation (D14). If a database step fails after Kratos made
// the identity, the identity is removed again, so no one is left able to sign in without a role.
// Later services (new klusser, account from an application) call it; it has no routes of its own.
package accounts

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"net/mail"
	"slices"
	"strings"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	ory "github.com/ory/kratos-client-go"

	"github.com/klusmaat/klusmaat/services/platform/identity"
	"github.com/klusmaat/klusmaat/tenants"
	"github.com/klusmaat/klusmaat/tenants/domainerr"
)

// Service manages accounts.
type Service interface {
	// Create makes the identity, profile and role of a new account and returns its id.
	Create(ctx context.Context, a NewAccount) (uuid.UUID, error)
	// Delete removes an account: profile, roles and identity.
	Delete(ctx context.Context, id uuid.UUID) error
	// Remove is Delete with first, in the same transaction, before: the caller's own checks and
	// records (that the account is a klusser, the audit row). The identity goes last.
	Remove(ctx context.Context, id uuid.UUID, before func(ctx context.Context, tx pgx.Tx) error) error
	// EnsureIdentity returns the id of the identity with this e-mail, creating it with the
	// password if there is none (demo data).
	EnsureIdentity(ctx context.Context, email, naam, password string) (uuid.UUID, error)
}

// NewAccount is what Create needs. Profile fields beyond name and e-mail are optional.
type NewAccount struct {
	Email, Naam, Password  string
	Role                   tenants.Role
	Regions                []string
	Telefoon, Adres        string
	Postcode, Woonplaats   string
	Leeftijd               *int
	HeeftVOG, HeeftVervoer bool
	Motivatie, Ervaring    string
	Beschikbaarheid        []string
	// After runs in the transaction that stores the profile and role, with the new account's id:
	// what else belongs to the one operation (an application's VOG and its link to the profile).
	// If it fails, nothing is stored and the identity is removed again (D14).
	After func(ctx context.Context, tx pgx.Tx, id uuid.UUID) error
}

// ErrDuplicate: an account with this e-mail exists (document 001 section 8 rewrites the server's
// duplicate-user error to this message).
var ErrDuplicate = domainerr.Conflict("duplicate_user", "Er bestaat al een gebruiker met dit e-mailadres. Controleer de lijst met klussers.")

// ErrUnreachable: Kratos did not answer; nothing was changed.
var ErrUnreachable = domainerr.Unavailable("identity_unavailable", "Het inlogsysteem is even niet bereikbaar. Probeer het over een paar minuten opnieuw.")

// NewService returns the account service.
func NewService(k *identity.Kratos, db *tenants.DB) Service { return &service{kratos: k, db: db} }

type service struct {
	kratos *identity.Kratos
	db     *tenants.DB
}

const schemaID = "klusmaat"

func (s *service) Create(ctx context.Context, a NewAccount) (uuid.UUID, error) {
	a.Email = strings.ToLower(strings.TrimSpace(a.Email))
	a.Naam = strings.TrimSpace(a.Naam)
	if err := validate(a); err != nil {
		return uuid.Nil, err
	}
	id, err := s.createIdentity(ctx, a.Email, a.Naam, a.Password)
	if err != nil {
		return uuid.Nil, err
	}
	err = s.db.Tx(ctx, func(tx pgx.Tx) error {
		if _, err := tx.Exec(ctx, `
			INSERT INTO profiles (id, naam, email, regio, telefoon, adres, postcode, woonplaats, leeftijd,
			                      heeft_vog, heeft_vervoer, motivatie, ervaring, beschikbaarheid)
			VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14)`,
			id, a.Naam, a.Email, nonNil(a.Regions), a.Telefoon, a.Adres, a.Postcode, a.Woonplaats, a.Leeftijd,
			a.HeeftVOG, a.HeeftVervoer, a.Motivatie, a.Ervaring, nonNil(a.Beschikbaarheid)); err != nil {
			return fmt.Errorf("insert profile: %w", err)
		}
		if _, err := tx.Exec(ctx, `INSERT INTO user_roles (user_id, role) VALUES ($1, $2)`, id, string(a.Role)); err != nil {
			return fmt.Errorf("insert role: %w", err)
		}
		if a.After != nil {
			return a.After(ctx, tx, id)
		}
		return nil
	})
	if err != nil {
		// D14: undo the identity so the half-made account cannot sign in.
		if derr := s.deleteIdentity(context.WithoutCancel(ctx), id); derr != nil {
			return uuid.Nil, errors.Join(err, fmt.Errorf("accounts: rollback of identity %s failed: %w", id, derr))
		}
		return uuid.Nil, err
	}
	return id, nil
}

func (s *service) Delete(ctx context.Context, id uuid.UUID) error { return s.Remove(ctx, id, nil) }

func (s *service) Remove(ctx context.Context, id uuid.UUID, before func(ctx context.Context, tx pgx.Tx) error) error {
	return s.db.Tx(ctx, func(tx pgx.Tx) error {
		if before != nil {
			if err := before(ctx, tx); err != nil {
				return err
			}
		}
		if _, err := tx.Exec(ctx, `DELETE FROM profiles WHERE id = $1`, id); err != nil {
			return err
		}
		if _, err := tx.Exec(ctx, `DELETE FROM user_roles WHERE user_id = $1`, id); err != nil {
			return err
		}
		// Last, inside the transaction: if Kratos refuses, the database keeps the account too.
		return s.deleteIdentity(ctx, id)
	})
}

func (s *service) EnsureIdentity(ctx context.Context, email, naam, password string) (uuid.UUID, error) {
	email = strings.ToLower(strings.TrimSpace(email))
	found, resp, err := s.kratos.Admin.ListIdentities(ctx).CredentialsIdentifier(email).Execute()
	if resp != nil {
		resp.Body.Close()
	}
	if err != nil {
		return uuid.Nil, fmt.Errorf("accounts: find identity %s: %w", email, err)
	}
	if len(found) > 0 {
		return uuid.Parse(found[0].Id)
	}
	return s.createIdentity(ctx, email, naam, password)
}

func (s *service) createIdentity(ctx context.Context, email, naam, password string) (uuid.UUID, error) {
	body := ory.CreateIdentityBody{
		SchemaId: schemaID,
		Traits:   map[string]any{"email": email, "name": naam},
		State:    ory.PtrString("active"),
		Credentials: &ory.IdentityWithCredentials{Password: &ory.IdentityWithCredentialsPassword{
			Config: &ory.IdentityWithCredentialsPasswordConfig{Password: ory.PtrString(password)},
		}},
	}
	created, resp, err := s.kratos.Admin.CreateIdentity(ctx).CreateIdentityBody(body).Execute()
	if resp != nil {
		defer resp.Body.Close()
	}
	if err != nil {
		if resp != nil && resp.StatusCode == http.StatusConflict {
			return uuid.Nil, ErrDuplicate
		}
		if resp != nil && resp.StatusCode == http.StatusBadRequest {
			return uuid.Nil, domainerr.Invalid("invalid_password",
				"Dit wachtwoord wordt niet geaccepteerd. Kies een langer wachtwoord (minstens 10 tekens) dat niet op het e-mailadres lijkt.",
				map[string]string{"password": "Kies een sterker wachtwoord."})
		}
		if resp == nil {
			return uuid.Nil, ErrUnreachable.WithCause(fmt.Errorf("accounts: create identity: %w", err))
		}
		return uuid.Nil, fmt.Errorf("accounts: create identity: %w", err)
	}
	return uuid.Parse(created.Id)
}

func (s *service) deleteIdentity(ctx context.Context, id uuid.UUID) error {
	resp, err := s.kratos.Admin.DeleteIdentity(ctx, id.String()).Execute()
	if resp != nil {
		resp.Body.Close()
		if resp.StatusCode == http.StatusNotFound {
			return nil // already gone
		}
	}
	if err != nil && resp == nil {
		return ErrUnreachable.WithCause(fmt.Errorf("accounts: delete identity %s: %w", id, err))
	}
	return err
}

var accountRoles = []tenants.Role{tenants.Admin, tenants.Franchise, tenants.Klusser}

func validate(a NewAccount) error {
	fields := map[string]string{}
	if _, err := mail.ParseAddress(a.Email); err != nil || !strings.Contains(a.Email, ".") {
		fields["email"] = "Vul een geldig e-mailadres in."
	}
	if a.Naam == "" {
		fields["naam"] = "Vul een naam in."
	}
	if len(a.Password) < 10 {
		fields["password"] = "Het wachtwoord moet minstens 10 tekens hebben."
	}
	if !slices.Contains(accountRoles, a.Role) {
		fields["role"] = "Kies een rol."
	}
	if (a.Role == tenants.Franchise || a.Role == tenants.Klusser) && len(a.Regions) == 0 {
		fields["regio"] = "Selecteer minimaal één regio"
	}
	if len(fields) > 0 {
		return domainerr.Invalid("invalid_account", "Vul alle verplichte velden in", fields)
	}
	return nil
}

func nonNil(s []string) []string {
	if s == nil {
		return []string{}
	}
	return s
}
