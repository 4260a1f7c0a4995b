package umls

import (
	"context"
	"database/sql"
	"embed"
	"fmt"
	"io/fs"
	"net/url"
	"os"
	"sort"
	"strconv"
	"strings"
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

// schemaVersion is the number of migrations; stores of another version are
// refused by Open.
var schemaVersion = func() int {
	names, _ := fs.Glob(migrations, "migrations/*.sql")
	return len(names)
}()

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
	lookupStmt *sql.Stmt
	termsStmt  *sql.Stmt
}

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
	if v != schemaVersion {
		db.Close()
		return nil, fmt.Errorf("open concept store %s: %w (schema %d, want %d)", path, ErrNotStore, v, schemaVersion)
	}
	s := &sqliteStore{path: path, db: db}
	s.lookupStmt, err = db.Prepare(`SELECT c.id, c.name, c.groups, c.source,
		coalesce((SELECT group_concat(tui, ',') FROM semtypes s WHERE s.concept = c.id), '')
		FROM concepts c WHERE c.id IN (SELECT concept FROM terms WHERE norm = ?) ORDER BY c.id`)
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
	rows, err := s.lookupStmt.Query(norm)
	if err != nil {
		return nil, fmt.Errorf("lookup: %w", err)
	}
	defer rows.Close()
	var out []Concept
	for rows.Next() {
		var c Concept
		var groups, tuis string
		if err := rows.Scan(&c.ID, &c.Name, &groups, &c.Source, &tuis); err != nil {
			return nil, fmt.Errorf("lookup: %w", err)
		}
		c.Types = splitComma(tuis)
		sort.Strings(c.Types)
		c.Groups = groupsOf(c.Types, splitComma(groups)...)
		out = append(out, c)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("lookup: %w", err)
	}
	return out, nil
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
	in := Info{Path: s.path, Schema: schemaVersion, Filters: map[string]string{},
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
	irows, err := s.db.Query("SELECT kind, path, sha256, bytes, rows, kept FROM inputs ORDER BY id")
	if err != nil {
		return in, fmt.Errorf("info: %w", err)
	}
	defer irows.Close()
	for irows.Next() {
		var x Input
		if err := irows.Scan(&x.Kind, &x.Path, &x.SHA256, &x.Bytes, &x.Rows, &x.Kept); err != nil {
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
