package klusser

// The admin's forms for a klusser (document 001 section 5: new handyman; handyman detail): the
// new klusser dialog and the profile. Each check here is the one the console makes, repeated.

import (
	"fmt"
	"log/slog"
	"slices"
	"strings"

	"github.com/google/uuid"

	"github.com/klusmaat/klusmaat/services/platform/validate"
)

// CreateForm is the 'Nieuwe Klusser' dialog (create-klusser-direct).
type CreateForm struct {
	Naam         string   `json:"naam"`
	Email        string   `json:"email"`
	Password     string   `json:"password" doc:"minstens 10 tekens"`
	Telefoon     string   `json:"telefoon"`
	Adres        string   `json:"adres"`
	Postcode     string   `json:"postcode"`
	Woonplaats   string   `json:"woonplaats"`
	Regio        []string `json:"regio" doc:"minstens één: slugs van actieve regio's (GET /api/v1/regios)"`
	Leeftijd     *int     `json:"leeftijd" doc:"optioneel"`
	HeeftVOG     bool     `json:"heeft_vog"`
	HeeftVervoer bool     `json:"heeft_vervoer"`
	Motivatie    string   `json:"motivatie" text:"multiline" maxLength:"5000" msg:"Hoogstens 5000 tekens."`
	Ervaring     string   `json:"ervaring" text:"multiline" maxLength:"5000" msg:"Hoogstens 5000 tekens."`
}

// LogAttrs keeps the regions only: never the password, no name or address.
func (n CreateForm) LogAttrs() []slog.Attr { return []slog.Attr{slog.Any("regio", n.Regio)} }

// Profiel is the editable profile of the Profiel tab. The e-mail address is the sign-in name and
// is not changed here.
type Profiel struct {
	Naam            string   `json:"naam"`
	Telefoon        string   `json:"telefoon"`
	Adres           string   `json:"adres"`
	Postcode        string   `json:"postcode"`
	Woonplaats      string   `json:"woonplaats"`
	Regio           []string `json:"regio" doc:"leeg mag (de console waarschuwt 'Selecteer minimaal één regio')"`
	Leeftijd        *int     `json:"leeftijd"`
	HeeftVOG        bool     `json:"heeft_vog"`
	HeeftVervoer    bool     `json:"heeft_vervoer"`
	Motivatie       string   `json:"motivatie" text:"multiline" maxLength:"5000" msg:"Hoogstens 5000 tekens."`
	Ervaring        string   `json:"ervaring" text:"multiline" maxLength:"5000" msg:"Hoogstens 5000 tekens."`
	Beschikbaarheid []string `json:"beschikbaarheid" doc:"Maandag tot en met Zaterdag"`
	Zichtbaar       bool     `json:"zichtbaar_op_website"`
	// Actief brings an archived klusser back (true) or archives (false); absent leaves it as it is.
	Actief             *bool    `json:"actief,omitempty" doc:"weglaten laat de status zoals hij is; true heractiveert een gearchiveerde klusser"`
	IntroTekst         string   `json:"intro_tekst" text:"multiline" maxLength:"20000" msg:"De introductie is te lang." doc:"hoogstens 500 woorden aangeraden (teller, niet afgedwongen)"`
	GepensioneerdSinds *int     `json:"gepensioneerd_sinds" doc:"jaar, 1950 tot en met dit jaar"`
	Specialisaties     []string `json:"specialisaties"`
}

// ProfielRequest is the klusser's id with its profile.
type ProfielRequest struct {
	ID uuid.UUID `json:"-"`
	Profiel
}

// The options and limits of document 001 sections 5 and 9.
var (
	Specialisaties  = []string{"Houtwerk", "Schilderen", "Tuinwerk", "Elektrisch", "Loodgieterswerk", "Tegelwerk", "Monteren", "Reparaties"}
	Dagen           = []string{"Maandag", "Dinsdag", "Woensdag", "Donderdag", "Vrijdag", "Zaterdag"}
	EersteJaar      = 1950
	MaxIntroWoorden = 500
)

// The messages of this module (document 001 section 8).
const (
	MsgAangemaakt    = "Klusser succesvol aangemaakt"
	MsgOpgeslagen    = "Profiel opgeslagen"
	MsgGearchiveerd  = "Klusser gearchiveerd"
	MsgVerwijderd    = "Klusser permanent verwijderd"
	MsgVerplicht     = "Vul alle verplichte velden in"
	MsgRegioMinimaal = "Selecteer minimaal één regio"
	// MsgFoutProfiel is the refusal of a profile with a wrong field (the field says what).
	MsgFoutProfiel = "Fout bij opslaan profiel"
)

// checkCreateForm validates the new klusser dialog: name, e-mail, password, phone, town and region
// required; age optional. regios are the slugs of the active regions (tenants.ActiveRegions).
func checkCreateForm(n CreateForm, regios []string) (CreateForm, error) {
	f := validate.Errors{}
	n.Naam = validate.Text(n.Naam)
	f.Required("naam", n.Naam, "Vul een naam in.")
	f.Required("email", n.Email, "Vul een e-mailadres in.")
	n.Email = f.Email("email", n.Email)
	if strings.TrimSpace(n.Password) == "" {
		f.Set("password", "Vul een wachtwoord in.")
	} else if len([]rune(n.Password)) < 10 {
		f.Set("password", "Het wachtwoord moet minstens 10 tekens hebben.")
	}
	f.Required("telefoon", n.Telefoon, "Vul een telefoonnummer in.")
	n.Telefoon = f.Phone("telefoon", n.Telefoon)
	n.Woonplaats = validate.Text(n.Woonplaats)
	f.Required("woonplaats", n.Woonplaats, "Vul een woonplaats in.")
	n.Adres = validate.Text(n.Adres)
	n.Postcode = f.Postcode("postcode", n.Postcode)
	var err string
	if n.Regio, err = regions(n.Regio, regios); err != "" {
		f.Set("regio", err)
	} else if len(n.Regio) == 0 {
		f.Set("regio", MsgRegioMinimaal)
	}
	checkLeeftijd(f, n.Leeftijd)
	n.Motivatie, n.Ervaring = strings.TrimSpace(n.Motivatie), strings.TrimSpace(n.Ervaring)
	f.MaxChars("motivatie", n.Motivatie, 5000, "Hoogstens 5000 tekens.")
	f.MaxChars("ervaring", n.Ervaring, 5000, "Hoogstens 5000 tekens.")
	return n, f.Invalid("invalid_klusser", MsgVerplicht)
}

// checkProfiel validates the profile; thisYear is the Dutch calendar's year (the retired-since
// year may not lie in the future); regios are the slugs of the active regions.
func checkProfiel(p Profiel, thisYear int, regios []string) (Profiel, error) {
	f := validate.Errors{}
	p.Naam = validate.Text(p.Naam)
	f.Required("naam", p.Naam, "Vul een naam in.")
	p.Telefoon = f.Phone("telefoon", p.Telefoon)
	p.Adres, p.Woonplaats = validate.Text(p.Adres), validate.Text(p.Woonplaats)
	p.Postcode = f.Postcode("postcode", p.Postcode)
	var err string
	if p.Regio, err = regions(p.Regio, regios); err != "" {
		f.Set("regio", err)
	}
	checkLeeftijd(f, p.Leeftijd)
	if y := p.GepensioneerdSinds; y != nil && (*y < EersteJaar || *y > thisYear) {
		f.Set("gepensioneerd_sinds", fmt.Sprintf("Kies een jaar tussen %d en %d.", EersteJaar, thisYear))
	}
	if p.Beschikbaarheid, err = subset(p.Beschikbaarheid, Dagen, "Kies dagen van maandag tot en met zaterdag."); err != "" {
		f.Set("beschikbaarheid", err)
	}
	if p.Specialisaties, err = subset(p.Specialisaties, Specialisaties, "Kies uit de specialisaties in de lijst."); err != "" {
		f.Set("specialisaties", err)
	}
	p.Motivatie, p.Ervaring, p.IntroTekst = strings.TrimSpace(p.Motivatie), strings.TrimSpace(p.Ervaring), strings.TrimSpace(p.IntroTekst)
	f.MaxChars("motivatie", p.Motivatie, 5000, "Hoogstens 5000 tekens.")
	f.MaxChars("ervaring", p.Ervaring, 5000, "Hoogstens 5000 tekens.")
	// The 500 words are a guide with a counter (section 5: not enforced); the bound here only stops
	// a pasted book.
	f.MaxChars("intro_tekst", p.IntroTekst, 20000, "De introductie is te lang.")
	return p, f.Invalid("invalid_profiel", MsgFoutProfiel)
}

func checkLeeftijd(f validate.Errors, l *int) {
	if l != nil && (*l < 18 || *l > 120) {
		f.Set("leeftijd", "Vul een leeftijd tussen 18 en 120 in.")
	}
}

// regions checks region slugs against the active ones and returns them sorted and without repeats.
func regions(in, active []string) ([]string, string) {
	out, msg := subset(in, active, "Kies een regio uit de lijst.")
	slices.Sort(out)
	return out, msg
}

// subset keeps the values of in that are options, in the options' order, each once; any other
// value is refused with msg.
func subset(in, options []string, msg string) ([]string, string) {
	out := []string{}
	for _, o := range options {
		if slices.Contains(in, o) {
			out = append(out, o)
		}
	}
	for _, v := range in {
		if !slices.Contains(options, v) {
			return out, msg
		}
	}
	return out, ""
}
