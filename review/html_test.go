package review

import (
	"encoding/json"
	"html/template"
	"strings"
	"testing"
)

// TestFillPageAsTemplate fills the page as WriteHTML does and as
// html/template, which filled it before, does, for ids that need
// escaping and data that holds markup: the same bytes.
func TestFillPageAsTemplate(t *testing.T) {
	tmpl := template.Must(template.New("page").Parse(pageText))
	data, err := json.Marshal(map[string]any{"id": "x", "o": []string{"</script>", "<!--", "a&b", "\u2028"}})
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		id string
		n  int
	}{
		{"b8bd720f", 16},
		{"", 0},
		{`<script>alert("x'y")</script> & a+b`, 3},
		{"nul\x00 é \xff\xfe \ufdd0 \uffff", 1234567},
	} {
		var want strings.Builder
		if err := tmpl.Execute(&want, struct {
			ID   string
			N    int
			Data template.JS
		}{tc.id, tc.n, template.JS(data)}); err != nil {
			t.Fatal(err)
		}
		if got := fillPage(tc.id, tc.n, data); got != want.String() {
			t.Errorf("id %q, n %d: fillPage differs from html/template:\n got %q\nwant %q", tc.id, tc.n, got, want.String())
		}
	}
	for _, field := range []string{fieldID, fieldN, fieldData} {
		if !strings.Contains(pageText, field) {
			t.Errorf("the page has no field %s", field)
		}
	}
	if n := strings.Count(pageText, "{{"); n != 4 {
		t.Errorf("the page has %d fields, want 4 (the id twice, the count, the data)", n)
	}
}
