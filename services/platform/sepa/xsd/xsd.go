// Package xsd holds the official ISO 20022 schemas of the bank files Klusmaat reads and writes
// (CAMT.053 statements, versions .02, .04 and .08; pain.001.001.03 credit-transfer batches), as
// published, so that the server checks a file against them with xmllint wherever it runs, and
// never sends a file the bank would refuse or books from one it would not have made.
package xsd

import (
	"embed"
	"fmt"
	"os"
	"path/filepath"
	"sync"
)

//go:embed *.xsd
var files embed.FS

var (
	once sync.Once
	dir  string
	err  error
)

// Dir returns a directory holding the schemas (written once per process into a private temporary
// directory: xmllint reads files, not embedded bytes).
func Dir() (string, error) {
	once.Do(func() {
		dir, err = os.MkdirTemp("", "klusmaat-xsd-")
		if err != nil {
			err = fmt.Errorf("xsd: %w", err)
			return
		}
		entries, _ := files.ReadDir(".")
		for _, e := range entries {
			data, rerr := files.ReadFile(e.Name())
			if rerr == nil {
				rerr = os.WriteFile(filepath.Join(dir, e.Name()), data, 0o600)
			}
			if rerr != nil {
				err = fmt.Errorf("xsd: %w", rerr)
				return
			}
		}
	})
	return dir, err
}

// Names are the schema files held.
func Names() []string {
	entries, _ := files.ReadDir(".")
	out := make([]string, 0, len(entries))
	for _, e := range entries {
		out = append(out, e.Name())
	}
	return out
}
