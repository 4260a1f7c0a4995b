package umls

import (
	"compress/gzip"
	"context"
	"crypto/sha256"
	"database/sql"
	"encoding/hex"
	"errors"
	"fmt"
	"hash"
	"io"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/mattn/go-sqlite3"

	"github.com/stress-ner/stress/internal/atomicfile"
	"github.com/stress-ner/stress/internal/limits"
	"github.com/stress-ner/stress/internal/progress"
)

// defaultExcludeTTY lists the UMLS term types left out by default: obsolete
// and old forms (O*, MTH_O*, LO, IS), and entries that are not names
// (XM cross-mapping sets, HX/HS hierarchy codes, LPN/LPDN LOINC parts,
// CSN chemical structure notation, MTH_RXN_* RxNorm internal forms).
// Permuted MeSH terms (PM) stay, marked AvoidInverted.
var defaultExcludeTTY = []string{
	"OA", "OAF", "OAM", "OAP", "OAS", "OCD", "OET", "OF", "OLC", "OLG", "OL", "OM", "ONP", "OOSN", "OP", "OPN", "OSN", "OSY",
	"LO", "IS", "LV",
	"MTH_OAF", "MTH_OAP", "MTH_OAS", "MTH_OET", "MTH_OF", "MTH_OL", "MTH_OP", "MTH_OPN", "MTH_LO", "MTH_IS",
	"XM", "HX", "HS", "LPN", "LPDN", "CSN",
	"MTH_RXN_CD", "MTH_RXN_DP", "MTH_RXN_BD", "MTH_RXN_DHC",
}

// ImportOptions selects the inputs and filters of Import.
type ImportOptions struct {
	MRCONSO string   // UMLS MRCONSO.RRF (plain or .gz)
	MRSTY   string   // UMLS MRSTY.RRF (plain or .gz)
	Terms   []string // open-lexicon files: concept_id<TAB>category<TAB>term<TAB>term_type
	OBO     []string // OBO 1.2 ontologies: name and EXACT synonyms

	Languages      []string // MRCONSO LAT kept; nil: ENG
	Sources        []string // sources (SAB or lexicon) kept; nil: all
	ExcludeSources []string
	ExcludeTTY     []string // nil: defaultExcludeTTY
	Suppress       []string // MRCONSO SUPPRESS values kept; nil: N

	// Skipped, when not nil, is told of every row left out because its
	// name fails CheckName (U+FFFD, a control character, invalid UTF-8),
	// as a *ParseError with the file and line. Such rows are counted in
	// Input.Bad and never stop an import: one mis-encoded name in a
	// release of millions is no reason to refuse the others, and
	// storing it would put a name no writer uses, and that no longer
	// round-trips once tokenized, among the replacement candidates.
	Skipped func(error)

	Force    bool      // replace an existing target
	Progress io.Writer // where to draw a progress bar; nil: none
	Tool     string    // recorded in the metadata
}

// batchRows is the number of rows per transaction: large enough that
// commits cost nothing, small enough that cancellation is prompt.
const batchRows = 50000

// Import builds a concept store at target from the inputs in opt. The
// store is built in a temporary file beside target and renamed over it
// only when complete and checked, so an interrupted or failed import
// leaves nothing at target. An existing target is refused unless
// opt.Force is set.
func Import(ctx context.Context, target string, opt ImportOptions) (_ Info, err error) {
	defer func() {
		// A cancelled import stops wherever it was, and database/sql
		// closes the transaction's statements when ctx is done: the
		// error at hand may be "sql: statement is closed", whose cause
		// is the context's.
		if err != nil && ctx.Err() != nil && !errors.Is(err, ctx.Err()) {
			err = fmt.Errorf("import: %w", ctx.Err())
			return
		}
		// SQLite's errors ("database or disk is full") name no file:
		// name the store being written.
		var se sqlite3.Error
		if errors.As(err, &se) {
			err = fmt.Errorf("write %s: %w", target, err)
		}
	}()
	if opt.MRCONSO == "" && opt.MRSTY == "" && len(opt.Terms) == 0 && len(opt.OBO) == 0 {
		return Info{}, ErrNoInput
	}
	if opt.MRSTY != "" && opt.MRCONSO == "" {
		return Info{}, errors.New("import: an MRSTY file needs its MRCONSO file (semantic types attach to its concepts)")
	}
	var total int64
	for _, p := range opt.Inputs() {
		st, err := os.Stat(p)
		if err != nil {
			return Info{}, fmt.Errorf("import: %w", err)
		}
		total += st.Size()
	}
	// SQLite needs a file it can seek in and reopen. A device or FIFO is
	// refused before Create opens it: opening a FIFO waits for a reader.
	notStream := fmt.Errorf("import: %s: a concept store must be a regular file, not a character device or FIFO", target)
	if st, err := os.Stat(target); err == nil && atomicfile.IsStream(st.Mode()) {
		return Info{}, notStream
	}
	f, err := atomicfile.Create(target, !opt.Force)
	if err != nil {
		return Info{}, fmt.Errorf("import: %w", err)
	}
	defer f.Abort()
	if f.Stream() {
		return Info{}, notStream // it became one meanwhile
	}

	db, err := sql.Open("sqlite3", "file:"+f.TempName())
	if err != nil {
		return Info{}, fmt.Errorf("import: %w", err)
	}
	defer db.Close()
	// One connection, so that the pragmas hold for every statement. The
	// file is private until renamed: no journal, no fsync per commit.
	db.SetMaxOpenConns(1)
	for _, p := range []string{"PRAGMA journal_mode = OFF", "PRAGMA synchronous = OFF",
		"PRAGMA locking_mode = EXCLUSIVE", "PRAGMA cache_size = -65536", "PRAGMA temp_store = FILE"} {
		if _, err := db.ExecContext(ctx, p); err != nil {
			return Info{}, fmt.Errorf("import: %s: %w", p, err)
		}
	}
	if err := migrate(ctx, db); err != nil {
		return Info{}, fmt.Errorf("import: %w", err)
	}
	l := &loader{ctx: ctx, db: db, opt: opt, sources: map[string]int{}, intern: map[string]string{}}
	l.filters()
	if opt.Progress != nil {
		l.bar = progress.NewBar(opt.Progress, "", total)
		l.bar.Bytes, l.bar.Width, l.bar.Every = true, 30, 200*time.Millisecond
	}
	l.start = time.Now()
	if err := l.begin(); err != nil {
		return Info{}, fmt.Errorf("import: %w", err)
	}
	defer l.rollback()
	if err := l.semgroups(); err != nil {
		return Info{}, fmt.Errorf("import: %w", err)
	}
	if opt.MRCONSO != "" {
		if err := l.file("mrconso", opt.MRCONSO, l.mrconso); err != nil {
			return Info{}, err
		}
	}
	if opt.MRSTY != "" {
		if err := l.file("mrsty", opt.MRSTY, l.mrsty); err != nil {
			return Info{}, err
		}
	}
	for _, p := range opt.Terms {
		if err := l.file("terms", p, l.termsTSV); err != nil {
			return Info{}, err
		}
	}
	for _, p := range opt.OBO {
		if err := l.file("obo", p, l.obo); err != nil {
			return Info{}, err
		}
	}
	if err := l.commit(); err != nil {
		return Info{}, fmt.Errorf("import: %w", err)
	}
	l.concepts = int(l.insConcept.affected)
	if l.bar != nil {
		l.bar.Finish()
	}
	if err := l.finish(); err != nil {
		return Info{}, fmt.Errorf("import: %w", err)
	}
	if err := db.Close(); err != nil {
		return Info{}, fmt.Errorf("import: %w", err)
	}
	if err := ctx.Err(); err != nil {
		return Info{}, fmt.Errorf("import: %w", err)
	}
	if err := f.Commit(); err != nil {
		return Info{}, fmt.Errorf("import: %w", err)
	}
	s, err := Open(target)
	if err != nil {
		return Info{}, err
	}
	defer s.Close()
	return s.Info()
}

// Inputs returns the files Import reads, in the order it reads them.
func (o *ImportOptions) Inputs() []string {
	var in []string
	for _, p := range []string{o.MRCONSO, o.MRSTY} {
		if p != "" {
			in = append(in, p)
		}
	}
	return append(append(in, o.Terms...), o.OBO...)
}

// batchInsert buffers rows and inserts them rowsPerInsert at a time with
// one prepared multi-row INSERT: per-statement overhead (database/sql,
// cgo) dominates single-row inserts.
type batchInsert struct {
	head, tail string // "INSERT INTO t(a, b) VALUES ", " ON CONFLICT ..."
	cols       int
	many, one  *sql.Stmt
	args       []any
	affected   int64
}

const rowsPerInsert = 64

func (b *batchInsert) prepare(ctx context.Context, tx *sql.Tx) error {
	row := "(" + strings.TrimSuffix(strings.Repeat("?, ", b.cols), ", ") + ")"
	var err error
	if b.many, err = tx.PrepareContext(ctx, b.head+strings.TrimSuffix(strings.Repeat(row+", ", rowsPerInsert), ", ")+b.tail); err != nil {
		return err
	}
	b.one, err = tx.PrepareContext(ctx, b.head+row+b.tail)
	return err
}

func (b *batchInsert) add(ctx context.Context, vals ...any) error {
	b.args = append(b.args, vals...)
	if len(b.args) < rowsPerInsert*b.cols {
		return nil
	}
	if err := b.exec(ctx, b.many, b.args); err != nil {
		return err
	}
	b.args = b.args[:0]
	return nil
}

// exec runs stmt with args and counts the rows it inserted.
func (b *batchInsert) exec(ctx context.Context, stmt *sql.Stmt, args []any) error {
	res, err := stmt.ExecContext(ctx, args...)
	if err != nil {
		return err
	}
	n, _ := res.RowsAffected()
	b.affected += n
	return nil
}

// flush inserts the buffered rows; it must run before the transaction
// commits.
func (b *batchInsert) flush(ctx context.Context) error {
	for i := 0; i < len(b.args); i += b.cols {
		if err := b.exec(ctx, b.one, b.args[i:i+b.cols]); err != nil {
			return err
		}
	}
	b.args = b.args[:0]
	return nil
}

// loader holds the state of one import.
type loader struct {
	ctx   context.Context
	db    *sql.DB
	opt   ImportOptions
	bar   *progress.Bar
	start time.Time

	langs, sabs, noSabs, noTTY, suppress map[string]bool

	tx                                       *sql.Tx
	insTerm, insConcept, insSemtype, insXref *batchInsert
	pending                                  int // rows in the open transaction

	inputs   []Input
	rows     int // rows read, all files
	terms    int
	concepts int
	sources  map[string]int
	intern   map[string]string
}

func set(items []string, def ...string) map[string]bool {
	if items == nil {
		items = def
	}
	if len(items) == 0 {
		return nil
	}
	m := map[string]bool{}
	for _, s := range items {
		m[s] = true
	}
	return m
}

func (l *loader) filters() {
	l.langs = set(l.opt.Languages, "ENG")
	l.sabs = set(l.opt.Sources)
	l.noSabs = set(l.opt.ExcludeSources)
	l.noTTY = set(l.opt.ExcludeTTY, defaultExcludeTTY...)
	l.suppress = set(l.opt.Suppress, "N")
}

func (l *loader) keepSource(sab string) bool {
	return (l.sabs == nil || l.sabs[sab]) && !l.noSabs[sab]
}

func (l *loader) begin() error {
	tx, err := l.db.BeginTx(l.ctx, nil)
	if err != nil {
		return err
	}
	l.tx = tx
	if l.insTerm == nil {
		l.insTerm = &batchInsert{head: "INSERT INTO terms(concept, str, norm, source, tty, pref, suppress, avoid) VALUES ", cols: 8}
		l.insConcept = &batchInsert{head: "INSERT INTO concepts(id, name, groups, source) VALUES ", tail: " ON CONFLICT(id) DO NOTHING", cols: 4}
		l.insSemtype = &batchInsert{head: "INSERT INTO semtypes(concept, tui) VALUES ", cols: 2}
		l.insXref = &batchInsert{head: "INSERT INTO xrefs(concept, xref) VALUES ", cols: 2}
	}
	for _, b := range l.batches() {
		if err := b.prepare(l.ctx, tx); err != nil {
			return err
		}
	}
	return nil
}

func (l *loader) batches() []*batchInsert {
	return []*batchInsert{l.insTerm, l.insConcept, l.insSemtype, l.insXref}
}

func (l *loader) commit() error {
	if l.tx == nil {
		return nil
	}
	for _, b := range l.batches() {
		if err := b.flush(l.ctx); err != nil {
			return err
		}
	}
	err := l.tx.Commit()
	l.tx = nil
	return err
}

func (l *loader) rollback() {
	if l.tx != nil {
		l.tx.Rollback()
		l.tx = nil
	}
}

// row counts a written row and rotates the transaction every batchRows.
func (l *loader) row() error {
	l.pending++
	if l.pending < batchRows {
		return nil
	}
	l.pending = 0
	if err := l.ctx.Err(); err != nil {
		return err
	}
	if err := l.commit(); err != nil {
		return err
	}
	if l.bar != nil {
		l.bar.Describe(fmt.Sprintf("%d rows, %.0f rows/s", l.rows, float64(l.rows)/time.Since(l.start).Seconds()))
	}
	return l.begin()
}

func (l *loader) str(b []byte) string {
	if s, ok := l.intern[string(b)]; ok {
		return s
	}
	s := string(b)
	if len(l.intern) < 1<<14 {
		l.intern[s] = s
	}
	return s
}

func (l *loader) semgroups() error {
	tuis := make([]string, 0, len(semTypes()))
	for t := range semTypes() {
		tuis = append(tuis, t)
	}
	sort.Strings(tuis)
	for _, t := range tuis {
		st := semTypes()[t]
		if _, err := l.tx.ExecContext(l.ctx, "INSERT INTO semgroups(tui, name, grp, group_name) VALUES (?, ?, ?, ?)",
			st.TUI, st.Name, st.Group, st.GroupName); err != nil {
			return err
		}
	}
	return nil
}

// hashReader hashes and counts what is read through it, and advances the
// progress bar.
type hashReader struct {
	r   io.Reader
	h   hash.Hash
	n   int64
	bar *progress.Bar
}

func (h *hashReader) Read(p []byte) (int, error) {
	n, err := h.r.Read(p)
	h.h.Write(p[:n])
	h.n += int64(n)
	if h.bar != nil {
		h.bar.Add(n)
	}
	return n, err
}

// file opens one input (decompressing .gz), runs parse on it and records
// it among the inputs.
func (l *loader) file(kind, path string, parse func(r io.Reader, name string, in *Input) error) error {
	f, err := os.Open(path)
	if err != nil {
		return fmt.Errorf("import: %w", err)
	}
	defer f.Close()
	hr := &hashReader{r: f, h: sha256.New(), bar: l.bar}
	var r io.Reader = hr
	if strings.HasSuffix(path, ".gz") {
		zr, err := gzip.NewReader(hr)
		if err != nil {
			return fmt.Errorf("import: %s: %w", path, err)
		}
		defer zr.Close()
		r = zr
	}
	in := Input{Kind: kind, Path: path}
	if err := parse(r, path, &in); err != nil {
		var pe *ParseError
		if errors.As(err, &pe) {
			return err
		}
		return fmt.Errorf("import %s: %w", path, err)
	}
	// Hash the rest (e.g. a gzip trailer) so the checksum is the file's.
	if _, err := io.Copy(io.Discard, hr); err != nil {
		return fmt.Errorf("import: %s: %w", path, err)
	}
	in.SHA256 = hex.EncodeToString(hr.h.Sum(nil))
	in.Bytes = hr.n
	l.inputs = append(l.inputs, in)
	return nil
}

// badName counts and reports a row whose name fails CheckName.
func (l *loader) badName(in *Input, file string, line int, err error) {
	in.Bad++
	if l.opt.Skipped != nil {
		l.opt.Skipped(&ParseError{File: file, Line: line, Err: err})
	}
}

func (l *loader) term(concept, str, norm, source, tty string, pref bool, suppress, avoid string) error {
	if err := l.insTerm.add(l.ctx, concept, str, norm, source, tty, pref, suppress, avoid); err != nil {
		return err
	}
	l.terms++
	l.sources[source]++
	return l.row()
}

func (l *loader) concept(id, name, groups, source string) error {
	// The separators of the lookups table (names pass CheckName).
	if strings.ContainsAny(id, "\x1e\x1f") || strings.ContainsAny(groups+source, "\x1e\x1f") {
		return fmt.Errorf("%w: control character in concept %q", ErrBadName, id)
	}
	if err := l.insConcept.add(l.ctx, id, name, groups, source); err != nil {
		return err
	}
	return l.row()
}

// MRCONSO columns.
const (
	cCUI = iota
	cLAT
	cTS
	cLUI
	cSTT
	cSUI
	cISPREF
	cAUI
	cSAUI
	cSCUI
	cSDUI
	cSAB
	cTTY
	cCODE
	cSTR
	cSRL
	cSUPPRESS
	cCVF
	mrconsoCols
)

const mrstyCols = 6 // CUI|TUI|STN|STY|ATUI|CVF|

func (l *loader) mrconso(r io.Reader, name string, in *Input) error {
	rr := newRRFReader(r, name, mrconsoCols, cSTR)
	// MRCONSO is sorted by CUI: a concept is written when its rows end,
	// with the name of its first preferred atom (TS=P, STT=PF, ISPREF=Y).
	var cui, cname string
	var named bool
	flush := func() error {
		if cui == "" {
			return nil
		}
		return l.concept(cui, cname, "", "")
	}
	for {
		f, err := rr.read()
		if err == io.EOF {
			break
		}
		if err != nil {
			return err
		}
		in.Rows++
		l.rows++
		if len(f[cCUI]) == 0 {
			return rr.errorf(fmt.Errorf("%w: empty CUI (a term must belong to a concept)", ErrSyntax))
		}
		if l.langs != nil && !l.langs[string(f[cLAT])] || l.noTTY[string(f[cTTY])] ||
			l.suppress != nil && !l.suppress[string(f[cSUPPRESS])] || !l.keepSource(string(f[cSAB])) {
			continue
		}
		str := string(f[cSTR])
		if err := CheckName(str); err != nil {
			l.badName(in, name, rr.line, err)
			continue
		}
		in.Kept++
		if string(f[cCUI]) != cui {
			if err := flush(); err != nil {
				return err
			}
			cui, named = string(f[cCUI]), false
			cname = ""
		}
		pref := string(f[cTS]) == "P" && string(f[cSTT]) == "PF" && string(f[cISPREF]) == "Y"
		if !named && (pref || cname == "") {
			cname, named = str, pref
		}
		tty := l.str(f[cTTY])
		if err := l.term(cui, str, Normalize(str), l.str(f[cSAB]), tty, pref, l.str(f[cSUPPRESS]), Classify(str, tty)); err != nil {
			return err
		}
	}
	return flush()
}

func (l *loader) mrsty(r io.Reader, name string, in *Input) error {
	rr := newRRFReader(r, name, mrstyCols, -1)
	for {
		f, err := rr.read()
		if err == io.EOF {
			return nil
		}
		if err != nil {
			return err
		}
		in.Rows++
		l.rows++
		if len(f[0]) == 0 {
			return rr.errorf(fmt.Errorf("%w: empty CUI", ErrSyntax))
		}
		if _, ok := semTypes()[string(f[1])]; !ok {
			// Its concept would get no semantic group, silently.
			return rr.errorf(fmt.Errorf("%w: unknown semantic type %q (not a TUI of the UMLS Semantic Groups)", ErrSyntax, f[1]))
		}
		in.Kept++
		if err := l.insSemtype.add(l.ctx, string(f[0]), l.str(f[1])); err != nil {
			return err
		}
		if err := l.row(); err != nil {
			return err
		}
	}
}

// termsTSV reads concept_id<TAB>category<TAB>term<TAB>term_type with an
// optional header row. Rows of a concept are contiguous; its preferred
// name is its "label" term (else its first term).
func (l *loader) termsTSV(r io.Reader, name string, in *Input) error {
	sc := limits.Scanner(r)
	line := 0
	var cur struct {
		id, name, group, source string
		named                   bool
		seen                    map[string]bool
	}
	flush := func() error {
		if cur.id == "" {
			return nil
		}
		return l.concept(cur.id, cur.name, cur.group, cur.source)
	}
	for sc.Scan() {
		line++
		text := sc.Text()
		text = strings.TrimSuffix(text, "\r")
		if line == 1 && strings.HasPrefix(text, "concept_id\t") {
			continue
		}
		if text == "" {
			continue
		}
		perr := func(err error) error { return &ParseError{File: name, Line: line, Err: err} }
		f := strings.Split(text, "\t")
		if len(f) != 4 {
			return perr(fmt.Errorf("%w: %d fields, want 4 (concept_id, category, term, term_type)", ErrFieldCount, len(f)))
		}
		for i, x := range f {
			// A bad term is skipped below; a bad id, category or type
			// means the file is not what it claims to be.
			if i != 2 && !utf8.ValidString(x) {
				return perr(fmt.Errorf("%w in field %d", ErrInvalidUTF8, i+1))
			}
		}
		id, cat, str, tty := f[0], f[1], strings.TrimSpace(f[2]), f[3]
		if id == "" || str == "" {
			return perr(fmt.Errorf("%w: empty concept id or term", ErrSyntax))
		}
		in.Rows++
		l.rows++
		source := sourceOf(id)
		if source == "" {
			source = strings.ToUpper(strings.SplitN(filepath.Base(name), ".", 2)[0])
		}
		if !l.keepSource(source) {
			continue
		}
		if err := CheckName(str); err != nil {
			l.badName(in, name, line, err)
			continue
		}
		if id != cur.id {
			if err := flush(); err != nil {
				return err
			}
			cur.id, cur.name, cur.group, cur.source, cur.named = id, str, "", source, false
			cur.seen = map[string]bool{}
		}
		if g := categoryGroup(cat); g != "" {
			cur.group = g
		}
		pref := tty == "label"
		if pref && !cur.named {
			cur.name, cur.named = str, true
		}
		if cur.seen[str] {
			continue
		}
		cur.seen[str] = true
		in.Kept++
		if err := l.term(id, str, Normalize(str), source, l.str([]byte(tty)), pref, "N", Classify(str, tty)); err != nil {
			return err
		}
	}
	if err := sc.Err(); err != nil {
		return &ParseError{File: name, Line: line + 1, Err: limits.Err(err)}
	}
	return flush()
}

// buildTime is the clock for the "built" metadata; tests fix it to compare
// two imports byte for byte.
var buildTime = time.Now

// finish builds the indexes, records the metadata and checks the store.
func (l *loader) finish() error {
	ctx := l.ctx
	if _, err := l.db.ExecContext(ctx, indexesSQL); err != nil {
		return fmt.Errorf("build indexes: %w", err)
	}
	// Semantic types of concepts whose every name was filtered out.
	if _, err := l.db.ExecContext(ctx, "DELETE FROM semtypes WHERE concept NOT IN (SELECT id FROM concepts)"); err != nil {
		return err
	}
	// One row per normalized name, so that a lookup reads one row
	// (migration 002). terms_norm gives the pairs in order.
	// Each concept's record is made once (with its types grouped in
	// one pass over semtypes), not once per name of it.
	for _, q := range []string{
		`CREATE TEMP TABLE records (id TEXT PRIMARY KEY, rec TEXT NOT NULL) WITHOUT ROWID`,
		`INSERT INTO records(id, rec)
		SELECT c.id, c.id || char(31) || c.name || char(31) || c.groups || char(31) || c.source || char(31) || coalesce(st.types, '')
		FROM concepts c LEFT JOIN (SELECT concept, group_concat(tui, ',') AS types FROM semtypes GROUP BY concept) st ON st.concept = c.id`,
		`INSERT INTO lookups(norm, concepts)
		SELECT t.norm, group_concat(r.rec, char(30) ORDER BY t.concept)
		FROM (SELECT DISTINCT norm, concept FROM terms) t JOIN records r ON r.id = t.concept
		GROUP BY t.norm ORDER BY t.norm`,
		`DROP TABLE records`,
	} {
		if _, err := l.db.ExecContext(ctx, q); err != nil {
			return fmt.Errorf("build lookups: %w", err)
		}
	}
	if _, err := l.db.ExecContext(ctx, "CREATE UNIQUE INDEX lookups_norm ON lookups(norm)"); err != nil {
		return fmt.Errorf("build lookups: %w", err)
	}
	groups := map[string]int{}
	err := l.countGroups(ctx, "count semantic groups", `SELECT grp, count(*) FROM
		(SELECT DISTINCT s.concept, g.grp FROM semtypes s JOIN semgroups g ON g.tui = s.tui) GROUP BY grp`,
		func(g string, n int) { groups[g] += n })
	if err != nil {
		return err
	}
	err = l.countGroups(ctx, "count concept groups", "SELECT groups, count(*) FROM concepts WHERE groups != '' GROUP BY groups",
		func(g string, n int) {
			for _, x := range splitComma(g) {
				groups[x] += n
			}
		})
	if err != nil {
		return err
	}

	tx, err := l.db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	meta := map[string]string{
		"built":                  buildTime().UTC().Format(time.RFC3339),
		"tool":                   l.opt.Tool,
		"concepts":               strconv.Itoa(l.concepts),
		"terms":                  strconv.Itoa(l.terms),
		"filter.lang":            joinSet(l.langs),
		"filter.sources":         joinSet(l.sabs),
		"filter.exclude-sources": joinSet(l.noSabs),
		"filter.exclude-tty":     joinSet(l.noTTY),
		"filter.suppress":        joinSet(l.suppress),
	}
	for s, n := range l.sources {
		meta["source."+s] = strconv.Itoa(n)
	}
	for g, n := range groups {
		meta["group."+g] = strconv.Itoa(n)
	}
	// Sorted, so that two imports of the same input differ only in the
	// build time, not in the order of the meta rows.
	keys := make([]string, 0, len(meta))
	for k := range meta {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	for _, k := range keys {
		if _, err := tx.ExecContext(ctx, "INSERT INTO meta(key, value) VALUES (?, ?)", k, meta[k]); err != nil {
			return err
		}
	}
	for _, in := range l.inputs {
		if _, err := tx.ExecContext(ctx, "INSERT INTO inputs(kind, path, sha256, bytes, rows, kept, bad) VALUES (?, ?, ?, ?, ?, ?, ?)",
			in.Kind, in.Path, in.SHA256, in.Bytes, in.Rows, in.Kept, in.Bad); err != nil {
			return err
		}
	}
	if err := tx.Commit(); err != nil {
		return err
	}
	if _, err := l.db.ExecContext(ctx, "ANALYZE"); err != nil {
		return err
	}
	// The check before the rename: the file is sound and holds what we wrote.
	var check string
	if err := l.db.QueryRowContext(ctx, "PRAGMA quick_check").Scan(&check); err != nil {
		return fmt.Errorf("check: %w", err)
	}
	if check != "ok" {
		return fmt.Errorf("check: %s", check)
	}
	var nt, nc int
	if err := l.db.QueryRowContext(ctx, "SELECT (SELECT count(*) FROM terms), (SELECT count(*) FROM concepts)").Scan(&nt, &nc); err != nil {
		return fmt.Errorf("check: %w", err)
	}
	if nt != l.terms || nc != l.concepts {
		return fmt.Errorf("check: store holds %d terms and %d concepts, wrote %d and %d", nt, nc, l.terms, l.concepts)
	}
	return nil
}

func joinSet(m map[string]bool) string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	return strings.Join(keys, ",")
}

// countGroups runs query, which yields (group, count) rows, and hands
// each row to add. Errors of reading the rows are wrapped with what.
func (l *loader) countGroups(ctx context.Context, what, query string, add func(g string, n int)) error {
	rows, err := l.db.QueryContext(ctx, query)
	if err != nil {
		return err
	}
	defer rows.Close()
	for rows.Next() {
		var g string
		var n int
		if err := rows.Scan(&g, &n); err != nil {
			return err
		}
		add(g, n)
	}
	if err := rows.Err(); err != nil {
		return fmt.Errorf("%s: %w", what, err)
	}
	return nil
}
