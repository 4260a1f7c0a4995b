package experiment

import "testing"

func TestParseModel(t *testing.T) {
	for _, tt := range []struct {
		in   string
		want Model
		err  string
	}{
		{"sys=dir/x", Model{Name: "sys", File: "dir/x"}, ""},
		{"a=b=c", Model{Name: "a", File: "b=c"}, ""},
		{"sys", Model{}, "want NAME=FILE"},
		{"=dir", Model{}, "want NAME=FILE"},
		{"sys=", Model{}, "want NAME=FILE"},
	} {
		got, err := ParseModel(tt.in)
		if tt.err != "" {
			if err == nil || err.Error() != tt.err {
				t.Errorf("%q: error %v, want %q", tt.in, err, tt.err)
			}
			continue
		}
		if err != nil || got != tt.want {
			t.Errorf("%q = %+v, %v; want %+v", tt.in, got, err, tt.want)
		}
	}
}
