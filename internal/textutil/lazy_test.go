package textutil

import (
	"maps"
	"reflect"
	"testing"
)

func TestLazyWords(t *testing.T) {
	for _, tc := range []struct {
		list string
		want map[string]bool
	}{
		{"", map[string]bool{}},
		{"a", map[string]bool{"a": true}},
		{" and or\t, nor\nand ", map[string]bool{"and": true, "or": true, ",": true, "nor": true}},
	} {
		set := LazyWords(tc.list)
		got := set()
		if !maps.Equal(got, tc.want) {
			t.Errorf("LazyWords(%q)() = %v, want %v", tc.list, got, tc.want)
		}
		if reflect.ValueOf(set()).UnsafePointer() != reflect.ValueOf(got).UnsafePointer() {
			t.Errorf("LazyWords(%q): a second call built another set", tc.list)
		}
	}
}

func TestLazyRegexpOnce(t *testing.T) {
	re := LazyRegexp(`^[0-9]+$`)
	if re() != re() || !re().MatchString("1460") || re().MatchString("p53") {
		t.Error("LazyRegexp: want one compiled pattern matching counts")
	}
}
