package score

import (
	"bytes"
	"math/rand/v2"
	"os"
	"os/exec"
	"strings"
	"testing"
)

// TestAgainstPerl compares the Evaluator with the real conlleval script
// on random inputs full of odd tags, odd spacing and refused lines. It
// runs only when CONLLEVAL names the script (conlleval.pl, version
// 2004-01-26, md5 61b632189e5a05d5bd26a2e1ec0f4f9e; copies with other
// sums are edited and differ) and perl is installed:
//
//	CONLLEVAL=/path/to/conlleval.pl go test ./conll -run AgainstPerl
func TestAgainstPerl(t *testing.T) {
	script := os.Getenv("CONLLEVAL")
	if script == "" {
		t.Skip("CONLLEVAL not set")
	}
	if _, err := exec.LookPath("perl"); err != nil {
		t.Skip("no perl")
	}
	r := rand.New(rand.NewPCG(11, 12))
	for iter := range 600 {
		gold, pred := randomSentences(r, 1+r.IntN(5), oddAlphabet)
		var b bytes.Buffer
		for i := range gold {
			for j := range gold[i] {
				tok := []string{"tok", "-X-", "-DOCSTART-", "a\xffb"}[r.IntN(4)]
				if r.IntN(10) > 0 {
					tok = "tok"
				}
				sep := []string{" ", " ", " ", "  ", "\t"}[r.IntN(5)]
				if r.IntN(10) > 0 {
					sep = " "
				}
				b.WriteString(tok + sep + gold[i][j] + " " + pred[i][j])
				b.WriteString([]string{"\n", "\n", "\n", " \n", "\r\n"}[r.IntN(5)])
			}
			b.WriteString([]string{"\n", "\n", "-X- O O\n", "\n\n"}[r.IntN(4)])
		}
		input := b.Bytes()
		var args []string
		switch r.IntN(8) {
		case 0:
			args = []string{"-d", "\t"}
			input = bytes.ReplaceAll(input, []byte(" "), []byte("\t"))
		case 1:
			args = []string{"-d", `\s+`}
		case 2:
			args = []string{"-d", `\t| `}
		case 3: // groups: Perl's split returns what they captured as fields
			args = []string{"-d", `( )`}
		case 4:
			args = []string{"-d", `(\t)|( )`}
		}
		if r.IntN(4) == 0 {
			input = bytes.TrimRight(input, "\n")
		}
		if r.IntN(2) == 0 {
			args = append(args, "-r")
		}
		if r.IntN(3) == 0 {
			args = append(args, "-o", []string{"O", "Chem", "B-X"}[r.IntN(3)])
		}
		if r.IntN(5) == 0 {
			args = append(args, "-l")
		}
		cmd := exec.Command("perl", append([]string{script}, args...)...)
		cmd.Stdin = bytes.NewReader(input)
		var stdout bytes.Buffer
		cmd.Stdout = &stdout
		err := cmd.Run()
		wantRC := 0
		if ee, ok := err.(*exec.ExitError); ok {
			wantRC = ee.ExitCode()
		} else if err != nil {
			t.Fatal(err)
		}
		got, rc, gerr := runConlleval(t, input, args)
		if rc != wantRC || (rc == 0 && !bytes.Equal(got, stdout.Bytes())) {
			t.Fatalf("iter %d, args %v: exit %d (%v), perl %d\ninput:\n%s\ngot:\n%s\nperl:\n%s",
				iter, args, rc, gerr, wantRC, strings.ReplaceAll(string(input), "\t", "<TAB>"), got, stdout.Bytes())
		}
	}
}
