package umls

import (
	"bufio"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"

	"github.com/stress-ner/stress/internal/atomicfile"
)

// GenerateFiles writes MRCONSO.RRF and MRSTY.RRF (see GenerateRRF) into
// dir, created if missing, and returns their paths. Both files reach the
// disk before either is put in place, so that a write error leaves
// neither; MRCONSO, the primary file, goes first. Files that exist, or
// appear meanwhile, are replaced only with opt.Force.
func GenerateFiles(dir string, opt GenerateOptions) (mrconso, mrsty string, err error) {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return "", "", err
	}
	conso, err := atomicfile.Create(filepath.Join(dir, "MRCONSO.RRF"), !opt.Force)
	if err != nil {
		return "", "", err
	}
	defer conso.Abort()
	sty, err := atomicfile.Create(filepath.Join(dir, "MRSTY.RRF"), !opt.Force)
	if err != nil {
		return "", "", err
	}
	defer sty.Abort()
	if err := GenerateRRF(conso, sty, opt); err != nil {
		return "", "", err
	}
	for _, f := range []*atomicfile.File{conso, sty} {
		if f.Stream() {
			continue // a device or FIFO has nothing to flush
		}
		if err := f.Sync(); err != nil {
			return "", "", fmt.Errorf("write %s: %w", f.Target(), err)
		}
	}
	if err := atomicfile.CommitAll(conso, sty); err != nil {
		return "", "", err
	}
	return conso.Target(), sty.Target(), nil
}

// GenerateOptions shapes the synthetic RRF of GenerateRRF.
type GenerateOptions struct {
	Rows  int    // MRCONSO rows (a real release has about 16M)
	Seed  uint64 // same seed, same files
	Force bool   // replace files that exist (see GenerateFiles)
}

// Shares observed in UMLS releases (2020s, all languages), rounded. Each
// source has its usual term types; strings repeat across concepts (the same
// SUI under several CUIs) about as often as in MRCONSO.
var (
	genSources = []struct {
		sab    string
		lat    string
		weight int
		ttys   []string
	}{
		{"MSH", "ENG", 9, []string{"MH", "ET", "PM", "ET", "ET", "N1", "PEP", "CE", "NM"}},
		{"SNOMEDCT_US", "ENG", 12, []string{"PT", "FN", "SY", "SY", "OAP", "OF"}},
		{"NCI", "ENG", 6, []string{"PT", "SY", "SY", "AB"}},
		{"MDR", "ENG", 5, []string{"PT", "LLT", "LLT", "OL"}},
		{"RXNORM", "ENG", 5, []string{"IN", "SCD", "SBD", "SY", "TMSY"}},
		{"LNC", "ENG", 14, []string{"LN", "LPN", "LC", "LPDN"}},
		{"MEDCIN", "ENG", 5, []string{"PT", "FN", "XM"}},
		{"ICD10CM", "ENG", 2, []string{"PT", "HT", "AB"}},
		{"CHV", "ENG", 2, []string{"PT", "SY"}},
		{"MTH", "ENG", 2, []string{"PN", "MTH_LO"}},
		{"MSHSPA", "SPA", 4, []string{"MH", "ET"}},
		{"MDRFRE", "FRE", 4, []string{"PT", "LLT"}},
		{"MSHGER", "GER", 3, []string{"MH", "ET"}},
		{"MDRJPN", "JPN", 4, []string{"PT", "LLT"}},
		{"LNC-ZH-CN", "CHI", 3, []string{"LN", "LC"}},
	}
	genWords = strings.Fields(`acute chronic syndrome disease disorder carcinoma tumor neoplasm infection
		deficiency cardiac renal hepatic pulmonary myocardial cerebral infarction failure insufficiency
		hypertension diabetes mellitus type arthritis fracture injury pain fever edema anemia leukemia
		lymphoma sarcoma adenoma cyst stenosis thrombosis embolism hemorrhage ischemia necrosis fibrosis
		inflammation ulcer lesion abscess sepsis toxicity poisoning overdose reaction allergy protein
		receptor kinase enzyme inhibitor antagonist agonist hormone acid sodium potassium chloride sulfate
		hydrochloride tablet capsule injection solution oral topical mg ml left right upper lower bilateral
		primary secondary malignant benign congenital hereditary familial juvenile adult neonatal
		measurement serum plasma urine blood level test procedure excision biopsy repair transplant
		virus bacteria cell tissue bone muscle nerve artery vein skin eye ear heart lung liver kidney brain`)
	genTUIs = []string{"T047", "T191", "T121", "T109", "T116", "T061", "T059", "T023", "T033", "T184", "T037",
		"T046", "T048", "T195", "T200", "T060", "T201", "T034", "T129", "T126", "T005", "T007"}
	genSuppress = []string{"N", "N", "N", "N", "N", "N", "N", "N", "N", "N", "N", "N", "N", "N", "N", "N", "O", "E", "Y", "N"}
)

// stringGen makes the strings of GenerateRRF: 1 to 12 words of
// genWords, with mixed case, commas and numbers; one in 25 is kept
// (up to 50,000) and one in 20 draws reappear from those, as strings
// shared by several concepts.
type stringGen struct {
	rng    *rand.Rand
	shared []string
	sb     strings.Builder
}

func (g *stringGen) next() string {
	rng := g.rng
	if len(g.shared) > 0 && rng.IntN(20) == 0 {
		return g.shared[rng.IntN(len(g.shared))]
	}
	g.sb.Reset()
	n := 1 + rng.IntN(4)
	if rng.IntN(10) == 0 {
		n += rng.IntN(8)
	}
	for i := range n {
		if i > 0 {
			if rng.IntN(12) == 0 {
				g.sb.WriteString(", ")
			} else {
				g.sb.WriteByte(' ')
			}
		}
		w := genWords[rng.IntN(len(genWords))]
		if i == 0 || rng.IntN(3) == 0 {
			w = strings.ToUpper(w[:1]) + w[1:]
		}
		g.sb.WriteString(w)
		if rng.IntN(15) == 0 {
			fmt.Fprintf(&g.sb, " %d", 1+rng.IntN(500))
		}
	}
	s := g.sb.String()
	if len(g.shared) < 50000 && rng.IntN(25) == 0 {
		g.shared = append(g.shared, s)
	}
	return s
}

// GenerateRRF writes synthetic MRCONSO and MRSTY files shaped like a UMLS
// release: rows sorted by CUI, 1 to 40 atoms per concept (geometric,
// mean about 4.5), the source, language, term-type and suppression mix of
// a release, strings of 1 to 12 words with mixed case, punctuation and
// numbers, some strings shared by several concepts, 1 to 3 semantic types
// per concept. Every row ends with "|", and the last row has no newline,
// as in the real files. mrsty may be nil.
func GenerateRRF(mrconso, mrsty io.Writer, opt GenerateOptions) error {
	rng := rand.New(rand.NewPCG(opt.Seed, 0x5eed))
	// A stream of its own, so MRCONSO does not depend on whether MRSTY is written.
	styRNG := rand.New(rand.NewPCG(opt.Seed, 0x57))
	cw := bufio.NewWriterSize(mrconso, 1<<16)
	var sw *bufio.Writer
	if mrsty != nil {
		sw = bufio.NewWriterSize(mrsty, 1<<16)
	}
	total := 0
	for _, s := range genSources {
		total += s.weight
	}
	pickSource := func() int {
		n := rng.IntN(total)
		for i, s := range genSources {
			if n < s.weight {
				return i
			}
			n -= s.weight
		}
		return 0
	}
	strs := &stringGen{rng: rng}
	first := true
	newline := func(w *bufio.Writer, firstRow *bool) {
		if !*firstRow {
			w.WriteByte('\n')
		}
		*firstRow = false
	}
	firstSty := true
	aui, sui, lui := 0, 0, 0
	for cui := 1; total > 0; cui++ {
		if opt.Rows <= 0 {
			break
		}
		atoms := 1
		for atoms < 40 && rng.IntN(100) < 78 {
			atoms++
		}
		if atoms > opt.Rows {
			atoms = opt.Rows
		}
		opt.Rows -= atoms
		id := fmt.Sprintf("C%07d", cui)
		for a := range atoms {
			si := pickSource()
			src := genSources[si]
			tty := src.ttys[rng.IntN(len(src.ttys))]
			ts, stt, ispref := "S", "PF", "N"
			if a == 0 {
				ts, ispref = "P", "Y"
			} else if rng.IntN(4) == 0 {
				stt = "VO"
			}
			aui++
			sui++
			if a == 0 || rng.IntN(3) == 0 {
				lui++
			}
			newline(cw, &first)
			code := fmt.Sprintf("%s%06d", string(rune('A'+si)), cui)
			fmt.Fprintf(cw, "%s|%s|%s|L%07d|%s|S%07d|%s|A%08d||%s|%s|%s|%s|%s|%s|%d|%s|256|",
				id, src.lat, ts, lui, stt, sui, ispref, aui, code, code, src.sab, tty, code,
				strs.next(), rng.IntN(4), genSuppress[rng.IntN(len(genSuppress))])
		}
		if sw != nil {
			n := 1 + styRNG.IntN(3)/2 + styRNG.IntN(5)/4
			for k := range n {
				tui := genTUIs[styRNG.IntN(len(genTUIs))]
				if k > 0 && tui == genTUIs[0] {
					continue
				}
				st := semTypes()[tui]
				newline(sw, &firstSty)
				fmt.Fprintf(sw, "%s|%s|A1.%d|%s|AT%08d|256|", id, tui, k, st.Name, cui*3+k)
			}
		}
	}
	if err := cw.Flush(); err != nil {
		return err
	}
	if sw != nil {
		return sw.Flush()
	}
	return nil
}
