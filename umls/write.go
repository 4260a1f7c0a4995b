package umls

import (
	"fmt"
	"io"
	"sort"
	"strings"
	"text/tabwriter"
	"time"
)

// WriteLookup writes the concepts named text (kept to groups when given)
// with their groups, types and every synonym with its source and term
// type (only the usable ones with usable), as "stress umls lookup" prints
// them. When no concept has that name it writes nothing and returns a
// *NotFoundError.
func WriteLookup(w io.Writer, s *Store, text string, groups []string, usable bool) error {
	cs, err := s.Lookup(text, groups...)
	if err != nil {
		return err
	}
	if len(cs) == 0 {
		return s.notFound(text, groups, usable)
	}
	for i, c := range cs {
		if i > 0 {
			fmt.Fprintln(w)
		}
		groups := strings.Join(c.Groups, ",")
		if groups == "" {
			groups = "-"
		}
		fmt.Fprintf(w, "%s  %s  [groups %s", c.ID, c.Name, groups)
		if len(c.Types) > 0 {
			fmt.Fprintf(w, "; types %s", strings.Join(c.Types, ","))
		}
		fmt.Fprintln(w, "]")
		ts, err := s.Terms(c.ID)
		if err != nil {
			return err
		}
		tw := tabwriter.NewWriter(w, 0, 4, 2, ' ', 0)
		for _, t := range ts {
			if usable && !t.Usable() {
				continue
			}
			var notes []string
			if t.Preferred {
				notes = append(notes, "preferred")
			}
			if t.Suppressed {
				notes = append(notes, "suppressed")
			}
			if t.Avoid != "" {
				notes = append(notes, "avoid:"+t.Avoid)
			}
			fmt.Fprintf(tw, "  %s\t%s\t%s\t%s\n", t.String, t.Source, t.TermType, strings.Join(notes, " "))
		}
		if err := tw.Flush(); err != nil {
			return err
		}
	}
	return nil
}

// WriteInfo writes the Info of the store at path (the embedded default
// when path is ""; see OpenOrDefault), as "stress umls info" prints it.
func WriteInfo(w io.Writer, path string) error {
	s, err := OpenOrDefault(path)
	if err != nil {
		return err
	}
	defer s.Close()
	in, err := s.Info()
	if err != nil {
		return err
	}
	return in.Write(w)
}

// Write writes the store's build metadata and counts, one "key value"
// line each, as "stress umls info" prints them.
func (in Info) Write(w io.Writer) error {
	tw := tabwriter.NewWriter(w, 0, 4, 2, ' ', 0)
	fmt.Fprintf(tw, "store\t%s\n", in.Path)
	fmt.Fprintf(tw, "schema\t%d\n", in.Schema)
	if !in.Built.IsZero() {
		fmt.Fprintf(tw, "built\t%s\n", in.Built.Format(time.RFC3339))
	}
	if in.Tool != "" {
		fmt.Fprintf(tw, "tool\t%s\n", in.Tool)
	}
	fmt.Fprintf(tw, "concepts\t%d\n", in.Concepts)
	fmt.Fprintf(tw, "terms\t%d\n", in.Terms)
	for _, k := range sortedKeys(in.Sources) {
		fmt.Fprintf(tw, "source %s\t%d terms\n", k, in.Sources[k])
	}
	for _, k := range sortedKeys(in.Groups) {
		fmt.Fprintf(tw, "group %s\t%d concepts\n", k, in.Groups[k])
	}
	for _, k := range sortedKeys(in.Filters) {
		v := in.Filters[k]
		if v == "" {
			v = "-"
		}
		fmt.Fprintf(tw, "filter %s\t%s\n", k, v)
	}
	for _, x := range in.Inputs {
		bad := ""
		if x.Bad > 0 {
			bad = fmt.Sprintf(", %d skipped for a bad name", x.Bad)
		}
		fmt.Fprintf(tw, "input %s\t%s\t%d bytes\tsha256 %s\t%d rows, %d kept%s\n", x.Kind, x.Path, x.Bytes, x.SHA256, x.Rows, x.Kept, bad)
	}
	return tw.Flush()
}

func sortedKeys[V any](m map[string]V) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}
