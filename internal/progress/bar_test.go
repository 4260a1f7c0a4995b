package progress

import (
	"strings"
	"testing"
	"time"
)

// testBar returns a bar on a buffer whose clock moves only when told.
func testBar(what string, total int64) (*Bar, *strings.Builder, *time.Time) {
	var out strings.Builder
	t0 := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	now := t0
	b := NewBar(&out, what, total)
	b.now = func() time.Time { return now }
	b.start = t0
	return b, &out, &now
}

func TestBarLine(t *testing.T) {
	for _, tc := range []struct {
		name  string
		total int64
		unit  string
		bytes bool
		done  int64
		after time.Duration
		want  string
	}{
		{"half", 10, "sentences", false, 5, 2 * time.Second,
			"building K  50% |██████████          | (5/10 sentences, 2 sentences/s) [2s:2s]"},
		{"none yet", 10, "sentences", false, 0, 0,
			"building K   0% |                    | (0/10 sentences) [0s]"},
		{"all", 4, "", false, 4, time.Second,
			"building K 100% |████████████████████| (4/4) [1s:0s]"},
		{"more than all", 4, "", false, 9, time.Second,
			"building K 100% |████████████████████| (4/4) [1s:0s]"},
		{"unknown total", 0, "samples", false, 3, 3 * time.Second,
			"building K - (3 samples, 1 samples/s) [3s]"},
		{"bytes", 2_000_000, "", true, 500_000, 90 * time.Second,
			"building K  25% |█████               | (500.0 kB/2.0 MB, 5.6 kB/s) [1m30s:4m30s]"},
		{"small sizes", 900, "", true, 900, time.Second,
			"building K 100% |████████████████████| (900 B/900 B, 900 B/s) [1s:0s]"},
	} {
		b, _, _ := testBar("building K", tc.total)
		b.Unit, b.Bytes, b.done = tc.unit, tc.bytes, tc.done
		if got := b.line(tc.after); got != tc.want {
			t.Errorf("%s:\n got %q\nwant %q", tc.name, got, tc.want)
		}
	}
}

// TestBarDraws follows what a bar writes: throttled redraws on one line,
// RenderBlank at once, a shorter line padded over a longer one, Clear
// and Finish erasing it, nothing after Finish.
func TestBarDraws(t *testing.T) {
	b, out, now := testBar("tag", 10)
	b.Width = 4
	step := func(d time.Duration, f func()) string {
		out.Reset()
		*now = now.Add(d)
		f()
		return out.String()
	}
	if got := step(0, func() { b.Add(1) }); got != "\rtag  10% |    | (1/10) [0s:0s]" {
		t.Errorf("first Add: %q", got)
	}
	if got := step(100*time.Millisecond, func() { b.Add(1) }); got != "" {
		t.Errorf("Add within Every drew %q", got)
	}
	if got := step(0, func() { b.RenderBlank() }); got != "\rtag  20% |    | (2/10) [0s:0s]" {
		t.Errorf("RenderBlank: %q", got)
	}
	if got := step(time.Second, func() { b.Describe("t") }); got != "\rt  20% |    | (2/10) [1s:4s]  " {
		t.Errorf("Describe, shorter: %q", got)
	}
	if got := step(0, func() { b.Clear() }); got != "\r"+strings.Repeat(" ", 30)+"\r" {
		t.Errorf("Clear: %q", got)
	}
	if got := step(0, func() { b.Clear() }); got != "" {
		t.Errorf("a second Clear: %q", got)
	}
	b.ChangeMax(20)
	if got := step(0, func() { b.Add(8) }); got != "\rt  50% |██  | (10/20) [1s:1s]" {
		t.Errorf("after ChangeMax: %q", got)
	}
	if got := step(0, func() { b.Finish() }); got != "\r"+strings.Repeat(" ", 29)+"\r" {
		t.Errorf("Finish: %q", got)
	}
	if got := step(time.Second, func() { b.Add(1); b.RenderBlank(); b.Describe("x") }); got != "" {
		t.Errorf("after Finish: %q", got)
	}
}

// TestBarFitsTheTerminal cuts a line to one column less than the
// terminal: a full line would wrap on some terminals and the next
// carriage return would not reach its start.
func TestBarFitsTheTerminal(t *testing.T) {
	b, out, _ := testBar(strings.Repeat("é", 50), 10)
	b.cols = 40
	b.RenderBlank()
	if got := out.String(); got != "\r"+strings.Repeat("é", 39) {
		t.Errorf("got %q", got)
	}
}
