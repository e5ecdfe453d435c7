package camt

import (
	"testing"

	"github.com/klusmaat/klusmaat/services/platform/sepa/camt/camttest"
	"github.com/klusmaat/klusmaat/services/platform/sepa/xsd"
)

// SchemaDirForTest is the official schemas as the product holds them (services/platform/sepa/xsd,
// whose own test compares them byte for byte with the published set). It fails the test when
// they cannot be written out: the tests are about schema validation and must not pass without.
func SchemaDirForTest(t testing.TB) string {
	t.Helper()
	dir, err := xsd.Dir()
	if err != nil {
		t.Fatalf("schemas: %v", err)
	}
	return dir
}

// The statements of the tests come from the test kit (camttest), under the names these tests use.
type (
	testTx        = camttest.Tx
	testEntry     = camttest.Entry
	testStatement = camttest.Statement
)

const testIBAN = camttest.IBAN

var (
	buildCAMT = camttest.Build
	payment   = camttest.Payment
)
