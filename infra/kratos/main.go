// Command kratos is Ory Kratos's own main (github.com/ory/kratos, main.go), repeated here so that
// this module imports only what the server needs: Kratos's main package also holds a file with the
// "tools" build tag importing its developer tools (go-swagger, MailHog, ...), and go mod tidy,
// which considers every build tag, would otherwise pull all of those into go.mod.
package main

import (
	"os"

	"github.com/ory/kratos/cmd"
)

func main() {
	os.Exit(cmd.Execute())
}
