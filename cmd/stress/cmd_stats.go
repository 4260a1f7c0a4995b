package main

import (
	"context"
	"fmt"
	"io"

	"github.com/stress-ner/stress/build"
	"github.com/stress-ner/stress/conll"
	"github.com/stress-ner/stress/iob"
	"github.com/stress-ner/stress/perturb"
)

func init() {
	register(&command{
		Name:    "stats",
		Summary: "print corpus statistics (the paper's Table 2), perturbed vs original",
		Usage: "[--original ORIG] FILE...\n" +
			"       stress stats --manifest DIR/manifest.json\n\n" +
			"--manifest prints the statistics a build recorded, including for synonym\n" +
			"sets how many gold mentions of each type were replaced and why the others\n" +
			"were not (no concept, ambiguous, no synonym, filtered).",
		Bind: bind(func(f *flags, o *statsOptions) {
			f.String(&o.original, "original", "", "", "compare each FILE with this original `ORIG`: % tokens and entity tokens modified, mentions replaced")
			f.String(&o.manifest, "manifest", "", "", "print the statistics recorded in a build's `MANIFEST`, with synonym outcomes")
		}, runStats),
	})
}

// statsOptions are the flags of "stress stats".
type statsOptions struct{ original, manifest string }

func runStats(_ context.Context, e *env, o *statsOptions, args []string) error {
	origPath := o.original
	if manifest := o.manifest; manifest != "" {
		if len(args) > 0 || origPath != "" {
			return usageErrorf("stats: --manifest cannot be combined with files or --original")
		}
		m, err := build.ReadManifest(manifest)
		if err != nil {
			return err
		}
		return build.WriteStats(e.Stdout, m)
	}
	if len(args) == 0 {
		return usageErrorf("stats: no input files")
	}
	var rows []perturb.NamedStats
	if origPath != "" {
		st, err := fileStats(origPath, "")
		if err != nil {
			return err
		}
		rows = append(rows, perturb.NamedStats{Name: origPath + " (original)", Stats: st})
	}
	for _, a := range args {
		st, err := fileStats(a, origPath)
		if err != nil {
			return err
		}
		rows = append(rows, perturb.NamedStats{Name: a, Stats: st})
	}
	return perturb.WriteTable(e.Stdout, rows)
}

// fileStats counts path and, with orig, compares it sentence by sentence
// with orig. Files that do not align are an error naming the line.
func fileStats(path, orig string) (perturb.Stats, error) {
	var st perturb.Stats
	f, err := conll.Open(path)
	if err != nil {
		return st, err
	}
	defer f.Close()
	var o *conll.File
	if orig != "" {
		if o, err = conll.Open(orig); err != nil {
			return st, err
		}
		defer o.Close()
	}
	for n := 1; ; n++ {
		s, err := f.Read()
		if err != nil && err != io.EOF {
			return st, err
		}
		if o == nil {
			if err == io.EOF {
				return st, nil
			}
			st.AddOriginal(s)
			continue
		}
		os, oerr := o.Read()
		if oerr != nil && oerr != io.EOF {
			return st, oerr
		}
		switch {
		case err == io.EOF && oerr == io.EOF:
			return st, nil
		case err == io.EOF:
			return st, fmt.Errorf("%s: %w: ends after %d sentences, %s has more (line %d)", path, conll.ErrMismatch, n-1, orig, os.Line)
		case oerr == io.EOF:
			return st, &conll.ParseError{File: path, Line: s.Line, Err: fmt.Errorf("%w: sentence %d is past the end of %s", conll.ErrMismatch, n, orig)}
		}
		if len(s.Tokens) == len(os.Tokens) && !sameMentionTypes(s.Tags, os.Tags) {
			// Same length, different mentions: a label was changed.
			for i := range s.Tags {
				if s.Tags[i] != os.Tags[i] {
					return st, &conll.ParseError{File: path, Line: s.Line + i,
						Err: fmt.Errorf("%w: label %q, %s:%d has %q", conll.ErrMismatch, s.Tags[i], orig, os.Line+i, os.Tags[i])}
				}
			}
		} else if !sameMentionTypes(s.Tags, os.Tags) {
			return st, &conll.ParseError{File: path, Line: s.Line,
				Err: fmt.Errorf("%w: sentence %d has %d tokens and different mentions, %s:%d has %d tokens",
					conll.ErrMismatch, n, len(s.Tokens), orig, os.Line, len(os.Tokens))}
		}
		st.Add(os, s, nil)
	}
}

// sameMentionTypes reports whether two tag sequences have the same
// mentions in number, order and type, wherever they are: a synonym set
// can move mentions (one grows, another shrinks) without changing the
// sentence's length.
func sameMentionTypes(a, b []string) bool {
	sa, sb := iob.Spans(a), iob.Spans(b)
	if len(sa) != len(sb) {
		return false
	}
	for i := range sa {
		if sa[i].Type != sb[i].Type {
			return false
		}
	}
	return true
}
