package synonym

import (
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/stress-ner/stress/conll"
	"github.com/stress-ner/stress/iob"
	"github.com/stress-ner/stress/perturb"
	"github.com/stress-ner/stress/perturb/internal/abbrev"
	"github.com/stress-ner/stress/perturb/internal/english"
)

// Audit sections and items (perturb.Auditor), recorded in manifests and
// printed by "stress stats --manifest".
const (
	// AuditReplacements counts the replacements: ItemTotal, and by
	// source (ItemLexicon, the lexicons' names; ItemOrgan, ItemCurated,
	// ItemElement).
	AuditReplacements = "replacements"
	// AuditProxies counts replacements flagged by simple proxies of
	// unnatural or ungrammatical output, of ItemTotal.
	AuditProxies = "proxies"
	// AuditRejected counts, over the gold mentions, the lexicon names of
	// their concepts rejected as replacements, by reason (the Reject*
	// and Rejected* constants).
	AuditRejected = "rejected names"

	ItemTotal   = "total"
	ItemLexicon = "lexicon name"
	ItemOrgan   = "organ rule"   // SourceOrgan
	ItemCurated = "curated pair" // SourceCurated
	ItemElement = "element"      // SourceElements

	ProxyDigits    = "adds digits"
	ProxyNonASCII  = "adds non-ASCII"
	ProxyInverted  = "inverted X , Y"
	ProxyLong      = "more than 2x tokens"
	ProxyNumber    = "changes number"
	ProxyArticle   = "a/an mismatch"
	ProxyLongForms = "more than 2x tokens, lexicon names"
)

// Audit counts the replacements of out by kind and by proxy, the names
// rejected for the mentions of orig, by reason, and how the store names
// the mentions of each type (concepts.FitSection) (perturb.Auditor).
func (r *Replacer) Audit(dst []perturb.AuditCount, doc perturb.DocState, orig, out conll.Sentence, changes []perturb.Change) []perturb.AuditCount {
	dst = r.survey.Audit(dst, orig)
	for _, c := range changes {
		kind := ItemLexicon
		switch c.Source {
		case SourceOrgan:
			kind = ItemOrgan
		case SourceCurated:
			kind = ItemCurated
		case SourceElements:
			kind = ItemElement
		}
		dst = append(dst, perturb.AuditCount{Section: AuditReplacements, Item: ItemTotal, N: 1},
			perturb.AuditCount{Section: AuditReplacements, Item: kind, N: 1},
			perturb.AuditCount{Section: AuditProxies, Item: ItemTotal, N: 1})
		// Every proxy is counted, if only as 0, so that reports show
		// the zeros.
		tripped := Proxies(c.Before, c.After)
		for _, p := range []string{ProxyDigits, ProxyNonASCII, ProxyInverted, ProxyLong, ProxyNumber} {
			n := 0
			if slices.Contains(tripped, p) {
				n = 1
			}
			dst = append(dst, perturb.AuditCount{Section: AuditProxies, Item: p, N: n})
		}
		n := 0
		if kind == ItemLexicon && slices.Contains(tripped, ProxyLong) {
			n = 1
		}
		dst = append(dst, perturb.AuditCount{Section: AuditProxies, Item: ProxyLongForms, N: n})
	}
	// a/an before the replaced mentions, in the output.
	if len(changes) > 0 && len(out.Tokens) == len(out.Tags) {
		shift := 0
		for _, c := range changes {
			start := c.Token + shift
			shift += len(strings.Fields(c.After)) - (c.End - c.Token)
			if start <= 0 || start >= len(out.Tokens) {
				continue
			}
			n := 0
			if art := articleBefore(out, iob.Span{Start: start, End: start + 1}); art != "" && english.Article(out.Tokens[start]) != art {
				n = 1
			}
			dst = append(dst, perturb.AuditCount{Section: AuditProxies, Item: ProxyArticle, N: n})
		}
	}
	if len(iob.Validate(orig.Tags, iob.IOB2)) > 0 || len(orig.Tags) != len(orig.Tokens) {
		return dst
	}
	pairs := abbrev.Pairs(orig)
	for _, sp := range iob.Spans(orig.Tags) {
		if abbrev.Defines(pairs, sp) {
			continue
		}
		a := r.Analyze(sp.Type, strings.Join(orig.Tokens[sp.Start:sp.End], " "))
		for why, n := range a.Rejected {
			dst = append(dst, perturb.AuditCount{Section: AuditRejected, Item: why, N: n})
		}
	}
	return dst
}

// Proxies returns the proxies of unnatural output that replacing
// before by after (corpus tokens, space-separated) trips: digits or
// non-ASCII characters that before does not have, an inverted "X , Y"
// form, more than twice the tokens, another grammatical number.
func Proxies(before, after string) []string {
	var out []string
	if d := english.Digits(after); d != "" && !english.SubMultiset(d, english.Digits(before)) {
		out = append(out, ProxyDigits)
	}
	for _, c := range after {
		if c >= utf8.RuneSelf && !strings.ContainsRune(before, c) {
			out = append(out, ProxyNonASCII)
			break
		}
	}
	if slices.Contains(strings.Fields(after), ",") && !slices.Contains(strings.Fields(before), ",") {
		out = append(out, ProxyInverted)
	}
	if len(strings.Fields(after)) > 2*len(strings.Fields(before)) {
		out = append(out, ProxyLong)
	}
	if english.IsPlural(before) != english.IsPlural(after) {
		out = append(out, ProxyNumber)
	}
	return out
}
