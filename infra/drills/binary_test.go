package drills

import (
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"sync"
	"testing"
)

var (
	buildOnce sync.Once
	binPath   string
	buildErr  error
	buildOut  []byte
	buildDir  string
)

// klusmaatBinary builds cmd/klusmaat once per test run: the drills run the real processes.
func klusmaatBinary(t *testing.T) string {
	buildOnce.Do(func() {
		dir, err := osMkdirTemp()
		if err != nil {
			buildErr = err
			return
		}
		buildDir = dir
		binPath = filepath.Join(dir, "klusmaat")
		buildOut, buildErr = exec.Command("go", "build", "-o", binPath, "../../cmd/klusmaat").CombinedOutput()
	})
	if buildErr != nil {
		t.Fatalf("build klusmaat: %v\n%s", buildErr, buildOut)
	}
	return binPath
}

// freePort is a loopback port nobody listens on now.
func freePort(t *testing.T) string {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	return strconv.Itoa(ln.Addr().(*net.TCPAddr).Port)
}

func osMkdirTemp() (string, error) { return os.MkdirTemp("", "klusmaat-drill-bin-") }
