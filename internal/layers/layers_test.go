package layers

import (
	"bufio"
	"bytes"
	"encoding/json"
	"os/exec"
	"strings"
	"testing"
)

const module = "github.com/stress-ner/stress"

// pkg is what "go list -json" says of a package that matters here.
type pkg struct {
	ImportPath string
	Imports    []string
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
// and on a package the table does not place.
func TestImportsRunOneWay(t *testing.T) {
	pkgs := listPackages(t)
	if len(pkgs) < 10 {
		t.Fatalf("go list found %d packages", len(pkgs))
	}
	seen := map[string]bool{}
	for _, p := range pkgs {
		from, _ := rel(p.ImportPath)
		seen[from] = true
		lf, ok := Of[from]
		if !ok {
			t.Errorf("%s is in no layer: add it to layers.Of", from)
			continue
		}
		for _, imp := range p.Imports {
			to, ok := rel(imp)
			if !ok {
				continue // the standard library or a dependency
			}
			lt, ok := Of[to]
			if !ok {
				continue // reported as a package of its own
			}
			if lt > lf {
				t.Errorf("%s (layer %d) imports %s (layer %d): imports must not go up", from, lf, to, lt)
			}
		}
	}
	for p := range Of {
		if !seen[p] {
			t.Errorf("layers.Of names %s, which does not exist", p)
		}
	}
}

// TestLayersCatchUpward checks the check: the table itself says that
// the lowest packages may not import the highest.
func TestLayersCatchUpward(t *testing.T) {
	if Of["iob"] >= Of["cmd/stress"] || Of["conll"] >= Of["perturb"] || Of["perturb"] >= Of["stressset"] ||
		Of["stressset"] >= Of["compare"] || Of["compare"] >= Of["experiment"] {
		t.Fatalf("layer order broken: %v", Of)
	}
}
