package xsd_test

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"

	"github.com/klusmaat/klusmaat/services/platform/sepa/xsd"
)

// TestSchemasAreTheOfficialOnes compares the held schemas byte for byte with the published set
// beside the repository (../shared/iso20022), so a schema edited here to make a file pass fails.
func TestSchemasAreTheOfficialOnes(t *testing.T) {
	official := findShared(t)
	dir, err := xsd.Dir()
	if err != nil {
		t.Fatal(err)
	}
	names := xsd.Names()
	if len(names) != 4 {
		t.Fatalf("held schemas %v, want the four of camt.053 .02/.04/.08 and pain.001.001.03", names)
	}
	for _, name := range names {
		held, err := os.ReadFile(filepath.Join(dir, name))
		if err != nil {
			t.Fatal(err)
		}
		want, err := os.ReadFile(filepath.Join(official, name))
		if err != nil {
			t.Fatalf("%s is not in the published set: %v", name, err)
		}
		if !bytes.Equal(held, want) {
			t.Errorf("%s differs from the published schema in %s", name, official)
		}
	}
}

// findShared walks up from the package to the folder that holds shared/iso20022.
func findShared(t *testing.T) string {
	t.Helper()
	d, _ := os.Getwd()
	for {
		p := filepath.Join(d, "shared", "iso20022")
		if st, err := os.Stat(p); err == nil && st.IsDir() {
			return p
		}
		parent := filepath.Dir(d)
		if parent == d {
			t.Skip("the published schemas (shared/iso20022) are not beside this checkout")
		}
		d = parent
	}
}
