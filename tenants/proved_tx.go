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
//
// A transaction's last statement can carry its COMMIT as well (DB.Read, Hit): the statement and
// COMMIT go in one pipeline, so a transaction of one statement is one round trip, and the rows it
// writes (a rate limit) are held only while the database works through that pipeline, not while
// an answer travels to the server and a COMMIT comes back. The COMMIT is a message of its own after
// the statement, as every later one: SQL of the statement cannot reach past it, and the next
// transaction on the connection starts with a batch of its own, with a proof of its own. If the
// statement fails, PostgreSQL skips the COMMIT and the transaction is rolled back as any other; if
// it succeeds, the transaction commits whatever fn does afterwards, so no statement may follow it,
// and a read (DB.Read) is also made read only. In the same way a statement can wait for the
// transaction's next message and travel with it (ExecWithNext).
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

	readOnly   bool        // SET TRANSACTION READ ONLY travels with the first statement (DB.Read)
	commitNext bool        // the next statement is the last: COMMIT travels with it
	ended      bool        // a statement went with COMMIT: no other may follow
	pending    *batchRows  // that statement's rows, whose COMMIT's answer is not read yet
	commitRan  bool        // that COMMIT ran (the statement succeeded): the transaction is over
	commitErr  error       // and its outcome
	queued     []queuedSQL // statements that go with the next message (ExecWithNext)
}

const beginSQL = `BEGIN`
const proveSQL = `SELECT prove_actor($1)`
const readOnlySQL = `SET TRANSACTION READ ONLY`
const commitSQL = `COMMIT`

// ErrAfterLastStatement is a statement in a transaction whose last statement has been sent with
// its COMMIT (DB.Read).
var ErrAfterLastStatement = errors.New("tenants: the transaction's last statement was sent with its COMMIT; no statement may follow it")

// errNotOneStatement is a last statement that cannot carry the COMMIT: a batch, COPY, a savepoint
// or SQL that may hold several statements.
var errNotOneStatement = errors.New("tenants: the statement of a read (DB.Read) must be one statement sent with Exec, Query or QueryRow")

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
	switch {
	case t.closed:
		return false, pgx.ErrTxClosed
	case t.ended:
		return false, ErrAfterLastStatement
	case t.begun:
		return false, nil
	}
	t.begun = true
	return true, nil
}

// begin sends BEGIN and the proof alone, for what cannot carry them (COPY, a savepoint, a batch,
// an Exec that may hold several statements). What cannot carry the COMMIT either cannot be a
// transaction's last statement.
func (t *provedTx) begin(ctx context.Context) error {
	if t.commitNext && !t.closed && !t.ended {
		return errNotOneStatement
	}
	isFirst, err := t.first()
	if err != nil {
		return err
	}
	if isFirst {
		if err := t.start(ctx); err != nil {
			return err
		}
	}
	return t.flushQueued(ctx)
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

// batch sends sql in one round trip with what goes before it (the transaction's first statement:
// BEGIN, the proof and, for a read, SET TRANSACTION READ ONLY; then the statements ExecWithNext
// queued) and after it (the last: COMMIT), and reads the results before sql's; the caller reads
// sql's (then settle reads the COMMIT's) and closes the batch.
func (t *provedTx) batch(ctx context.Context, first bool, sql string, args []any) (pgx.BatchResults, error) {
	last := t.commitNext
	if last {
		t.commitNext, t.ended = false, true
	}
	queued := t.queued
	t.queued = nil
	for {
		b := &pgx.Batch{}
		if first {
			b.Queue(beginSQL)
			b.Queue(proveSQL, t.proof)
			if t.readOnly {
				b.Queue(readOnlySQL)
			}
		}
		prefix := len(b.QueuedQueries)
		for _, q := range queued {
			b.Queue(q.sql, q.args...)
		}
		before := len(b.QueuedQueries)
		b.Queue(sql, args...)
		if last {
			b.Queue(commitSQL)
		}
		br := t.conn.SendBatch(ctx, b)
		var err error
		var failed int
		for failed = range before {
			if _, err = br.Exec(); err != nil {
				_ = br.Close()
				break
			}
		}
		switch {
		case err == nil:
			return br, nil
		case failed >= prefix:
			return nil, fmt.Errorf("tenants: a statement sent with the next one: %w", err)
		}
		if again, rerr := t.renew(ctx, err); !again || !first {
			return nil, rerr
		}
	}
}

// queuedSQL is a statement that goes with the transaction's next message (ExecWithNext).
type queuedSQL struct {
	sql  string
	args []any
}

// flushQueued sends the statements ExecWithNext queued in a round trip of their own, before what
// cannot carry them (a batch of the caller's, COPY, a savepoint, an Exec that may hold several
// statements).
func (t *provedTx) flushQueued(ctx context.Context) error {
	if len(t.queued) == 0 {
		return nil
	}
	b := &pgx.Batch{}
	for _, q := range t.queued {
		b.Queue(q.sql, q.args...)
	}
	t.queued = nil
	return t.conn.SendBatch(ctx, b).Close()
}

// statement sends sql (for Exec or, exec false, Query): as the first statement or the last in a
// batch (batch), otherwise on the connection as pgx would (br nil). An Exec without arguments may
// hold several statements (pgx sends it as a simple query): as the first, it follows BEGIN and the
// proof (start); it cannot be the last.
func (t *provedTx) statement(ctx context.Context, exec bool, sql string, args []any) (br pgx.BatchResults, err error) {
	multi := exec && len(args) == 0 && !oneStatement(sql)
	if multi && t.commitNext && !t.closed && !t.ended {
		return nil, errNotOneStatement
	}
	isFirst, err := t.first()
	switch {
	case err != nil:
		return nil, err
	case isFirst && multi:
		if err := t.start(ctx); err != nil {
			return nil, err
		}
		return nil, t.flushQueued(ctx)
	case multi:
		return nil, t.flushQueued(ctx)
	case !isFirst && !t.commitNext && len(t.queued) == 0:
		return nil, nil
	}
	return t.batch(ctx, isFirst, sql, args)
}

// settle reads the answer to the COMMIT that went with the last statement, once that statement's
// own results are read: if the statement failed (stmtErr), PostgreSQL skipped the COMMIT and the
// transaction is still open, failed, for Commit or Rollback to end as any other.
func (t *provedTx) settle(br pgx.BatchResults, stmtErr error) {
	if stmtErr != nil {
		return
	}
	t.commitRan = true
	tag, err := br.Exec()
	if err == nil && tag.String() == "ROLLBACK" {
		err = pgx.ErrTxCommitRollback
	}
	t.commitErr = err
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
	br, err := t.statement(ctx, true, sql, args)
	switch {
	case err != nil:
		return pgconn.CommandTag{}, err
	case br == nil:
		return t.conn.Exec(ctx, sql, args...)
	}
	tag, err := br.Exec()
	if t.ended && !t.commitRan {
		t.settle(br, err)
	}
	if cerr := br.Close(); err == nil {
		err = cerr
	}
	return tag, err
}

func (t *provedTx) Query(ctx context.Context, sql string, args ...any) (pgx.Rows, error) {
	br, err := t.statement(ctx, false, sql, args)
	switch {
	case err != nil:
		return nil, err
	case br == nil:
		return t.conn.Query(ctx, sql, args...)
	}
	rows, err := br.Query()
	if err != nil {
		_ = br.Close()
		return nil, err
	}
	r := &batchRows{Rows: rows, br: br}
	if t.ended && !t.commitRan {
		r.tx, t.pending = t, r
	}
	return r, nil
}

func (t *provedTx) QueryRow(ctx context.Context, sql string, args ...any) pgx.Row {
	if t.begun && !t.closed && !t.ended && !t.commitNext && len(t.queued) == 0 {
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

// finish reads what is left of a last statement that went with its COMMIT (rows fn did not close)
// and reports whether that COMMIT ran: then the transaction is over, with commitErr.
func (t *provedTx) finish() bool {
	if t.pending != nil {
		t.pending.Close()
	}
	return t.commitRan
}

func (t *provedTx) Commit(ctx context.Context) error {
	if t.closed {
		return pgx.ErrTxClosed
	}
	t.closed = true
	if len(t.queued) > 0 {
		return t.commitQueued(ctx)
	}
	if !t.begun {
		return nil
	}
	if t.finish() {
		return t.commitErr
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

// commitQueued sends the statements ExecWithNext queued and COMMIT in one round trip (with BEGIN
// and the proof if nothing was sent yet). If one of them fails, PostgreSQL skips the rest and the
// transaction is rolled back.
func (t *provedTx) commitQueued(ctx context.Context) error {
	first := !t.begun
	t.begun, t.commitNext = true, false
	br, err := t.batch(ctx, first, commitSQL, nil)
	if err != nil {
		if _, rerr := t.conn.Exec(ctx, "ROLLBACK"); rerr != nil {
			_ = t.conn.Close(context.Background())
		}
		return err
	}
	tag, err := br.Exec()
	if cerr := br.Close(); err == nil {
		err = cerr
	}
	if err == nil && tag.String() == "ROLLBACK" {
		err = pgx.ErrTxCommitRollback
	}
	return err
}

// Rollback rolls the transaction back; after a last statement that committed with its COMMIT there
// is nothing left to roll back (and a read, the only transaction whose fn may still fail then,
// wrote nothing).
func (t *provedTx) Rollback(ctx context.Context) error {
	if t.closed {
		return pgx.ErrTxClosed
	}
	t.closed = true
	t.queued = nil
	if !t.begun || t.finish() {
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

// batchRows are the rows of the statement that began the transaction or ended it; closing them
// reads the COMMIT's answer (for the last statement) and closes the batch.
type batchRows struct {
	pgx.Rows
	br       pgx.BatchResults
	tx       *provedTx // the transaction whose COMMIT went with these rows, if it did
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
	if r.tx != nil {
		r.tx.pending = nil
		r.tx.settle(r.br, r.Rows.Err())
	}
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
