package files

import (
	"archive/zip"
	"bytes"
	"encoding/binary"
	"image/jpeg"
	"image/png"
	"path"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/klusmaat/klusmaat/tenants/domainerr"
)

// Limits of document 001 sections 5 and 9. The photo limit is also a CHECK on
// work_order_photos.file_size.
const (
	MaxPhotoBytes    = 5 << 20
	MaxDocumentBytes = 10 << 20
)

// FileType is an accepted kind of file, recognised by its content.
type FileType struct {
	Ext         string   // the extension of generated keys, without the dot
	ContentType string   // what the file is served as
	Names       []string // the file-name extensions that may carry it
}

// The accepted file types.
var (
	JPEG = FileType{Ext: "jpg", ContentType: "image/jpeg", Names: []string{"jpg", "jpeg", "jpe", "jfif"}}
	PNG  = FileType{Ext: "png", ContentType: "image/png", Names: []string{"png"}}
	WebP = FileType{Ext: "webp", ContentType: "image/webp", Names: []string{"webp"}}
	PDF  = FileType{Ext: "pdf", ContentType: "application/pdf", Names: []string{"pdf"}}
	DOC  = FileType{Ext: "doc", ContentType: "application/msword", Names: []string{"doc"}}
	DOCX = FileType{Ext: "docx", ContentType: "application/vnd.openxmlformats-officedocument.wordprocessingml.document", Names: []string{"docx"}}
)

// Kind is a family of uploads with its own types, limit and messages.
type Kind struct {
	Name     string
	Types    []FileType
	MaxBytes int64
	// Choose says in Dutch what to pick instead of a refused file; every refusal of a type ends
	// with it.
	Choose string
}

// TooLarge is the Dutch refusal of a file above the kind's limit, which it names in MB.
func (k Kind) TooLarge() string {
	return "Bestand mag maximaal " + strconv.FormatInt(k.MaxBytes>>20, 10) + "MB zijn"
}

// NotAllowed is the Dutch refusal of a file of a type the kind does not take.
func (k Kind) NotAllowed() string {
	return "Dit bestandstype is niet toegestaan. " + k.Choose
}

// PhotoUpload: job photos and profile and carousel photos (images only, at most 5 MB).
var PhotoUpload = Kind{
	Name:     "photo",
	Types:    []FileType{JPEG, PNG, WebP},
	MaxBytes: MaxPhotoBytes,
	Choose:   "Kies een foto (JPG, PNG of WebP).",
}

// DocumentUpload: klusser documents such as a VOG (document 001 section 5).
var DocumentUpload = Kind{
	Name:     "document",
	Types:    []FileType{PDF, JPEG, PNG, DOC, DOCX},
	MaxBytes: MaxDocumentBytes,
	Choose:   "Kies een PDF, JPG, PNG of Word-bestand (DOC of DOCX).",
}

// VOGUpload: the VOG that comes with an account made from an application (document 001 section
// 5: pdf, jpg, jpeg, png).
var VOGUpload = Kind{
	Name:     "vog",
	Types:    []FileType{PDF, JPEG, PNG},
	MaxBytes: MaxDocumentBytes,
	Choose:   "Upload de VOG als PDF, JPG of PNG.",
}

// Upload is a file as a user sent it. Name is only ever stored as text, never used as a key.
type Upload struct {
	Name string
	Data []byte
}

// The refusals, also used by the multipart reader.
func errFileRequired() error {
	return domainerr.Invalid("file_required", "Selecteer een bestand", map[string]string{"file": "Selecteer een bestand"})
}

func errTooLarge(k Kind) error {
	return domainerr.TooLarge("file_too_large", k.TooLarge(), map[string]string{"file": k.TooLarge()})
}

func errNotAllowed(k Kind) error {
	return domainerr.Unsupported("file_type_not_allowed", k.NotAllowed(), map[string]string{"file": k.NotAllowed()})
}

func errMismatch(k Kind, ext string) error {
	msg := "De inhoud van het bestand past niet bij de extensie ." + ext + ". " + k.Choose
	return domainerr.Unsupported("file_type_mismatch", msg, map[string]string{"file": msg})
}

// Validate checks an upload against the kind: present, not empty, within the size limit, and of an
// accepted type judged by its content (magic bytes and structure), never by its name or the
// Content-Type the client sent. A name whose extension claims another type than the content is
// refused too (a PDF renamed .jpg); a name without an extension is judged by content alone.
func (k Kind) Validate(up *Upload) (FileType, error) {
	if up == nil {
		return FileType{}, errFileRequired()
	}
	if len(up.Data) == 0 {
		return FileType{}, domainerr.Invalid("file_empty", "Het bestand is leeg.", map[string]string{"file": "Het bestand is leeg."})
	}
	if int64(len(up.Data)) > k.MaxBytes {
		return FileType{}, errTooLarge(k)
	}
	ft, ok := Sniff(up.Data)
	if !ok || !k.accepts(ft) {
		return FileType{}, errNotAllowed(k)
	}
	if ext := nameExt(up.Name); ext != "" {
		known := false
		for _, t := range k.Types {
			for _, n := range t.Names {
				if n == ext {
					known = true
					if t.Ext != ft.Ext {
						return FileType{}, errMismatch(k, ext)
					}
				}
			}
		}
		if !known {
			// An extension of no accepted type (.exe, .html, .svg) is refused whatever the content.
			return FileType{}, errNotAllowed(k)
		}
	}
	return ft, nil
}

func (k Kind) accepts(ft FileType) bool {
	for _, t := range k.Types {
		if t.Ext == ft.Ext {
			return true
		}
	}
	return false
}

func nameExt(name string) string {
	base := path.Base(strings.ReplaceAll(name, `\`, "/"))
	i := strings.LastIndexByte(base, '.')
	if i <= 0 || i == len(base)-1 {
		return ""
	}
	return strings.ToLower(base[i+1:])
}

// Sniff recognises an accepted file type by content. Anything else (executables, scripts, HTML,
// SVG, archives, other Office formats) is not recognised.
func Sniff(data []byte) (FileType, bool) {
	switch {
	case bytes.HasPrefix(data, []byte{0xFF, 0xD8, 0xFF}):
		// The header must parse up to the frame size, so a few magic bytes before junk are refused.
		if _, err := jpeg.DecodeConfig(bytes.NewReader(data)); err == nil {
			return JPEG, true
		}
	case bytes.HasPrefix(data, []byte("\x89PNG\r\n\x1a\n")):
		if _, err := png.DecodeConfig(bytes.NewReader(data)); err == nil {
			return PNG, true
		}
	case len(data) >= 16 && string(data[0:4]) == "RIFF" && string(data[8:12]) == "WEBP":
		switch string(data[12:16]) {
		case "VP8 ", "VP8L", "VP8X":
			return WebP, true
		}
	case bytes.HasPrefix(data, []byte("%PDF-")):
		return PDF, true
	case bytes.HasPrefix(data, []byte{0xD0, 0xCF, 0x11, 0xE0, 0xA1, 0xB1, 0x1A, 0xE1}):
		// An OLE compound file is also what .xls, .ppt and .msi installers are: it must hold a
		// WordDocument stream to be a Word document.
		if cfbHasStream(data, "WordDocument") {
			return DOC, true
		}
	case bytes.HasPrefix(data, []byte("PK\x03\x04")):
		if isDocx(data) {
			return DOCX, true
		}
	}
	return FileType{}, false
}

// isDocx reports whether data is a zip holding a Word document: [Content_Types].xml and
// word/document.xml, and no macros (a .docm renamed .docx). Nothing is decompressed.
func isDocx(data []byte) bool {
	zr, err := zip.NewReader(bytes.NewReader(data), int64(len(data)))
	if err != nil {
		return false
	}
	var types, doc bool
	for _, f := range zr.File {
		switch strings.ToLower(f.Name) {
		case "[content_types].xml":
			types = true
		case "word/document.xml":
			doc = true
		case "word/vbaproject.bin":
			return false
		}
	}
	return types && doc
}

// cfbHasStream reports whether an OLE compound file (MS-CFB) has a stream of that name in its
// directory. It follows the FAT chain of the directory sectors; any inconsistency means no.
func cfbHasStream(data []byte, name string) bool {
	if len(data) < 512 {
		return false
	}
	le := binary.LittleEndian
	shift := le.Uint16(data[30:32])
	if shift != 9 && shift != 12 {
		return false
	}
	size := 1 << shift
	sector := func(n uint32) []byte {
		off := (int64(n) + 1) * int64(size)
		if n >= 0xFFFFFFFA || off+int64(size) > int64(len(data)) {
			return nil
		}
		return data[off : off+int64(size)]
	}
	// The FAT's own sectors: 109 in the header, the rest in the DIFAT chain.
	var fatSectors []uint32
	for i := 0; i < 109; i++ {
		if s := le.Uint32(data[76+4*i:]); s < 0xFFFFFFFA {
			fatSectors = append(fatSectors, s)
		}
	}
	difat, difatCount := le.Uint32(data[68:72]), le.Uint32(data[72:76])
	for i := uint32(0); i < difatCount && difat < 0xFFFFFFFA && i < 1<<16; i++ {
		sec := sector(difat)
		if sec == nil {
			return false
		}
		for j := 0; j < size/4-1; j++ {
			if s := le.Uint32(sec[4*j:]); s < 0xFFFFFFFA {
				fatSectors = append(fatSectors, s)
			}
		}
		difat = le.Uint32(sec[size-4:])
	}
	next := func(n uint32) (uint32, bool) {
		perSector := uint32(size / 4)
		idx := n / perSector
		if int(idx) >= len(fatSectors) {
			return 0, false
		}
		sec := sector(fatSectors[idx])
		if sec == nil {
			return 0, false
		}
		return le.Uint32(sec[4*(n%perSector):]), true
	}
	want := utf16le(name)
	dir := le.Uint32(data[48:52])
	for steps := 0; dir < 0xFFFFFFFA; steps++ {
		if steps > len(data)/size {
			return false // a loop in the chain
		}
		sec := sector(dir)
		if sec == nil {
			return false
		}
		for off := 0; off+128 <= len(sec); off += 128 {
			entry := sec[off : off+128]
			nameLen := int(le.Uint16(entry[64:66]))
			if nameLen >= 2 && nameLen <= 64 && entry[66] == 2 && bytes.Equal(entry[:nameLen-2], want) {
				return true
			}
		}
		var ok bool
		if dir, ok = next(dir); !ok {
			return false
		}
	}
	return false
}

func utf16le(s string) []byte {
	var b []byte
	for _, r := range s {
		b = append(b, byte(r), byte(r>>8))
	}
	return b
}

// CleanFileName makes a user's file name fit to store and show: no folders, no control
// characters, at most 200 characters, and a fallback when nothing is left. It is stored in the
// database only; keys never contain it.
func CleanFileName(name string, ft FileType) string {
	name = path.Base(strings.ReplaceAll(name, `\`, "/"))
	name = strings.Map(func(r rune) rune {
		if r == utf8.RuneError || unicode.IsControl(r) || r == '"' {
			return -1
		}
		return r
	}, name)
	name = strings.TrimSpace(name)
	if name == "." || name == "/" || name == ".." {
		name = ""
	}
	if r := []rune(name); len(r) > 200 {
		name = string(r[len(r)-200:])
	}
	if name == "" {
		name = "bestand." + ft.Ext
	}
	return name
}
