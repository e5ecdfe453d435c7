package camt

import (
	"bytes"
	"encoding/xml"
	"fmt"
	"strings"
	"testing"

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

// testTx is one TxDtls.
type testTx struct {
	AcctSvcrRef string
	EndToEndID  string
	Name        string // debtor for a credit, creditor for a debit
	IBAN        string
	Ustrd       []string
	CdtrRef     string
}

// testEntry is one Ntry; zero values get sensible defaults (EUR, credit, BOOK, 2024-03-01).
type testEntry struct {
	Amount          string
	Currency        string
	Debit           bool
	Reversal        bool
	Status          string // BOOK, PDNG, INFO
	BookingDate     string // "-" for none
	BookingDateTime string // used instead of BookingDate when set
	ValueDate       string
	AcctSvcrRef     string
	AddtlNtryInf    string
	testTx          // the single TxDtls, unless Batch is set
	Batch           []testTx
}

type testStatement struct {
	ID      string
	IBAN    string
	Entries []testEntry
}

const testIBAN = "NL91ABNA0417164300"

// buildCAMT writes a schema-valid CAMT.053 document of version ("02", "04" or "08").
func buildCAMT(version string, stmts ...testStatement) []byte {
	var b bytes.Buffer
	w := func(format string, args ...any) { fmt.Fprintf(&b, format, args...) }
	w(`<?xml version="1.0" encoding="UTF-8"?>` + "\n")
	w(`<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.%s" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">`+"\n", version)
	w("<BkToCstmrStmt>\n<GrpHdr><MsgId>MSG-20240302</MsgId><CreDtTm>2024-03-02T06:00:00</CreDtTm></GrpHdr>\n")
	for i, s := range stmts {
		if s.ID == "" {
			s.ID = fmt.Sprintf("STMT-%d", i+1)
		}
		if s.IBAN == "" {
			s.IBAN = testIBAN
		}
		w("<Stmt>\n<Id>%s</Id>\n<CreDtTm>2024-03-02T06:00:00</CreDtTm>\n", esc(s.ID))
		w("<Acct><Id><IBAN>%s</IBAN></Id><Ccy>EUR</Ccy></Acct>\n", esc(s.IBAN))
		w(`<Bal><Tp><CdOrPrtry><Cd>CLBD</Cd></CdOrPrtry></Tp><Amt Ccy="EUR">1000.00</Amt><CdtDbtInd>CRDT</CdtDbtInd><Dt><Dt>2024-03-01</Dt></Dt></Bal>` + "\n")
		for _, e := range s.Entries {
			writeEntry(&b, version, e)
		}
		w("</Stmt>\n")
	}
	w("</BkToCstmrStmt>\n</Document>\n")
	return b.Bytes()
}

func writeEntry(b *bytes.Buffer, version string, e testEntry) {
	w := func(format string, args ...any) { fmt.Fprintf(b, format, args...) }
	if e.Currency == "" {
		e.Currency = "EUR"
	}
	if e.Status == "" {
		e.Status = "BOOK"
	}
	if e.BookingDate == "" {
		e.BookingDate = "2024-03-01"
	}
	if e.ValueDate == "" {
		e.ValueDate = "2024-03-01"
	}
	ind := "CRDT"
	if e.Debit {
		ind = "DBIT"
	}
	w("<Ntry>\n<Amt Ccy=\"%s\">%s</Amt><CdtDbtInd>%s</CdtDbtInd>", esc(e.Currency), esc(e.Amount), ind)
	if e.Reversal {
		w("<RvslInd>true</RvslInd>")
	}
	if version == "08" {
		w("<Sts><Cd>%s</Cd></Sts>", esc(e.Status))
	} else {
		w("<Sts>%s</Sts>", esc(e.Status))
	}
	switch {
	case e.BookingDateTime != "":
		w("<BookgDt><DtTm>%s</DtTm></BookgDt>", esc(e.BookingDateTime))
	case e.BookingDate != "-":
		w("<BookgDt><Dt>%s</Dt></BookgDt>", esc(e.BookingDate))
	}
	w("<ValDt><Dt>%s</Dt></ValDt>", esc(e.ValueDate))
	if e.AcctSvcrRef != "" {
		w("<AcctSvcrRef>%s</AcctSvcrRef>", esc(e.AcctSvcrRef))
	}
	w("\n<BkTxCd><Domn><Cd>PMNT</Cd><Fmly><Cd>RCDT</Cd><SubFmlyCd>ESCT</SubFmlyCd></Fmly></Domn></BkTxCd>\n")
	txs := e.Batch
	if txs == nil {
		txs = []testTx{e.testTx}
	}
	w("<NtryDtls>")
	for _, tx := range txs {
		w("<TxDtls>\n<Refs>")
		if tx.AcctSvcrRef != "" {
			w("<AcctSvcrRef>%s</AcctSvcrRef>", esc(tx.AcctSvcrRef))
		}
		if tx.EndToEndID != "" {
			w("<EndToEndId>%s</EndToEndId>", esc(tx.EndToEndID))
		}
		w("</Refs>\n")
		if version != "02" {
			// Mandatory in v04, optional in v08 (where banks usually give it).
			w("<Amt Ccy=\"%s\">%s</Amt><CdtDbtInd>%s</CdtDbtInd>\n", esc(e.Currency), esc(e.Amount), ind)
		}
		party, acct := "Dbtr", "DbtrAcct"
		if e.Debit {
			party, acct = "Cdtr", "CdtrAcct"
		}
		if tx.Name != "" || tx.IBAN != "" {
			w("<RltdPties>")
			if tx.Name != "" {
				if version == "08" {
					w("<%s><Pty><Nm>%s</Nm></Pty></%s>", party, esc(tx.Name), party)
				} else {
					w("<%s><Nm>%s</Nm></%s>", party, esc(tx.Name), party)
				}
			}
			if tx.IBAN != "" {
				w("<%s><Id><IBAN>%s</IBAN></Id></%s>", acct, esc(tx.IBAN), acct)
			}
			w("</RltdPties>\n")
		}
		if len(tx.Ustrd) > 0 || tx.CdtrRef != "" {
			w("<RmtInf>")
			for _, u := range tx.Ustrd {
				w("<Ustrd>%s</Ustrd>", esc(u))
			}
			if tx.CdtrRef != "" {
				w("<Strd><CdtrRefInf><Ref>%s</Ref></CdtrRefInf></Strd>", esc(tx.CdtrRef))
			}
			w("</RmtInf>\n")
		}
		w("</TxDtls>")
	}
	w("</NtryDtls>\n")
	if e.AddtlNtryInf != "" {
		w("<AddtlNtryInf>%s</AddtlNtryInf>\n", esc(e.AddtlNtryInf))
	}
	w("</Ntry>\n")
}

func esc(s string) string {
	var b strings.Builder
	_ = xml.EscapeText(&b, []byte(s))
	return b.String()
}

// payment is a typical customer payment on an invoice.
func payment(amount, name, iban string, ustrd ...string) testEntry {
	return testEntry{Amount: amount, testTx: testTx{Name: name, IBAN: iban, Ustrd: ustrd, EndToEndID: "NOTPROVIDED"}}
}
