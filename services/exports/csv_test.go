package exports

import (
	"strings"
	"testing"
)

func TestEuros(t *testing.T) {
	for cents, want := range map[int]string{0: "0,00", 5: "0,05", 6500: "65,00", 19500: "195,00", 123456: "1234,56", -17223: "-172,23", -5: "-0,05"} {
		if got := Euros(cents); got != want {
			t.Errorf("Euros(%d) = %q, want %q", cents, got, want)
		}
	}
}

// A customer's text must never become a spreadsheet formula, in either format; a number stays a
// number (a credit's "-12,50" is no formula).
func TestWriterDefusesFormulas(t *testing.T) {
	cells := []string{"=1+1", "+31 6", "-x", "@SUM(A1)", "\t=1", "Lamp ophangen", "", "-12,50", "3", "=HYPERLINK(\"x\")"}
	for _, c := range []struct {
		format Format
		want   string
	}{
		{Semicolon, "'=1+1;'+31 6;'-x;'@SUM(A1);'\t=1;Lamp ophangen;;-12,50;3;\"'=HYPERLINK(\"\"x\"\")\"\n"},
		{CommaQuoted, `"'=1+1","'+31 6","'-x","'@SUM(A1)","'` + "\t" + `=1","Lamp ophangen","","-12,50","3","'=HYPERLINK(""x"")"` + "\r\n"},
	} {
		var b strings.Builder
		w := NewWriter(&b, c.format)
		if err := w.Write(cells); err != nil {
			t.Fatal(err)
		}
		if err := w.Flush(); err != nil {
			t.Fatal(err)
		}
		if b.String() != c.want {
			t.Errorf("%+v:\n got %q\nwant %q", c.format, b.String(), c.want)
		}
	}
}
