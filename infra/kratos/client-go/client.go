// Package client stands in for Kratos's internal copy of its SDK (see go.mod here). The server
// never imports it; a test of a Kratos package does, and go mod tidy looks at the imports of the
// tests of every dependency, so the package must exist, though it may be empty.
package client
