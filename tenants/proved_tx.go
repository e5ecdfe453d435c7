package tenants

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
)

// provedTx is a transaction whose BEGIN and actor proof travel with its first statement: one round
// trip where pgx's own transaction takes one for BEGIN and the proof another. Statements go through
// a pgx batch (which pgx pipelines) of BEGIN, prove_actor and the statement; an Exec without
// arguments, which pgx sends as a simple query that may hold several statements, gets BEGIN and the
// proof in front of it in the same message. Until that first statement, nothing has been sent:
// a transaction that runs no statement costs no round trip at all, not even for COMMIT.
type provedTx struct {
	conn       *pgx.Conn
	proof      string
	begun      bool
	closed     bool
	savepoints int
}

const beginSQL = `BEGIN`
const proveSQL = `SELECT prove_actor($1)`

// run is pgx.BeginTxFunc for a provedTx: fn's error rolls back, a panic rolls back and goes on,
// otherwise COMMIT.
func (t *provedTx) run(ctx context.Context, fn func(pgx.Tx) error) (err error) {
	defer func() {
		if rerr := t.Rollback(ctx); rerr != nil && !errors.Is(rerr, pgx.ErrTxClosed) && err == nil {
			err = rerr
		}
	}()
	if err := fn(t); err != nil {
		return err
	}
	return t.Commit(ctx)
}

// first reports whether the next statement is the transaction's first, and marks it sent.
func (t *provedTx) first() (bool, error) {
	if t.closed {
		return false, pgx.ErrTxClosed
	}
	if t.begun {
		return false, nil
	}
	t.begun = true
	return true, nil
}

// begin sends BEGIN and the proof alone, for what cannot carry them (COPY, a savepoint, a batch).
func (t *provedTx) begin(ctx context.Context) error {
	isFirst, err := t.first()
	if err != nil || !isFirst {
		return err
	}
	_, err = t.conn.Exec(ctx, t.simplePrefix())
	return err
}

// simplePrefix is BEGIN and the proof as one simple-protocol message. A proof holds only digits,
// lower-case letters, '-', ',' and '/', but it is quoted as any literal would be.
func (t *provedTx) simplePrefix() string {
	return "BEGIN; SELECT prove_actor('" + strings.ReplaceAll(t.proof, "'", "''") + "')"
}

// batch sends BEGIN, the proof and sql in one round trip and reads the first two results; the
// caller reads sql's and closes the batch.
func (t *provedTx) batch(ctx context.Context, sql string, args []any) (pgx.BatchResults, error) {
	b := &pgx.Batch{}
	b.Queue(beginSQL)
	b.Queue(proveSQL, t.proof)
	b.Queue(sql, args...)
	br := t.conn.SendBatch(ctx, b)
	for range 2 {
		if _, err := br.Exec(); err != nil {
			_ = br.Close()
			return nil, err
		}
	}
	return br, nil
}

func (t *provedTx) Exec(ctx context.Context, sql string, args ...any) (pgconn.CommandTag, error) {
	isFirst, err := t.first()
	switch {
	case err != nil:
		return pgconn.CommandTag{}, err
	case !isFirst:
		return t.conn.Exec(ctx, sql, args...)
	case len(args) == 0:
		return t.conn.Exec(ctx, t.simplePrefix()+"; "+sql)
	}
	br, err := t.batch(ctx, sql, args)
	if err != nil {
		return pgconn.CommandTag{}, err
	}
	tag, err := br.Exec()
	if cerr := br.Close(); err == nil {
		err = cerr
	}
	return tag, err
}

func (t *provedTx) Query(ctx context.Context, sql string, args ...any) (pgx.Rows, error) {
	isFirst, err := t.first()
	if err != nil {
		return nil, err
	}
	if !isFirst {
		return t.conn.Query(ctx, sql, args...)
	}
	br, err := t.batch(ctx, sql, args)
	if err != nil {
		return nil, err
	}
	rows, err := br.Query()
	if err != nil {
		_ = br.Close()
		return nil, err
	}
	return &batchRows{Rows: rows, br: br}, nil
}

func (t *provedTx) QueryRow(ctx context.Context, sql string, args ...any) pgx.Row {
	if t.begun && !t.closed {
		return t.conn.QueryRow(ctx, sql, args...)
	}
	rows, err := t.Query(ctx, sql, args...)
	return &firstRow{rows: rows, err: err}
}

func (t *provedTx) SendBatch(ctx context.Context, b *pgx.Batch) pgx.BatchResults {
	if err := t.begin(ctx); err != nil {
		return failedBatch{err}
	}
	return t.conn.SendBatch(ctx, b)
}

func (t *provedTx) CopyFrom(ctx context.Context, table pgx.Identifier, columns []string, src pgx.CopyFromSource) (int64, error) {
	if err := t.begin(ctx); err != nil {
		return 0, err
	}
	return t.conn.CopyFrom(ctx, table, columns, src)
}

func (t *provedTx) Prepare(ctx context.Context, name, sql string) (*pgconn.StatementDescription, error) {
	if t.closed {
		return nil, pgx.ErrTxClosed
	}
	return t.conn.Prepare(ctx, name, sql)
}

func (t *provedTx) LargeObjects() pgx.LargeObjects {
	panic("tenants: large objects are not supported in a proved transaction")
}

func (t *provedTx) Conn() *pgx.Conn { return t.conn }

// Begin starts a savepoint, as pgx's own transactions do.
func (t *provedTx) Begin(ctx context.Context) (pgx.Tx, error) {
	if err := t.begin(ctx); err != nil {
		return nil, err
	}
	t.savepoints++
	sp := &savepoint{provedTx: t, name: fmt.Sprintf("sp_%d", t.savepoints)}
	if _, err := t.conn.Exec(ctx, "SAVEPOINT "+sp.name); err != nil {
		return nil, err
	}
	return sp, nil
}

func (t *provedTx) Commit(ctx context.Context) error {
	if t.closed {
		return pgx.ErrTxClosed
	}
	t.closed = true
	if !t.begun {
		return nil
	}
	tag, err := t.conn.Exec(ctx, "COMMIT")
	if err != nil {
		return err
	}
	if tag.String() == "ROLLBACK" { // the transaction had failed: PostgreSQL rolled it back
		return pgx.ErrTxCommitRollback
	}
	return nil
}

func (t *provedTx) Rollback(ctx context.Context) error {
	if t.closed {
		return pgx.ErrTxClosed
	}
	t.closed = true
	if !t.begun {
		return nil
	}
	if _, err := t.conn.Exec(ctx, "ROLLBACK"); err != nil {
		// The connection's state is unknown: close it rather than hand it back to the pool.
		_ = t.conn.Close(context.Background())
		return err
	}
	return nil
}

// savepoint is a transaction nested in a provedTx, under the same actor.
type savepoint struct {
	*provedTx
	name string
	done bool
}

func (s *savepoint) Commit(ctx context.Context) error {
	if s.done || s.closed {
		return pgx.ErrTxClosed
	}
	s.done = true
	_, err := s.conn.Exec(ctx, "RELEASE SAVEPOINT "+s.name)
	return err
}

func (s *savepoint) Rollback(ctx context.Context) error {
	if s.done || s.closed {
		return pgx.ErrTxClosed
	}
	s.done = true
	_, err := s.conn.Exec(ctx, "ROLLBACK TO SAVEPOINT "+s.name)
	return err
}

// batchRows are the rows of the statement that began the transaction; closing them closes the
// batch.
type batchRows struct {
	pgx.Rows
	br       pgx.BatchResults
	closed   bool
	closeErr error
}

func (r *batchRows) Next() bool {
	if r.Rows.Next() {
		return true
	}
	r.Close()
	return false
}

func (r *batchRows) Close() {
	if r.closed {
		return
	}
	r.closed = true
	r.Rows.Close()
	r.closeErr = r.br.Close()
}

func (r *batchRows) Err() error {
	if err := r.Rows.Err(); err != nil {
		return err
	}
	return r.closeErr
}

// firstRow is QueryRow's result over batchRows, as pgx's own: the first row, or pgx.ErrNoRows.
type firstRow struct {
	rows pgx.Rows
	err  error
}

func (r *firstRow) Scan(dest ...any) error {
	if r.err != nil {
		return r.err
	}
	defer r.rows.Close()
	if !r.rows.Next() {
		if err := r.rows.Err(); err != nil {
			return err
		}
		return pgx.ErrNoRows
	}
	if err := r.rows.Scan(dest...); err != nil {
		return err
	}
	r.rows.Close()
	return r.rows.Err()
}

// failedBatch reports err from every method, as pgx does for a batch that could not be sent.
type failedBatch struct{ err error }

func (b failedBatch) Exec() (pgconn.CommandTag, error) { return pgconn.CommandTag{}, b.err }
func (b failedBatch) Query() (pgx.Rows, error)         { return nil, b.err }
func (b failedBatch) QueryRow() pgx.Row                { return &firstRow{err: b.err} }
func (b failedBatch) Close() error                     { return b.err }
func (b failedBatch) Tx() pgx.Tx                       { return nil }
