package limits

import (
	"bufio"
	"bytes"
	"errors"
	"io"
	"strings"
	"testing"
)

// Zeros is an endless input, as /dev/zero is.
type Zeros struct{}

func (Zeros) Read(p []byte) (int, error) {
	clear(p)
	return len(p), nil
}

func TestReadLine(t *testing.T) {
	long := strings.Repeat("x", MaxLine)
	tests := []struct {
		name, in string
		lines    []string // lines read, then io.EOF
		err      error    // instead of io.EOF after lines
	}{
		{"empty", "", nil, nil},
		{"two lines", "a\nb\n", []string{"a\n", "b\n"}, nil},
		{"no final line break", "a\nb", []string{"a\n", "b"}, nil},
		{"longer than the buffer", "ab\n" + strings.Repeat("y", 100) + "\nc", []string{"ab\n", strings.Repeat("y", 100) + "\n", "c"}, nil},
		{"MaxLine bytes and a line break", long + "\nz\n", []string{long + "\n", "z\n"}, nil},
		{"MaxLine bytes at the end", long, []string{long}, nil},
		{"one byte more", long + "x\n", nil, ErrLongLine},
		{"one byte more at the end", long + "x", nil, ErrLongLine},
		{"after a good line", "a\n" + long + "xx", []string{"a\n"}, ErrLongLine},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := bufio.NewReaderSize(strings.NewReader(tt.in), 16)
			var buf []byte
			var got []string
			for {
				line, b, err := ReadLine(r, buf)
				buf = b
				if len(line) > 0 {
					got = append(got, string(line))
				}
				if err != nil {
					want := tt.err
					if want == nil {
						want = io.EOF
					}
					if err != want {
						t.Fatalf("err = %v, want %v", err, want)
					}
					break
				}
			}
			if len(got) != len(tt.lines) {
				t.Fatalf("%d lines, want %d", len(got), len(tt.lines))
			}
			for i := range got {
				if got[i] != tt.lines[i] {
					t.Errorf("line %d: %d bytes %.10q, want %d bytes %.10q", i+1, len(got[i]), got[i], len(tt.lines[i]), tt.lines[i])
				}
			}
		})
	}
}

// TestReadLineEndless: an endless line stops after MaxLine bytes read,
// with a buffer of about that size.
func TestReadLineEndless(t *testing.T) {
	r := bufio.NewReader(Zeros{})
	_, buf, err := ReadLine(r, nil)
	if err != ErrLongLine || cap(buf) > 4*MaxLine {
		t.Fatalf("err = %v, buffer %d bytes", err, cap(buf))
	}
}

func TestScanner(t *testing.T) {
	sc := Scanner(io.MultiReader(strings.NewReader("a\n"+strings.Repeat("x", MaxLine)+"\n"), Zeros{}))
	var lines int
	for sc.Scan() {
		lines++
	}
	if lines != 2 || Err(sc.Err()) != ErrLongLine {
		t.Fatalf("%d lines, err %v", lines, Err(sc.Err()))
	}
	if Err(io.ErrUnexpectedEOF) != io.ErrUnexpectedEOF || Err(nil) != nil {
		t.Error("Err changed another error")
	}
}

func TestReader(t *testing.T) {
	errBig := errors.New("too big")
	for _, tt := range []struct {
		in   string
		n    int64
		want error
	}{
		{"abc", 3, nil},
		{"abc", 4, nil},
		{"abcd", 3, errBig},
		{"", 0, nil},
	} {
		got, err := io.ReadAll(Reader(strings.NewReader(tt.in), tt.n, errBig))
		if err != tt.want || (err == nil && string(got) != tt.in) {
			t.Errorf("%q, %d: %q, %v; want %v", tt.in, tt.n, got, err, tt.want)
		}
	}
	got, err := io.ReadAll(Reader(Zeros{}, 1<<20, errBig))
	if err != errBig || len(got) != 1<<20 || !bytes.Equal(got, make([]byte, 1<<20)) {
		t.Errorf("endless input: %d bytes, %v", len(got), err)
	}
}

func TestLines(t *testing.T) {
	for _, tc := range []struct {
		name, in string
		want     []string
		err      error
	}{
		{"empty", "", nil, nil},
		{"no final newline", "a\nb", []string{"a", "b"}, nil},
		{"CRLF and BOM", "\ufeffa\r\n\r\nb\r\n", []string{"a", "", "b"}, nil},
		{"BOM only first", "a\n\ufeffb\n", []string{"a", "\ufeffb"}, nil},
		{"a long line", "a\n" + strings.Repeat("x", MaxLine+1), []string{"a"}, ErrLongLine},
	} {
		in := NewLines(strings.NewReader(tc.in))
		var got []string
		for in.Scan() {
			got = append(got, in.Text())
		}
		if in.Err() != tc.err || strings.Join(got, "|") != strings.Join(tc.want, "|") {
			t.Errorf("%s: %q, %v; want %q, %v", tc.name, got, in.Err(), tc.want, tc.err)
		}
		if tc.err != nil && in.Line() != len(tc.want)+1 {
			t.Errorf("%s: the long line is line %d, want %d", tc.name, in.Line(), len(tc.want)+1)
		}
	}
	in := NewLines(Zeros{})
	for in.Scan() {
	}
	if in.Err() != ErrLongLine || in.Line() != 1 {
		t.Errorf("endless line: %v at line %d", in.Err(), in.Line())
	}
}
