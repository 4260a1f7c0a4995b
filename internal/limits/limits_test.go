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
	for name, scanner := range map[string]func(io.Reader) *bufio.Scanner{"Scanner": Scanner, "ShortScanner": ShortScanner} {
		sc := scanner(io.MultiReader(strings.NewReader("a\n"+strings.Repeat("x", MaxLine)+"\n"), Zeros{}))
		var lines int
		for sc.Scan() {
			lines++
		}
		if lines != 2 || Err(sc.Err()) != ErrLongLine {
			t.Fatalf("%s: %d lines, err %v", name, lines, Err(sc.Err()))
		}
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

// TestBlocks reads inputs in every chunking a reader may deliver and
// checks that the lines Blocks hands out are the input's, whole.
func TestBlocks(t *testing.T) {
	for _, in := range []string{"", "a", "a\n", "a\nb", "a\n\nb\n", "\n\n", "ab\r\ncd\r\n", strings.Repeat("word B-X O\n", 40000) + "end"} {
		for _, chunk := range []int{1, 3, 7, 1 << 20} {
			bl := NewBlocks(&chunked{s: in, n: chunk})
			var got strings.Builder
			for {
				block, err := bl.Next()
				if err == io.EOF {
					break
				}
				if err != nil {
					t.Fatal(err)
				}
				if len(block) == 0 {
					t.Fatalf("%q by %d: empty block", in[:min(len(in), 20)], chunk)
				}
				if block[len(block)-1] != '\n' && got.Len()+len(block) != len(in) {
					t.Fatalf("%q by %d: block %q does not end a line", in[:min(len(in), 20)], chunk, block)
				}
				got.Write(block)
			}
			if got.String() != in {
				t.Errorf("%q by %d: read %d bytes, want %d", in[:min(len(in), 20)], chunk, got.Len(), len(in))
			}
		}
	}
}

func TestBlocksLongLine(t *testing.T) {
	for _, tc := range []struct {
		in   io.Reader
		want error
	}{
		{io.MultiReader(strings.NewReader("a\n"), io.LimitReader(Zeros{}, MaxLine), strings.NewReader("\nb")), nil},
		{io.MultiReader(strings.NewReader("a\n"), io.LimitReader(Zeros{}, MaxLine)), nil},
		{io.MultiReader(strings.NewReader("a\n"), io.LimitReader(Zeros{}, MaxLine+1), strings.NewReader("\n")), ErrLongLine},
		{io.MultiReader(strings.NewReader("a\n"), Zeros{}), ErrLongLine},
	} {
		bl := NewBlocks(tc.in)
		lines := 0
		var err error
		for {
			var block []byte
			if block, err = bl.Next(); err != nil {
				break
			}
			lines += bytes.Count(block, []byte("\n"))
			for _, l := range bytes.SplitAfter(block, []byte("\n")) {
				if len(bytes.TrimSuffix(l, []byte("\n"))) > MaxLine {
					t.Fatalf("a line of %d bytes", len(l))
				}
			}
		}
		if err == io.EOF {
			err = nil
		}
		if err != tc.want || tc.want != nil && lines != 1 {
			t.Errorf("got %v after %d lines, want %v", err, lines, tc.want)
		}
	}
}

func TestBlocksReadError(t *testing.T) {
	boom := errors.New("boom")
	bl := NewBlocks(io.MultiReader(strings.NewReader("a\nb\npartial"), &failing{boom}))
	var got []byte
	var err error
	for {
		var block []byte
		if block, err = bl.Next(); err != nil {
			break
		}
		got = append(got, block...)
	}
	if err != boom || string(got) != "a\nb\n" {
		t.Errorf("got %q, %v; want the whole lines, then the error", got, err)
	}
	if _, err := bl.Next(); err != boom {
		t.Errorf("then %v, want the error again", err)
	}
}

// chunked reads s n bytes at a time.
type chunked struct {
	s string
	n int
}

func (c *chunked) Read(p []byte) (int, error) {
	if len(c.s) == 0 {
		return 0, io.EOF
	}
	k := copy(p[:min(len(p), c.n)], c.s)
	c.s = c.s[k:]
	return k, nil
}

type failing struct{ err error }

func (f *failing) Read([]byte) (int, error) { return 0, f.err }
