package perturb_test

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/stress-ner/stress/conll"
	"github.com/stress-ner/stress/perturb"
	"github.com/stress-ner/stress/perturb/kinds"
)

// textSink writes CoNLL text through conll.Writer.Write only.
type textSink struct {
	buf bytes.Buffer
	w   *conll.Writer
}

func newTextSink() *textSink {
	s := &textSink{}
	s.w = conll.NewWriter(&s.buf)
	return s
}

func (s *textSink) Write(sent conll.Sentence) error { return s.w.Write(sent) }

func (s *textSink) text() string { s.w.Flush(); return s.buf.String() }

// formattedText is a textSink the pipeline's workers format for.
type formattedText struct{ *textSink }

func (s formattedText) AppendSentence(dst []byte, sent conll.Sentence, sep bool) ([]byte, error) {
	return conll.Layout{}.AppendSentence(dst, sent, sep)
}

func (s formattedText) WriteFormatted(p []byte, n int) error { return s.w.WriteFormatted(p, n) }

// readerSource serves CoNLL text through conll.Reader, an AppendSource.
func readerSource(t testing.TB, ss []conll.Sentence) *conll.Reader {
	var buf bytes.Buffer
	w := conll.NewWriter(&buf)
	for _, s := range ss {
		if err := w.Write(s); err != nil {
			t.Fatal(err)
		}
	}
	w.Flush()
	return conll.NewReader(bytes.NewReader(buf.Bytes()))
}

type partsResult struct {
	texts [][2]string // per part, per step
	log   string      // change-log rows without header
	stats [][]perturb.Stats
}

// runParts runs keyboard and swap over the parts through one RunParts.
func runParts(t *testing.T, parts [][]conll.Sentence, workers int, formatted bool) partsResult {
	t.Helper()
	sel, err := perturb.NewSelector(perturb.DefaultSelection(), 7)
	if err != nil {
		t.Fatal(err)
	}
	k, w := mustKind(t, "keyboard", nil), mustKind(t, "swap", nil)
	var log rowLog
	p := &perturb.Pipeline{Seed: 7, Selector: sel, Workers: workers, ChangeLog: &log}
	var sinks [][2]*textSink
	var ps []perturb.Part
	for i, ss := range parts {
		pair := [2]*textSink{newTextSink(), newTextSink()}
		sinks = append(sinks, pair)
		var outs [2]perturb.Sink = [2]perturb.Sink{pair[0], pair[1]}
		if formatted {
			outs = [2]perturb.Sink{formattedText{pair[0]}, formattedText{pair[1]}}
		}
		ps = append(ps, perturb.Part{Source: readerSource(t, ss), Steps: []perturb.Step{
			{Name: "keyboard", File: fmt.Sprintf("k%d", i), Perturbation: k, Out: outs[0]},
			{Name: "swap", File: fmt.Sprintf("w%d", i), Perturbation: w, Out: outs[1]},
		}})
	}
	var res partsResult
	if res.stats, err = p.RunParts(context.Background(), ps); err != nil {
		t.Fatal(err)
	}
	for _, pair := range sinks {
		res.texts = append(res.texts, [2]string{pair[0].text(), pair[1].text()})
	}
	res.log = log.String()
	return res
}

// TestRunPartsMatchesRuns checks that RunParts gives every part the
// outputs, changes and statistics of a Run of its own, whatever the
// workers and whether the workers format the outputs (which also lets
// the pipeline reuse sentence memory).
func TestRunPartsMatchesRuns(t *testing.T) {
	all := manySentences(t)
	parts := [][]conll.Sentence{all[:300], nil, all[300:364], all[364:365], all[365:]}
	var want partsResult
	for i, ss := range parts {
		r := runParts(t, [][]conll.Sentence{ss}, 1, false)
		// A part's file names are its index in the run of several.
		r.log = strings.NewReplacer("File:k0 ", fmt.Sprintf("File:k%d ", i), "File:w0 ", fmt.Sprintf("File:w%d ", i)).Replace(r.log)
		want.texts = append(want.texts, r.texts[0])
		want.log += r.log
		want.stats = append(want.stats, r.stats[0])
	}
	if want.log == "" {
		t.Fatal("no changes: the test proves nothing")
	}
	for _, formatted := range []bool{false, true} {
		for _, workers := range []int{1, 2, 3} {
			got := runParts(t, parts, workers, formatted)
			name := fmt.Sprintf("formatted=%v workers=%d", formatted, workers)
			if !reflect.DeepEqual(got.texts, want.texts) {
				t.Errorf("%s: outputs differ from separate runs", name)
			}
			if got.log != want.log {
				t.Errorf("%s: change log differs from separate runs", name)
			}
			if !reflect.DeepEqual(got.stats, want.stats) {
				t.Errorf("%s: stats %+v, separate runs %+v", name, got.stats, want.stats)
			}
		}
	}
}

// countingSink counts the sentences written to it.
type countingSink struct{ n int }

func (s *countingSink) Write(conll.Sentence) error { s.n++; return nil }

// TestRunPartsDone checks that Done runs once per part, in order, after
// the part's last sentence and before the next part's first, and not for
// a part whose source fails.
func TestRunPartsDone(t *testing.T) {
	ss := manySentences(t)
	sel, err := perturb.NewSelector(perturb.DefaultSelection(), 1)
	if err != nil {
		t.Fatal(err)
	}
	k := mustKind(t, "keyboard", nil)
	bad := conll.ErrFieldCount // what failingSource's error wraps
	sizes := []int{200, 0, 64, 129}
	sinks := make([]*countingSink, len(sizes)+1)
	var done []string
	var parts []perturb.Part
	for i, n := range sizes {
		sinks[i] = &countingSink{}
		parts = append(parts, perturb.Part{Source: &sliceSource{s: ss[:n]},
			Steps: []perturb.Step{{Name: "keyboard", File: "k", Perturbation: k, Out: sinks[i]}},
			Done: func() error {
				for j, s := range sinks {
					if s == nil {
						continue
					}
					want := 0
					if j <= i {
						want = sizes[j]
					}
					if s.n != want {
						t.Errorf("Done of part %d: part %d has %d sentences written, want %d", i, j, s.n, want)
					}
				}
				done = append(done, fmt.Sprint(i))
				return nil
			}})
	}
	sinks[len(sizes)] = &countingSink{}
	parts = append(parts, perturb.Part{Source: &failingSource{sliceSource{s: ss}, 10},
		Steps: []perturb.Step{{Name: "keyboard", File: "k", Perturbation: k, Out: sinks[len(sizes)]}},
		Done:  func() error { done = append(done, "failed part"); return nil }})
	for w := 1; w <= 3; w++ {
		done = nil
		for i, s := range sinks {
			s.n = 0
			if i < len(sizes) {
				parts[i].Source = &sliceSource{s: ss[:sizes[i]]}
			}
		}
		parts[len(sizes)].Source = &failingSource{sliceSource{s: ss}, 10}
		_, err := (&perturb.Pipeline{Seed: 1, Selector: sel, Workers: w}).RunParts(context.Background(), parts)
		if !errors.Is(err, bad) {
			t.Fatalf("workers %d: error %v, want %v", w, err, bad)
		}
		if got := strings.Join(done, ","); got != "0,1,2,3" {
			t.Errorf("workers %d: Done calls %s", w, got)
		}
		if n := sinks[len(sizes)].n; n != 10 {
			t.Errorf("workers %d: failing part wrote %d sentences, want the 10 read before the error", w, n)
		}
	}
}

// TestRunPartsDoneError checks that an error from Done stops the run.
func TestRunPartsDoneError(t *testing.T) {
	ss := manySentences(t)
	sel, _ := perturb.NewSelector(perturb.DefaultSelection(), 1)
	k := mustKind(t, "keyboard", nil)
	stop := errors.New("flush failed")
	second := &countingSink{}
	parts := []perturb.Part{
		{Source: &sliceSource{s: ss[:100]}, Steps: []perturb.Step{{Name: "keyboard", File: "a", Perturbation: k, Out: &countingSink{}}},
			Done: func() error { return stop }},
		{Source: &sliceSource{s: ss}, Steps: []perturb.Step{{Name: "keyboard", File: "b", Perturbation: k, Out: second}}},
	}
	for workers := 1; workers <= 2; workers++ {
		_, err := (&perturb.Pipeline{Seed: 1, Selector: sel, Workers: workers}).RunParts(context.Background(), parts)
		if !errors.Is(err, stop) {
			t.Fatalf("workers %d: error %v, want %v", workers, err, stop)
		}
		if second.n != 0 {
			t.Errorf("workers %d: %d sentences of the next part written after Done failed", workers, second.n)
		}
	}
}

// TestWordEditors checks that AppendEdits, with ApplyEdits, gives what
// the kind's Perturb gives, random draws included, for every kind of the
// module that is a WordEditor: the pipeline builds the output sentences
// of WordEditors that way. The kinds found must be the seven the
// contract names (perturb.go), each changing some sentence of the sample.
func TestWordEditors(t *testing.T) {
	ss := sampleSentences(t)
	sel, _ := perturb.NewSelector(perturb.DefaultSelection(), 1)
	var found []string
	for _, k := range kinds.Builtin() {
		b, err := k.Build(nil)
		if err != nil {
			t.Fatalf("%s: %v", k.Name, err)
		}
		p := b.Perturbation
		we, ok := p.(perturb.WordEditor)
		if !ok {
			b.Close()
			continue
		}
		found = append(found, k.Name)
		name := k.Name
		changed := 0
		for i, s := range ss {
			selected := sel.Select(s)
			r1, r2 := rand.New(rand.NewPCG(uint64(i), 9)), rand.New(rand.NewPCG(uint64(i), 9))
			out, want := p.Perturb(s, selected, r1)
			got := perturb.AppendEdits(nil, s, selected, r2, name, we)
			if !reflect.DeepEqual(got, want) {
				t.Fatalf("%s sentence %d: AppendEdits %+v, Perturb %+v", name, i, got, want)
			}
			if r1.Uint64() != r2.Uint64() {
				t.Fatalf("%s sentence %d: random streams diverged", name, i)
			}
			if toks := perturb.ApplyEdits(nil, s.Tokens, got); !reflect.DeepEqual(toks, out.Tokens) {
				t.Fatalf("%s sentence %d: ApplyEdits %q, Perturb %q", name, i, toks, out.Tokens)
			}
			changed += len(got)
		}
		b.Close()
		if changed == 0 {
			t.Errorf("%s changed nothing: the test proves nothing for it", name)
		}
	}
	slices.Sort(found)
	if want := []string{"case", "delete", "insert", "keyboard", "ocr", "spelling", "swap"}; !slices.Equal(found, want) {
		t.Errorf("WordEditor kinds %v, want %v (update the contract's list in perturb.go)", found, want)
	}
}

func ExamplePipeline_RunParts() {
	sel, _ := perturb.NewSelector(perturb.DefaultSelection(), 1)
	swap, _ := perturb.Lookup("swap")
	p, _ := swap.New(nil)
	rows := 0
	var parts []perturb.Part
	for _, text := range []string{"Cisplatin\tB-Chemical\ninduced\tO\nnephrotoxicity\tB-Disease\n", "Hypertension\tB-Disease\n"} {
		name := fmt.Sprintf("part%d", len(parts)+1)
		parts = append(parts, perturb.Part{
			Source: conll.NewReader(strings.NewReader(text)),
			Steps:  []perturb.Step{{Name: "swap", File: name, Perturbation: p, Out: &countingSink{}}},
			Done:   func() error { fmt.Println(name, "written"); return nil },
		})
	}
	stats, err := (&perturb.Pipeline{Seed: 1, Selector: sel, Changes: func(perturb.Change) error { rows++; return nil }}).RunParts(context.Background(), parts)
	if err != nil {
		fmt.Println(err)
		return
	}
	for i, st := range stats {
		fmt.Printf("part%d: %d tokens, %d modified\n", i+1, st[0].Tokens, st[0].TokensModified)
	}
	fmt.Println(rows, "changes")
	// Output:
	// part1 written
	// part2 written
	// part1: 3 tokens, 3 modified
	// part2: 1 tokens, 1 modified
	// 4 changes
}

// BenchmarkPipelineFormatted is BenchmarkPipelineEndToEnd the way
// "stress build" runs it: the workers format both outputs and the change
// log, and the pipeline reuses sentence memory (see FormattedSink).
func BenchmarkPipelineFormatted(b *testing.B) {
	data := benchCorpus(b)
	sel, err := perturb.NewSelector(perturb.DefaultSelection(), 1)
	if err != nil {
		b.Fatal(err)
	}
	k, w := mustKind(b, "keyboard", nil), mustKind(b, "swap", nil)
	b.SetBytes(int64(len(data)))
	b.ReportAllocs()
	for b.Loop() {
		ko, wo := &textSink{w: conll.NewWriter(io.Discard)}, &textSink{w: conll.NewWriter(io.Discard)}
		p := &perturb.Pipeline{Seed: 1, Selector: sel, ChangeLog: &rowLog{}, Steps: []perturb.Step{
			{Name: "keyboard", File: "k", Perturbation: k, Out: formattedText{ko}},
			{Name: "swap", File: "s", Perturbation: w, Out: formattedText{wo}},
		}}
		if _, err := p.Run(context.Background(), conll.NewReader(bytes.NewReader(data))); err != nil {
			b.Fatal(err)
		}
		ko.w.Flush()
		wo.w.Flush()
	}
}
