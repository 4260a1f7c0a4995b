package review

import (
	"errors"
	"fmt"
	"slices"
	"strings"
	"testing"
)

// TestExcludeShown: a sample drawn with an earlier sample's items left
// out (its items.tsv read by readShown) shows none of them again, draws
// from the rest, and records how many it left out.
func TestExcludeShown(t *testing.T) {
	first := drawFixture(t, Options{N: 10, Seed: 1})
	var items strings.Builder
	if err := first.WriteItems(&items); err != nil {
		t.Fatal(err)
	}
	shown, err := readShown(strings.NewReader(items.String()), "items.tsv")
	if err != nil {
		t.Fatal(err)
	}
	if len(shown) != len(first.Items) {
		t.Fatalf("readShown: %d sentences, want %d", len(shown), len(first.Items))
	}
	all := drawFixture(t, Options{N: 1000, Seed: 2})
	// Every change at a place shown, of any kind (the fixture's K and W
	// change the same spans).
	at := 0
	for _, it := range all.Items {
		if slices.Contains(shown, it.Original.Text(markOpen, markClose)) {
			at++
		}
	}
	second := drawFixture(t, Options{N: 1000, Seed: 2, Exclude: shown})
	if at < len(shown) || second.Excluded != at || second.Changes != all.Changes-at || len(second.Items) != second.Changes {
		t.Errorf("excluded %d, changes %d, items %d; want %d, %d, %d", second.Excluded, second.Changes, len(second.Items),
			at, all.Changes-at, all.Changes-at)
	}
	for _, it := range second.Items {
		if slices.Contains(shown, it.Original.Text(markOpen, markClose)) {
			t.Errorf("item %s shown again: %s", it.ID, it.Original.Text(markOpen, markClose))
		}
	}
	if m := sampleFiles(t, second)[manifestName]; !strings.Contains(string(m), fmt.Sprintf(`"excluded": %d,`, at)) {
		t.Errorf("sample.json does not record the excluded changes:\n%s", m)
	}
	if m := sampleFiles(t, all)[manifestName]; strings.Contains(string(m), `"excluded"`) {
		t.Errorf("sample.json records excluded changes when none were:\n%s", m)
	}
}

func TestReadShownErrors(t *testing.T) {
	for _, tt := range []struct{ in, want string }{
		{"", "x.tsv:1: bad items file: no header row"},
		{"item\tlabel\n", "x.tsv:1: bad items file: header"},
		{"item\toriginal\n# a note\n\nx-1\ta b\n", "x.tsv:4: bad items file: no marked original sentence in column 2"},
		{"item\toriginal\nx-1\n", "x.tsv:2: bad items file: no marked original sentence"},
	} {
		_, err := readShown(strings.NewReader(tt.in), "x.tsv")
		var pe *ParseError
		if !errors.As(err, &pe) || !errors.Is(err, ErrShown) || !strings.HasPrefix(err.Error(), tt.want) {
			t.Errorf("readShown(%q) = %v, want %q...", tt.in, err, tt.want)
		}
	}
	got, err := readShown(strings.NewReader("\ufeff\"item\"\t\"original\"\r\nx-1\t\"a ⟦b⟧ \"\"c\"\"\"\r\n"), "x.tsv")
	if err != nil || !slices.Equal(got, []string{`a ⟦b⟧ "c"`}) {
		t.Errorf("spreadsheet copy: %q, %v", got, err)
	}
}
