package progress

import (
	"bytes"
	"strings"
	"testing"
	"time"
)

// clock is a fake time that moves only when told.
type clock struct{ t time.Time }

func (c *clock) now() time.Time          { return c.t }
func (c *clock) advance(d time.Duration) { c.t = c.t.Add(d) }

// TestStagesOffTerminal checks the lines a command writes off a
// terminal: one per stage that ends, with its duration; a stage started
// before the last ended ends it; the log goes through; a long stage says
// how far it got every heartbeat; nil shows nothing.
func TestStagesOffTerminal(t *testing.T) {
	for _, tc := range []struct {
		name string
		run  func(s *Stages, c *clock)
		want []string
	}{
		{"one stage", func(s *Stages, c *clock) {
			st := s.Start("building K", 10, "sentences")
			st.Add(10)
			c.advance(1500 * time.Millisecond)
			st.Done("10 sentences")
		}, []string{"building K: 10 sentences in 1.5 s"}},
		{"next stage ends the last", func(s *Stages, c *clock) {
			s.Start("training", 2, "models")
			c.advance(2 * time.Second)
			st := s.Start("tagging", 4, "sets")
			st.Done("")
		}, []string{"training in 2.0 s", "tagging in 0.0 s"}},
		{"log and step lines", func(s *Stages, c *clock) {
			s.Logf("building %s", "K")
			st := s.Start("tagging", 2, "sets")
			st.Line("tagging O with words: %d sentences in 0.1 s", 3)
			st.Done("done twice is once")
			st.Done("again")
			st.Add(1) // after the end: nothing
		}, []string{"building K", "tagging O with words: 3 sentences in 0.1 s", "tagging: done twice is once in 0.0 s"}},
		{"heartbeat", func(s *Stages, c *clock) {
			st := s.Start("attacking", 100, "sentences")
			st.Add(10)
			c.advance(heartbeat)
			st.Add(10)
			c.advance(heartbeat / 2)
			st.Describe("attacking batch 3")
			st.Add(0)
			c.advance(heartbeat / 2)
			st.Add(0)
			st.Done("100 sentences")
		}, []string{"attacking: 20/100 sentences done, 30.0 s so far", "attacking batch 3: 20/100 sentences done, 60.0 s so far", "attacking: 100 sentences in 60.0 s"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var out bytes.Buffer
			c := &clock{t: time.Unix(0, 0)}
			s := NewStages(&out, nil)
			s.now = c.now
			tc.run(s, c)
			got := strings.Split(strings.TrimSuffix(out.String(), "\n"), "\n")
			if strings.Join(got, "\n") != strings.Join(tc.want, "\n") {
				t.Errorf("lines:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(tc.want, "\n"))
			}
		})
	}
	var nilStages *Stages
	nilStages.Logf("x")
	st := nilStages.Start("x", 1, "")
	st.Add(1)
	st.Done("")
}

func TestPrefix(t *testing.T) {
	var out bytes.Buffer
	s := NewStages(&out, func() string { return "[1s] " })
	s.Logf("hello")
	if out.String() != "[1s] hello\n" {
		t.Errorf("%q", out.String())
	}
}
