// Kratos's go.mod replaces github.com/ory/client-go with its own internal copy, a nested module
// that is not part of the Kratos module download. Only Kratos's tests import it, never the server,
// so a module with that path and an empty package (client.go, for go mod tidy) is enough.
module github.com/ory/client-go

go 1.21
