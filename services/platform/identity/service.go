package identity

import (
	"context"
	"errors"
	"slices"

	"github.com/klusmaat/klusmaat/tenants/domainerr"
)

// Service answers who the signed-in user is.
type Service interface {
	// Me returns the signed-in user with roles, regions and second-factor state.
	Me(ctx context.Context) (Me, error)
}

// NewService returns the identity service.
func NewService(k *Kratos) Service { return &service{kratos: k} }

type service struct{ kratos *Kratos }

func (s *service) Me(ctx context.Context) (Me, error) {
	sess := SessionFrom(ctx)
	if sess == nil {
		return Me{}, domainerr.ErrUnauthenticated // the answer says why, if the session middleware knows
	}
	roles := make([]string, 0, len(sess.Roles))
	for _, r := range sess.Roles {
		roles = append(roles, string(r))
	}
	slices.Sort(roles)
	regions := sess.Regions
	if regions == nil {
		regions = []string{}
	}
	enrolled, err := s.mfaEnrolled(ctx, sess)
	if err != nil {
		return Me{}, err
	}
	return Me{
		ID: sess.IdentityID.String(), Email: sess.Email, Naam: sess.Name,
		Role: string(PrimaryRole(sess.Roles)), Roles: roles, Regions: regions,
		AAL: sess.AAL, MFAEnrolled: enrolled,
	}, nil
}

// mfaEnrolled asks Kratos's admin API whether the identity has a TOTP credential.
func (s *service) mfaEnrolled(ctx context.Context, sess *Session) (bool, error) {
	ident, resp, err := s.kratos.Admin.GetIdentity(ctx, sess.IdentityID.String()).IncludeCredential([]string{"totp"}).Execute()
	if resp != nil {
		defer resp.Body.Close()
	}
	if err != nil {
		return false, errors.Join(errors.New("identity: get identity"), err)
	}
	c, ok := ident.GetCredentialsOk()
	if !ok || c == nil {
		return false, nil
	}
	totp, ok := (*c)["totp"]
	return ok && len(totp.Identifiers) > 0, nil
}

// Me is the signed-in user as the front ends see it.
type Me struct {
	ID          string   `json:"id"`
	Email       string   `json:"email"`
	Naam        string   `json:"naam"`
	Role        string   `json:"role" doc:"admin, franchise, klusser, of authenticated zonder rol"`
	Roles       []string `json:"roles"`
	Regions     []string `json:"regions"`
	AAL         string   `json:"aal" doc:"aal1 (wachtwoord) of aal2 (met tweede factor)"`
	MFAEnrolled bool     `json:"mfa_enrolled"`
}
