package factuur

import (
	"context"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
)

// Payment is a booking on an invoice as the domains make it (docs/decisions.md D30): the
// klusser's registration at the door (Pay), the office's by hand and a bank statement's entry
// (services/betaling).
type Payment struct {
	FactuurID   uuid.UUID
	Datum       string // JJJJ-MM-DD
	BedragCents int
	Methode     string // contant, pin, bank
	Bron        string // klusser, kantoor, bankafschrift
	Notitie     string
	BankPostID  *uuid.UUID
}

// InsertPayment books p in tx. The database fills in the region, the author and the time, and
// refuses a payment above the open amount (constraint betalingen_boven_open) or on a credit
// invoice or a credited one (migration 038).
func InsertPayment(ctx context.Context, tx pgx.Tx, p Payment) (uuid.UUID, error) {
	var id uuid.UUID
	err := tx.QueryRow(ctx, `
		INSERT INTO betalingen (factuur_id, datum, bedrag_cents, methode, bron, notitie, bank_post_id, regio, geboekt_rol)
		VALUES ($1, $2, $3, $4, $5, $6, $7, '', '') RETURNING id`,
		p.FactuurID, p.Datum, p.BedragCents, p.Methode, p.Bron, p.Notitie, p.BankPostID).Scan(&id)
	return id, err
}
