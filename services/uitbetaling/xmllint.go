package uitbetaling

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

// SchemaFile is the official schema a payment file is checked against (services/platform/sepa/xsd).
const SchemaFile = "pain.001.001.03.xsd"

// schemaTimeout bounds one xmllint run: a batch of a thousand transfers validates in a fraction of
// a second.
const schemaTimeout = 60 * time.Second

// validateFile checks a payment file with xmllint against the official pain.001.001.03 schema in
// dir (Go has no XSD validator). A refusal is a FileRefused with xmllint's first complaint, its
// account numbers masked; xmllint missing or failing is the server's error.
func validateFile(ctx context.Context, data []byte, dir, bericht string) error {
	schema := filepath.Join(dir, SchemaFile)
	if _, err := os.Stat(schema); err != nil {
		return fmt.Errorf("uitbetaling: schema %s missing: %w", SchemaFile, err)
	}
	bin, err := exec.LookPath("xmllint")
	if err != nil {
		return fmt.Errorf("uitbetaling: xmllint is needed to check payment files (Debian package libxml2-utils): %w", err)
	}
	// A payment file names the klussers and their accounts: a private temporary file (0600).
	f, err := os.CreateTemp("", "pain001-*.xml")
	if err != nil {
		return fmt.Errorf("uitbetaling: temp file for the schema check: %w", err)
	}
	path := f.Name()
	defer os.Remove(path)
	if _, err := f.Write(data); err != nil {
		f.Close()
		return fmt.Errorf("uitbetaling: temp file for the schema check: %w", err)
	}
	if err := f.Close(); err != nil {
		return fmt.Errorf("uitbetaling: temp file for the schema check: %w", err)
	}
	cctx, cancel := context.WithTimeout(ctx, schemaTimeout)
	defer cancel()
	var stderr bytes.Buffer
	// --nonet: never fetch anything; an empty environment keeps XML_CATALOG_FILES and the like
	// from redirecting the schema.
	cmd := exec.CommandContext(cctx, bin, "--noout", "--nonet", "--schema", schema, path)
	cmd.Env = []string{"LC_ALL=C"}
	cmd.Stderr = &stderr
	cmd.WaitDelay = 5 * time.Second
	err = cmd.Run()
	if err == nil {
		return nil
	}
	if cerr := cctx.Err(); cerr != nil {
		return fmt.Errorf("uitbetaling: schema check of %s did not finish: %w", bericht, cerr)
	}
	detail := firstComplaint(stderr.String(), path)
	var exit *exec.ExitError
	if errors.As(err, &exit) && (exit.ExitCode() == 1 || exit.ExitCode() == 3) {
		return &FileRefused{BerichtID: bericht, Reason: "schema: " + detail}
	}
	return fmt.Errorf("uitbetaling: xmllint failed on %s: %v: %s", bericht, err, detail)
}

// ibanLike finds what may be an account number in xmllint's text, to mask it in the log.
var ibanLike = regexp.MustCompile(`[A-Z]{2}[0-9]{2}[A-Z0-9]{11,30}`)

// quotedValue finds the value xmllint quotes ("The value 'Jan Jansen' is not ..."), which may be
// a klusser's name.
var quotedValue = regexp.MustCompile(`value '[^']*'`)

// firstComplaint is xmllint's first line that is not the verdict, with the temp file's name, the
// quoted values and anything like an IBAN taken out (element names stay: they say what is wrong).
func firstComplaint(stderr, path string) string {
	for _, line := range strings.Split(stderr, "\n") {
		line = strings.TrimSpace(line)
		if line == "" || strings.HasSuffix(line, " validates") || strings.HasSuffix(line, " fails to validate") {
			continue
		}
		line = strings.ReplaceAll(line, path, "pain.xml")
		line = quotedValue.ReplaceAllString(line, "value '…'")
		line = ibanLike.ReplaceAllString(line, "[IBAN]")
		if len(line) > 300 {
			line = line[:300]
		}
		return line
	}
	return "xmllint gave no message"
}
