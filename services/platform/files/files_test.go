package files_test

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"io/fs"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"

	"github.com/klusmaat/klusmaat/policy"
	"github.com/klusmaat/klusmaat/services/platform/files"
	"github.com/klusmaat/klusmaat/services/platform/httpapi"
	"github.com/klusmaat/klusmaat/tenants"
	"github.com/klusmaat/klusmaat/tenants/dbtest"
)

// The people and rows of the fixture.
var (
	adminID = uuid.MustParse("00000000-0000-0000-0000-00000000000a")
	fdhID   = uuid.MustParse("00000000-0000-0000-0000-0000000000f1") // franchise den-haag
	kdhID   = uuid.MustParse("00000000-0000-0000-0000-0000000000c1") // klusser den-haag
	kutID   = uuid.MustParse("00000000-0000-0000-0000-0000000000c2") // klusser utrecht

	klusKdh  = uuid.MustParse("10000000-0000-0000-0000-000000000001")
	klusKut  = uuid.MustParse("10000000-0000-0000-0000-000000000002")
	klusDone = uuid.MustParse("10000000-0000-0000-0000-000000000003")
	wbKdh    = uuid.MustParse("20000000-0000-0000-0000-000000000001") // running, klusser den-haag
	wbKut    = uuid.MustParse("20000000-0000-0000-0000-000000000002") // running, klusser utrecht
	wbDone   = uuid.MustParse("20000000-0000-0000-0000-000000000003") // completed, klusser den-haag
	aanNew   = uuid.MustParse("30000000-0000-0000-0000-000000000001") // an application without account
	aanKdh   = uuid.MustParse("30000000-0000-0000-0000-000000000002") // the application of klusser den-haag
)

var actors = map[string]tenants.Actor{
	"anon":  tenants.AnonymousActor(),
	"admin": {UserID: adminID, Role: tenants.Admin},
	"fdh":   {UserID: fdhID, Role: tenants.Franchise, Regions: []string{"den-haag"}},
	"kdh":   {UserID: kdhID, Role: tenants.Klusser, Regions: []string{"den-haag"}},
	"kut":   {UserID: kutID, Role: tenants.Klusser, Regions: []string{"utrecht"}},
}

type env struct {
	t     *testing.T
	d     *dbtest.Database
	srv   *httptest.Server
	dir   string
	store files.Storage
}

// newEnv runs the files routes on a fresh database with the fixture, file:// storage in a temp
// directory, the policy middleware in front of every route, and an actor per request from the
// X-Test-Actor header (anonymous without it), as the session middleware would set it.
func newEnv(t *testing.T) *env {
	t.Helper()
	d := dbtest.New(t)
	loadFixture(t, d)
	dir := t.TempDir()
	store, err := files.OpenStorage(context.Background(), "file://"+dir)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = store.Close() })
	enf, err := policy.New()
	if err != nil {
		t.Fatal(err)
	}
	e := &env{t: t, d: d, dir: dir, store: store}
	mux := http.NewServeMux()
	for _, rt := range files.New(httpapi.Kit{Logger: slog.New(slog.DiscardHandler)}, d.DB, store, nil) {
		mux.Handle(rt.Pattern(), httpapi.Protect(enf, rt)) // the real policy middleware, for every route
	}
	mux.Handle(files.PublicPattern, files.PublicHandler(store))
	h := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		a := tenants.AnonymousActor()
		if name := r.Header.Get("X-Test-Actor"); name != "" {
			a = actors[name]
		}
		mux.ServeHTTP(w, r.WithContext(tenants.WithActor(r.Context(), a)))
	})
	e.srv = httptest.NewServer(h)
	t.Cleanup(e.srv.Close)
	return e
}

func loadFixture(t *testing.T, d *dbtest.Database) {
	t.Helper()
	d.As(t, actors["admin"], func(tx pgx.Tx) error {
		ctx := context.Background()
		stmts := []struct {
			sql  string
			args []any
		}{
			{`INSERT INTO user_roles (user_id, role) VALUES ($1,'admin'), ($2,'franchise'), ($3,'klusser'), ($4,'klusser')`,
				[]any{adminID, fdhID, kdhID, kutID}},
			{`INSERT INTO profiles (id, naam, email, telefoon, regio) VALUES
				($1, 'F Den Haag', 'fdh@example.nl', '1', '{den-haag}'),
				($2, 'K Den Haag', 'kdh@example.nl', '06 1', '{den-haag}'),
				($3, 'K Utrecht', 'kut@example.nl', '06 2', '{utrecht}')`, []any{fdhID, kdhID, kutID}},
			{`INSERT INTO klussen (id, status, assignment_type, regio, klusser_id, categorie, beschrijving, datum, tijd, adres, postcode, woonplaats, telefoon) VALUES
				($1, 'bezig', 'direct', 'den-haag', $4, 'montage', 'kast', current_date, '09:00', 'a', '2271 AB', 'Voorburg', '1'),
				($2, 'bezig', 'direct', 'utrecht', $5, 'montage', 'lamp', current_date, '10:00', 'b', '3511 AB', 'Utrecht', '2'),
				($3, 'afgerond', 'direct', 'den-haag', $4, 'montage', 'plank', current_date, '11:00', 'c', '2271 AB', 'Voorburg', '3')`,
				[]any{klusKdh, klusKut, klusDone, kdhID, kutID}},
			{`INSERT INTO werkbonnen (id, klus_id, klusser_id, start_tijd) VALUES ($1, $2, $3, now()), ($4, $5, $6, now())`,
				[]any{wbKdh, klusKdh, kdhID, wbKut, klusKut, kutID}},
			{`INSERT INTO werkbonnen (id, klus_id, klusser_id, status, start_tijd, eind_tijd, uren)
				VALUES ($1, $2, $3, 'completed', now() - interval '1 hour', now(), 1)`, []any{wbDone, klusDone, kdhID}},
			{`INSERT INTO klusser_aanmeldingen (id, naam, telefoon, motivatie, beschikbaarheid, postcode, woonplaats) VALUES
				($1, 'Kees Nieuw', '06 3', 'graag', '{Maandag}', '3511 AB', 'Utrecht')`, []any{aanNew}},
			{`UPDATE klusser_aanmeldingen SET status = 'goedgekeurd' WHERE id = $1`, []any{aanNew}},
			{`INSERT INTO klusser_aanmeldingen (id, naam, telefoon, motivatie, beschikbaarheid) VALUES
				($1, 'K Den Haag', '06 1', 'graag', '{Dinsdag}')`, []any{aanKdh}},
			{`UPDATE klusser_aanmeldingen SET status = 'goedgekeurd', profile_id = $2 WHERE id = $1`, []any{aanKdh, kdhID}},
		}
		for _, s := range stmts {
			if _, err := tx.Exec(ctx, s.sql, s.args...); err != nil {
				t.Fatalf("fixture %.70s: %v", s.sql, err)
			}
		}
		return nil
	})
}

type answer struct {
	status int
	header http.Header
	body   []byte
}

func (a answer) json(t *testing.T) map[string]any {
	t.Helper()
	out := map[string]any{}
	if err := json.Unmarshal(a.body, &out); err != nil {
		t.Fatalf("answer %d is not JSON: %q", a.status, a.body)
	}
	return out
}

func (a answer) errCode() string {
	var e httpapi.ErrorBody
	_ = json.Unmarshal(a.body, &e)
	return e.Error.Code
}

func (a answer) errMessage() string {
	var e httpapi.ErrorBody
	_ = json.Unmarshal(a.body, &e)
	return e.Error.Message
}

func (e *env) do(actor, method, path, contentType string, body []byte) answer {
	e.t.Helper()
	req, err := http.NewRequest(method, e.srv.URL+path, bytes.NewReader(body))
	if err != nil {
		e.t.Fatal(err)
	}
	if contentType != "" {
		req.Header.Set("Content-Type", contentType)
	}
	if actor != "" && actor != "anon" {
		req.Header.Set("X-Test-Actor", actor)
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		e.t.Fatal(err)
	}
	defer resp.Body.Close()
	raw, _ := io.ReadAll(resp.Body)
	return answer{status: resp.StatusCode, header: resp.Header, body: raw}
}

func (e *env) uploadPhoto(actor string, wo uuid.UUID, typ, name string, data []byte) answer {
	e.t.Helper()
	var fields [][2]string
	if typ != "" {
		fields = append(fields, [2]string{"type", typ})
	}
	ct, body := multipartBody(e.t, fields, name, data)
	return e.do(actor, http.MethodPost, "/api/v1/werkbonnen/"+wo.String()+"/fotos", ct, body)
}

func (e *env) uploadDocument(actor string, aanmelding uuid.UUID, docType, notes, name string, data []byte) answer {
	e.t.Helper()
	ct, body := multipartBody(e.t, [][2]string{{"document_type", docType}, {"notes", notes}}, name, data)
	return e.do(actor, http.MethodPost, "/api/v1/aanmeldingen/"+aanmelding.String()+"/documenten", ct, body)
}

// count runs a count query as an admin.
func (e *env) count(query string, args ...any) int {
	e.t.Helper()
	var n int
	e.d.As(e.t, actors["admin"], func(tx pgx.Tx) error {
		return tx.QueryRow(context.Background(), query, args...).Scan(&n)
	})
	return n
}

// blobs lists the stored files of a bucket (not fileblob's attribute sidecars).
func (e *env) blobs(b files.Bucket) []string {
	e.t.Helper()
	var out []string
	root := filepath.Join(e.dir, string(b))
	_ = filepath.WalkDir(root, func(p string, de fs.DirEntry, err error) error {
		if err == nil && !de.IsDir() && !strings.HasSuffix(p, ".attrs") {
			rel, _ := filepath.Rel(root, p)
			out = append(out, filepath.ToSlash(rel))
		}
		return nil
	})
	return out
}

// allFiles lists every file in the storage directory, temporary ones included.
func (e *env) allFiles() []string {
	var out []string
	_ = filepath.WalkDir(e.dir, func(p string, de fs.DirEntry, err error) error {
		if err == nil && !de.IsDir() {
			out = append(out, p)
		}
		return nil
	})
	return out
}

func TestPhotoUploadStoresGoodJPEGAndPNG(t *testing.T) {
	e := newEnv(t)
	jpg, png := jpegBytes(t), pngBytes(t)

	a := e.uploadPhoto("kdh", wbKdh, "before", "IMG_0001.JPG", jpg)
	if a.status != http.StatusOK {
		t.Fatalf("jpeg: %d %s", a.status, a.body)
	}
	p := a.json(t)
	if p["type"] != "before" || p["content_type"] != "image/jpeg" || p["work_order_id"] != wbKdh.String() ||
		p["file_size"] != float64(len(jpg)) || p["url"] != "/api/v1/werkbon-fotos/"+p["id"].(string) {
		t.Errorf("jpeg answer %v", p)
	}
	if a := e.uploadPhoto("kdh", wbKdh, "after", "../../../etc/na.png", png); a.status != http.StatusOK {
		t.Fatalf("png: %d %s", a.status, a.body)
	}

	if n := e.count(`SELECT count(*) FROM work_order_photos WHERE work_order_id = $1`, wbKdh); n != 2 {
		t.Fatalf("%d photo rows, want 2", n)
	}
	// Keys are generated: work order / uuid . sniffed extension; the user's name is nowhere.
	stored := e.blobs(files.KlusFotos)
	if len(stored) != 2 {
		t.Fatalf("stored %v, want 2 files", stored)
	}
	var keys []string
	e.d.As(t, actors["admin"], func(tx pgx.Tx) error {
		rows, _ := tx.Query(context.Background(), `SELECT url || ' ' || content_type || ' ' || file_size FROM work_order_photos ORDER BY type DESC`)
		keys, _ = pgx.CollectRows(rows, pgx.RowTo[string])
		return nil
	})
	for i, want := range []string{"image/jpeg " + itoa(len(jpg)), "image/png " + itoa(len(png))} {
		key, rest, _ := strings.Cut(keys[i], " ")
		if rest != want || !strings.HasPrefix(key, wbKdh.String()+"/") || !slices.Contains(stored, key) {
			t.Errorf("row %q, stored %v", keys[i], stored)
		}
		if strings.Contains(key, "IMG") || strings.Contains(key, "etc") || strings.Contains(key, "..") {
			t.Errorf("key %q carries the user's file name", key)
		}
	}
	if !strings.Contains(keys[0], ".jpg ") || !strings.Contains(keys[1], ".png ") {
		t.Errorf("keys %q do not carry the sniffed extensions", keys)
	}
	// The folders keep other users of the machine out (fileblob writes files with the umask).
	_ = filepath.WalkDir(e.dir, func(p string, de fs.DirEntry, err error) error {
		if info, ierr := de.Info(); err == nil && ierr == nil && de.IsDir() && p != e.dir && info.Mode().Perm()&0o007 != 0 {
			t.Errorf("folder %s is open to others: %v", p, info.Mode())
		}
		return nil
	})
}

func itoa(n int) string { return strconv.Itoa(n) }

func TestPhotoUploadRefusalsStoreNothing(t *testing.T) {
	e := newEnv(t)
	jpg := jpegBytes(t)
	oversized := append(append([]byte{}, jpg...), make([]byte, files.MaxPhotoBytes)...)
	cases := []struct {
		name, actor string
		wo          uuid.UUID
		typ, file   string
		data        []byte
		status      int
		code, msg   string
	}{
		{"oversized photo", "kdh", wbKdh, "before", "groot.jpg", oversized, 413, "file_too_large", "Bestand mag maximaal 5MB zijn"},
		{"5MB and one byte", "kdh", wbKdh, "before", "groot.jpg", oversized[:files.MaxPhotoBytes+1], 413, "file_too_large", "Bestand mag maximaal 5MB zijn"},
		{"pdf renamed .jpg", "kdh", wbKdh, "before", "foto.jpg", pdfBytes(), 415, "file_type_not_allowed", "Dit bestandstype is niet toegestaan. Kies een foto (JPG, PNG of WebP)."},
		{"executable renamed .jpg", "kdh", wbKdh, "after", "foto.jpg", elfBytes(), 415, "file_type_not_allowed", "Dit bestandstype is niet toegestaan. Kies een foto (JPG, PNG of WebP)."},
		{"no file", "kdh", wbKdh, "after", "", nil, 400, "file_required", "Selecteer een bestand"},
		{"no type", "kdh", wbKdh, "", "foto.jpg", jpg, 400, "invalid_photo_type", ""},
		{"another klusser's work order", "kut", wbKdh, "before", "foto.jpg", jpg, 404, "werkbon_not_found", "Werkbon niet gevonden"},
		{"unknown work order", "kdh", uuid.New(), "before", "foto.jpg", jpg, 404, "werkbon_not_found", "Werkbon niet gevonden"},
		{"completed work order", "kdh", wbDone, "before", "foto.jpg", jpg, 409, "werkbon_closed", ""},
		{"admin (not a klusser's route)", "admin", wbKdh, "before", "foto.jpg", jpg, 403, "forbidden", ""},
		{"franchise", "fdh", wbKdh, "before", "foto.jpg", jpg, 403, "forbidden", ""},
		{"anonymous", "anon", wbKdh, "before", "foto.jpg", jpg, 401, "unauthenticated", ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			a := e.uploadPhoto(c.actor, c.wo, c.typ, c.file, c.data)
			if a.status != c.status || a.errCode() != c.code {
				t.Fatalf("%d %s, want %d %s", a.status, a.body, c.status, c.code)
			}
			if c.msg != "" && a.errMessage() != c.msg {
				t.Errorf("message %q, want %q", a.errMessage(), c.msg)
			}
		})
	}
	// A malformed id is a missing work order.
	ct, body := multipartBody(t, [][2]string{{"type", "before"}}, "foto.jpg", jpg)
	if a := e.do("kdh", http.MethodPost, "/api/v1/werkbonnen/niet-een-id/fotos", ct, body); a.status != 404 {
		t.Errorf("malformed id: %d %s", a.status, a.body)
	}
	// A body far over the limit is refused from its announced length.
	ct, body = multipartBody(t, [][2]string{{"type", "before"}}, "heel-groot.jpg", make([]byte, 3*files.MaxPhotoBytes))
	if a := e.do("kdh", http.MethodPost, "/api/v1/werkbonnen/"+wbKdh.String()+"/fotos", ct, body); a.status != 413 || a.errMessage() != "Bestand mag maximaal 5MB zijn" {
		t.Errorf("far too large: %d %s", a.status, a.body)
	}

	if n := e.count(`SELECT count(*) FROM work_order_photos`); n != 0 {
		t.Errorf("%d photo rows after refusals, want 0", n)
	}
	if f := e.allFiles(); len(f) != 0 {
		t.Errorf("files left in storage after refusals: %v", f)
	}
}

func TestDocumentUploadValidatesByContent(t *testing.T) {
	e := newEnv(t)
	accepted := []struct {
		name, docType string
		data          []byte
		ct            string
	}{
		{"VOG Kees.pdf", "vog", pdfBytes(), "application/pdf"},
		{"contract.docx", "contract", docxBytes(t), "application/vnd.openxmlformats-officedocument.wordprocessingml.document"},
		{"oud.doc", "overig", cfbBytes("WordDocument"), "application/msword"},
		{"id.png", "id_bewijs", pngBytes(t), "image/png"},
		{"certificaat.jpeg", "certificaat", jpegBytes(t), "image/jpeg"},
	}
	for _, c := range accepted {
		a := e.uploadDocument("admin", aanNew, c.docType, "  ontvangen per post ", c.name, c.data)
		if a.status != http.StatusOK {
			t.Fatalf("%s: %d %s", c.name, a.status, a.body)
		}
		d := a.json(t)
		if d["file_name"] != c.name || d["content_type"] != c.ct || d["document_type"] != c.docType || d["notes"] != "ontvangen per post" ||
			d["aanmelding_id"] != aanNew.String() || d["klusser_id"] != nil || d["url"] != "/api/v1/documenten/"+d["id"].(string) {
			t.Errorf("%s: answer %v", c.name, d)
		}
	}

	refused := []struct {
		name, docType, file string
		data                []byte
		status              int
		code, msg           string
	}{
		{"ELF renamed .pdf", "vog", "vog.pdf", elfBytes(), 415, "file_type_not_allowed", "Dit bestandstype is niet toegestaan. Kies een PDF, JPG, PNG of Word-bestand (DOC of DOCX)."},
		{"MZ renamed .pdf", "vog", "vog.pdf", mzBytes(), 415, "file_type_not_allowed", "Dit bestandstype is niet toegestaan. Kies een PDF, JPG, PNG of Word-bestand (DOC of DOCX)."},
		{"pdf renamed .jpg", "vog", "vog.jpg", pdfBytes(), 415, "file_type_mismatch", ""},
		{"zip renamed .docx", "contract", "contract.docx", zipBytes(t, "evil.exe"), 415, "file_type_not_allowed", ""},
		{"html", "overig", "brief.html", []byte("<html><script>alert(1)</script></html>"), 415, "file_type_not_allowed", ""},
		{"no file", "vog", "", nil, 400, "file_required", "Selecteer een bestand"},
		{"unknown document type", "paspoort", "vog.pdf", pdfBytes(), 400, "invalid_document_type", ""},
		{"over 10MB", "vog", "vog.pdf", append(pdfBytes(), make([]byte, files.MaxDocumentBytes)...), 413, "file_too_large", "Bestand mag maximaal 10MB zijn"},
	}
	for _, c := range refused {
		a := e.uploadDocument("admin", aanNew, c.docType, "", c.file, c.data)
		if a.status != c.status || a.errCode() != c.code || (c.msg != "" && a.errMessage() != c.msg) {
			t.Errorf("%s: %d %s, want %d %s", c.name, a.status, a.body, c.status, c.code)
		}
	}
	if a := e.uploadDocument("admin", uuid.New(), "vog", "", "vog.pdf", pdfBytes()); a.status != 404 || a.errMessage() != "Aanmelding niet gevonden" {
		t.Errorf("unknown application: %d %s", a.status, a.body)
	}
	for _, who := range []string{"kdh", "fdh"} {
		if a := e.uploadDocument(who, aanKdh, "vog", "", "vog.pdf", pdfBytes()); a.status != 403 {
			t.Errorf("%s uploads a document: %d %s", who, a.status, a.body)
		}
	}

	if n := e.count(`SELECT count(*) FROM klusser_documents`); n != len(accepted) {
		t.Errorf("%d document rows, want %d", n, len(accepted))
	}
	if got := e.blobs(files.Documents); len(got) != len(accepted) {
		t.Errorf("stored %v, want %d files", got, len(accepted))
	}
	if n := e.count(`SELECT count(*) FROM klusser_documents WHERE uploaded_by = $1 AND file_url LIKE $2`, adminID, aanNew.String()+"/%"); n != len(accepted) {
		t.Errorf("%d rows with uploader and generated key, want %d", n, len(accepted))
	}
	// The uploads are in the audit log, with the application's region (Utrecht by its town).
	if n := e.count(`SELECT count(*) FROM audit_log WHERE action = 'upload' AND entity = 'klusser_document'
		AND actor_id = $1 AND actor_role = 'admin' AND regio = 'utrecht'`, adminID); n != len(accepted) {
		t.Errorf("%d upload audit rows, want %d", n, len(accepted))
	}
}

func TestPhotoDownloadIsolationAndAudit(t *testing.T) {
	e := newEnv(t)
	mine, theirs := jpegBytes(t), pngBytes(t)
	pKdh := e.uploadPhoto("kdh", wbKdh, "before", "voor.jpg", mine).json(t)["id"].(string)
	pKut := e.uploadPhoto("kut", wbKut, "after", "na.png", theirs).json(t)["id"].(string)

	a := e.do("kdh", http.MethodGet, "/api/v1/werkbon-fotos/"+pKdh, "", nil)
	if a.status != 200 || !bytes.Equal(a.body, mine) {
		t.Fatalf("own photo: %d (%d bytes)", a.status, len(a.body))
	}
	for h, want := range map[string]string{
		"Content-Type": "image/jpeg", "Cache-Control": "private, no-store", "X-Content-Type-Options": "nosniff",
		"Content-Disposition": `inline; filename=werkbon-foto-before-` + pKdh + `.jpg`, "Content-Length": itoa(len(mine)),
	} {
		if got := a.header.Get(h); got != want {
			t.Errorf("%s = %q, want %q", h, got, want)
		}
	}

	// Another klusser's photo does not exist for this klusser: 404, not 403.
	if a := e.do("kdh", http.MethodGet, "/api/v1/werkbon-fotos/"+pKut, "", nil); a.status != 404 || a.errMessage() != "Foto niet gevonden" {
		t.Errorf("other klusser's photo: %d %s", a.status, a.body)
	}
	if a := e.do("kut", http.MethodGet, "/api/v1/werkbon-fotos/"+pKdh, "", nil); a.status != 404 {
		t.Errorf("other klusser's photo: %d %s", a.status, a.body)
	}
	if a := e.do("kdh", http.MethodGet, "/api/v1/werkbon-fotos/"+uuid.NewString(), "", nil); a.status != 404 {
		t.Errorf("unknown photo: %d", a.status)
	}
	// Admins see every photo.
	for id, data := range map[string][]byte{pKdh: mine, pKut: theirs} {
		if a := e.do("admin", http.MethodGet, "/api/v1/werkbon-fotos/"+id, "", nil); a.status != 200 || !bytes.Equal(a.body, data) {
			t.Errorf("admin download %s: %d", id, a.status)
		}
	}
	if a := e.do("fdh", http.MethodGet, "/api/v1/werkbon-fotos/"+pKdh, "", nil); a.status != 403 {
		t.Errorf("franchise: %d", a.status)
	}
	if a := e.do("anon", http.MethodGet, "/api/v1/werkbon-fotos/"+pKdh, "", nil); a.status != 401 || a.errCode() != "unauthenticated" {
		t.Errorf("anonymous: %d %s", a.status, a.body)
	}

	// One audit row per private download that happened, none for refusals (D22).
	type row struct{ actor, role, id, regio string }
	var got []row
	e.d.As(t, actors["admin"], func(tx pgx.Tx) error {
		rows, _ := tx.Query(context.Background(), `SELECT actor_id::text, actor_role, entity_id, coalesce(regio, '')
			FROM audit_log WHERE action = 'download' AND entity = 'work_order_photo' ORDER BY id`)
		var err error
		got, err = pgx.CollectRows(rows, func(r pgx.CollectableRow) (row, error) {
			var x row
			return x, r.Scan(&x.actor, &x.role, &x.id, &x.regio)
		})
		return err
	})
	want := []row{{kdhID.String(), "klusser", pKdh, "den-haag"}}
	adminRows := []row{{adminID.String(), "admin", pKdh, "den-haag"}, {adminID.String(), "admin", pKut, "utrecht"}}
	if len(got) != 3 || got[0] != want[0] || !slices.Contains(got[1:], adminRows[0]) || !slices.Contains(got[1:], adminRows[1]) {
		t.Errorf("audit rows %v, want %v and %v", got, want, adminRows)
	}
}

func TestDocumentDownloadAndDelete(t *testing.T) {
	e := newEnv(t)
	pdf := pdfBytes()
	a := e.uploadDocument("admin", aanKdh, "vog", "", "VOG Één.pdf", pdf)
	if a.status != 200 {
		t.Fatalf("upload: %d %s", a.status, a.body)
	}
	doc := a.json(t)
	id := doc["id"].(string)
	if doc["klusser_id"] != kdhID.String() {
		t.Errorf("a document of an application with an account is on the profile too: %v", doc["klusser_id"])
	}
	other := e.uploadDocument("admin", aanNew, "vog", "", "vog.pdf", pdf).json(t)["id"].(string)

	for _, who := range []string{"admin", "kdh"} {
		a := e.do(who, http.MethodGet, "/api/v1/documenten/"+id, "", nil)
		if a.status != 200 || !bytes.Equal(a.body, pdf) {
			t.Fatalf("%s download: %d %s", who, a.status, a.body)
		}
		if a.header.Get("Content-Type") != "application/pdf" || a.header.Get("Cache-Control") != "private, no-store" ||
			a.header.Get("X-Content-Type-Options") != "nosniff" ||
			a.header.Get("Content-Disposition") != `attachment; filename*=utf-8''VOG%20%C3%89%C3%A9n.pdf` {
			t.Errorf("%s download headers %v", who, a.header)
		}
	}
	// The klusser of another profile, and a klusser for an application document: not found.
	if a := e.do("kut", http.MethodGet, "/api/v1/documenten/"+id, "", nil); a.status != 404 || a.errMessage() != "Document niet gevonden" {
		t.Errorf("other klusser: %d %s", a.status, a.body)
	}
	if a := e.do("kdh", http.MethodGet, "/api/v1/documenten/"+other, "", nil); a.status != 404 {
		t.Errorf("klusser reads an application's document: %d", a.status)
	}
	if a := e.do("fdh", http.MethodGet, "/api/v1/documenten/"+id, "", nil); a.status != 403 {
		t.Errorf("franchise: %d", a.status)
	}
	if a := e.do("anon", http.MethodGet, "/api/v1/documenten/"+id, "", nil); a.status != 401 {
		t.Errorf("anonymous: %d", a.status)
	}
	if n := e.count(`SELECT count(*) FROM audit_log WHERE action = 'download' AND entity = 'klusser_document' AND entity_id = $1 AND regio = 'den-haag'`, id); n != 2 {
		t.Errorf("%d download audit rows, want 2 (admin and klusser)", n)
	}
	if n := e.count(`SELECT count(*) FROM audit_log WHERE action = 'download' AND entity = 'klusser_document' AND entity_id = $1 AND actor_id = $2 AND actor_role = 'klusser'`, id, kdhID); n != 1 {
		t.Errorf("%d download audit rows of the klusser, want 1", n)
	}

	// Deleting: admins only; row, file and access go; the deletion is audited.
	if a := e.do("kdh", http.MethodDelete, "/api/v1/documenten/"+id, "", nil); a.status != 403 {
		t.Errorf("klusser deletes: %d", a.status)
	}
	before := len(e.blobs(files.Documents))
	a = e.do("admin", http.MethodDelete, "/api/v1/documenten/"+id, "", nil)
	if a.status != 200 || a.json(t)["id"] != id {
		t.Fatalf("delete: %d %s", a.status, a.body)
	}
	if n := e.count(`SELECT count(*) FROM klusser_documents WHERE id = $1`, id); n != 0 {
		t.Error("row still there")
	}
	if after := len(e.blobs(files.Documents)); after != before-1 {
		t.Errorf("files %d -> %d, want one fewer", before, after)
	}
	if a := e.do("admin", http.MethodGet, "/api/v1/documenten/"+id, "", nil); a.status != 404 {
		t.Errorf("download after delete: %d", a.status)
	}
	if a := e.do("admin", http.MethodDelete, "/api/v1/documenten/"+id, "", nil); a.status != 404 {
		t.Errorf("second delete: %d", a.status)
	}
	if n := e.count(`SELECT count(*) FROM audit_log WHERE action = 'delete' AND entity = 'klusser_document' AND entity_id = $1
		AND before->>'document_type' = 'vog' AND actor_role = 'admin'`, id); n != 1 {
		t.Errorf("%d delete audit rows, want 1", n)
	}
}

// Anonymous requests are refused by the policy middleware before any handler runs.
func TestAnonymousGets401(t *testing.T) {
	e := newEnv(t)
	ct, body := multipartBody(t, [][2]string{{"document_type", "vog"}}, "vog.pdf", pdfBytes())
	requests := []struct{ method, path string }{
		{http.MethodPost, "/api/v1/werkbonnen/" + wbKdh.String() + "/fotos"},
		{http.MethodGet, "/api/v1/werkbon-fotos/" + uuid.NewString()},
		{http.MethodPost, "/api/v1/aanmeldingen/" + aanNew.String() + "/documenten"},
		{http.MethodGet, "/api/v1/documenten/" + uuid.NewString()},
		{http.MethodDelete, "/api/v1/documenten/" + uuid.NewString()},
	}
	for _, r := range requests {
		a := e.do("anon", r.method, r.path, ct, body)
		if a.status != http.StatusUnauthorized || a.errCode() != "unauthenticated" {
			t.Errorf("%s %s: %d %s", r.method, r.path, a.status, a.body)
		}
	}
	if n := e.count(`SELECT count(*) FROM klusser_documents`); n != 0 {
		t.Error("an anonymous upload stored a row")
	}
}

func TestPublicHandlerServesProfilePhotosOnly(t *testing.T) {
	e := newEnv(t)
	ctx := context.Background()
	photo := pngBytes(t)
	key, err := files.StoreProfilePhoto(ctx, e.store, kdhID, &files.Upload{Name: "ik.png", Data: photo})
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(key, kdhID.String()+"/") || !strings.HasSuffix(key, ".png") {
		t.Errorf("key %q", key)
	}
	if _, err := files.StoreProfilePhoto(ctx, e.store, kdhID, &files.Upload{Name: "ik.png", Data: pdfBytes()}); err == nil {
		t.Error("a PDF was stored as a profile photo")
	}

	a := e.do("anon", http.MethodGet, files.PublicPrefix+key, "", nil)
	if a.status != 200 || !bytes.Equal(a.body, photo) {
		t.Fatalf("public photo: %d %s", a.status, a.body)
	}
	for h, want := range map[string]string{"Content-Type": "image/png", "Cache-Control": "public, max-age=86400", "X-Content-Type-Options": "nosniff"} {
		if got := a.header.Get(h); got != want {
			t.Errorf("%s = %q, want %q", h, got, want)
		}
	}
	// A revalidation with the ETag is answered without the body.
	req, _ := http.NewRequest(http.MethodGet, e.srv.URL+files.PublicPrefix+key, nil)
	req.Header.Set("If-None-Match", a.header.Get("ETag"))
	if resp, err := http.DefaultClient.Do(req); err != nil || resp.StatusCode != http.StatusNotModified {
		t.Errorf("revalidation: %v %v", resp.StatusCode, err)
	} else {
		resp.Body.Close()
	}

	// A private job photo and a document are not public, whatever the path.
	jobPhoto := e.uploadPhoto("kdh", wbKdh, "before", "voor.jpg", jpegBytes(t)).json(t)["id"].(string)
	e.uploadDocument("admin", aanNew, "vog", "", "vog.pdf", pdfBytes())
	var photoKey, docKey string
	e.d.As(t, actors["admin"], func(tx pgx.Tx) error {
		if err := tx.QueryRow(ctx, `SELECT url FROM work_order_photos WHERE id = $1`, jobPhoto).Scan(&photoKey); err != nil {
			return err
		}
		return tx.QueryRow(ctx, `SELECT file_url FROM klusser_documents LIMIT 1`).Scan(&docKey)
	})
	paths := []string{
		files.PublicPrefix + photoKey,
		files.PublicPrefix + docKey,
		files.PublicPrefix + "../klus-fotos/" + photoKey,
		files.PublicPrefix + "../klusser-documents/" + docKey,
		files.PublicPrefix + "..%2fklus-fotos%2f" + strings.ReplaceAll(photoKey, "/", "%2f"),
		files.PublicPrefix + "%2e%2e/%2e%2e/klusser-documents/" + docKey,
		files.PublicPrefix + uuid.NewString() + "/" + uuid.NewString() + ".png",
		files.PublicPrefix + key + ".attrs",
		files.PublicPrefix,
		files.PublicPrefix + "/etc/passwd",
	}
	for _, p := range paths {
		a := e.do("anon", http.MethodGet, p, "", nil)
		if a.status == 200 || bytes.Contains(a.body, []byte("%PDF")) || bytes.HasPrefix(a.body, []byte{0xFF, 0xD8}) {
			t.Errorf("GET %s: %d (%d bytes)", p, a.status, len(a.body))
		}
	}
	// The handler itself, given raw unclean paths (as behind another router), refuses them too.
	h := files.PublicHandler(e.store)
	for _, raw := range []string{"../klusser-documents/" + docKey, "../klus-fotos/" + photoKey, "./" + key, key + "/..", "/" + key} {
		r := httptest.NewRequest(http.MethodGet, "/x", nil)
		r.URL.Path = files.PublicPrefix + raw
		r.SetPathValue("key", raw)
		w := httptest.NewRecorder()
		h.ServeHTTP(w, r)
		if w.Code != http.StatusNotFound {
			t.Errorf("raw key %q: %d", raw, w.Code)
		}
	}

	if err := files.DeleteProfilePhoto(ctx, e.store, key); err != nil {
		t.Fatal(err)
	}
	if a := e.do("anon", http.MethodGet, files.PublicPrefix+key, "", nil); a.status != 404 {
		t.Errorf("deleted photo: %d", a.status)
	}
}
