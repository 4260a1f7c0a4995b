package pos

// This file ports the tokenizer and the part-of-speech tagger of prose
// v2.0.0 (github.com/jdkato/prose/v2: tokenize.go and tag.go, MIT
// licence, Copyright (c) 2017-2018 Joseph Kato; the tagger is itself a
// port of Matthew Honnibal's TextBlob tagger, Copyright 2013 Matthew
// Honnibal, MIT licence; the link and e-mail patterns are those of
// github.com/mingrammer/commonregex v1.0.1, MIT licence, Copyright (c)
// 2017 ming: see NOTICE). It tags as prose does, token for token
// (TestMatchesProse), without linking prose, whose dependencies compile
// 29 regular expressions and decode its models at every start.
//
// Where the port departs from prose, it says so: scores are summed in
// whole thousandths, where prose sums floats in a map's random order
// (the same argmax but for exact ties, which prose breaks at random and
// this breaks by class order), and a word whose lower case is longer
// than itself is split where prose would slice out of range and panic.

import (
	"strconv"
	"strings"
	"sync"
	"unicode"
	"unicode/utf8"

	"github.com/stress-ner/stress/internal/textutil"
)

// proseToken is a token of prose's tokenizer with the tag it reports.
type proseToken struct {
	text, tag string
}

// tokenize splits text as prose's iterTokenizer does. Spans of text
// between white space are split by splitSpan; like prose, it reuses the
// tokens of a span it has split before (the same pointers), except for
// the last span, and tag writes through them, so every earlier
// occurrence of a span reports the tags of its last tagged occurrence.
func tokenize(text string) []*proseToken {
	tokens := []*proseToken{}
	clean, white := sanitizer.Replace(text), false
	length := len(clean)
	start, index := 0, 0
	cache := map[string][]*proseToken{}
	for index <= length {
		uc, size := utf8.DecodeRuneInString(clean[index:])
		if size == 0 {
			break
		} else if index == 0 {
			white = unicode.IsSpace(uc)
		}
		if unicode.IsSpace(uc) != white {
			if start < index {
				span := clean[start:index]
				toks, found := cache[span]
				if !found {
					toks = splitSpan(span)
					cache[span] = toks
				}
				tokens = append(tokens, toks...)
			}
			if uc == ' ' {
				start = index + 1
			} else {
				start = index
			}
			white = !white
		}
		index += size
	}
	if start < index {
		tokens = append(tokens, splitSpan(clean[start:index])...)
	}
	return tokens
}

// sanitizer is prose's: curly quotes and &rsquo; to straight quotes.
var sanitizer = strings.NewReplacer(
	"\u201c", `"`, "\u201d", `"`, "\u2018", "'", "\u2019", "'", "&rsquo;", "'")

var (
	spanSuffixes = []string{",", ")", `"`, "]", "!", ";", ".", "?", ":", "'"}
	spanPrefixes = []string{"$", "(", `"`, "["}
	clitics      = []string{"'ll", "'s", "'re", "'m"}
	negations    = []string{"n't"}
	internalRE   = textutil.LazyRegexp(`^(?:[A-Za-z]\.){2,}$|^[A-Z][a-z]{1,2}\.$`)
)

func addToken(s string, toks []*proseToken) []*proseToken {
	if strings.TrimSpace(s) != "" {
		toks = append(toks, &proseToken{text: s})
	}
	return toks
}

func isSpecial(token string) bool {
	_, found := emoticons()[token]
	return found || internalRE().MatchString(token)
}

// splitSpan is prose's doSplit: prefixes, clitics and suffixes off a
// span of text between white space.
func splitSpan(token string) []*proseToken {
	tokens := []*proseToken{}
	suffs := []*proseToken{}
	last := 0
	for token != "" && utf8.RuneCountInString(token) != last {
		if isSpecial(token) {
			tokens = addToken(token, tokens)
			break
		}
		last = utf8.RuneCountInString(token)
		lower := strings.ToLower(token)
		if hasAnyPrefix(token, spanPrefixes) {
			tokens = addToken(string(token[0]), tokens)
			token = token[1:]
		} else if idx := hasAnyIndex(lower, clitics); idx > -1 {
			idx = min(idx, len(token)) // prose panics here (see the file comment)
			tokens = addToken(token[:idx], tokens)
			token = token[idx:]
		} else if idx := hasAnyIndex(lower, negations); idx > -1 {
			idx = min(idx, len(token))
			tokens = addToken(token[:idx], tokens)
			token = token[idx:]
		} else if hasAnySuffix(token, spanSuffixes) {
			suffs = append([]*proseToken{{text: string(token[len(token)-1])}}, suffs...)
			token = token[:len(token)-1]
		} else {
			tokens = addToken(token, tokens)
		}
	}
	return append(tokens, suffs...)
}

func hasAnyPrefix(s string, prefixes []string) bool {
	for _, p := range prefixes {
		if len(s) > len(p) && strings.HasPrefix(s, p) {
			return true
		}
	}
	return false
}

func hasAnySuffix(s string, suffixes []string) bool {
	for _, p := range suffixes {
		if len(s) > len(p) && strings.HasSuffix(s, p) {
			return true
		}
	}
	return false
}

func hasAnyIndex(s string, subs []string) int {
	for _, p := range subs {
		if idx := strings.Index(s, p); idx >= 0 && len(s) > len(p) {
			return idx
		}
	}
	return -1
}

// Patterns of prose's tagger: trace tokens of the Penn Treebank
// ("-NONE-"), its bracket tags kept as their own tag, and commonregex's
// links and e-mail addresses (tagged NN).
var (
	noneRE  = textutil.LazyRegexp(`^(?:0|\*[\w?]\*|\*\-\d{1,3}|\*[A-Z]+\*\-\d{1,3}|\*)$`)
	keepRE  = textutil.LazyRegexp(`^\-[A-Z]{3}\-$`)
	linkRE  = textutil.LazyRegexp(`(?:(?:https?:\/\/)?(?:[a-z0-9.\-]+|www|[a-z0-9.\-])[.](?:[^\s()<>]+|\((?:[^\s()<>]+|(?:\([^\s()<>]+\)))*\))+(?:\((?:[^\s()<>]+|(?:\([^\s()<>]+\)))*\)|[^\s!()\[\]{};:\'".,<>?]))`)
	emailRE = textutil.LazyRegexp(`(?i)([A-Za-z0-9!#$%&'*+\/=?^_{|.}~-]+@(?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?\.)+[a-z0-9](?:[a-z0-9-]*[a-z0-9])?)`)
)

// isLinkOrEmail is commonregex's LinkRegex or EmailRegex matching
// somewhere in word. A link has a '.' and an address an '@' that the
// patterns require, so a word with neither skips them.
func isLinkOrEmail(word string) bool {
	if !strings.ContainsAny(word, ".@") {
		return false
	}
	return linkRE().MatchString(word) || emailRE().MatchString(word)
}

// tag sets the tags of tokens as prose's perceptronTagger does.
func (m *model) tag(tokens []*proseToken) {
	p1, p2 := "-START-", "-START2-"
	ctx := make([]string, len(tokens)+4)
	ctx[0], ctx[1] = p1, p2
	for i, t := range tokens {
		ctx[i+2] = normalize(t.text)
	}
	ctx[len(ctx)-2], ctx[len(ctx)-1] = "-END-", "-END2-"
	var key []byte
	scores := make([]int64, len(m.classes))
	for i, t := range tokens {
		word := t.text
		var tag string
		if word == "-" {
			tag = "-"
		} else if _, ok := emoticons()[word]; ok {
			tag = "SYM"
		} else if isLinkOrEmail(word) || strings.HasPrefix(word, "@") {
			tag = "NN"
		} else if noneRE().MatchString(word) {
			tag = "-NONE-"
		} else if keepRE().MatchString(word) {
			tag = word
		} else if dict, ok := m.tagDict[word]; ok {
			tag = dict
		} else {
			clear(scores)
			key = m.score(scores, key, i, ctx, word, p1, p2)
			tag = m.classes[argmax(scores)]
		}
		t.tag = tag
		p2, p1 = p1, tag
	}
}

// score adds the weights of word's features to scores, building each
// feature's name in key as prose's featurize does ("i suffix ion").
func (m *model) score(scores []int64, key []byte, i int, ctx []string, w, p1, p2 string) []byte {
	i += 2
	add := func(parts ...string) {
		key = key[:0]
		for j, p := range parts {
			if j > 0 {
				key = append(key, ' ')
			}
			key = append(key, p...)
		}
		for _, e := range m.weights(key) {
			scores[e.class] += int64(e.milli)
		}
	}
	prev, next := ctx[i-1], ctx[i+1]
	add("bias")
	add("i suffix", w[len(w)-min(len(w), 3):])
	add("i pref1", string(rune(w[0]))) // prose's string(w[0]): the byte as a code point
	add("i-1 tag", p1)
	add("i-2 tag", p2)
	add("i tag+i-2 tag", p1, p2)
	add("i word", ctx[i])
	add("i-1 tag+i word", p1, ctx[i])
	add("i-1 word", prev)
	add("i-1 suffix", prev[len(prev)-min(len(prev), 3):])
	add("i-2 word", ctx[i-2])
	add("i+1 word", next)
	add("i+1 suffix", next[len(next)-min(len(next), 3):])
	add("i+2 word", ctx[i+2])
	return key
}

// argmax is the first class of the highest score.
func argmax(scores []int64) int {
	best := 0
	for c, s := range scores {
		if s > scores[best] {
			best = c
		}
	}
	return best
}

// normalize is prose's: hyphenated words, four-digit numbers and
// words starting with a digit become one feature each.
func normalize(word string) string {
	if word == "" {
		return word
	}
	first := string(rune(word[0]))
	if strings.Contains(word, "-") && first != "-" {
		return "!HYPHEN"
	} else if _, err := strconv.Atoi(word); err == nil && len(word) == 4 {
		return "!YEAR"
	} else if _, err := strconv.Atoi(first); err == nil {
		return "!DIGITS"
	}
	return strings.ToLower(word)
}

// emoticons is prose's list, tagged SYM and never split.
var emoticons = sync.OnceValue(func() map[string]bool {
	return map[string]bool{
		"(-8": true, "(-;": true, "(-_-)": true, "(._.)": true, "(:": true, "(=": true, "(o:": true,
		"(¬_¬)": true, "(ಠ_ಠ)": true, "(╯°□°）╯︵┻━┻": true, "-__-": true, "8-)": true, "8-D": true,
		"8D": true, ":(": true, ":((": true, ":(((": true, ":()": true, ":)))": true, ":-)": true,
		":-))": true, ":-)))": true, ":-*": true, ":-/": true, ":-X": true, ":-]": true, ":-o": true,
		":-p": true, ":-x": true, ":-|": true, ":-}": true, ":0": true, ":3": true, ":P": true,
		":]": true, ":`(": true, ":`)": true, ":`-(": true, ":o": true, ":o)": true, "=(": true,
		"=)": true, "=D": true, "=|": true, "@_@": true, "O.o": true, "O_o": true, "V_V": true,
		"XDD": true, "[-:": true, "^___^": true, "o_0": true, "o_O": true, "o_o": true, "v_v": true,
		"xD": true, "xDD": true, "¯\\(ツ)/¯": true,
	}
})
