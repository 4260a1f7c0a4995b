package jsonenc

import (
	"bytes"
	"fmt"
	"testing"
)

func TestMarshal(t *testing.T) {
	tests := []struct {
		v    any
		want string
	}{
		{map[string]any{"b": 1, "a": "x<y>&z"}, "{\n  \"a\": \"x<y>&z\",\n  \"b\": 1\n}\n"},
		{[]int{}, "[]\n"},
		{struct {
			N int `json:"n"`
		}{3}, "{\n  \"n\": 3\n}\n"},
	}
	for _, tt := range tests {
		got, err := Marshal(tt.v)
		if err != nil {
			t.Fatal(err)
		}
		if string(got) != tt.want {
			t.Errorf("Marshal(%v) = %q, want %q", tt.v, got, tt.want)
		}
		var buf bytes.Buffer
		if err := Encode(&buf, tt.v); err != nil || buf.String() != tt.want {
			t.Errorf("Encode(%v) = %q, %v; want %q", tt.v, buf.String(), err, tt.want)
		}
	}
	if _, err := Marshal(func() {}); err == nil {
		t.Error("Marshal of a func succeeded")
	}
}

func ExampleMarshal() {
	b, _ := Marshal(map[string]string{"tag": "B-<Chemical>"})
	fmt.Print(string(b))
	// Output:
	// {
	//   "tag": "B-<Chemical>"
	// }
}
