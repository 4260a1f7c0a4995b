package synonym

import (
	"bufio"
	"errors"
	"os"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// The bar a stratum's blind readings must reach for the default policy
// to admit it (the issue's: 90% natural), on at least minEvidence items
// the rules still make.
const (
	barNatural  = 90.0
	minEvidence = 20
)

// evidenceRow is one line of evidence.tsv (internal/mkevidence).
type evidenceRow struct {
	items, natural int
	rate           float64
}

func readEvidence(t *testing.T) map[string]evidenceRow {
	t.Helper()
	f, err := os.Open("evidence.tsv")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	out := map[string]evidenceRow{}
	sc := bufio.NewScanner(f)
	for n := 1; sc.Scan(); n++ {
		x := strings.Split(sc.Text(), "\t")
		if n == 1 {
			if x[0] != "stratum" || x[1] != "items" || x[2] != "natural" || x[3] != "rate" {
				t.Fatalf("evidence.tsv: header %q", sc.Text())
			}
			continue
		}
		items, err1 := strconv.Atoi(x[1])
		nat, err2 := strconv.Atoi(x[2])
		if err := errors.Join(err1, err2); err != nil {
			t.Fatalf("evidence.tsv:%d: %v", n, err)
		}
		r := evidenceRow{items: items, natural: nat}
		if items > 0 {
			r.rate = 100 * float64(nat) / float64(items)
		}
		out[x[0]] = r
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return out
}

// TestPolicyEvidence holds the default policy to its evidence: a stratum
// it admits has readings of at least minEvidence items, at least
// barNatural% of them natural, or its line says why it is kept; every
// stratum the readings measured has a line, so that none is admitted or
// refused by omission.
func TestPolicyEvidence(t *testing.T) {
	ev := readEvidence(t)
	pol := DefaultPolicy()
	if len(pol) == 0 {
		t.Fatal("no default policy")
	}
	lines := map[string]PolicyLine{}
	for _, l := range pol {
		lines[l.Stratum] = l
		e := ev[l.Stratum]
		switch {
		case l.Kept:
			t.Logf("kept: %s (%d of %d natural): %s", l.Stratum, e.natural, e.items, l.Reason)
		case l.Admit && (e.items < minEvidence || e.rate < barNatural):
			t.Errorf("policy.tsv:%d admits %q on %d of %d natural (%.1f%%): the bar is %.0f%% of at least %d items, or a line that keeps it with its reason",
				l.Line, l.Stratum, e.natural, e.items, e.rate, barNatural, minEvidence)
		}
	}
	for s, e := range ev {
		if _, ok := lines[s]; !ok && e.items > 0 {
			t.Errorf("stratum %q was read (%d of %d natural) but policy.tsv has no line for it", s, e.natural, e.items)
		}
	}
	var admitted []string
	for _, l := range pol {
		if l.Admit {
			admitted = append(admitted, l.Stratum)
		}
	}
	if got := defaultStrata(); !slices.Equal(got, admitted) {
		t.Errorf("DefaultStrata() = %q, want the admitted lines %q", got, admitted)
	}
	if got := DefaultOptions().Strata; !slices.Equal(got, admitted) {
		t.Errorf("DefaultOptions().Strata = %q, want %q", got, admitted)
	}
}

func TestParsePolicy(t *testing.T) {
	good := "# comment\n\ncurated pair\tadmit\tread natural\nMESH entry\trefuse\tobsolete names\nelement name\tkeep\tfew items, none unnatural\n"
	ls, err := parsePolicy(good)
	if err != nil {
		t.Fatal(err)
	}
	if len(ls) != 3 || !ls[0].Admit || ls[0].Kept || ls[1].Admit || !ls[2].Admit || !ls[2].Kept || ls[0].Line != 3 || ls[1].Reason != "obsolete names" {
		t.Errorf("ParsePolicy = %+v", ls)
	}
	for _, bad := range []string{
		"curated pair\tadmit\n",                 // no reason field
		"curated pair\tmaybe\twhy\n",            // unknown decision
		"curated pair\tadmit\t \n",              // empty reason
		"\tadmit\twhy\n",                        // empty stratum
		"a\tadmit\twhy\na\trefuse\twhy again\n", // twice
		"a\tadmit\twhy\tand more\n",             // four fields
	} {
		if _, err := parsePolicy(bad); err == nil {
			t.Errorf("ParsePolicy(%q) accepted", bad)
		}
	}
}

func TestStratum(t *testing.T) {
	for _, tt := range []struct{ source, termType, want string }{
		{sourceElements, termElementName, stratumElement},
		{sourceCurated, "INN/BAN", stratumCurated},
		{sourceCurated, "clinical", stratumCurated},
		{sourceOrgan, termOrgan, stratumOrgan},
		{sourceNotation, termIonName, stratumIon},
		{sourceNotation, termFormulaName, stratumFormula},
		{"MESH", "entry" + termAttested, "MESH entry attested"},
		{"MESH", "entry" + termInText, "MESH entry in text"},
		{"MESH", "entry", "MESH entry"},
		{"CDR", "mention" + termAttested, "CDR mention attested"},
		{"SNOMEDCT_US", "PT", "SNOMEDCT_US PT"},
	} {
		if got := Stratum(tt.source, tt.termType); got != tt.want {
			t.Errorf("Stratum(%q, %q) = %q, want %q", tt.source, tt.termType, got, tt.want)
		}
	}
}

func TestParseStrata(t *testing.T) {
	def := defaultStrata()
	for _, tt := range []struct {
		in    string
		want  []string
		admit map[string]bool // strata the parsed set admits, or not
	}{
		{"", def, nil},
		{"all", nil, map[string]bool{"MESH entry": true, "anything": true}},
		{"curated pair", []string{"curated pair"}, map[string]bool{"curated pair": true, "MESH entry": false}},
		{"* attested,organ rule", []string{"* attested", "organ rule"},
			map[string]bool{"MESH entry attested": true, "CDR mention attested": true, "MESH entry": false, "organ rule": true}},
		{"default,MESH entry", slices.Sorted(slices.Values(append(slices.Clone(def), "MESH entry"))), map[string]bool{"MESH entry": true}},
	} {
		got, err := parseStrata(tt.in)
		if err != nil {
			t.Errorf("ParseStrata(%q): %v", tt.in, err)
			continue
		}
		if tt.in != "" && !slices.Equal(got, tt.want) || tt.in == "" && !slices.Equal(got, def) {
			t.Errorf("ParseStrata(%q) = %q, want %q", tt.in, got, tt.want)
		}
		set := newStrataSet(got)
		for s, want := range tt.admit {
			if set.admits(s) != want {
				t.Errorf("ParseStrata(%q) admits %q: %v, want %v", tt.in, s, !want, want)
			}
		}
	}
	for _, bad := range []string{"all,curated pair", ",", "[", "default,[x"} {
		if _, err := parseStrata(bad); !errors.Is(err, ErrOption) {
			t.Errorf("ParseStrata(%q) = %v, want ErrOption", bad, err)
		}
	}
}

// TestDefaultPolicyRefusesUnread checks that the strata no reading
// measured (a UMLS release's) are not admitted by default, and that
// --strata all admits them.
func TestDefaultPolicyRefusesUnread(t *testing.T) {
	set := newStrataSet(defaultStrata())
	for _, s := range []string{"SNOMEDCT_US PT", "MSH ET", "MESH entry", "CHEBI synonym", "DOID label"} {
		if set.admits(s) {
			t.Errorf("the default policy admits %q", s)
		}
	}
	all, err := parseStrata("all")
	if err != nil || !newStrataSet(all).admits("SNOMEDCT_US PT") {
		t.Errorf("--strata all does not admit a UMLS stratum (%v)", err)
	}
}
