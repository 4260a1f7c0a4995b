package kinds

import "testing"

// newKinds are the kinds beyond the paper's, and a composition.
var newKinds = []string{"spelling", "case", "ocr", "insert", "delete", "entity-swap", "keyboard+case"}

// TestBuiltinRegistered checks that every kind of the module is found by
// name without a blank import, and under its own name.
func TestBuiltinRegistered(t *testing.T) {
	all := map[string]bool{}
	for _, k := range All() {
		all[k.Name] = true
	}
	for _, k := range Builtin() {
		got, err := Lookup(k.Name)
		if err != nil || got != k {
			t.Errorf("Lookup(%q) = %v, %v; want the package's Kind", k.Name, got, err)
		}
		if !all[k.Name] {
			t.Errorf("All lacks %s", k.Name)
		}
	}
	if len(Builtin()) < 3 {
		t.Errorf("only %d built-in kinds", len(Builtin()))
	}
}
