package camt

import (
	"bytes"
	"encoding/xml"
	"errors"
	"fmt"
	"io"
	"regexp"
	"strings"
)

const (
	// libxml2 honours both the current XInclude namespace and the draft one, so both are refused.
	xincludeNS      = "http://www.w3.org/2001/XInclude"
	xincludeDraftNS = "http://www.w3.org/2003/XInclude"
)

// supportedVersions are the versions with a schema in the shared ISO 20022 folder and a shape
// parse understands. Others are refused even if a schema for them were added, because parse has
// not been checked against them.
var supportedVersions = map[string]bool{
	"camt.053.001.02": true,
	"camt.053.001.04": true,
	"camt.053.001.08": true,
}

var camt053Namespace = regexp.MustCompile(`^urn:iso:std:iso:20022:tech:xsd:(camt\.053\.001\.([0-9]{2}))$`)

// newDecoder returns the decoder both passes use: strict, with no Entity map (so only the five
// predefined entities exist) and no CharsetReader (so only UTF-8, which ISO 20022 prescribes).
func newDecoder(b []byte) *xml.Decoder {
	d := xml.NewDecoder(bytes.NewReader(b))
	d.Strict = true
	return d
}

// scan reads every token of body before any other code (xmllint included) sees it, refusing
// declarations and XInclude, checking that the document is complete and has exactly one root,
// and returning the statement version named by the root's namespace.
func scan(body []byte) (string, *Refusal) {
	d := newDecoder(body)
	var root xml.Name
	depth := 0
	rootSeen, rootClosed := false, false
	for {
		tok, err := d.Token()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			return "", &Refusal{Code: CodeNotXML, Message: msgNotXML, Detail: err.Error()}
		}
		switch t := tok.(type) {
		case xml.Directive:
			// DOCTYPE, ENTITY, ELEMENT, ...: a statement needs none of them, and each is the
			// door to entity expansion or external fetches in a parser that honours it.
			return "", forbidden("declaration <!" + clip(clean(string(t)), 60) + ">")
		case xml.StartElement:
			if isXInclude(t.Name) {
				return "", forbidden("XInclude element " + t.Name.Local)
			}
			for _, a := range t.Attr {
				if isXInclude(a.Name) || isXIncludeNS(a.Value) {
					return "", forbidden("XInclude namespace in attribute " + a.Name.Local)
				}
			}
			if rootClosed {
				return "", &Refusal{Code: CodeNotXML, Message: msgNotXML, Detail: "second root element " + t.Name.Local}
			}
			if depth == 0 {
				root, rootSeen = t.Name, true
			}
			depth++
		case xml.EndElement:
			depth--
			if depth == 0 {
				rootClosed = true
			}
		case xml.CharData:
			if depth == 0 && len(bytes.TrimSpace(t)) > 0 {
				return "", &Refusal{Code: CodeNotXML, Message: msgNotXML, Detail: "text outside the root element"}
			}
		}
	}
	if !rootSeen || !rootClosed || depth != 0 {
		return "", &Refusal{Code: CodeNotXML, Message: msgNotXML, Detail: "no complete root element"}
	}
	m := camt053Namespace.FindStringSubmatch(root.Space)
	if root.Local != "Document" || m == nil {
		return "", &Refusal{Code: CodeWrongMessage, Message: msgWrong, Detail: "root {" + clip(root.Space, 80) + "}" + clip(root.Local, 40)}
	}
	if !supportedVersions[m[1]] {
		return "", &Refusal{Code: CodeUnsupportedVersion, Message: fmt.Sprintf(msgVersion, m[2]), Detail: m[1]}
	}
	return m[1], nil
}

func forbidden(detail string) *Refusal {
	return &Refusal{Code: CodeForbiddenXML, Message: msgForbid, Detail: detail}
}

// isXInclude also catches the bare "xi:include" whose prefix was never bound: encoding/xml then
// leaves the prefix in Space, and a lenient processor might still treat it as an inclusion.
func isXInclude(n xml.Name) bool {
	return isXIncludeNS(n.Space) || (n.Space == "xi" && n.Local == "include")
}

func isXIncludeNS(s string) bool {
	s = strings.TrimSpace(s)
	return s == xincludeNS || s == xincludeDraftNS
}

// clip bounds text taken from the file before it goes into a log line.
func clip(s string, n int) string {
	if len(s) <= n {
		return s
	}
	for n > 0 && !isRuneStart(s[n]) {
		n--
	}
	return s[:n] + "…"
}

func isRuneStart(b byte) bool { return b&0xC0 != 0x80 }
