package schema_test

import (
	"context"
	"encoding/hex"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"testing"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"

	"github.com/klusmaat/klusmaat/tenants/dbtest"
)

// pgbenchScripts are the ways of proving a franchise owner's actor around the same read, in
// testdata/pgbench, each on the schema it needs. plain is the read alone, as the owner.
var pgbenchScripts = []struct{ file, schema, role string }{
	{"plain.sql", "024", "owner"},
	{"tx-only.sql", "024", "owner"},
	{"proof-010.sql", "010", "app"},
	{"proof-010-pipelined.sql", "010", "app"},
	{"proof-024-separate.sql", "024", "app"},
	{"proof-024.sql", "024", "app"},
}

// BenchmarkActorProofPgbench runs pgbench's custom scripts for each candidate proof of the actor
// beside the plain read, in one run, alternating rounds so that the machine's load weighs on all
// alike, and prints transactions per second and their ratio to the plain read. Run it with make
// bench (it needs pgbench, which the PostgreSQL server package brings).
func BenchmarkActorProofPgbench(b *testing.B) {
	bin := pgbenchBinary(b)
	ctx := context.Background()
	// The read is one job of den-haag by its key, so that what the proof costs is not hidden
	// behind the query.
	job := uuid.New()
	// The jobs go in as the owner, past row-level security and the rules for public requests, because the
	// server's proof differs between the two schemas.
	fill := func(d *dbtest.Database) {
		owner, err := pgx.Connect(ctx, d.OwnerURL)
		if err != nil {
			b.Fatal(err)
		}
		defer owner.Close(ctx)
		for _, stmt := range []struct {
			sql  string
			args []any
		}{
			{`ALTER TABLE klussen DISABLE TRIGGER USER, NO FORCE ROW LEVEL SECURITY`, nil},
			{benchInsertJobs, []any{benchJobs}},
			{`UPDATE klussen SET id = $1 WHERE id = (SELECT id FROM klussen WHERE regio = 'den-haag' LIMIT 1)`, []any{job}},
			{`ALTER TABLE klussen ENABLE TRIGGER USER, FORCE ROW LEVEL SECURITY`, nil},
			{`ANALYZE klussen`, nil},
		} {
			if _, err := owner.Exec(ctx, stmt.sql, stmt.args...); err != nil {
				b.Fatal(err)
			}
		}
		// MigrateTo stores the key only at the newest version.
		if _, err := owner.Exec(ctx, `INSERT INTO klusmaat_private.actor_key (key) VALUES ($1) ON CONFLICT DO NOTHING`, []byte(dbtest.ActorKey)); err != nil {
			b.Fatal(err)
		}
	}
	dbs := map[string]*dbtest.Database{"010": dbtest.NewAt(b, proofVersion010), "024": dbtest.New(b)}
	for _, d := range dbs {
		fill(d)
	}
	vars := []string{"-D", "uid=" + uuid.NewString(), "-D", "key=" + hex.EncodeToString([]byte(dbtest.ActorKey)), "-D", "job=" + job.String(),
		"-D", "nonce=0", "-D", "count=0"}
	const rounds, seconds, clients = 3, 4, 16
	tps := map[string][]float64{}
	for range b.N {
		for range rounds {
			for _, s := range pgbenchScripts {
				url := dbs[s.schema].AppURL
				if s.role == "owner" {
					url = dbs[s.schema].OwnerURL
				}
				args := append([]string{"-n", "-M", "prepared", "-c", strconv.Itoa(clients), "-j", "2", "-T", strconv.Itoa(seconds),
					"-f", filepath.Join("testdata", "pgbench", s.file)}, vars...)
				out, err := exec.CommandContext(ctx, bin, append(args, url)...).CombinedOutput()
				if err != nil {
					b.Fatalf("pgbench %s: %v\n%s", s.file, err, out)
				}
				m := tpsLine.FindSubmatch(out)
				if m == nil {
					b.Fatalf("pgbench %s: no tps in\n%s", s.file, out)
				}
				v, _ := strconv.ParseFloat(string(m[1]), 64)
				tps[s.file] = append(tps[s.file], v)
			}
		}
	}
	plain := medianOf(tps["plain.sql"])
	fmt.Printf("\nactor proof candidates, a franchise owner reads one job by key (%d jobs), pgbench -M prepared, %d clients, median of %d × %d s:\n", benchJobs, clients, rounds*b.N, seconds)
	fmt.Printf("%-28s %10s %10s\n", "script", "tps", "÷ plain")
	for _, s := range pgbenchScripts {
		v := medianOf(tps[s.file])
		fmt.Printf("%-28s %10.0f %10.3f\n", s.file, v, v/plain)
		b.ReportMetric(v, "tps/"+s.file)
	}
}

var tpsLine = regexp.MustCompile(`tps = ([0-9.]+) \(without initial connection time\)`)

func medianOf(v []float64) float64 {
	s := slices.Clone(v)
	slices.Sort(s)
	return s[len(s)/2]
}

// pgbenchBinary is the newest pgbench of the machine's PostgreSQL server packages.
func pgbenchBinary(b *testing.B) string {
	found, _ := filepath.Glob("/usr/lib/postgresql/*/bin/pgbench")
	if len(found) == 0 {
		if p, err := exec.LookPath("pgbench"); err == nil {
			return p
		}
		b.Skip("pgbench not installed")
	}
	slices.Sort(found)
	if _, err := os.Stat(found[len(found)-1]); err != nil {
		b.Skip(err)
	}
	return found[len(found)-1]
}
