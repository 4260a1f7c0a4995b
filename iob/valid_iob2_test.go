package iob

import "testing"

// TestValidIOB2 compares validIOB2 with Validate on every sequence of up
// to four tags drawn from tags that exercise each rule.
func TestValidIOB2(t *testing.T) {
	alphabet := []string{"O", "B-A", "I-A", "B-B", "I-B", "E-A", "S-A", "X-A", "B-", "I", "", "o", "I-AB"}
	var seq []string
	var walk func(n int)
	walk = func(n int) {
		if got, want := validIOB2(seq), len(Validate(seq, IOB2)) == 0; got != want {
			t.Errorf("validIOB2(%q) = %v, Validate finds %v", seq, got, Validate(seq, IOB2))
		}
		if n == 0 {
			return
		}
		for _, tag := range alphabet {
			seq = append(seq, tag)
			walk(n - 1)
			seq = seq[:len(seq)-1]
		}
	}
	walk(4)
}

func FuzzValidIOB2(f *testing.F) {
	f.Add("O B-A I-A I-B")
	f.Fuzz(func(t *testing.T, s string) {
		var tags []string
		start := 0
		for i := 0; i <= len(s); i++ {
			if i == len(s) || s[i] == ' ' {
				tags = append(tags, s[start:i])
				start = i + 1
			}
		}
		if got, want := validIOB2(tags), len(Validate(tags, IOB2)) == 0; got != want {
			t.Errorf("validIOB2(%q) = %v, Validate %v", tags, got, want)
		}
	})
}
