// Package seed loads the demo data of `make run`: four regions (from the migrations), an admin,
// a franchise owner for den-haag and one for utrecht, three klussers in different regions with
// showcase data, and thirty jobs over every status and region, with work orders and invoices
// where a job has got that far. Every row has a fixed id derived from its name, and every insert
// skips rows that exist, so seeding twice changes nothing.
package seed

import (
	"context"
	"fmt"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"

	"github.com/klusmaat/klusmaat/tenants"
	"github.com/klusmaat/klusmaat/tenants/calendar"
)

// namespace makes the demo ids stable across machines.
var namespace = uuid.MustParse("6f0d6a51-5b8e-4c52-9f39-0c4b3c1f6a10")

// ID returns the fixed id of a demo row.
func ID(name string) uuid.UUID { return uuid.NewSHA1(namespace, []byte(name)) }

// User is a demo account.
type User struct {
	Email, Naam string
	Role        tenants.Role
	Regions     []string
}

// Users are the demo accounts; the README lists them.
var Users = []User{
	{"admin@klusmaat.nl", "Anna de Vries", tenants.Admin, nil},
	{"franchise.denhaag@klusmaat.nl", "Henk Jansen", tenants.Franchise, []string{"den-haag"}},
	{"franchise.utrecht@klusmaat.nl", "Marieke Bos", tenants.Franchise, []string{"utrecht"}},
	{"piet.bakker@klusmaat.nl", "Piet Bakker", tenants.Klusser, []string{"den-haag"}},
	{"gerrit.visser@klusmaat.nl", "Gerrit Visser", tenants.Klusser, []string{"utrecht"}},
	{"jan.degroot@klusmaat.nl", "Jan de Groot", tenants.Klusser, []string{"rotterdam"}},
}

// DemoPassword is the password of every demo account (README).
const DemoPassword = "Klusmaat-demo-2026"

// IDs maps a demo account's e-mail to its user id: the Kratos identity id when the seed runs for
// real, fixed ids in tests that need no Kratos.
type IDs map[string]uuid.UUID

// FixedIDs gives every demo account a stable id derived from its e-mail.
func FixedIDs() IDs {
	ids := IDs{}
	for _, u := range Users {
		ids[u.Email] = ID("user:" + u.Email)
	}
	return ids
}

type klusserShowcase struct {
	email, telefoon, adres, postcode, woonplaats string
	leeftijd, sinds                              int
	rating                                       *float64
	uren                                         float64
	specialisaties                               []string
	intro                                        string
}

func ptr[T any](v T) *T { return &v }

var showcases = []klusserShowcase{
	{"piet.bakker@klusmaat.nl", "06 12 34 56 01", "Laan van Nieuw Oost-Indië 12", "2271 AB", "Voorburg", 68, 2021, ptr(4.8), 312.5,
		[]string{"Houtwerk", "Reparaties", "Monteren"},
		"Veertig jaar timmerman geweest. Ik hang uw lampen en planken netjes op en repareer wat kapot is."},
	{"gerrit.visser@klusmaat.nl", "06 12 34 56 02", "Slotlaan 40", "3701 GB", "Zeist", 71, 2018, ptr(4.5), 198,
		[]string{"Schilderen", "Tegelwerk"},
		"Schilder van beroep. Rustig, precies en altijd een opgeruimde werkplek."},
	{"jan.degroot@klusmaat.nl", "06 12 34 56 03", "Broersvest 7", "3111 EA", "Schiedam", 66, 2024, nil, 12,
		[]string{"Elektrisch", "Loodgieterswerk", "Reparaties"},
		"Oud-installateur. Van lekkende kraan tot een nieuwe deurbel: ik help u graag."},
}

type customer struct{ naam, email, telefoon, adres, postcode, woonplaats string }

var customers = []customer{
	{"Mevrouw Van Dijk", "w.vandijk@example.nl", "070 386 12 01", "Herenstraat 21", "2271 CB", "Voorburg"},
	{"Meneer Smit", "j.smit@example.nl", "070 320 44 02", "Damlaan 5", "2265 AP", "Leidschendam"},
	{"Mevrouw Mulder", "", "070 511 90 03", "Rijksstraatweg 110", "2241 BX", "Wassenaar"},
	{"Meneer De Boer", "deboer@example.nl", "070 345 67 04", "Laan van Meerdervoort 300", "2563 AK", "Den Haag"},
	{"Mevrouw Peters", "a.peters@example.nl", "030 231 00 05", "Oudegracht 150", "3511 AZ", "Utrecht"},
	{"Meneer Hendriks", "hendriks@example.nl", "030 691 22 06", "Kromme Nieuwegracht 3", "3512 HC", "Utrecht"},
	{"Mevrouw Dekker", "dekker.zeist@example.nl", "030 692 33 07", "Steynlaan 18", "3701 EE", "Zeist"},
	{"Meneer Van Leeuwen", "vanleeuwen@example.nl", "010 411 44 08", "Coolsingel 60", "3011 AD", "Rotterdam"},
	{"Mevrouw Jacobs", "jacobs@example.nl", "010 426 55 09", "Lange Haven 80", "3111 CH", "Schiedam"},
	{"Meneer Vermeulen", "vermeulen@example.nl", "020 624 66 10", "Prinsengracht 263", "1016 GV", "Amsterdam"},
	{"Mevrouw Kok", "kok@example.nl", "020 643 77 11", "Stadshart 12", "1181 ZM", "Amstelveen"},
}

type job struct {
	customer          int
	categorie, beschr string
	days              int // datum relative to the seed day
	tijd              string
	status            string
	pool              bool
	klusser           string // e-mail of the assigned klusser
}

var jobs = []job{
	{0, "montage", "Gordijnrails ophangen in de woonkamer (3 meter).", 4, "ochtend", "open", true, ""},
	{1, "veiligheid", "Twee handgrepen plaatsen in de badkamer.", 6, "middag", "open", true, ""},
	{2, "onderhoud", "Klemmende voordeur bijstellen.", 9, "ochtend", "open", false, ""},
	{3, "digitaal", "Nieuwe tv aansluiten en zenders instellen.", 3, "avond", "open", false, ""},
	{4, "schilderen", "Kozijn van de achterdeur bijwerken.", 8, "middag", "open", true, ""},
	{5, "montage", "Boekenkast in elkaar zetten en aan de muur vastzetten.", 12, "ochtend", "open", false, ""},
	{7, "veiligheid", "Rookmelders plaatsen op elke verdieping.", 5, "ochtend", "open", true, ""},
	{9, "onderhoud", "Lekkende kraan in de keuken.", 2, "middag", "open", true, ""},
	{10, "montage", "Schilderijen ophangen in de gang.", 7, "ochtend", "open", false, ""},
	{6, "montage", "Fotolijsten ophangen in de woonkamer.", 11, "middag", "open", false, ""},
	{8, "digitaal", "Hulp bij het instellen van een tablet voor videobellen.", 10, "avond", "open", true, ""},
	{0, "onderhoud", "Tochtstrips aanbrengen bij de ramen.", 2, "09:00", "ingepland", true, "piet.bakker@klusmaat.nl"},
	{1, "montage", "Lamp vervangen in de hal.", 3, "13:30", "ingepland", false, "piet.bakker@klusmaat.nl"},
	{3, "veiligheid", "Antislipstrips op de trap.", 5, "10:00", "ingepland", true, "piet.bakker@klusmaat.nl"},
	{4, "montage", "Plank ophangen boven het bureau.", 1, "14:00", "ingepland", false, "gerrit.visser@klusmaat.nl"},
	{6, "schilderen", "Plafond van de keuken witten.", 4, "09:30", "ingepland", true, "gerrit.visser@klusmaat.nl"},
	{7, "onderhoud", "Schuurdeur repareren.", 2, "11:00", "ingepland", true, "jan.degroot@klusmaat.nl"},
	{8, "veiligheid", "Douchestoeltje monteren.", 6, "15:00", "ingepland", false, "jan.degroot@klusmaat.nl"},
	{2, "montage", "Vitrages ophangen in de serre.", 0, "09:00", "bezig", true, "piet.bakker@klusmaat.nl"},
	{5, "onderhoud", "Wasbak ontstoppen.", 0, "10:30", "bezig", false, "gerrit.visser@klusmaat.nl"},
	{6, "montage", "Kapstok ophangen.", 0, "13:00", "bezig", true, "gerrit.visser@klusmaat.nl"},
	{8, "schilderen", "Tuinhek schilderen.", 0, "09:00", "bezig", true, "jan.degroot@klusmaat.nl"},
	{3, "onderhoud", "Dakgoot schoonmaken.", 0, "14:00", "bezig", false, "piet.bakker@klusmaat.nl"},
	{0, "montage", "Zonnescherm vastzetten.", -3, "10:00", "afgerond", true, "piet.bakker@klusmaat.nl"},
	{1, "veiligheid", "Traphekje plaatsen voor de kleinkinderen.", -8, "09:00", "afgerond", false, "piet.bakker@klusmaat.nl"},
	{2, "onderhoud", "Scharnieren van de keukenkastjes vervangen.", -15, "13:00", "afgerond", true, "piet.bakker@klusmaat.nl"},
	{4, "schilderen", "Slaapkamerdeur lakken.", -5, "09:30", "afgerond", true, "gerrit.visser@klusmaat.nl"},
	{5, "veiligheid", "CO-melder installeren.", -12, "11:00", "afgerond", false, "gerrit.visser@klusmaat.nl"},
	{6, "montage", "Spiegel ophangen in de badkamer.", -20, "15:30", "afgerond", true, "gerrit.visser@klusmaat.nl"},
	{7, "montage", "Fietsenrek in de schuur monteren.", -4, "10:00", "afgerond", true, "jan.degroot@klusmaat.nl"},
	{8, "onderhoud", "Radiatoren ontluchten.", -10, "09:00", "afgerond", false, "jan.degroot@klusmaat.nl"},
}

// Run loads the demo data as an admin, through the same tenants door as the server.
func Run(ctx context.Context, db *tenants.DB, today calendar.Date, ids IDs) error {
	for _, u := range Users {
		if ids[u.Email] == uuid.Nil {
			return fmt.Errorf("seed: no id for %s", u.Email)
		}
	}
	admin := tenants.Actor{UserID: ids[Users[0].Email], Role: tenants.Admin}
	return db.InTx(ctx, admin, func(tx pgx.Tx) error {
		if err := seedUsers(ctx, tx, ids); err != nil {
			return err
		}
		// D28: den-haag's franchise is its own business and issues its own invoices (DH...); the
		// other regions invoice through the central one (migration 027).
		if _, err := tx.Exec(ctx, `
			INSERT INTO factuur_uitgevers (id, regio, naam, adres, postcode, plaats, kvk_nummer, btw_nummer, iban, nummer_prefix)
			VALUES ('den-haag', 'den-haag', 'Klusmaat Den Haag B.V.', 'Prinsegracht 10', '2512 GA', 'Den Haag', '87654321',
			        'NL987654321B01', 'NL44RABO0123456789', 'DH')
			ON CONFLICT (id) DO NOTHING`); err != nil {
			return fmt.Errorf("seed invoice issuers: %w", err)
		}
		if err := seedHistorie(ctx, tx, today); err != nil {
			return err
		}
		if err := seedJobs(ctx, tx, today, ids); err != nil {
			return err
		}
		if err := seedOffertes(ctx, tx, today); err != nil {
			return err
		}
		_, err := tx.Exec(ctx, `
			UPDATE app_settings SET setting_value = '070 123 45 67'
			WHERE setting_key = 'support_phone_default' AND setting_value = ''`)
		if err != nil {
			return fmt.Errorf("seed settings: %w", err)
		}
		_, err = tx.Exec(ctx, `
			UPDATE franchise_settings f SET support_phone = v.phone, support_email = v.email
			FROM (VALUES ('den-haag', '070 300 40 50', 'denhaag@klusmaat.nl'),
			             ('utrecht', '030 300 40 50', 'utrecht@klusmaat.nl')) AS v(regio, phone, email)
			WHERE f.regio = v.regio AND f.support_phone = ''`)
		if err != nil {
			return fmt.Errorf("seed franchise settings: %w", err)
		}
		return nil
	})
}

func seedUsers(ctx context.Context, tx pgx.Tx, ids IDs) error {
	for _, u := range Users {
		id := ids[u.Email]
		if _, err := tx.Exec(ctx, `INSERT INTO user_roles (user_id, role) VALUES ($1, $2) ON CONFLICT DO NOTHING`, id, string(u.Role)); err != nil {
			return fmt.Errorf("seed role of %s: %w", u.Email, err)
		}
		regions := u.Regions
		if regions == nil {
			regions = []string{}
		}
		if _, err := tx.Exec(ctx, `
			INSERT INTO profiles (id, naam, email, regio) VALUES ($1, $2, $3, $4)
			ON CONFLICT (id) DO NOTHING`, id, u.Naam, u.Email, regions); err != nil {
			return fmt.Errorf("seed profile of %s: %w", u.Email, err)
		}
	}
	for _, s := range showcases {
		if _, err := tx.Exec(ctx, `
			UPDATE profiles SET telefoon = $2, adres = $3, postcode = $4, woonplaats = $5, leeftijd = $6,
			       gepensioneerd_sinds = $7, gemiddelde_beoordeling = $8, totaal_uren = $9,
			       specialisaties = $10, intro_tekst = $11, heeft_vog = true, heeft_vervoer = true,
			       beschikbaarheid = '{Maandag,Dinsdag,Donderdag}', zichtbaar_op_website = true
			WHERE id = $1 AND telefoon = ''`,
			ids[s.email], s.telefoon, s.adres, s.postcode, s.woonplaats, s.leeftijd, s.sinds, s.rating,
			s.uren, s.specialisaties, s.intro); err != nil {
			return fmt.Errorf("seed showcase of %s: %w", s.email, err)
		}
	}
	return nil
}

func seedJobs(ctx context.Context, tx pgx.Tx, today calendar.Date, ids IDs) error {
	requests := 0
	for i, j := range jobs {
		c := customers[j.customer]
		id := ID(fmt.Sprintf("klus:%d", i))
		regio, err := tenants.ResolveRegion(ctx, tx, c.woonplaats, c.postcode)
		if err != nil {
			return fmt.Errorf("seed job %d: region of %s: %w", i, c.woonplaats, err)
		}
		datum := today.AddDays(j.days)
		var klusserID *uuid.UUID
		var assignment *string
		var claimed, planned *time.Time
		if j.pool {
			assignment = ptr("pool")
		}
		if j.klusser != "" {
			klusserID = ptr(ids[j.klusser])
			if !j.pool {
				assignment = ptr("direct")
			}
			claimed = ptr(datum.AddDays(-7).At(9, 0))
			if clock, err := time.Parse("15:04", j.tijd); err == nil {
				planned = ptr(datum.At(clock.Hour(), clock.Minute()))
			}
		}
		tag, err := tx.Exec(ctx, `
			INSERT INTO klussen (id, status, assignment_type, regio, klusser_id, claimed_at, categorie,
			    beschrijving, datum, tijd, adres, postcode, woonplaats, telefoon, email, naam,
			    geplande_start_tijd, geschatte_duur, created_at)
			VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19)
			ON CONFLICT (id) DO NOTHING`,
			id, j.status, assignment, regio, klusserID, claimed, j.categorie, j.beschr, datum, j.tijd,
			c.adres, c.postcode, c.woonplaats, c.telefoon, c.email, c.naam, planned, 1+float64(i%3)*0.5,
			today.AddDays(min(j.days, 0)-10+i%7).At(10, 0))
		if err != nil {
			return fmt.Errorf("seed job %d: %w", i, err)
		}
		if tag.RowsAffected() > 0 && assignment == nil {
			if err := seedRequest(ctx, tx, id, requests); err != nil {
				return fmt.Errorf("seed job %d: %w", i, err)
			}
			requests++
		}
		if tag.RowsAffected() == 0 || klusserID == nil || j.status == "ingepland" {
			continue // existed already, or has no work order yet
		}
		if err := seedWorkOrder(ctx, tx, i, id, *klusserID, regio, j, c, planned); err != nil {
			return err
		}
	}
	return nil
}

// seedRequest makes the n-th unassigned job a request from the website that arrived hours ago
// (D26): one within the promise of contact within 24 hours (with its free survey planned), one
// answered by a logged call, and the others waiting past it, so that the dashboards show 'Nog
// niet teruggebeld'.
func seedRequest(ctx context.Context, tx pgx.Tx, id uuid.UUID, n int) error {
	hours := []int{3, 52, 30, 75}[n%4]
	if _, err := tx.Exec(ctx, `UPDATE klussen SET bron = 'website', created_at = now() - make_interval(hours => $2) WHERE id = $1`, id, hours); err != nil {
		return err
	}
	if hours == 3 {
		// The newest request already has its free survey planned for tomorrow morning (D26).
		if _, err := tx.Exec(ctx, `INSERT INTO klus_schouwen (klus_id, start, opnemer, regio)
			VALUES ($1, ((now() AT TIME ZONE 'Europe/Amsterdam')::date + 1 + time '10:00') AT TIME ZONE 'Europe/Amsterdam', 'Kees Schouwmeester', '')`, id); err != nil {
			return err
		}
	}
	if hours != 52 {
		return nil
	}
	_, err := tx.Exec(ctx, `INSERT INTO klus_contacten (klus_id, wijze, notitie, tijdstip, door)
		VALUES ($1, 'gebeld', 'Teruggebeld; mevrouw is overdag thuis.', now() - interval '40 hours', actor_id())`, id)
	return err
}

// seedWorkOrder gives a job in progress a running work order, and a finished one a completed work
// order, a material and an invoice with the next number of its year (D7, D8).
// Its work order is made at the job's start, so the charts and exports find the hours in the month
// the work was done.
func seedWorkOrder(ctx context.Context, tx pgx.Tx, i int, klusID, klusserID uuid.UUID, regio string, j job, c customer, start *time.Time) error {
	woID := ID(fmt.Sprintf("werkbon:%d", i))
	if j.status == "bezig" {
		_, err := tx.Exec(ctx, `INSERT INTO werkbonnen (id, klus_id, klusser_id, status, start_tijd, created_at) VALUES ($1, $2, $3, 'running', $4, coalesce($4::timestamptz, now()))`,
			woID, klusID, klusserID, start)
		if err != nil {
			return fmt.Errorf("seed work order %d: %w", i, err)
		}
		return nil
	}
	uren := 1 + i%3
	end := start.Add(time.Duration(uren)*time.Hour - 10*time.Minute)
	materiaal := 1250 + 500*(i%4)
	if _, err := tx.Exec(ctx, `
		INSERT INTO werkbonnen (id, klus_id, klusser_id, status, start_tijd, created_at) VALUES ($1, $2, $3, 'running', $4, coalesce($4::timestamptz, now()))`,
		woID, klusID, klusserID, start); err != nil {
		return fmt.Errorf("seed work order %d: %w", i, err)
	}
	if _, err := tx.Exec(ctx, `
		INSERT INTO work_order_items (work_order_id, description, qty, unit_price_cents, total_cents)
		VALUES ($1, 'Bevestigingsmateriaal', 1, $2, $2)`, woID, materiaal); err != nil {
		return fmt.Errorf("seed material %d: %w", i, err)
	}
	if _, err := tx.Exec(ctx, `
		UPDATE werkbonnen SET status = 'completed', eind_tijd = $2, uren = $3, tevredenheid_score = $4,
		       klant_tevreden = true, netjes_opgeruimd = true, zou_aanbevelen = true,
		       rating_algemeen = 5, rating_netheid = $5, rating_vriendelijkheid = 5, rating_vakmanschap = $5,
		       opmerkingen = 'Keurig en vriendelijk geholpen.', handtekening = 'demo/handtekening.png'
		WHERE id = $1`, woID, end, uren, 8+i%3, 4+i%2); err != nil {
		return fmt.Errorf("complete work order %d: %w", i, err)
	}
	// D7: hours x rate + materials, 21% VAT rounded to the cent.
	subtotaal := uren*6500 + materiaal
	btw := (subtotaal*21 + 50) / 100
	// D8: the invoice is dated on the Dutch day the work ended and numbered in that day's year.
	dag := calendar.DateOf(end)
	nummer, err := invoiceNumber(ctx, tx, regio, dag)
	if err != nil {
		return fmt.Errorf("seed invoice number %d: %w", i, err)
	}
	methode := []string{"pin", "contant", "bank", "niet_betaald"}[i%4]
	var notitie *string
	if methode == "niet_betaald" {
		notitie = ptr("Klant betaalt na ontvangst van de factuur per bank.")
	}
	if _, err := tx.Exec(ctx, `
		INSERT INTO facturen (klus_id, klusser_id, regio, factuurnummer, datum, klant_naam, klant_email,
		    klant_adres, klant_postcode, klant_woonplaats, omschrijving, uren, uurtarief_cents,
		    materiaal_cents, subtotaal_cents, btw_bedrag_cents, totaal_bedrag_cents, betaal_methode, betaal_notitie)
		VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, 6500, $13, $14, $15, $16, $17, $18)`,
		klusID, klusserID, regio, nummer, dag, c.naam, c.email, c.adres, c.postcode,
		c.woonplaats, j.beschr, uren, materiaal, subtotaal, btw, subtotaal+btw, methode, notitie); err != nil {
		return fmt.Errorf("seed invoice %d: %w", i, err)
	}
	// D30: a paid invoice has its payment: at the door (the klusser's registration) or by bank
	// (booked by the office).
	if methode != "niet_betaald" {
		bron := "klusser"
		if methode == "bank" {
			bron = "kantoor"
		}
		if _, err := tx.Exec(ctx, `
			INSERT INTO betalingen (factuur_id, datum, bedrag_cents, methode, bron, regio, geboekt_rol)
			SELECT id, datum, totaal_bedrag_cents, $2, $3, '', '' FROM facturen WHERE factuurnummer = $1`,
			nummer, methode, bron); err != nil {
			return fmt.Errorf("seed payment %d: %w", i, err)
		}
	}
	_, err = tx.Exec(ctx, `UPDATE klussen SET materiaal_kosten_cents = $2, betaald = $3 WHERE id = $1`,
		klusID, materiaal, methode != "niet_betaald")
	return err
}

// invoiceNumber takes the next number of the sequence of the business that invoices in regio, in
// the year of dag, with the business's prefix (D8, as services/factuur numbers every invoice).
func invoiceNumber(ctx context.Context, tx pgx.Tx, regio string, dag calendar.Date) (string, error) {
	var nummer int
	var prefix string
	if err := tx.QueryRow(ctx, `
		INSERT INTO invoice_number_counters AS c (uitgever, jaar, laatste)
		SELECT u.id, $1, 1 FROM factuur_uitgever($2) u
		ON CONFLICT (uitgever, jaar) DO UPDATE SET laatste = c.laatste + 1
		RETURNING laatste, (SELECT u.nummer_prefix FROM factuur_uitgever($2) u)`, dag.Year, regio).Scan(&nummer, &prefix); err != nil {
		return "", err
	}
	return fmt.Sprintf("%s%d-%04d", prefix, dag.Year, nummer), nil
}
