// Command mkorgan builds the organ text of package synonym
// (perturb/synonym/organ.txt): the token sequences of one to four
// words of the training and development text of BC5CDR-IOB and
// NCBI-disease-IOB (never a test split) that hold an organ's word
// (synonym.OrganWord), lower case, one a line, sorted. A name that
// synonym.OrganVariants makes replaces a mention only when it is one of
// them (synonym.OrganAttested).
//
// Run it from perturb/synonym with "go generate" (see organ.go):
//
//	go run ./internal/mkorgan -shared ../../../shared -out organ.txt
package main

import (
	"bufio"
	"fmt"
	"io"
	"maps"
	"os"
	"slices"
	"strings"

	"github.com/stress-ner/stress/conll"
	"github.com/stress-ner/stress/internal/termfile"
	"github.com/stress-ner/stress/perturb/internal/english"
	"github.com/stress-ner/stress/perturb/synonym"
)

// maxWords is the longest sequence kept, in tokens.
const maxWords = 4

func main() {
	if err := termfile.Generate("mkorgan", os.Args[1:], "../../../shared", "organ.txt", build, os.Stderr); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
}

func build(shared, out string, log io.Writer) error {
	seen := map[string]bool{}
	if err := termfile.Sentences(shared, conll.ReadFile, func(s conll.Sentence) {
		toks := make([]string, len(s.Tokens))
		organ := make([]bool, len(s.Tokens))
		for i, t := range s.Tokens {
			toks[i] = english.AttestKey(t)
			organ[i] = synonym.OrganWord(toks[i])
		}
		for i := range toks {
			has := false
			for j := i + 1; j <= len(toks) && j-i <= maxWords; j++ {
				has = has || organ[j-1]
				if has {
					seen[strings.Join(toks[i:j], " ")] = true
				}
			}
		}
	}); err != nil {
		return err
	}
	keys := slices.Sorted(maps.Keys(seen))
	fmt.Fprintf(log, "organ sequences %d\n", len(keys))
	return termfile.WriteText(out, func(w *bufio.Writer) error {
		for _, k := range keys {
			if _, err := w.WriteString(k + "\n"); err != nil {
				return err
			}
		}
		return nil
	})
}
