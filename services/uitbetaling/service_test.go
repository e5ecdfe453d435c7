package uitbetaling

import (
	"bytes"
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/google/uuid"

	"github.com/klusmaat/klusmaat/services/platform/sepa/xsd"
	"github.com/klusmaat/klusmaat/tenants/calendar"
	"github.com/klusmaat/klusmaat/tenants/domainerr"
)

func TestUitbetalingMaskedShowsCountryCheckDigitsAndTheLastFour(t *testing.T) {
	for in, want := range map[string]string{
		"NL91ABNA0417164300":     "NL91 **** **** **** 4300",
		"DE89370400440532013000": "DE89 **** **** **** 3000", // the length is not given away
		"NL9":                    "***",
	} {
		if got := Masked(in); got != want {
			t.Errorf("Masked(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestUitbetalingCheckBankrekeningNormalisesAndSaysWhatIsWrongInDutch(t *testing.T) {
	ok := BankrekeningRequest{IBAN: " nl91 abna 0417\t1643 00 ", Rekeninghouder: "  Jöke   van  Dijk & Zn. "}
	if err := checkBankrekening(&ok); err != nil {
		t.Fatalf("a good account: %v", err)
	}
	if ok.IBAN != "NL91ABNA0417164300" || ok.Rekeninghouder != "Joke van Dijk + Zn." {
		t.Errorf("normalised to %q / %q", ok.IBAN, ok.Rekeninghouder)
	}
	for _, c := range []struct {
		iban, holder, field, want string
	}{
		{"NL91ABNA0417164301", "Jan", "iban", "Dit IBAN klopt niet. Controleer het nummer, bijvoorbeeld NL91 ABNA 0417 1643 00."},
		{"NL91-ABNA-0417-1643-00", "Jan", "iban", "Dit IBAN klopt niet. Controleer het nummer, bijvoorbeeld NL91 ABNA 0417 1643 00."},
		{"", "Jan", "iban", "Vul het IBAN in."},
		{"TR330006100519786457841326", "Jan", "iban", msgNotSEPA}, // valid, but no SEPA country
		{"NL91ABNA0417164300", " ", "rekeninghouder", "Vul de naam van de rekeninghouder in, zoals de bank die kent."},
		{"NL91ABNA0417164300", strings.Repeat("é", 71), "rekeninghouder", "De naam is te lang (hoogstens 70 tekens)."},
		{"NL91ABNA0417164300", "张伟", "rekeninghouder", "Schrijf de naam van de rekeninghouder in gewone letters, zoals de bank die kent."},
	} {
		req := BankrekeningRequest{IBAN: c.iban, Rekeninghouder: c.holder}
		err := checkBankrekening(&req)
		d := domainerr.As(err)
		if d == nil || d.Kind != domainerr.KindInvalid || d.Fields[c.field] != c.want {
			t.Errorf("%q / %q: %v, want %s: %q", c.iban, c.holder, err, c.field, c.want)
		}
	}
	if msgIBAN != "Dit IBAN klopt niet. Controleer het nummer, bijvoorbeeld NL91 ABNA 0417 1643 00." {
		t.Errorf("the platform's IBAN message changed: %q", msgIBAN)
	}
}

func TestUitbetalingParseMaand(t *testing.T) {
	if d, ok := ParseMaand("2026-02"); !ok || d != calendar.NewDate(2026, 2, 1) {
		t.Errorf("2026-02: %v %v", d, ok)
	}
	for _, bad := range []string{"", "2026-13", "2026-2", "februari", "2026-02-01", "1999-12"} {
		if _, ok := ParseMaand(bad); ok {
			t.Errorf("%q taken as a month", bad)
		}
	}
}

func TestUitbetalingStatusTekstPaidOnTheAmsterdamDay(t *testing.T) {
	at := time.Date(2026, 3, 31, 22, 30, 0, 0, time.UTC) // 00:30 on 1 April in Amsterdam
	if got := StatusTekst("uitbetaald", &at); got != "Uitbetaald op 01-04-2026" {
		t.Errorf("%q", got)
	}
	if StatusTekst("concept", nil) != "Concept" || StatusTekst("goedgekeurd", nil) != "Goedgekeurd" {
		t.Error("state words")
	}
}

func account(nummer, iban, holder string, cents int64) candidate {
	return candidate{id: uuid.New(), nummer: nummer, maand: calendar.NewDate(2026, 1, 1), totaal: cents, iban: &iban, rekeninghouder: &holder}
}

// The file is valid against the official schema; a refusal names the transfer and the reason,
// never the account number or the name.
func TestUitbetalingPaymentFileValidAndRefusalsHoldNoAccount(t *testing.T) {
	dir, err := xsd.Dir()
	if err != nil {
		t.Fatal(err)
	}
	created := time.Date(2026, 2, 2, 9, 0, 0, 0, calendar.Zone)
	exec := calendar.NewDate(2026, 2, 3)
	in := []candidate{account("UB202601-0001", "NL20INGB0001234567", "Jöke van Dijk", 17500), account("UB202601-0002", "DE89370400440532013000", "Hans Müller", 3500)}
	data, err := writeFile("KM-20260202-ABCDEF12", created, exec, "Klusmaat Den Haag B.V.", "NL39RABO0300065264", in)
	if err != nil {
		t.Fatal(err)
	}
	if err := validateFile(context.Background(), data, dir, "KM-20260202-ABCDEF12"); err != nil {
		t.Fatalf("the file: %v\n%s", err, data)
	}
	for _, want := range []string{"<NbOfTxs>2</NbOfTxs>", "<CtrlSum>210.00</CtrlSum>", "<EndToEndId>UB202601-0001</EndToEndId>",
		"<Ustrd>Uitbetaling UB202601-0002 januari 2026</Ustrd>", "<Nm>Joke van Dijk</Nm>", "<ReqdExctnDt>2026-02-03</ReqdExctnDt>"} {
		if !bytes.Contains(data, []byte(want)) {
			t.Errorf("the file lacks %s", want)
		}
	}

	// A creditor account pain refuses (not a SEPA country).
	bad := append(in[:1:1], account("UB202601-0003", "TR330006100519786457841326", "Ali Yilmaz", 3500))
	_, err = writeFile("KM-1", created, exec, "Klusmaat", "NL39RABO0300065264", bad)
	var refused *FileRefused
	if !errors.As(err, &refused) || refused.Reason != "transfer 1 (UB202601-0003): invalid IBAN" {
		t.Fatalf("a refused transfer: %v", err)
	}
	// The business's own account.
	_, err = writeFile("KM-1", created, exec, "Klusmaat", "TR330006100519786457841326", in)
	if !errors.As(err, &refused) || refused.Reason != "debtor" {
		t.Fatalf("a refused debtor: %v", err)
	}

	// A file the schema refuses (a name over its 140 characters): the reason keeps the element, masks
	// the value and the account.
	broken := bytes.Replace(data, []byte("<Nm>Joke van Dijk</Nm>"), []byte("<Nm>"+strings.Repeat("Joke ", 30)+"NL20INGB0001234567</Nm>"), 1)
	err = validateFile(context.Background(), broken, dir, "KM-20260202-ABCDEF12")
	if !errors.As(err, &refused) || !strings.HasPrefix(refused.Reason, "schema: ") || !strings.Contains(refused.Reason, "Nm") {
		t.Fatalf("a file the schema refuses: %v", err)
	}
	if strings.Contains(err.Error(), "NL20INGB") || strings.Contains(err.Error(), "Joke") {
		t.Errorf("the refusal shows the value: %v", err)
	}
}

func TestUitbetalingLeftOutSaysWhichAndHowMany(t *testing.T) {
	if got := leftOut([]string{"UB202601-0002"}, nil); got != " 1 uitbetaling zonder IBAN niet meegenomen: UB202601-0002." {
		t.Errorf("%q", got)
	}
	if got := leftOut([]string{"UB202601-0002", "UB202601-0005"}, []string{"UB202601-0007"}); got !=
		" 2 uitbetalingen zonder IBAN niet meegenomen: UB202601-0002, UB202601-0005. 1 uitbetaling met een totaal van € 0,00 of minder niet meegenomen: UB202601-0007." {
		t.Errorf("%q", got)
	}
}
