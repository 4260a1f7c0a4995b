package stressset

import (
	"errors"
	"testing"
)

func TestInputError(t *testing.T) {
	for _, tt := range []struct {
		err  InputError
		want string
	}{
		{InputError{Dir: "out", Inputs: []string{"a", "b"}}, "bad input: build out has several inputs (a, b)"},
		{InputError{Dir: "out", Name: "c", Inputs: []string{"a", "b"}}, `bad input: build out has no input "c" (it has a, b)`},
	} {
		if got := tt.err.Error(); got != tt.want {
			t.Errorf("%+v: %q, want %q", tt.err, got, tt.want)
		}
		if !errors.Is(&tt.err, ErrInput) {
			t.Errorf("%+v is not ErrInput", tt.err)
		}
	}
}
