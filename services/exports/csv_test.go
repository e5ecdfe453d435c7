package exports

import "testing"

func TestEuros(t *testing.T) {
	for cents, want := range map[int]string{0: "0,00", 5: "0,05", 6500: "65,00", 19500: "195,00", 123456: "1234,56"} {
		if got := Euros(cents); got != want {
			t.Errorf("Euros(%d) = %q, want %q", cents, got, want)
		}
	}
}

// A customer's text must never become a spreadsheet formula.
func TestCellDefusesFormulas(t *testing.T) {
	for in, want := range map[string]string{"=1+1": "'=1+1", "+31 6": "'+31 6", "-x": "'-x", "@SUM(A1)": "'@SUM(A1)", "Lamp ophangen": "Lamp ophangen", "": ""} {
		if got := Cell(in); got != want {
			t.Errorf("Cell(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestDutchDate(t *testing.T) {
	if got := DutchDate("2026-11-03"); got != "03-11-2026" {
		t.Errorf("dutchDate = %q", got)
	}
}
