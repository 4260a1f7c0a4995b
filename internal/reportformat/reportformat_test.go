package reportformat

import "testing"

func TestParse(t *testing.T) {
	for in, want := range map[string]Format{"text": Text, "TXT": Text, "table": Text, "markdown": Markdown, "md": Markdown, "JSON": JSON, "csv": CSV} {
		if got, err := Parse(in); err != nil || got != want {
			t.Errorf("Parse(%q) = %v, %v; want %v", in, got, err, want)
		}
	}
	if _, err := Parse("yaml"); err == nil || err.Error() != `unknown format "yaml" (want text, markdown, json or csv)` {
		t.Errorf("Parse(yaml) error = %v", err)
	}
}
