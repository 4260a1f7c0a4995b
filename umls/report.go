package umls

import (
	"fmt"
	"io"
	"strings"
	"time"
)

// SkipLogger returns an ImportOptions.Skipped that writes the first max
// rows skipped to w, one line each ("PROG: FILE:LINE: bad name: ...
// (row skipped)"), and only lets the others be counted (see
// WriteImportSummary): a release with thousands of mis-encoded names
// should not bury the summary under them.
func SkipLogger(w io.Writer, prog string, max int) func(error) {
	n := 0
	return func(err error) {
		if n++; n <= max {
			fmt.Fprintf(w, "%s: %v (row skipped)\n", prog, err)
		}
	}
}

// Rows returns the rows read from the inputs of the store.
func (in Info) Rows() int {
	rows := 0
	for _, x := range in.Inputs {
		rows += x.Rows
	}
	return rows
}

// WriteImportSummary writes what an import that took took made of its
// inputs, as "stress umls import" prints it: to warn, a line per input
// with rows skipped for a bad name, after "PROG: "; to w, the store
// written with its counts and the import's rate.
func (in Info) WriteImportSummary(w, warn io.Writer, prog string, took time.Duration) error {
	for _, x := range in.Inputs {
		if x.Bad > 0 {
			fmt.Fprintf(warn, "%s: %s: %d rows skipped for a bad name\n", prog, x.Path, x.Bad)
		}
	}
	rows := in.Rows()
	_, err := fmt.Fprintf(w, "wrote %s: %d concepts, %d terms from %d rows in %.1fs (%.0f rows/s)\n",
		in.Path, in.Concepts, in.Terms, rows, took.Seconds(), float64(rows)/took.Seconds())
	return err
}

// NotFoundError reports a lookup that found no concept named Text. It
// wraps ErrNoConcept.
type NotFoundError struct {
	Text   string
	Groups []string // the groups looked in; empty: all
	// Elsewhere lists, when Groups are given, the other groups in which
	// Text names a concept: the lookup would find it there.
	Elsewhere []string
	// Hint, when not empty, follows Elsewhere in the message: how to
	// look there (a program's options, say).
	Hint string
}

func (e *NotFoundError) Error() string {
	if len(e.Groups) == 0 {
		return fmt.Sprintf("no concept named %q (normalized %q)", e.Text, Normalize(e.Text))
	}
	msg := fmt.Sprintf("no concept named %q in %s", e.Text, strings.Join(e.Groups, ", "))
	if len(e.Elsewhere) > 0 {
		hint := ""
		if e.Hint != "" {
			hint = ": " + e.Hint
		}
		msg += fmt.Sprintf(" (it names a concept in %s%s)", strings.Join(e.Elsewhere, ", "), hint)
	}
	return msg
}

func (e *NotFoundError) Unwrap() error { return ErrNoConcept }

// notFound returns the error of a lookup of text in groups (of the
// usable synonyms only, if usable) that found nothing. When groups are
// given it names the groups in which text does name a concept; a failure
// to find them leaves them out, as they only make the message helpful.
func (s *Store) notFound(text string, groups []string, usable bool) *NotFoundError {
	e := &NotFoundError{Text: text, Groups: groups}
	if len(groups) > 0 {
		e.Elsewhere, _ = s.GroupsNaming(text, usable)
	}
	return e
}

// Explicit returns o with nil Languages, ExcludeTTY and Suppress made
// empty, so that they mean none rather than the default: what a command
// line means by an empty list (--exclude-tty "" keeps every term type).
func (o ImportOptions) Explicit() ImportOptions {
	for _, p := range []*[]string{&o.Languages, &o.ExcludeTTY, &o.Suppress} {
		if *p == nil {
			*p = []string{}
		}
	}
	return o
}
