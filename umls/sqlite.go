package umls

import (
	"context"
	"database/sql"
	"embed"
	"errors"
	"fmt"
	"io/fs"
	"math"
	"net/url"
	"os"
	"sort"
	"strconv"
	"strings"
	"sync"
	"time"

	_ "github.com/mattn/go-sqlite3" // registers the "sqlite3" driver
)

// Schema migrations, applied in name order, each in its own transaction;
// PRAGMA user_version records how many were applied.
//
//go:embed migrations/*.sql
var migrations embed.FS

//go:embed indexes.sql
var indexesSQL string

// schemaVersion is the number of migrations. Open reads stores of this
// version and of version 1 (whose lookups are slower, see lookupV1); it
// refuses others. It is counted on first use, not at package
// initialisation, which every command pays (issue 34).
var schemaVersion = sync.OnceValue(func() int {
	names, _ := fs.Glob(migrations, "migrations/*.sql")
	return len(names)
})

// migrate brings db to schemaVersion.
func migrate(ctx context.Context, db *sql.DB) error {
	var v int
	if err := db.QueryRowContext(ctx, "PRAGMA user_version").Scan(&v); err != nil {
		return fmt.Errorf("read schema version: %w", err)
	}
	names, err := fs.Glob(migrations, "migrations/*.sql")
	if err != nil {
		return err
	}
	sort.Strings(names)
	for i := v; i < len(names); i++ {
		body, err := migrations.ReadFile(names[i])
		if err != nil {
			return err
		}
		tx, err := db.BeginTx(ctx, nil)
		if err != nil {
			return err
		}
		if _, err := tx.ExecContext(ctx, string(body)); err != nil {
			tx.Rollback()
			return fmt.Errorf("migration %s: %w", names[i], err)
		}
		// PRAGMA takes no parameters; i+1 is an int.
		if _, err := tx.ExecContext(ctx, "PRAGMA user_version = "+strconv.Itoa(i+1)); err != nil {
			tx.Rollback()
			return fmt.Errorf("migration %s: %w", names[i], err)
		}
		if err := tx.Commit(); err != nil {
			return fmt.Errorf("migration %s: %w", names[i], err)
		}
	}
	return nil
}

// sqliteStore reads a store file.
type sqliteStore struct {
	path       string
	db         *sql.DB
	schema     int
	lookupStmt *sql.Stmt
	termsStmt  *sql.Stmt

	mu     sync.Mutex
	groups map[[2]string]groupsOfConcept // (types, groups) columns -> parsed
}

// groupsOfConcept is the parsed types and groups columns of a concept.
// A store has a few hundred distinct pairs, so they are parsed once and
// the slices shared by every Concept (which the Concept doc allows): a
// lookup of a common word on a full release returns thousands of
// concepts.
type groupsOfConcept struct{ types, groups []string }

// maxGroupPairs bounds the cache of parsed pairs, against a store made
// by some other tool with a distinct pair per concept.
const maxGroupPairs = 4096

// Lookup queries: version 2 reads one row of lookups (see
// migrations/002_lookups.sql); version 1 stores walk terms_norm for the
// ids and read each concept by key, with a semtypes subquery per concept.
const (
	lookupSQL = `SELECT concepts FROM lookups WHERE norm = ?`
	lookupV1  = `SELECT c.id, c.name, c.groups, c.source,
		coalesce((SELECT group_concat(tui, ',') FROM semtypes s WHERE s.concept = c.id), '')
		FROM concepts c WHERE c.id IN (SELECT concept FROM terms WHERE norm = ?) ORDER BY c.id`
)

// Open opens the concept store at path read-only.
func Open(path string) (*Store, error) {
	if _, err := os.Stat(path); err != nil {
		return nil, fmt.Errorf("open concept store: %w", err)
	}
	// immutable: the file never changes once built, so SQLite can skip
	// locking; query_only guards against writes through this handle.
	dsn := "file:" + (&url.URL{Path: path}).EscapedPath() + "?mode=ro&immutable=1&_query_only=1"
	db, err := sql.Open("sqlite3", dsn)
	if err != nil {
		return nil, fmt.Errorf("open concept store %s: %w", path, err)
	}
	var v int
	if err := db.QueryRow("PRAGMA user_version").Scan(&v); err != nil {
		db.Close()
		return nil, fmt.Errorf("open concept store %s: %w", path, err)
	}
	if v != schemaVersion() && v != 1 {
		db.Close()
		return nil, fmt.Errorf("open concept store %s: %w (schema %d, want %d)", path, ErrNotStore, v, schemaVersion())
	}
	s := &sqliteStore{path: path, db: db, schema: v, groups: map[[2]string]groupsOfConcept{}}
	q := lookupSQL
	if v == 1 {
		q = lookupV1
	}
	s.lookupStmt, err = db.Prepare(q)
	if err == nil {
		s.termsStmt, err = db.Prepare(`SELECT str, source, tty, pref, suppress, avoid
			FROM terms WHERE concept = ? ORDER BY pref DESC, rowid`)
	}
	if err != nil {
		db.Close()
		return nil, fmt.Errorf("open concept store %s: %w", path, err)
	}
	return &Store{b: s, cache: map[string][]Concept{}}, nil
}

func (s *sqliteStore) lookup(norm string) ([]Concept, error) {
	cs, _, err := s.lookupAtMost(norm, math.MaxInt)
	return cs, err
}

func (s *sqliteStore) lookupAtMost(norm string, max int) ([]Concept, int, error) {
	if s.schema == 1 {
		cs, err := s.lookupRows(norm)
		if len(cs) > max {
			return nil, len(cs), err
		}
		return cs, len(cs), err
	}
	var packed string
	switch err := s.lookupStmt.QueryRow(norm).Scan(&packed); {
	case errors.Is(err, sql.ErrNoRows):
		return nil, 0, nil
	case err != nil:
		return nil, 0, fmt.Errorf("lookup: %w", err)
	}
	if n := strings.Count(packed, "\x1e") + 1; n > max {
		return nil, n, nil
	}
	cs, err := s.decode(norm, packed)
	return cs, len(cs), err
}

// decode reads the concepts of a lookups row.
func (s *sqliteStore) decode(norm, packed string) ([]Concept, error) {
	// The Concepts' strings share packed: one allocation, however many
	// concepts a common word names.
	out := make([]Concept, 0, strings.Count(packed, "\x1e")+1)
	// One lock for the row, not one per concept: a common word's row
	// holds thousands of concepts.
	s.mu.Lock()
	defer s.mu.Unlock()
	var prev [2]string // the types and groups of the record before
	var prevG groupsOfConcept
	// One pass of IndexByte over the row: a common word's row holds
	// thousands of records, each five fields.
	rest := packed
	for last := false; !last; {
		var f [5]string
		for k := range f {
			sep := byte('\x1f')
			if k == 4 {
				sep = '\x1e'
			}
			i := strings.IndexByte(rest, sep)
			if k == 4 && i < 0 {
				f[k], rest, last = rest, "", true
				break
			}
			if i < 0 || k == 4 && strings.IndexByte(rest[:i], '\x1f') >= 0 {
				return nil, fmt.Errorf("lookup %q: %w: malformed lookups row", norm, ErrNotStore)
			}
			f[k], rest = rest[:i], rest[i+1:]
		}
		if strings.IndexByte(f[4], '\x1f') >= 0 {
			return nil, fmt.Errorf("lookup %q: %w: malformed lookups row", norm, ErrNotStore)
		}
		c := Concept{ID: f[0], Name: f[1], Source: f[3]}
		// Records of a row mostly share their types: comparing with
		// the record before is cheaper than hashing the pair.
		if pair := [2]string{f[4], f[2]}; pair != prev || prevG.types == nil && prevG.groups == nil {
			prev, prevG = pair, s.parseGroupsLocked(pair)
		}
		c.Types, c.Groups = prevG.types, prevG.groups
		out = append(out, c)
	}
	return out, nil
}

// lookupRows is the lookup of version 1 stores.
func (s *sqliteStore) lookupRows(norm string) ([]Concept, error) {
	rows, err := s.lookupStmt.Query(norm)
	if err != nil {
		return nil, fmt.Errorf("lookup: %w", err)
	}
	defer rows.Close()
	var out []Concept
	for rows.Next() {
		var c Concept
		var pair [2]string // types, groups
		if err := rows.Scan(&c.ID, &c.Name, &pair[1], &c.Source, &pair[0]); err != nil {
			return nil, fmt.Errorf("lookup: %w", err)
		}
		g := s.parseGroups(pair)
		c.Types, c.Groups = g.types, g.groups
		out = append(out, c)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("lookup: %w", err)
	}
	return out, nil
}

// parseGroups returns the sorted types and the groups of a concept's
// types and groups columns.
func (s *sqliteStore) parseGroups(pair [2]string) groupsOfConcept {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.parseGroupsLocked(pair)
}

// parseGroupsLocked is parseGroups with s.mu held.
func (s *sqliteStore) parseGroupsLocked(pair [2]string) groupsOfConcept {
	if g, ok := s.groups[pair]; ok {
		return g
	}
	var g groupsOfConcept
	g.types = splitComma(pair[0])
	sort.Strings(g.types)
	g.groups = groupsOf(g.types, splitComma(pair[1])...)
	if len(s.groups) < maxGroupPairs {
		s.groups[pair] = g
	}
	return g
}

func (s *sqliteStore) terms(id string) ([]Term, error) {
	rows, err := s.termsStmt.Query(id)
	if err != nil {
		return nil, fmt.Errorf("terms: %w", err)
	}
	defer rows.Close()
	var out []Term
	for rows.Next() {
		t := Term{Concept: id}
		var suppress string
		if err := rows.Scan(&t.String, &t.Source, &t.TermType, &t.Preferred, &suppress, &t.Avoid); err != nil {
			return nil, fmt.Errorf("terms: %w", err)
		}
		t.Suppressed = suppress != "" && suppress != "N"
		out = append(out, t)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("terms: %w", err)
	}
	return out, nil
}

func (s *sqliteStore) each(fn func(Concept) bool) error {
	rows, err := s.db.Query(`SELECT c.id, c.name, c.groups, c.source,
		coalesce((SELECT group_concat(tui, ',') FROM semtypes s WHERE s.concept = c.id), '')
		FROM concepts c ORDER BY c.id`)
	if err != nil {
		return err
	}
	defer rows.Close()
	for rows.Next() {
		var c Concept
		var groups, tuis string
		if err := rows.Scan(&c.ID, &c.Name, &groups, &c.Source, &tuis); err != nil {
			return err
		}
		c.Types = splitComma(tuis)
		sort.Strings(c.Types)
		c.Groups = groupsOf(c.Types, splitComma(groups)...)
		if !fn(c) {
			break
		}
	}
	return rows.Err()
}

func (s *sqliteStore) info() (Info, error) {
	in := Info{Path: s.path, Schema: s.schema, Filters: map[string]string{},
		Sources: map[string]int{}, Groups: map[string]int{}}
	rows, err := s.db.Query("SELECT key, value FROM meta")
	if err != nil {
		return in, fmt.Errorf("info: %w", err)
	}
	defer rows.Close()
	for rows.Next() {
		var k, v string
		if err := rows.Scan(&k, &v); err != nil {
			return in, fmt.Errorf("info: %w", err)
		}
		switch {
		case k == "built":
			in.Built, _ = time.Parse(time.RFC3339, v)
		case k == "tool":
			in.Tool = v
		case k == "concepts":
			in.Concepts, _ = strconv.Atoi(v)
		case k == "terms":
			in.Terms, _ = strconv.Atoi(v)
		case strings.HasPrefix(k, "filter."):
			in.Filters[strings.TrimPrefix(k, "filter.")] = v
		case strings.HasPrefix(k, "source."):
			in.Sources[strings.TrimPrefix(k, "source.")], _ = strconv.Atoi(v)
		case strings.HasPrefix(k, "group."):
			in.Groups[strings.TrimPrefix(k, "group.")], _ = strconv.Atoi(v)
		}
	}
	if err := rows.Err(); err != nil {
		return in, fmt.Errorf("info: %w", err)
	}
	bad := "bad"
	if s.schema == 1 {
		bad = "0"
	}
	irows, err := s.db.Query("SELECT kind, path, sha256, bytes, rows, kept, " + bad + " FROM inputs ORDER BY id")
	if err != nil {
		return in, fmt.Errorf("info: %w", err)
	}
	defer irows.Close()
	for irows.Next() {
		var x Input
		if err := irows.Scan(&x.Kind, &x.Path, &x.SHA256, &x.Bytes, &x.Rows, &x.Kept, &x.Bad); err != nil {
			return in, fmt.Errorf("info: %w", err)
		}
		in.Inputs = append(in.Inputs, x)
	}
	return in, irows.Err()
}

func (s *sqliteStore) close() error { return s.db.Close() }

func splitComma(s string) []string {
	if s == "" {
		return nil
	}
	return strings.Split(s, ",")
}
