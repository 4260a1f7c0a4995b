package synonym

import (
	"slices"
	"strings"
	"testing"

	"github.com/stress-ner/stress/perturb/internal/english"
	"github.com/stress-ner/stress/umls"
)

// TestSourceNames is the table of the sources beyond the lexicons
// (pairs.txt, the element table, the organ rule) with names each gives
// and names it must not give, on the default store: accepted names are
// candidates of the mention from that source (from any, for a source
// ""), rejected ones are no candidates at all.
func TestSourceNames(t *testing.T) {
	r, err := New(testStore(t), DefaultOptions())
	if err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct {
		source, typ, mention, name string
		accepted                   bool
		why                        string
	}{
		{"", "Chemical", "epinephrine", "adrenaline", true, "INN/BAN (the lexicons have it too)"},
		{sourceCurated, "Chemical", "indomethacin", "indometacin", true, "INN/BAN, though a spelling-level difference"},
		{sourceCurated, "Chemical", "indometacin", "indomethacin", true, "both ways"},
		{sourceCurated, "Chemical", "cyclosporine", "ciclosporin", true, "USAN/INN"},
		{sourceCurated, "Chemical", "cyclosporin A", "ciclosporin", true, "former name/INN"},
		{sourceCurated, "Chemical", "beclomethasone", "beclometasone", true, "USAN/INN"},
		{sourceCurated, "Chemical", "cephalexin", "cefalexin", true, "USAN/INN"},
		{sourceCurated, "Chemical", "chlorpheniramine", "chlorphenamine", true, "USAN/INN"},
		{sourceCurated, "Disease", "acute renal failure", "acute kidney failure", true, "organ word, acute"},
		{sourceCurated, "Disease", "arrhythmia", "dysrhythmia", true, "clinical"},
		{sourceCurated, "Disease", "arrhythmias", "dysrhythmias", true, "the plural pairs.txt writes"},
		{sourceCurated, "Disease", "ventricular arrhythmias", "ventricular dysrhythmias", true, "clinical"},
		{sourceCurated, "Disease", "diabetic nephropathy", "diabetic kidney disease", true, "clinical"},
		{sourceCurated, "Disease", "arrhythmia", "dysrhythmias", false, "a singular mention stays singular"},
		{sourceCurated, "Disease", "arrhythmias", "dysrhythmia", false, "a plural mention stays plural"},
		{sourceCurated, "Chemical", "dexamfetamine", "Adderall", false, "no pair"},
		{sourceCurated, "Disease", "epinephrine", "adrenaline", false, "a chemical pair for a disease mention"},
		{sourceCurated, "Chemical", "cyclosporine", "cyclosporin A", true, "USAN/former name"},
		{sourceCurated, "Chemical", "streptozotocin", "streptozocin", true, "research name/INN, though a spelling-level difference"},
		{sourceCurated, "Chemical", "cis-platinum", "cisplatin", true, "INN/former name"},
		{sourceCurated, "Chemical", "cisplatin", "cis-platinum", false, ""}, // one way: obsolete as a replacement
		{sourceCurated, "Chemical", "L - DOPA", "levodopa", true, "a mention the rules read as an abbreviation"},
		{"", "Chemical", "valproate", "valproic acid", true, "acid/anion: the lexicons, once the round trip takes ChEBI's conjugates as one drug"},
		{sourceCurated, "Chemical", "methyldopa", "alpha-methyldopa", true, "INN/chemical name, though a Greek letter"},
		{sourceCurated, "Chemical", "levomepromazine", "methotrimeprazine", true, "INN/USAN, though a levo prefix"},
		{sourceCurated, "Chemical", "isotretinoin", "13-cis-retinoic acid", true, "INN/chemical name, though locants"},
		{sourceCurated, "Chemical", "trihexyphenidyl", "benzhexol", true, "INN/former BAN"},
		{sourceCurated, "Chemical", "tacrolimus", "FK506", false, "a code: no pair"},
		{sourceCurated, "Chemical", "ecstasy", "MDMA", false, "an abbreviation: no pair"},
		{sourceCurated, "Disease", "renal disease", "renal insufficiency", false, "no pair, and avoided"},
		{sourceCurated, "Disease", "convulsions", "seizures", true, "a disease pair skips the round trip (the embedded MeSH splits the two)"},
		{sourceCurated, "Disease", "convulsion", "seizure", true, "in either number"},
		{sourceCurated, "Disease", "seizures", "convulsions", false, "one way: not every seizure is a convulsion"},
		{sourceCurated, "Disease", "mental retardation", "intellectual disability", true, "clinical, renamed"},
		{sourceCurated, "Disease", "intellectual disability", "mental retardation", true, "both ways"},
		{sourceCurated, "Disease", "Duchenne muscular dystrophy", "Duchenne dystrophy", true, "clinical short name"},
		{sourceCurated, "Disease", "Fabry disease", "Anderson-Fabry disease", true, "eponym"},
		{sourceCurated, "Disease", "hypertension", "high blood pressure", false, "no pair: breaks premodified mentions"},
		{"", "Disease", "fragile X syndrome", "martin bell syndrome", false, "older eponym, avoided"},
		{"", "Disease", "tuberous sclerosis", "cerebral sclerosis", false, "another meaning, avoided"},
		{sourceElements, "Chemical", "Pb", "lead", true, "symbol to name"},
		{sourceElements, "Chemical", "Cr", "chromium", false, "Cr is creatinine in clinical text"},
		{sourceElements, "Chemical", "I", "iodine", false, "single letters are no symbols"},
		{sourceOrgan, "Disease", "hepatic damage", "liver damage", true, "noun for adjective"},
		{sourceOrgan, "Disease", "nephrotoxicity", "renal toxicity", true, "combining form for its word"},
		{sourceOrgan, "Disease", "lung cancer", "pulmonary cancer", false, "no writer's form (not in the training text)"},
	} {
		a := r.Analyze(tt.typ, tt.mention)
		if a.Err != nil {
			t.Fatal(a.Err)
		}
		var got *Candidate
		for i, c := range a.Candidates {
			if strings.EqualFold(c.Term, tt.name) {
				got = &a.Candidates[i]
			}
		}
		switch {
		case tt.accepted && (got == nil || tt.source != "" && got.Source != tt.source):
			t.Errorf("%s %q: %q is no %s candidate (%s); candidates %v", tt.typ, tt.mention, tt.name, tt.source, tt.why, terms(a))
		case !tt.accepted && got != nil:
			t.Errorf("%s %q: %q is a candidate from %s; want none (%s)", tt.typ, tt.mention, tt.name, got.Source, tt.why)
		}
	}
}

// TestCuratedRoundTrip checks the pairs of pairs.txt that skip the
// store's round trip: each says why in its line ("no round trip: ..."),
// and each needs it (the round trip refuses the pair, in one direction
// at least); a pair the round trip would keep goes through it like the
// others.
func TestCuratedRoundTrip(t *testing.T) {
	r, err := New(testStore(t), DefaultOptions())
	if err != nil {
		t.Fatal(err)
	}
	needed := map[string]bool{} // the pair, as its two names sorted, whose line skips
	for from, ps := range curated() {
		for _, p := range ps {
			if p.noRoundTrip == "" {
				continue
			}
			names := []string{from, english.AvoidKey(p.to)}
			slices.Sort(names)
			key := strings.Join(names, " / ")
			needed[key] = needed[key] || false
			all, err := r.lookupAll(english.LookupForm(from))
			if err != nil {
				t.Fatal(err)
			}
			mc := r.newMentionConcepts(all, []string{p.group})
			if mc.empty() {
				continue // the store knows no concept of the mention: nothing to skip
			}
			rt := &roundTrip{r: r, mc: mc, mention: from, back: map[string][]umls.Concept{}}
			ok, err := rt.keeps(p.to, "")
			if err != nil {
				t.Fatal(err)
			}
			if !ok {
				needed[key] = true
			}
		}
	}
	if len(needed) == 0 {
		t.Error("no pair skips the round trip")
	}
	for pair, ok := range needed {
		if !ok {
			t.Errorf("%s skips the round trip, which keeps it anyway: drop the mark", pair)
		}
	}
}
