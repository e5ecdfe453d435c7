// Package pain writes the file with which Klusmaat pays its klussers: the approved statements
// of one paying business as one SEPA credit transfer batch in ISO 20022 pain.001.001.03
// (CustomerCreditTransferInitiation), the version Dutch banks take for batches.
//
// A file the bank would refuse must never leave the product, so Write checks the input against
// the schema and the EPC's SEPA rules before a single byte is written, and refuses the batch
// with an error otherwise: a refused upload is found days later, when a klusser asks where the
// money is.
package pain

import (
	"bytes"
	"encoding/xml"
	"errors"
	"fmt"
	"io"
	"strings"
	"time"
)

// Debtor is the paying business: the account the transfers are debited from.
type Debtor struct {
	Name string // reduced with SEPAText to 70 characters
	IBAN string
	// BIC of the debtor's bank; optional. When empty the file says FinInstnId/Othr/Id
	// NOTPROVIDED, which Dutch banks accept since IBAN-only became the SEPA rule.
	BIC string
}

// Transfer is one payment to one klusser.
type Transfer struct {
	// EndToEndID identifies the transfer up to the klusser's bank statement and back in ours
	// (camt.053), so it is refused rather than altered when it breaks the rules: unique in the
	// batch, 1 to 35 characters of the SEPA set, not starting or ending with '/', no '//'.
	EndToEndID   string
	AmountCents  int64  // in euro cents; more than 0 and at most 999,999,999.99 euro (SEPA's limit)
	CreditorName string // reduced with SEPAText to 70 characters; must keep at least one
	CreditorIBAN string
	Remittance   string // unstructured; reduced with SEPAText to 140 characters, left out when empty
}

// Batch is one pain.001 file: one payment information block for one debtor.
type Batch struct {
	MessageID     string    // GrpHdr/MsgId and PmtInf/PmtInfId; the same rules as EndToEndID
	CreatedAt     time.Time // GrpHdr/CreDtTm, written as the clock time in its own location
	ExecutionDate string    // YYYY-MM-DD (ReqdExctnDt); not before CreatedAt's date
	Debtor        Debtor
	Transfers     []Transfer
}

// Totals is what the written file declares (NbOfTxs and CtrlSum), for the caller to book and
// to compare with the bank's confirmation.
type Totals struct {
	Count    int
	SumCents int64
}

// The reasons a batch is refused, for errors.Is; the error's text says which field and value.
var (
	ErrNoTransfers = errors.New("no transfers")
	ErrAmount      = errors.New("amount out of range")
	ErrDuplicateID = errors.New("duplicate end-to-end id")
	ErrID          = errors.New("invalid identifier")
	ErrIBAN        = errors.New("invalid IBAN")
	ErrBIC         = errors.New("invalid BIC")
	ErrName        = errors.New("no usable name")
	ErrDate        = errors.New("invalid date")
	ErrTotal       = errors.New("batch total too large")
)

// TransferError says which transfer of the batch was refused, so the payout screen can point
// at the statement behind it.
type TransferError struct {
	Index      int // position in Batch.Transfers
	EndToEndID string
	Err        error
}

func (e *TransferError) Error() string {
	return fmt.Sprintf("pain: transfer %d (%q): %v", e.Index, e.EndToEndID, e.Err)
}

func (e *TransferError) Unwrap() error { return e.Err }

const (
	// maxAmountCents is the SEPA credit transfer scheme's ceiling per transfer.
	maxAmountCents = 999_999_999_99
	// maxSumCents keeps the control sum inside the schema's DecimalNumber (18 digits in all,
	// two of them after the point) and far from int64 overflow.
	maxSumCents = 9_999_999_999_999_999
	nameMax     = 70
	remitMax    = 140
)

// Write checks b and writes it to w as a pain.001.001.03 document, returning the totals the
// file declares. Nothing is written when b is refused, and the document reaches w in a single
// Write call, so a caller writing to a file or an HTTP response never ships half a batch.
func Write(w io.Writer, b Batch) (Totals, error) {
	doc, totals, err := build(b)
	if err != nil {
		return Totals{}, err
	}
	var buf bytes.Buffer
	buf.Grow(1024 + 600*len(b.Transfers))
	buf.WriteString(xml.Header)
	enc := xml.NewEncoder(&buf)
	enc.Indent("", "  ")
	if err := enc.Encode(doc); err != nil {
		return Totals{}, fmt.Errorf("pain: encode: %w", err)
	}
	buf.WriteByte('\n')
	if _, err := w.Write(buf.Bytes()); err != nil {
		return Totals{}, fmt.Errorf("pain: write: %w", err)
	}
	return totals, nil
}

// build checks b and turns it into the document's structure.
func build(b Batch) (*document, Totals, error) {
	if err := validID(b.MessageID); err != nil {
		return nil, Totals{}, fmt.Errorf("pain: message id %q: %w", b.MessageID, err)
	}
	if b.CreatedAt.IsZero() {
		return nil, Totals{}, fmt.Errorf("pain: creation time not set: %w", ErrDate)
	}
	exec, err := time.Parse(time.DateOnly, b.ExecutionDate)
	if err != nil || exec.Format(time.DateOnly) != b.ExecutionDate {
		return nil, Totals{}, fmt.Errorf("pain: execution date %q is not YYYY-MM-DD: %w", b.ExecutionDate, ErrDate)
	}
	// Banks refuse an execution date in the past; the creation time is the best "today" this
	// package knows without reading the clock itself.
	cy, cm, cd := b.CreatedAt.Date()
	if exec.Before(time.Date(cy, cm, cd, 0, 0, 0, 0, time.UTC)) {
		return nil, Totals{}, fmt.Errorf("pain: execution date %s is before the creation date %s: %w",
			b.ExecutionDate, b.CreatedAt.Format(time.DateOnly), ErrDate)
	}

	debtorName := SEPAText(b.Debtor.Name, nameMax)
	if debtorName == "" {
		return nil, Totals{}, fmt.Errorf("pain: debtor name %q: %w", b.Debtor.Name, ErrName)
	}
	debtorIBAN, problem := sepaIBAN(b.Debtor.IBAN)
	if problem != "" {
		return nil, Totals{}, fmt.Errorf("pain: debtor IBAN %q %s: %w", b.Debtor.IBAN, problem, ErrIBAN)
	}
	agent, err := debtorAgent(b.Debtor.BIC)
	if err != nil {
		return nil, Totals{}, err
	}

	if len(b.Transfers) == 0 {
		return nil, Totals{}, fmt.Errorf("pain: %w", ErrNoTransfers)
	}
	var totals Totals
	seen := make(map[string]int, len(b.Transfers))
	txs := make([]creditTransfer, len(b.Transfers))
	for i, t := range b.Transfers {
		fail := func(err error) (*document, Totals, error) {
			return nil, Totals{}, &TransferError{Index: i, EndToEndID: t.EndToEndID, Err: err}
		}
		if err := validID(t.EndToEndID); err != nil {
			return fail(err)
		}
		if first, dup := seen[t.EndToEndID]; dup {
			return fail(fmt.Errorf("%w: also used by transfer %d", ErrDuplicateID, first))
		}
		seen[t.EndToEndID] = i
		if t.AmountCents <= 0 || t.AmountCents > maxAmountCents {
			return fail(fmt.Errorf("%w: %d cents", ErrAmount, t.AmountCents))
		}
		totals.Count++
		totals.SumCents += t.AmountCents
		if totals.SumCents > maxSumCents {
			return fail(ErrTotal)
		}
		name := SEPAText(t.CreditorName, nameMax)
		if name == "" {
			return fail(fmt.Errorf("creditor name %q: %w", t.CreditorName, ErrName))
		}
		iban, problem := sepaIBAN(t.CreditorIBAN)
		if problem != "" {
			return fail(fmt.Errorf("creditor IBAN %q %s: %w", t.CreditorIBAN, problem, ErrIBAN))
		}
		tx := creditTransfer{
			PmtID:    paymentID{EndToEndID: t.EndToEndID},
			Amt:      amountChoice{InstdAmt: amount{Ccy: "EUR", Value: formatCents(t.AmountCents)}},
			Cdtr:     party{Nm: name},
			CdtrAcct: account{ID: accountID{IBAN: iban}},
		}
		if r := SEPAText(t.Remittance, remitMax); r != "" {
			tx.RmtInf = &remittance{Ustrd: r}
		}
		txs[i] = tx
	}

	count := fmt.Sprint(totals.Count)
	sum := formatCents(totals.SumCents)
	doc := &document{Initiation: initiation{
		GrpHdr: groupHeader{
			MsgID:    b.MessageID,
			CreDtTm:  b.CreatedAt.Format("2006-01-02T15:04:05"),
			NbOfTxs:  count,
			CtrlSum:  sum,
			InitgPty: party{Nm: debtorName},
		},
		PmtInf: paymentInfo{
			// One block per file, so the message id identifies it as well as any other would.
			PmtInfID:    b.MessageID,
			PmtMtd:      "TRF",
			BtchBookg:   true,
			NbOfTxs:     count,
			CtrlSum:     sum,
			PmtTpInf:    paymentType{SvcLvl: serviceLevel{Cd: "SEPA"}},
			ReqdExctnDt: b.ExecutionDate,
			Dbtr:        party{Nm: debtorName},
			DbtrAcct:    account{ID: accountID{IBAN: debtorIBAN}},
			DbtrAgt:     agent,
			ChrgBr:      "SLEV",
			CdtTrfTxInf: txs,
		},
	}}
	return doc, totals, nil
}

// validID checks an identifier the way the EPC's rules for references do. It refuses rather
// than repairs: the same id must come back unchanged on the bank statement to be matched.
func validID(s string) error {
	switch {
	case s == "":
		return fmt.Errorf("%w: empty", ErrID)
	case len(s) > 35:
		return fmt.Errorf("%w: longer than 35 characters", ErrID)
	case strings.HasPrefix(s, "/") || strings.HasSuffix(s, "/") || strings.Contains(s, "//"):
		return fmt.Errorf("%w: starts or ends with '/' or contains '//'", ErrID)
	case strings.TrimSpace(s) != s:
		// Schema types keep spaces, but a bank's system may not; the id would no longer match.
		return fmt.Errorf("%w: leading or trailing space", ErrID)
	}
	for _, r := range s {
		if !isSEPAChar(r) {
			return fmt.Errorf("%w: character %q outside the SEPA set", ErrID, r)
		}
	}
	return nil
}

// debtorAgent returns DbtrAgt: the BIC when one is given, NOTPROVIDED otherwise.
func debtorAgent(bic string) (agentID, error) {
	if bic == "" {
		return agentID{FinInstnID: finInstnID{Othr: &otherID{ID: "NOTPROVIDED"}}}, nil
	}
	n := strings.ToUpper(strings.ReplaceAll(bic, " ", ""))
	if !validBIC(n) {
		return agentID{}, fmt.Errorf("pain: debtor BIC %q: %w", bic, ErrBIC)
	}
	return agentID{FinInstnID: finInstnID{BIC: n}}, nil
}

// validBIC is the schema's BICIdentifier pattern, [A-Z]{6}[A-Z2-9][A-NP-Z0-9]([A-Z0-9]{3})?,
// checked here so a wrong BIC is an error of Write and not of the bank.
func validBIC(s string) bool {
	if len(s) != 8 && len(s) != 11 {
		return false
	}
	for i := range len(s) {
		c := s[i]
		upper := c >= 'A' && c <= 'Z'
		digit := c >= '0' && c <= '9'
		switch {
		case i < 6 && !upper,
			i == 6 && !upper && (c < '2' || c > '9'),
			i == 7 && (c == 'O' || !upper && !digit),
			i > 7 && !upper && !digit:
			return false
		}
	}
	return true
}

// formatCents writes an amount of cents as euros with two decimals, from the integer itself:
// a float would round some amounts a cent off.
func formatCents(c int64) string {
	return fmt.Sprintf("%d.%02d", c/100, c%100)
}

// The document's structure, in the schema's element order (xs:sequence is ordered). Only
// what a SEPA credit transfer batch needs is modelled.

type document struct {
	XMLName    xml.Name   `xml:"urn:iso:std:iso:20022:tech:xsd:pain.001.001.03 Document"`
	Initiation initiation `xml:"CstmrCdtTrfInitn"`
}

type initiation struct {
	GrpHdr groupHeader `xml:"GrpHdr"`
	PmtInf paymentInfo `xml:"PmtInf"`
}

type groupHeader struct {
	MsgID    string `xml:"MsgId"`
	CreDtTm  string `xml:"CreDtTm"`
	NbOfTxs  string `xml:"NbOfTxs"`
	CtrlSum  string `xml:"CtrlSum"`
	InitgPty party  `xml:"InitgPty"`
}

type party struct {
	Nm string `xml:"Nm"`
}

type paymentInfo struct {
	PmtInfID    string           `xml:"PmtInfId"`
	PmtMtd      string           `xml:"PmtMtd"`
	BtchBookg   bool             `xml:"BtchBookg"`
	NbOfTxs     string           `xml:"NbOfTxs"`
	CtrlSum     string           `xml:"CtrlSum"`
	PmtTpInf    paymentType      `xml:"PmtTpInf"`
	ReqdExctnDt string           `xml:"ReqdExctnDt"`
	Dbtr        party            `xml:"Dbtr"`
	DbtrAcct    account          `xml:"DbtrAcct"`
	DbtrAgt     agentID          `xml:"DbtrAgt"`
	ChrgBr      string           `xml:"ChrgBr"`
	CdtTrfTxInf []creditTransfer `xml:"CdtTrfTxInf"`
}

type paymentType struct {
	SvcLvl serviceLevel `xml:"SvcLvl"`
}

type serviceLevel struct {
	Cd string `xml:"Cd"`
}

type account struct {
	ID accountID `xml:"Id"`
}

type accountID struct {
	IBAN string `xml:"IBAN"`
}

type agentID struct {
	FinInstnID finInstnID `xml:"FinInstnId"`
}

type finInstnID struct {
	BIC  string   `xml:"BIC,omitempty"`
	Othr *otherID `xml:"Othr,omitempty"`
}

type otherID struct {
	ID string `xml:"Id"`
}

type creditTransfer struct {
	PmtID    paymentID    `xml:"PmtId"`
	Amt      amountChoice `xml:"Amt"`
	Cdtr     party        `xml:"Cdtr"`
	CdtrAcct account      `xml:"CdtrAcct"`
	RmtInf   *remittance  `xml:"RmtInf,omitempty"`
}

type paymentID struct {
	EndToEndID string `xml:"EndToEndId"`
}

type amountChoice struct {
	InstdAmt amount `xml:"InstdAmt"`
}

type amount struct {
	Ccy   string `xml:"Ccy,attr"`
	Value string `xml:",chardata"`
}

type remittance struct {
	Ustrd string `xml:"Ustrd"`
}
