package abbreviation

import (
	"slices"
	"strings"
	"unicode"

	"github.com/stress-ner/stress/conll"
	"github.com/stress-ner/stress/internal/textutil"
	"github.com/stress-ner/stress/iob"
	"github.com/stress-ner/stress/perturb/internal/abbrev"
	"github.com/stress-ner/stress/perturb/internal/english"
	"github.com/stress-ner/stress/umls"
)

// The grammar of a replacement: where an abbreviation and its long form
// do not stand for each other, each a named rule with its table test.
// Site rules look at one mention and the words around it; sentence
// rules at the mentions of a sentence together; numberFits at the
// number a long form takes where it stands.

// site is one planned replacement: mention sp of s replaced by toks in
// direction dir. diso is set when the mention's type maps to disorders;
// standard when toks is a standard long form (termStandardLongForm);
// written holds the abbreviations the document wrote in parentheses up
// to s (abbrev.FindWritten).
type site struct {
	dir      string
	s        conll.Sentence
	sp       iob.Span
	toks     []string
	diso     bool
	standard bool
	written  []abbrev.Written
}

// next returns the lower-case token after the mention, or "".
func (st site) next() string {
	if st.sp.End < len(st.s.Tokens) {
		return strings.ToLower(st.s.Tokens[st.sp.End])
	}
	return ""
}

// prev returns the token n places before the mention, or "".
func (st site) prev(n int) string {
	if i := st.sp.Start - n; i >= 0 && i < len(st.s.Tokens) {
		return st.s.Tokens[i]
	}
	return ""
}

// siteRule refuses a replacement where the sentence around it would
// read wrong.
type siteRule struct {
	name   string
	refuse func(st site) bool
}

// siteRules are the places a replacement is refused (outcomeFiltered).
var siteRules = []siteRule{
	// The document wrote the abbreviation in parentheses after a long
	// form other than the standard one, and the kind took it as no
	// definition (the gold mention is "heart failure" in "chronic heart
	// failure ( CHF )", BC5CDR test; the letters start inside a
	// compound, "Long - term anti - cytomegalovirus ( CMV )"; the long
	// form is no mention, or one of another type): the standard long
	// form would replace the writer's ("congestive heart failure" for
	// CHF). An expansion uses the long form the document defines, or
	// none ("Colorectal adenocarcinoma ( CRC )" is no "colorectal
	// cancer").
	{"defined otherwise in the text", func(st site) bool {
		if st.dir != Expand || !st.standard {
			return false
		}
		short := english.Compact(strings.Join(st.s.Tokens[st.sp.Start:st.sp.End], " "))
		long := st.toks
		if t := strings.TrimSuffix(short, "s"); t != short && pluralShort(t) == short {
			// "CRCs" after "( CRC )": the singular long form.
			short, long = t, strings.Fields(english.Singular(strings.Join(st.toks, " ")))
		}
		other := false
		for _, w := range st.written {
			if w.Short != short {
				continue
			}
			if w.LongFormIs(long) {
				return false
			}
			other = true
		}
		return other
	}},
	// The sentence writes the replacement already, outside the mention:
	// the writer defines it there without a pair of mentions ("injection
	// of puromycin aminonucleoside , ( PAN , 7 . 5 mg / kg )"), or uses
	// both side by side ("the WAS gene ... the Wiskott - Aldrich
	// syndrome"); the replacement would repeat it or blur the two.
	{"other side written", func(st site) bool {
		// A long form in any case; a short form as written ("Dmd", the
		// mouse gene, is not "DMD").
		same := strings.EqualFold
		if st.dir == Contract {
			same = func(a, b string) bool { return a == b }
		}
		s, sp, toks := st.s, st.sp, st.toks
		for i := 0; i+len(toks) <= len(s.Tokens); i++ {
			if i+len(toks) > sp.Start && i < sp.End {
				continue
			}
			if slices.EqualFunc(s.Tokens[i:i+len(toks)], toks, same) {
				return true
			}
		}
		return false
	}},
	// A long form that starts a longer name the writer abbreviates or
	// gives a symbol right after: "myotonic dystrophy protein kinase (
	// DMPK )", "diastrophic dysplasia sulfate - transporter gene ( DTDST
	// )", "murine Duchenne muscular dystrophy ( Dmd )". Its short form
	// there would make a name of abbreviations nobody writes.
	{"part of a defined name", func(st site) bool {
		if st.dir != Contract {
			return false
		}
		s, sp := st.s, st.sp
		short := english.Compact(strings.Join(st.toks, " "))
		// An abbreviation or a gene's symbol: "DMPK", "Dmd"; not "n".
		symbol := func(t string) bool {
			return english.Alnum(t) >= 2 && strings.ContainsFunc(t, unicode.IsUpper) &&
				(umls.IsAbbreviation(english.Compact(t)) || english.IsLetters(t) && len(t) <= 6)
		}
		j := sp.End
		for j < len(s.Tokens) && j < sp.End+4 && s.Tokens[j] != "(" && (s.Tokens[j] == "-" || english.IsLetters(strings.ReplaceAll(s.Tokens[j], "-", ""))) {
			j++
		}
		return j < len(s.Tokens) && s.Tokens[j] == "(" && (j == sp.End && j+1 < len(s.Tokens) && symbol(s.Tokens[j+1]) ||
			j+1 < len(s.Tokens) && symbol(s.Tokens[j+1]) && strings.Contains(strings.ToUpper(s.Tokens[j+1]), strings.ToUpper(short)))
	}},
	// A symbol before a word for a part or a product of a gene names
	// the gene, not the disease or chemical its long form names ("the
	// different DMD promoters", "DMD isoforms": a blind reading marked
	// both written out another meaning).
	{"gene part", func(st site) bool {
		return st.dir == Expand && geneParts()[st.next()]
	}},
	// A disease's symbol before "gene", "locus", "allele" or "protein"
	// is the gene's: "the DMD gene", "the HD gene product", "the DM
	// locus" written out as the disease ("the Duchenne muscular
	// dystrophy gene") was flagged by the readers of issue 32. A
	// chemical's is the gene's name ("PENK gene": the proenkephalin
	// gene).
	{"gene of a disease", func(st site) bool {
		return st.dir == Expand && st.diso && diseaseGenes()[st.next()]
	}},
	// Before a kin or sex noun the abbreviation is a label of people a
	// writer does not write out: "three AS sons", "an AS daughter",
	// "DMD males", "GDM women" (readers of issue 32 flagged "Angelman
	// syndrome sons", "gestational diabetes mellitus women",
	// "Sjogren-Larsson syndrome female"); "PD patients", "TSD carriers"
	// and "FAP families" read well written out, and stay.
	{"kin or sex noun", func(st site) bool {
		return st.dir == Expand && kinSexNouns()[st.next()]
	}},
	// After a count the abbreviation names the cases counted: "1460 ICH
	// and 3817 IS / TIA", "378 AF and 81 AFL cases"; written out, "1460
	// intracerebral hemorrhage" counts a disease. Before a noun it
	// premodifies ("18 A - T patients") it stays a label, and a number
	// that belongs to a name ("type 2 DM", "day 3") is no count.
	{"after a count", func(st site) bool {
		return st.dir == Expand && countRE().MatchString(st.prev(1)) && !numberNames()[strings.ToLower(st.prev(2))] &&
			!premodifies(st.s.Tokens, st.sp.End)
	}},
	// An article before an eponym's name standing alone: "the PWS ."
	// and "the WT ." are "the Prader - Willi syndrome ." and "the Wilms
	// tumor ." (a reading of issue 32 flagged "the Lowe disease").
	// Before a noun the article is the noun's ("the PWS region").
	{"article before an eponym", func(st site) bool {
		if st.dir != Expand || len(st.toks) == 0 || !english.Eponym(st.toks, 0) {
			return false
		}
		switch strings.ToLower(st.prev(1)) {
		case "the", "a", "an":
			return !premodifies(st.s.Tokens, st.sp.End)
		}
		return false
	}},
	// Joined by a hyphen to another abbreviation or symbol, either
	// side, an abbreviation is half of a compound name: "NS - NSAIDs"
	// (non-selective NSAIDs) written "NS - non - steroidal anti -
	// inflammatory drugs" was flagged in a reading of issue 32, as "CCR5
	// - DD32" or "L - NAME" would be. Written out, the compound is half
	// a name and half an abbreviation.
	{"hyphen-joined to a symbol", func(st site) bool {
		if st.dir != Expand {
			return false
		}
		s, sp := st.s, st.sp
		return sp.Start >= 2 && s.Tokens[sp.Start-1] == "-" && symbolToken(s.Tokens[sp.Start-2]) ||
			sp.End+1 < len(s.Tokens) && s.Tokens[sp.End] == "-" && symbolToken(s.Tokens[sp.End+1])
	}},
	// Before an acronym it premodifies, a long form makes a stack of
	// names a writer breaks up: "In the CTX HDL" written "In the
	// cerebrotendinous xanthomatosis HDL" (flagged in a reading of
	// NCBI-disease train), "the PWS IC".
	{"before an acronym", func(st site) bool {
		return st.dir == Expand && st.sp.End < len(st.s.Tokens) && english.IsAcronym(st.s.Tokens[st.sp.End])
	}},
	// A plural long form before a noun it premodifies: a writer makes a
	// premodifier singular ("tumor patients", "drug users"), and a
	// plural short form before a noun is a quirk of the original that
	// its long form makes ungrammatical: "GEP - NETs patients" written
	// "gastroenteropancreatic neuroendocrine tumors patients" (a
	// reading of BioRED devel), "highly NSAIDs intolerant patients".
	// A short form written singular has its long form made singular
	// there (numberFits); a head the same in both numbers ("reactive
	// oxygen species production") stays. premodifies cannot tell a
	// plural subject's verb from a noun: "MPNSTs express" is refused
	// too (BioRED train; none in BC5CDR or NCBI-disease test).
	{"plural long form before a noun", func(st site) bool {
		if st.dir != Expand || len(st.toks) == 0 || sameInBothNumbers()[strings.ToLower(st.toks[len(st.toks)-1])] {
			return false
		}
		return english.IsPlural(strings.Join(st.toks, " ")) && premodifies(st.s.Tokens, st.sp.End)
	}},
	// After a word that counts in the plural ("multiple", "several",
	// "two", "these", "the number of") an abbreviation written without
	// its s is used as a plural, and its singular long form breaks the
	// agreement: "severe arrhythmia such as multiple PVC ." written
	// "multiple premature ventricular contraction" (a reading of BioRED
	// devel flagged it; "two MI", "several AE"). Before a noun it
	// premodifies, or one after a slash or hyphen ("five PWS / AS
	// patients", "multiple OCD - like behaviors"), it is a label and
	// stays; a long form plural already ("several adverse events")
	// fits. "both" pairs two names ("both DM and FA"); digits are
	// "after a count".
	{"plural use without its s", func(st site) bool {
		if st.dir != Expand || len(st.toks) == 0 || !pluralCount(st) {
			return false
		}
		if english.IsPlural(strings.Join(st.toks, " ")) || sameInBothNumbers()[strings.ToLower(st.toks[len(st.toks)-1])] {
			return false
		}
		if next := st.next(); next == "/" || premodifies(st.s.Tokens, st.sp.End) {
			return false
		}
		return true
	}},
	// A sentence that may be a title: a writer does not abbreviate in a
	// title, and in input without document marks a title is where the
	// abstract before leaks its definitions ("Novel Tay - Sachs disease
	// mutations from China ."). A title has no heading and none of the
	// finite verbs, modals and pronouns of running sentences
	// (titleFree): measured on BC5CDR devel, 446 of its 473 titles look
	// so, and 727 of its 4,108 other sentences.
	{"title-like sentence", func(st site) bool {
		if st.dir != Contract || heading(st.s.Tokens) != "" {
			return false
		}
		return !slices.ContainsFunc(st.s.Tokens, func(t string) bool { return titleFree()[strings.ToLower(t)] })
	}},
}

// pluralCount reports whether the words before the mention of st count
// it in the plural: a plural quantifier ("multiple PVC", "two MI") or
// "the number of".
func pluralCount(st site) bool {
	prev := strings.ToLower(st.prev(1))
	if pluralQuantifiers()[prev] {
		return !numberNames()[strings.ToLower(st.prev(2))]
	}
	return prev == "of" && strings.EqualFold(st.prev(2), "number")
}

// symbolToken reports whether token t is an abbreviation or a symbol:
// "NS", "NSAIDs", "CCR5", "L"; not "2", "induced" or "p53".
func symbolToken(t string) bool {
	return umls.IsAbbreviation(english.Compact(t)) && strings.ContainsFunc(t, unicode.IsUpper)
}

// countRE matches a count: "1460", "1 , 489" ends in "489".
var countRE = textutil.LazyRegexp(`^[0-9]+$`)

// words is the set of the words of s, built on first use
// (textutil.LazyWords: no work at package initialisation).
func words(s string) func() map[string]bool { return textutil.LazyWords(s) }

var (
	// geneParts are the words after a gene's symbol that name a part or
	// a product of the gene (rule "gene part").
	geneParts = words("promoter promoters isoform isoforms mrna mrnas transcript transcripts exon exons intron introns cdna cdnas codon codons")
	// diseaseGenes are the words after a disease's symbol that make it
	// the gene's (rule "gene of a disease").
	diseaseGenes = words("gene genes locus loci allele alleles protein proteins product products homologue homologues homolog homologs")
	// kinSexNouns are the nouns of kinship and sex (rule "kin or sex
	// noun").
	kinSexNouns = words("son sons daughter daughters mother mothers father fathers parent parents sibling siblings sib sibs " +
		"sibship sibships brother brothers sister sisters twin twins offspring child children grandchild grandchildren " +
		"grandparent grandparents grandmother grandmothers grandfather grandfathers grandson grandsons granddaughter " +
		"granddaughters cousin cousins uncle uncles aunt aunts nephew nephews niece nieces spouse spouses husband husbands " +
		"wife wives woman women man men male males female females boy boys girl girls")
	// pluralQuantifiers are the words that count a noun after them in
	// the plural (rule "plural use without its s").
	pluralQuantifiers = words("multiple several many numerous various few fewer these those two three four five six seven " +
		"eight nine ten eleven twelve dozens hundreds thousands")
	// numberNames are the words before a number that makes it part of
	// a name, not a count (rule "after a count").
	numberNames = words("type types grade grades stage stages class classes phase phases group groups day days week weeks " +
		"month months year years hour hours step steps level levels score arm arms cohort cycle cycles dose doses factor " +
		"chromosome chromosomes exon exons intron introns codon codons site sites region regions lane lanes figure table")
	// phraseEnds are words after a noun phrase that it does not
	// premodify: verbs, conjunctions and prepositions beyond
	// english.SmallWord's (see premodifies).
	phraseEnds = words("was were is are be been being has have had do does did may might can could will would should shall " +
		"must vs versus whereas while which who whom whose that than as but nor so yet because although though if when where " +
		"since until unless per via among between within compared alone only also both either neither")
	// titleFree are words of running sentences that titles go without.
	titleFree = words("was were is are we has have had did may could can should would will not be been this these our it there that which")
)

// premodifies reports whether the token at end, after a mention, is a
// noun the mention premodifies ("A - T patients", "PWS region", "METH
// - induced"): a word, not a verb, conjunction or preposition, nor a
// participle ("occurred", "developed"); or a hyphen.
func premodifies(toks []string, end int) bool {
	if end >= len(toks) {
		return false
	}
	w := toks[end]
	if w == "-" {
		return true
	}
	if !english.IsLetters(w) {
		return false
	}
	lw := strings.ToLower(w)
	if english.SmallWord(lw) || phraseEnds()[lw] || len(lw) > 4 && strings.HasSuffix(lw, "ed") {
		return false
	}
	return unicode.IsLower(english.FirstRune(w)) || english.IsAcronym(w)
}

// siteRefused returns the name of the first site rule that refuses the
// replacement, or "".
func siteRefused(st site) string {
	for _, r := range siteRules {
		if r.refuse(st) {
			return r.name
		}
	}
	return ""
}

// sentenceRule finds a mention planned replaced (replaced(k)) that the
// mentions around it keep from being replaced, or returns -1.
type sentenceRule struct {
	name string
	drop func(s conll.Sentence, spans []iob.Span, replaced func(k int) bool) int
}

// coordinators join the two halves of a pair ("P and N", "TOTP or DFP",
// "DH , MD , and VSD", "DFMO plus sulindac").
var coordinators = words("and or , plus vs versus nor")

// abbreviationMention reports whether mention sp of s is an
// abbreviation as a whole ("P", "5 - HT", "COCs").
func abbreviationMention(s conll.Sentence, sp iob.Span) bool {
	text := english.Compact(strings.Join(s.Tokens[sp.Start:sp.End], " "))
	return umls.IsAbbreviation(text) && strings.ContainsFunc(text, unicode.IsUpper)
}

// sentenceRules are the rules of dropUnmatched.
var sentenceRules = []sentenceRule{
	// An abbreviation joined by a slash to another that is not
	// replaced ("the ALD / AMN gene", "AMI / GI toxicity", "CCNU /
	// CTX"): the pair is one name, and half of it written out reads
	// wrong, while all of it written out does ("5 - fluorouracil /
	// folinic acid / mitomycin C"). The other half need not be a
	// mention.
	{"half of a slash pair", func(s conll.Sentence, spans []iob.Span, replaced func(k int) bool) int {
		abbr := func(i int) bool {
			return i >= 0 && i < len(s.Tokens) && umls.IsAbbreviation(english.Compact(s.Tokens[i])) && strings.ContainsFunc(s.Tokens[i], unicode.IsUpper)
		}
		kept := func(i int) bool {
			for k, sp := range spans {
				if i >= sp.Start && i < sp.End {
					return !replaced(k)
				}
			}
			return true
		}
		for k, sp := range spans {
			if !replaced(k) {
				continue
			}
			if sp.Start >= 2 && s.Tokens[sp.Start-1] == "/" && abbr(sp.Start-2) && kept(sp.Start-2) ||
				sp.End+1 < len(s.Tokens) && s.Tokens[sp.End] == "/" && abbr(sp.End+1) && kept(sp.End+1) {
				return k
			}
		}
		return -1
	}},
	// An abbreviation coordinated with another abbreviation mention
	// that is not replaced: "reactions to P and N" written "P and
	// nimesulide", "5 - HT and 5 - hydroxyindoleacetic acid" (flagged
	// in a reading of issue 32). Both or neither. The other half may
	// be an abbreviation that is no mention, or starts or ends one,
	// across a word ("for AMI and GI bleeding", BioRED devel: "acute
	// myocardial infarction and GI bleeding" leaves one of the pair
	// short); across a comma it must be a mention ("After DOX , ECG
	// changes" is no pair).
	{"half of a pair", func(s conll.Sentence, spans []iob.Span, replaced func(k int) bool) int {
		keptSymbol := func(i int) bool {
			if i < 0 || i >= len(s.Tokens) || !symbolToken(s.Tokens[i]) {
				return false
			}
			for k, sp := range spans {
				if i >= sp.Start && i < sp.End {
					return !replaced(k)
				}
			}
			return true
		}
		wordCoordinator := func(i int) bool {
			return i >= 0 && i < len(s.Tokens) && s.Tokens[i] != "," && coordinators()[strings.ToLower(s.Tokens[i])]
		}
		for k, sp := range spans {
			if !replaced(k) {
				continue
			}
			if wordCoordinator(sp.End) && keptSymbol(sp.End+1) || wordCoordinator(sp.Start-1) && keptSymbol(sp.Start-2) {
				return k
			}
			// "GI bleeding or AMI": the mention before starts with one.
			if wordCoordinator(sp.Start - 1) {
				for _, o := range spans {
					if o.End == sp.Start-1 && keptSymbol(o.Start) {
						return k
					}
				}
			}
			for j, o := range spans {
				if j == k || replaced(j) || !abbreviationMention(s, o) {
					continue
				}
				if o.End+1 == sp.Start && coordinators()[strings.ToLower(s.Tokens[o.End])] ||
					sp.End+1 == o.Start && coordinators()[strings.ToLower(s.Tokens[sp.End])] {
					return k
				}
			}
		}
		return -1
	}},
	// One abbreviation kept and another of the same written out, in one
	// sentence: "current users of any OC , ... second - generation oral
	// contraceptives" (flagged in a reading of issue 32), "some DMD
	// isoforms ... associated with Duchenne muscular dystrophy". A
	// writer names a thing one way in a sentence: all or none.
	{"one kept, one written out", func(s conll.Sentence, spans []iob.Span, replaced func(k int) bool) int {
		key := func(sp iob.Span) string {
			short := english.Compact(strings.Join(s.Tokens[sp.Start:sp.End], " "))
			if t := strings.TrimSuffix(short, "s"); t != short && pluralShort(t) == short {
				short = t // "OCs" is "OC"
			}
			return sp.Type + "\x00" + short
		}
		for k, sp := range spans {
			if !replaced(k) {
				continue
			}
			for j, o := range spans {
				if j != k && !replaced(j) && key(o) == key(sp) {
					return k
				}
			}
		}
		return -1
	}},
}

// dropUnmatched sets to outcome, one at a time until none is left, the
// outcomes of the mentions planned replaced that a sentence rule keeps
// from being replaced: dropping one may unmake another ("5 - FU / FA /
// MMC" with MMC kept).
func dropUnmatched(s conll.Sentence, spans []iob.Span, outcomes []string, outcome string) {
	replaced := func(k int) bool { return outcomes[k] == outcomeReplaced }
	for {
		dropped := false
		for _, r := range sentenceRules {
			if k := r.drop(s, spans, replaced); k >= 0 {
				outcomes[k] = outcome
				dropped = true
				break
			}
		}
		if !dropped {
			return
		}
	}
}

// sameInBothNumbers are head words whose plural is their singular: a
// long form ending in one is never made singular ("reactive oxygen
// species", "torsade de pointes").
var sameInBothNumbers = words("species series means pointes mumps measles rickets")

// numberFits returns the long form toks as it fits mention sp of s, an
// abbreviation written short: a plural long form is made singular where
// the abbreviation premodifies a noun or is the subject of a singular
// verb ("RCC cells" is "renal cell carcinoma cells", not "renal cell
// carcinomas cells", after "renal cell carcinomas ( RCC )"; "OC was"),
// and refused (ok false) where English has no singular of it. A short
// form written plural ("OCs") takes its long form as it is.
func numberFits(s conll.Sentence, sp iob.Span, short string, toks []string) ([]string, bool) {
	long := strings.Join(toks, " ")
	if len(toks) == 0 || strings.HasSuffix(short, "s") || !english.IsPlural(long) || sameInBothNumbers()[strings.ToLower(toks[len(toks)-1])] {
		return toks, true
	}
	singular := premodifies(s.Tokens, sp.End)
	if sp.End < len(s.Tokens) {
		switch strings.ToLower(s.Tokens[sp.End]) {
		case "is", "was", "has", "does":
			singular = true
		}
	}
	if !singular {
		return toks, true
	}
	one := english.Singular(long)
	if p, ok := english.Plural(one); !ok || p != long || one == long {
		return nil, false
	}
	return strings.Fields(one), true
}
