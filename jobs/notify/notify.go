// Package notify creates the in-app notifications of document 001 as River jobs (D16): admins are
// told when a klusser picks up, plans or changes a job; klussers are told when a job enters the
// pool of their region. Each notification records the job that wrote it, and a job writes one per
// user at most, so a retry never notifies anyone twice (migration 014).
package notify

import (
	"context"
	"fmt"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"github.com/riverqueue/river"

	"github.com/klusmaat/klusmaat/tenants"
)

// Notification types (the notifications.type check constraint).
const (
	KlusOpgepakt  = "klus_opgepakt"
	KlusIngepland = "klus_ingepland"
	KlusGewijzigd = "klus_gewijzigd"
	NieuweKlus    = "nieuwe_klus"
	// KlusGeannuleerd: the customer cancelled the request through its status link (D24).
	KlusGeannuleerd = "klus_geannuleerd"
	// OfferteAkkoord and OfferteNietAkkoord: the customer answered a quote through the status link
	// (D26); the franchise owners of the job's region are told as well as the admins.
	OfferteAkkoord     = "offerte_akkoord"
	OfferteNietAkkoord = "offerte_niet_akkoord"
)

// PoolMessage is what a klusser reads when a job enters its region's pool (document 001 section 8).
const PoolMessage = "Nieuwe klus beschikbaar in jouw regio!"

// AdminsArgs tells every admin about a klusser's step on a job.
type AdminsArgs struct {
	Type        string    `json:"type"`
	KlusID      uuid.UUID `json:"klus_id"`
	KlusserNaam string    `json:"klusser_naam"`
	Datum       string    `json:"datum,omitempty"`  // dd-MM-yyyy, for ingepland and gewijzigd
	Tijd        string    `json:"tijd,omitempty"`   // HH:mm
	Nummer      string    `json:"nummer,omitempty"` // the quote's number, for the quote's answers
}

// Kind names the job.
func (AdminsArgs) Kind() string { return "notify_admins" }

// Message is the Dutch text of the notification (document 001 section 8: picked up by {name};
// planned by {name} on {date} at {time}; changed by {name} to {date} at {time}).
func (a AdminsArgs) Message() (string, error) {
	switch a.Type {
	case KlusOpgepakt:
		return fmt.Sprintf("Klus opgepakt door %s", a.KlusserNaam), nil
	case KlusIngepland:
		return fmt.Sprintf("Klus ingepland door %s op %s om %s", a.KlusserNaam, a.Datum, a.Tijd), nil
	case KlusGewijzigd:
		return fmt.Sprintf("Klus gewijzigd door %s naar %s om %s", a.KlusserNaam, a.Datum, a.Tijd), nil
	case KlusGeannuleerd:
		return "Aanvraag geannuleerd door de klant", nil
	case OfferteAkkoord:
		return fmt.Sprintf("Offerte %s geaccepteerd door de klant", a.Nummer), nil
	case OfferteNietAkkoord:
		return fmt.Sprintf("Offerte %s niet geaccepteerd door de klant", a.Nummer), nil
	}
	return "", fmt.Errorf("notify: unknown admin notification type %q", a.Type)
}

// PoolArgs tells the klussers of a job's region that it entered the pool.
type PoolArgs struct {
	KlusID uuid.UUID `json:"klus_id"`
}

// Kind names the job.
func (PoolArgs) Kind() string { return "notify_pool" }

// AdminsWorker writes admin notifications.
type AdminsWorker struct {
	river.WorkerDefaults[AdminsArgs]
	DB *tenants.DB
}

// Work notifies every admin, and for a quote's answer the franchise owners of the job's region.
func (w *AdminsWorker) Work(ctx context.Context, job *river.Job[AdminsArgs]) error {
	msg, err := job.Args.Message()
	if err != nil {
		return river.JobCancel(err)
	}
	franchise := job.Args.Type == OfferteAkkoord || job.Args.Type == OfferteNietAkkoord
	return notify(ctx, w.DB, `
		SELECT user_id, $1::text, $2::text, $3::uuid, $4::bigint FROM user_roles WHERE role = 'admin'
		UNION
		SELECT p.id, $1, $2, k.id, $4 FROM klussen k
		JOIN profiles p ON k.regio = ANY (p.regio)
		JOIN user_roles r ON r.user_id = p.id AND r.role = 'franchise'
		WHERE $5::boolean AND k.id = $3`,
		msg, job.Args.Type, job.Args.KlusID, job.ID, franchise)
}

// PoolWorker writes pool notifications.
type PoolWorker struct {
	river.WorkerDefaults[PoolArgs]
	DB *tenants.DB
}

// Work notifies every active klusser whose regions contain the job's region.
func (w *PoolWorker) Work(ctx context.Context, job *river.Job[PoolArgs]) error {
	return notify(ctx, w.DB, `
		SELECT p.id, $1, $2, k.id, $4
		FROM klussen k
		JOIN profiles p ON k.regio = ANY (p.regio) AND p.actief
		JOIN user_roles r ON r.user_id = p.id AND r.role = 'klusser'
		WHERE k.id = $3`,
		PoolMessage, NieuweKlus, job.Args.KlusID, job.ID)
}

// KlusToegewezen is the type of a klusser's notification when an admin assigns it a job.
const KlusToegewezen = "klus_toegewezen"

// KlusserArgs tells a klusser that an admin assigned it a job (document 001 section 4).
type KlusserArgs struct {
	KlusID     uuid.UUID `json:"klus_id"`
	KlusserID  uuid.UUID `json:"klusser_id"`
	Datum      string    `json:"datum"` // dd-MM-yyyy
	Tijd       string    `json:"tijd"`  // a clock time or a customer time block
	Woonplaats string    `json:"woonplaats"`
}

// Kind names the job.
func (KlusserArgs) Kind() string { return "notify_klusser" }

// Message is the Dutch text the klusser reads.
func (a KlusserArgs) Message() string {
	return fmt.Sprintf("Er is een klus aan je toegewezen: %s, %s (%s)", a.Woonplaats, a.Datum, a.Tijd)
}

// KlusserWorker writes assignment notifications.
type KlusserWorker struct {
	river.WorkerDefaults[KlusserArgs]
	DB *tenants.DB
}

// Work notifies the klusser, unless the job has meanwhile gone to someone else (a retry after a
// reassignment must not tell the previous klusser).
func (w *KlusserWorker) Work(ctx context.Context, job *river.Job[KlusserArgs]) error {
	return notify(ctx, w.DB, `
		SELECT k.klusser_id, $1, $2, k.id, $4 FROM klussen k WHERE k.id = $3 AND k.klusser_id = $5`,
		job.Args.Message(), KlusToegewezen, job.Args.KlusID, job.ID, job.Args.KlusserID)
}

// notify writes a notification to each recipient that recipients selects, as the system: a
// worker notifies on behalf of no one. recipients is a SELECT of the columns user_id, message,
// type, klus_id and job_id; a retried job's rows are kept once by the unique (job_id, user_id).
func notify(ctx context.Context, db *tenants.DB, recipients string, args ...any) error {
	return db.InTx(ctx, tenants.SystemActor(), func(tx pgx.Tx) error {
		_, err := tx.Exec(ctx, `
			INSERT INTO notifications (user_id, message, type, klus_id, job_id)`+recipients+`
			ON CONFLICT (job_id, user_id) WHERE job_id IS NOT NULL DO NOTHING`, args...)
		return err
	})
}
