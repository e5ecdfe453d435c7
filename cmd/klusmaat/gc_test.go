package main

import (
	"errors"
	"io/fs"
	"math"
	"runtime/debug"
	"testing"
)

func fakeFiles(m map[string]string) func(string) ([]byte, error) {
	return func(path string) ([]byte, error) {
		if s, ok := m[path]; ok {
			return []byte(s), nil
		}
		return nil, fs.ErrNotExist
	}
}

func TestCgroupMemoryLimit(t *testing.T) {
	for _, c := range []struct {
		name  string
		files map[string]string
		want  int64
		ok    bool
	}{
		{"cgroup v2, 1 GiB", map[string]string{"/sys/fs/cgroup/memory.max": "1073741824\n"}, 1 << 30, true},
		{"cgroup v2 without a limit", map[string]string{"/sys/fs/cgroup/memory.max": "max\n"}, 0, false},
		{"cgroup v1, 384 MiB", map[string]string{"/sys/fs/cgroup/memory/memory.limit_in_bytes": "402653184\n"}, 384 << 20, true},
		{"cgroup v1 without a limit", map[string]string{"/sys/fs/cgroup/memory/memory.limit_in_bytes": "9223372036854771712\n"}, 0, false},
		{"no cgroup", nil, 0, false},
	} {
		got, ok := cgroupMemoryLimit(fakeFiles(c.files))
		if got != c.want || ok != c.ok {
			t.Errorf("%s: %d %v, want %d %v", c.name, got, ok, c.want, c.ok)
		}
	}
}

// The server collects at GOGC=400 and keeps its heap under 80 % of its container's memory; the
// operator's GOGC and GOMEMLIMIT win.
func TestTuneGC(t *testing.T) {
	percent, limit := debug.SetGCPercent(100), debug.SetMemoryLimit(math.MaxInt64)
	t.Cleanup(func() { debug.SetGCPercent(percent); debug.SetMemoryLimit(limit) })
	readGC := func() (int, int64) {
		p := debug.SetGCPercent(100)
		debug.SetGCPercent(p)
		return p, debug.SetMemoryLimit(-1) // a negative limit reads it without changing it
	}
	container := fakeFiles(map[string]string{"/sys/fs/cgroup/memory.max": "1073741824"})

	set := tuneGC(func(string) string { return "" }, container)
	if p, l := readGC(); p != 400 || l != 858993459 {
		t.Errorf("in a 1 GiB container: GOGC %d, memory limit %d; want 400 and 80 %% of 1 GiB", p, l)
	}
	if len(set) != 4 {
		t.Errorf("the log line says %v", set)
	}

	debug.SetGCPercent(100)
	debug.SetMemoryLimit(math.MaxInt64)
	operator := map[string]string{"GOGC": "50", "GOMEMLIMIT": "200MiB"}
	if set := tuneGC(func(k string) string { return operator[k] }, container); len(set) != 0 {
		t.Errorf("with GOGC and GOMEMLIMIT set it changed %v", set)
	}
	if p, l := readGC(); p != 100 || l != math.MaxInt64 {
		t.Errorf("with GOGC and GOMEMLIMIT set: GOGC %d, memory limit %d; want both untouched", p, l)
	}

	debug.SetGCPercent(100)
	tuneGC(func(string) string { return "" }, func(string) ([]byte, error) { return nil, errors.New("no cgroup") })
	if p, l := readGC(); p != 400 || l != math.MaxInt64 {
		t.Errorf("without a container limit: GOGC %d, memory limit %d; want 400 and none", p, l)
	}
}
