package uitbetaling

import (
	"context"
	"errors"
	"fmt"

	"github.com/klusmaat/klusmaat/services/platform/sepa/xsd"
)

// SchemaFile is the official schema a payment file is checked against (services/platform/sepa/xsd).
const SchemaFile = "pain.001.001.03.xsd"

// validateFile checks a payment file with xmllint against the official pain.001.001.03 schema in
// dir (xsd.Check). A refusal is a FileRefused with xmllint's first complaint, its account numbers
// and quoted values masked; xmllint missing or failing is the server's error.
func validateFile(ctx context.Context, data []byte, dir, bericht string) error {
	err := xsd.Check(ctx, data, dir, SchemaFile, "pain.xml")
	var invalid *xsd.Invalid
	switch {
	case err == nil:
		return nil
	case errors.As(err, &invalid):
		return &FileRefused{BerichtID: bericht, Reason: "schema: " + invalid.Detail}
	default:
		return fmt.Errorf("uitbetaling: %s: %w", bericht, err)
	}
}
