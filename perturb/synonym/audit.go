package synonym

import (
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/stress-ner/stress/conll"
	"github.com/stress-ner/stress/iob"
	"github.com/stress-ner/stress/perturb"
	"github.com/stress-ner/stress/perturb/internal/abbrev"
	"github.com/stress-ner/stress/perturb/internal/concepts"
	"github.com/stress-ner/stress/perturb/internal/english"
)

// Audit sections and items (perturb.Auditor), recorded in manifests and
// printed by "stress stats --manifest".
const (
	// auditReplacements counts the replacements: itemTotal, and by
	// source (itemLexicon, the lexicons' names; itemOrgan, itemCurated,
	// itemElement).
	auditReplacements = "replacements"
	// auditProxies counts replacements flagged by simple proxies of
	// unnatural or ungrammatical output, of itemTotal.
	auditProxies = "proxies"
	// auditRejected counts, over the gold mentions, the lexicon names of
	// their concepts rejected as replacements, by reason (the Reject*
	// and Rejected* constants).
	auditRejected = "rejected names"

	itemTotal    = "total"
	itemLexicon  = "lexicon name"
	itemOrgan    = "organ rule"   // sourceOrgan
	itemCurated  = "curated pair" // sourceCurated
	itemElement  = "element"      // sourceElements
	itemNotation = "notation"     // sourceNotation

	proxyDigits    = "adds digits"
	proxyNonASCII  = "adds non-ASCII"
	proxyInverted  = "inverted X , Y"
	proxyLong      = "more than 2x tokens"
	proxyNumber    = "changes number"
	proxyArticle   = "a/an mismatch"
	proxyLongForms = "more than 2x tokens, lexicon names"
)

// Audit counts the replacements of out by kind and by proxy, the names
// rejected for the mentions of orig, by reason, and how the store names
// the mentions of each type (concepts.FitSection) (perturb.Auditor).
func (r *Replacer) Audit(dst []perturb.AuditCount, doc perturb.DocState, orig, out conll.Sentence, changes []perturb.Change) []perturb.AuditCount {
	return sectionAudit{r: r}.Audit(dst, doc, orig, out, changes)
}

// AuditSpans is Audit of orig whose gold mentions are spans (iob.Spans
// of its tags; perturb.SpanAuditor).
func (r *Replacer) AuditSpans(dst []perturb.AuditCount, doc perturb.DocState, orig, out conll.Sentence, changes []perturb.Change, spans []iob.Span) []perturb.AuditCount {
	return sectionAudit{r: r}.AuditSpans(dst, doc, orig, out, changes, spans)
}

// AuditOnly returns the Auditor of the given sections of Audit
// (perturb.SectionAuditor): "stress perturb" reads the type map's
// (concepts.FitSection) only, and the rejected names are the costliest
// to count.
func (r *Replacer) AuditOnly(sections []string) perturb.Auditor {
	return sectionAudit{r: r, only: sections}
}

// sectionAudit is Audit of the sections only (all when only is nil).
type sectionAudit struct {
	r    *Replacer
	only []string
}

// wants reports whether the audit counts section.
func (sa sectionAudit) wants(section string) bool {
	return sa.only == nil || slices.Contains(sa.only, section)
}

// Audit is Replacer.Audit of the sections of sa.
func (sa sectionAudit) Audit(dst []perturb.AuditCount, doc perturb.DocState, orig, out conll.Sentence, changes []perturb.Change) []perturb.AuditCount {
	return sa.audit(dst, orig, out, changes, nil)
}

// AuditSpans is Audit of orig whose gold mentions are spans (iob.Spans
// of its tags; perturb.SpanAuditor).
func (sa sectionAudit) AuditSpans(dst []perturb.AuditCount, doc perturb.DocState, orig, out conll.Sentence, changes []perturb.Change, spans []iob.Span) []perturb.AuditCount {
	if spans == nil {
		spans = []iob.Span{} // read: none
	}
	return sa.audit(dst, orig, out, changes, spans)
}

// audit is Audit; spans, when not nil, are the gold mentions of orig.
func (sa sectionAudit) audit(dst []perturb.AuditCount, orig, out conll.Sentence, changes []perturb.Change, spans []iob.Span) []perturb.AuditCount {
	r := sa.r
	if sa.wants(concepts.FitSection) {
		if spans != nil {
			dst = r.survey.AuditSpans(dst, orig, spans)
		} else {
			dst = r.survey.Audit(dst, orig)
		}
	}
	if sa.wants(auditReplacements) || sa.wants(auditProxies) {
		dst = auditChanges(dst, out, changes)
	}
	if sa.wants(auditRejected) {
		dst = r.auditRejected(dst, orig)
	}
	return dst
}

// auditChanges appends the counts of auditReplacements and auditProxies
// of the changes that made out.
func auditChanges(dst []perturb.AuditCount, out conll.Sentence, changes []perturb.Change) []perturb.AuditCount {
	for _, c := range changes {
		kind := itemLexicon
		switch c.Source {
		case sourceOrgan:
			kind = itemOrgan
		case sourceCurated:
			kind = itemCurated
		case sourceElements:
			kind = itemElement
		case sourceNotation:
			kind = itemNotation
		}
		dst = append(dst, perturb.AuditCount{Section: auditReplacements, Item: itemTotal, N: 1},
			perturb.AuditCount{Section: auditReplacements, Item: kind, N: 1},
			perturb.AuditCount{Section: auditProxies, Item: itemTotal, N: 1})
		// Every proxy is counted, if only as 0, so that reports show
		// the zeros.
		tripped := proxies(c.Before, c.After)
		for _, p := range []string{proxyDigits, proxyNonASCII, proxyInverted, proxyLong, proxyNumber} {
			n := 0
			if slices.Contains(tripped, p) {
				n = 1
			}
			dst = append(dst, perturb.AuditCount{Section: auditProxies, Item: p, N: n})
		}
		n := 0
		if kind == itemLexicon && slices.Contains(tripped, proxyLong) {
			n = 1
		}
		dst = append(dst, perturb.AuditCount{Section: auditProxies, Item: proxyLongForms, N: n})
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
			dst = append(dst, perturb.AuditCount{Section: auditProxies, Item: proxyArticle, N: n})
		}
	}
	return dst
}

// auditRejected appends the counts of auditRejected for the gold
// mentions of orig.
func (r *Replacer) auditRejected(dst []perturb.AuditCount, orig conll.Sentence) []perturb.AuditCount {
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
			dst = append(dst, perturb.AuditCount{Section: auditRejected, Item: why, N: n})
		}
	}
	return dst
}

// proxies returns the proxies of unnatural output that replacing
// before by after (corpus tokens, space-separated) trips: digits or
// non-ASCII characters that before does not have, an inverted "X , Y"
// form, more than twice the tokens, another grammatical number.
func proxies(before, after string) []string {
	var out []string
	if d := english.Digits(after); d != "" && !english.SubMultiset(d, english.Digits(before)) {
		out = append(out, proxyDigits)
	}
	for _, c := range after {
		if c >= utf8.RuneSelf && !strings.ContainsRune(before, c) {
			out = append(out, proxyNonASCII)
			break
		}
	}
	if slices.Contains(strings.Fields(after), ",") && !slices.Contains(strings.Fields(before), ",") {
		out = append(out, proxyInverted)
	}
	if len(strings.Fields(after)) > 2*len(strings.Fields(before)) {
		out = append(out, proxyLong)
	}
	if english.IsPlural(before) != english.IsPlural(after) {
		out = append(out, proxyNumber)
	}
	return out
}
