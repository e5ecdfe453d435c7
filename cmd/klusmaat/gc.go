package main

import (
	"runtime/debug"
	"strconv"
	"strings"
)

// The garbage collector of a serving process. The server's live heap is small and its CPU is
// what runs out under load: with Go's default (GOGC=100) it collected several times a second and
// spent 14 % of its CPU on it while 64 klussers read the pool (make profile). At 400 the
// heap grows to five times its live data between collections, about a sixth less CPU per pool
// read in make load. The memory limit, a share of the container's (its cgroup's), makes the
// collector work harder well before the pod reaches its limit, so the extra room never turns into
// an out-of-memory kill. GOGC and GOMEMLIMIT in the environment win, as everywhere in Go.
const (
	serveGCPercent   = 400
	memoryLimitShare = 0.8
)

// tuneGC sets the collector as above and returns what it set, for the start-up log line.
func tuneGC(getenv func(string) string, readFile func(string) ([]byte, error)) []any {
	var set []any
	if getenv("GOGC") == "" {
		debug.SetGCPercent(serveGCPercent)
		set = append(set, "gogc", serveGCPercent)
	}
	if getenv("GOMEMLIMIT") == "" {
		if limit, ok := cgroupMemoryLimit(readFile); ok {
			soft := int64(float64(limit) * memoryLimitShare)
			debug.SetMemoryLimit(soft)
			set = append(set, "memory_limit_bytes", soft)
		}
	}
	return set
}

// cgroupMemoryLimit is the memory limit of the process's container: cgroup v2's memory.max, else
// cgroup v1's limit_in_bytes. None ("max", v1's page-rounded largest value, no cgroup file) is
// not a limit.
func cgroupMemoryLimit(readFile func(string) ([]byte, error)) (int64, bool) {
	for _, path := range []string{"/sys/fs/cgroup/memory.max", "/sys/fs/cgroup/memory/memory.limit_in_bytes"} {
		b, err := readFile(path)
		if err != nil {
			continue
		}
		n, err := strconv.ParseInt(strings.TrimSpace(string(b)), 10, 64)
		if err != nil || n <= 0 || n >= 1<<50 {
			return 0, false
		}
		return n, true
	}
	return 0, false
}
