// Kratos's go.mod replaces github.com/ory/client-go with its own internal copy, a nested module
// that is not part of the Kratos module download. Only Kratos's examples import it, never the
// server, so an empty module with that path satisfies the build.
module github.com/ory/client-go

go 1.21
