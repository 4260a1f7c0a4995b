package kinds

import (
	"strings"
	"testing"
)

func TestResolve(t *testing.T) {
	ks, err := Resolve([]string{"keyboard", "swap+case"}, map[string]map[string]string{
		"keyboard": {"layout": "azerty"}, "swap": {"keep-first": "true"}})
	if err != nil {
		t.Fatal(err)
	}
	if len(ks) != 2 || ks[0].Name != "keyboard" || ks[0].Options["layout"] != "azerty" {
		t.Fatalf("keyboard: %+v", ks)
	}
	// A composition takes its parts' options, defaults for the others.
	if ks[1].Options["keep-first"] != "true" || ks[1].Options["keep-last"] != "false" {
		t.Errorf("composition options %v", ks[1].Options)
	}
	for _, tt := range []struct {
		names []string
		want  string
	}{
		{nil, "no kinds given"},
		{[]string{"keyboard", "keyboard"}, `kind "keyboard" given twice`},
		{[]string{"nope"}, "nope"},
	} {
		if _, err := Resolve(tt.names, nil); err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("Resolve(%q): %v, want %q", tt.names, err, tt.want)
		}
	}
	if !strings.Contains(Help(), "keyboard (") || Names()[0] == "" {
		t.Errorf("Help %q, Names %v", Help(), Names())
	}
}
