package textutil

import (
	"bufio"
	"bytes"
	"compress/gzip"
	"slices"
	"strings"
	"testing"
)

func gzipped(t *testing.T, text string) []byte {
	t.Helper()
	var b bytes.Buffer
	zw := gzip.NewWriter(&b)
	if _, err := zw.Write([]byte(text)); err != nil {
		t.Fatal(err)
	}
	if err := zw.Close(); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

func TestGzipLines(t *testing.T) {
	for _, tc := range []struct {
		name, text string
		want       []string
	}{
		{"empty", "", nil},
		{"lines", "a\tb\nc\n", []string{"a\tb", "c"}},
		{"no final newline", "a\nb", []string{"a", "b"}},
		{"long line", strings.Repeat("x", 1<<17) + "\ny\n", []string{strings.Repeat("x", 1<<17), "y"}},
	} {
		var got []string
		if err := GzipLines(gzipped(t, tc.text), func(l string) { got = append(got, l) }); err != nil || !slices.Equal(got, tc.want) {
			t.Errorf("%s: %d lines, %v; want %d lines", tc.name, len(got), err, len(tc.want))
		}
	}
	if err := GzipLines([]byte("not gzip"), func(string) { t.Error("a line of no gzip stream") }); err == nil {
		t.Error("no error for a stream that is not gzip")
	}
	var got []string
	err := GzipLines(gzipped(t, "a\n"+strings.Repeat("x", 1<<20+1)+"\nb\n"), func(l string) { got = append(got, l) })
	if err != bufio.ErrTooLong || !slices.Equal(got, []string{"a"}) {
		t.Errorf("overlong line: %q, %v; want the line before it and bufio.ErrTooLong", got, err)
	}
}
