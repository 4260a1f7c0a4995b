package abbreviation

import (
	"errors"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/stress-ner/stress/conll"
	"github.com/stress-ner/stress/iob"
	"github.com/stress-ner/stress/perturb"
	"github.com/stress-ner/stress/perturb/internal/abbrev"
	"github.com/stress-ner/stress/perturb/internal/english"
	"github.com/stress-ner/stress/umls"
)

// fakeStore is a concept store of a few names: concept id -> names.
type fakeStore map[string][]string

func (f fakeStore) Lookup(term string, groups ...string) ([]umls.Concept, error) {
	var out []umls.Concept
	for id, names := range f {
		for _, n := range names {
			if umls.Normalize(n) == umls.Normalize(term) {
				out = append(out, umls.Concept{ID: id, Groups: []string{"CHEM"}, Source: "MESH"})
				break
			}
		}
	}
	slices.SortFunc(out, func(a, b umls.Concept) int { return strings.Compare(a.ID, b.ID) })
	return out, nil
}

func store() fakeStore {
	return fakeStore{"MESH:D002330": {"carmustine", "BCNU"}, "MESH:D004317": {"doxorubicin", "DOX"}}
}

func newA(t *testing.T, dir string, standard bool) *Abbreviator {
	t.Helper()
	a, err := New(store(), Options{Direction: dir, StandardLongForms: standard})
	if err != nil {
		t.Fatal(err)
	}
	return a
}

func sentence(text, tags string) conll.Sentence {
	return conll.Sentence{Tokens: strings.Fields(text), Tags: strings.Fields(tags)}
}

// run perturbs sentences in order through one context reader, as the
// pipeline does.
func run(a *Abbreviator, rate float64, ss ...conll.Sentence) ([]conll.Sentence, [][]perturb.Change, [][]perturb.MentionOutcome) {
	sel := perturb.DefaultSelection()
	sel.Rate = rate
	cr := a.NewDocumentReader(perturb.RunInfo{Seed: 1, Selection: sel})
	var outs []conll.Sentence
	var chs [][]perturb.Change
	var ocs [][]perturb.MentionOutcome
	for _, s := range ss {
		ctx := cr.Observe(s)
		out, cs := a.PerturbInDocument(ctx, s, nil, rand.New(rand.NewPCG(1, 2)))
		outs, chs, ocs = append(outs, out), append(chs, cs), append(ocs, a.MentionOutcomesInDocument(ctx, s))
	}
	return outs, chs, ocs
}

func TestExpand(t *testing.T) {
	a := newA(t, Expand, false)
	def := sentence("Streptozotocin ( STZ ) and 5 - FU .",
		"B-Chemical O B-Chemical O O B-Chemical I-Chemical I-Chemical O")
	use := sentence("STZ rats got a STZ dose and 5 - FU .",
		"B-Chemical O O O B-Chemical O O B-Chemical I-Chemical I-Chemical O")
	an := sentence("Rats got an STZ dose .", "O O O B-Chemical O O")
	outs, chs, ocs := run(a, 1, def, use, an)
	if len(chs[0]) != 0 || !slices.Equal(outs[0].Tokens, def.Tokens) {
		t.Errorf("defining sentence changed: %v", outs[0].Tokens)
	}
	if want := []perturb.MentionOutcome{{Type: "Chemical", Outcome: outcomeDefinition}, {Type: "Chemical", Outcome: outcomeDefinition}, {Type: "Chemical", Outcome: outcomeDefinition}}; !slices.Equal(ocs[0], want) {
		t.Errorf("outcomes of the defining sentence = %v, want %v", ocs[0], want)
	}
	// STZ becomes the long form, lower case mid-sentence and
	// capitalized at the start; 5 - FU has no definition; "an STZ"
	// stays, as "an streptozotocin" would not do (and in its sentence,
	// an STZ kept keeps the others: TestSentenceRules).
	got := strings.Join(outs[1].Tokens, " ")
	want := "Streptozotocin rats got a streptozotocin dose and 5 - FU ."
	if got != want {
		t.Errorf("got  %q\nwant %q", got, want)
	}
	if want := []string{outcomeReplaced, outcomeReplaced, outcomeUndefined}; !slices.Equal(outcomes(ocs[1]), want) {
		t.Errorf("outcomes %v, want %v", outcomes(ocs[1]), want)
	}
	if want := []string{outcomeFiltered}; !slices.Equal(outcomes(ocs[2]), want) || len(chs[2]) != 0 {
		t.Errorf("an STZ: outcomes %v, want %v; changes %v", outcomes(ocs[2]), want, chs[2])
	}
	if len(chs[1]) != 2 || chs[1][0].TermType != termLongForm || chs[1][0].Source != sourceText {
		t.Fatalf("changes %+v", chs[1])
	}
	for _, c := range chs[1] {
		if err := a.Check(c); err != nil {
			t.Error(err)
		}
	}
	if err := a.CheckSentence(use, outs[1], chs[1]); err != nil {
		t.Error(err)
	}
	bad := chs[1][0]
	bad.After = "colon cancer"
	if err := a.Check(bad); !errors.Is(err, perturb.ErrInvalidChange) {
		t.Errorf("Check of a false long form: %v", err)
	}
	// Without context (Perturb), no definition is known.
	if _, cs := a.Perturb(use, nil, nil); len(cs) != 0 {
		t.Errorf("Perturb without context: %+v", cs)
	}
}

func outcomes(ocs []perturb.MentionOutcome) []string {
	var out []string
	for _, o := range ocs {
		out = append(out, o.Outcome)
	}
	return out
}

// TestDefinitions covers the definitions the letters alone miss: a long
// form of many tokens ("restless legs syndrome ( RLS )"), letters in
// another order ("cGMP"), a short form in mixed case ("Iso"), and a
// definition the store vouches for ("carmustine ( BCNU )").
func TestDefinitions(t *testing.T) {
	a := newA(t, Expand, false)
	for _, tt := range []struct{ def, defTags, use, useTags, want string }{
		{"restless legs syndrome ( RLS ) .", "B-Disease I-Disease I-Disease O B-Disease O O", "RLS is", "B-Disease O", "Restless legs syndrome is"},
		{"torsade de pointes ( TdP ) .", "B-Disease I-Disease I-Disease O B-Disease O O", "with TdP", "O B-Disease", "with torsade de pointes"},
		{"guanosine 3 ' , 5 ' - cyclic monophosphate ( cGMP ) .", "B-Chemical I-Chemical I-Chemical I-Chemical I-Chemical I-Chemical I-Chemical I-Chemical I-Chemical O B-Chemical O O", "urinary cGMP", "O B-Chemical", "urinary cGMP"}, // found, but systematic: not written out
		{"isoproterenol ( Iso ) .", "B-Chemical O B-Chemical O O", "Iso was", "B-Chemical O", "Isoproterenol was"},
		{"carmustine ( BCNU ) .", "B-Chemical O B-Chemical O O", "after BCNU", "O B-Chemical", "after carmustine"},
		{"Angelman syndrome ( AS ) .", "B-Disease I-Disease O B-Disease O O", "in AS", "O B-Disease", "in Angelman syndrome"}, // an eponym keeps its capital
	} {
		outs, _, ocs := run(a, 1, sentence(tt.def, tt.defTags), sentence(tt.use, tt.useTags))
		if got := strings.Join(outs[1].Tokens, " "); got != tt.want {
			t.Errorf("%s / %s: got %q, want %q", tt.def, tt.use, got, tt.want)
		}
		if ocs[0][len(ocs[0])-1].Outcome != outcomeDefinition {
			t.Errorf("%s: not found as a definition: %v", tt.def, ocs[0])
		}
	}
}

func TestContract(t *testing.T) {
	a := newA(t, Contract, false)
	def := sentence("doxorubicin ( DOX ) and 5 - fluorouracil ( 5 - FU ) .",
		"B-Chemical O B-Chemical O O B-Chemical I-Chemical I-Chemical O B-Chemical I-Chemical I-Chemical O O")
	use := sentence("Doxorubicin and 5 - fluorouracil , not DOX or cisplatin .",
		"B-Chemical O B-Chemical I-Chemical I-Chemical O O B-Chemical O B-Chemical O")
	outs, chs, ocs := run(a, 1, def, use)
	// The sentence writes DOX already: doxorubicin stays (site rule
	// "other side written"), 5 - fluorouracil is contracted.
	if got, want := strings.Join(outs[1].Tokens, " "), "Doxorubicin and 5 - FU , not DOX or cisplatin ."; got != want {
		t.Errorf("got  %q\nwant %q", got, want)
	}
	if want := []string{outcomeFiltered, outcomeReplaced, outcomeOther, outcomeOther}; !slices.Equal(outcomes(ocs[1]), want) {
		t.Errorf("outcomes %v, want %v", outcomes(ocs[1]), want)
	}
	for _, c := range chs[1] {
		if c.TermType != termShortForm || a.Check(c) != nil {
			t.Errorf("change %+v: %v", c, a.Check(c))
		}
	}
	if err := a.CheckSentence(use, outs[1], chs[1]); err != nil {
		t.Error(err)
	}
	// Never to one letter, nor in a title.
	def = sentence("isoflurane ( I ) and Parkinson ' s disease ( PD ) .", "B-Chemical O B-Chemical O O B-Disease I-Disease I-Disease I-Disease O B-Disease O O")
	use = sentence("after isoflurane on the Unified Parkinson ' s Disease Rating Scale in Parkinson ' s disease patients was low", "O B-Chemical O O O B-Disease I-Disease I-Disease I-Disease O O O B-Disease I-Disease I-Disease I-Disease O O O")
	outs, _, _ = run(a, 1, def, use)
	if got, want := strings.Join(outs[1].Tokens, " "), "after isoflurane on the Unified Parkinson ' s Disease Rating Scale in PD patients was low"; got != want {
		t.Errorf("got  %q\nwant %q", got, want)
	}
}

func TestWindowAndDocuments(t *testing.T) {
	a := newA(t, Expand, false)
	def := sentence("doxorubicin ( DOX ) .", "B-Chemical O B-Chemical O O")
	use := sentence("DOX was given", "B-Chemical O O")
	filler := sentence("nothing here", "O O")
	ss := []conll.Sentence{def}
	for range abbreviationWindow - 1 {
		ss = append(ss, filler)
	}
	ss = append(ss, use, filler, use)
	outs, _, _ := run(a, 1, ss...)
	if got := outs[abbreviationWindow].Tokens[0]; got != "Doxorubicin" {
		t.Errorf("inside the window: %q, want Doxorubicin", got)
	}
	if got := outs[len(outs)-1].Tokens[0]; got != "DOX" {
		t.Errorf("outside the window: %q, want DOX", got)
	}
	// With -DOCSTART- marks, a definition holds to the document's end,
	// and a new document forgets it.
	docDef := def
	docDef.DocStart = true
	ss[0] = docDef
	outs, _, _ = run(a, 1, ss...)
	if got := outs[len(outs)-1].Tokens[0]; got != "Doxorubicin" {
		t.Errorf("in the document: %q, want Doxorubicin", got)
	}
	doc := use
	doc.DocStart = true
	outs, _, _ = run(a, 1, docDef, doc)
	if got := outs[1].Tokens[0]; got != "DOX" {
		t.Errorf("after -DOCSTART-: %q, want DOX", got)
	}
}

func TestStandardLongForm(t *testing.T) {
	a := newA(t, Expand, true)
	use := sentence("DOX was given with 5 - FU .", "B-Chemical O O O B-Chemical I-Chemical I-Chemical O")
	outs, chs, ocs := run(a, 1, use)
	if got, want := strings.Join(outs[0].Tokens, " "), "Doxorubicin was given with 5 - fluorouracil ."; got != want {
		t.Errorf("got  %q\nwant %q", got, want)
	}
	for _, c := range chs[0] {
		if c.TermType != termStandardLongForm || c.Source != sourceCorpora {
			t.Errorf("change %+v", c)
		}
		if err := a.Check(c); err != nil {
			t.Error(err)
		}
	}
	if want := []string{outcomeReplaced, outcomeReplaced}; !slices.Equal(outcomes(ocs[0]), want) {
		t.Errorf("outcomes %v, want %v", outcomes(ocs[0]), want)
	}
	// The text's own definition comes first.
	def := sentence("doxepin ( DOX ) .", "B-Chemical O B-Chemical O O")
	outs, _, _ = run(a, 1, def, use)
	if got := outs[1].Tokens[0]; got != "Doxepin" {
		t.Errorf("with a definition: %q, want Doxepin", got)
	}
	// Off by option.
	if _, chs, _ := run(newA(t, Expand, false), 1, use); len(chs[0]) != 0 {
		t.Errorf("standard long forms off: %+v", chs[0])
	}
	// A store in which the abbreviation names another concept than its
	// long form: left alone.
	st := store()
	st["MESH:D999990"] = []string{"Dimethyloxazole", "DOX"}
	b, err := New(st, Options{Direction: Expand, StandardLongForms: true})
	if err != nil {
		t.Fatal(err)
	}
	if got := b.standardLongForm("Chemical", "DOX"); got != "" {
		t.Errorf("contradicted standard long form used: %q", got)
	}
	if english.StandardLongForm("Chemical", "DOX") != "doxorubicin" {
		t.Error("the embedded vocabulary lost DOX")
	}
}

// TestRate checks that a rate changes a share of what rate 1 changes,
// with the same long forms, and never more.
func TestRate(t *testing.T) {
	a := newA(t, Expand, false)
	def := sentence("doxorubicin ( DOX ) and carmustine ( BCNU ) .", "B-Chemical O B-Chemical O O B-Chemical O B-Chemical O O")
	var ss []conll.Sentence
	ss = append(ss, def)
	for i := range 15 {
		ss = append(ss, sentence(strings.Repeat("x ", i)+"DOX then BCNU", strings.Repeat("O ", i)+"B-Chemical O B-Chemical"))
	}
	_, all, _ := run(a, 1, ss...)
	_, half, ocs := run(a, 0.5, ss...)
	n, m, notSel := 0, 0, 0
	for i := range all {
		n += len(all[i])
		m += len(half[i])
		for _, c := range half[i] {
			if !slices.Contains(all[i], c) {
				t.Errorf("sentence %d: %+v not a change of rate 1", i, c)
			}
		}
		for _, o := range ocs[i] {
			if o.Outcome == outcomeNotSelected {
				notSel++
			}
		}
	}
	if n != 30 || m == 0 || m == n || m+notSel != n {
		t.Errorf("rate 1: %d changes, rate 0.5: %d (+%d not selected)", n, m, notSel)
	}
}

func TestOptions(t *testing.T) {
	if _, err := New(store(), Options{Direction: "sideways"}); !errors.Is(err, perturb.ErrOption) {
		t.Errorf("bad direction: %v", err)
	}
	if _, err := newFromOptions(map[string]string{optionTypeMap: "Gene=GENE"}); err == nil ||
		!strings.Contains(err.Error(), "GENE") || !strings.Contains(err.Error(), "umls import") {
		t.Errorf("a group the store lacks: %v", err)
	}
}

// TestLongFormCase: a long form loses the capital its defining sentence
// gave it, keeps an eponym's, and takes one after a heading.
func TestLongFormCase(t *testing.T) {
	st, err := umls.OpenDefault()
	if err != nil {
		t.Skip(err)
	}
	a, err := New(st, Options{Direction: Expand})
	if err != nil {
		t.Fatal(err)
	}
	def := sentence("Rats were treated with Streptozotocin ( STZ ) and status epilepticus ( SE ) followed .",
		"O O O O B-Chemical O B-Chemical O O B-Disease I-Disease O B-Disease O O O")
	mid := sentence("Memory was impaired after STZ treatment .", "O O O O B-Chemical O O")
	start := sentence("METHODS : SE was induced by pilocarpine .", "O O B-Disease O O O B-Chemical O")
	outs, _, _ := run(a, 1, def, mid, start)
	if got := strings.Join(outs[1].Tokens, " "); got != "Memory was impaired after streptozotocin treatment ." {
		t.Errorf("mid-sentence long form: %q", got)
	}
	if got := strings.Join(outs[2].Tokens[:4], " "); got != "METHODS : Status epilepticus" {
		t.Errorf("long form after a heading: %q", got)
	}
	for _, tt := range []struct {
		toks []string
		want string
		mid  bool // the definition is in mid-sentence
	}{
		{toks: []string{"Streptozotocin"}, want: "streptozotocin"},
		{toks: []string{"Streptozotocin"}, want: "streptozotocin", mid: true},
		{toks: []string{"Duchenne", "muscular", "dystrophy"}, want: "Duchenne", mid: true},
		{toks: []string{"Duchenne", "muscular", "dystrophy"}, want: "duchenne"}, // no telling at the start
		{toks: []string{"Torsade", "de", "Pointes"}, want: "Torsade", mid: true},
		{toks: []string{"Papillon", "-", "Lefevre", "syndrome"}, want: "Papillon"},
		{toks: []string{"Haim", "-", "Munk", "syndrome"}, want: "Haim"},
		{toks: []string{"Nitric", "oxide"}, want: "nitric", mid: true},
		{toks: []string{"Extrapyramidal", "Symptom"}, want: "extrapyramidal", mid: true},
		{toks: []string{"Emery", "-", "Dreifuss", "muscular", "dystrophy"}, want: "Emery"},
		{toks: []string{"Acute", "renal", "failure"}, want: "acute", mid: true},
		{toks: []string{"Angiotensin", "converting", "enzyme"}, want: "angiotensin"},
		{toks: []string{"Acute", "Physiology", "and", "Chronic", "Health", "Evaluation"}, want: "Acute"},
		{toks: []string{"Parkinson", "disease"}, want: "Parkinson"},
		{toks: []string{"Angelman", "syndrome"}, want: "Angelman"},
		{toks: []string{"Wilms", "tumor"}, want: "Wilms"},
		{toks: []string{"Stevens", "-", "Johnson", "syndrome"}, want: "Stevens"},
		{toks: []string{"Metachromatic", "leukodystrophy"}, want: "metachromatic"},
		{toks: []string{"Extrapyramidal", "syndrome"}, want: "extrapyramidal"},
		{toks: []string{"NMDA"}, want: "NMDA"},
		{toks: []string{"Nomega", "-", "nitro", "-", "L", "-", "arginine"}, want: "Nomega"},
	} {
		d := abbrev.Definition{Long: tt.toks, AtStart: !tt.mid}
		if got := runningLong(d)[0]; got != tt.want {
			t.Errorf("runningLong(%v, mid-sentence %v) starts %q, want %q", tt.toks, tt.mid, got, tt.want)
		}
	}
	// Capitals after the first word (NCBI-disease train definitions; a
	// reading flagged "metachromatic Leukodystrophy" and "X - linked
	// Adrenoleukodystrophy").
	for _, tt := range []struct {
		long string
		mid  bool
		want string
	}{
		{"Metachromatic Leukodystrophy", false, "metachromatic leukodystrophy"},
		{"X - linked Adrenoleukodystrophy", false, "X - linked adrenoleukodystrophy"},
		{"X - linked Adrenoleukodystrophy", true, "X - linked adrenoleukodystrophy"},
		{"juvenile Parkinson disease", true, "juvenile Parkinson disease"},
		{"Duchenne Muscular Dystrophy", true, "Duchenne Muscular Dystrophy"},
		{"Acute Physiology and Chronic Health Evaluation", false, "Acute Physiology and Chronic Health Evaluation"},
		{"cerebrotendinous xanthomatosis", true, "cerebrotendinous xanthomatosis"},
	} {
		d := abbrev.Definition{Long: strings.Fields(tt.long), AtStart: !tt.mid}
		if got := strings.Join(runningLong(d), " "); got != tt.want {
			t.Errorf("runningLong(%q, mid-sentence %v) = %q, want %q", tt.long, tt.mid, got, tt.want)
		}
	}
}

func TestSiteRules(t *testing.T) {
	for _, tt := range []struct {
		dir, text, tags string
		toks            string // the replacement
		want            string // the rule that refuses, or ""
	}{
		// The writer's own definition without a pair of mentions.
		{Expand, "injection of puromycin aminonucleoside , ( PAN , 7 mg )", "O O O O O O B-Chemical O O O O",
			"puromycin aminonucleoside", "other side written"},
		{Contract, "injection of puromycin aminonucleoside , ( PAN , 7 mg )", "O O B-Chemical I-Chemical O O B-Chemical O O O O",
			"PAN", "other side written"},
		{Contract, "the WAS gene and the Wiskott - Aldrich syndrome .", "O O O O O B-Disease I-Disease I-Disease I-Disease O",
			"WAS", "other side written"},
		{Expand, "rats given PAN lost weight .", "O O B-Chemical O O O", "puromycin aminonucleoside", ""},
		// A long form inside a longer name the writer abbreviates next.
		{Contract, "the myotonic dystrophy protein kinase ( DMPK ) gene", "O B-Disease I-Disease O O O O O O",
			"DM", "part of a defined name"},
		{Contract, "the murine Duchenne muscular dystrophy ( Dmd ) mRNA", "O O B-Disease I-Disease I-Disease O O O O",
			"DMD", "part of a defined name"},
		{Contract, "the diastrophic dysplasia sulfate - transporter gene ( DTDST ) .", "O B-Disease I-Disease O O O O O O O O",
			"DTD", "part of a defined name"},
		{Contract, "patients with myotonic dystrophy ( n = 4 ) were seen .", "O O B-Disease I-Disease O O O O O O O O O",
			"DM", ""},
		{Contract, "patients with myotonic dystrophy were seen .", "O O B-Disease I-Disease O O O", "DM", ""},
		{Contract, "patients with myotonic dystrophy .", "O O B-Disease I-Disease O", "DM", "title-like sentence"},
		// A title-like sentence: no contraction (an expansion is fine).
		{Contract, "Novel Tay - Sachs disease mutations from China .", "O B-Disease I-Disease I-Disease I-Disease O O O O",
			"TSD", "title-like sentence"},
		{Expand, "Novel TSD mutations from China .", "O B-Disease O O O O", "Tay - Sachs disease", ""},
		{Contract, "Novel Tay - Sachs disease mutations were found .", "O B-Disease I-Disease I-Disease I-Disease O O O O",
			"TSD", ""},
		{Contract, "RESULTS : Tay - Sachs disease mutations from China .", "O O B-Disease I-Disease I-Disease I-Disease O O O O",
			"TSD", ""},
		// A gene's symbol before a part or product of the gene.
		{Expand, "in relation to the different DMD promoters .", "O O O O O B-Disease O O", "Duchenne muscular dystrophy", "gene part"},
		{Expand, "the DMD isoforms were absent", "O B-Disease O O O", "Duchenne muscular dystrophy", "gene part"},
		{Expand, "DMD patients were seen", "B-Disease O O O", "Duchenne muscular dystrophy", ""},
		{Contract, "the Duchenne muscular dystrophy promoters were", "O B-Disease I-Disease I-Disease O O", "DMD", ""},
		// The part-of-a-name rule is the contraction's only.
		{Expand, "the DM myotonic ( DMPK ) gene", "O B-Disease O O O O O", "myotonic dystrophy", ""},
		// A disease's symbol before "gene", "locus", "protein" is the
		// gene's (NCBI-disease sentences); a chemical's is not.
		{Expand, "The murine homologue of the ND gene was cloned and shown to", "O O O O O B-Disease O O O O O O",
			"Norrie disease", "gene of a disease"},
		{Expand, "from three individuals heterozygous at the DM locus , each with one allele", "O O O O O O B-Disease O O O O O O",
			"myotonic dystrophy", "gene of a disease"},
		{Expand, "and apopain itself specifically cleave the HD gene product , huntingtin .", "O O O O O O B-Disease O O O O O",
			"Huntington disease", "gene of a disease"},
		{Expand, "showed only the wild - type APC protein .", "O O O O O O B-Disease O O", "adenomatous polyposis coli", "gene of a disease"},
		{Expand, "loss of DA neurons and increased PENK gene expression in the CPu .", "O O O O O O B-Chemical O O O O O O",
			"proenkephalin", ""},
		// Before a kin or sex noun (NCBI-disease test and train).
		{Expand, "detected in the mother of three AS sons , in the maternal grandfather", "O O O O O O B-Disease O O O O O O",
			"Angelman syndrome", "kin or sex noun"},
		{Expand, "and in the mother of an AS daughter .", "O O O O O O B-Disease O O", "Angelman syndrome", "kin or sex noun"},
		{Expand, "Nebulin seen in DMD males including one patient with a", "O O O B-Disease O O O O O O",
			"Duchenne muscular dystrophy", "kin or sex noun"},
		{Expand, "Sixteen DM parents had multiple DM offspring with the CTG repeat contractions", "O B-Disease O O O B-Disease O O O O O O",
			"myotonic dystrophy", "kin or sex noun"},
		{Expand, "activity level reported by parents of PWS children during growth hormone therapy", "O O O O O O B-Disease O O O O O",
			"Prader - Willi syndrome", "kin or sex noun"},
		{Expand, "No TSD carriers were observed among the 166", "O B-Disease O O O O O O", "Tay - Sachs disease", ""},
		{Expand, "to presymptomatic diagnosis of members in FAP families .", "O O O O O O B-Disease O O",
			"familial adenomatous polyposis", ""},
		// After a count (BC5CDR test), but before a noun it premodifies or
		// after a number of a name.
		{Expand, "In a pooled analysis of 1460 ICH and 3817 IS / TIA , MB were more frequent", "O O O O O O B-Disease O O B-Disease O B-Disease O B-Disease O O O",
			"intracerebral hemorrhage", "after a count"},
		{Expand, "analysis of 1460 ICH and 3817 IS / TIA ,", "O O O B-Disease O O B-Disease O B-Disease O", "ischemic stroke", "after a count"},
		{Expand, "12 years old ) comprising 378 AF and 81 AFL cases .", "O O O O O O B-Disease O O B-Disease O O",
			"atrial fibrillation", "after a count"},
		{Expand, "addition , we have studied 18 A - T patients , in 15 families ,", "O O O O O O B-Disease I-Disease I-Disease O O O O O O",
			"ataxia - telangiectasia", ""},
		{Expand, "case - control samples ( 197 METH - induced psychosis patients and 337", "O O O O O O B-Chemical O O O O O O",
			"methamphetamine", ""},
		{Expand, "patients with type 2 DM were included", "O O O O B-Disease O O", "diabetes mellitus", ""},
		// A plural long form before a noun it premodifies (BioRED train;
		// a verb after a plural subject is taken for a noun too), not
		// before a verb or punctuation, nor one the same in both
		// numbers (BC5CDR test).
		{Expand, "P and N - highly NSAIDs intolerant patients .", "O O O O O B-Chemical O O O",
			"non - steroidal anti - inflammatory drugs", "plural long form before a noun"},
		{Expand, "We have shown that MPNSTs express neuregulin - 1", "O O O O B-Disease O O O O",
			"malignant peripheral nerve sheath tumors", "plural long form before a noun"},
		{Expand, "users of second - generation OCs , and", "O O O O O B-Chemical O O", "oral contraceptives", ""},
		{Expand, "detect EAD for drugs with TdP potential .", "O O O O O B-Disease O O", "torsade de pointes", ""},
		{Expand, "associated to the prevention of ROS production .", "O O O O O B-Chemical O O", "reactive oxygen species", ""},
		// An abbreviation used as a plural without its s after a
		// plural quantifier (BC5CDR test: the only one in BC5CDR,
		// NCBI-disease and BioRED train and test), or "the number of";
		// not before a noun it premodifies, a slash or a hyphen
		// (BC5CDR and NCBI-disease train and test), nor with a plural
		// long form, nor after "both".
		{Expand, "severe arrhythmia such as multiple PVC .", "O O O O O B-Disease O", "premature ventricular contraction",
			"plural use without its s"},
		// "The number of": a variant of the sentence above.
		{Expand, "the number of PVC was lower", "O O O B-Disease O O", "premature ventricular contraction", "plural use without its s"},
		{Expand, "severe arrhythmia such as multiple PVC .", "O O O O O B-Disease O", "premature ventricular contractions", ""},
		{Expand, "these current models demonstrate multiple OCD - like behaviors .", "O O O O O B-Disease O O O O",
			"obsessive - compulsive disorder", ""},
		{Expand, "One of five PWS / AS patients analyzed", "O O O B-Disease O O O O", "Prader - Willi syndrome", ""},
		{Expand, "colorectal cancers also have two APC mutations .", "O O O O O B-Disease O O", "adenomatous polyposis coli", ""},
		{Expand, "We report , in two A - T families , an ATM", "O O O O O B-Disease I-Disease I-Disease O O O O",
			"ataxia - telangiectasia", ""},
		{Expand, "have been proposed for both DM and Friedreichs ataxia .", "O O O O O B-Disease O O O O", "myotonic dystrophy", ""},
		{Expand, "the frequency of PVC was lower", "O O O B-Disease O O", "premature ventricular contraction", ""}, // a variant
		// An article before an eponym's name standing alone
		// (NCBI-disease), not before a noun.
		{Expand, "had a chromosomal abnormality involving the PWS .", "O O O O O O B-Disease O", "Prader - Willi syndrome", "article before an eponym"},
		{Expand, "is a candidate gene for the WT .", "O O O O O O B-Disease O", "Wilms tumor", "article before an eponym"},
		{Expand, "deleted in the PWS region", "O O O B-Disease O", "Prader - Willi syndrome", ""},
		{Expand, "patients with PWS .", "O O B-Disease O", "Prader - Willi syndrome", ""},
		// Joined by a hyphen to another abbreviation or symbol, either
		// side (BC5CDR train and devel; a synthetic sentence of the
		// shape a reading of issue 32 flagged), not to a word or number.
		{Expand, "ulcers in NS - NSAIDs users", "O O O O B-Chemical O", "non - steroidal anti - inflammatory drugs", "hyphen-joined to a symbol"},
		{Expand, "RAST for BPO - PLL and AX - PLL was done .", "O O O O O O B-Chemical O O O O O",
			"amoxicillin", "hyphen-joined to a symbol"},
		{Expand, "In DXR - CM myocardial damage is", "O B-Chemical O B-Disease B-Disease I-Disease O", "doxorubicin", "hyphen-joined to a symbol"},
		{Expand, "In DXR - CM myocardial damage is", "O O O B-Disease B-Disease I-Disease O", "cardiomyopathy", "hyphen-joined to a symbol"},
		{Expand, "the DXR - induced damage", "O B-Chemical O O O", "doxorubicin", ""},
		{Expand, "of HIV - 1 infection", "O B-Disease O O O", "human immunodeficiency virus", ""},
		{Expand, "the anti - TNF drugs", "O O O B-Chemical O", "tumor necrosis factor", ""},
		// Before an acronym it premodifies (NCBI-disease train).
		{Expand, "In the CTX HDL , the ratio of apoAI to apoAII was high", "O O B-Disease O O O O O O O O O O",
			"cerebrotendinous xanthomatosis", "before an acronym"},
		{Expand, "CTX patients had high HDL", "B-Disease O O O O", "cerebrotendinous xanthomatosis", ""},
	} {
		s := sentence(tt.text, tt.tags)
		sp := iob.Spans(s.Tags)[0]
		if len(iob.Spans(s.Tags)) > 1 && tt.want == "after a count" && tt.toks == "ischemic stroke" {
			sp = iob.Spans(s.Tags)[1]
		}
		st := site{dir: tt.dir, s: s, sp: sp, toks: strings.Fields(tt.toks), diso: sp.Type == "Disease"}
		if got := siteRefused(st); got != tt.want {
			t.Errorf("%s %q -> %q: refused by %q, want %q", tt.dir, tt.text, tt.toks, got, tt.want)
		}
	}
}

// TestDefinedOtherwise: a long form the document wrote before the
// abbreviation in parentheses, taken as no definition, is replaced by
// no other standard long form (BioRED devel, BC5CDR test).
func TestDefinedOtherwise(t *testing.T) {
	for _, tt := range []struct {
		text, toks string
		standard   bool
		written    string // the document's sentences, "|" between them
		want       string
	}{
		{"the prognosis of CRC patients", "colorectal cancer", true, "transition ( EMT ) | Colorectal adenocarcinoma ( CRC ) is",
			"defined otherwise in the text"},
		{"the prognosis of CRCs was", "colorectal cancers", true, "Colorectal adenocarcinoma ( CRC ) is", "defined otherwise in the text"},
		{"dose lisinopril in CHF .", "congestive heart failure", true, "patients with chronic heart failure ( CHF ) , but",
			"defined otherwise in the text"},
		// The standard long form is the document's; a long form of the
		// document's definition; no parentheses.
		{"criteria for MI , as well", "myocardial infarction", true, "diagnosis of myocardial infarction ( MI ) difficult", ""},
		{"the complexity of CMV isolates", "cytomegalovirus", true, "Long - term anti - cytomegalovirus ( CMV ) therapy", ""},
		{"the prognosis of CRCs was", "colorectal cancers", true, "of colorectal cancer ( CRC ) and", ""},
		{"the prognosis of CRC patients", "colorectal adenocarcinoma", false, "Colorectal adenocarcinoma ( CRC ) is", ""},
		{"the prognosis of CRC patients", "colorectal cancer", true, "transition ( EMT ) is", ""},
	} {
		s := sentence(tt.text, strings.Repeat("O ", 3)+"B-Disease"+strings.Repeat(" O", len(strings.Fields(tt.text))-4))
		var written []abbrev.Written
		for _, w := range strings.Split(tt.written, "|") {
			written = append(written, abbrev.FindWritten(conll.Sentence{Tokens: strings.Fields(w)})...)
		}
		st := site{dir: Expand, s: s, sp: iob.Spans(s.Tags)[0], toks: strings.Fields(tt.toks), diso: true,
			standard: tt.standard, written: written}
		if got := siteRefused(st); got != tt.want {
			t.Errorf("%q -> %q (standard %v, after %q): refused by %q, want %q", tt.text, tt.toks, tt.standard, tt.written, got, tt.want)
		}
	}
}

func TestSentenceRules(t *testing.T) {
	for _, tt := range []struct {
		text, tags string
		replaced   []bool // the mentions planned replaced
		want       []bool // still replaced after the rules
		rule       string // the rule that drops the first one dropped
	}{
		// The other half is not a mention, or not written out.
		{"the ALD / AMN gene", "O O O B-Disease O", []bool{true}, []bool{false}, "half of a slash pair"},
		{"for AMI / GI toxicity", "O B-Disease O O O", []bool{true}, []bool{false}, "half of a slash pair"},
		{"risk of AMI / GI toxicity was", "O O B-Disease O B-Disease I-Disease O", []bool{true, false}, []bool{false, false}, "half of a slash pair"},
		{"the GI / AMI events", "O O O B-Disease O", []bool{true}, []bool{false}, "half of a slash pair"},
		{"the ICH / IS patients", "O B-Disease O B-Disease O", []bool{true, true}, []bool{true, true}, ""},
		{"of CCNU / CTX was", "O B-Chemical O B-Chemical O", []bool{true, false}, []bool{false, false}, "half of a slash pair"},
		// Every half written out: a regimen of long forms.
		{"high - dose 5 - FU / FA / MMC is", "O O O B-Chemical I-Chemical I-Chemical O B-Chemical O B-Chemical O",
			[]bool{true, true, true}, []bool{true, true, true}, ""},
		// One filtered half unmakes the others, in turn.
		{"5 - FU / FA / MMC", "B-Chemical I-Chemical I-Chemical O B-Chemical O B-Chemical", []bool{true, true, false}, []bool{false, false, false}, "half of a slash pair"},
		// A unit or a lower-case word is no abbreviation partner.
		{"50 mg BPA / kg diet", "O O B-Chemical O O O", []bool{true}, []bool{true}, ""},
		{"IS or TIA", "B-Disease O B-Disease", []bool{true, true}, []bool{true, true}, ""},
		// Half of a pair of abbreviations (BC5CDR test and train).
		{"adverse cutaneous reactions to P and N associated or not to classic NSAIDs .", "O O O O B-Chemical O B-Chemical O O O O O B-Chemical O",
			[]bool{false, true, false}, []bool{false, false, false}, "half of a pair"},
		{"substantially depleted 5 - HT and 5 - HIAA in all brain regions examined .", "O O B-Chemical I-Chemical I-Chemical O B-Chemical I-Chemical I-Chemical O O O O O O",
			[]bool{false, true}, []bool{false, false}, "half of a pair"},
		{"In single dose studies , DH , MD , and VSD were", "O O O O O B-Chemical O B-Chemical O O B-Chemical O",
			[]bool{true, false, true}, []bool{false, false, true}, "half of a pair"},
		{"Patients receiving concomitant AmB and spironolactone had", "O O O B-Chemical O B-Chemical O",
			[]bool{true, false}, []bool{true, false}, ""},
		{"observed were comparable in AZT and PHZ treated mice", "O O O O B-Chemical O B-Chemical O O",
			[]bool{true, true}, []bool{true, true}, ""},
		// The other half an abbreviation that starts a mention or is
		// none (BioRED devel), across a word; across a comma only a
		// mention.
		{"the risks of hospitalization for AMI and GI bleeding among", "O O O O O B-Disease O B-Disease I-Disease O",
			[]bool{true, false}, []bool{false, false}, "half of a pair"},
		{"for GI bleeding or AMI among", "O B-Disease I-Disease O B-Disease O", []bool{false, true}, []bool{false, false}, "half of a pair"},
		{"for AMI and GI events", "O B-Disease O O O", []bool{true}, []bool{false}, "half of a pair"},
		{"for AMI and GI bleeding among", "O B-Disease O B-Disease I-Disease O", []bool{true, true}, []bool{true, true}, ""},
		{"After DOX , ECG changes were seen", "O B-Chemical O O O O O", []bool{true}, []bool{true}, ""},
		{"After DOX and 2 mg of it", "O B-Chemical O O O O O", []bool{true}, []bool{true}, ""},
		// One kept, one written out (BC5CDR test; NCBI-disease test).
		{"4 . 10 in current users of any OC , 3 . 10 in users of second - generation OCs , and", "O O O O O O O O B-Chemical O O O O O O O O O O B-Chemical O O",
			[]bool{false, true}, []bool{false, false}, "one kept, one written out"},
		{"some DMD isoforms expressed in the brain may be related to the cognitive impairment associated with DMD . .", "O B-Disease O O O O O O O O O O O O O O B-Disease O O",
			[]bool{false, true}, []bool{false, false}, "one kept, one written out"},
		{"Sixteen DM parents had multiple DM offspring", "O B-Disease O O O B-Disease O", []bool{true, true}, []bool{true, true}, ""},
	} {
		s := sentence(tt.text, tt.tags)
		spans := iob.Spans(s.Tags)
		outcomes := make([]string, len(spans))
		for k, r := range tt.replaced {
			outcomes[k] = outcomeOther
			if r {
				outcomes[k] = outcomeReplaced
			}
		}
		first := ""
		replaced := func(k int) bool { return outcomes[k] == outcomeReplaced }
		for _, r := range sentenceRules {
			if r.drop(s, spans, replaced) >= 0 {
				first = r.name
				break
			}
		}
		if first != tt.rule {
			t.Errorf("%q: first rule %q, want %q", tt.text, first, tt.rule)
		}
		dropUnmatched(s, spans, outcomes, outcomeFiltered)
		for k, w := range tt.want {
			if got := outcomes[k] == outcomeReplaced; got != w {
				t.Errorf("%q: mention %d replaced = %v, want %v", tt.text, k, got, w)
			}
		}
	}
}

// TestNumberFits: a plural long form is made singular where the
// abbreviation premodifies a noun or takes a singular verb; a short form
// written plural, a long form in the singular and one the same in both
// numbers stay.
func TestNumberFits(t *testing.T) {
	for _, tt := range []struct {
		text, tags, short, long, want string // want "" for refused
	}{
		// NCBI-disease test: "renal cell carcinomas ( RCC )" defined, then
		// "786 - 0 RCC cells".
		{"VHL - negative 786 - 0 RCC cells are tumorigenic", "O O O O O O B-Disease O O O", "RCC", "renal cell carcinomas", "renal cell carcinoma"},
		{"the risk of VTE and OC use", "O O O B-Disease O B-Chemical O", "OC", "oral contraceptives", "oral contraceptive"},
		{"OC was associated with VTE", "B-Chemical O O O B-Disease", "OC", "oral contraceptives", "oral contraceptive"},
		{"patients developed EPS with classic antipsychotics", "O O B-Disease O O O", "EPS", "extrapyramidal symptoms", "extrapyramidal symptoms"},
		{"Adverse events related to EPS occurred", "O O O O B-Disease O", "EPS", "extrapyramidal symptoms", "extrapyramidal symptoms"},
		{"users of second - generation OCs , and", "O O O O O B-Chemical O O", "OCs", "oral contraceptives", "oral contraceptives"},
		{"TdP potential of drugs", "B-Disease O O O", "TdP", "torsade de pointes", "torsade de pointes"},
		{"ROS production was", "B-Chemical O O", "ROS", "reactive oxygen species", "reactive oxygen species"},
		{"RCC cells", "B-Disease O", "RCC", "renal cell carcinoma", "renal cell carcinoma"},
	} {
		s := sentence(tt.text, tt.tags)
		sp := iob.Spans(s.Tags)[len(iob.Spans(s.Tags))-1]
		if tt.short == "EPS" || tt.short == "TdP" || tt.short == "ROS" {
			sp = iob.Spans(s.Tags)[0]
		}
		if tt.short == "OC" && strings.HasPrefix(tt.text, "OC") {
			sp = iob.Spans(s.Tags)[0]
		}
		got, ok := numberFits(s, sp, tt.short, strings.Fields(tt.long))
		if g := strings.Join(got, " "); !ok && tt.want != "" || ok && g != tt.want {
			t.Errorf("%q: %q, %v; want %q", tt.text, g, ok, tt.want)
		}
	}
}

func TestOpeningHeading(t *testing.T) {
	for _, tt := range []struct {
		text    string
		heading string
		opens   bool
	}{
		{"BACKGROUND : Calcitriol therapy", "BACKGROUND", true},
		{"BACKGROUND AND PURPOSE : We", "BACKGROUND AND PURPOSE", true},
		{"STUDY OBJECTIVE : To evaluate", "STUDY OBJECTIVE", true},
		{"STUDY DESIGN : Retrospective", "STUDY DESIGN", false},
		{"METHODS : Sixty dogs", "METHODS", false},
		{"AIMS AND METHODS : We compared", "AIMS AND METHODS", true},
		{"DNA : a molecule", "DNA", false},
		{"The BACKGROUND : no", "", false},
		{"NO ( nitric oxide ) :", "", false},
		{": BACKGROUND", "", false},
	} {
		h := heading(strings.Fields(tt.text))
		if h != tt.heading || opening(h) != tt.opens {
			t.Errorf("%q: heading %q (opens %v), want %q (%v)", tt.text, h, opening(h), tt.heading, tt.opens)
		}
	}
}

// TestAbstractBoundary: without document marks, an opening heading after
// another abstract's sections drops that abstract's definitions, and one
// inside an abstract ("OBJECTIVES :" after "RATIONALE :") keeps them.
func TestAbstractBoundary(t *testing.T) {
	a := newA(t, Contract, false)
	def := sentence("Rats got doxorubicin ( DOX ) .", "O O B-Chemical O B-Chemical O O")
	concl := sentence("CONCLUSIONS : doxorubicin is toxic .", "O O B-Chemical O O O")
	title := sentence("Doxorubicin and the heart .", "B-Chemical O O O O")
	open := sentence("BACKGROUND : doxorubicin is toxic .", "O O B-Chemical O O O")
	_, chs, _ := run(a, 1, def, concl, title, open)
	if len(chs[1]) != 1 || len(chs[3]) != 0 {
		t.Errorf("changes %v: want the conclusion's doxorubicin contracted, not the next abstract's", chs)
	}
	rationale := sentence("RATIONALE : rats got doxorubicin ( DOX ) .", "O O O O B-Chemical O B-Chemical O O")
	obj := sentence("OBJECTIVES : to test doxorubicin .", "O O O O B-Chemical O")
	_, chs, _ = run(a, 1, rationale, obj)
	if len(chs[1]) != 1 {
		t.Errorf("changes %v: want the objective's doxorubicin contracted", chs)
	}
}

// TestLongKept: once the long form is written out again after its
// definition with no use of the short form between, later long forms
// stay; a use of the short form or a new definition lifts that.
func TestLongKept(t *testing.T) {
	a := newA(t, Contract, false)
	def := sentence("Rats got doxorubicin ( DOX ) .", "O O B-Chemical O B-Chemical O O")
	long := sentence("We found that doxorubicin is toxic .", "O O O B-Chemical O O O")
	short := sentence("We found that DOX is toxic .", "O O O B-Chemical O O O")
	_, chs, _ := run(a, 1, def, long, long, short, long, def, long)
	var got []int
	for _, cs := range chs {
		got = append(got, len(cs))
	}
	if want := []int{0, 1, 0, 0, 1, 0, 1}; !slices.Equal(got, want) {
		t.Errorf("changes per sentence %v, want %v", got, want)
	}
}

// TestLeadOutside: a long form led by words its abbreviation leaves
// out (abbrev.Align has the table) is written out and contracted
// without them ("congenital myotonic dystrophy ( DM )"); written out
// whole but never contracted when the letters cannot tell the
// abbreviation from the whole ("maternal phenylketonuria ( PKU )": a
// blind reading marked "maternal phenylketonuria" -> "PKU" another
// meaning); and no definition at all where its lead makes a compound
// ("Long - term anti - cytomegalovirus ( CMV )", written out so in a
// reading of issue 32).
func TestLeadOutside(t *testing.T) {
	pku := sentence("Cognitive development in maternal phenylketonuria ( PKU ) was studied .", "O O O B-Disease I-Disease O B-Disease O O O O")
	dm := sentence("Children with congenital myotonic dystrophy ( DM ) were seen .", "O O B-Disease I-Disease I-Disease O B-Disease O O O O")
	cmv := sentence("Long - term anti - cytomegalovirus ( CMV ) treatments were given .", "B-Chemical I-Chemical I-Chemical I-Chemical I-Chemical I-Chemical O B-Chemical O O O O O")
	for _, tt := range []struct {
		dir      string
		def      conll.Sentence
		in, tags string
		want     string
		outcome  string
	}{
		{Contract, pku, "The outcome in maternal phenylketonuria is poor .", "O O O B-Disease I-Disease O O O", "The outcome in maternal phenylketonuria is poor .", outcomeFiltered},
		{Expand, pku, "The outcome in PKU is poor .", "O O O B-Disease O O O", "The outcome in maternal phenylketonuria is poor .", outcomeReplaced},
		{Expand, dm, "The DM patients were seen .", "O B-Disease O O O O", "The myotonic dystrophy patients were seen .", outcomeReplaced},
		{Contract, dm, "It was seen in myotonic dystrophy .", "O O O O B-Disease I-Disease O", "It was seen in DM .", outcomeReplaced},
		{Contract, dm, "It was seen in congenital myotonic dystrophy .", "O O O O B-Disease I-Disease I-Disease O", "It was seen in congenital myotonic dystrophy .", outcomeOther},
		{Expand, cmv, "The CMV treatments were stopped .", "O B-Chemical O O O O", "The CMV treatments were stopped .", outcomeUndefined},
	} {
		a := newA(t, tt.dir, false)
		outs, _, ocs := run(a, 1, tt.def, sentence(tt.in, tt.tags))
		if got := strings.Join(outs[1].Tokens, " "); got != tt.want {
			t.Errorf("%s %q: got %q, want %q", tt.dir, tt.in, got, tt.want)
		}
		if got := outcomes(ocs[1]); !slices.Equal(got, []string{tt.outcome}) {
			t.Errorf("%s %q: outcomes %v, want %s", tt.dir, tt.in, got, tt.outcome)
		}
	}
}

// TestPluralShort: the plural of a defined abbreviation is written out as
// the plural of its long form, or left when English has none.
func TestPluralShort(t *testing.T) {
	a := newA(t, Expand, false)
	def := sentence("synthesis of bile salt ( BS ) and hypertension ( HT ) was high .", "O O B-Chemical I-Chemical O B-Chemical O O B-Disease O B-Disease O O O O")
	use := sentence("All BSs were low , and HTs too .", "O B-Chemical O O O O B-Disease O O")
	outs, _, ocs := run(a, 1, def, use)
	if got, want := strings.Join(outs[1].Tokens, " "), "All bile salts were low , and HTs too ."; got != want {
		t.Errorf("got %q, want %q", got, want)
	}
	if want := []string{outcomeReplaced, outcomeFiltered}; !slices.Equal(outcomes(ocs[1]), want) {
		t.Errorf("outcomes %v, want %v", outcomes(ocs[1]), want)
	}
	for _, tt := range []struct{ short, want string }{{"BS", "BSs"}, {"OC", "OCs"}, {"OCs", ""}, {"Iso", ""}} {
		if got := pluralShort(tt.short); got != tt.want {
			t.Errorf("pluralShort(%q) = %q, want %q", tt.short, got, tt.want)
		}
	}
}

// TestRulesDocumented checks that docs/kinds.md has a row for every site
// and sentence rule.
func TestRulesDocumented(t *testing.T) {
	b, err := os.ReadFile(filepath.Join("..", "..", "docs", "kinds.md"))
	if err != nil {
		t.Skip(err) // the module's documentation is not where the package is
	}
	doc := string(b)
	var names []string
	for _, r := range siteRules {
		names = append(names, r.name)
	}
	for _, r := range sentenceRules {
		names = append(names, r.name)
	}
	for _, n := range names {
		if !strings.Contains(doc, "\n| "+n+" |") {
			t.Errorf("docs/kinds.md has no row for the abbreviation rule %q", n)
		}
	}
}
