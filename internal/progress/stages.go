package progress

import (
	"fmt"
	"io"
	"os"
	"strconv"
	"sync"
	"time"
)

// Stages shows the stages of a long command (build, train, tag, compare)
// one at a time. On a terminal each stage has a bar, with its total and
// an estimate of the time left when the total is known, and starting a
// stage ends the one before, so that two bars never write over each
// other. Off a terminal (a pipe, a log file, CI) there are no bars: each
// stage that ends prints one line ("tagging K with chars: 4797 sentences
// in 31.2 s"), so that a long run is never silent. Lines of the command's
// own log go through Logf, above the bar.
//
// A nil *Stages shows nothing: a command run with -q passes nil.
type Stages struct {
	mu sync.Mutex
	w  io.Writer
	// bars makes a stage's bar; nil off a terminal, where stages write
	// lines instead.
	bars func(what string, total int, unit string) bar
	// prefix, when not nil, begins every line (the command's clock).
	prefix func() string
	cur    *Stage
	now    func() time.Time
	// every is how often a stage that runs long says, off a terminal,
	// how far it has got (see Stage.Add).
	every time.Duration
}

// heartbeat is how often, off a terminal, a running stage writes how far
// it has got, so that no stage is silent for minutes.
const heartbeat = 30 * time.Second

// NewStages returns the display of stages on w (standard error). Lines
// begin with what prefix returns, when it is not nil.
func NewStages(w io.Writer, prefix func() string) *Stages {
	s := &Stages{w: w, prefix: prefix, now: time.Now, every: heartbeat}
	if f, ok := Terminal(w); ok {
		s.bars = func(what string, total int, unit string) bar { return newBar(f, what, total, unit) }
	}
	return s
}

// bar is what a stage draws on a terminal: a *Bar
// (tests record the calls instead).
type bar interface {
	Add(int) error
	Clear() error
	RenderBlank() error
	Finish() error
	ChangeMax(int)
	Describe(string)
}

// Stage is one stage of a command. Its methods may be called from
// several goroutines; those of a nil *Stage do nothing.
type Stage struct {
	s     *Stages
	what  string
	desc  string    // what the stage is doing now (Describe)
	last  time.Time // of the last line written off a terminal
	unit  string
	start time.Time
	total int
	done  int
	bar   bar
	ended bool
}

// Start begins a stage described as what, counting total units (-1 or
// 0: unknown, a spinner), and ends the stage before it.
func (s *Stages) Start(what string, total int, unit string) *Stage {
	if s == nil {
		return nil
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.cur != nil {
		s.cur.endLocked("")
	}
	st := &Stage{s: s, what: what, desc: what, unit: unit, start: s.now(), total: total}
	st.last = st.start
	if s.bars != nil {
		st.bar = s.bars(what, total, unit)
	}
	s.cur = st
	return st
}

func newBar(term *os.File, what string, total int, unit string) *Bar {
	b := NewBar(term, what, int64(total))
	b.Unit = unit
	return b
}

// Logf writes a line of the command's log: above the bar on a terminal.
func (s *Stages) Logf(format string, args ...any) {
	if s == nil {
		return
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	s.lineLocked(fmt.Sprintf(format, args...))
}

func (s *Stages) lineLocked(line string) {
	var b bar
	if s.cur != nil && !s.cur.ended {
		b = s.cur.bar
	}
	if b != nil {
		b.Clear()
	}
	if s.prefix != nil {
		line = s.prefix() + line
	}
	fmt.Fprintln(s.w, line)
	if b != nil {
		b.RenderBlank()
	}
}

// Add counts n units done; Add(0) refreshes the elapsed time.
func (st *Stage) Add(n int) {
	if st == nil {
		return
	}
	st.s.mu.Lock()
	defer st.s.mu.Unlock()
	if st.ended {
		return
	}
	st.done += n
	if st.bar != nil {
		st.bar.Add(n)
		return
	}
	if now := st.s.now(); st.s.every > 0 && now.Sub(st.last) >= st.s.every {
		st.last = now
		count := strconv.Itoa(st.done)
		if st.total > 0 {
			count += "/" + strconv.Itoa(st.total)
		}
		if st.unit != "" {
			count += " " + st.unit
		}
		st.s.lineLocked(fmt.Sprintf("%s: %s done, %s so far", st.desc, count, Seconds(now.Sub(st.start))))
	}
}

// SetTotal sets the total once it is known.
func (st *Stage) SetTotal(total int) {
	if st == nil {
		return
	}
	st.s.mu.Lock()
	defer st.s.mu.Unlock()
	st.total = total
	if st.bar != nil && !st.ended {
		st.bar.ChangeMax(total)
	}
}

// Describe changes what the bar says the stage is doing.
func (st *Stage) Describe(what string) {
	if st == nil {
		return
	}
	st.s.mu.Lock()
	defer st.s.mu.Unlock()
	st.desc = what
	if st.bar != nil && !st.ended {
		st.bar.Describe(what)
	}
}

// Line writes a line of the stage's log (a step done), above its bar.
func (st *Stage) Line(format string, args ...any) {
	if st == nil {
		return
	}
	st.s.Logf(format, args...)
}

// Done ends the stage with a line saying what it did and how long it
// took: "WHAT: SUMMARY in 12.3 s" ("WHAT in 12.3 s" without a summary).
func (st *Stage) Done(summary string) {
	if st == nil {
		return
	}
	st.s.mu.Lock()
	defer st.s.mu.Unlock()
	st.endLocked(summary)
}

// endLocked clears the bar and, unless the stage is ended without a
// summary by the next one starting, writes its line.
func (st *Stage) endLocked(summary string) {
	if st.ended {
		return
	}
	st.ended = true
	if st.bar != nil {
		st.bar.Finish()
		st.bar.Clear()
	}
	if st.s.cur == st {
		st.s.cur = nil
	}
	line := st.what
	if summary != "" {
		line += ": " + summary
	}
	st.s.lineLocked(line + " in " + Seconds(st.s.now().Sub(st.start)))
}

// Seconds prints a duration in seconds with one decimal: "31.2 s".
func Seconds(d time.Duration) string {
	return strconv.FormatFloat(d.Seconds(), 'f', 1, 64) + " s"
}

// StartCounted starts one stage on w with its total counted by count
// beside the work (unknown until then, and when count cannot tell).
func StartCounted(w io.Writer, what, unit string, count func() (int, bool)) *Stage {
	st := NewStages(w, nil).Start(what, -1, unit)
	go func() {
		if total, ok := count(); ok {
			st.SetTotal(total)
		}
	}()
	return st
}
