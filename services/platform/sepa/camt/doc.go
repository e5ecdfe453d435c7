// Package camt reads a business's bank statement in ISO 20022 CAMT.053 (BankToCustomerStatement,
// versions camt.053.001.02, .04 and .08) so the office can book customer payments on invoices.
// It only reads: booking and matching entries to invoices is the caller's work.
//
// # Safety
//
// A statement is uploaded by a person, so Read treats it as hostile until proven otherwise, and
// it returns either the whole statement or a *Refusal, never part of one. In order:
//
//  1. the size is capped (MaxSize), so neither the scan nor xmllint is fed an unbounded file;
//  2. every token is scanned with encoding/xml (strict, no entity map) before anything else
//     touches the bytes: any DOCTYPE, ENTITY or other <!...> declaration, and any XInclude, is
//     refused, so entity expansion ("billion laughs"), external entities (file:///etc/passwd)
//     and inclusion can never reach a parser that would honour them;
//  3. the root must be Document in a camt.053 namespace of a supported version;
//  4. the file is validated with xmllint against the official schema of that version
//     (--nonet, 60 s timeout), because a statement the standard does not allow is one whose
//     meaning we cannot be sure of;
//  5. only then is it decoded, streaming one Ntry at a time so memory stays flat, and every
//     amount is checked again against a strict pattern and converted to cents without floats.
//
// # Entry identity on re-import
//
// Offices re-import the same statement, or statements that overlap (a day statement and later a
// week statement), so every Entry carries a Ref that is the same each time the same bank booking
// is read, and that the caller stores to avoid booking a payment twice.
//
// When the bank gives the entry an account servicer reference (Ntry/AcctSvcrRef, or failing that
// the one AcctSvcrRef its transaction details agree on), Ref is "bank:" + that reference: it is
// the bank's own identity of the booking. Placeholders such as "NOTPROVIDED" do not count. If one
// file gives the same reference to entries that differ (amount, date, direction, counterparty,
// remittance), the reference does not identify the booking, and those entries fall back to the
// fingerprint below instead of silently collapsing into one.
//
// Otherwise Ref is "fp:" + the hex SHA-256 of
//
//	IBAN|BookingDate|ValueDate|CdtDbtInd|Currency|amount in cents|EndToEndId|counterparty IBAN|remittance|n
//
// where n (0, 1, ...) counts the earlier entries in the same file with the same values in all
// other fields (so, as the booking date is one of them, within that booking date). Two genuinely
// identical transfers on one day therefore stay two entries (n = 0 and n = 1), while reading the
// same statement again, or an overlapping statement listing that day's entries in the bank's
// order, yields the same refs. Free-text fields escape '|' and '%' so that text cannot shift one
// field into the next. The limit of a fingerprint: if two statements split one booking day
// differently (the first identical transfer in one file, the second in another), both get n = 0
// and look like one payment; banks export whole booking days, which is why n is per day.
package camt
