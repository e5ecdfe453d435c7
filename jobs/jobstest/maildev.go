// Package jobstest helps tests read the mail catcher (MailDev) that `make test` starts. Set
// KLUSMAAT_TEST_SMTP_URL and KLUSMAAT_TEST_MAILDEV_URL; without them tests skip, unless
// KLUSMAAT_REQUIRE_DB=1 makes that a failure.
package jobstest

import (
	"encoding/json"
	"io"
	"net/http"
	"net/url"
	"os"
	"strings"
	"testing"
	"time"
)

// Mail is an e-mail as MailDev's REST API shows it.
type Mail struct {
	ID      string `json:"id"`
	Subject string `json:"subject"`
	Text    string `json:"text"`
	HTML    string `json:"html"`
	To      []struct {
		Address string `json:"address"`
	} `json:"to"`
	Attachments []struct {
		FileName string `json:"fileName"`
		// GeneratedFileName is the name the catcher serves the attachment under.
		GeneratedFileName string `json:"generatedFileName"`
		ContentType       string `json:"contentType"`
		Length            int    `json:"length"`
	} `json:"attachments"`
}

// MailDev returns the SMTP URL and the web API URL of the test mail catcher.
func MailDev(t testing.TB) (smtpURL, apiURL string) {
	t.Helper()
	smtpURL, apiURL = os.Getenv("KLUSMAAT_TEST_SMTP_URL"), os.Getenv("KLUSMAAT_TEST_MAILDEV_URL")
	if smtpURL == "" || apiURL == "" {
		if os.Getenv("KLUSMAAT_REQUIRE_DB") == "1" {
			t.Fatal("jobstest: KLUSMAAT_TEST_SMTP_URL and KLUSMAAT_TEST_MAILDEV_URL must be set")
		}
		t.Skip("jobstest: no mail catcher configured (run make test)")
	}
	return smtpURL, apiURL
}

// MailsTo lists the e-mails the catcher holds for recipient.
func MailsTo(t testing.TB, apiURL, recipient string) []Mail {
	t.Helper()
	resp, err := http.Get(apiURL + "/email")
	if err != nil {
		t.Fatalf("maildev: %v", err)
	}
	defer resp.Body.Close()
	var all []Mail
	if err := json.NewDecoder(resp.Body).Decode(&all); err != nil {
		t.Fatalf("maildev: %v", err)
	}
	var out []Mail
	for _, m := range all {
		for _, to := range m.To {
			if strings.EqualFold(to.Address, recipient) {
				out = append(out, m)
			}
		}
	}
	return out
}

// WaitForMails waits until the catcher holds n e-mails for recipient (or more), up to timeout.
func WaitForMails(t testing.TB, apiURL, recipient string, n int, timeout time.Duration) []Mail {
	t.Helper()
	var got []Mail
	waitFor(timeout, func() bool { got = MailsTo(t, apiURL, recipient); return len(got) >= n })
	return got
}

// WaitForSubject waits until the catcher holds an e-mail for recipient with exactly subject, up to
// timeout, and returns it (nil when none came): for a test that does not want to depend on which
// other e-mails the recipient gets, or in what order.
func WaitForSubject(t testing.TB, apiURL, recipient, subject string, timeout time.Duration) *Mail {
	t.Helper()
	var found *Mail
	waitFor(timeout, func() bool {
		for _, m := range MailsTo(t, apiURL, recipient) {
			if m.Subject == subject {
				found = &m
				return true
			}
		}
		return false
	})
	return found
}

// waitFor asks done every 100 ms until it says yes or timeout has passed (it asks once more then).
func waitFor(timeout time.Duration, done func() bool) {
	deadline := time.Now().Add(timeout)
	for !done() && time.Now().Before(deadline) {
		time.Sleep(100 * time.Millisecond)
	}
}

// Attachment is the i-th attachment of m as the catcher received it.
func Attachment(t testing.TB, apiURL string, m Mail, i int) []byte {
	t.Helper()
	if i >= len(m.Attachments) {
		t.Fatalf("maildev: e-mail %q has %d attachments", m.Subject, len(m.Attachments))
	}
	resp, err := http.Get(apiURL + "/email/" + m.ID + "/attachment/" + url.PathEscape(m.Attachments[i].GeneratedFileName))
	if err != nil {
		t.Fatalf("maildev: %v", err)
	}
	defer resp.Body.Close()
	data, err := io.ReadAll(resp.Body)
	if err != nil || resp.StatusCode != http.StatusOK {
		t.Fatalf("maildev: attachment %s: %d %v", m.Attachments[i].FileName, resp.StatusCode, err)
	}
	return data
}
