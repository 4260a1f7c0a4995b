package layers

import (
	"bufio"
	"bytes"
	"encoding/json"
	"os/exec"
	"slices"
	"strings"
	"testing"
)

const module = "github.com/stress-ner/stress"

// pkg is what "go list -json" says of a package that matters here: the
// imports of its files, of its tests and of its external tests.
type pkg struct {
	ImportPath   string
	Imports      []string
	TestImports  []string
	XTestImports []string
}

// listPackages runs "go list -json" over the module.
func listPackages(t *testing.T) []pkg {
	t.Helper()
	cmd := exec.Command("go", "list", "-json", module+"/...")
	cmd.Dir = "../.."
	out, err := cmd.Output()
	if err != nil {
		if ee, ok := err.(*exec.ExitError); ok {
			t.Fatalf("go list: %v\n%s", err, ee.Stderr)
		}
		t.Skipf("go list not available: %v", err)
	}
	var pkgs []pkg
	dec := json.NewDecoder(bufio.NewReader(bytes.NewReader(out)))
	for dec.More() {
		var p pkg
		if err := dec.Decode(&p); err != nil {
			t.Fatal(err)
		}
		pkgs = append(pkgs, p)
	}
	return pkgs
}

func rel(path string) (string, bool) {
	if path == module {
		return "", true
	}
	r, ok := strings.CutPrefix(path, module+"/")
	return r, ok
}

// TestImportsRunOneWay fails on an import of a package of a higher layer
// (by a package or by its tests) and on a package the table does not
// place.
func TestImportsRunOneWay(t *testing.T) {
	pkgs := listPackages(t)
	if len(pkgs) < 10 {
		t.Fatalf("go list found %d packages", len(pkgs))
	}
	seen := map[string]bool{}
	for _, p := range pkgs {
		from, _ := rel(p.ImportPath)
		for tree := range trees {
			if from == tree || strings.HasPrefix(from, tree+"/") {
				seen[tree] = true
			}
		}
		lf, ok := layerOf(from)
		if !ok {
			t.Errorf("%s is in no layer: add its tree to the trees of internal/layers", from)
			continue
		}
		// A test is code of its package's layer: a test that needs a
		// higher layer belongs to that layer's tests.
		for _, imp := range slices.Concat(p.Imports, p.TestImports, p.XTestImports) {
			to, ok := rel(imp)
			if !ok {
				continue // the standard library or a dependency
			}
			lt, ok := layerOf(to)
			if !ok {
				continue // reported as a package of its own
			}
			if lt > lf {
				t.Errorf("%s (layer %d) imports %s (layer %d): imports must not go up", from, lf, to, lt)
			}
		}
	}
	for tree := range trees {
		if !seen[tree] {
			t.Errorf("the trees of internal/layers names %s, which holds no package", tree)
		}
	}
}

// TestLayersCatchUpward checks the check: the table itself says that
// the lowest packages may not import the highest.
func TestLayersCatchUpward(t *testing.T) {
	layer := func(p string) int {
		l, ok := layerOf(p)
		if !ok {
			t.Fatalf("%s has no layer", p)
		}
		return l
	}
	order := []string{"iob", "conll/pubtator", "perturb/keyboard", "stressset", "compare", "experiment", "cmd/stress"}
	for i := 1; i < len(order); i++ {
		if layer(order[i-1]) >= layer(order[i]) {
			t.Errorf("%s (layer %d) is not below %s (layer %d)", order[i-1], layer(order[i-1]), order[i], layer(order[i]))
		}
	}
	for _, tc := range []struct {
		path string
		want int
	}{{"internal/layout", corpora}, {"internal/cli", base}, {"perturb/newkind", perturb}, {"conll/newformat", corpora}, {"cmd/stress", command}} {
		if got, _ := layerOf(tc.path); got != tc.want {
			t.Errorf("layerOf(%s) = %d, want %d", tc.path, got, tc.want)
		}
	}
	if _, ok := layerOf("elsewhere"); ok {
		t.Error("a package outside every tree has a layer")
	}
	if _, ok := layerOf("iobx"); ok {
		t.Error("a tree's name is a prefix of another package's name")
	}
}
