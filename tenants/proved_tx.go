package tenants

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
	"github.com/jackc/pgx/v5/pgxpool"
)

// provedTx is a transaction whose BEGIN and actor proof travel with its first statement: one round
// trip where pgx's own transaction takes one for BEGIN and the proof another. Statements go through
// a pgx batch (which pgx pipelines) of BEGIN, prove_actor and the statement, each a message of its
// own. The proof never shares a simple-query message with SQL of the transaction (migration 041
// refuses it): all transactions of one such message start at the same instant, so SQL in it could
// COMMIT, BEGIN and find the proof's actor again. An Exec without arguments of one statement goes
// in the batch as well; one that may hold several statements (pgx sends it as a simple query)
// follows BEGIN and the proof in a message of its own, a second round trip. Until that first
// statement, nothing has been sent: a transaction that runs no statement costs no round trip at
// all, not even for COMMIT.
//
// When the database refuses the proof because the connection's session no longer matches what
// the server knows of it (SQL of an earlier transaction ran DISCARD SEQUENCES, or started a session
// of its own), the connection is closed and the transaction starts on a fresh one, once: the
// request does not fail for what an earlier request left behind.
type provedTx struct {
	db    *DB
	actor Actor

	pooled     *pgxpool.Conn
	conn       *pgx.Conn
	proof      string
	renewed    bool
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

// begin sends BEGIN and the proof alone, for what cannot carry them (COPY, a savepoint, a batch,
// an Exec that may hold several statements).
func (t *provedTx) begin(ctx context.Context) error {
	isFirst, err := t.first()
	if err != nil || !isFirst {
		return err
	}
	return t.start(ctx)
}

// start sends BEGIN and the proof as a message of their own.
func (t *provedTx) start(ctx context.Context) error {
	for {
		_, err := t.conn.Exec(ctx, t.simplePrefix())
		if again, rerr := t.renew(ctx, err); !again {
			return rerr
		}
	}
}

// simplePrefix is BEGIN and the proof as one simple-protocol message, and nothing else. A proof
// holds only digits, lower-case letters, '-', ',' and '/', but it is quoted as any literal would be.
func (t *provedTx) simplePrefix() string {
	return "BEGIN; SELECT prove_actor('" + strings.ReplaceAll(t.proof, "'", "''") + "')"
}

// batch sends BEGIN, the proof and sql in one round trip and reads the first two results; the
// caller reads sql's and closes the batch.
func (t *provedTx) batch(ctx context.Context, sql string, args []any) (pgx.BatchResults, error) {
	for {
		b := &pgx.Batch{}
		b.Queue(beginSQL)
		b.Queue(proveSQL, t.proof)
		b.Queue(sql, args...)
		br := t.conn.SendBatch(ctx, b)
		var err error
		for range 2 {
			if _, err = br.Exec(); err != nil {
				_ = br.Close()
				break
			}
		}
		if err == nil {
			return br, nil
		}
		if again, rerr := t.renew(ctx, err); !again {
			return nil, rerr
		}
	}
}

// renew decides what a failed start does. A refused proof (the session's nonce, count or record is
// not what this server knows: SQLSTATE 42501 or 55000) closes the connection and signs the proof
// afresh for another one, once; then again is true and the start is sent again. Anything else, or
// a second refusal (a server whose key is not the database's), is the transaction's error.
func (t *provedTx) renew(ctx context.Context, err error) (again bool, _ error) {
	code := PGCode(err)
	if err == nil || t.renewed || t.db == nil || (code != CodeInsufficientPrivilege && code != codeSessionLost) {
		return false, err
	}
	t.renewed = true
	_ = t.conn.Close(ctx) // the pool destroys a closed connection when it is released
	t.release()
	if aerr := t.acquire(ctx); aerr != nil {
		return false, errors.Join(err, aerr)
	}
	return true, nil
}

// codeSessionLost is object_not_in_prerequisite_state: currval() of a sequence the session no
// longer has (DISCARD SEQUENCES, or a session older than the database's migration).
const codeSessionLost = "55000"

// acquire takes a connection from the pool and signs the transaction's proof for it.
func (t *provedTx) acquire(ctx context.Context) error {
	pooled, err := t.db.acquire(ctx)
	if err != nil {
		return err
	}
	proof, err := t.db.proofFor(ctx, pooled.Conn(), t.actor)
	if err != nil {
		pooled.Release()
		return err
	}
	t.pooled, t.conn, t.proof = pooled, pooled.Conn(), proof
	return nil
}

// release gives the connection back to the pool, which closes it if it is still in a transaction
// (a failed COMMIT or ROLLBACK) instead of reusing it.
func (t *provedTx) release() {
	if t.pooled != nil {
		t.pooled.Release()
		t.pooled = nil
	}
}

// oneStatement reports whether sql cannot hold a second statement: it has no semicolon but at its
// end. (A semicolon inside a literal makes it look like two, which only costs a round trip.)
func oneStatement(sql string) bool {
	return !strings.Contains(strings.TrimRight(strings.TrimSpace(sql), ";"), ";")
}

func (t *provedTx) Exec(ctx context.Context, sql string, args ...any) (pgconn.CommandTag, error) {
	isFirst, err := t.first()
	switch {
	case err != nil:
		return pgconn.CommandTag{}, err
	case !isFirst:
		return t.conn.Exec(ctx, sql, args...)
	case len(args) == 0 && !oneStatement(sql):
		if err := t.start(ctx); err != nil {
			return pgconn.CommandTag{}, err
		}
		return t.conn.Exec(ctx, sql)
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

func (s *savepoint) Commit(ctx context.Context) error { return s.end(ctx, "RELEASE SAVEPOINT ") }

func (s *savepoint) Rollback(ctx context.Context) error { return s.end(ctx, "ROLLBACK TO SAVEPOINT ") }

// end releases or rolls back the savepoint (verb is the statement before its name), once.
func (s *savepoint) end(ctx context.Context, verb string) error {
	if s.done || s.closed {
		return pgx.ErrTxClosed
	}
	s.done = true
	_, err := s.conn.Exec(ctx, verb+s.name)
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
