package server

import (
	"testing"

	"github.com/klusmaat/klusmaat/services/exports"
)

// Every export a user may ask for has a domain that writes it; without one the job would end as
// 'Onbekende export'.
func TestEveryExportHasAWriter(t *testing.T) {
	for _, soort := range exports.Soorten {
		if k, ok := exportKinds[soort]; !ok || k.Write == nil || k.Empty == "" || k.Fault == "" {
			t.Errorf("export %q has no complete Kind in exportKinds", soort)
		}
	}
	if len(exportKinds) != len(exports.Soorten) {
		t.Errorf("exportKinds has %d kinds, exports.Soorten %d", len(exportKinds), len(exports.Soorten))
	}
}
