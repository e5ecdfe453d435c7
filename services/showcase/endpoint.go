package showcase

import (
	"github.com/go-kit/kit/endpoint"

	"github.com/klusmaat/klusmaat/services/httpapi"
)

// Endpoints collects the showcase's go-kit endpoints.
type Endpoints struct {
	List endpoint.Endpoint
}

// MakeEndpoints adapts the service to endpoints; nothing else happens here.
func MakeEndpoints(s Service) Endpoints {
	return Endpoints{List: httpapi.Typed(s.List)}
}
