package events_test

import (
	"testing"

	"github.com/klusmaat/klusmaat/services/server/servertest"
)

// TestMain prints, after the run, how many API answers the kit checked against openapi.json.
func TestMain(m *testing.M) { servertest.Main(m) }
