package load

import (
	"fmt"
	"io"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// profiler takes the server's CPU profile while each scenario runs and its allocations across it,
// from Go's profiles on the server's metrics listener (KLUSMAAT_LOAD_PPROF, set by make profile to
// a server started with KLUSMAAT_PPROF=true), and prints the top entries of each. Without
// KLUSMAAT_LOAD_PPROF it does nothing.
type profiler struct {
	t       *testing.T
	base    string // the metrics listener, e.g. http://127.0.0.1:9109
	binary  string // the server's binary, for symbols
	dir     string
	reports []string
}

func newProfiler(t *testing.T) *profiler {
	p := &profiler{t: t, base: os.Getenv("KLUSMAAT_LOAD_PPROF"), binary: os.Getenv("KLUSMAAT_LOAD_BINARY")}
	if p.base != "" {
		// KLUSMAAT_LOAD_PROFILE_DIR keeps the profiles for go tool pprof after the run.
		if p.dir = os.Getenv("KLUSMAAT_LOAD_PROFILE_DIR"); p.dir == "" {
			p.dir = t.TempDir()
		} else if err := os.MkdirAll(p.dir, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	return p
}

// start begins the profiles of one scenario; the function it returns ends them.
func (p *profiler) start(name string) func() {
	if p.base == "" {
		return func() {}
	}
	slug := strings.NewReplacer(" ", "-", ",", "", "(", "", ")", "", "+", "").Replace(name)
	before := p.fetch("/debug/pprof/allocs", slug+".allocs-before")
	cpu := make(chan string, 1)
	go func() {
		cpu <- p.fetch(fmt.Sprintf("/debug/pprof/profile?seconds=%d", int(duration.Seconds())), slug+".cpu")
	}()
	return func() {
		cpuFile := <-cpu
		after := p.fetch("/debug/pprof/allocs", slug+".allocs-after")
		p.reports = append(p.reports,
			p.top(name+": CPU, top 15 by cumulative time", "-cum", cpuFile),
			p.top(name+": CPU, top 15 by own time", "", cpuFile),
			p.top(name+": allocations during the run, top 10 by bytes", "-sample_index=alloc_space", after, "-base", before))
	}
}

func (p *profiler) fetch(path, file string) string {
	res, err := http.Get(p.base + path)
	if err != nil {
		p.t.Fatalf("profile %s: %v", path, err)
	}
	defer res.Body.Close()
	if res.StatusCode != http.StatusOK {
		p.t.Fatalf("profile %s: %s (is the server started with KLUSMAAT_PPROF=true?)", path, res.Status)
	}
	out := filepath.Join(p.dir, file)
	f, err := os.Create(out)
	if err != nil {
		p.t.Fatal(err)
	}
	defer f.Close()
	if _, err := io.Copy(f, res.Body); err != nil {
		p.t.Fatal(err)
	}
	return out
}

// top is go tool pprof -top over a profile: the title, then its lines.
func (p *profiler) top(title, option, profile string, more ...string) string {
	n := "15"
	if strings.Contains(title, "top 10") {
		n = "10"
	}
	args := []string{"tool", "pprof", "-top", "-nodecount=" + n}
	if option != "" {
		args = append(args, option)
	}
	args = append(args, more...)
	if p.binary != "" {
		args = append(args, p.binary)
	}
	args = append(args, profile)
	out, err := exec.Command("go", args...).CombinedOutput()
	if err != nil {
		p.t.Errorf("go tool pprof %s: %v\n%s", profile, err, out)
	}
	return "\n== " + title + "\n" + string(out)
}

func (p *profiler) report() {
	if p.base == "" {
		return
	}
	fmt.Println(strings.Join(p.reports, ""))
}
