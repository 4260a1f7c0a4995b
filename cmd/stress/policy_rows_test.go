package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// The rows of TestBadInputs for the output policy (issue 25: F01-F05,
// F07, F14-F17), kept apart from the others so that both lists grow
// without touching each other.

// earlierRun is the manifest of an earlier run, as far as run --force
// looks before clearing its directory.
const earlierRun = `{"tool": "stress"}` + "\n"

// outputPolicyRows are the rows; in and with are TestBadInputs' setups
// (in.tsv alone, and in.tsv with more files).
func outputPolicyRows(t *testing.T, in map[string]string, with func(map[string]string) map[string]string) []badInput {
	edited := keyboardBuild(t)
	lines := strings.SplitAfter(edited["b/changes.tsv"], "\n")
	edited["b/changes.tsv"] = lines[0] + strings.Join(lines[2:], "") // a row deleted
	return []badInput{
		// F01: a device node or FIFO is written into, never replaced by a
		// regular file; a directory is refused; a link is written through.
		{name: "perturb --force onto a character device", setup: in, special: map[string]string{"mynull": specialDevice},
			args: []string{"perturb", "--kind", "keyboard", "-o", "mynull", "--force", "in.tsv"}, code: 0},
		{name: "perturb onto a character device, no --force", setup: in, special: map[string]string{"mynull": specialDevice},
			args: []string{"perturb", "--kind", "keyboard", "-o", "mynull", "--log", "mynull", "in.tsv"}, code: 0},
		{name: "convert --force onto a character device", setup: in, special: map[string]string{"mynull": specialDevice},
			args: []string{"convert", "-o", "mynull", "--force", "in.tsv"}, code: 0},
		{name: "train --force onto a character device", setup: in, special: map[string]string{"mynull": specialDevice},
			args: []string{"train", "--features", "words", "--epochs", "1", "-q", "-o", "mynull", "--force", "in.tsv"}, code: 0},
		{name: "tag --force onto a character device", setup: in, special: map[string]string{"mynull": specialDevice},
			args: []string{"tag", "--model-cmd", `awk '{print NF ? "O" : ""}'`, "-o", "mynull", "--force", "in.tsv"}, code: 0},
		{name: "compare --html --force onto a character device", setup: in, special: map[string]string{"mynull": specialDevice},
			args: []string{"compare", "--samples", "0", "--gold", "in.tsv", "--pred-file", "s=in.tsv", "--html", "mynull", "--force"}, code: 0},
		{name: "augment --force onto a character device", setup: in, special: map[string]string{"mynull": specialDevice},
			args: []string{"augment", "--in", "in.tsv", "-o", "mynull", "--force"}, code: 0},
		{name: "perturb --force into a FIFO", setup: in, special: map[string]string{"fifo": specialFIFO},
			args: []string{"perturb", "--kind", "keyboard", "-o", "fifo", "--force", "in.tsv"}, code: 0},
		{name: "perturb -o FIFO --log FIFO", setup: in, special: map[string]string{"fifo": specialFIFO},
			args: []string{"perturb", "--kind", "keyboard", "-o", "fifo", "--log", "fifo", "in.tsv"}, code: 2, msg: "fifo: output named twice"},
		{name: "perturb --force onto a directory", setup: in,
			args: []string{"perturb", "--kind", "keyboard", "-o", "sub", "--force", "in.tsv"}, code: 2, msg: "sub: cannot write to a directory"},
		{name: "perturb --force through a symbolic link", setup: in, special: map[string]string{"link.tsv": "link:new.tsv"},
			args: []string{"perturb", "--kind", "keyboard", "-o", "link.tsv", "--force", "in.tsv"}, code: 0},

		// F02: system names are the directories of their predictions
		// (DIR/pred/NAME), refused before any work when they name no file.
		{name: "run --model-name ..", setup: in,
			args: []string{"run", "-q", "--test", "in.tsv", "--baselines", "none", "--model-cmd", `awk '{print NF ? "O" : ""}'`, "--model-name", "..", "--out", "r"},
			code: 2, msg: `system name ".." is not a file name`, absent: []string{"r"}},
		{name: "run --model-name .", setup: in,
			args: []string{"run", "-q", "--test", "in.tsv", "--baselines", "none", "--model-cmd", `awk '{print NF ? "O" : ""}'`, "--model-name", ".", "--out", "r"},
			code: 2, msg: `system name "." is not a file name`, absent: []string{"r"}},
		{name: "run --model-name a/b", setup: in,
			args: []string{"run", "-q", "--test", "in.tsv", "--baselines", "none", "--model-cmd", `awk '{print NF ? "O" : ""}'`, "--model-name", "a/b", "--out", "r"},
			code: 2, msg: `system name "a/b" is not a file name`, absent: []string{"r"}},
		{name: "run --model-name twice the same", setup: in,
			args: []string{"run", "-q", "--test", "in.tsv", "--baselines", "none", "--model-cmd", "cat", "--model-cmd", "cat", "--model-name", "m", "--model-name", "m", "--out", "r"},
			code: 2, msg: `system name "m" given twice`, absent: []string{"r"}},
		{name: "run --model-name words beside the words baseline", setup: in,
			args: []string{"run", "-q", "--test", "in.tsv", "--train", "in.tsv", "--baselines", "words", "--model-cmd", "cat", "--model-name", "words", "--out", "r"},
			code: 2, msg: `system name "words" given twice`, absent: []string{"r"}},
		{name: "curve --model ..=m.bin", setup: with(map[string]string{"m.bin": "not read\n"}),
			args: []string{"curve", "--model", "..=m.bin"},
			code: 2, msg: `system name ".." is not a file name`},

		// F03: every output of a run is known before any work; --html
		// over one of them is an output named twice.
		{name: "run --html r/manifest.json", setup: in,
			args: []string{"run", "-q", "--test", "in.tsv", "--baselines", "none", "--model-cmd", `awk '{print NF ? "O" : ""}'`, "--kinds", "keyboard", "--out", "r", "--html", "r/manifest.json"},
			code: 2, msg: "output named twice", absent: []string{"r"}},
		{name: "run --html r/changes.tsv", setup: in,
			args: []string{"run", "-q", "--test", "in.tsv", "--baselines", "none", "--model-cmd", `awk '{print NF ? "O" : ""}'`, "--kinds", "keyboard", "--out", "r", "--html", "r/changes.tsv"},
			code: 2, msg: "output named twice", absent: []string{"r"}},
		{name: "run --html r/in_key.tsv", setup: in,
			args: []string{"run", "-q", "--test", "in.tsv", "--baselines", "none", "--model-cmd", `awk '{print NF ? "O" : ""}'`, "--kinds", "keyboard", "--out", "r", "--html", "r/in_key.tsv"},
			code: 2, msg: "output named twice", absent: []string{"r"}},
		{name: "run --html r/summary.md", setup: in,
			args: []string{"run", "-q", "--test", "in.tsv", "--baselines", "none", "--model-cmd", `awk '{print NF ? "O" : ""}'`, "--kinds", "keyboard", "--out", "r", "--html", "r/summary.md"},
			code: 2, msg: "output named twice", absent: []string{"r"}},
		{name: "run --html r/pred/cmd/in_key.tsv", setup: in,
			args: []string{"run", "-q", "--test", "in.tsv", "--baselines", "none", "--model-cmd", `awk '{print NF ? "O" : ""}'`, "--kinds", "keyboard", "--out", "r", "--html", "r/pred/cmd/in_key.tsv"},
			code: 2, msg: "output named twice", absent: []string{"r"}},
		{name: "run --html r/pred", setup: in,
			args: []string{"run", "-q", "--test", "in.tsv", "--baselines", "none", "--model-cmd", `awk '{print NF ? "O" : ""}'`, "--kinds", "keyboard", "--out", "r", "--html", "r/pred"},
			code: 2, msg: "output named twice", absent: []string{"r"}},
		{name: "run --force --html over an earlier run's manifest", setup: with(map[string]string{"r/manifest.json": earlierRun, "r/changes.tsv": "earlier\n"}),
			args: []string{"run", "-q", "--test", "in.tsv", "--baselines", "none", "--model-cmd", `awk '{print NF ? "O" : ""}'`, "--kinds", "keyboard", "--out", "r", "--force", "--html", "r/manifest.json"},
			code: 2, msg: "r/manifest.json: output named twice"},

		// F04: clearing --out with --force stops at any input inside it,
		// auxiliary inputs included, reached through links too.
		{name: "run --force, --test through a linked directory", setup: with(map[string]string{"r/manifest.json": earlierRun, "r/in_key.tsv": safetyCorpus}), special: map[string]string{"rlink": "link:r"},
			args: []string{"run", "-q", "--out", "r", "--force", "--baselines", "none", "--model-cmd", `awk '{print NF ? "O" : ""}'`, "--test", "rlink/in_key.tsv", "--kinds", "keyboard"}, code: 2, msg: "--out r holds the input rlink/in_key.tsv; not clearing it"},
		{name: "run --force, --test a link into --out", setup: with(map[string]string{"r/manifest.json": earlierRun, "r/in_key.tsv": safetyCorpus}), special: map[string]string{"t.tsv": "link:r/in_key.tsv"},
			args: []string{"run", "-q", "--out", "r", "--force", "--baselines", "none", "--model-cmd", `awk '{print NF ? "O" : ""}'`, "--test", "t.tsv", "--kinds", "keyboard"}, code: 2, msg: "--out r holds the input t.tsv; not clearing it"},
		{name: "run --force, --train through a linked directory", setup: with(map[string]string{"r/manifest.json": earlierRun, "r/in_key.tsv": safetyCorpus}), special: map[string]string{"rlink": "link:r"},
			args: []string{"run", "-q", "--out", "r", "--force", "--test", "in.tsv", "--kinds", "keyboard", "--train", "rlink/in_key.tsv", "--baselines", "words"}, code: 2, msg: "--out r holds the input rlink/in_key.tsv; not clearing it"},
		{name: "run --force, --unseen-in inside --out", setup: with(map[string]string{"r/manifest.json": earlierRun, "r/in_key.tsv": safetyCorpus}),
			args: []string{"run", "-q", "--out", "r", "--force", "--baselines", "none", "--model-cmd", `awk '{print NF ? "O" : ""}'`, "--test", "in.tsv", "--kinds", "entity-swap", "--unseen-in", "r/in_key.tsv"}, code: 2, msg: "--out r holds the input r/in_key.tsv; not clearing it"},
		{name: "run --force, --db inside --out", setup: with(map[string]string{"r/manifest.json": earlierRun, "r/store.db": "a concept store\n"}),
			args: []string{"run", "-q", "--out", "r", "--force", "--baselines", "none", "--model-cmd", `awk '{print NF ? "O" : ""}'`, "--test", "in.tsv", "--kinds", "synonym", "--db", "r/store.db"}, code: 2, msg: "--out r holds the input r/store.db; not clearing it"},
		// N01: entity-swap's concept store is an input too.
		{name: "N01 run --force, --swap-db inside --out", setup: with(map[string]string{"r/manifest.json": earlierRun, "r/store.db": "a concept store\n"}),
			args: []string{"run", "-q", "--out", "r", "--force", "--baselines", "none", "--model-cmd", `awk '{print NF ? "O" : ""}'`, "--test", "in.tsv", "--kinds", "entity-swap", "--swap-db", "r/store.db"}, code: 2, msg: "--out r holds the input r/store.db; not clearing it"},
		{name: "run --force, --labels inside --out", setup: with(map[string]string{"r/manifest.json": earlierRun, "r/labels.txt": "O\nB-Chemical\nI-Chemical\nB-Disease\nI-Disease\n"}),
			args: []string{"run", "-q", "--out", "r", "--force", "--baselines", "none", "--model-cmd", `awk '{print NF ? "O" : ""}'`, "--test", "in.tsv", "--kinds", "keyboard", "--labels", "r/labels.txt"}, code: 2, msg: "--out r holds the input r/labels.txt; not clearing it"},
		{name: "run --force over another program's manifest.json", setup: with(map[string]string{"r/manifest.json": `{"name": "my web app"}` + "\n", "r/index.html": "mine\n"}),
			args: []string{"run", "-q", "--out", "r", "--force", "--baselines", "none", "--model-cmd", "cat", "--test", "in.tsv", "--kinds", "keyboard"},
			code: 1, msg: "stress: --out r: directory not empty and not an earlier run (its manifest.json is not stress's); not clearing it, choose another --out"},

		// F05: auxiliary inputs (a concept store, corpora of unseen
		// mentions, a label list, a saved model) are inputs: no output
		// replaces them, even with --force.
		{name: "perturb -o over --db, --force", setup: with(map[string]string{"store.db": "a concept store\n"}),
			args: []string{"perturb", "--kind", "synonym", "--db", "store.db", "-o", "store.db", "--force", "in.tsv"},
			code: 2, msg: "store.db: output would replace an input"},
		{name: "N01 perturb -o over --swap-db, --force", setup: with(map[string]string{"store.db": "a concept store\n"}),
			args: []string{"perturb", "--kind", "entity-swap", "--swap-db", "store.db", "-o", "store.db", "--force", "in.tsv"},
			code: 2, msg: "store.db: output would replace an input"},
		{name: "N01 augment -o over --swap-db, --force", setup: with(map[string]string{"store.db": "a concept store\n"}),
			args: []string{"augment", "--kinds", "entity-swap", "--swap-db", "store.db", "--in", "in.tsv", "-o", "store.db", "--force"},
			code: 2, msg: "store.db: output would replace an input"},
		{name: "N01 attack -o over --swap-db, --force", setup: with(map[string]string{"store.db": "a concept store\n"}),
			args: []string{"attack", "--model-cmd", "cat", "--kinds", "entity-swap", "--swap-db", "store.db", "-o", "store.db", "--force", "in.tsv"},
			code: 2, msg: "store.db: output would replace an input"},
		{name: "N01 run --html over --swap-db, --force", setup: with(map[string]string{"store.db": "a concept store\n"}),
			args: []string{"run", "-q", "--test", "in.tsv", "--baselines", "none", "--model-cmd", `awk '{print NF ? "O" : ""}'`, "--kinds", "entity-swap", "--swap-db", "store.db", "--out", "r", "--html", "store.db", "--force"},
			code: 2, msg: "store.db: output would replace an input"},
		{name: "perturb -o over --unseen-in, --force", setup: with(map[string]string{"train.tsv": safetyCorpus}),
			args: []string{"perturb", "--kind", "entity-swap", "--unseen-in", "train.tsv", "-o", "train.tsv", "--force", "in.tsv"},
			code: 2, msg: "train.tsv: output would replace an input"},
		{name: "perturb --log over --labels, --force", setup: with(map[string]string{"labels.txt": "O\nB-Chemical\nI-Chemical\nB-Disease\nI-Disease\n"}),
			args: []string{"perturb", "--kind", "keyboard", "--labels", "labels.txt", "--log", "labels.txt", "--force", "in.tsv"},
			code: 2, msg: "labels.txt: output would replace an input"},
		{name: "convert -o over --labels, --force", setup: with(map[string]string{"labels.txt": "O\nB-Chemical\nI-Chemical\nB-Disease\nI-Disease\n"}),
			args: []string{"convert", "--labels", "labels.txt", "-o", "labels.txt", "--force", "in.tsv"},
			code: 2, msg: "labels.txt: output would replace an input"},
		{name: "augment -o over --db, --force", setup: with(map[string]string{"store.db": "a concept store\n"}),
			args: []string{"augment", "--kinds", "synonym", "--db", "store.db", "--in", "in.tsv", "-o", "store.db", "--force"},
			code: 2, msg: "store.db: output would replace an input"},
		{name: "build over --unseen-in, --force", setup: with(map[string]string{"b/in_eswap.tsv": safetyCorpus}),
			args: []string{"build", "--kinds", "entity-swap", "--unseen-in", "b/in_eswap.tsv", "--out", "b", "--force", "in.tsv"},
			code: 2, msg: "b/in_eswap.tsv: output would replace an input"},
		{name: "attack -o over --unseen-in, --force", setup: with(map[string]string{"train.tsv": safetyCorpus}),
			args: []string{"attack", "--model-cmd", "cat", "--kinds", "entity-swap", "--unseen-in", "train.tsv", "-o", "train.tsv", "--force", "in.tsv"},
			code: 2, msg: "train.tsv: output would replace an input"},
		{name: "curve --html over --model, --force", setup: with(map[string]string{"m.bin": "a model\n"}),
			args: []string{"curve", "--model", "m=m.bin", "--html", "m.bin", "--force"},
			code: 2, msg: "m.bin: output would replace an input"},
		{name: "train -o over --labels, --force", setup: with(map[string]string{"labels.txt": "O\nB-Chemical\nI-Chemical\nB-Disease\nI-Disease\n"}),
			args: []string{"train", "--features", "words", "--labels", "labels.txt", "-o", "labels.txt", "--force", "in.tsv"},
			code: 2, msg: "labels.txt: output would replace an input"},

		// F07: a file that appears while a command works is not replaced
		// without --force; the command fails and leaves none of its
		// outputs (in.tsv is a FIFO the files appear in once it is open).
		{name: "build: a set appears meanwhile", feed: "in.tsv", appear: map[string]string{"b/in_key.tsv": "theirs\n"},
			args: []string{"build", "--kinds", "keyboard,swap", "--out", "b", "in.tsv"},
			code: 1, msg: "b/in_key.tsv: file exists (use --force to replace it)", absent: []string{"b/in_swap.tsv", "b/changes.tsv", "b/manifest.json"}},
		{name: "build: the manifest appears meanwhile", feed: "in.tsv", appear: map[string]string{"b/manifest.json": "theirs\n"},
			args: []string{"build", "--kinds", "keyboard,swap", "--out", "b", "in.tsv"},
			code: 1, msg: "b/manifest.json: file exists (use --force to replace it)", absent: []string{"b/in_key.tsv", "b/in_swap.tsv", "b/changes.tsv"}},
		{name: "augment: the manifest appears meanwhile", feed: "in.tsv", appear: map[string]string{"aug.tsv.manifest.json": "theirs\n"},
			args: []string{"augment", "--in", "in.tsv", "-o", "aug.tsv"},
			code: 1, msg: "aug.tsv.manifest.json: file exists (use --force to replace it)", absent: []string{"aug.tsv", "aug.tsv.changes.tsv"}},
		{name: "compare --html: the page appears meanwhile", feed: "in.tsv", appear: map[string]string{"page.html": "theirs\n"},
			args:  []string{"compare", "--samples", "0", "--gold", "in.tsv", "--pred-file", "s=p.tsv", "--html", "page.html"},
			setup: map[string]string{"p.tsv": safetyCorpus},
			code:  1, msg: "page.html: file exists (use --force to replace it)"},
		{name: "curve --html: the page appears meanwhile", feed: "in.tsv", appear: map[string]string{"page.html": "theirs\n"},
			args: []string{"curve", "--samples", "0", "--test", "in.tsv", "--model-cmd", `awk '{print NF ? "O" : ""}'`, "--rates", "0.5", "--html", "page.html", "-q"},
			code: 1, msg: "page.html: file exists (use --force to replace it)"},

		// F26: an output that cannot be written fails before the work.
		{name: "train into a missing directory", setup: in,
			args: []string{"train", "--features", "words", "-o", "nodir/m.bin", "in.tsv"},
			code: 1, msg: "stress: open nodir/m.bin: no such file or directory\n", absent: []string{"nodir"}},

		// F17: the change log must hold the changes the manifest counts.
		{name: "compare a build whose change log lost a row", setup: edited,
			args: []string{"compare", "--samples", "0", "--build", "b", "--pred", "s=p"},
			code: 1, msg: "was the change log edited?"},

		// F14: standard input is read once; a build keeps a copy of it
		// (stdin.tsv), recorded as the input, so that compare, run and
		// build --from read it again.
		{name: "build from standard input keeps a copy", stdin: safetyCorpus,
			args: []string{"build", "--kinds", "keyboard", "--out", "b", "-"}, code: 0, check: readStdinBuild},
		{name: "run --test -", stdin: safetyCorpus,
			args: []string{"run", "-q", "--test", "-", "--baselines", "none", "--model-cmd", `awk '{print NF ? "O" : ""}'`, "--kinds", "keyboard", "--samples", "0", "--out", "r"}, code: 0},
		{name: "run --test a FIFO, as <(...) gives", feed: "in.tsv",
			args: []string{"run", "-q", "--test", "in.tsv", "--baselines", "none", "--model-cmd", `awk '{print NF ? "O" : ""}'`, "--kinds", "keyboard", "--samples", "0", "--out", "r"}, code: 0},
		{name: "run --test - --train -", stdin: safetyCorpus,
			args: []string{"run", "-q", "--test", "-", "--train", "-", "--out", "r"},
			code: 2, msg: "standard input (-) can be only one of the inputs", absent: []string{"r"}},
		{name: "build from standard input holding PubTator", stdin: cdr3PubTator(t),
			args: []string{"build", "--kinds", "keyboard", "--out", "b", "-"},
			code: 1, msg: "standard input holds pubtator, not CoNLL: give it as a file named for its format", absent: []string{"b"}},

		// F15: a run that fails leaves nothing (or the directory as it
		// was); every input is checked before any work.
		{name: "run: the model exits 3", setup: in,
			args: []string{"run", "-q", "--test", "in.tsv", "--baselines", "none", "--model-cmd", "exit 3", "--kinds", "keyboard", "--out", "r"},
			code: 1, msg: "exit status 3", absent: []string{"r"}},
		{name: "run into an empty directory: the model exits 3", setup: in, special: map[string]string{"r": specialDir},
			args: []string{"run", "-q", "--test", "in.tsv", "--baselines", "none", "--model-cmd", "exit 3", "--kinds", "keyboard", "--out", "r"},
			code: 1, msg: "exit status 3"},
		{name: "run: a second model exits 3 after the first tagged", setup: in,
			args: []string{"run", "-q", "--test", "in.tsv", "--baselines", "none", "--model-cmd", `awk '{print NF ? "O" : ""}'`, "--model-cmd", "exit 3", "--kinds", "keyboard", "--out", "r"},
			code: 1, msg: "exit status 3", absent: []string{"r"}},
		{name: "run: the report appears meanwhile", feed: "in.tsv", appear: map[string]string{"r/summary.md": "theirs\n"},
			args: []string{"run", "-q", "--test", "in.tsv", "--baselines", "none", "--model-cmd", `awk '{print NF ? "O" : ""}'`, "--kinds", "keyboard", "--samples", "0", "--out", "r"},
			code: 1, msg: "r/summary.md: file exists (use --force to replace it)"},
		{name: "curve --model m=missing.bin", setup: in,
			args: []string{"curve", "--test", "in.tsv", "--model", "m=missing.bin"},
			code: 1, msg: "stat missing.bin: no such file or directory"},
		{name: "run --train missing.tsv", setup: in,
			args: []string{"run", "-q", "--test", "in.tsv", "--train", "missing.tsv", "--kinds", "keyboard", "--out", "r"},
			code: 1, msg: "stat missing.tsv: no such file or directory", absent: []string{"r"}},

		// F07: an attack's set, log and manifest appear together or not
		// at all (the model makes the manifest while the attack works).
		{name: "attack: its manifest appears meanwhile", setup: in,
			args: []string{"attack", "--model-cmd", `test -e a.tsv.manifest.json || echo theirs > a.tsv.manifest.json; awk '{print NF ? "O" : ""}'`, "-o", "a.tsv", "--log", "a.log", "in.tsv"},
			code: 1, msg: "a.tsv.manifest.json: file exists (use --force to replace it)", absent: []string{"a.tsv", "a.log"}},
		// An attack's manifest records its input's SHA-256, read again:
		// an input read once (a FIFO, <(...)) gets no manifest, as "-".
		{name: "attack --log from a FIFO", feed: "in.tsv",
			args: []string{"attack", "--model-cmd", `awk '{print NF ? "O" : ""}'`, "-o", "a.tsv", "--log", "a.log", "in.tsv"},
			code: 0, msg: "stress: attack: no manifest written: a manifest needs an input file it can read again, not in.tsv", absent: []string{"a.tsv.manifest.json"}},
		// F07: a perturbed file and its log appear together or not at all.
		{name: "perturb --log /dev/full", setup: in,
			args: []string{"perturb", "--kind", "keyboard", "-o", "out.tsv", "--log", "/dev/full", "in.tsv"},
			code: 1, msg: "stress: write /dev/full: no space left on device\n", absent: []string{"out.tsv"}},
		{name: "augment: its change log a link to /dev/full", setup: in, special: map[string]string{"aug.tsv.changes.tsv": "link:/dev/full"},
			args: []string{"augment", "--in", "in.tsv", "-o", "aug.tsv"},
			code: 1, msg: "stress: write aug.tsv.changes.tsv: no space left on device\n", absent: []string{"aug.tsv", "aug.tsv.manifest.json"}},

		// F15: an output whose directory is missing fails before any work
		// (a build, training, an attack, scoring), not at the end.
		{name: "run --html into a missing directory", setup: in,
			args: []string{"run", "-q", "--test", "in.tsv", "--baselines", "none", "--model-cmd", "exit 3", "--kinds", "keyboard", "--out", "r", "--html", "nodir/x.html"},
			code: 1, msg: "stress: open nodir/x.html: no such file or directory\n", absent: []string{"r", "nodir"}},
		{name: "run --html below a file", setup: in,
			args: []string{"run", "-q", "--test", "in.tsv", "--baselines", "none", "--model-cmd", "exit 3", "--kinds", "keyboard", "--out", "r", "--html", "in.tsv/x.html"},
			code: 1, msg: "stress: open in.tsv/x.html: not a directory\n", absent: []string{"r"}},
		{name: "attack --random into a missing directory", setup: in,
			args: []string{"attack", "--model-cmd", "exit 3", "-o", "a.tsv", "--random", "nodir/r.tsv", "in.tsv"},
			code: 1, msg: "stress: open nodir/r.tsv: no such file or directory\n", absent: []string{"a.tsv", "nodir"}},
		{name: "compare --html into a missing directory", setup: in,
			args: []string{"compare", "--gold", "in.tsv", "--pred-file", "s=in.tsv", "--html", "nodir/x.html"},
			code: 1, msg: "stress: open nodir/x.html: no such file or directory\n", absent: []string{"nodir"}},
		{name: "curve --html into a missing directory", setup: in,
			args: []string{"curve", "--test", "in.tsv", "--model-cmd", "exit 3", "--html", "nodir/x.html"},
			code: 1, msg: "stress: open nodir/x.html: no such file or directory\n", absent: []string{"nodir"}},
		{name: "build --out in a missing directory, made", setup: in,
			args: []string{"build", "--kinds", "keyboard", "--out", "nodir/b", "in.tsv"}, code: 0},
	}
}

// keyboardBuild builds in.tsv (safetyCorpus) with the keyboard kind
// into b and returns the files: in.tsv, b/* and p/*, predictions equal
// to the gold sets.
func keyboardBuild(t *testing.T) map[string]string {
	t.Helper()
	dir := t.TempDir()
	in := filepath.Join(dir, "in.tsv")
	if err := os.WriteFile(in, []byte(safetyCorpus), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, stderr, err := runCLI(t, "", "build", "--kinds", "keyboard", "--out", filepath.Join(dir, "b"), in); err != nil {
		t.Fatalf("build: %v (%s)", err, stderr)
	}
	files := map[string]string{"in.tsv": safetyCorpus, "p/in.tsv": safetyCorpus}
	for _, name := range []string{"changes.tsv", "manifest.json", "in_key.tsv"} {
		b, err := os.ReadFile(filepath.Join(dir, "b", name))
		if err != nil {
			t.Fatal(err)
		}
		files["b/"+name] = string(b)
	}
	files["p/in_key.tsv"] = files["b/in_key.tsv"]
	return files
}

// readStdinBuild checks that a build from standard input, in b, is read
// again: compared (its sets as predictions) and regenerated in place.
func readStdinBuild(t *testing.T) {
	t.Helper()
	if out, stderr, err := runCLI(t, "", "compare", "--samples", "0", "--build", "b", "--pred", "s=b"); err != nil || !strings.Contains(out, "100.00") {
		t.Errorf("compare --build b: %v (%s)\n%s", err, stderr, out)
	}
	if _, stderr, err := runCLI(t, "", "build", "--from", "b/manifest.json"); err != nil {
		t.Errorf("build --from: %v (%s)", err, stderr)
	}
}
