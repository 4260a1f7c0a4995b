package review

import (
	"errors"
	"io"
	"slices"
	"strings"
	"testing"
	"testing/iotest"
)

func TestLines(t *testing.T) {
	for _, tc := range []struct {
		name, in string
		want     []string
	}{
		{"empty", "", nil},
		{"no final newline", "a\nb", []string{"a", "b"}},
		{"CRLF and BOM", "\ufeffa\r\n\r\nb\r\n", []string{"a", "", "b"}},
		{"BOM only first", "a\n\ufeffb\n", []string{"a", "\ufeffb"}},
	} {
		in := newLines(strings.NewReader(tc.in), "f.tsv", ErrKey)
		var got []string
		for in.scan() {
			got = append(got, in.text)
		}
		if in.err != nil || !slices.Equal(got, tc.want) || in.line != len(tc.want) {
			t.Errorf("%s: %q (line %d), %v; want %q", tc.name, got, in.line, in.err, tc.want)
		}
	}
	in := newLines(io.MultiReader(strings.NewReader("a\n"), iotest.ErrReader(io.ErrUnexpectedEOF)), "f.tsv", ErrKey)
	for in.scan() {
	}
	if !errors.Is(in.err, io.ErrUnexpectedEOF) || !strings.HasPrefix(in.err.Error(), "read f.tsv: ") {
		t.Errorf("read error: %v", in.err)
	}
	if err := in.fail("bad %s", "row"); err.Error() != "f.tsv:1: bad key file: bad row" || !errors.Is(err, ErrKey) {
		t.Errorf("fail: %v", err)
	}
	if err := newLines(strings.NewReader(""), "e.tsv", ErrKey).fail("empty"); !strings.HasPrefix(err.Error(), "e.tsv:1: ") {
		t.Errorf("fail before a line: %v", err)
	}
}
