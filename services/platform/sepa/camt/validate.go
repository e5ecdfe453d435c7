package camt

import (
	"context"
	"errors"
	"fmt"

	"github.com/klusmaat/klusmaat/services/platform/sepa/xsd"
)

// validateSchema checks body against the official schema of version with xmllint (xsd.Check): a
// mismatch is the file's fault and becomes a Refusal for the office; anything else is the
// server's.
func validateSchema(ctx context.Context, body []byte, schemaDir, version string) error {
	err := xsd.Check(ctx, body, schemaDir, version+".xsd", "statement.xml")
	var invalid *xsd.Invalid
	switch {
	case err == nil:
		return nil
	case errors.As(err, &invalid):
		return &Refusal{Code: CodeSchema, Message: msgSchema, Detail: invalid.Detail}
	default:
		return fmt.Errorf("camt: %w", err)
	}
}
