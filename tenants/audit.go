package tenants

import (
	"context"
	"fmt"

	"github.com/jackc/pgx/v5"
)

// The audit actions (D22). Domains name their own entities.
const (
	AuditDownload = "download"
	AuditUpload   = "upload"
	AuditDelete   = "delete"
)

// AuditEntry is one row of the audit log (D22): what happened to which entity, in which region,
// and what it was before and after. Who and when are not part of it: the database fills them in
// from the transaction's actor, so an entry can never claim another author.
type AuditEntry struct {
	Action   string // AuditDownload, ...
	Entity   string // the domain's name for the entity: work_order_photo, klusser_document, ...
	EntityID string
	// Region is the region the entity belongs to, if one; franchise owners read their regions' rows.
	Region *string
	// Before and After are what the log keeps of the entity: what it is, not what a document says.
	Before, After map[string]any
}

// Audit appends e in the actor's own name, in tx: the entry commits with the change it records,
// or not at all. The table's policy demands actor_id() as the author, and the server's role may
// never change or remove a row.
func Audit(ctx context.Context, tx pgx.Tx, e AuditEntry) error {
	var before, after any // nil maps are SQL NULL, not the JSON null
	if e.Before != nil {
		before = e.Before
	}
	if e.After != nil {
		after = e.After
	}
	_, err := tx.Exec(ctx, `
		INSERT INTO audit_log (actor_id, actor_role, action, entity, entity_id, regio, before, after)
		VALUES (actor_id(), actor_role(), $1, $2, $3, $4, $5, $6)`, e.Action, e.Entity, e.EntityID, e.Region, before, after)
	if err != nil {
		return fmt.Errorf("tenants: audit %s %s: %w", e.Action, e.Entity, err)
	}
	return nil
}
