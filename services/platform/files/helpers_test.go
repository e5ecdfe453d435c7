package files_test

import (
	"archive/zip"
	"bytes"
	"encoding/binary"
	"image"
	"image/color"
	"image/jpeg"
	"image/png"
	"mime/multipart"
	"testing"
)

// Test files, made here so the tests need nothing from outside.

func jpegBytes(t testing.TB) []byte {
	t.Helper()
	img := image.NewRGBA(image.Rect(0, 0, 16, 12))
	for x := range 16 {
		img.Set(x, x%12, color.RGBA{R: 200, G: uint8(x * 10), B: 40, A: 255})
	}
	var b bytes.Buffer
	if err := jpeg.Encode(&b, img, nil); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

func pngBytes(t testing.TB) []byte {
	t.Helper()
	img := image.NewNRGBA(image.Rect(0, 0, 8, 8))
	img.Set(3, 3, color.NRGBA{G: 255, A: 255})
	var b bytes.Buffer
	if err := png.Encode(&b, img); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

func webpBytes() []byte {
	// A RIFF/WEBP header with a lossless chunk; the content is not decoded.
	b := []byte("RIFF\x1a\x00\x00\x00WEBPVP8L\x0d\x00\x00\x00\x2f\x00\x00\x00\x10\x07\x10\x11\x11\x88\x88\xfe\x07\x00")
	return b
}

func pdfBytes() []byte {
	return []byte("%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n2 0 obj << /Type /Pages /Kids [] /Count 0 >> endobj\n" +
		"trailer << /Root 1 0 R >>\n%%EOF\n")
}

func elfBytes() []byte {
	b := make([]byte, 256)
	copy(b, "\x7fELF\x02\x01\x01\x00")
	return b
}

func mzBytes() []byte {
	b := make([]byte, 256)
	copy(b, "MZ\x90\x00\x03\x00\x00\x00\x04\x00")
	copy(b[128:], "PE\x00\x00")
	return b
}

func zipBytes(t testing.TB, names ...string) []byte {
	t.Helper()
	var b bytes.Buffer
	zw := zip.NewWriter(&b)
	for _, n := range names {
		w, err := zw.Create(n)
		if err != nil {
			t.Fatal(err)
		}
		_, _ = w.Write([]byte("<?xml version=\"1.0\"?><x/>"))
	}
	if err := zw.Close(); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

func docxBytes(t testing.TB) []byte {
	return zipBytes(t, "[Content_Types].xml", "_rels/.rels", "word/document.xml", "word/styles.xml")
}

// cfbBytes is a minimal OLE compound file (MS-CFB, version 3, 512-byte sectors) whose directory
// holds a root entry and one stream of the given name: "WordDocument" makes it a .doc, anything
// else is another OLE format (.xls, .msi).
func cfbBytes(stream string) []byte {
	const size = 512
	le := binary.LittleEndian
	b := make([]byte, 3*size) // header, FAT (sector 0), directory (sector 1)
	copy(b, []byte{0xD0, 0xCF, 0x11, 0xE0, 0xA1, 0xB1, 0x1A, 0xE1})
	le.PutUint16(b[24:], 0x003E)
	le.PutUint16(b[26:], 3)
	le.PutUint16(b[28:], 0xFFFE)
	le.PutUint16(b[30:], 9)
	le.PutUint16(b[32:], 6)
	le.PutUint32(b[44:], 1)          // FAT sectors
	le.PutUint32(b[48:], 1)          // first directory sector
	le.PutUint32(b[56:], 4096)       // mini stream cutoff
	le.PutUint32(b[60:], 0xFFFFFFFE) // no mini FAT
	le.PutUint32(b[68:], 0xFFFFFFFE) // no DIFAT sectors
	le.PutUint32(b[76:], 0)          // the FAT is sector 0
	for i := 1; i < 109; i++ {
		le.PutUint32(b[76+4*i:], 0xFFFFFFFF)
	}
	fat := b[size : 2*size]
	for i := 0; i < size/4; i++ {
		le.PutUint32(fat[4*i:], 0xFFFFFFFF)
	}
	le.PutUint32(fat[0:], 0xFFFFFFFD) // sector 0 is a FAT sector
	le.PutUint32(fat[4:], 0xFFFFFFFE) // sector 1 (directory) ends its chain
	dir := b[2*size : 3*size]
	entry := func(i int, name string, typ byte) {
		e := dir[128*i : 128*(i+1)]
		for j, r := range name {
			le.PutUint16(e[2*j:], uint16(r))
		}
		le.PutUint16(e[64:], uint16(2*len(name)+2))
		e[66] = typ
		le.PutUint32(e[68:], 0xFFFFFFFF)
		le.PutUint32(e[72:], 0xFFFFFFFF)
		le.PutUint32(e[76:], 0xFFFFFFFF)
	}
	entry(0, "Root Entry", 5)
	entry(1, stream, 2)
	return b
}

// multipartBody builds an upload form: fields in order, then the file (unless fileName and data
// are both empty).
func multipartBody(t testing.TB, fields [][2]string, fileName string, data []byte) (string, []byte) {
	t.Helper()
	var b bytes.Buffer
	mw := multipart.NewWriter(&b)
	for _, f := range fields {
		if err := mw.WriteField(f[0], f[1]); err != nil {
			t.Fatal(err)
		}
	}
	if fileName != "" || data != nil {
		w, err := mw.CreateFormFile("file", fileName)
		if err != nil {
			t.Fatal(err)
		}
		_, _ = w.Write(data)
	}
	if err := mw.Close(); err != nil {
		t.Fatal(err)
	}
	return mw.FormDataContentType(), b.Bytes()
}
