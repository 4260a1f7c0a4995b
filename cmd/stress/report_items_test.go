package main

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"html"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"
)

// The report as JSON, as far as the tests of issue 21 read it.
type reportJSON struct {
	Provenance struct {
		Tool, Version, Revision, Date, Command string
		Seed                                   uint64
		Inputs                                 []struct {
			Role, Path, SHA256 string
			Sentences, Tokens  int
			Mentions           int
			ByType             map[string]int `json:"mentions_by_type"`
		}
		Systems []struct{ Name, Kind, Source string }
		Kinds   []struct {
			Name, Set, File, SHA256 string
			Options                 map[string]string
		}
	}
	Sets []struct {
		Name             string
		ChangedSentences int     `json:"changed_sentences"`
		ChangedTokens    int     `json:"changed_tokens"`
		ChangedMentions  int     `json:"changed_mentions"`
		ChangedShare     float64 `json:"changed_share"`
		NotMeasured      bool    `json:"not_measured"`
		Types            []struct {
			Type              string
			Mentions, Changed int
		}
	}
	Systems []struct {
		Name    string
		Results []struct {
			Set     string
			Overall struct {
				F1   float64
				F1CI *struct{ Low, High float64 } `json:"f1_ci"`
			}
			Types []struct {
				Type string
				Drop *struct {
					CI *struct{ Low, High float64 }
				}
			}
			Drop *struct {
				Value float64
				CI    *struct{ Low, High float64 }
			}
			Perturbed     *struct{ Gold int }
			RefPerturbed  *struct{ F1 float64 } `json:"reference_perturbed"`
			Errors        map[string]int
			TypeConfusion []struct {
				Gold      string
				Predicted string `json:"pred"`
				Count     int    `json:"n"`
			} `json:"type_confusion"`
		}
	}
	Examples []struct {
		Set     string
		Systems []struct {
			System string
			Failed bool
		}
	}
}

var hex64 = regexp.MustCompile(`^[0-9a-f]{64}$`)

// suffixTagger is an external tagger nobody trained: every word ending
// in "ine" is a Chemical.
const suffixTagger = `awk '{ if (!NF) print ""; else if ($1 ~ /ine$/) print "B-Chemical"; else print "O" }'`

// TestRunReportHoldsItem1 is issue 21's first "done when": stress run on
// the BC5CDR test sample with the built-in baselines and one
// --model-cmd system writes text, JSON, Markdown and HTML reports with
// the provenance (inputs with sha256 and counts, systems with their
// command or model, kinds with options, seed, version, revision, date),
// the headline (share changed per type, F1 and drop with intervals, F1
// on changed mentions beside the same mentions on O for entity-level
// kinds), per-type drops, errors and confusions (entity types
// included), seeded examples of failures, and a set not measured said
// in words (abbreviation contracted: the sample defines no long form
// it could contract).
func TestRunReportHoldsItem1(t *testing.T) {
	if testing.Short() {
		t.Skip("trains two models and loads the default concept store")
	}
	args := []string{"run", "-q", "--epochs", "1", "--samples", "50",
		"--kinds", "keyboard,swap,synonym,spelling,abbreviation", "--direction", "contract",
		"--model-cmd", suffixTagger, "--model-name", "suffix"}
	js, _, err := runCLI(t, "", append(args, "--out", filepath.Join(t.TempDir(), "j"), "-f", "json")...)
	if err != nil {
		t.Fatal(err)
	}
	var rep reportJSON
	if err := json.Unmarshal([]byte(js), &rep); err != nil {
		t.Fatal(err)
	}
	p := rep.Provenance
	if p.Tool != "stress" || p.Version == "" || p.Revision == "" || p.Seed != 1 || !strings.Contains(p.Command, "--model-cmd") {
		t.Errorf("provenance: %+v", p)
	}
	if _, err := time.Parse(time.RFC3339, p.Date); err != nil {
		t.Errorf("date %q: %v", p.Date, err)
	}
	if len(p.Inputs) != 2 {
		t.Fatalf("inputs: %+v", p.Inputs)
	}
	for _, in := range p.Inputs {
		if !hex64.MatchString(in.SHA256) || in.Sentences == 0 || in.Tokens == 0 || in.Mentions != in.ByType["Chemical"]+in.ByType["Disease"] || in.Mentions == 0 {
			t.Errorf("input %+v", in)
		}
	}
	test := p.Inputs[0]
	if test.Role != "test" || test.Path != "sample:test" || test.Sentences != 512 {
		t.Errorf("test input %+v", test)
	}
	sources := map[string]string{}
	for _, s := range p.Systems {
		sources[s.Name] = s.Kind + ": " + s.Source
	}
	if sources["suffix"] != "command: "+suffixTagger || !strings.HasPrefix(sources["words"], "baseline: built-in words") || !strings.HasPrefix(sources["chars"], "baseline: built-in chars") {
		t.Errorf("systems: %q", sources)
	}
	opts := map[string]map[string]string{}
	for _, k := range p.Kinds {
		if !hex64.MatchString(k.SHA256) {
			t.Errorf("kind %s: sha256 %q", k.Name, k.SHA256)
		}
		opts[k.Name] = k.Options
	}
	if len(opts) != 5 || opts["keyboard"]["layout"] != "qwerty" || opts["spelling"]["to"] != "uk" || opts["abbreviation"]["direction"] != "contract" || opts["synonym"]["strategy"] != "random" {
		t.Errorf("kinds' options: %v", opts)
	}

	sets := map[string]int{}
	for i, s := range rep.Sets {
		sets[s.Name] = i
	}
	kb := rep.Sets[sets["keyboard"]]
	if kb.ChangedSentences == 0 || kb.ChangedTokens == 0 || kb.ChangedShare <= 0 || len(kb.Types) != 2 || kb.Types[0].Changed == 0 || kb.NotMeasured {
		t.Errorf("keyboard set: %+v", kb)
	}
	if ab := rep.Sets[sets["abbreviation"]]; !ab.NotMeasured || ab.ChangedMentions != 0 {
		t.Errorf("abbreviation set: %+v", ab)
	}
	entityLevel := map[string]bool{"synonym": true, "spelling": true}
	for _, sys := range rep.Systems {
		for _, r := range sys.Results {
			if r.Overall.F1CI == nil || r.Errors == nil || len(r.TypeConfusion) == 0 {
				t.Errorf("%s on %s: no interval, errors or type confusion", sys.Name, r.Set)
			}
			switch {
			case r.Set == "O" || r.Set == "abbreviation":
				if r.Drop != nil {
					t.Errorf("%s on %s: a drop %+v", sys.Name, r.Set, r.Drop)
				}
			case r.Drop == nil || r.Drop.CI == nil:
				t.Errorf("%s on %s: no drop with an interval", sys.Name, r.Set)
			}
			if entityLevel[r.Set] && (r.Perturbed == nil || r.Perturbed.Gold == 0 || r.RefPerturbed == nil) {
				t.Errorf("%s on %s: no F1 on the changed mentions beside the same mentions on O", sys.Name, r.Set)
			}
			if r.Set == "keyboard" && sys.Name != "suffix" {
				for _, ty := range r.Types {
					if ty.Drop == nil || ty.Drop.CI == nil {
						t.Errorf("%s on keyboard: no %s drop with an interval", sys.Name, ty.Type)
					}
				}
			}
		}
	}
	failed := map[string]bool{}
	for _, e := range rep.Examples {
		for _, s := range e.Systems {
			failed[e.Set] = failed[e.Set] || s.Failed
		}
	}
	for _, set := range []string{"keyboard", "swap", "synonym", "spelling"} {
		if !failed[set] {
			t.Errorf("no example of a failure on %s", set)
		}
	}

	// The same facts in the text report, summary.md (Markdown) and the
	// HTML page of a run printing text.
	dir := filepath.Join(t.TempDir(), "t")
	text, _, err := runCLI(t, "", append(args, "--out", dir)...)
	if err != nil {
		t.Fatal(err)
	}
	md, err := os.ReadFile(filepath.Join(dir, "summary.md"))
	if err != nil {
		t.Fatal(err)
	}
	page, err := os.ReadFile(filepath.Join(dir, "report.html"))
	if err != nil {
		t.Fatal(err)
	}
	want := []string{
		"Stress report: sample:test", test.SHA256, "Made by stress " + p.Version + ", revision ", "Seed 1",
		"layout=qwerty", "direction=contract", "to=uk",
		"What each set cost each system where it changed something", "Disease ", "Chemical ",
		"changed mentions: F1 [CI]", "same on O", "difference [CI]", "Relative drop per entity type",
		"Errors per system and set", "Entity-type confusion", "Examples", "(wrong; right on O)",
		"abbreviation not measured: it changed 0 of 1081 gold mentions", "No interval is shown over fewer than 30 entities",
	}
	for name, doc := range map[string]string{"text": text, "summary.md": unescapeMarkdown(string(md)), "report.html": html.UnescapeString(string(page))} {
		flat := strings.Join(strings.Fields(doc), " ") // prose wraps in text
		for _, w := range append(want, suffixTagger) {
			if !strings.Contains(doc, w) && !strings.Contains(flat, w) {
				t.Errorf("%s lacks %q", name, w)
			}
		}
	}
	// The headline comes first, then the paper's table, then how the
	// report was made (the inputs), before any other table (issue 33).
	for name, doc := range map[string]string{"text": text, "summary.md": string(md), "report.html": string(page)} {
		head, paper := strings.Index(doc, "What each set cost"), strings.Index(doc, "F1 on original (O) and stress sets")
		in, scores := strings.Index(doc, "Inputs"), strings.Index(doc, "F1 per system and set")
		if !(head >= 0 && head < paper && paper < in && in < scores) {
			t.Errorf("%s: headline at %d, paper's table at %d, inputs at %d, scores at %d", name, head, paper, in, scores)
		}
	}
}

// TestRunNamesItsCorpus: a run on a corpus of other entity types (a
// small JNLPBA-like file, five types) names the corpus and its sha256 in
// every format, counts its mentions per type, shows the entity-type
// confusion a dictionary tagger makes (DNA and RNA mentions read as
// protein), says which intervals rest on too few entities, and says S is
// not measured (the open lexicons hold no protein names).
func TestRunNamesItsCorpus(t *testing.T) {
	if testing.Short() {
		t.Skip("loads the default concept store")
	}
	corpus := filepath.Join("testdata", "jnlpba_test.tsv")
	b, err := os.ReadFile(corpus)
	if err != nil {
		t.Fatal(err)
	}
	sum := sha256.Sum256(b)
	hash := hex.EncodeToString(sum[:])
	dict := `awk '{ if (!NF) print ""; else if ($1 ~ /^(IL-|CD|NF-|c-|GATA|STAT|TNF|AP-|Oct|IFN)/) print "B-protein"; else print "O" }'`
	args := []string{"run", "-q", "--test", corpus, "--baselines", "none", "--model-cmd", dict, "--model-name", "dict",
		"--kinds", "keyboard,swap,synonym", "--samples", "50"}
	docs := map[string]string{}
	for _, f := range []string{"text", "json", "markdown", "csv"} {
		dir := filepath.Join(t.TempDir(), f)
		out, _, err := runCLI(t, "", append(args, "--out", dir, "-f", f)...)
		if err != nil {
			t.Fatal(err)
		}
		docs[f] = out
		if f == "markdown" {
			docs[f] = unescapeMarkdown(out)
		}
		if f == "text" {
			for _, name := range []string{"summary.md", "report.html"} {
				b, err := os.ReadFile(filepath.Join(dir, name))
				if err != nil {
					t.Fatal(err)
				}
				docs[name] = string(b)
			}
			docs["summary.md"] = unescapeMarkdown(docs["summary.md"])
		}
	}
	for name, doc := range docs {
		if !strings.Contains(doc, "jnlpba_test.tsv") || !strings.Contains(doc, hash) {
			t.Errorf("%s does not name jnlpba_test.tsv with its sha256 %s", name, hash)
		}
	}
	for _, name := range []string{"text", "markdown", "summary.md", "report.html"} {
		// Five types are too many to list in a cell: their counts are in
		// the table of mentions changed per type, a row each.
		flat := strings.Join(strings.Fields(html.UnescapeString(docs[name])), " ")
		for _, w := range []string{"80 (5 types)", "(6 entities)",
			"synonym not measured: it changed 0 of 80 gold mentions", "Mentions changed per entity type"} {
			if !strings.Contains(docs[name], w) && !strings.Contains(flat, w) {
				t.Errorf("%s lacks %q", name, w)
			}
		}
	}
	var rep reportJSON
	if err := json.Unmarshal([]byte(docs["json"]), &rep); err != nil {
		t.Fatal(err)
	}
	if in := rep.Provenance.Inputs; len(in) != 1 || in[0].Path != corpus || in[0].SHA256 != hash || in[0].Sentences != 32 || in[0].ByType["protein"] != 30 {
		t.Errorf("inputs: %+v", in)
	}
	confused := map[string]int{}
	for _, r := range rep.Systems[0].Results {
		if r.Set == "O" {
			for _, c := range r.TypeConfusion {
				confused[c.Gold+"→"+c.Predicted] = c.Count
			}
		}
	}
	if confused["DNA→protein"] != 10 || confused["RNA→protein"] != 3 {
		t.Errorf("entity-type confusion on O: %v", confused)
	}
}

// TestRunStageLines: off a terminal (standard error here is a buffer)
// stress run writes a line per stage and step, building, training each
// model, tagging each set with each system and comparing, each with its
// count and time; -q silences them all.
func TestRunStageLines(t *testing.T) {
	if testing.Short() {
		t.Skip("trains two models")
	}
	args := []string{"run", "--epochs", "1", "--samples", "20", "--kinds", "keyboard",
		"--model-cmd", suffixTagger, "--model-name", "suffix"}
	_, stderr, err := runCLI(t, "", append(args, "--out", filepath.Join(t.TempDir(), "r"))...)
	if err != nil {
		t.Fatal(err)
	}
	for _, re := range []string{
		`building keyboard from sample:test: 512 sentences in \d+\.\d s`,
		`trained words on 1502 sentences in \d+\.\d s`,
		`trained chars on 1502 sentences in \d+\.\d s`,
		`training 2 models on 1502 sentences \(1 epoch\): 2 models in \d+\.\d s`,
		`tagging O with words: 512 sentences in \d+\.\d s`,
		`tagging keyboard with chars: 512 sentences in \d+\.\d s`,
		`tagging keyboard with suffix: 512 sentences in \d+\.\d s`,
		`tagging: 2 sets × 3 systems, 3072 sentences in \d+\.\d s`,
		`comparing 2 sets × 3 systems: 20 bootstrap samples in \d+\.\d s`,
	} {
		if !regexp.MustCompile(`(?m)^\[ *\d+\.\ds\] ` + re + `$`).MatchString(stderr) {
			t.Errorf("no line %s in:\n%s", re, stderr)
		}
	}
	_, stderr, err = runCLI(t, "", append(args, "-q", "--out", filepath.Join(t.TempDir(), "q"))...)
	if err != nil {
		t.Fatal(err)
	}
	for _, w := range []string{"building", "trained", "tagging", "comparing", "%"} {
		if strings.Contains(stderr, w) {
			t.Errorf("-q: standard error says %q:\n%s", w, stderr)
		}
	}
}
