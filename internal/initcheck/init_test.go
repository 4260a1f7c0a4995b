// Package initcheck holds the test that the stress binary does no work
// at package initialisation; it is a package of its own so that
// building the binary runs beside the other packages' tests.
package initcheck

import (
	"bufio"
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"testing"
)

// initBudget bounds what the stress binary allocates before main: no
// work at package initialisation beyond constants. Everything embedded
// (the word list, the curated pairs, the concept store) is decoded on
// first use, once.
const (
	initBudget = 1_000_000 // bytes, all packages together
	// ownInitBudget bounds each package of this module: a map literal
	// or two, never a decoded file, a compiled pattern or a template.
	ownInitBudget = 64 << 10
)

// TestInitAllocations builds the stress binary (the test binary's own
// initialisation would count the test files' variables) and runs
// `stress version` with GODEBUG=inittrace=1: the runtime prints, per
// package, what its initialisation allocated.
func TestInitAllocations(t *testing.T) {
	if testing.Short() {
		t.Skip("-short: builds the binary")
	}
	if _, err := exec.LookPath("go"); err != nil {
		t.Skip("no go command to build the binary")
	}
	bin := filepath.Join(t.TempDir(), "stress")
	build := exec.Command("go", "build", "-o", bin, "../../cmd/stress")
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	cmd := exec.Command(bin, "version")
	cmd.Env = append(os.Environ(), "GODEBUG=inittrace=1")
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	if err := cmd.Run(); err != nil {
		t.Fatalf("stress version: %v\n%s", err, stderr.String())
	}
	inits, err := parseInitTrace(stderr.String())
	if err != nil {
		t.Fatal(err)
	}
	if len(inits) < 50 {
		t.Fatalf("inittrace listed %d packages, want the whole binary's:\n%s", len(inits), stderr.String())
	}
	total := 0
	for _, p := range inits {
		total += p.bytes
		if (p.pkg == "main" || strings.HasPrefix(p.pkg, "github.com/stress-ner/stress/")) && p.bytes > ownInitBudget {
			t.Errorf("package %s allocates %d bytes at initialisation, want at most %d: decode on first use (sync.OnceValue, textutil.LazyRegexp)",
				p.pkg, p.bytes, ownInitBudget)
		}
	}
	sort.Slice(inits, func(i, j int) bool { return inits[i].bytes > inits[j].bytes })
	var top strings.Builder
	for _, p := range inits[:min(8, len(inits))] {
		top.WriteString("\n  " + p.pkg + " " + strconv.Itoa(p.bytes))
	}
	t.Logf("initialisation allocates %d bytes in %d packages; the most:%s", total, len(inits), top.String())
	if total > initBudget {
		t.Errorf("initialisation allocates %d bytes, want at most %d; the most:%s", total, initBudget, top.String())
	}
}

// heavyImports are packages whose initialisation (theirs and their
// imports': net/http brings crypto/tls and some 70 packages;
// html/template compiles two case-insensitive patterns) every command
// would pay before reading its first byte, for nothing it does.
// github.com/schollz/progressbar v3.18 and later import net/http for an
// optional server; internal/progress draws its own bar, and review
// fills its page without a template engine (issue 34).
// golang.org/x/text/cases brings x/text/language, whose tables every
// command would build at start-up (some 30 page faults): umls folds case
// through a table generated from it (fold_table.go).
var heavyImports = []string{"net/http", "crypto/tls", "html/template", "golang.org/x/text/cases", "golang.org/x/text/language"}

// TestNoHeavyImports lists the stress binary's packages: none of
// heavyImports is among them.
func TestNoHeavyImports(t *testing.T) {
	if testing.Short() {
		t.Skip("-short: lists the binary's packages")
	}
	if _, err := exec.LookPath("go"); err != nil {
		t.Skip("no go command to list the binary's packages")
	}
	out, err := exec.Command("go", "list", "-deps", "../../cmd/stress").Output()
	if err != nil {
		t.Fatalf("go list: %v", err)
	}
	deps := map[string]bool{}
	for _, p := range strings.Fields(string(out)) {
		deps[p] = true
	}
	if !deps["github.com/stress-ner/stress/cmd/stress"] {
		t.Fatalf("go list -deps listed %d packages, not the binary's:\n%s", len(deps), out)
	}
	for _, p := range heavyImports {
		if deps[p] {
			t.Errorf("the stress binary imports %s: every command initialises it at start-up (go mod why -m, go list -deps)", p)
		}
	}
}

type pkgInit struct {
	pkg   string
	bytes int
}

// parseInitTrace reads the runtime's inittrace lines:
// "init PKG @0.5 ms, 0.1 ms clock, 1024 bytes, 12 allocs".
func parseInitTrace(s string) ([]pkgInit, error) {
	var out []pkgInit
	sc := bufio.NewScanner(strings.NewReader(s))
	for sc.Scan() {
		f := strings.Fields(sc.Text())
		if len(f) < 9 || f[0] != "init" || !strings.HasPrefix(f[8], "bytes") {
			continue
		}
		n, err := strconv.Atoi(f[7])
		if err != nil {
			return nil, err
		}
		out = append(out, pkgInit{f[1], n})
	}
	return out, sc.Err()
}
