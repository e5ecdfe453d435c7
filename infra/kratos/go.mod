// Ory Kratos, built from the Go module proxy at a pinned version (see build.sh). This module exists
// only to build Kratos; it repeats the replace lines of Kratos's own go.mod, which Go does not
// apply to a dependency.
module github.com/klusmaat/klusmaat/infra/kratos

go 1.23

require github.com/ory/kratos v1.3.1

replace (
	github.com/go-swagger/go-swagger => github.com/aeneasr/go-swagger v0.19.1-0.20241013070044-bccef3a12e26
	github.com/gobuffalo/pop/v6 => github.com/ory/pop/v6 v6.2.0
	github.com/gorilla/sessions => github.com/ory/sessions v1.2.2-0.20220110165800-b09c17334dc2
	github.com/mattn/go-sqlite3 => github.com/mattn/go-sqlite3 v1.14.22
	// Kratos replaces the SDK with its internal copy; see client-go/go.mod.
	github.com/ory/client-go => ./client-go
)
