package camt

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"time"
)

// schemaTimeout bounds one xmllint run. A 20 MiB statement validates in seconds; far longer
// means the server is overloaded, which is reported as the server's problem, not the file's.
const schemaTimeout = 60 * time.Second

// stderrCap bounds what is kept of xmllint's complaints: a broken 20 MiB file can produce one
// line per element, and only the first line is logged.
const stderrCap = 64 << 10

// validateSchema runs xmllint against the official schema of version. Go's standard library has
// no XSD validator, and the schema is the only complete statement of what a bank may send.
func validateSchema(ctx context.Context, body []byte, schemaDir, version string) error {
	xsd := filepath.Join(schemaDir, version+".xsd")
	if _, err := os.Stat(xsd); err != nil {
		return fmt.Errorf("camt: schema for %s missing, check the schema directory: %w", version, err)
	}
	bin, err := exec.LookPath("xmllint")
	if err != nil {
		return fmt.Errorf("camt: xmllint is needed to check bank statements (Debian package libxml2-utils): %w", err)
	}

	// xmllint reads a file; CreateTemp makes it 0600, as a statement is the business's banking.
	f, err := os.CreateTemp("", "camt053-*.xml")
	if err != nil {
		return fmt.Errorf("camt: temp file for schema check: %w", err)
	}
	path := f.Name()
	defer os.Remove(path)
	if _, err := f.Write(body); err != nil {
		f.Close()
		return fmt.Errorf("camt: temp file for schema check: %w", err)
	}
	if err := f.Close(); err != nil {
		return fmt.Errorf("camt: temp file for schema check: %w", err)
	}

	cctx, cancel := context.WithTimeout(ctx, schemaTimeout)
	defer cancel()
	stderr := &cappedBuffer{max: stderrCap}
	// --nonet: never fetch anything. No --xinclude, --noent or --loaddtd, so libxml2 expands and
	// loads nothing even if the scan had missed something. An empty environment keeps variables
	// such as XML_CATALOG_FILES from redirecting what the schema resolves to.
	cmd := exec.CommandContext(cctx, bin, "--noout", "--nonet", "--schema", xsd, path)
	cmd.Env = []string{"LC_ALL=C"}
	cmd.Stderr = stderr
	cmd.WaitDelay = 5 * time.Second
	err = cmd.Run()
	if err == nil {
		return nil
	}
	if cerr := cctx.Err(); cerr != nil {
		return fmt.Errorf("camt: schema check of %s did not finish: %w", version, cerr)
	}
	detail := firstErrorLine(stderr.Bytes(), path)
	var exit *exec.ExitError
	if errors.As(err, &exit) {
		// 1: the document could not be parsed; 3: it does not match the schema. Both are the
		// file's fault. Other codes (5: the schema itself does not compile, 9: out of memory,
		// ...) are the server's and must reach an operator, not the office.
		switch exit.ExitCode() {
		case 1, 3:
			return &Refusal{Code: CodeSchema, Message: msgSchema, Detail: detail}
		}
		return fmt.Errorf("camt: xmllint failed (exit %d) on %s: %s", exit.ExitCode(), version, detail)
	}
	return fmt.Errorf("camt: running xmllint: %w", err)
}

// firstErrorLine returns xmllint's first complaint, with the temp file's name replaced so the
// log line is stable and reveals nothing about the server's file system.
func firstErrorLine(stderr []byte, path string) string {
	for _, line := range strings.Split(string(stderr), "\n") {
		line = strings.TrimSpace(line)
		if line == "" || strings.HasSuffix(line, " validates") {
			continue
		}
		return clip(strings.ReplaceAll(line, path, "statement.xml"), 300)
	}
	return "xmllint gave no message"
}

// cappedBuffer keeps the first max bytes written and discards the rest without failing, so a
// chatty xmllint is never blocked or killed by a write error.
type cappedBuffer struct {
	buf bytes.Buffer
	max int
}

func (c *cappedBuffer) Write(p []byte) (int, error) {
	if room := c.max - c.buf.Len(); room > 0 {
		if len(p) > room {
			c.buf.Write(p[:room])
		} else {
			c.buf.Write(p)
		}
	}
	return len(p), nil
}

func (c *cappedBuffer) Bytes() []byte { return c.buf.Bytes() }
