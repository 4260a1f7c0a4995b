package compare

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"image/png"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/stress-ner/stress/conll"
	"github.com/stress-ner/stress/internal/browsertest"
	"github.com/stress-ner/stress/report"
	"github.com/stress-ner/stress/stressset"
)

// chromium runs the browser; a run that dies of a signal (Chromium
// crashed now and then on a loaded machine: a segmentation fault while
// starting) is tried up to twice more, logged.
func chromium(t *testing.T, bin string, args ...string) []byte {
	t.Helper()
	for attempt := 1; ; attempt++ {
		ctx, cancel := context.WithTimeout(context.Background(), 90*time.Second)
		base := append(browsertest.Flags(t.TempDir()), "--hide-scrollbars")
		cmd := exec.CommandContext(ctx, bin, append(base, args...)...)
		var stdout, stderr bytes.Buffer
		cmd.Stdout, cmd.Stderr = &stdout, &stderr
		err := cmd.Run()
		cancel()
		if err == nil {
			return stdout.Bytes()
		}
		if attempt < 3 && cmd.ProcessState != nil && !cmd.ProcessState.Exited() && ctx.Err() == nil {
			t.Logf("chromium %v died (%v); trying again", args, err)
			continue
		}
		t.Fatalf("chromium %v: %v\n%s", args, err, stderr.String())
	}
}

// fiveTypes are JNLPBA's; eighteenTypes as many as BioNLP13CG has, with
// names as long as its longest.
var (
	fiveTypes     = []string{"protein", "DNA", "RNA", "cell_type", "cell_line"}
	eighteenTypes = []string{"Amino_acid", "Anatomical_system", "Cancer", "Cell", "Cellular_component", "Developing_anatomical_structure",
		"Gene_or_gene_product", "Immaterial_anatomical_entity", "Multi-tissue_structure", "Organ", "Organism", "Organism_subdivision",
		"Organism_substance", "Pathological_formation", "Simple_chemical", "Tissue", "Protein_domain_or_region", "DNA_domain_or_region"}
)

// wideComparer is about the widest report a user makes: the original and
// nine stress sets, four systems, the entity types given, a long input
// path.
func wideComparer(t *testing.T, n int, types []string) *Comparer {
	c := New()
	c.Samples = 100
	c.Describe = func(set string) SetDescription {
		return SetDescription{Kind: set, Mentions: set == "synonym" || set == "entity-swap" || set == "spelling"}
	}
	relabel := func(ss []conll.Sentence) []conll.Sentence {
		out := make([]conll.Sentence, len(ss))
		for i, s := range ss {
			s = s.Clone()
			for j, tag := range s.Tags {
				if p, _, ok := strings.Cut(tag, "-"); ok {
					s.Tags[j] = p + "-" + types[(i+j/3)%len(types)]
				}
			}
			out[i] = s
		}
		return out
	}
	gold := relabel(synthGold(n, 1))
	sets := []string{"O", "keyboard", "swap", "synonym", "spelling", "case", "ocr", "insert", "delete", "entity-swap"}
	for k, set := range sets {
		var changes []stressset.Span
		if set != "O" {
			for i := 0; i < n; i += 2 + k%3 {
				changes = append(changes, stressset.Span{Sentence: i, Start: 0, End: 1})
			}
		}
		if set == "synonym" {
			changes = changes[:1] // a near copy: not measured
		}
		must(t, c.AddSet(stressset.Set{Name: set, File: "very/long/path/to/the/corpus/jnlpba-test_" + set + ".tsv", Gold: gold, Changed: changes}))
	}
	for si, sys := range []string{"words", "chars", "bilstm-crf", "words+K"} {
		for k, set := range sets {
			rate := 0.03 + 0.01*float64(k) + 0.01*float64(si)
			must(t, c.AddPrediction(sys, set, set+".pred", relabel(noisy(gold, rate, uint64(10*si+k)))))
		}
	}
	return c
}

func wideProvenance(types []string) *Provenance {
	p := &Provenance{Tool: "stress", Version: "0.1.0-dev", Revision: "0123456789abcdef0123456789abcdef01234567", Date: "2025-01-02T03:04:05Z",
		Command: "stress run --train /a/rather/long/path/to/corpora/JNLPBA/train.tsv --test /a/rather/long/path/to/corpora/JNLPBA/jnlpba-test.tsv --kinds keyboard,swap,synonym,spelling,case,ocr,insert,delete,entity-swap --model-cmd 'python3 tag.py --batch 64'",
		Seed:    1}
	for _, role := range []string{"test", "train"} {
		p.Inputs = append(p.Inputs, InputInfo{Role: role, Path: "/a/rather/long/path/to/corpora/JNLPBA/jnlpba-" + role + ".tsv",
			SHA256: strings.Repeat("0123456789abcdef", 4), Sentences: 4797, Tokens: 124750, Mentions: 9809,
			Types: typeCounts(types)})
	}
	p.Systems = []SystemInfo{{Name: "bilstm-crf", Kind: "command", Source: "python3 /home/someone/models/bilstm_crf/tag.py --model /home/someone/models/bilstm_crf/model.pt --batch 64"}}
	p.Kinds = []KindInfo{{Name: "keyboard", Set: "keyboard", Options: map[string]string{"layout": "qwerty"}, Help: "replace a letter by a neighbouring key"}}
	return p
}

func typeCounts(types []string) map[string]int {
	m := map[string]int{}
	for i, t := range types {
		m[t] = 100 + 37*i
	}
	return m
}

// probe is added to a copy of the page under test: it measures the
// layout as the browser laid it out and leaves the figures in the DOM
// for --dump-dom (hidden, so that it does not change the layout).
const probe = `<script>
(function(){
  var d = document.documentElement, out = {};
  out.scrollWidth = d.scrollWidth; out.clientWidth = d.clientWidth; out.innerWidth = window.innerWidth;
  var h = document.querySelector('table.headline');
  out.headlineTop = h ? h.getBoundingClientRect().top + window.scrollY : -1;
  var p = document.querySelector('details#provenance');
  out.provenanceTop = p ? p.getBoundingClientRect().top + window.scrollY : -1;
  var svgs = document.querySelectorAll('svg');
  out.firstFigureTop = svgs.length ? svgs[0].getBoundingClientRect().top + window.scrollY : -1;
  out.charts = [];
  svgs.forEach(function(s){ out.charts.push({cls: s.getAttribute('class'),
    values: s.querySelectorAll('text.value').length,
    marks: s.querySelectorAll('rect.bar, rect.cell').length,
    axisFromZero: s.querySelector('line.axis') !== null || s.querySelector('rect.cell') !== null}); });
  out.wide = [];
  document.querySelectorAll('body *').forEach(function(e){
    var r = e.getBoundingClientRect();
    if (r.width > 0 && r.right > d.clientWidth + 1 && out.wide.length < 10) out.wide.push(e.tagName + '.' + e.className + ' right=' + Math.round(r.right));
  });
  var pre = document.createElement('pre'); pre.id = 'probe'; pre.style.display = 'none';
  pre.textContent = JSON.stringify(out); document.body.appendChild(pre);
})();
</script>
`

type probeResult struct {
	ScrollWidth, ClientWidth, InnerWidth int
	HeadlineTop, FirstFigureTop          float64
	ProvenanceTop                        float64
	Charts                               []struct {
		Cls          string
		Values       int
		Marks        int
		AxisFromZero bool
	}
	Wide []string
}

// TestHTMLInBrowser lays the report out in headless Chromium at 800,
// 1,400 and 1,600 px, with five entity types and with eighteen (as many
// as BioNLP13CG): no horizontal overflow (wide tables scroll in their own
// box), the headline table first, near the top, above the provenance and
// the first figure, every chart with a value label on each bar and cell.
// A screenshot checks that the charts are really drawn (it is written to
// a temporary directory, never to the repository).
func TestHTMLInBrowser(t *testing.T) {
	bin := browsertest.Chromium(t, "the HTML report is not checked in a browser")
	dir := t.TempDir()
	var page, probed string
	for _, types := range [][]string{fiveTypes, eighteenTypes} {
		c := wideComparer(t, 300, types)
		rep, err := c.Report(context.Background())
		if err != nil {
			t.Fatal(err)
		}
		rep.Provenance = wideProvenance(types)
		var buf bytes.Buffer
		if err := rep.Write(&buf, report.HTML); err != nil {
			t.Fatal(err)
		}
		page = buf.String()
		if strings.Contains(page, "<script") || regexp.MustCompile(`(src|href)="https?:`).MatchString(page) {
			t.Error("the report must be one self-contained file: no scripts, no external resources")
		}
		probed = filepath.Join(dir, fmt.Sprintf("probed%d.html", len(types)))
		if err := os.WriteFile(probed, []byte(strings.Replace(page, "</body>", probe+"</body>", 1)), 0o644); err != nil {
			t.Fatal(err)
		}
		for _, width := range []int{800, 1400, 1600} {
			t.Run(fmt.Sprintf("%d-types-%d-px", len(types), width), func(t *testing.T) {
				dom := string(chromium(t, bin, "--dump-dom", fmt.Sprintf("--window-size=%d,1000", width), "file://"+probed))
				m := regexp.MustCompile(`(?s)<pre id="probe"[^>]*>(.*?)</pre>`).FindStringSubmatch(dom)
				if m == nil {
					t.Fatalf("no probe result in the DOM:\n%.2000s", dom)
				}
				var got probeResult
				if err := json.Unmarshal([]byte(strings.ReplaceAll(m[1], "&quot;", `"`)), &got); err != nil {
					t.Fatalf("probe %s: %v", m[1], err)
				}
				t.Logf("window %d: inner %d, client %d, scroll %d; headline at %.0f, provenance at %.0f, first figure at %.0f",
					width, got.InnerWidth, got.ClientWidth, got.ScrollWidth, got.HeadlineTop, got.ProvenanceTop, got.FirstFigureTop)
				if got.InnerWidth != width {
					t.Fatalf("window is %d px wide, want %d (--window-size not honoured?)", got.InnerWidth, width)
				}
				if got.ScrollWidth > got.ClientWidth {
					t.Errorf("horizontal overflow at %d px: page %d px wide in %d; too wide: %v", width, got.ScrollWidth, got.ClientWidth, got.Wide)
				}
				if got.HeadlineTop < 0 || got.FirstFigureTop < 0 || got.HeadlineTop >= got.FirstFigureTop {
					t.Errorf("headline table at %.0f px, first figure at %.0f px: want the table first", got.HeadlineTop, got.FirstFigureTop)
				}
				if got.ProvenanceTop < 0 || got.HeadlineTop >= got.ProvenanceTop {
					t.Errorf("headline table at %.0f px, provenance at %.0f px: want the headline first", got.HeadlineTop, got.ProvenanceTop)
				}
				if got.HeadlineTop > 500 {
					t.Errorf("headline table %.0f px down the page: the title and its lines push it out of the first screen", got.HeadlineTop)
				}
				if len(got.Charts) < 3 {
					t.Errorf("%d charts, want F1, drop and heat maps", len(got.Charts))
				}
				for _, ch := range got.Charts {
					if ch.Marks == 0 || ch.Values < ch.Marks {
						t.Errorf("chart %s: %d value labels for %d bars/cells", ch.Cls, ch.Values, ch.Marks)
					}
					if !ch.AxisFromZero {
						t.Errorf("chart %s has no zero axis", ch.Cls)
					}
				}
			})
		}
	}

	shot := filepath.Join(dir, "shot.png")
	chromium(t, bin, "--screenshot="+shot, "--window-size=1400,4400", "file://"+probed)
	f, err := os.Open(shot)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	img, err := png.Decode(f)
	if err != nil {
		t.Fatalf("decode screenshot: %v", err)
	}
	b := img.Bounds()
	saturated := 0
	for y := b.Min.Y; y < b.Max.Y; y++ {
		for x := b.Min.X; x < b.Max.X; x++ {
			r, g, bl, _ := img.At(x, y).RGBA()
			r, g, bl = r>>8, g>>8, bl>>8
			if max(r, g, bl)-min(r, g, bl) > 80 {
				saturated++ // chart colours, not grey text
			}
		}
	}
	t.Logf("screenshot %v: %d saturated pixels", b.Size(), saturated)
	if saturated < 5000 {
		t.Errorf("screenshot has %d saturated pixels: bars missing?", saturated)
	}
	if os.Getenv("STRESS_KEEP_SHOT") != "" {
		if err := os.WriteFile(os.Getenv("STRESS_KEEP_SHOT"), mustRead(t, shot), 0o644); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(os.Getenv("STRESS_KEEP_SHOT")+".html", []byte(page), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

func mustRead(t *testing.T, path string) []byte {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return b
}
