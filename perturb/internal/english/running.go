package english

// RunningText returns the tokens that put name in place of mention (its
// corpus tokens; start: it begins the sentence), as synonym replacement
// writes them: tokenized in style (TokenizePunct or tokenizeSpace), in
// the case of running text (see AdaptCase), with a capital initial at
// the start of a sentence when the mention had one. Entity swap uses it
// so that both kinds render names by one policy.
func RunningText(name string, mention []string, start bool, style string) []string {
	proper := map[string]bool{}
	ProperWords(name, proper)
	toks := AdaptCase(Tokenize(name, style), mention, start, proper)
	if start && len(mention) > 0 {
		toks = Capitalize(toks, mention[0])
	}
	return toks
}
