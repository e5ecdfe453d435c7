package load

import (
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"
)

// The CPU a scenario costs, per request, in the server and in PostgreSQL: what the machine's other
// work changes little, where the throughput beside pgbench moves with it. Read from /proc: the
// server's process (its pid file, .data/server-load.pid) and the cluster's processes (postmaster.pid
// of the data directory beside the socket directory in KLUSMAAT_LOAD_PGBENCH's -h, its backends,
// and the backends that ended, which the postmaster has reaped). Zero where /proc or the files are
// not there.

// clockTick is the unit of utime and stime in /proc/<pid>/stat (USER_HZ, 100 on Linux).
const clockTick = 10 * time.Millisecond

// cpuMeter finds the processes to measure.
type cpuMeter struct {
	server, postmaster int
}

func newCPUMeter() cpuMeter {
	var m cpuMeter
	m.server = pidFrom(filepath.Join("..", "..", ".data", "server-load.pid"))
	fields := strings.Fields(os.Getenv("KLUSMAAT_LOAD_PGBENCH"))
	for i, f := range fields {
		if f == "-h" && i+1 < len(fields) {
			m.postmaster = pidFrom(filepath.Join(filepath.Dir(filepath.Clean(fields[i+1])), "postmaster.pid"))
		}
	}
	return m
}

// pidFrom reads the pid on the first line of a pid file (0 if none).
func pidFrom(path string) int {
	b, err := os.ReadFile(path)
	if err != nil {
		return 0
	}
	pid, _ := strconv.Atoi(strings.TrimSpace(strings.SplitN(string(b), "\n", 2)[0]))
	return pid
}

// cpuSample is the CPU used so far by the server and by the cluster.
type cpuSample struct{ server, postgres time.Duration }

func (m cpuMeter) sample() cpuSample {
	var s cpuSample
	if m.server > 0 {
		s.server = procCPU(m.server, false)
	}
	if m.postmaster > 0 {
		s.postgres = procCPU(m.postmaster, true)
		entries, _ := os.ReadDir("/proc")
		for _, e := range entries {
			if pid, err := strconv.Atoi(e.Name()); err == nil && parentOf(pid) == m.postmaster {
				s.postgres += procCPU(pid, false)
			}
		}
	}
	return s
}

// since is the CPU used from s0 to s.
func (s cpuSample) since(s0 cpuSample) cpuSample {
	return cpuSample{server: s.server - s0.server, postgres: s.postgres - s0.postgres}
}

// statFields are the fields of /proc/<pid>/stat after the command's name (the third field first).
func statFields(pid int) []string {
	b, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/stat")
	if err != nil {
		return nil
	}
	s := string(b)
	return strings.Fields(s[strings.LastIndexByte(s, ')')+1:])
}

func parentOf(pid int) int {
	f := statFields(pid)
	if len(f) < 2 {
		return 0
	}
	ppid, _ := strconv.Atoi(f[1])
	return ppid
}

// procCPU is a process's user and system time, and its reaped children's with children.
func procCPU(pid int, children bool) time.Duration {
	f := statFields(pid)
	if len(f) < 15 {
		return 0
	}
	idx := []int{11, 12} // utime, stime (fields 14 and 15)
	if children {
		idx = append(idx, 13, 14) // cutime, cstime
	}
	var ticks int64
	for _, i := range idx {
		n, _ := strconv.ParseInt(f[i], 10, 64)
		ticks += n
	}
	return time.Duration(ticks) * clockTick
}

// perRequest is d over n requests, in microseconds.
func perRequest(d time.Duration, n uint64) float64 {
	if n == 0 {
		return 0
	}
	return float64(d.Microseconds()) / float64(n)
}
