package betaling

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"

	"github.com/klusmaat/klusmaat/services/factuur"
	"github.com/klusmaat/klusmaat/services/platform/httpapi"
	"github.com/klusmaat/klusmaat/tenants"
	"github.com/klusmaat/klusmaat/tenants/calendar"
	"github.com/klusmaat/klusmaat/tenants/domainerr"
)

// store is the PostgreSQL side. Row-level security decides what an actor sees and may book
// (migration 038): an invoice another region's franchise owner cannot see is "not found".
type store struct {
	db    *tenants.DB
	clock calendar.Clock
}

// NewService returns the payments service on db, dated by clock's Dutch calendar.
func NewService(db *tenants.DB, clock calendar.Clock) Service {
	return &store{db: db, clock: clock}
}

const opvolgingSelect = `
	SELECT f.id, f.factuurnummer, s.staat, f.totaal_bedrag_cents, s.betaald_cents, s.open_cents, f.vervaldatum,
	       s.gecrediteerd_door, s.in_bespreking, s.uit_handen_voorstel_at IS NOT NULL, f.regio, f.klant_email <> '',
	       f.uitgever->>'iban', f.uitgever->>'naam', o.factuurnummer, f.datum, f.klant_naam, s.herinnering_at, s.brief_at,
	       f.created_at, c.created_at, f.soort
	FROM facturen f JOIN factuur_stand s ON s.factuur_id = f.id
	LEFT JOIN facturen o ON o.id = f.credit_van LEFT JOIN facturen c ON c.credit_van = f.id
	WHERE f.id = $1`

// read is the invoice's follow-up as the actor of tx sees it.
func (s *store) read(ctx context.Context, tx pgx.Tx, id uuid.UUID) (Opvolging, error) {
	var o Opvolging
	var verval, datum calendar.Date
	var herinnering, brief *time.Time
	var issued time.Time
	var credited *time.Time
	err := tx.QueryRow(ctx, opvolgingSelect, id).Scan(&o.FactuurID, &o.Factuurnummer, &o.Staat, &o.TotaalCents, &o.BetaaldCents,
		&o.OpenCents, &verval, &o.GecrediteerdDoor, &o.InBespreking, &o.UitHandenVoorstel, &o.Regio, &o.KlantHeeftEmail,
		&o.IBAN, &o.UitgeverNaam, &o.CreditVan, &datum, &o.KlantNaam, &herinnering, &brief, &issued, &credited, &o.Soort)
	if err != nil {
		return o, tenants.NoRowsAs(ErrFactuurNotFound, err)
	}
	o.Vervaldatum, o.Factuurdatum = verval.String(), datum.String()
	o.DagenOverTijd = verval.DaysUntil(s.clock.Today())
	o.KanBetalingBoeken = o.OpenCents > 0 && (o.Staat == "open" || o.Staat == "deels_betaald" || o.Staat == "in_bespreking" || o.Staat == "uit_handen") &&
		(o.Soort == "klant" || tenants.ActorFrom(ctx).Role == tenants.Admin)
	o.HerinneringVerstuurd, o.BriefVerstuurd = httpapi.Instant(herinnering), httpapi.Instant(brief)
	if herinnering != nil {
		url := "/api/v1/facturen/" + o.FactuurID.String() + "/brief.pdf"
		o.BriefPDF = &url
	}

	o.Tijdlijn = []Gebeurtenis{{Moment: issued.Format(time.RFC3339), Soort: "uitgegeven",
		Tekst: "Factuur " + o.Factuurnummer + " uitgegeven, te betalen uiterlijk " + verval.Dutch(), BedragCents: &o.TotaalCents}}
	if o.Betalingen, err = payments(ctx, tx, id); err != nil {
		return o, err
	}
	for i := range o.Betalingen {
		b := &o.Betalingen[i]
		g := Gebeurtenis{Moment: b.CreatedAt, Soort: "betaling", BedragCents: &b.BedragCents, BetalingID: &b.ID,
			Tekst: fmt.Sprintf("Betaling %s (%s, %s) op %s", factuur.Euro(b.BedragCents), b.Methode, bronText[b.Bron], calendar.DutchOf(b.Datum))}
		if b.TerugboekingVan != nil {
			g.Soort = "terugboeking"
			g.Tekst = fmt.Sprintf("Terugboeking %s: %s", factuur.Euro(b.BedragCents), deref(b.Reden))
		}
		o.Tijdlijn = append(o.Tijdlijn, g)
	}
	events, err := tx.Query(ctx, `SELECT soort, gegevens, created_at FROM factuur_gebeurtenissen WHERE factuur_id = $1 ORDER BY created_at, id`, id)
	if err != nil {
		return o, err
	}
	defer events.Close()
	for events.Next() {
		var soort string
		var data map[string]any
		var at time.Time
		if err := events.Scan(&soort, &data, &at); err != nil {
			return o, err
		}
		if soort == "herinnering" && data["per_post"] == true {
			o.PerPost = true
		}
		o.Tijdlijn = append(o.Tijdlijn, Gebeurtenis{Moment: at.Format(time.RFC3339), Soort: soort, Tekst: eventText(soort, data)})
	}
	if err := events.Err(); err != nil {
		return o, err
	}
	if credited != nil && o.GecrediteerdDoor != nil {
		o.Tijdlijn = append(o.Tijdlijn, Gebeurtenis{Moment: credited.Format(time.RFC3339), Soort: "gecrediteerd",
			Tekst: "Gecrediteerd door " + *o.GecrediteerdDoor})
	}
	sortTimeline(o.Tijdlijn)
	return o, nil
}

var bronText = map[string]string{"klusser": "aan de deur", "kantoor": "geboekt door kantoor", "bankafschrift": "bankafschrift"}

// eventText is the timeline's sentence for a follow-up event.
func eventText(soort string, data map[string]any) string {
	post := ""
	if data["per_post"] == true {
		post = " (per post)"
	}
	switch soort {
	case "gemaild":
		return "Factuur per e-mail verstuurd"
	case "herinnering":
		return "Betalingsherinnering verstuurd" + post
	case "veertiendagenbrief":
		text := "14-dagenbrief verstuurd" + post
		if c, ok := data["incassokosten_cents"].(float64); ok {
			text += ", incassokosten " + factuur.Euro(int(c))
		}
		if t, ok := data["termijn_tot"].(string); ok {
			text += ", te betalen uiterlijk " + calendar.DutchOf(t)
		}
		return text
	case "uit_handen_voorstel":
		return "Termijn van de 14-dagenbrief verstreken: uit handen geven?"
	case "uit_handen":
		return "Uit handen gegeven"
	case "bespreking_aan":
		return "In bespreking gezet" + note(data)
	case "bespreking_uit":
		return "Bespreking beëindigd" + note(data)
	}
	return soort
}

func note(data map[string]any) string {
	if n, ok := data["notitie"].(string); ok && n != "" {
		return ": " + n
	}
	return ""
}

func payments(ctx context.Context, tx pgx.Tx, factuurID uuid.UUID) ([]Betaling, error) {
	rows, err := tx.Query(ctx, `
		SELECT b.id, b.factuur_id, b.datum, b.bedrag_cents, b.methode, b.bron, b.notitie, b.terugboeking_van, b.reden,
		       EXISTS (SELECT 1 FROM betalingen r WHERE r.terugboeking_van = b.id), b.geboekt_rol, b.created_at
		FROM betalingen b WHERE b.factuur_id = $1 ORDER BY b.created_at, b.id`, factuurID)
	if err != nil {
		return nil, err
	}
	return pgx.CollectRows(rows, func(r pgx.CollectableRow) (Betaling, error) {
		var b Betaling
		var d calendar.Date
		var at time.Time
		err := r.Scan(&b.ID, &b.FactuurID, &d, &b.BedragCents, &b.Methode, &b.Bron, &b.Notitie, &b.TerugboekingVan, &b.Reden,
			&b.Teruggeboekt, &b.GeboektDoor, &at)
		b.Datum, b.CreatedAt = d.String(), at.Format(time.RFC3339)
		b.GeboektDoor = roleText[b.GeboektDoor]
		return b, err
	})
}

var roleText = map[string]string{"klusser": "klusser", "admin": "beheerder", "franchise": "franchisenemer", "migratie": "systeem", "": "systeem"}

func (s *store) Opvolging(ctx context.Context, id uuid.UUID) (OpvolgingAnswer, error) {
	return httpapi.OneOf(tenants.TxValue(ctx, s.db, func(tx pgx.Tx) (Opvolging, error) { return s.read(ctx, tx, id) }))
}

// Book books a payment by hand (the office), audited, in one transaction. The database refuses
// one above the open amount whatever the check here saw (two bookings at once).
func (s *store) Book(ctx context.Context, req BookRequest) (Booked, error) {
	if err := checkBook(&req, s.clock.Today()); err != nil {
		return Booked{}, err
	}
	return s.change(ctx, req.FactuurID, func(tx pgx.Tx, o Opvolging) (string, error) {
		switch {
		case o.CreditVan != nil || o.GecrediteerdDoor != nil:
			return "", ErrNoPayment
		case req.BedragCents > o.OpenCents:
			return "", aboveOpen(o.OpenCents)
		}
		id, err := Insert(ctx, tx, factuur.Payment{FactuurID: req.FactuurID, Datum: req.Datum, BedragCents: req.BedragCents,
			Methode: req.Methode, Bron: "kantoor", Notitie: req.Notitie})
		if err != nil {
			return "", err
		}
		return MsgGeboekt, tenants.Audit(ctx, tx, tenants.AuditEntry{Action: "betaling_boeken", Entity: "factuur", EntityID: req.FactuurID.String(),
			Region: &o.Regio, After: map[string]any{"betaling": id.String(), "bedrag_cents": req.BedragCents, "methode": req.Methode, "datum": req.Datum}})
	})
}

// change is one action of the office on invoice id, in one transaction: the invoice as it is
// followed is read, act refuses it or acts on it (its audit included) and returns the action's
// message, and the answer is the invoice as it is followed now.
func (s *store) change(ctx context.Context, id uuid.UUID, act func(tx pgx.Tx, o Opvolging) (string, error)) (Booked, error) {
	return tenants.TxValue(ctx, s.db, func(tx pgx.Tx) (Booked, error) {
		o, err := s.read(ctx, tx, id)
		if err != nil {
			return Booked{}, err
		}
		msg, err := act(tx, o)
		if err != nil {
			return Booked{}, err
		}
		o, err = s.read(ctx, tx, id)
		return Booked{Data: o, Message: msg}, err
	})
}

func aboveOpen(open int) error {
	msg := fmt.Sprintf("Het bedrag is hoger dan wat nog openstaat (%s).", factuur.Euro(open))
	return domainerr.InvalidField("above_open", msg, "bedrag_cents")
}

// Insert books p in tx (factuur.InsertPayment), with the database's refusals as the domain's.
func Insert(ctx context.Context, tx pgx.Tx, p factuur.Payment) (uuid.UUID, error) {
	id, err := factuur.InsertPayment(ctx, tx, p)
	return id, bookingError(err)
}

// bookingError turns the database's refusals into the domain's.
func bookingError(err error) error {
	var pg *pgconn.PgError
	if errors.As(err, &pg) {
		switch {
		case pg.ConstraintName == "betalingen_boven_open":
			return ErrAboveOpen.WithCause(err)
		case pg.ConstraintName == "betalingen_terugboeking_van_key":
			return ErrAlreadyReversed.WithCause(err)
		case pg.Code == "42501" && pg.Message == "a credit invoice or a credited invoice takes no payment":
			return ErrNoPayment.WithCause(err)
		}
	}
	return err
}

// Reverse undoes a payment with a reversing booking and its reason, audited.
func (s *store) Reverse(ctx context.Context, req ReverseRequest) (Booked, error) {
	reden, err := checkReason(req.Reden, "reden")
	if err != nil {
		return Booked{}, err
	}
	return tenants.TxValue(ctx, s.db, func(tx pgx.Tx) (Booked, error) {
		var factuurID uuid.UUID
		var regio string
		var reversal *uuid.UUID
		var reversed bool
		err := tx.QueryRow(ctx, `
			SELECT b.factuur_id, b.regio, b.terugboeking_van, EXISTS (SELECT 1 FROM betalingen r WHERE r.terugboeking_van = b.id)
			FROM betalingen b WHERE b.id = $1`, req.ID).Scan(&factuurID, &regio, &reversal, &reversed)
		switch {
		case err != nil:
			return Booked{}, tenants.NoRowsAs(ErrBetalingNotFound, err)
		case reversal != nil:
			return Booked{}, ErrReverseReversal
		case reversed:
			return Booked{}, ErrAlreadyReversed
		}
		var id uuid.UUID
		err = tx.QueryRow(ctx, `
			INSERT INTO betalingen (factuur_id, datum, bedrag_cents, methode, bron, notitie, terugboeking_van, reden, regio, geboekt_rol)
			SELECT b.factuur_id, $2, -b.bedrag_cents, b.methode, 'kantoor', '', b.id, $3, '', ''
			FROM betalingen b WHERE b.id = $1 RETURNING id`, req.ID, s.clock.Today(), reden).Scan(&id)
		if err != nil {
			return Booked{}, bookingError(err)
		}
		if err := tenants.Audit(ctx, tx, tenants.AuditEntry{Action: "betaling_terugboeken", Entity: "factuur", EntityID: factuurID.String(),
			Region: &regio, After: map[string]any{"betaling": req.ID.String(), "terugboeking": id.String(), "reden": reden}}); err != nil {
			return Booked{}, err
		}
		o, err := s.read(ctx, tx, factuurID)
		return Booked{Data: o, Message: MsgTeruggeboekt}, err
	})
}

// Dispute puts an open invoice in dispute or takes it out: reminders stop while it is (D30).
func (s *store) Dispute(ctx context.Context, req DisputeRequest) (Booked, error) {
	notitie := req.Notitie
	if len([]rune(notitie)) > MaxNote {
		return Booked{}, domainerr.InvalidField("notitie_too_long", "De notitie is te lang (hoogstens 1000 tekens).", "notitie")
	}
	return s.change(ctx, req.FactuurID, func(tx pgx.Tx, o Opvolging) (string, error) {
		switch {
		case settled(o.Staat):
			return "", ErrSettled
		case o.InBespreking == req.Aan:
			return "", ErrSameDispute
		}
		if req.Aan {
			return MsgBesprekingAan, addEvent(ctx, tx, o, "bespreking_aan", map[string]any{"notitie": notitie})
		}
		return MsgBesprekingUit, addEvent(ctx, tx, o, "bespreking_uit", map[string]any{"notitie": notitie})
	})
}

// HandOver records the office's decision to hand the invoice over for collection; the platform
// never does so itself (D30).
func (s *store) HandOver(ctx context.Context, id uuid.UUID) (Booked, error) {
	return s.change(ctx, id, func(tx pgx.Tx, o Opvolging) (string, error) {
		switch {
		case settled(o.Staat):
			return "", ErrSettled
		case o.Staat == "uit_handen":
			return "", ErrAlreadyHandedOver
		}
		return MsgUitHanden, addEvent(ctx, tx, o, "uit_handen", map[string]any{})
	})
}

func settled(staat string) bool {
	return staat == "betaald" || staat == "gecrediteerd" || staat == "creditfactuur"
}

// addEvent records the office's step soort on invoice o with its data, and audits it.
func addEvent(ctx context.Context, tx pgx.Tx, o Opvolging, soort string, data map[string]any) error {
	raw, err := json.Marshal(data)
	if err != nil {
		return err
	}
	_, err = tx.Exec(ctx, `INSERT INTO factuur_gebeurtenissen (factuur_id, regio, soort, gegevens, door_rol) VALUES ($1, '', $2, $3, '')`,
		o.FactuurID, soort, raw)
	var pg *pgconn.PgError
	if errors.As(err, &pg) && pg.Code == "23505" {
		return ErrAlreadyHandedOver.WithCause(err)
	}
	if err != nil {
		return err
	}
	return tenants.Audit(ctx, tx, tenants.AuditEntry{Action: soort, Entity: "factuur", EntityID: o.FactuurID.String(), Region: &o.Regio})
}

func deref(s *string) string {
	if s == nil {
		return ""
	}
	return *s
}
