package cdr

import (
	"bufio"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// kitBlock is the kit's output for one measure of a vector.
type kitBlock struct {
	measure string // "mention Disease"
	exit    string // "0", or "1" where the kit stopped with an exception
	lines   string // its stdout without INFO lines
	info    string // "INFO n sha256 h", the digest of its sorted INFO lines
}

// readKitOut reads CASE.FORMAT.out.
func readKitOut(t *testing.T, path string) []kitBlock {
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var out []kitBlock
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		l := sc.Text()
		switch {
		case strings.HasPrefix(l, "== "):
			out = append(out, kitBlock{measure: l[3:]})
		case len(out) == 0:
			t.Fatalf("%s: %q before the first block", path, l)
		case strings.HasPrefix(l, "exit "):
			out[len(out)-1].exit = l[5:]
		case strings.HasPrefix(l, "INFO "):
			out[len(out)-1].info = l
		default:
			out[len(out)-1].lines += l + "\n"
		}
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return out
}

// infoDigest returns the digest line the vector script writes of the
// INFO lines the kit would print for gold and pred.
func infoDigest(gold, pred *Keys) string {
	var lines []string
	docs := map[string]bool{}
	for k := range gold.set {
		docs[docOf(k)] = true
		if _, ok := pred.set[k]; ok {
			lines = append(lines, "INFO\tTP\t"+k)
		} else {
			lines = append(lines, "INFO\tFN\t"+k)
		}
	}
	for k := range pred.set {
		if _, ok := gold.set[k]; !ok && docs[docOf(k)] {
			lines = append(lines, "INFO\tFP\t"+k)
		}
	}
	slices.Sort(lines)
	var text strings.Builder
	for _, l := range lines {
		text.WriteString(l + "\n")
	}
	return fmt.Sprintf("INFO %d sha256 %s", len(lines), sha(text.String()))
}

// runKitCase scores one vector measure as the kit would: the kit's
// stdout lines and INFO digest, or the error where it stops.
func runKitCase(files map[string]string, format Format, gold, pred string, m measure) (kitBlock, error) {
	o := Options{Level: m.level, Types: SplitTypes(m.types)}
	g, err := Read(strings.NewReader(files[gold]), gold, format, o)
	if err != nil {
		return kitBlock{measure: m.String(), exit: "1"}, err
	}
	p, err := Read(strings.NewReader(files[pred]), pred, format, o)
	if err != nil {
		return kitBlock{measure: m.String(), exit: "1"}, err
	}
	return kitBlock{measure: m.String(), exit: "0", lines: Score(g, p).String(), info: infoDigest(g, p)}, nil
}

// checkVectors compares every measure of the cases in rows (cases.tsv
// lines) with the kit's outputs in testdata/kit.
func checkVectors(t *testing.T, files map[string]string, cases []string) (agree, total int) {
	blocks := map[string][]kitBlock{}
	next := map[string]int{}
	for _, row := range cases {
		f := strings.Split(row, "\t")
		name, format, gold, pred, level, types := f[0], f[1], f[2], f[3], f[4], f[5]
		key := name + "." + format
		if blocks[key] == nil {
			blocks[key] = readKitOut(t, filepath.Join(kitDir, key+".out"))
		}
		i := next[key]
		next[key]++
		if i >= len(blocks[key]) {
			t.Errorf("%s.out: no block %d", key, i+1)
			continue
		}
		want := blocks[key][i]
		lv, err := ParseLevel(level)
		if err != nil {
			t.Fatal(err)
		}
		fm, err := ParseFormat(format)
		if err != nil {
			t.Fatal(err)
		}
		m := measure{lv, types}
		if want.measure != m.String() {
			t.Errorf("%s.out block %d is %q, want %q: regenerate the vectors", key, i+1, want.measure, m)
			continue
		}
		total++
		got, err := runKitCase(files, fm, gold, pred, m)
		switch {
		case want.exit != "0" && err == nil:
			t.Errorf("%s %s: the kit stops (exit %s), Read did not:\n%s", key, m, want.exit, got.lines)
		case want.exit == "0" && err != nil:
			t.Errorf("%s %s: the kit reads it, Read refused: %v", key, m, err)
		case err != nil && !errors.Is(err, ErrKit):
			t.Errorf("%s %s: the kit stops, Read refused without ErrKit: %v", key, m, err)
		case err != nil:
			agree++
		case got.lines != want.lines || got.info != want.info:
			t.Errorf("%s %s:\n got %s%s\nwant %s%s", key, m, got.lines, got.info, want.lines, want.info)
		default:
			agree++
		}
	}
	return agree, total
}

// checkManifest checks that the inputs are those the kit was run on.
func checkManifest(t *testing.T, files map[string]string, full bool) {
	b, err := os.ReadFile(filepath.Join(kitDir, "MANIFEST.tsv"))
	if err != nil {
		t.Fatal(err)
	}
	for _, row := range strings.Split(strings.TrimSpace(string(b)), "\n")[1:] {
		f := strings.Split(row, "\t")
		if strings.HasPrefix(f[2], "full/") != full {
			continue
		}
		for _, p := range [][2]string{{f[2], f[3]}, {f[4], f[5]}} {
			if text, ok := files[p[0]]; !ok || sha(text) != p[1] {
				t.Errorf("%s (case %s) is not the file the kit was run on (sha256 %s, MANIFEST.tsv says %s): the case generator changed; "+
					"regenerate the vectors with the kit (scripts/cdr-kit-vectors.sh)", p[0], f[0], sha(text), p[1])
			}
		}
	}
}

// TestKitVectors scores every small vector (six documents of the CDR
// development set, predictions exercising every rule of the kit's, in
// PubTator and BioC) and compares with the kit's outputs: the six lines
// it prints and the digest of its INFO lines (every key read), or its
// refusal.
func TestKitVectors(t *testing.T) {
	files, cases, _ := kitInputs(t, false)
	checkManifest(t, files, false)
	agree, total := checkVectors(t, files, cases)
	t.Logf("%d of %d measures agree with the kit", agree, total)
}

// TestKitVectorsFull does the same on the full CDR development and
// training splits of ../shared with synthetic predictions.
func TestKitVectorsFull(t *testing.T) {
	if testing.Short() {
		t.Skip("-short")
	}
	readShared(t, "CDR_DevelopmentSet.PubTator.txt")
	files, cases, _ := kitInputs(t, true)
	checkManifest(t, files, true)
	var full []string
	for _, c := range cases {
		if strings.Contains(c, "\tfull/") {
			full = append(full, c)
		}
	}
	agree, total := checkVectors(t, files, full)
	t.Logf("%d of %d measures agree with the kit", agree, total)
}
