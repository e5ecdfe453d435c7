package avg

import (
	"archive/zip"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"

	"github.com/klusmaat/klusmaat/services/factuur"
	"github.com/klusmaat/klusmaat/services/platform/files"
	"github.com/klusmaat/klusmaat/tenants"
)

// pgStore reads and erases as the admin (row-level security: admins see every region).
type pgStore struct {
	db    *tenants.DB
	blobs files.Storage
	site  factuur.Site
}

// The rows about an address, table by table: what the export holds and the erase removes. Each
// query takes the address ($1, lowered) and the customer's job ids ($2); those that need only the
// ids still name the address ($1::text IS NOT NULL), so every query takes the same two arguments.
var sections = []struct{ name, sql string }{
	{"klussen", `SELECT to_jsonb(k) FROM klussen k WHERE $1::text IS NOT NULL AND k.id = ANY ($2) ORDER BY k.created_at`},
	{"werkbonnen", `SELECT to_jsonb(w) FROM werkbonnen w WHERE $1::text IS NOT NULL AND w.klus_id = ANY ($2) ORDER BY w.created_at`},
	{"materialen", `SELECT to_jsonb(i) FROM work_order_items i JOIN werkbonnen w ON w.id = i.work_order_id
	                WHERE $1::text IS NOT NULL AND w.klus_id = ANY ($2) ORDER BY i.created_at`},
	{"fotos", `SELECT to_jsonb(p) - 'url' FROM work_order_photos p JOIN werkbonnen w ON w.id = p.work_order_id
	           WHERE $1::text IS NOT NULL AND w.klus_id = ANY ($2) ORDER BY p.created_at`},
	{"facturen", `SELECT to_jsonb(f) - 'pdf_url' FROM facturen f WHERE f.klus_id = ANY ($2) OR lower(f.klant_email) = $1
	              ORDER BY f.factuurnummer`},
	// D30: the payments on the customer's invoices and their follow-up (reminders, letters): kept
	// with the invoices by an erase, as the law keeps bookkeeping records.
	{"betalingen", `SELECT to_jsonb(b) FROM betalingen b JOIN facturen f ON f.id = b.factuur_id
	                WHERE f.klus_id = ANY ($2) OR lower(f.klant_email) = $1 ORDER BY b.created_at, b.id`},
	{"factuur_opvolging", `SELECT to_jsonb(e) FROM factuur_gebeurtenissen e JOIN facturen f ON f.id = e.factuur_id
	                       WHERE f.klus_id = ANY ($2) OR lower(f.klant_email) = $1 ORDER BY e.created_at, e.id`},
	{"contacten", `SELECT to_jsonb(c) FROM klus_contacten c WHERE $1::text IS NOT NULL AND c.klus_id = ANY ($2) ORDER BY c.tijdstip`},
	{"schouw", `SELECT to_jsonb(s) FROM klus_schouwen s WHERE $1::text IS NOT NULL AND s.klus_id = ANY ($2) ORDER BY s.created_at`},
	{"schouw_fotos", `SELECT to_jsonb(f) - 'storage_key' FROM klus_schouw_fotos f WHERE $1::text IS NOT NULL AND f.klus_id = ANY ($2) ORDER BY f.created_at`},
	{"offertes", `SELECT to_jsonb(o) - 'pdf_key' FROM offertes o WHERE $1::text IS NOT NULL AND o.klus_id = ANY ($2) ORDER BY o.nummer, o.versie`},
	{"notificaties", `SELECT to_jsonb(n) FROM notifications n WHERE $1::text IS NOT NULL AND n.klus_id = ANY ($2) ORDER BY n.created_at`},
	{"auditlog", `SELECT to_jsonb(a) FROM audit_log a
	              WHERE (a.entity = 'klus' AND a.entity_id IN (SELECT unnest($2::uuid[])::text))
	                 OR (a.entity = 'factuur_pdf' AND a.entity_id IN (SELECT f.id::text FROM facturen f WHERE f.klus_id = ANY ($2) OR lower(f.klant_email) = $1))
	              ORDER BY a.occurred_at`},
	{"emails", `SELECT jsonb_build_object('id', j.id, 'status', j.state, 'aangemaakt', j.created_at, 'afgerond', j.finalized_at,
	                   'sjabloon', j.args ->> 'template', 'aan', j.args ->> 'to', 'gegevens', j.args -> 'data')
	            FROM river.river_job j WHERE j.kind = 'email' AND lower(j.args ->> 'to') = $1 AND $2::uuid[] IS NOT NULL ORDER BY j.id`},
}

// customerJobs are the ids of the jobs with this e-mail address.
func customerJobs(ctx context.Context, tx pgx.Tx, email string) ([]uuid.UUID, error) {
	rows, err := tx.Query(ctx, `SELECT id FROM klussen WHERE lower(email) = $1`, email)
	if err != nil {
		return nil, err
	}
	ids, err := pgx.CollectRows(rows, pgx.RowTo[uuid.UUID])
	if ids == nil {
		ids = []uuid.UUID{} // an empty array, not NULL: the queries compare with it
	}
	return ids, err
}

// Export gathers every row about the address and the files that go with them into a zip.
func (s *pgStore) Export(ctx context.Context, email, subject string) (*Archive, error) {
	var buf bytes.Buffer
	err := s.db.Tx(ctx, func(tx pgx.Tx) error {
		ids, err := customerJobs(ctx, tx, email)
		if err != nil {
			return err
		}
		doc := map[string]any{"email": email, "gemaakt_op": time.Now().UTC()}
		total := 0
		for _, sec := range sections {
			rows, err := tx.Query(ctx, sec.sql, email, ids)
			if err != nil {
				return fmt.Errorf("avg: export %s: %w", sec.name, err)
			}
			list, err := pgx.CollectRows(rows, pgx.RowTo[json.RawMessage])
			if err != nil {
				return fmt.Errorf("avg: export %s: %w", sec.name, err)
			}
			if list == nil {
				list = []json.RawMessage{}
			}
			doc[sec.name] = list
			if sec.name == "klussen" || sec.name == "facturen" || sec.name == "emails" {
				total += len(list)
			}
		}
		if total == 0 {
			return ErrNotFound
		}
		z := zip.NewWriter(&buf)
		w, err := z.Create("gegevens.json")
		if err != nil {
			return err
		}
		enc := json.NewEncoder(w)
		enc.SetIndent("", "  ")
		if err := enc.Encode(doc); err != nil {
			return err
		}
		if err := s.addFiles(ctx, tx, z, email, ids); err != nil {
			return err
		}
		if err := z.Close(); err != nil {
			return err
		}
		return tenants.Audit(ctx, tx, tenants.AuditEntry{Action: "avg_export", Entity: "klant", EntityID: subject,
			After: map[string]any{"klussen": len(ids), "bytes": buf.Len()}})
	})
	if err != nil {
		return nil, err
	}
	return &Archive{Name: "klantgegevens.zip", Data: buf.Bytes()}, nil
}

// addFiles puts the invoices' PDFs, the job photos and the signatures in the zip.
func (s *pgStore) addFiles(ctx context.Context, tx pgx.Tx, z *zip.Writer, email string, ids []uuid.UUID) error {
	rows, err := tx.Query(ctx, `SELECT id FROM facturen WHERE klus_id = ANY ($2) OR lower(klant_email) = $1`, email, ids)
	if err != nil {
		return err
	}
	invoices, err := pgx.CollectRows(rows, pgx.RowTo[uuid.UUID])
	if err != nil {
		return err
	}
	for _, id := range invoices {
		f, _, err := factuur.Read(ctx, tx, id)
		if err != nil {
			return err
		}
		// Drawn now, as every download is (D28): its payment state as of the export.
		data, err := factuur.Render(f, s.site)
		if err != nil {
			return err
		}
		if err := put(z, "facturen/"+factuur.FileName(f.Factuurnummer), data); err != nil {
			return err
		}
	}
	rows, err = tx.Query(ctx, `
		SELECT 'fotos/' || p.id || '-' || p.type, p.url, 'klus-fotos' FROM work_order_photos p JOIN werkbonnen w ON w.id = p.work_order_id
		WHERE w.klus_id = ANY ($1)
		UNION ALL
		SELECT 'handtekeningen/' || w.id, w.handtekening, 'klus-fotos' FROM werkbonnen w WHERE w.klus_id = ANY ($1) AND w.handtekening IS NOT NULL
		UNION ALL
		SELECT 'schouw-fotos/' || f.id, f.storage_key, 'klus-fotos' FROM klus_schouw_fotos f WHERE f.klus_id = ANY ($1)
		UNION ALL
		SELECT 'offertes/offerte-' || o.nummer || '-v' || o.versie, o.pdf_key, 'exports' FROM offertes o WHERE o.klus_id = ANY ($1) AND o.pdf_key IS NOT NULL`, ids)
	if err != nil {
		return err
	}
	type file struct{ name, key, bucket string }
	list, err := pgx.CollectRows(rows, func(r pgx.CollectableRow) (file, error) {
		var f file
		return f, r.Scan(&f.name, &f.key, &f.bucket)
	})
	if err != nil {
		return err
	}
	for _, f := range list {
		data, err := s.read(ctx, files.Bucket(f.bucket), f.key)
		if err != nil {
			continue // a file the store lost is listed in gegevens.json all the same
		}
		if err := put(z, f.name+extOf(f.key), data); err != nil {
			return err
		}
	}
	return nil
}

func extOf(key string) string {
	for i := len(key) - 1; i >= 0 && key[i] != '/'; i-- {
		if key[i] == '.' {
			return key[i:]
		}
	}
	return ""
}

func put(z *zip.Writer, name string, data []byte) error {
	w, err := z.Create(name)
	if err != nil {
		return err
	}
	_, err = w.Write(data)
	return err
}

func (s *pgStore) read(ctx context.Context, b files.Bucket, key string) ([]byte, error) {
	if s.blobs == nil {
		return nil, fmt.Errorf("avg: no file storage")
	}
	obj, err := s.blobs.Open(ctx, b, key)
	if err != nil {
		return nil, err
	}
	defer obj.Body.Close()
	return io.ReadAll(obj.Body)
}

// Erase removes the customer's jobs (with their work orders, materials, photos, signatures, contacts,
// surveys with their photos and quotes with their PDFs,
// D11) and the e-mails to the address in the queue, in one transaction; issued invoices stay,
// detached from the deleted jobs (D8). The files go after the commit.
func (s *pgStore) Erase(ctx context.Context, email, subject string) (Erased, error) {
	var out Erased
	var keys []blob
	err := s.db.Tx(ctx, func(tx pgx.Tx) error {
		ids, err := customerJobs(ctx, tx, email)
		if err != nil {
			return err
		}
		rows, err := tx.Query(ctx, `
			SELECT 'klus-fotos', p.url FROM work_order_photos p JOIN werkbonnen w ON w.id = p.work_order_id WHERE w.klus_id = ANY ($1)
			UNION ALL
			SELECT 'klus-fotos', w.handtekening FROM werkbonnen w WHERE w.klus_id = ANY ($1) AND w.handtekening IS NOT NULL
			UNION ALL
			SELECT 'klus-fotos', f.storage_key FROM klus_schouw_fotos f WHERE f.klus_id = ANY ($1)
			UNION ALL
			SELECT 'exports', o.pdf_key FROM offertes o WHERE o.klus_id = ANY ($1) AND o.pdf_key IS NOT NULL`, ids)
		if err != nil {
			return err
		}
		if keys, err = pgx.CollectRows(rows, func(r pgx.CollectableRow) (blob, error) {
			var b blob
			return b, r.Scan(&b.bucket, &b.key)
		}); err != nil {
			return err
		}
		if err := tx.QueryRow(ctx, `SELECT count(*) FROM facturen WHERE klus_id = ANY ($2) OR lower(klant_email) = $1`, email, ids).
			Scan(&out.FacturenBewaard); err != nil {
			return err
		}
		tag, err := tx.Exec(ctx, `DELETE FROM klussen WHERE id = ANY ($1)`, ids)
		if err != nil {
			return fmt.Errorf("avg: erase jobs: %w", err)
		}
		out.Klussen = int(tag.RowsAffected())
		tag, err = tx.Exec(ctx, `DELETE FROM river.river_job WHERE kind = 'email' AND lower(args ->> 'to') = $1`, email)
		if err != nil {
			return fmt.Errorf("avg: erase e-mails: %w", err)
		}
		out.Emails = int(tag.RowsAffected())
		if out.Klussen == 0 && out.Emails == 0 && out.FacturenBewaard == 0 {
			return ErrNotFound
		}
		out.Toelichting = Kept
		return tenants.Audit(ctx, tx, tenants.AuditEntry{Action: "avg_erase", Entity: "klant", EntityID: subject,
			After: map[string]any{"klussen": out.Klussen, "emails": out.Emails, "facturen_bewaard": out.FacturenBewaard}})
	})
	if err != nil {
		return Erased{}, err
	}
	for _, k := range keys {
		if s.blobs != nil {
			_ = s.blobs.Delete(context.WithoutCancel(ctx), files.Bucket(k.bucket), k.key) // the rows are gone; a left file is unreachable
		}
	}
	return out, nil
}

// blob is a stored file of the customer's, to remove after the erase commits.
type blob struct{ bucket, key string }
