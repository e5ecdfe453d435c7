package server

import (
	"context"

	"github.com/google/uuid"
	"github.com/riverqueue/river"

	"github.com/klusmaat/klusmaat/jobs/email"
	"github.com/klusmaat/klusmaat/jobs/notify"
	"github.com/klusmaat/klusmaat/services/aanmaning"
	"github.com/klusmaat/klusmaat/services/afdracht"
	"github.com/klusmaat/klusmaat/services/exports"
	"github.com/klusmaat/klusmaat/services/factuur"
	"github.com/klusmaat/klusmaat/services/herinnering"
	"github.com/klusmaat/klusmaat/services/offerte"
	"github.com/klusmaat/klusmaat/services/platform/files"
	"github.com/klusmaat/klusmaat/services/settings"
	"github.com/klusmaat/klusmaat/services/uitbetaling"
	"github.com/klusmaat/klusmaat/services/werkbon"
	"github.com/klusmaat/klusmaat/tenants"
	"github.com/klusmaat/klusmaat/tenants/calendar"
)

// WorkerDeps are what the workers need.
type WorkerDeps struct {
	DB     *tenants.DB
	Mailer *email.Mailer
	Site   email.Site
	Files  files.Storage
	// StatusLink makes the customers' status links in e-mails (D24); nil: none.
	StatusLink func(uuid.UUID) string
	// EmailFailed counts a failed delivery attempt (metrics); nil: not counted.
	EmailFailed func()
	// Clock tells the time of the reminders (D27); nil: the real clock.
	Clock calendar.Clock
}

// NewWorkers registers every worker of the platform: the queue's own (e-mail, notifications) and
// the domains' (exports, invoices). A new kind of job adds its line here; jobs/ itself never
// imports the services above it.
func NewWorkers(d WorkerDeps) *river.Workers {
	w := river.NewWorkers()
	mail := &email.Worker{Mailer: d.Mailer, Site: d.Site, Files: files.Attachments{Storage: d.Files}, StatusLink: d.StatusLink, Failed: d.EmailFailed}
	if d.DB != nil {
		// An e-mail about a job gives its region's support contact (docs/decisions.md D33).
		mail.Contact = func(ctx context.Context, klus uuid.UUID, regio string) (string, string, error) {
			c, err := settings.ContactOf(ctx, d.DB, klus, regio)
			return c.Phone, c.Email, err
		}
	}
	river.AddWorker(w, mail)
	river.AddWorker(w, &notify.AdminsWorker{DB: d.DB})
	river.AddWorker(w, &notify.PoolWorker{DB: d.DB})
	river.AddWorker(w, &notify.KlusserWorker{DB: d.DB})
	river.AddWorker(w, &exports.Worker{DB: d.DB, Files: d.Files, Kinds: exportKinds})
	river.AddWorker(w, &factuur.Worker{DB: d.DB, Files: d.Files, Site: factuur.Site(d.Site)})
	river.AddWorker(w, herinnering.NewWorker(d.DB, d.Clock))
	river.AddWorker(w, aanmaning.NewWorker(d.DB, d.Clock))
	river.AddWorker(w, afdracht.NewWorker(d.DB, d.Clock))
	river.AddWorker(w, uitbetaling.NewWorker(d.DB, d.Clock))
	river.AddWorker(w, &offerte.Worker{DB: d.DB, Files: d.Files, Site: factuur.Site(d.Site)})
	return w
}

// exportKinds are the exports of the reports page (exports.Soorten), each written by its domain.
var exportKinds = map[string]exports.Kind{
	"uren":     werkbon.UrenExport,
	"facturen": factuur.ReportExport,
}
