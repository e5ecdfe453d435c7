package camt

import (
	"bytes"
	"context"
	"fmt"
	"strings"
)

// MaxSize is the largest statement accepted: 20 MiB. A day or week of a busy business account is
// far smaller; the cap keeps a careless or hostile upload from tying up the scanner and xmllint.
const MaxSize = 20 << 20

// Skip reasons, in the priority Read applies them. They are shown to the office next to the
// entry, so they are Dutch; callers compare against these constants, not literal strings.
const (
	SkipReversal = "Terugboeking (geretourneerde betaling)"
	SkipDebit    = "Afschrijving"
	SkipForeign  = "Geen euro"
	SkipPending  = "Niet geboekt"
	// SkipZero is for an entry of 0.00: it cannot pay anything, and Entry promises a positive
	// AmountCents to callers that count on it.
	SkipZero = "Bedrag is nul"
)

// Refusal codes: stable identifiers for logs, metrics and tests; the UI shows Message.
const (
	CodeTooLarge           = "too_large"
	CodeNotXML             = "not_xml"
	CodeForbiddenXML       = "forbidden_xml"
	CodeWrongMessage       = "wrong_message"
	CodeUnsupportedVersion = "unsupported_version"
	CodeSchema             = "schema"
	CodeBadAmount          = "bad_amount"
	CodeBadDate            = "bad_date"
	CodeMultipleAccounts   = "multiple_accounts"
	CodeNoIBAN             = "no_iban"
)

// Entry is one Ntry of the statement.
type Entry struct {
	Ref              string // identity on re-import; see the package comment
	BankRef          string // AcctSvcrRef of the entry (or the one of its TxDtls), may be empty
	AmountCents      int64  // positive except for a 0.00 entry (skipped with SkipZero); the sign is Credit
	Currency         string
	Credit           bool // CdtDbtInd == CRDT
	Reversal         bool // RvslInd true (a returned/reversed payment)
	Booked           bool // Sts BOOK (v08: Sts/Cd BOOK)
	BookingDate      string
	ValueDate        string
	Remittance       string // all Ustrd joined with " ", then every Strd/CdtrRefInf/Ref
	EndToEndID       string
	CounterpartyName string // the debtor for a credit, the creditor for a debit
	CounterpartyIBAN string // upper case without spaces
	Skip             string // "" when the entry counts, else one of the Skip* reasons

	// AdditionalInfo is AddtlNtryInf: some banks describe the entry only there, so the office
	// may want to see it, but it is not part of Remittance or the fingerprint.
	AdditionalInfo string
	// Transactions is the number of TxDtls. Above one the entry is a batch; EndToEndID,
	// BankRef and the counterparty are then only set when all its transactions agree on them.
	Transactions int
	StatementID  string // Stmt/Id of the statement the entry is in
	Line         int    // line of the Ntry in the file, for support questions
}

// Statement is the content of one CAMT.053 file.
type Statement struct {
	Version      string   // "camt.053.001.02" etc.
	StatementID  string   // Stmt/Id of the first statement
	StatementIDs []string // Stmt/Id of every statement in the file, in file order
	IBAN         string   // Stmt/Acct/Id/IBAN, upper case without spaces
	Currency     string   // Acct/Ccy of the first statement that has one
	Entries      []Entry  // every Ntry of every Stmt in file order, skipped ones included
}

// Refusal is a file Read will not book from. Message is plain Dutch for the office; Code is
// stable; Detail (English, possibly quoting the file) is for operators' logs only.
type Refusal struct {
	Code    string
	Message string
	Detail  string
}

func (r *Refusal) Error() string {
	if r.Detail != "" {
		return fmt.Sprintf("camt: %s: %s (%s)", r.Code, r.Message, r.Detail)
	}
	return fmt.Sprintf("camt: %s: %s", r.Code, r.Message)
}

func refuse(code, message string) *Refusal { return &Refusal{Code: code, Message: message} }

// The Dutch messages. They say what happened and what the office can do, without jargon beyond
// the format's name, which is what the bank's download page calls it.
const (
	msgTooLarge = "Het bestand is te groot (meer dan 20 MB). Lees een afschrift per dag of per week in."
	msgNotXML   = "Dit is geen leesbaar bankafschrift (CAMT.053). Het bestand is onvolledig of geen XML."
	msgForbid   = "Dit bestand bevat onderdelen die niet in een bankafschrift thuishoren. Voor de veiligheid is het niet ingelezen. Download het afschrift opnieuw bij uw bank."
	msgWrong    = "Dit is geen bankafschrift in CAMT.053-formaat (versie 02, 04 of 08). Kies bij het downloaden bij uw bank voor CAMT.053."
	msgVersion  = "Dit bankafschrift is in CAMT.053 versie %s. Wij kunnen alleen versie 02, 04 en 08 inlezen. Kies bij het downloaden bij uw bank een van die versies."
	msgSchema   = "Het bankafschrift voldoet niet aan de CAMT.053-standaard en is niet ingelezen. Download het afschrift opnieuw bij uw bank. Lukt het dan nog niet, neem dan contact met ons op."
	msgAmount   = "Bedrag '%s' in post %d (regel %d) is geen geldig bedrag. Het afschrift is niet ingelezen."
	msgDate     = "Datum '%s' in post %d (regel %d) is geen geldige datum. Het afschrift is niet ingelezen."
	msgAccounts = "Het bestand bevat afschriften van meer dan één rekening. Lees per rekening een apart bestand in."
	msgNoIBAN   = "In het afschrift staat geen IBAN van de rekening. Het afschrift is niet ingelezen."
)

// utf8BOM is skipped before decoding: Windows tools add it, and encoding/xml would otherwise
// see it as text before the XML declaration.
var utf8BOM = []byte{0xEF, 0xBB, 0xBF}

// Read checks and parses a statement. It returns a *Refusal (with a Dutch message for the
// office) for every file it will not book from, and a plain error for problems of the server
// (xmllint missing, schema file absent, timeout, cancelled ctx), which the office cannot fix.
// schemaDir holds camt.053.001.02.xsd, .04.xsd and .08.xsd.
func Read(ctx context.Context, data []byte, schemaDir string) (*Statement, error) {
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	if len(data) > MaxSize {
		return nil, refuse(CodeTooLarge, msgTooLarge)
	}
	body := bytes.TrimPrefix(data, utf8BOM)
	if len(bytes.TrimSpace(body)) == 0 {
		return nil, refuse(CodeNotXML, msgNotXML)
	}
	version, ref := scan(body)
	if ref != nil {
		return nil, ref
	}
	if err := validateSchema(ctx, body, schemaDir, version); err != nil {
		return nil, err
	}
	st, err := parse(ctx, body, version)
	if err != nil {
		return nil, err
	}
	return st, nil
}

// normaliseIBAN upper-cases and drops spaces: the schema allows lower case letters after the
// country code, and the office compares IBANs typed with spaces.
func normaliseIBAN(s string) string {
	return strings.ToUpper(strings.Join(strings.Fields(s), ""))
}
