package progress

import (
	"io"
	"os"
	"strconv"
	"strings"
	"sync"
	"time"
	"unicode/utf8"

	"golang.org/x/term"
)

// Bar is a progress bar on one line of a terminal, redrawn in place:
//
//	building K  50% |██████████          | (4797/9594 sentences, 1516 sentences/s) [3s:3s]
//
// or, when the total is unknown, a spinner with the count and the time
// so far. It is drawn with carriage returns and spaces only, at most
// every Every, and cut to the terminal's width so that it never wraps.
// Its methods may be called from several goroutines.
//
// It replaces github.com/schollz/progressbar, whose releases from v3.18
// import net/http (and so crypto/tls and some 70 packages) and whose
// initialisation compiles a pattern and fills a colour table: every
// command paid for them at start-up, bar or no bar (issue 34).
type Bar struct {
	// Unit names what is counted ("sentences"): the count and the rate
	// say it. Empty: counts without a unit and no rate.
	Unit string
	// Bytes counts bytes, shown in kB, MB and GB (Unit is ignored).
	Bytes bool
	// Width is the width of the bar itself, in characters.
	Width int
	// Every is the least time between two redraws (but see RenderBlank).
	Every time.Duration

	mu       sync.Mutex
	w        io.Writer
	what     string
	total    int64 // 0: unknown
	done     int64
	start    time.Time
	drawn    time.Time // of the last redraw
	shown    int       // characters on the line, to clear
	cols     int       // the terminal's width; 0: unknown
	spin     int
	finished bool
	now      func() time.Time
}

// NewBar returns the bar of what on terminal w, counting to total
// (0 or less: unknown, a spinner). Nothing is drawn before the first
// Add or RenderBlank.
func NewBar(w io.Writer, what string, total int64) *Bar {
	b := &Bar{Width: 20, Every: 150 * time.Millisecond, w: w, what: what, total: max(total, 0), now: time.Now}
	b.start = b.now()
	if f, ok := w.(*os.File); ok {
		if cols, _, err := term.GetSize(int(f.Fd())); err == nil {
			b.cols = cols
		}
	}
	return b
}

// Add counts n more and redraws the bar, unless it was drawn less than
// Every ago.
func (b *Bar) Add(n int) error { return b.Add64(int64(n)) }

// Add64 is Add for counts of bytes.
func (b *Bar) Add64(n int64) error {
	b.mu.Lock()
	defer b.mu.Unlock()
	if b.finished {
		return nil
	}
	b.done += n
	return b.drawLocked(false)
}

// ChangeMax sets the total (0 or less: unknown).
func (b *Bar) ChangeMax(total int) {
	b.mu.Lock()
	defer b.mu.Unlock()
	b.total = max(int64(total), 0)
}

// Describe changes what the bar says before the percentage; it shows at
// the next redraw.
func (b *Bar) Describe(what string) {
	b.mu.Lock()
	defer b.mu.Unlock()
	b.what = what
	if !b.finished {
		b.drawLocked(false)
	}
}

// RenderBlank draws the bar now, whenever it was last drawn: after a
// line written above it.
func (b *Bar) RenderBlank() error {
	b.mu.Lock()
	defer b.mu.Unlock()
	if b.finished {
		return nil
	}
	return b.drawLocked(true)
}

// Clear erases the bar from its line and leaves the cursor at its start.
func (b *Bar) Clear() error {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.clearLocked()
}

// Finish ends the bar and erases it: later calls draw nothing.
func (b *Bar) Finish() error {
	b.mu.Lock()
	defer b.mu.Unlock()
	b.finished = true
	return b.clearLocked()
}

func (b *Bar) clearLocked() error {
	if b.shown == 0 {
		return nil
	}
	n := b.shown
	b.shown = 0
	_, err := io.WriteString(b.w, "\r"+strings.Repeat(" ", n)+"\r")
	return err
}

func (b *Bar) drawLocked(force bool) error {
	now := b.now()
	if !force && b.shown > 0 && now.Sub(b.drawn) < b.Every {
		return nil
	}
	b.drawn = now
	line := b.line(now.Sub(b.start))
	if b.cols > 0 && utf8.RuneCountInString(line) >= b.cols {
		line = string([]rune(line)[:b.cols-1]) // the last column would wrap on some terminals
	}
	n := utf8.RuneCountInString(line)
	pad := ""
	if n < b.shown {
		pad = strings.Repeat(" ", b.shown-n)
	}
	b.shown = max(n, b.shown) // the line, padded over a longer one
	_, err := io.WriteString(b.w, "\r"+line+pad)
	return err
}

// spinner is the spinner's frames, one per redraw.
const spinner = `-\|/`

// line is the text of the bar after elapsed.
func (b *Bar) line(elapsed time.Duration) string {
	var s strings.Builder
	s.WriteString(b.what)
	done := b.done
	if b.total > 0 {
		done = min(done, b.total)
		pct := int(100 * done / b.total)
		s.WriteString(strings.Repeat(" ", max(1, 4-len(strconv.Itoa(pct)))) + strconv.Itoa(pct) + "% |")
		full := int(int64(b.Width) * done / b.total)
		s.WriteString(strings.Repeat("█", full) + strings.Repeat(" ", b.Width-full) + "|")
	} else {
		s.WriteString(" " + spinner[b.spin%len(spinner):b.spin%len(spinner)+1])
		b.spin++
	}
	s.WriteString(" (" + b.count(done))
	if b.total > 0 {
		s.WriteString("/" + b.count(b.total))
	}
	if !b.Bytes && b.Unit != "" {
		s.WriteString(" " + b.Unit)
	}
	if secs := elapsed.Seconds(); secs > 0 && (b.Bytes || b.Unit != "") {
		rate := float64(done) / secs
		if b.Bytes {
			s.WriteString(", " + bytesText(rate) + "/s")
		} else {
			s.WriteString(", " + strconv.FormatFloat(rate, 'f', 0, 64) + " " + b.Unit + "/s")
		}
	}
	s.WriteString(") [" + roundSeconds(elapsed))
	if b.total > 0 && done > 0 {
		left := time.Duration(float64(elapsed) * float64(b.total-done) / float64(done))
		s.WriteString(":" + roundSeconds(left))
	}
	s.WriteString("]")
	return s.String()
}

// count writes n as the bar counts: a number, or a size.
func (b *Bar) count(n int64) string {
	if b.Bytes {
		return bytesText(float64(n))
	}
	return strconv.FormatInt(n, 10)
}

// bytesText writes a size in B, kB, MB or GB (powers of 1000).
func bytesText(n float64) string {
	for _, u := range []string{"B", "kB", "MB"} {
		if n < 1000 {
			return strconv.FormatFloat(n, 'f', min(1, len(u)-1), 64) + " " + u
		}
		n /= 1000
	}
	return strconv.FormatFloat(n, 'f', 1, 64) + " GB"
}

// roundSeconds writes a duration in whole seconds: "3s", "2m5s", "1h0m0s".
func roundSeconds(d time.Duration) string {
	return d.Round(time.Second).String()
}
