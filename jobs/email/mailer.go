package email

import (
	"bytes"
	"context"
	"fmt"
	"net/url"
	"strconv"
	"time"

	mail "github.com/wneessen/go-mail"
)

// Mailer sends e-mails over SMTP.
type Mailer struct {
	host, user, pass string
	port             int
	tls              mail.TLSPolicy
	ssl              bool
	from, fromName   string
}

// NewMailer reads an SMTP URL: smtp://[user:pass@]host:port for plain SMTP (a local catcher,
// or a relay on a private network), smtp+starttls:// to require STARTTLS, smtps:// for implicit TLS.
func NewMailer(smtpURL, from, fromName string) (*Mailer, error) {
	u, err := url.Parse(smtpURL)
	if err != nil || u.Hostname() == "" {
		return nil, fmt.Errorf("email: bad SMTP_URL %q", smtpURL)
	}
	m := &Mailer{host: u.Hostname(), from: from, fromName: fromName, tls: mail.NoTLS}
	switch u.Scheme {
	case "smtp":
		m.port = 25
	case "smtp+starttls":
		m.port, m.tls = 587, mail.TLSMandatory
	case "smtps":
		m.port, m.ssl, m.tls = 465, true, mail.TLSMandatory
	default:
		return nil, fmt.Errorf("email: SMTP_URL scheme %q: use smtp, smtp+starttls or smtps", u.Scheme)
	}
	if p := u.Port(); p != "" {
		if m.port, err = strconv.Atoi(p); err != nil {
			return nil, fmt.Errorf("email: bad SMTP port %q", p)
		}
	}
	if u.User != nil {
		m.user = u.User.Username()
		m.pass, _ = u.User.Password()
	}
	return m, nil
}

// Send delivers one e-mail. messageID makes a retried job's e-mail recognisable as the same one.
func (m *Mailer) Send(ctx context.Context, to, messageID string, r Rendered) error {
	msg := mail.NewMsg()
	if err := msg.FromFormat(m.fromName, m.from); err != nil {
		return fmt.Errorf("email: from: %w", err)
	}
	if err := msg.To(to); err != nil {
		return ErrTemplate{fmt.Sprintf("recipient %q: %v", to, err)}
	}
	msg.Subject(r.Subject)
	msg.SetMessageIDWithValue(messageID)
	msg.SetBodyString(mail.TypeTextPlain, r.Text)
	msg.AddAlternativeString(mail.TypeTextHTML, r.HTML)
	for _, f := range r.Attachments {
		if err := msg.AttachReader(f.Name, bytes.NewReader(f.Data), mail.WithFileContentType(mail.ContentType(f.ContentType))); err != nil {
			return fmt.Errorf("email: attach %s: %w", f.Name, err)
		}
	}
	opts := []mail.Option{mail.WithPort(m.port), mail.WithTLSPolicy(m.tls), mail.WithTimeout(20 * time.Second)}
	if m.ssl {
		opts = append(opts, mail.WithSSL())
	}
	if m.user != "" {
		opts = append(opts, mail.WithSMTPAuth(mail.SMTPAuthPlain), mail.WithUsername(m.user), mail.WithPassword(m.pass))
	}
	client, err := mail.NewClient(m.host, opts...)
	if err != nil {
		return fmt.Errorf("email: client: %w", err)
	}
	if err := client.DialAndSendWithContext(ctx, msg); err != nil {
		return fmt.Errorf("email: send to %s: %w", to, err)
	}
	return nil
}
