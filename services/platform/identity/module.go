package identity

import "github.com/klusmaat/klusmaat/services/platform/httpapi"

// New is the identity module: GET /api/v1/me, answered from the session and Kratos, through k's
// standard chain. The /.ory/ proxy and the session middleware are mounted by the server itself:
// they are no endpoints.
func New(k httpapi.Kit, kratos *Kratos) []httpapi.Route {
	return k.Routes(routes(NewService(kratos))...)
}
