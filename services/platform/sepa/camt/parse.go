package camt

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/xml"
	"errors"
	"fmt"
	"io"
	"regexp"
	"strconv"
	"strings"
	"time"
)

// The xml* types cover only what Entry needs, by local name, for all three versions at once:
// the schema check has already fixed the structure, and the differences that matter (Sts as
// text or Sts/Cd, Dbtr/Nm or Dbtr/Pty/Nm) are separate fields.

type xmlAccount struct {
	IBAN string `xml:"Id>IBAN"`
	Ccy  string `xml:"Ccy"`
}

type xmlAmount struct {
	Value string `xml:",chardata"`
	Ccy   string `xml:"Ccy,attr"`
}

type xmlDate struct {
	Dt   string `xml:"Dt"`
	DtTm string `xml:"DtTm"`
}

// xmlStatus is EntryStatus2Code (text, v02 and v04) or EntryStatus1Choice (Cd, v08).
type xmlStatus struct {
	Text string `xml:",chardata"`
	Cd   string `xml:"Cd"`
}

// xmlParty is PartyIdentification (Nm, v02 and v04) or Party40Choice (Pty/Nm, v08).
type xmlParty struct {
	Nm    string `xml:"Nm"`
	PtyNm string `xml:"Pty>Nm"`
}

func (p xmlParty) name() string {
	if n := clean(p.Nm); n != "" {
		return n
	}
	return clean(p.PtyNm)
}

type xmlTx struct {
	AcctSvcrRef string   `xml:"Refs>AcctSvcrRef"`
	EndToEndID  string   `xml:"Refs>EndToEndId"`
	Dbtr        xmlParty `xml:"RltdPties>Dbtr"`
	DbtrIBAN    string   `xml:"RltdPties>DbtrAcct>Id>IBAN"`
	Cdtr        xmlParty `xml:"RltdPties>Cdtr"`
	CdtrIBAN    string   `xml:"RltdPties>CdtrAcct>Id>IBAN"`
	Ustrd       []string `xml:"RmtInf>Ustrd"`
	CdtrRefs    []string `xml:"RmtInf>Strd>CdtrRefInf>Ref"`
}

type xmlEntry struct {
	Amt          xmlAmount `xml:"Amt"`
	CdtDbtInd    string    `xml:"CdtDbtInd"`
	RvslInd      string    `xml:"RvslInd"`
	Sts          xmlStatus `xml:"Sts"`
	BookgDt      xmlDate   `xml:"BookgDt"`
	ValDt        xmlDate   `xml:"ValDt"`
	AcctSvcrRef  string    `xml:"AcctSvcrRef"`
	Txs          []xmlTx   `xml:"NtryDtls>TxDtls"`
	AddtlNtryInf string    `xml:"AddtlNtryInf"`
}

// amountPattern is stricter than the schema's xs:decimal on purpose: no sign, no exponent (which
// xs:decimal forbids anyway), no more than two decimals and at most 15 integer digits, so that
// cents always fit an int64 and nothing is rounded.
var amountPattern = regexp.MustCompile(`^[0-9]{1,15}(\.[0-9]{1,2})?$`)

// datePattern takes the calendar date of an xs:date (optionally with a time zone) or an
// xs:dateTime. The date as written is the bank's booking day, so the zone is not applied.
var datePattern = regexp.MustCompile(`^([0-9]{4}-[0-9]{2}-[0-9]{2})(?:$|T|Z$|[+-][0-9]{2}:[0-9]{2}$)`)

// bankRefPlaceholders are values banks put in a reference field when they have none; they
// identify nothing, so they must not become a Ref.
var bankRefPlaceholders = map[string]bool{"NOTPROVIDED": true, "NONREF": true}

// ctxCheckEvery is how many entries are parsed between checks of ctx.
const ctxCheckEvery = 1024

type parser struct {
	d       *xml.Decoder
	ns      string
	st      *Statement
	n       int      // entries seen, for the position in messages
	keys    []string // fingerprint text without n, per entry
	bankIDs []string // usable bank reference per entry, "" if none
}

// parse decodes a scanned, schema-valid body. It streams: the decoder holds one Ntry at a time.
func parse(ctx context.Context, body []byte, version string) (*Statement, error) {
	p := &parser{
		d:  newDecoder(body),
		ns: "urn:iso:std:iso:20022:tech:xsd:" + version,
		st: &Statement{Version: version, Entries: []Entry{}},
	}
	if _, err := p.nextStart(); err != nil {
		return nil, p.decodeErr(err)
	}
	err := p.children(func(se xml.StartElement) error {
		if se.Name != p.name("BkToCstmrStmt") {
			return p.d.Skip()
		}
		return p.children(func(se xml.StartElement) error {
			if se.Name != p.name("Stmt") {
				return p.d.Skip()
			}
			return p.statement(ctx)
		})
	})
	if err != nil {
		return nil, p.decodeErr(err)
	}
	if p.st.IBAN == "" {
		return nil, refuse(CodeNoIBAN, msgNoIBAN)
	}
	p.assignRefs()
	return p.st, nil
}

func (p *parser) name(local string) xml.Name { return xml.Name{Space: p.ns, Local: local} }

// decodeErr passes refusals and ctx errors on; anything else is a decoding failure the scan
// should have caught, still the file's fault rather than the server's.
func (p *parser) decodeErr(err error) error {
	var r *Refusal
	if errors.As(err, &r) || errors.Is(err, context.Canceled) || errors.Is(err, context.DeadlineExceeded) {
		return err
	}
	return &Refusal{Code: CodeNotXML, Message: msgNotXML, Detail: err.Error()}
}

func (p *parser) nextStart() (xml.StartElement, error) {
	for {
		tok, err := p.d.Token()
		if err != nil {
			return xml.StartElement{}, err
		}
		if se, ok := tok.(xml.StartElement); ok {
			return se, nil
		}
	}
}

// children calls fn for each child element of the element just opened, until that element
// closes. fn must consume the child entirely (DecodeElement or Skip).
func (p *parser) children(fn func(xml.StartElement) error) error {
	for {
		tok, err := p.d.Token()
		if errors.Is(err, io.EOF) {
			return io.ErrUnexpectedEOF
		}
		if err != nil {
			return err
		}
		switch t := tok.(type) {
		case xml.StartElement:
			if err := fn(t); err != nil {
				return err
			}
		case xml.EndElement:
			return nil
		}
	}
}

func (p *parser) statement(ctx context.Context) error {
	var id string
	return p.children(func(se xml.StartElement) error {
		if se.Name.Space != p.ns {
			return p.d.Skip()
		}
		switch se.Name.Local {
		case "Id":
			if err := p.d.DecodeElement(&id, &se); err != nil {
				return err
			}
			id = clean(id)
			if p.st.StatementID == "" {
				p.st.StatementID = id
			}
			p.st.StatementIDs = append(p.st.StatementIDs, id)
			return nil
		case "Acct":
			var a xmlAccount
			if err := p.d.DecodeElement(&a, &se); err != nil {
				return err
			}
			return p.account(a)
		case "Ntry":
			if p.n%ctxCheckEvery == 0 {
				if err := ctx.Err(); err != nil {
					return err
				}
			}
			line, _ := p.d.InputPos()
			var x xmlEntry
			if err := p.d.DecodeElement(&x, &se); err != nil {
				return err
			}
			return p.entry(&x, id, line)
		}
		return p.d.Skip()
	})
}

func (p *parser) account(a xmlAccount) error {
	iban := normaliseIBAN(a.IBAN)
	switch {
	case iban == "":
		// Dutch banks always identify the account by IBAN; without it the caller cannot tell
		// whose account this is, so nothing may be booked from it.
		return refuse(CodeNoIBAN, msgNoIBAN)
	case p.st.IBAN == "":
		p.st.IBAN = iban
	case p.st.IBAN != iban:
		return &Refusal{Code: CodeMultipleAccounts, Message: msgAccounts, Detail: p.st.IBAN + " and " + iban}
	}
	if p.st.Currency == "" {
		p.st.Currency = strings.TrimSpace(a.Ccy)
	}
	return nil
}

func (p *parser) entry(x *xmlEntry, stmtID string, line int) error {
	p.n++
	cents, ok := parseCents(x.Amt.Value)
	if !ok {
		v := clip(strings.TrimSpace(x.Amt.Value), 40)
		return &Refusal{Code: CodeBadAmount, Message: fmt.Sprintf(msgAmount, v, p.n, line), Detail: "amount " + strconv.Quote(v)}
	}
	booking, ok := entryDate(x.BookgDt)
	if !ok {
		return p.badDate(x.BookgDt, line)
	}
	value, ok := entryDate(x.ValDt)
	if !ok {
		return p.badDate(x.ValDt, line)
	}

	e := Entry{
		AmountCents:    cents,
		Currency:       strings.TrimSpace(x.Amt.Ccy),
		Credit:         strings.TrimSpace(x.CdtDbtInd) == "CRDT",
		Reversal:       parseBool(x.RvslInd),
		Booked:         strings.TrimSpace(x.Sts.Text) == "BOOK" || strings.TrimSpace(x.Sts.Cd) == "BOOK",
		BookingDate:    booking,
		ValueDate:      value,
		AdditionalInfo: clean(x.AddtlNtryInf),
		Transactions:   len(x.Txs),
		StatementID:    stmtID,
		Line:           line,
	}

	var remit, e2e, names, ibans, txRefs []string
	for _, tx := range x.Txs {
		for _, u := range tx.Ustrd {
			if u = clean(u); u != "" {
				remit = append(remit, u)
			}
		}
		e2e = append(e2e, clean(tx.EndToEndID))
		txRefs = append(txRefs, clean(tx.AcctSvcrRef))
		// The counterparty is who the money came from on a credit and who it went to on a
		// debit; a reversal lists the parties of the original payment the same way.
		if e.Credit {
			names = append(names, tx.Dbtr.name())
			ibans = append(ibans, normaliseIBAN(tx.DbtrIBAN))
		} else {
			names = append(names, tx.Cdtr.name())
			ibans = append(ibans, normaliseIBAN(tx.CdtrIBAN))
		}
	}
	for _, tx := range x.Txs {
		for _, r := range tx.CdtrRefs {
			if r = clean(r); r != "" {
				remit = append(remit, r)
			}
		}
	}
	e.Remittance = strings.Join(remit, " ")
	e.EndToEndID = agreed(e2e)
	e.CounterpartyName = agreed(names)
	e.CounterpartyIBAN = agreed(ibans)
	e.BankRef = clean(x.AcctSvcrRef)
	if e.BankRef == "" {
		e.BankRef = agreed(txRefs)
	}

	switch {
	case e.Reversal:
		e.Skip = SkipReversal
	case !e.Credit:
		e.Skip = SkipDebit
	case e.Currency != "EUR":
		e.Skip = SkipForeign
	case !e.Booked:
		e.Skip = SkipPending
	case e.AmountCents == 0:
		e.Skip = SkipZero
	}

	p.st.Entries = append(p.st.Entries, e)
	p.keys = append(p.keys, fingerprintKey(p.st.IBAN, &e, strings.TrimSpace(x.CdtDbtInd)))
	bankID := ""
	if e.BankRef != "" && !bankRefPlaceholders[strings.ToUpper(strings.ReplaceAll(e.BankRef, " ", ""))] {
		bankID = e.BankRef
	}
	p.bankIDs = append(p.bankIDs, bankID)
	return nil
}

func (p *parser) badDate(d xmlDate, line int) error {
	v := strings.TrimSpace(d.Dt)
	if v == "" {
		v = strings.TrimSpace(d.DtTm)
	}
	v = clip(v, 40)
	return &Refusal{Code: CodeBadDate, Message: fmt.Sprintf(msgDate, v, p.n, line), Detail: "date " + strconv.Quote(v)}
}

// assignRefs runs once all entries are known, because whether a bank reference identifies an
// entry, and which occurrence of a fingerprint an entry is, depend on the whole file.
func (p *parser) assignRefs() {
	firstKey := map[string]string{}
	ambiguous := map[string]bool{}
	for i, id := range p.bankIDs {
		if id == "" {
			continue
		}
		if k, seen := firstKey[id]; !seen {
			firstKey[id] = p.keys[i]
		} else if k != p.keys[i] {
			ambiguous[id] = true
		}
	}
	occurrences := map[string]int{}
	for i := range p.st.Entries {
		if id := p.bankIDs[i]; id != "" && !ambiguous[id] {
			p.st.Entries[i].Ref = "bank:" + id
			continue
		}
		k := p.keys[i]
		n := occurrences[k]
		occurrences[k] = n + 1
		sum := sha256.Sum256([]byte(k + "|" + strconv.Itoa(n)))
		p.st.Entries[i].Ref = "fp:" + hex.EncodeToString(sum[:])
	}
}

// fingerprintKey is the fingerprint text without the occurrence index; see the package comment.
func fingerprintKey(iban string, e *Entry, cdtDbtInd string) string {
	fields := []string{
		iban, e.BookingDate, e.ValueDate, cdtDbtInd, e.Currency,
		strconv.FormatInt(e.AmountCents, 10), e.EndToEndID, e.CounterpartyIBAN, e.Remittance,
	}
	for i, f := range fields {
		fields[i] = escapeField(f)
	}
	return strings.Join(fields, "|")
}

var fieldEscaper = strings.NewReplacer("%", "%25", "|", "%7C")

func escapeField(s string) string { return fieldEscaper.Replace(s) }

// parseCents converts an amount to cents with integer arithmetic only: a float would turn some
// amounts into a cent less. Surrounding XML whitespace is allowed, as the schema allows it.
func parseCents(s string) (int64, bool) {
	s = strings.Trim(s, " \t\r\n")
	if !amountPattern.MatchString(s) {
		return 0, false
	}
	whole, frac, _ := strings.Cut(s, ".")
	frac = (frac + "00")[:2]
	w, err := strconv.ParseInt(whole, 10, 64)
	if err != nil {
		return 0, false
	}
	f, err := strconv.ParseInt(frac, 10, 64)
	if err != nil {
		return 0, false
	}
	return w*100 + f, true
}

// entryDate returns the YYYY-MM-DD of Dt or DtTm, "" when neither is given (a pending entry
// may lack a booking date), and false for a date that is not a real calendar day.
func entryDate(d xmlDate) (string, bool) {
	raw := strings.TrimSpace(d.Dt)
	if raw == "" {
		raw = strings.TrimSpace(d.DtTm)
	}
	if raw == "" {
		return "", true
	}
	m := datePattern.FindStringSubmatch(raw)
	if m == nil {
		return "", false
	}
	if _, err := time.Parse(time.DateOnly, m[1]); err != nil {
		return "", false
	}
	return m[1], true
}

func parseBool(s string) bool {
	s = strings.TrimSpace(s)
	return s == "true" || s == "1"
}

// clean collapses runs of white space (banks wrap remittance text with line breaks) into single
// spaces, so the same text always reads, matches and fingerprints the same.
func clean(s string) string { return strings.Join(strings.Fields(s), " ") }

// agreed returns the one non-empty value in vs, or "" when there is none or they differ: for a
// batch entry a single transaction's counterparty would be a wrong answer for the whole entry.
func agreed(vs []string) string {
	v := ""
	for _, s := range vs {
		switch {
		case s == "":
		case v == "":
			v = s
		case s != v:
			return ""
		}
	}
	return v
}
