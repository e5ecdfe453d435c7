package aanmelding

import (
	"net/url"
	"strings"
)

// WhatsAppURL is the click-to-chat link (document 001 section 7): the phone's digits, a Dutch
// number written with a leading 0 in international form (WhatsApp needs the country code), and
// the encoded message.
func WhatsAppURL(phone, message string) string {
	digits := strings.Map(func(r rune) rune {
		if r >= '0' && r <= '9' {
			return r
		}
		return -1
	}, phone)
	switch {
	case strings.HasPrefix(digits, "00"):
		digits = digits[2:]
	case strings.HasPrefix(phone, "+"):
	case strings.HasPrefix(digits, "0"):
		digits = "31" + digits[1:]
	}
	return "https://wa.me/" + digits + "?text=" + url.QueryEscape(message)
}
