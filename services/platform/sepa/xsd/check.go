package xsd

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"time"
)

// checkTimeout bounds one xmllint run. A 20 MiB statement or a batch of a thousand transfers
// validates in seconds; far longer means the server is overloaded, which is the server's problem,
// not the file's.
const checkTimeout = 60 * time.Second

// stderrCap bounds what is kept of xmllint's complaints: a broken 20 MiB file can produce one line
// per element, and only the first line is kept.
const stderrCap = 64 << 10

// Invalid is a file that does not match its schema (or is not XML at all): the file's fault.
// Detail is xmllint's first complaint, for operators' logs: the temporary file's name replaced by
// the file's kind, quoted values and anything like an account number masked, element names kept
// (they say what is wrong).
type Invalid struct {
	Detail string
}

func (e *Invalid) Error() string { return "xsd: file does not match its schema: " + e.Detail }

// Check runs xmllint against the official schema named (e.g. "pain.001.001.03.xsd") in dir (Dir).
// Go's standard library has no XSD validator, and the schema is the only complete statement of
// what a bank sends or accepts. kind names the file in Detail ("statement.xml"). The answer is nil,
// an *Invalid, or an error that is the server's (xmllint missing, timed out, the schema broken).
func Check(ctx context.Context, body []byte, dir, schema, kind string) error {
	xsdPath := filepath.Join(dir, schema)
	if _, err := os.Stat(xsdPath); err != nil {
		return fmt.Errorf("xsd: schema %s missing, check the schema directory: %w", schema, err)
	}
	bin, err := exec.LookPath("xmllint")
	if err != nil {
		return fmt.Errorf("xsd: xmllint is needed to check bank files (Debian package libxml2-utils): %w", err)
	}
	// xmllint reads a file; CreateTemp makes it 0600, as a bank file is the business's banking.
	f, err := os.CreateTemp("", "bankfile-*.xml")
	if err != nil {
		return fmt.Errorf("xsd: temp file for the schema check: %w", err)
	}
	path := f.Name()
	defer os.Remove(path)
	if _, err := f.Write(body); err != nil {
		f.Close()
		return fmt.Errorf("xsd: temp file for the schema check: %w", err)
	}
	if err := f.Close(); err != nil {
		return fmt.Errorf("xsd: temp file for the schema check: %w", err)
	}

	cctx, cancel := context.WithTimeout(ctx, checkTimeout)
	defer cancel()
	stderr := &cappedBuffer{max: stderrCap}
	// --nonet: never fetch anything. No --xinclude, --noent or --loaddtd, so libxml2 expands and
	// loads nothing. An empty environment keeps variables such as XML_CATALOG_FILES from
	// redirecting what the schema resolves to.
	cmd := exec.CommandContext(cctx, bin, "--noout", "--nonet", "--schema", xsdPath, path)
	cmd.Env = []string{"LC_ALL=C"}
	cmd.Stderr = stderr
	cmd.WaitDelay = 5 * time.Second
	err = cmd.Run()
	if err == nil {
		return nil
	}
	if cerr := cctx.Err(); cerr != nil {
		return fmt.Errorf("xsd: schema check against %s did not finish: %w", schema, cerr)
	}
	detail := firstComplaint(stderr.buf.String(), path, kind)
	var exit *exec.ExitError
	if errors.As(err, &exit) {
		// 1: the document could not be parsed; 3: it does not match the schema. Both are the
		// file's fault. Other codes (5: the schema itself does not compile, 9: out of memory, ...)
		// are the server's and must reach an operator.
		switch exit.ExitCode() {
		case 1, 3:
			return &Invalid{Detail: detail}
		}
		return fmt.Errorf("xsd: xmllint failed (exit %d) against %s: %s", exit.ExitCode(), schema, detail)
	}
	return fmt.Errorf("xsd: running xmllint: %w", err)
}

// ibanLike finds what may be an account number in xmllint's text.
var ibanLike = regexp.MustCompile(`[A-Z]{2}[0-9]{2}[A-Z0-9]{11,30}`)

// quotedValue finds a value xmllint quotes ("The value 'Jan Jansen' is not ..."), which may be a
// person's name.
var quotedValue = regexp.MustCompile(`value '[^']*'`)

// firstComplaint is xmllint's first line that is not the verdict, made safe for a log line.
func firstComplaint(stderr, path, kind string) string {
	for _, line := range strings.Split(stderr, "\n") {
		line = strings.TrimSpace(line)
		if line == "" || strings.HasSuffix(line, " validates") || strings.HasSuffix(line, " fails to validate") {
			continue
		}
		line = strings.ReplaceAll(line, path, kind)
		line = quotedValue.ReplaceAllString(line, "value '…'")
		line = ibanLike.ReplaceAllString(line, "[IBAN]")
		if r := []rune(line); len(r) > 300 {
			line = string(r[:300])
		}
		return line
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
