// Package exports produces the CSV exports of the back office as background jobs (D16): asking for
// one returns at once with an id, the client polls its progress, and the finished file is
// downloaded by the requester only. The first export is the hours export of the reports page
// (Rapportages, 'Uren Export'); the others follow with their screens.
package exports

import (
	"context"
	"io"
	"log/slog"
	"slices"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"

	"github.com/klusmaat/klusmaat/services/platform/files"
	"github.com/klusmaat/klusmaat/services/platform/validate"
	"github.com/klusmaat/klusmaat/tenants"
	"github.com/klusmaat/klusmaat/tenants/domainerr"
)

// Service requests, follows and downloads exports.
type Service interface {
	// Request validates the parameters and queues the export; it returns its first state.
	Request(ctx context.Context, r Request) (Export, error)
	// Get returns an export of the requester.
	Get(ctx context.Context, id uuid.UUID) (Export, error)
	// Download returns the CSV of a finished export of the requester.
	Download(ctx context.Context, id uuid.UUID) (File, error)
}

// Enqueue adds the job that makes export e, in tx: the export's row and its job commit together.
type Enqueue func(ctx context.Context, tx pgx.Tx, e Export) error

// Store is the SQL side.
type Store interface {
	Create(ctx context.Context, r Request, enqueue Enqueue) (Export, error)
	Get(ctx context.Context, id uuid.UUID) (Export, error)
}

// Files opens finished exports in storage.
type Files interface {
	Open(ctx context.Context, key string) (*files.Object, error)
}

// Errors users see.
var (
	ErrNotFound    = domainerr.NotFound("export_not_found", "Deze export bestaat niet.")
	ErrNotFinished = domainerr.Conflict("export_not_finished", "Deze export is nog niet klaar.")
)

// invalid is the refusal of a request with field messages f.
func invalid(f validate.Errors) error {
	return f.Invalid("invalid_export", "Controleer de gekozen periode en regio.")
}

// Request is what the reports page asks for.
type Request struct {
	Soort string `json:"soort" doc:"uren of facturen"`
	Van   string `json:"van" doc:"begindatum, jjjj-mm-dd"`
	Tot   string `json:"tot" doc:"einddatum, jjjj-mm-dd (inclusief)"`
	Regio string `json:"regio" doc:"leeg voor alle regio's, anders de slug van een regio (GET /api/v1/regios)"`
}

// LogAttrs: the parameters hold no personal data.
func (r Request) LogAttrs() []slog.Attr {
	return []slog.Attr{slog.String("soort", r.Soort), slog.String("van", r.Van), slog.String("tot", r.Tot), slog.String("regio", r.Regio)}
}

// Export is the state of an export.
type Export struct {
	ID           uuid.UUID  `json:"id"`
	Soort        string     `json:"soort"`
	Status       string     `json:"status" doc:"wachtrij, bezig, klaar of mislukt"`
	Voortgang    int        `json:"voortgang" doc:"0 tot 100"`
	Rijen        *int       `json:"rijen"`
	Bestandsnaam *string    `json:"bestandsnaam"`
	Fout         *string    `json:"fout" doc:"waarom het mislukte, in het Nederlands"`
	CreatedAt    time.Time  `json:"created_at"`
	FinishedAt   *time.Time `json:"finished_at"`
}

// LogAttrs names the export and its state.
func (e Export) LogAttrs() []slog.Attr {
	return []slog.Attr{slog.Any("export_id", e.ID), slog.String("status", e.Status)}
}

// File is a finished export, streamed to the browser (an export may hold 100,000 rows); the
// transport closes Body.
type File struct {
	Name string
	Body io.ReadCloser
	Size int64
}

// LogAttrs gives the file's size.
func (f File) LogAttrs() []slog.Attr { return []slog.Attr{slog.Int64("bytes", f.Size)} }

// NewService returns the service.
func NewService(store Store, files Files, enqueue Enqueue) Service {
	return &service{store: store, files: files, enqueue: enqueue}
}

type service struct {
	store   Store
	files   Files
	enqueue Enqueue
}

// Soorten are the exports of the reports page: 'Uren Export' and 'Facturen Export'.
var Soorten = []string{"uren", "facturen"}

// MaxDays bounds one export's period, so a mistyped year does not export a decade.
const MaxDays = 366

func (s *service) Request(ctx context.Context, r Request) (Export, error) {
	if err := Validate(r); err != nil {
		return Export{}, err
	}
	return s.store.Create(ctx, r, s.enqueue)
}

func (s *service) Get(ctx context.Context, id uuid.UUID) (Export, error) { return s.store.Get(ctx, id) }

func (s *service) Download(ctx context.Context, id uuid.UUID) (File, error) {
	e, err := s.store.Get(ctx, id)
	if err != nil {
		return File{}, err
	}
	if e.Status != "klaar" || e.Bestandsnaam == nil {
		return File{}, ErrNotFinished
	}
	obj, err := s.files.Open(ctx, e.ID.String()+".csv")
	if err != nil {
		return File{}, err
	}
	return File{Name: *e.Bestandsnaam, Body: obj.Body, Size: obj.Size}, nil
}

// Validate checks a request; the server repeats every check the reports page makes.
func Validate(r Request) error {
	f := validate.Errors{}
	if !slices.Contains(Soorten, r.Soort) {
		f["soort"] = "Kies een export."
	}
	CheckPeriod(f, r.Van, r.Tot, r.Regio)
	return invalid(f)
}

// CheckPeriod checks a report's period and region as the reports page does (the exports and the
// charts): two dates, the end not before the start, at most a year, a region's slug or none.
func CheckPeriod(f validate.Errors, van, tot, regio string) {
	from, errVan := time.Parse(time.DateOnly, van)
	to, errTot := time.Parse(time.DateOnly, tot)
	if errVan != nil {
		f["van"] = "Kies een geldige begindatum."
	}
	if errTot != nil {
		f["tot"] = "Kies een geldige einddatum."
	}
	if errVan == nil && errTot == nil {
		if to.Before(from) {
			f["tot"] = "De einddatum ligt voor de begindatum."
		} else if to.Sub(from) > MaxDays*24*time.Hour {
			f["tot"] = "Kies een periode van hoogstens een jaar."
		}
	}
	CheckRegion(f, regio)
}

// MsgChooseRegio refuses a region filter that names no region.
const MsgChooseRegio = "Kies een regio."

// CheckRegion checks a report's region filter (the exports, the charts, the trend): a region's
// slug or none. Whether the slug names a region is the store's to check (tenants.IsRegion).
func CheckRegion(f validate.Errors, regio string) {
	if regio != "" && !tenants.ValidSlug(regio) {
		f["regio"] = MsgChooseRegio
	}
}

// StorageFiles reads finished exports from the private exports bucket.
func StorageFiles(s files.Storage) Files { return storageFiles{s} }

type storageFiles struct{ s files.Storage }

func (f storageFiles) Open(ctx context.Context, key string) (*files.Object, error) {
	return f.s.Open(ctx, files.Exports, key)
}
