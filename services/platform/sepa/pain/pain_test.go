package pain

import (
	"bytes"
	"encoding/xml"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/klusmaat/klusmaat/services/platform/sepa/xsd"
)

// schemaDir is the official schemas as the product holds them (services/platform/sepa/xsd, whose
// own test compares them with the published set).
func schemaDir(t testing.TB) string {
	t.Helper()
	dir, err := xsd.Dir()
	if err != nil {
		t.Fatal(err)
	}
	return dir
}

// validate runs xmllint with the official schema over doc. A missing xmllint fails the test:
// a skipped check would let a file through that nobody validated.
func validate(t testing.TB, doc []byte) {
	t.Helper()
	xmllint, err := exec.LookPath("xmllint")
	if err != nil {
		t.Fatalf("xmllint not found (Debian: libxml2-utils): %v", err)
	}
	file := filepath.Join(t.TempDir(), "pain.001.xml")
	if err := os.WriteFile(file, doc, 0o600); err != nil {
		t.Fatal(err)
	}
	schema := filepath.Join(schemaDir(t), "pain.001.001.03.xsd")
	out, err := exec.Command(xmllint, "--noout", "--nonet", "--schema", schema, file).CombinedOutput()
	if err != nil {
		t.Fatalf("xmllint refused the file: %v\n%s", err, out)
	}
}

// parsed is the document read back, modelled here apart from the writer's own types so the
// test does not take the writer's word for what it wrote.
type parsed struct {
	XMLName xml.Name `xml:"Document"`
	Space   string   `xml:"xmlns,attr"`
	GrpHdr  struct {
		MsgID    string `xml:"MsgId"`
		CreDtTm  string `xml:"CreDtTm"`
		NbOfTxs  string `xml:"NbOfTxs"`
		CtrlSum  string `xml:"CtrlSum"`
		InitgPty string `xml:"InitgPty>Nm"`
	} `xml:"CstmrCdtTrfInitn>GrpHdr"`
	PmtInf []struct {
		PmtMtd      string `xml:"PmtMtd"`
		BtchBookg   string `xml:"BtchBookg"`
		NbOfTxs     string `xml:"NbOfTxs"`
		CtrlSum     string `xml:"CtrlSum"`
		SvcLvl      string `xml:"PmtTpInf>SvcLvl>Cd"`
		ReqdExctnDt string `xml:"ReqdExctnDt"`
		Dbtr        string `xml:"Dbtr>Nm"`
		DbtrIBAN    string `xml:"DbtrAcct>Id>IBAN"`
		DbtrBIC     string `xml:"DbtrAgt>FinInstnId>BIC"`
		DbtrOthr    string `xml:"DbtrAgt>FinInstnId>Othr>Id"`
		ChrgBr      string `xml:"ChrgBr"`
		Txs         []struct {
			EndToEndID string `xml:"PmtId>EndToEndId"`
			Amt        struct {
				Ccy   string `xml:"Ccy,attr"`
				Value string `xml:",chardata"`
			} `xml:"Amt>InstdAmt"`
			Cdtr     string `xml:"Cdtr>Nm"`
			CdtrIBAN string `xml:"CdtrAcct>Id>IBAN"`
			Ustrd    string `xml:"RmtInf>Ustrd"`
		} `xml:"CdtTrfTxInf"`
	} `xml:"CstmrCdtTrfInitn>PmtInf"`
}

func parse(t testing.TB, doc []byte) parsed {
	t.Helper()
	var p parsed
	if err := xml.Unmarshal(doc, &p); err != nil {
		t.Fatalf("read back: %v\n%s", err, doc)
	}
	if p.Space != "urn:iso:std:iso:20022:tech:xsd:pain.001.001.03" {
		t.Fatalf("namespace %q", p.Space)
	}
	if len(p.PmtInf) != 1 {
		t.Fatalf("%d PmtInf blocks, want 1", len(p.PmtInf))
	}
	return p
}

// cents reads a written amount back into cents without floats.
func cents(t testing.TB, s string) int64 {
	t.Helper()
	whole, frac, ok := strings.Cut(s, ".")
	if !ok || len(frac) != 2 {
		t.Fatalf("amount %q has not exactly two decimals", s)
	}
	n, err := strconv.ParseInt(whole+frac, 10, 64)
	if err != nil {
		t.Fatalf("amount %q: %v", s, err)
	}
	return n
}

func testBatch() Batch {
	return Batch{
		MessageID:     "KM-2026-06-0001",
		CreatedAt:     time.Date(2026, time.June, 30, 17, 4, 5, 0, time.FixedZone("CEST", 2*3600)),
		ExecutionDate: "2026-07-01",
		Debtor: Debtor{
			Name: "Bouwbedrijf De Vries & Zn. <Utrecht>",
			IBAN: "nl91 abna 0417 1643 00",
			BIC:  "abnanl2a",
		},
		Transfers: []Transfer{
			{
				EndToEndID:   "KM-STMT-2026-06-17",
				AmountCents:  123456,
				CreditorName: "Piet Bakker-Ëngels",
				CreditorIBAN: makeIBAN("NL", "RABO0300065264"),
				Remittance:   "Klusmaat juni 2026 – 12 klussen, afrekening #17",
			},
			{
				EndToEndID:   "KM-STMT-2026-06-18",
				AmountCents:  5,
				CreditorName: "Jan & Zonen",
				CreditorIBAN: "DE89 3704 0044 0532 0130 00",
				Remittance:   "Uitbetaling <juni> & bonus",
			},
			{
				EndToEndID:   "KM-STMT-2026-06-19",
				AmountCents:  99_999_999_999,
				CreditorName: "Klus <B.V.> & Co",
				CreditorIBAN: "BE68 5390 0754 7034",
				Remittance:   "",
			},
		},
	}
}

func TestWriteValidates(t *testing.T) {
	withBIC := testBatch()
	withoutBIC := testBatch()
	withoutBIC.Debtor.BIC = ""
	for name, b := range map[string]Batch{"with BIC": withBIC, "without BIC": withoutBIC} {
		t.Run(name, func(t *testing.T) {
			var buf bytes.Buffer
			totals, err := Write(&buf, b)
			if err != nil {
				t.Fatal(err)
			}
			doc := buf.Bytes()
			validate(t, doc)
			p := parse(t, doc)
			pi := p.PmtInf[0]

			var want int64
			for _, tr := range b.Transfers {
				want += tr.AmountCents
			}
			if want != 123456+5+99_999_999_999 {
				t.Fatalf("test batch changed: sum %d", want)
			}
			if totals != (Totals{Count: 3, SumCents: want}) {
				t.Errorf("totals %+v, want 3 and %d", totals, want)
			}
			if p.GrpHdr.NbOfTxs != "3" || pi.NbOfTxs != "3" || len(pi.Txs) != 3 {
				t.Errorf("NbOfTxs %q/%q with %d transfers, want 3", p.GrpHdr.NbOfTxs, pi.NbOfTxs, len(pi.Txs))
			}
			if p.GrpHdr.CtrlSum != "1000001234.60" || pi.CtrlSum != p.GrpHdr.CtrlSum {
				t.Errorf("CtrlSum %q/%q, want 1000001234.60", p.GrpHdr.CtrlSum, pi.CtrlSum)
			}
			var read int64
			ids := map[string]bool{}
			for _, tx := range pi.Txs {
				read += cents(t, tx.Amt.Value)
				if tx.Amt.Ccy != "EUR" {
					t.Errorf("%s: currency %q", tx.EndToEndID, tx.Amt.Ccy)
				}
				if ids[tx.EndToEndID] {
					t.Errorf("EndToEndId %q twice", tx.EndToEndID)
				}
				ids[tx.EndToEndID] = true
			}
			if read != want || cents(t, p.GrpHdr.CtrlSum) != want {
				t.Errorf("amounts add up to %d, CtrlSum says %s, input %d", read, p.GrpHdr.CtrlSum, want)
			}

			if p.GrpHdr.MsgID != "KM-2026-06-0001" || p.GrpHdr.CreDtTm != "2026-06-30T17:04:05" {
				t.Errorf("header %q %q", p.GrpHdr.MsgID, p.GrpHdr.CreDtTm)
			}
			if p.GrpHdr.InitgPty != "Bouwbedrijf De Vries + Zn. Utrecht" || pi.Dbtr != p.GrpHdr.InitgPty {
				t.Errorf("debtor name %q/%q", p.GrpHdr.InitgPty, pi.Dbtr)
			}
			if pi.DbtrIBAN != "NL91ABNA0417164300" {
				t.Errorf("debtor IBAN %q", pi.DbtrIBAN)
			}
			if b.Debtor.BIC != "" && (pi.DbtrBIC != "ABNANL2A" || pi.DbtrOthr != "") ||
				b.Debtor.BIC == "" && (pi.DbtrBIC != "" || pi.DbtrOthr != "NOTPROVIDED") {
				t.Errorf("debtor agent BIC %q Othr %q", pi.DbtrBIC, pi.DbtrOthr)
			}
			if pi.PmtMtd != "TRF" || pi.BtchBookg != "true" || pi.SvcLvl != "SEPA" || pi.ChrgBr != "SLEV" ||
				pi.ReqdExctnDt != "2026-07-01" {
				t.Errorf("payment information %+v", pi)
			}

			for i, want := range []struct{ id, amount, name, iban, ustrd string }{
				{"KM-STMT-2026-06-17", "1234.56", "Piet Bakker-Engels", makeIBAN("NL", "RABO0300065264"),
					"Klusmaat juni 2026 - 12 klussen, afrekening 17"},
				{"KM-STMT-2026-06-18", "0.05", "Jan + Zonen", "DE89370400440532013000", "Uitbetaling juni + bonus"},
				{"KM-STMT-2026-06-19", "999999999.99", "Klus B.V. + Co", "BE68539007547034", ""},
			} {
				tx := pi.Txs[i]
				if tx.EndToEndID != want.id || tx.Amt.Value != want.amount || tx.Cdtr != want.name ||
					tx.CdtrIBAN != want.iban || tx.Ustrd != want.ustrd {
					t.Errorf("transfer %d = %+v, want %+v", i, tx, want)
				}
			}
			if bytes.Contains(doc, []byte("<RmtInf></RmtInf>")) || bytes.Count(doc, []byte("<RmtInf>")) != 2 {
				t.Error("an empty remittance must leave RmtInf out")
			}
		})
	}
}

func TestWriteRefuses(t *testing.T) {
	for _, c := range []struct {
		name   string
		change func(*Batch)
		want   error
		index  int // of the transfer refused; -1 for the batch itself
	}{
		{"empty list", func(b *Batch) { b.Transfers = nil }, ErrNoTransfers, -1},
		{"zero amount", func(b *Batch) { b.Transfers[1].AmountCents = 0 }, ErrAmount, 1},
		{"negative amount", func(b *Batch) { b.Transfers[2].AmountCents = -100 }, ErrAmount, 2},
		{"amount above the SEPA limit", func(b *Batch) { b.Transfers[0].AmountCents = 100_000_000_000 }, ErrAmount, 0},
		{"duplicate end-to-end id", func(b *Batch) { b.Transfers[2].EndToEndID = b.Transfers[0].EndToEndID }, ErrDuplicateID, 2},
		{"bad creditor IBAN check digits", func(b *Batch) { b.Transfers[1].CreditorIBAN = "NL92ABNA0417164300" }, ErrIBAN, 1},
		{"creditor IBAN outside SEPA", func(b *Batch) { b.Transfers[1].CreditorIBAN = makeIBAN("BR", "00360305000010009795493C1") }, ErrIBAN, 1},
		{"creditor IBAN of the wrong length", func(b *Batch) { b.Transfers[0].CreditorIBAN = makeIBAN("NL", "ABNA04171643001") }, ErrIBAN, 0},
		{"empty creditor IBAN", func(b *Batch) { b.Transfers[0].CreditorIBAN = "" }, ErrIBAN, 0},
		{"creditor name with nothing in the SEPA set", func(b *Batch) { b.Transfers[0].CreditorName = "Андрей" }, ErrName, 0},
		{"end-to-end id too long", func(b *Batch) { b.Transfers[0].EndToEndID = strings.Repeat("X", 36) }, ErrID, 0},
		{"end-to-end id empty", func(b *Batch) { b.Transfers[0].EndToEndID = "" }, ErrID, 0},
		{"end-to-end id outside the set", func(b *Batch) { b.Transfers[0].EndToEndID = "KM_1" }, ErrID, 0},
		{"end-to-end id with //", func(b *Batch) { b.Transfers[0].EndToEndID = "KM//1" }, ErrID, 0},
		{"end-to-end id starting with /", func(b *Batch) { b.Transfers[0].EndToEndID = "/KM1" }, ErrID, 0},
		{"end-to-end id with an outer space", func(b *Batch) { b.Transfers[0].EndToEndID = "KM1 " }, ErrID, 0},
		{"message id empty", func(b *Batch) { b.MessageID = "" }, ErrID, -1},
		{"message id too long", func(b *Batch) { b.MessageID = strings.Repeat("M", 36) }, ErrID, -1},
		{"message id with &", func(b *Batch) { b.MessageID = "KM&1" }, ErrID, -1},
		{"bad debtor IBAN", func(b *Batch) { b.Debtor.IBAN = "NL91ABNA0417164301" }, ErrIBAN, -1},
		{"debtor name empty", func(b *Batch) { b.Debtor.Name = " <> 😀 " }, ErrName, -1},
		{"bad debtor BIC", func(b *Batch) { b.Debtor.BIC = "ABNANL2" }, ErrBIC, -1},
		{"debtor BIC with O in the location", func(b *Batch) { b.Debtor.BIC = "ABNANLAO" }, ErrBIC, -1},
		{"execution date not a date", func(b *Batch) { b.ExecutionDate = "2026-02-30" }, ErrDate, -1},
		{"execution date not YYYY-MM-DD", func(b *Batch) { b.ExecutionDate = "1-7-2026" }, ErrDate, -1},
		{"execution date before creation", func(b *Batch) { b.ExecutionDate = "2026-06-29" }, ErrDate, -1},
		{"no creation time", func(b *Batch) { b.CreatedAt = time.Time{} }, ErrDate, -1},
	} {
		t.Run(c.name, func(t *testing.T) {
			b := testBatch()
			c.change(&b)
			var buf bytes.Buffer
			totals, err := Write(&buf, b)
			if !errors.Is(err, c.want) {
				t.Fatalf("error %v, want %v", err, c.want)
			}
			if buf.Len() != 0 || totals != (Totals{}) {
				t.Fatalf("refused batch wrote %d bytes, totals %+v", buf.Len(), totals)
			}
			var te *TransferError
			switch {
			case c.index < 0 && errors.As(err, &te):
				t.Fatalf("batch error reported as transfer %d: %v", te.Index, err)
			case c.index >= 0 && (!errors.As(err, &te) || te.Index != c.index):
				t.Fatalf("error %v, want it on transfer %d", err, c.index)
			}
		})
	}
}

// A same-day execution date is allowed: the creation date is not in the past.
func TestWriteSameDay(t *testing.T) {
	b := testBatch()
	b.ExecutionDate = "2026-06-30"
	if _, err := Write(&bytes.Buffer{}, b); err != nil {
		t.Fatal(err)
	}
}

type failingWriter struct{}

func (failingWriter) Write([]byte) (int, error) { return 0, errors.New("disk full") }

func TestWriteReportsWriterError(t *testing.T) {
	if _, err := Write(failingWriter{}, testBatch()); err == nil || !strings.Contains(err.Error(), "disk full") {
		t.Fatalf("error %v, want the writer's", err)
	}
}

func largeBatch(n int) Batch {
	b := testBatch()
	b.Transfers = make([]Transfer, n)
	names := []string{"Piet Bakker-Ëngels", "Jan & Zonen", "Klus <B.V.> & Co", "Søren Ĳzerman", "Zoë d'Hondt"}
	for i := range b.Transfers {
		b.Transfers[i] = Transfer{
			EndToEndID:   fmt.Sprintf("KM-STMT-2026-06-%06d", i),
			AmountCents:  int64(1 + i*7919%250_000),
			CreditorName: names[i%len(names)],
			CreditorIBAN: makeIBAN("NL", fmt.Sprintf("INGB%010d", 1_000_000+i)),
			Remittance:   fmt.Sprintf("Klusmaat afrekening juni 2026 nr. %d – 3 klussen & reiskosten", i),
		}
	}
	return b
}

func TestLargeBatchValid(t *testing.T) {
	b := largeBatch(1000)
	var buf bytes.Buffer
	totals, err := Write(&buf, b)
	if err != nil {
		t.Fatal(err)
	}
	validate(t, buf.Bytes())
	p := parse(t, buf.Bytes())
	var want, read int64
	for _, tr := range b.Transfers {
		want += tr.AmountCents
	}
	for _, tx := range p.PmtInf[0].Txs {
		read += cents(t, tx.Amt.Value)
	}
	if totals.Count != 1000 || totals.SumCents != want || p.GrpHdr.NbOfTxs != "1000" ||
		cents(t, p.GrpHdr.CtrlSum) != want || read != want || len(p.PmtInf[0].Txs) != 1000 {
		t.Fatalf("totals %+v, NbOfTxs %s, CtrlSum %s, transfers %d summing to %d; want 1000 summing to %d",
			totals, p.GrpHdr.NbOfTxs, p.GrpHdr.CtrlSum, len(p.PmtInf[0].Txs), read, want)
	}
}

func TestFormatCents(t *testing.T) {
	for c, want := range map[int64]string{1: "0.01", 10: "0.10", 100: "1.00", 123456: "1234.56", 99_999_999_999: "999999999.99"} {
		if got := formatCents(c); got != want {
			t.Errorf("formatCents(%d) = %q, want %q", c, got, want)
		}
	}
}

func BenchmarkWrite1000(b *testing.B) {
	batch := largeBatch(1000)
	var buf bytes.Buffer
	b.ReportAllocs()
	for b.Loop() {
		buf.Reset()
		if _, err := Write(&buf, batch); err != nil {
			b.Fatal(err)
		}
	}
	b.SetBytes(int64(buf.Len()))
	b.ReportMetric(float64(len(batch.Transfers)*b.N)/b.Elapsed().Seconds(), "transfers/s")
}
