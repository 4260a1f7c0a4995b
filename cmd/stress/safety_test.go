package main

// The bad inputs of issue 11, each a row: command, exit status, message,
// and what is left on disk (inputs intact, nothing at refused targets).
// TestBadInputs writes the rows as the table testdata/bad_inputs.md
// (go test ./cmd/stress -run TestBadInputs -update) and compares it.

import (
	"bytes"
	"compress/gzip"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"syscall"
	"testing"
	"time"
)

const safetyCorpus = "Aspirin\tB-Chemical\ninduced\tO\ngastric\tB-Disease\nulcers\tI-Disease\n.\tO\n\n" +
	"Naloxone\tB-Chemical\nreverses\tO\nhypotension\tB-Disease\n.\tO\n"

var updateBadInputs = flag.Bool("update", false, "rewrite testdata/bad_inputs.md")

// badInputsGolden is the table of TestBadInputs.
const badInputsGolden = "testdata/bad_inputs.md"

// badInput is one row of the table.
type badInput struct {
	name   string
	setup  map[string]string // files to create (relative to the test's directory)
	args   []string
	stdin  string
	code   int
	msg    string   // substring of stderr
	out    string   // substring of stdout
	absent []string // files that must not exist afterwards
	// special are files that are not regular files (see specials), made
	// beside the setup and checked intact.
	special map[string]string
	// signal, when not 0, runs the command as a process whose standard
	// input (stdin, then nothing) never ends, and sends it signal once
	// its temporary files are in dir b; with SIGKILL the row then runs
	// the command again, in-process, and reports that run.
	signal syscall.Signal
	// again, with SIGKILL, are the arguments of the run after the kill
	// (nil: args); temps is how many temporary files the killed run
	// must have made (0: one).
	again []string
	temps int
	// check, when not nil, checks what the command wrote, in its
	// directory.
	check func(t *testing.T)
	// feed, when not "", is a FIFO the command reads (named in args):
	// once the command has opened it, the files of appear are created
	// (another program's, appearing while the command works) and then
	// the corpus (stdin, or safetyCorpus) is written into it. See
	// specials.feedRow.
	feed   string
	appear map[string]string
}

// bigCorpus is long enough that a tagger that does not read its input
// makes the writing end fail.
var bigCorpus = strings.Repeat(safetyCorpus+"\n", 20000)

// manyTypes is a corpus of n one-token sentences, each of its own entity
// type (T0, T1, ...).
func manyTypes(n int) string {
	var b strings.Builder
	for i := range n {
		fmt.Fprintf(&b, "tok%d\tB-T%d\n\n", i, i)
	}
	return b.String()
}

// cdr3XML is the corpus of cdr3PubTator as BioC XML.
func cdr3XML(t *testing.T) string {
	b, err := os.ReadFile("testdata/cdr3.xml")
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// cdr3PubTator is a document corpus (PubTator), whose tags come from its
// annotations.
func cdr3PubTator(t *testing.T) string {
	b, err := os.ReadFile("testdata/cdr3.pubtator")
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

func TestBadInputs(t *testing.T) {
	in := map[string]string{"in.tsv": safetyCorpus}
	with := func(extra map[string]string) map[string]string {
		m := map[string]string{"in.tsv": safetyCorpus}
		for k, v := range extra {
			m[k] = v
		}
		return m
	}
	rows := []badInput{
		{name: "perturb -o INPUT INPUT", setup: in, args: []string{"perturb", "--kind", "keyboard", "-o", "in.tsv", "in.tsv"},
			code: 2, msg: "in.tsv: output would replace an input"},
		{name: "perturb -o ./INPUT INPUT --force", setup: in, args: []string{"perturb", "--kind", "keyboard", "--force", "-o", "./sub/../in.tsv", "in.tsv"},
			code: 2, msg: "output would replace an input", absent: []string{}},
		{name: "perturb --log INPUT", setup: in, args: []string{"perturb", "--kind", "keyboard", "--log", "in.tsv", "-o", "out.tsv", "in.tsv"},
			code: 2, msg: "in.tsv: output would replace an input", absent: []string{"out.tsv"}},
		{name: "perturb -o X --log X", setup: in, args: []string{"perturb", "--kind", "keyboard", "-o", "x.tsv", "--log", "x.tsv", "in.tsv"},
			code: 2, msg: "x.tsv: output named twice", absent: []string{"x.tsv"}},
		{name: "perturb over an existing file", setup: with(map[string]string{"old.tsv": "keep\n"}), args: []string{"perturb", "--kind", "keyboard", "-o", "old.tsv", "in.tsv"},
			code: 1, msg: "old.tsv: file exists (use --force to replace it)"},
		{name: "perturb empty input", setup: with(map[string]string{"empty.tsv": ""}), args: []string{"perturb", "--kind", "keyboard", "-o", "out.tsv", "empty.tsv"},
			code: 1, msg: "empty.tsv: no sentences", absent: []string{"out.tsv"}},
		{name: "perturb empty stdin", args: []string{"perturb", "--kind", "keyboard", "-o", "out.tsv", "-"},
			code: 1, msg: "-: no sentences", absent: []string{"out.tsv"}},
		{name: "tag empty input", setup: with(map[string]string{"empty.tsv": ""}), args: []string{"tag", "--model-cmd", "cat", "-o", "out.tsv", "empty.tsv"},
			code: 1, msg: "empty.tsv: no sentences", absent: []string{"out.tsv"}},
		{name: "convert empty input", setup: with(map[string]string{"empty.tsv": ""}), args: []string{"convert", "-o", "out.jsonl", "empty.tsv"},
			code: 1, msg: "empty.tsv: no sentences", absent: []string{"out.jsonl"}},
		{name: "train empty input", setup: with(map[string]string{"empty.tsv": ""}), args: []string{"train", "--features", "words", "-o", "m.bin", "empty.tsv"},
			code: 1, msg: "no sentences", absent: []string{"m.bin"}},
		{name: "augment empty input", setup: with(map[string]string{"empty.tsv": ""}), args: []string{"augment", "--in", "empty.tsv", "-o", "aug.tsv"},
			code: 1, msg: "empty.tsv: no sentences", absent: []string{"aug.tsv"}},
		{name: "perturb X-Foo", setup: map[string]string{"bad.tsv": "a\tO\nb\tX-Foo\n"}, args: []string{"perturb", "--kind", "keyboard", "-o", "out.tsv", "bad.tsv"},
			code: 1, msg: `bad.tsv:2: tag "X-Foo" is not valid iob2`, absent: []string{"out.tsv"}},
		{name: "perturb B-", setup: map[string]string{"bad.tsv": "a\tO\n\nb\tO\nc\tB-\n"}, args: []string{"perturb", "--kind", "keyboard", "-o", "out.tsv", "bad.tsv"},
			code: 1, msg: `bad.tsv:4: tag "B-" is not valid iob2`, absent: []string{"out.tsv"}},
		{name: "perturb I- (stdin)", stdin: "a\tI-\n", args: []string{"perturb", "--kind", "keyboard", "-o", "out.tsv", "-"},
			code: 1, msg: `-:1: tag "I-" is not valid iob2`, absent: []string{"out.tsv"}},
		{name: "perturb IOBES without --scheme", setup: map[string]string{"e.tsv": "Aspirin\tS-Chemical\n"}, args: []string{"perturb", "--kind", "keyboard", "-o", "out.tsv", "e.tsv"},
			code: 1, msg: `e.tsv:1: tag "S-Chemical" is not valid iob2`, absent: []string{"out.tsv"}},
		{name: "perturb --scheme iobes, open entity", setup: map[string]string{"e.tsv": "a\tB-Chemical\nb\tI-Chemical\n"}, args: []string{"perturb", "--kind", "keyboard", "--scheme", "iobes", "-o", "out.tsv", "e.tsv"},
			code: 1, msg: `e.tsv:2: sequence ends after I-Chemical: the entity is not closed with E-`, absent: []string{"out.tsv"}},
		{name: "perturb --scheme bogus", setup: in, args: []string{"perturb", "--kind", "keyboard", "--scheme", "bioes2", "in.tsv"},
			code: 2, msg: `--scheme "bioes2"`},
		{name: "build IOB1 input", setup: map[string]string{"one.tsv": "a\tO\nb\tI-Chemical\n"}, args: []string{"build", "--kinds", "keyboard", "--out", "b", "one.tsv"},
			code: 1, msg: `one.tsv:2: I-Chemical after O: an entity must start with B-`, absent: []string{"b/one_key.tsv", "b/changes.tsv", "b/manifest.json"}},
		{name: "augment X-Foo", setup: map[string]string{"bad.jsonl": `{"tokens": ["a", "b"], "ner_tags": ["O", "X-Foo"]}` + "\n"}, args: []string{"augment", "--in", "bad.jsonl", "-o", "aug.tsv"},
			code: 1, msg: `bad.jsonl:1: tag "X-Foo" is not valid iob2`, absent: []string{"aug.tsv"}},
		{name: "stats IOBES without --scheme", setup: map[string]string{"e.tsv": "Aspirin\tS-Chemical\n"}, args: []string{"stats", "e.tsv"},
			code: 1, msg: `e.tsv:1: tag "S-Chemical" is not valid iob2`},
		{name: "train IOB1 input", setup: map[string]string{"one.tsv": "a\tO\nb\tI-Chemical\n"}, args: []string{"train", "--features", "words", "-o", "m.bin", "one.tsv"},
			code: 1, msg: `one.tsv:2: I-Chemical after O: an entity must start with B-`, absent: []string{"m.bin"}},
		{name: "score --gold - --pred -", args: []string{"score", "--gold", "-", "--pred", "-"},
			code: 2, msg: "standard input (-) can be only one of the inputs"},
		{name: "train - -", args: []string{"train", "--features", "words", "-o", "m.bin", "-", "-"},
			code: 2, msg: "standard input (-) can be only one of the inputs", absent: []string{"m.bin"}},
		{name: "build - -", args: []string{"build", "--kinds", "keyboard", "--out", "b", "-", "-"},
			code: 2, msg: "inputs - and - would both write stdin_*", absent: []string{"b"}},
		{name: "perturb --workers -3", setup: in, args: []string{"perturb", "--kind", "keyboard", "--workers", "-3", "in.tsv"},
			code: 2, msg: "--workers: -3: must be at least 1"},
		{name: "perturb --type-map Chemical=BOGUS", setup: in, args: []string{"perturb", "--kind", "synonym", "--type-map", "Chemical=BOGUS", "-o", "out.tsv", "in.tsv"},
			code: 2, msg: `unknown semantic group "BOGUS"`, absent: []string{"out.tsv"}},
		{name: "build --out . changes.tsv", setup: map[string]string{"changes.tsv": safetyCorpus}, args: []string{"build", "--kinds", "keyboard", "--out", ".", "changes.tsv"},
			code: 2, msg: "changes.tsv: output would replace an input", absent: []string{"changes_key.tsv", "manifest.json"}},
		{name: "build x.tsv x_key.tsv", setup: map[string]string{"x.tsv": safetyCorpus, "x_key.tsv": safetyCorpus}, args: []string{"build", "--kinds", "keyboard", "--out", ".", "x.tsv", "x_key.tsv"},
			code: 2, msg: "x_key.tsv: output would replace an input", absent: []string{"x_key_key.tsv", "changes.tsv", "manifest.json"}},
		{name: "build into an earlier build", setup: with(map[string]string{"b/changes.tsv": "old\n"}), args: []string{"build", "--kinds", "keyboard", "--out", "b", "in.tsv"},
			code: 1, msg: "changes.tsv: file exists (use --force to replace it)", absent: []string{"b/in_key.tsv", "b/manifest.json"}},
		{name: "build empty input", setup: with(map[string]string{"empty.tsv": ""}), args: []string{"build", "--kinds", "keyboard", "--out", "b", "empty.tsv"},
			code: 1, msg: "empty.tsv: no sentences", absent: []string{"b/empty_key.tsv", "b/changes.tsv", "b/manifest.json"}},
		{name: "augment -o INPUT", setup: in, args: []string{"augment", "--in", "in.tsv", "-o", "in.tsv"},
			code: 2, msg: "in.tsv: output would replace an input"},
		{name: "augment over an existing file", setup: with(map[string]string{"aug.tsv": "keep\n"}), args: []string{"augment", "--in", "in.tsv", "-o", "aug.tsv"},
			code: 1, msg: "aug.tsv: file exists (use --force to replace it)\n", absent: []string{"aug.tsv.manifest.json"}},
		{name: "train -o INPUT", setup: in, args: []string{"train", "--features", "words", "-o", "in.tsv", "in.tsv"},
			code: 2, msg: "in.tsv: output would replace an input"},
		{name: "tag -o INPUT", setup: in, args: []string{"tag", "--model-cmd", "cat", "-o", "in.tsv", "in.tsv"},
			code: 2, msg: "in.tsv: output would replace an input"},
		{name: "convert -o INPUT", setup: in, args: []string{"convert", "-o", "in.tsv", "in.tsv"},
			code: 2, msg: "in.tsv: output would replace an input"},
		{name: "compare --html INPUT", setup: in, args: []string{"compare", "--gold", "in.tsv", "--pred-file", "s=in.tsv", "--html", "in.tsv"},
			code: 2, msg: "in.tsv: output would replace an input"},
		{name: "compare --html over a build's file", setup: with(map[string]string{"b/changes.tsv": "x\n"}), args: []string{"compare", "--build", "b", "--pred", "s=p", "--html", "b/changes.tsv"},
			code: 2, msg: "b/changes.tsv: output would replace an input"},
		{name: "umls generate over a release", setup: map[string]string{"rel/MRCONSO.RRF": "C0000005|ENG|P|L0000005|PF|S0007492|Y|A26634265||M0019694|D012711|MSH|PEP|D012711|(131)I-Macroaggregated Albumin|0|N|256|\n"},
			args: []string{"umls", "generate", "--dir", "rel", "--rows", "10"},
			code: 1, msg: "MRCONSO.RRF: file exists (use --force to replace it)\n", absent: []string{"rel/MRSTY.RRF"}},
		{name: "umls import --db INPUT", setup: map[string]string{"t.tsv": "X:1\tChemical\taspirin\tPT\n"}, args: []string{"umls", "import", "--terms", "t.tsv", "--db", "t.tsv"},
			code: 2, msg: "t.tsv: output would replace an input"},
		{name: "umls lookup in the wrong group", args: []string{"umls", "lookup", "--group", "DISO", "aspirin"},
			code: 1, msg: `no concept named "aspirin" in DISO (it names a concept in CHEM`},
		{name: "run --out a non-empty directory", setup: map[string]string{"r/notes.txt": "mine\n"}, args: []string{"run", "--out", "r"},
			code: 1, msg: "--out r: directory not empty (use --force to clear it)"},
		{name: "run --force on a directory that is not a run", setup: map[string]string{"r/notes.txt": "mine\n"}, args: []string{"run", "--force", "--out", "r"},
			code: 1, msg: "not an earlier run"},
		{name: "unknown flag: one line", args: []string{"perturb", "--bogus"},
			code: 2, msg: "stress: usage: stress perturb: unknown flag: --bogus\n"},

		// More overwrites, and errors that name the path given.
		{name: "train over an existing model", setup: with(map[string]string{"m.bin": "keep\n"}), args: []string{"train", "--features", "words", "-o", "m.bin", "in.tsv"},
			code: 1, msg: "m.bin: file exists (use --force to replace it)"},
		{name: "tag over an existing file", setup: with(map[string]string{"out.tsv": "keep\n"}), args: []string{"tag", "--model-cmd", "cat", "-o", "out.tsv", "in.tsv"},
			code: 1, msg: "out.tsv: file exists (use --force to replace it)"},
		{name: "perturb -o into a missing directory", setup: in, args: []string{"perturb", "--kind", "keyboard", "-o", "nodir/out.tsv", "in.tsv"},
			code: 1, msg: "nodir/out.tsv: no such file or directory", absent: []string{"nodir"}},

		// Interrupts (a process reading a standard input that never ends).
		{name: "build interrupted (SIGINT)", args: []string{"build", "--kinds", "keyboard", "--out", "b", "-"}, stdin: safetyCorpus,
			signal: syscall.SIGINT, code: 130, msg: "stress: interrupted (interrupt)", absent: []string{"b/stdin_key.tsv", "b/changes.tsv", "b/manifest.json"}},
		{name: "build terminated (SIGTERM)", args: []string{"build", "--kinds", "keyboard", "--out", "b", "-"}, stdin: safetyCorpus,
			signal: syscall.SIGTERM, code: 143, msg: "stress: interrupted (terminated)", absent: []string{"b/stdin_key.tsv", "b/changes.tsv", "b/manifest.json"}},
		{name: "build killed (SIGKILL), then run again", args: []string{"build", "--kinds", "keyboard", "--out", "b", "-"}, stdin: safetyCorpus,
			signal: syscall.SIGKILL, code: 0},

		// Tag schemes: checked by every command that perturbs or trains.
		{name: "augment IOBES without --scheme", setup: map[string]string{"e.tsv": "Aspirin\tS-Chemical\n"}, args: []string{"augment", "--in", "e.tsv", "-o", "aug.tsv"},
			code: 1, msg: `e.tsv:1: tag "S-Chemical" is not valid iob2`, absent: []string{"aug.tsv"}},
		{name: "run IOBES --test without --scheme", setup: map[string]string{"e.tsv": "Aspirin\tS-Chemical\n"}, args: []string{"run", "-q", "--test", "e.tsv", "--baselines", "none", "--model-cmd", "cat", "--out", "r"},
			code: 1, msg: `e.tsv:1: tag "S-Chemical" is not valid iob2`, absent: []string{"r/manifest.json", "r/e_key.tsv"}},
		{name: "curve IOBES --test without --scheme", setup: map[string]string{"e.tsv": "Aspirin\tS-Chemical\n"}, args: []string{"curve", "--test", "e.tsv", "--model-cmd", "cat"},
			code: 1, msg: `e.tsv:1: tag "S-Chemical" is not valid iob2`},
		{name: "build --scheme iobes, entity not closed", setup: map[string]string{"e.tsv": "a\tB-Chemical\nb\tO\n"}, args: []string{"build", "--kinds", "keyboard", "--scheme", "iobes", "--out", "b", "e.tsv"},
			code: 1, msg: `e.tsv:2: O after B-Chemical: the entity is not closed with E-`, absent: []string{"b/e_key.tsv", "b/manifest.json"}},
		{name: "augment --scheme iob1, B- at a sentence start", setup: map[string]string{"one.tsv": "a\tB-Chemical\n"}, args: []string{"augment", "--scheme", "iob1", "--in", "one.tsv", "-o", "aug.tsv"},
			code: 1, msg: `one.tsv:1: B-Chemical after the sentence start: IOB1 uses B- only right after an entity of the same type`, absent: []string{"aug.tsv"}},
		{name: "build --scheme iobes on PubTator", setup: map[string]string{"cdr3.pubtator": cdr3PubTator(t)}, args: []string{"build", "--kinds", "keyboard", "--scheme", "iobes", "--out", "b", "cdr3.pubtator"},
			code: 1, msg: `cdr3.pubtator: tag scheme does not apply`, absent: []string{"b/cdr3_key.pubtator", "b/manifest.json"}},
		{name: "stats --scheme iobes on PubTator", setup: map[string]string{"cdr3.pubtator": cdr3PubTator(t)}, args: []string{"stats", "--scheme", "iobes", "cdr3.pubtator"},
			code: 1, msg: `cdr3.pubtator: tag scheme does not apply`},
		{name: "build --from with --scheme", args: []string{"build", "--from", "b/manifest.json", "--scheme", "iobes"},
			code: 2, msg: `--scheme cannot be combined with --from (the manifest sets it)`},
		{name: "build --scheme bogus", setup: in, args: []string{"build", "--kinds", "keyboard", "--scheme", "bioes2", "--out", "b", "in.tsv"},
			code: 2, msg: `--scheme "bioes2"`, absent: []string{"b"}},
		{name: "augment --scheme iobes on the embedded sample", args: []string{"augment", "--scheme", "iobes", "--in", "sample:train", "-o", "aug.tsv"},
			code: 1, msg: `sample:train is IOB2, not iobes`, absent: []string{"aug.tsv"}},
		{name: "run --scheme iobes without --test", args: []string{"run", "--scheme", "iobes", "--out", "r"},
			code: 2, msg: `--scheme needs --test (the embedded sample is IOB2)`, absent: []string{"r"}},
		{name: "curve --scheme iobes without --test", args: []string{"curve", "--scheme", "iobes", "--baselines"},
			code: 2, msg: `--scheme needs --test (the embedded sample is IOB2)`},

		// Inputs that cannot be read as they are named.
		{name: "a .gz name over plain text", setup: map[string]string{"x.tsv.gz": safetyCorpus}, args: []string{"perturb", "--kind", "keyboard", "-o", "out.tsv", "x.tsv.gz"},
			code: 1, msg: "x.tsv.gz: gzip: invalid header: the name ends in .gz but the content is not gzip", absent: []string{"out.tsv"}},
		{name: "integer JSON tags without --labels", setup: map[string]string{"int.jsonl": `{"tokens": ["Aspirin"], "ner_tags": [1]}` + "\n"}, args: []string{"stats", "int.jsonl"},
			code: 1, msg: "int.jsonl:1:"},
		{name: "--labels with a repeated label", setup: map[string]string{"int.jsonl": `{"tokens": ["Aspirin"], "ner_tags": [1]}` + "\n"}, args: []string{"stats", "--labels", "O,O", "int.jsonl"},
			code: 2, msg: `--labels: bad label list: label "O" given twice`},
		{name: "perturb --rate 2", setup: in, args: []string{"perturb", "--kind", "keyboard", "--rate", "2", "in.tsv"},
			code: 2, msg: `--rate "2"`},

		// The model adapter.
		{name: "tagger printing a stray line", setup: in, args: []string{"tag", "--model-cmd", `echo Loaded.; awk '{print NF ? "O" : ""}'`, "-o", "out.tsv", "in.tsv"},
			code: 1, msg: `stray line on standard output "Loaded."`, absent: []string{"out.tsv"}},
		{name: "tagger that does not read its input", setup: map[string]string{"big.tsv": bigCorpus}, args: []string{"tag", "--model-cmd", "exit 0", "-o", "out.tsv", "big.tsv"},
			code: 1, msg: "tagger did not read its input", absent: []string{"out.tsv"}},
		{name: "tagger slower than --timeout", setup: in, args: []string{"tag", "--timeout", "200ms", "--model-cmd", "sleep 5", "-o", "out.tsv", "in.tsv"},
			code: 1, msg: "timed out after 200ms", absent: []string{"out.tsv"}},
		{name: "tagger with unknown tags", setup: in, args: []string{"tag", "--model-cmd", `awk '{print NF ? "BANANA" : ""}'`, "-o", "out.tsv", "in.tsv"},
			code: 0, msg: "warning: tagger: 9 unknown tags"},
		{name: "tagger with unknown tags, --strict-tags", setup: in, args: []string{"tag", "--strict-tags", "--model-cmd", `awk '{print NF ? "BANANA" : ""}'`, "-o", "out.tsv", "in.tsv"},
			code: 1, msg: `unknown tag "BANANA"`, absent: []string{"out.tsv"}},
		{name: "sentence starting with a # token, token+tag output", setup: map[string]string{"hash.tsv": "#\tO\n1\tO\n\nAspirin\tB-Chemical\n"}, args: []string{"tag", "--model-cmd", `awk '{print NF ? $1 "\tO" : ""}'`, "-o", "out.tsv", "hash.tsv"},
			code: 0},
		{name: "tagger writing to standard error", setup: in, args: []string{"tag", "--model-cmd", `echo loading >&2; awk '{print NF ? "O" : ""}'`, "-o", "out.tsv", "in.tsv"},
			code: 0, msg: "[tagger] loading"},
		{name: "tagger leaving a child that holds its standard output", setup: in, args: []string{"tag", "--model-cmd", `(sleep 3 &); awk '{print NF ? "O" : ""}'`, "-o", "out.tsv", "in.tsv"},
			code: 0},
		{name: "gzipped standard input", stdin: gzipped(t, safetyCorpus), args: []string{"perturb", "--kind", "keyboard", "-o", "out.tsv", "-"},
			code: 0},
		{name: "a system named a|b in a Markdown report", setup: in, args: []string{"compare", "--samples", "0", "-f", "markdown", "--gold", "in.tsv", "--pred-file", "a|b=in.tsv"},
			code: 0, out: `| a\|b |`},
		{name: "score --mode strict, I- starting an entity", setup: map[string]string{"g.tsv": "a\tI-Chemical\nb\tO\n"}, args: []string{"score", "--mode", "strict", "--gold", "g.tsv", "--pred", "g.tsv"},
			code: 0, msg: "strict mode does not count them as entities"},

		// Hostile inputs and options (issue 25).
		{name: "train with 3000 entity types", setup: map[string]string{"t.tsv": manyTypes(3000)}, args: []string{"train", "--features", "words", "-o", "m.bin", "t.tsv"},
			code: 1, msg: "3000 entity types, more than the 511 a model holds", absent: []string{"m.bin"}},
		{name: "train with 512 entity types", setup: map[string]string{"t.tsv": manyTypes(512)}, args: []string{"train", "--features", "words", "-o", "m.bin", "t.tsv"},
			code: 1, msg: "512 entity types, more than the 511 a model holds", absent: []string{"m.bin"}},
		{name: "train with 200 entity types at 20 hash bits", setup: map[string]string{"t.tsv": manyTypes(200)}, args: []string{"train", "--features", "words", "-o", "m.bin", "t.tsv"},
			code: 1, msg: "(use --hash-bits 19 or fewer)", absent: []string{"m.bin"}},
		{name: "convert JSONL to PubTator, a tab in a token", setup: map[string]string{"tab.jsonl": `{"tokens": ["a\tb", "c"], "ner_tags": ["O", "O"]}` + "\n"}, args: []string{"convert", "-o", "out.pubtator", "tab.jsonl"},
			code: 1, msg: `tab.jsonl:1: token 1 "a\tb": cannot be written in a document's text`, absent: []string{"out.pubtator"}},
		{name: "convert JSONL to PubTator, a line break in a token", setup: map[string]string{"nl.jsonl": `{"tokens": ["a"], "ner_tags": ["O"]}` + "\n" + `{"tokens": ["x\ny", "z"], "ner_tags": ["B-Chemical", "O"]}` + "\n"}, args: []string{"convert", "-o", "out.pubtator", "nl.jsonl"},
			code: 1, msg: `nl.jsonl:2: token 1 "x\ny": cannot be written in a document's text`, absent: []string{"out.pubtator"}},
		{name: "perturb JSONL to CoNLL, a tab in a token", setup: map[string]string{"tab.jsonl": `{"tokens": ["a\tb", "c"], "ner_tags": ["O", "O"]}` + "\n"}, args: []string{"perturb", "--kind", "keyboard", "-o", "out.tsv", "tab.jsonl"},
			code: 1, msg: `tab.jsonl:1: write out.tsv: cannot write field "a\tb" as CoNLL`, absent: []string{"out.tsv"}},
		{name: "PubTator annotation with a negative offset", setup: map[string]string{"b.pubtator": "1|t|Aspirin.\n1\t-5\t7\tAspirin\tChemical\tD1\n\n"}, args: []string{"perturb", "--kind", "keyboard", "-o", "out.pubtator", "b.pubtator"},
			code: 1, msg: `b.pubtator:2: syntax error: bad offsets "-5" and "7"`, absent: []string{"out.pubtator"}},
		{name: "PubTator annotation with a non-numeric offset", setup: map[string]string{"b.pubtator": "1|t|Aspirin.\n1\tx\t7\tAspirin\tChemical\tD1\n\n"}, args: []string{"stats", "b.pubtator"},
			code: 1, msg: `b.pubtator:2: syntax error: bad offsets "x" and "7"`},
		{name: "PubTator annotation without a type", setup: map[string]string{"b.pubtator": "1|t|Aspirin.\n1\t0\t7\tAspirin\n\n"}, args: []string{"stats", "b.pubtator"},
			code: 1, msg: `b.pubtator:2: syntax error: annotation line with 4 fields`},
		{name: "PubTator annotation with an empty type", setup: map[string]string{"b.pubtator": "1|t|Aspirin.\n1\t0\t7\tAspirin\t\tD1\n\n"}, args: []string{"stats", "b.pubtator"},
			code: 1, msg: `b.pubtator:2: syntax error: annotation "Aspirin" without a type`},
		{name: "perturb synonym --select pos (a selection it cannot honour)", setup: in, args: []string{"perturb", "--kind", "synonym", "--select", "pos", "-o", "out.tsv", "in.tsv"},
			code: 2, msg: "--select pos: synonym replaces whole gold mentions", absent: []string{"out.tsv"}},
		{name: "perturb abbreviation --min-length 3", setup: in, args: []string{"perturb", "--kind", "abbreviation", "--min-length", "3", "-o", "out.tsv", "in.tsv"},
			code: 2, msg: "--min-length 3: abbreviation replaces whole gold mentions", absent: []string{"out.tsv"}},
		{name: "build entity-swap --targets context", setup: in, args: []string{"build", "--kinds", "entity-swap", "--targets", "context", "--out", "b", "in.tsv"},
			code: 2, msg: "--targets context: entity-swap changes gold mentions only", absent: []string{"b"}},
		{name: "build case+synonym --rate 0.5", setup: in, args: []string{"build", "--kinds", "case+synonym", "--rate", "0.5", "--out", "b", "in.tsv"},
			code: 2, msg: "--rate 0.5: case+synonym changes every mention it can in a composition", absent: []string{"b"}},
		{name: "perturb synonym --type-map Gene=GENE (a group the store lacks)", setup: in, args: []string{"perturb", "--kind", "synonym", "--type-map", "Gene=GENE", "-o", "out.tsv", "in.tsv"},
			code: 2, msg: "no concept of group GENE", absent: []string{"out.tsv"}},
		{name: "/dev/zero as input", args: []string{"perturb", "--kind", "keyboard", "-o", "out.tsv", "/dev/zero"},
			code: 1, msg: "/dev/zero:1: line longer than 16 MiB", absent: []string{"out.tsv"}},
		{name: "a gzip bomb (one line of 17 MiB)", setup: map[string]string{"bomb.tsv.gz": gzipped(t, strings.Repeat("0", 17<<20))}, args: []string{"perturb", "--kind", "keyboard", "-o", "out.tsv", "bomb.tsv.gz"},
			code: 1, msg: "bomb.tsv.gz:1: line longer than 16 MiB", absent: []string{"out.tsv"}},
		{name: "a truncated gzip file", setup: map[string]string{"cut.tsv.gz": gzipped(t, strings.Repeat(safetyCorpus+"\n", 500))[:200]}, args: []string{"stats", "cut.tsv.gz"},
			code: 1, msg: "cut.tsv.gz: gzip: unexpected EOF (the compressed file is truncated)"},
		{name: "compare --samples 100000000", setup: in, args: []string{"compare", "--samples", "100000000", "--gold", "in.tsv", "--pred-file", "s=in.tsv"},
			code: 2, msg: "--samples: 100000000: must be at most 100000"},
		{name: "perturb --workers 2147483647", setup: in, args: []string{"perturb", "--kind", "keyboard", "--workers", "2147483647", "in.tsv"},
			code: 2, msg: "--workers: 2147483647: must be at most 1024"},
		{name: "attack --candidates 1000000000", setup: in, args: []string{"attack", "--model-cmd", "cat", "--candidates", "1000000000", "-o", "adv.tsv", "in.tsv"},
			code: 2, msg: "--candidates: 1000000000: must be at most 10000", absent: []string{"adv.tsv"}},
		{name: "BioC XML on standard input", stdin: cdr3XML(t), args: []string{"stats", "-"},
			code: 0, out: "16 (15)"},
		{name: "a model server's error of two lines", setup: in, args: []string{"tag", "--model-server", `while read l; do printf '%s\n' '{"error": "Traceback:\nValueError"}'; done`, "-o", "out.tsv", "in.tsv"},
			code: 1, msg: `the server reported: "Traceback:\nValueError"`, absent: []string{"out.tsv"}},
		{name: "JSON Lines with \"ner_tags\" twice", setup: map[string]string{"j.jsonl": `{"tokens": ["a"], "ner_tags": ["O"], "ner_tags": ["B-Chemical"]}` + "\n"}, args: []string{"stats", "j.jsonl"},
			code: 1, msg: `j.jsonl:1: malformed JSON record: key "ner_tags" given twice`},
		{name: "JSON Lines record that is a list", setup: map[string]string{"j.jsonl": `[["a"], ["O"]]` + "\n"}, args: []string{"stats", "j.jsonl"},
			code: 1, msg: `j.jsonl:1: malformed JSON record: a record is a JSON object ({...}), this line is not one`},
		{name: "tagger writing a tag of invalid UTF-8", setup: in, args: []string{"tag", "--model-cmd", `awk '{print NF ? "B-X\377" : ""}'`, "-o", "out.tsv", "in.tsv"},
			code: 1, msg: `tag "B-X\xff": not a tag a prediction file can hold`, absent: []string{"out.tsv"}},
		{name: "tagger writing a tag with NUL", setup: in, args: []string{"tag", "--model-cmd", `awk '{print NF ? "B-X\000" : ""}'`, "-o", "out.tsv", "in.tsv"},
			code: 1, msg: `tag "B-X\x00": not a tag a prediction file can hold`, absent: []string{"out.tsv"}},
		{name: "BioC XML with markup in a passage's text", setup: map[string]string{"mixed.xml": strings.Replace(cdr3XML(t), "<text>Tricuspid valve", "<text>Tricuspid <b>valve</b>", 1)}, args: []string{"perturb", "--kind", "keyboard", "-o", "out.xml", "mixed.xml"},
			code: 1, msg: "mixed.xml:4:104: syntax error: <b> inside <text>", absent: []string{"out.xml"}},
		{name: "a file of a -DOCSTART- line only", setup: map[string]string{"ds.tsv": "-DOCSTART- -X- O O\n"}, args: []string{"perturb", "--kind", "keyboard", "-o", "out.tsv", "ds.tsv"},
			code: 1, msg: "ds.tsv: no sentences (only document markers or comments, no token)", absent: []string{"out.tsv"}},
		{name: "build on a file of -DOCSTART- lines only", setup: map[string]string{"ds.tsv": "-DOCSTART- -X- O O\n\n-DOCSTART- -X- O O\n"}, args: []string{"build", "--kinds", "keyboard", "--out", "b", "ds.tsv"},
			code: 1, msg: "ds.tsv: no sentences", absent: []string{"b/ds_key.tsv", "b/manifest.json"}},
		{name: "-DOCSTART- lines without blank lines, written back", setup: map[string]string{"ds.tsv": "-DOCSTART-\tO\na\tO\nb\tB-Chemical\n-DOCSTART-\tO\nc\tO\n"}, args: []string{"perturb", "--kind", "keyboard", "--rate", "0", "ds.tsv"},
			code: 0, out: "-DOCSTART-\tO\na\tO\nb\tB-Chemical\n-DOCSTART-\tO\nc\tO\n"},
		{name: "compare --samples 1e8 (not a whole number)", setup: in, args: []string{"compare", "--samples", "1e8", "--gold", "in.tsv", "--pred-file", "s=in.tsv"},
			code: 2, msg: `--samples "1e8": not a whole number`},
		{name: "umls import: MRCONSO row without a CUI", setup: map[string]string{"MRCONSO.RRF": "C0000001|ENG|P|L1|PF|S1|Y|A1||||MSH|PT|D1|aspirin|0|N||\n|ENG|P|L2|PF|S2|Y|A2||||MSH|PT|D2|nothing|0|N||\n"},
			args: []string{"umls", "import", "--db", "s.db", "--mrconso", "MRCONSO.RRF"}, code: 1, msg: "MRCONSO.RRF:2: syntax error: empty CUI", absent: []string{"s.db"}},
		{name: "umls import: MRSTY row with an unknown TUI", setup: map[string]string{"MRCONSO.RRF": "C0000001|ENG|P|L1|PF|S1|Y|A1||||MSH|PT|D1|aspirin|0|N||\n", "MRSTY.RRF": "C0000001|T999|A1|Bogus|AT1||\n"},
			args: []string{"umls", "import", "--db", "s.db", "--mrconso", "MRCONSO.RRF", "--mrsty", "MRSTY.RRF"}, code: 1, msg: `MRSTY.RRF:1: syntax error: unknown semantic type "T999"`, absent: []string{"s.db"}},
	}
	rows = append(rows, outputPolicyRows(t, in, with)...)
	rows = append(rows, lostRows(t)...)
	rows = append(rows, reviewRows(t)...)
	rows = append(rows, hostile3Rows(t)...)
	table := []string{
		"# Bad inputs",
		"",
		"Generated by TestBadInputs (`go test ./cmd/stress -run TestBadInputs -update`); every row is a case of that test,",
		"run in an empty directory holding the files it sets up. *Message* is the first line of standard error;",
		"*left on disk* lists every file afterwards (inputs are checked byte for byte; no temporary file is ever left).",
		"",
		"| case | command | exit | message | left on disk |",
		"|---|---|---|---|---|",
	}
	head := len(table)
	for _, tt := range rows {
		var left string
		t.Run(tt.name, func(t *testing.T) {
			dir := t.TempDir()
			t.Chdir(dir)
			os.Mkdir("sub", 0o755)
			for name, data := range tt.setup {
				os.MkdirAll(filepath.Dir(name), 0o755)
				if err := os.WriteFile(name, []byte(data), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			sp := makeSpecials(t, tt.special)
			var code int
			var msg string
			if tt.signal != 0 {
				code, msg = signalRow(t, dir, tt)
			} else if tt.feed != "" {
				code, msg = sp.feedRow(t, tt)
			} else {
				stdout, stderr, err := runCLI(t, tt.stdin, tt.args...)
				var buf bytes.Buffer
				code = exitCode(err, &buf)
				msg = stderr + buf.String()
				if !strings.Contains(stdout, tt.out) {
					t.Errorf("stdout lacks %q:\n%s", tt.out, stdout)
				}
			}
			if code != tt.code || !strings.Contains(msg, tt.msg) {
				t.Errorf("exit %d, stderr %q; want %d and %q", code, msg, tt.code, tt.msg)
			}
			if strings.Contains(msg, ".tmp-") {
				t.Errorf("message names a temporary file: %q", msg)
			}
			for name, data := range tt.setup { // every file given is intact
				if got, err := os.ReadFile(name); err != nil || string(got) != data {
					t.Errorf("%s changed: %q, %v", name, got, err)
				}
			}
			for _, name := range tt.absent {
				if _, err := os.Stat(name); !os.IsNotExist(err) {
					t.Errorf("%s exists after a refused run (%v)", name, err)
				}
			}
			sp.check(t)
			if tt.check != nil {
				tt.check(t)
			}
			assertNoTemp(t, ".")
			first, _, _ := strings.Cut(msg, "\n")
			left = leftOnDisk(tt.setup, sp)
			table = append(table, fmt.Sprintf("| %s | %s | %d | %s | %s |", mdCell(tt.name), mdCode(commandLine(tt)),
				code, mdCode(first), mdCell(left)))
		})
	}
	if ran := len(table) - head; ran != len(rows) || t.Failed() {
		return // a -run selection, or failed rows: the table is not the suite's
	}
	got := strings.Join(table, "\n") + "\n"
	if *updateBadInputs {
		if err := os.WriteFile(badInputsGolden, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(badInputsGolden)
	if err != nil {
		t.Fatalf("%v (run with -update)", err)
	}
	if got != string(want) {
		g, w := strings.Split(got, "\n"), strings.Split(string(want), "\n")
		for i := range max(len(g), len(w)) {
			if i >= len(g) || i >= len(w) || g[i] != w[i] {
				t.Errorf("%s is not the table of the rows (run with -update); line %d:\n got %q\nwant %q",
					badInputsGolden, i+1, at(g, i), at(w, i))
				break
			}
		}
	}
}

// at returns lines[i], or "" past the end.
func at(lines []string, i int) string {
	if i < len(lines) {
		return lines[i]
	}
	return ""
}

// signalRow runs row tt as a process in dir whose standard input never
// ends, sends it tt.signal once its temporary files are in dir/b, and
// returns its exit status and standard error; after SIGKILL, which
// leaves the temporary files, those of the same command run again
// in-process (which must remove them).
func signalRow(t *testing.T, dir string, tt badInput) (int, string) {
	t.Helper()
	cmd, stdin := startStress(t, dir, tt.args...)
	stdin.WriteString(tt.stdin)
	waitTemps(t, filepath.Join(dir, "b"), max(tt.temps, 1))
	if err := cmd.Process.Signal(tt.signal); err != nil {
		t.Fatal(err)
	}
	cmd.Wait()
	stderr := cmd.Stderr.(*bytes.Buffer).String()
	if tt.signal != syscall.SIGKILL {
		return cmd.ProcessState.ExitCode(), stderr
	}
	stale := 0
	ents, _ := os.ReadDir(filepath.Join(dir, "b"))
	for _, e := range ents {
		if strings.Contains(e.Name(), ".tmp-") {
			stale++
		}
	}
	if stale < max(tt.temps, 1) {
		t.Fatalf("the kill left %d temporary files: the row checks less than it says", stale)
	}
	again := tt.args
	if tt.again != nil {
		again = tt.again
	}
	_, errOut, err := runCLI(t, tt.stdin, again...)
	var buf bytes.Buffer
	return exitCode(err, &buf), errOut + buf.String()
}

// leftOnDisk lists the files under the current directory: those set up
// (checked intact by the caller), the special files and those the
// command wrote.
func leftOnDisk(setup map[string]string, sp *specials) string {
	var files []string
	filepath.WalkDir(".", func(path string, d os.DirEntry, err error) error {
		if s, ok := sp.describe(path); ok {
			files = append(files, s)
			return nil
		}
		if err != nil || d.IsDir() {
			if err == nil && d.IsDir() && path != "." && path != "sub" {
				if ents, _ := os.ReadDir(path); len(ents) == 0 {
					files = append(files, path+"/ (empty)")
				}
			}
			return nil
		}
		if _, ok := setup[path]; ok {
			files = append(files, path+" (intact)")
		} else {
			files = append(files, path+" (written)")
		}
		return nil
	})
	slices.Sort(files)
	if len(files) == 0 {
		return "nothing"
	}
	return strings.Join(files, ", ")
}

// commandLine shows the row's command as a shell would take it.
func commandLine(tt badInput) string {
	parts := []string{"stress"}
	for _, a := range tt.args {
		if a == "" || strings.ContainsAny(a, " \t'\"$;|&<>(){}*?\\#!") {
			a = "'" + strings.ReplaceAll(a, "'", `'\''`) + "'"
		}
		parts = append(parts, a)
	}
	line := strings.Join(parts, " ")
	switch {
	case tt.signal != 0:
		line += fmt.Sprintf(" (standard input open; %v once its temporary files exist", tt.signal)
		if tt.signal == syscall.SIGKILL && tt.again == nil {
			line += "; then the same command again"
		} else if tt.signal == syscall.SIGKILL {
			line += "; then `" + strings.Join(append([]string{"stress"}, tt.again...), " ") + "`"
		}
		line += ")"
	case tt.stdin != "":
		line = "printf ... | " + line
	}
	return line
}

// mdCell escapes text for a Markdown table cell.
func mdCell(s string) string {
	return strings.NewReplacer("|", `\|`, "\n", " ").Replace(s)
}

// mdCode shows s as code in a Markdown table cell ("" as a dash).
func mdCode(s string) string {
	if s == "" {
		return "—"
	}
	s = strings.ReplaceAll(s, "|", `\|`)
	fence := "`"
	if strings.Contains(s, "`") {
		fence = "`` "
		return fence + s + " ``"
	}
	return fence + s + fence
}

// assertNoTemp fails if a temporary file is left under dir.
func assertNoTemp(t *testing.T, dir string) {
	t.Helper()
	filepath.WalkDir(dir, func(path string, d os.DirEntry, err error) error {
		if err == nil && strings.Contains(d.Name(), ".tmp-") {
			t.Errorf("temporary file left: %s", path)
		}
		return nil
	})
}

func gzipped(t *testing.T, s string) string {
	var b bytes.Buffer
	zw := gzip.NewWriter(&b)
	zw.Write([]byte(s))
	zw.Close()
	return b.String()
}

// Every corpus argument of every command takes "-", plain or gzipped
// (recognised by its magic number).
func TestStdinEveryCorpusArgument(t *testing.T) {
	t.Chdir(t.TempDir())
	if err := os.WriteFile("in.tsv", []byte(safetyCorpus), 0o644); err != nil {
		t.Fatal(err)
	}
	conlleval := "Aspirin B-Chemical B-Chemical\ninduced O O\n"
	cases := []struct {
		name  string
		args  []string
		stdin string
		out   string // substring of stdout
		file  string // file that must exist afterwards
	}{
		{"stats -", []string{"stats", "-"}, safetyCorpus, "-", ""},
		{"stats --original -", []string{"stats", "--original", "-", "in.tsv"}, safetyCorpus, "(original)", ""},
		{"build -", []string{"build", "--kinds", "keyboard", "--out", "b", "-"}, safetyCorpus, "manifest.json", "b/stdin_key.tsv"},
		{"score -", []string{"score", "-"}, conlleval, "accuracy", ""},
		{"score --gold -", []string{"score", "--gold", "-", "--pred", "in.tsv"}, safetyCorpus, "FB1", ""},
		{"score --pred -", []string{"score", "--gold", "in.tsv", "--pred", "-"}, safetyCorpus, "FB1", ""},
		{"augment --in -", []string{"augment", "--in", "-", "-o", "aug.tsv"}, safetyCorpus, "aug.tsv", "aug.tsv"},
		{"compare --gold -", []string{"compare", "--samples", "0", "--gold", "-", "--pred-file", "s=in.tsv"}, safetyCorpus, "F1", ""},
		{"compare --pred-file -", []string{"compare", "--samples", "0", "--gold", "in.tsv", "--pred-file", "s=-"}, safetyCorpus, "F1", ""},
		{"perturb -", []string{"perturb", "--kind", "swap", "-"}, safetyCorpus, "B-Chemical", ""},
		{"convert -", []string{"convert", "-o", "c.jsonl", "-"}, safetyCorpus, "", "c.jsonl"},
		{"train -", []string{"train", "--features", "words", "--epochs", "1", "-q", "-o", "m.bin", "-"}, safetyCorpus, "", "m.bin"},
		{"tag -", []string{"tag", "--model-cmd", `awk '{print NF ? "O" : ""}'`, "-"}, safetyCorpus, "Naloxone", ""},
	}
	for _, c := range cases {
		for _, z := range []bool{false, true} {
			stdin, name := c.stdin, c.name
			if z {
				stdin, name = gzipped(t, stdin), name+" (gzip)"
			}
			for _, f := range []string{"b", "aug.tsv", "aug.tsv.manifest.json", "aug.tsv.changes.tsv", "c.jsonl", "m.bin"} {
				os.RemoveAll(f)
			}
			out, stderr, err := runCLI(t, stdin, c.args...)
			if err != nil {
				t.Errorf("%s: %v (stderr %q)", name, err, stderr)
				continue
			}
			if !strings.Contains(out, c.out) {
				t.Errorf("%s: stdout %q lacks %q", name, out, c.out)
			}
			if c.file != "" {
				if _, err := os.Stat(c.file); err != nil {
					t.Errorf("%s: %v", name, err)
				}
			}
		}
	}
}

// startStress starts the test binary as "stress ARGS" in dir with a
// pipe as standard input, which it keeps open.
func startStress(t *testing.T, dir string, args ...string) (*exec.Cmd, *os.File) {
	t.Helper()
	cmd := exec.Command(os.Args[0], args...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), cliEnv+"=1") // the test binary runs main (TestMain)
	pr, pw, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	cmd.Stdin = pr
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	pr.Close()
	t.Cleanup(func() { pw.Close(); cmd.Process.Kill(); cmd.Wait() })
	return cmd, pw
}

// waitTemp waits until a temporary file appears in dir.
func waitTemp(t *testing.T, dir string) {
	t.Helper()
	waitTemps(t, dir, 1)
}

// waitTemps waits until n temporary files are in dir.
func waitTemps(t *testing.T, dir string, n int) {
	t.Helper()
	deadline := time.Now().Add(time.Minute)
	for time.Now().Before(deadline) {
		ents, _ := os.ReadDir(dir)
		found := 0
		for _, e := range ents {
			if strings.Contains(e.Name(), ".tmp-") {
				found++
			}
		}
		if found >= n {
			return
		}
		time.Sleep(10 * time.Millisecond)
	}
	t.Fatalf("%d temporary files did not appear", n)
}

// The interrupts (SIGINT 130, SIGTERM 143, SIGKILL then a rerun that
// removes the dead process's temporary files) are rows of TestBadInputs.

// --scheme iobes converts on the way in and back on the way out: the
// output is IOBES with the input's mentions (a keyboard typo keeps the
// tags).
func TestPerturbSchemeRoundTrip(t *testing.T) {
	t.Chdir(t.TempDir())
	in := "Aspirin\tS-Chemical\ninduced\tO\ngastric\tB-Disease\nulcers\tE-Disease\n\n" +
		"heart\tB-Disease\nattack\tI-Disease\nrisk\tE-Disease\n"
	out, stderr, err := runCLI(t, in, "perturb", "--kind", "keyboard", "--scheme", "iobes", "-")
	if err != nil {
		t.Fatalf("%v (%s)", err, stderr)
	}
	tags := func(s string) []string {
		var ts []string
		for _, line := range strings.Split(s, "\n") {
			if f := strings.Fields(line); len(f) == 2 {
				ts = append(ts, f[1])
			}
		}
		return ts
	}
	if got, want := tags(out), tags(in); strings.Join(got, " ") != strings.Join(want, " ") {
		t.Fatalf("tags %v, want the input's %v", got, want)
	}
	if !strings.HasSuffix(out, "E-Disease\n") {
		t.Fatalf("output layout differs from the input's (no final blank line): %q", out)
	}
}

// --labels names integer JSON Lines tags: a comma list, a file, or the
// dataset's dataset_info.json; without it integer tags are an error that
// points to the flag.
func TestLabelsFlag(t *testing.T) {
	t.Chdir(t.TempDir())
	os.WriteFile("int.jsonl", []byte(`{"tokens": ["Aspirin", "induced"], "ner_tags": [1, 0]}`+"\n"), 0o644)
	os.WriteFile("labels.txt", []byte("O\nB-Chemical\nI-Chemical\n"), 0o644)
	os.WriteFile("dataset_info.json", []byte(`{"default": {"features": {"ner_tags": {"feature": {"names": ["O", "B-Chemical", "I-Chemical"]}}}}}`), 0o644)
	code, msg := cliStatus(t, "stats", "int.jsonl")
	if code != 1 || !strings.Contains(msg, "int.jsonl:1:") || !strings.Contains(msg, "--labels") {
		t.Errorf("no labels: exit %d, %q", code, msg)
	}
	for _, spec := range []string{"O,B-Chemical,I-Chemical", "labels.txt", "dataset_info.json"} {
		out, stderr, err := runCLI(t, "", "perturb", "--kind", "swap", "--labels", spec, "int.jsonl")
		if err != nil || !strings.Contains(out, `"ner_tags":[1,0]`) { // written as read: integers
			t.Errorf("--labels %s: %q, %v (%s)", spec, out, err, stderr)
		}
	}
	if code, msg := cliStatus(t, "stats", "--labels", "O,O", "int.jsonl"); code != 2 || !strings.Contains(msg, `--labels: bad label list: label "O" given twice`) {
		t.Errorf("bad --labels: exit %d, %q", code, msg)
	}
}

// IOBES mentions are counted right with --scheme iobes: S- is a mention,
// B- ... E- one mention.
func TestStatsIOBESCounts(t *testing.T) {
	t.Chdir(t.TempDir())
	os.WriteFile("e.tsv", []byte("Aspirin\tS-Chemical\ninduced\tO\ngastric\tB-Disease\nulcers\tE-Disease\n\n"+
		"heart\tB-Disease\nattack\tI-Disease\nrisk\tE-Disease\n"), 0o644)
	out, stderr, err := runCLI(t, "", "stats", "--scheme", "iobes", "e.tsv")
	if err != nil {
		t.Fatalf("%v (%s)", err, stderr)
	}
	lines := strings.Split(strings.TrimSpace(out), "\n")
	if len(lines) != 2 {
		t.Fatalf("want a header and one row, got %q", out)
	}
	head, row := strings.Fields(lines[0]), strings.Fields(lines[1])
	cell := func(name string) string {
		for i, h := range head {
			if h == name {
				return row[i] // "sentences (annotated)" and "2 (2)" are both two fields
			}
		}
		return ""
	}
	if cell("Chemical") != "1" || cell("Disease") != "2" {
		t.Fatalf("Chemical %q, Disease %q; want 1 and 2 in\n%s", cell("Chemical"), cell("Disease"), out)
	}
}

// Help is printed once, on stdout; "stress help umls [SUB]" is complete.
func TestHelpOnceAndComplete(t *testing.T) {
	for _, args := range [][]string{{"perturb", "--help"}, {"perturb", "-h"}, {"help", "perturb"}, {"umls", "import", "--help"}} {
		out, stderr, err := runCLI(t, "", args...)
		if c := exitCode(err, io.Discard); c != 0 || stderr != "" || strings.Count(out, "Usage:") != 1 {
			t.Errorf("%v: exit %d, %d usages on stdout, stderr %q", args, c, strings.Count(out, "Usage:"), stderr)
		}
	}
	out, _, err := runCLI(t, "", "help", "umls")
	for _, want := range []string{"generate", "--mrconso", "--group", "--notice", "--rows", "--force"} {
		if err != nil || !strings.Contains(out, want) {
			t.Errorf("help umls lacks %s (%v)", want, err)
		}
	}
	out, _, err = runCLI(t, "", "help", "umls", "generate")
	if err != nil || !strings.Contains(out, "Usage: stress umls generate") || !strings.Contains(out, "--dir") || strings.Contains(out, "--mrconso") {
		t.Errorf("help umls generate: %v\n%s", err, out)
	}
}

// Score's warning about invalid IOB2 fits the mode: only conlleval mode
// points to --mode strict.
func TestScoreWarningFitsMode(t *testing.T) {
	t.Chdir(t.TempDir())
	os.WriteFile("g.tsv", []byte("a\tI-Chemical\nb\tO\n"), 0o644)
	os.WriteFile("p.tsv", []byte("a\tI-Chemical\nb\tO\n"), 0o644)
	_, stderr, err := runCLI(t, "", "score", "--gold", "g.tsv", "--pred", "p.tsv")
	if err != nil || !strings.Contains(stderr, "see --mode strict") {
		t.Errorf("conlleval mode: %v, %q", err, stderr)
	}
	_, stderr, err = runCLI(t, "", "score", "--mode", "strict", "--gold", "g.tsv", "--pred", "p.tsv")
	if err != nil || strings.Contains(stderr, "see --mode strict") || (stderr != "" && !strings.Contains(stderr, "strict mode does not count them")) {
		t.Errorf("strict mode: %v, %q", err, stderr)
	}
}

// TestDashIsStandardOutput: "-" names standard output as it names
// standard input. An output that goes to standard output by default
// takes "-" for that default (the same bytes, no file called "-"); any
// other output refuses it, naming the flag, before anything is read or
// written.
func TestDashIsStandardOutput(t *testing.T) {
	t.Chdir(t.TempDir())
	if err := os.WriteFile("in.tsv", []byte(safetyCorpus), 0o644); err != nil {
		t.Fatal(err)
	}
	tagCmd := `awk '{print NF ? "O" : ""}'`
	for _, args := range [][]string{
		{"perturb", "--kind", "keyboard", "in.tsv"},
		{"perturb", "--kind", "swap", "--log", "log.tsv", "--force", "in.tsv"},
		{"convert", "--out-format", "jsonl", "in.tsv"},
		{"tag", "--model-cmd", tagCmd, "in.tsv"},
	} {
		want, _, err := runCLI(t, "", args...)
		if err != nil {
			t.Fatalf("%q: %v", args, err)
		}
		for _, dash := range [][]string{{"-o", "-"}, {"--output=-"}} {
			with := append(append([]string{args[0]}, dash...), args[1:]...)
			got, stderr, err := runCLI(t, "", with...)
			if err != nil {
				t.Errorf("%q: %v (stderr %q)", with, err, stderr)
			} else if got != want {
				t.Errorf("%q: standard output differs from the run without -o", with)
			}
			if _, err := os.Lstat("-"); err == nil {
				t.Fatalf("%q: wrote a file called -", with)
			}
		}
	}
	for _, c := range []struct {
		flag string
		args []string
	}{
		{"log", []string{"perturb", "--kind", "keyboard", "--log", "-", "in.tsv"}},
		{"output", []string{"attack", "--model-cmd", tagCmd, "--kinds", "keyboard", "-o", "-", "in.tsv"}},
		{"log", []string{"attack", "--model-cmd", tagCmd, "--kinds", "keyboard", "-o", "a.tsv", "--log", "-", "in.tsv"}},
		{"random", []string{"attack", "--model-cmd", tagCmd, "--kinds", "keyboard", "-o", "a.tsv", "--random", "-", "in.tsv"}},
		{"output", []string{"augment", "--in", "in.tsv", "-o", "-"}},
		{"output", []string{"train", "--features", "words", "--epochs", "1", "-q", "-o", "-", "in.tsv"}},
		{"out", []string{"build", "--kinds", "keyboard", "--out", "-", "in.tsv"}},
		{"out", []string{"run", "--out", "-"}},
		{"html", []string{"run", "--html", "-"}},
		{"html", []string{"curve", "--html", "-"}},
		{"html", []string{"compare", "--samples", "0", "--gold", "in.tsv", "--pred-file", "s=in.tsv", "--html", "-"}},
		{"out", []string{"review", "sample", "--out", "-", "in.tsv"}},
		{"avoid", []string{"review", "score", "--key", "key.tsv", "--avoid", "-", "j.tsv"}},
		{"db", []string{"umls", "import", "--db", "-", "--terms", "in.tsv"}},
		{"dir", []string{"umls", "generate", "--dir", "-"}},
	} {
		stdout, stderr, err := runCLI(t, "", c.args...)
		want := "--" + c.flag + ": - (standard output) cannot take this output: give a path"
		if !errors.Is(err, errUsage) || !strings.HasSuffix(fmt.Sprint(err), want) {
			t.Errorf("%q: error %v (stderr %q); want a usage error ending %q", c.args, err, stderr, want)
		}
		if stdout != "" {
			t.Errorf("%q: wrote %q to standard output", c.args, stdout)
		}
		if entries, _ := os.ReadDir("."); len(entries) > 2 { // in.tsv, log.tsv
			t.Fatalf("%q: left files behind: %v", c.args, entries)
		}
	}
}
