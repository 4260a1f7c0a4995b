package umls

import (
	"bytes"
	"compress/gzip"
	"errors"
	"fmt"
	"os"
	"strings"
	"testing"
)

// pubDoc builds a PubTator document whose annotations are found in the
// text by string (the first occurrence at or after the previous one).
func pubDoc(pmid, title, abstract string, anns ...[3]string) string {
	var b strings.Builder
	fmt.Fprintf(&b, "%s|t|%s\n%s|a|%s\n", pmid, title, pmid, abstract)
	text := title + " " + abstract
	from := 0
	for _, a := range anns {
		i := strings.Index(text[from:], a[0])
		if i < 0 {
			panic("annotation not in text: " + a[0])
		}
		i += from
		fmt.Fprintf(&b, "%s\t%d\t%d\t%s\t%s\t%s\n", pmid, i, i+len(a[0]), a[0], a[1], a[2])
		from = i + 1
	}
	b.WriteString(pmid + "\tCID\tD000001\tD000002\n\n")
	return b.String()
}

func TestReadPubTator(t *testing.T) {
	in := pubDoc("1", "Naloxone reverses clonidine.", "In hypertensive rats, clonidine was given. Naloxone too.",
		[3]string{"Naloxone", "Chemical", "D009270"}, [3]string{"clonidine", "Chemical", "D003000"},
		[3]string{"hypertensive", "Disease", "D006973"}, [3]string{"clonidine", "Chemical", "D003000"},
		[3]string{"Naloxone", "Chemical", "D009270"}) +
		"2|t|Renal and hepatic injury.\n2|a|x\n2\t0\t24\tRenal and hepatic injury\tDisease\tD007674|D056486\trenal injury|hepatic injury\n"
	ms, err := ReadPubTator(strings.NewReader(in), "x.txt")
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, m := range ms {
		got = append(got, fmt.Sprintf("%s %d-%d %q %s %s initial=%v composite=%v", m.Doc, m.Start, m.End, m.Text, m.Type, m.ID, m.Initial, m.Composite))
	}
	want := []string{
		`1 0-8 "Naloxone" Chemical D009270 initial=true composite=false`,
		`1 18-27 "clonidine" Chemical D003000 initial=false composite=false`,
		`1 32-44 "hypertensive" Disease D006973 initial=false composite=false`,
		`1 51-60 "clonidine" Chemical D003000 initial=false composite=false`,
		`1 72-80 "Naloxone" Chemical D009270 initial=true composite=false`,
		`2 0-24 "Renal and hepatic injury" Disease D007674|D056486 initial=true composite=true`,
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("got\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

func TestReadPubTatorErrors(t *testing.T) {
	head := "7|t|Aspirin kills.\n7|a|Pain.\n"
	for _, tc := range []struct {
		name, in, want string
		err            error
	}{
		{"kind", "7|x|title\n", "f.txt:1: syntax error", ErrSyntax},
		{"fields", head + "7\t0\t7\tAspirin\tChemical\n", "f.txt:3: wrong number of fields", ErrFieldCount},
		{"offsets", head + "7\t9\t2\tAspirin\tChemical\tD001241\n", "f.txt:3: syntax error: bad offsets", ErrSyntax},
		{"not number", head + "7\tx\t7\tAspirin\tChemical\tD001241\n", "f.txt:3: syntax error: bad offsets", ErrSyntax},
		{"text", head + "7\t0\t7\tAspirim\tChemical\tD001241\n", "f.txt:3: syntax error: mention \"Aspirim\"", ErrSyntax},
		{"beyond", head + "7\t0\t99\tAspirin\tChemical\tD001241\n", "f.txt:3: syntax error: mention", ErrSyntax},
		{"other doc", head + "8\t0\t7\tAspirin\tChemical\tD001241\n", "f.txt:3: syntax error: annotation of 8", ErrSyntax},
		{"abstract", "7|t|A\n8|a|B\n", "f.txt:2: syntax error: abstract of 8", ErrSyntax},
		{"utf8", head + "7\t0\t7\tAspir\xffn\tChemical\tD001241\n", "f.txt:3: invalid UTF-8", ErrInvalidUTF8},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := ReadPubTator(strings.NewReader(tc.in), "f.txt")
			if err == nil || !strings.HasPrefix(err.Error(), tc.want) || !errors.Is(err, tc.err) {
				t.Errorf("error %v, want prefix %q wrapping %v", err, tc.want, tc.err)
			}
			var pe *ParseError
			if !errors.As(err, &pe) {
				t.Errorf("%T is not a *ParseError", err)
			}
		})
	}
}

// cdrFixture is a small corpus exercising every rule of MentionNames.
func cdrFixture() string {
	var b strings.Builder
	// "adriamycin": two documents, one id -> a name of Doxorubicin.
	// "hypertensive": two documents, but an adjective of Hypertension.
	// "ami": an abbreviation (rejected by the caller).
	// "toxicity": annotated with another id in one of its three uses (67%).
	// "rapamycin": one document only.
	// "Captopril" only at sentence starts.
	b.WriteString(pubDoc("1", "Adriamycin cardiotoxicity.", "We gave adriamycin and ami to hypertensive rats. Captopril was given. Toxicity and toxicity.",
		[3]string{"Adriamycin", "Chemical", "D004317"}, [3]string{"adriamycin", "Chemical", "D004317"},
		[3]string{"ami", "Chemical", "D000638"}, [3]string{"hypertensive", "Disease", "D006973"},
		[3]string{"Captopril", "Chemical", "D002216"},
		[3]string{"Toxicity", "Disease", "D064420"}, [3]string{"toxicity", "Disease", "D064420"}))
	b.WriteString(pubDoc("2", "Rapamycin and adriamycin.", "Later, adriamycin and ami in hypertensive mice. Captopril again. More toxicity.",
		[3]string{"Rapamycin", "Chemical", "D020123"}, [3]string{"adriamycin", "Chemical", "D004317"},
		[3]string{"adriamycin", "Chemical", "D004317"}, [3]string{"ami", "Chemical", "D000638"},
		[3]string{"hypertensive", "Disease", "D006973"}, [3]string{"Captopril", "Chemical", "D002216"},
		[3]string{"toxicity", "Disease", "D004194"}))
	return b.String()
}

func TestMentionNames(t *testing.T) {
	ms, err := ReadPubTator(strings.NewReader(cdrFixture()), "cdr.txt")
	if err != nil {
		t.Fatal(err)
	}
	// The same file twice: overlapping splits must not double the evidence.
	ms2, _ := ReadPubTator(strings.NewReader(cdrFixture()), "cdr2.txt")
	ms = append(ms, ms2...)
	labels := map[string]string{"MESH:D004317": "Doxorubicin", "MESH:D006973": "Hypertension", "MESH:D064420": "Drug-Related Side Effects and Adverse Reactions"}
	names, dropped := MentionNames(ms, MentionNameOptions{
		Prefix: "MESH:",
		Label:  func(id string) string { return labels[id] },
		Reject: func(id, name string) string {
			if name == strings.ToLower(name) && len(name) <= 3 {
				return "abbreviation"
			}
			return ""
		},
	})
	var got []string
	for _, n := range names {
		got = append(got, fmt.Sprintf("%s %s %q docs=%d count=%d", n.ConceptID, n.Type, n.Name, n.Docs, n.Count))
	}
	want := []string{`MESH:D004317 Chemical "adriamycin" docs=2 count=4`}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("names:\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	wantDropped := map[string]int{dropShort: 1, dropDerivation: 1, dropAmbiguous: 1, dropRare: 1, dropInitial: 1}
	if fmt.Sprint(dropped) != fmt.Sprint(wantDropped) {
		t.Errorf("dropped %v, want %v", dropped, wantDropped)
	}
	// Looser evidence admits the adjective (no Label) and the ambiguous
	// name; "Rapamycin" is still seen only at the start of a title.
	names, _ = MentionNames(ms, MentionNameOptions{MinDocs: 1, MinShare: 0.6, Prefix: "MESH:"})
	got = got[:0]
	for _, n := range names {
		got = append(got, n.Name)
	}
	if w := "adriamycin hypertensive toxicity"; strings.Join(got, " ") != w {
		t.Errorf("loose: %v, want %s", got, w)
	}
}

func TestDerivation(t *testing.T) {
	for _, tc := range []struct {
		name, label string
		want        bool
	}{
		{"hypertensive", "Hypertension", true},
		{"diabetic", "Diabetes Mellitus", true},
		{"drug-induced", "Drug-Related Side Effects and Adverse Reactions", true},
		{"trifluoroacetyl", "Trifluoroacetic Acid", true},
		{"phenobarbitone", "Phenobarbital", false},
		{"phenobarbital", "Phenobarbital", false},
		{"arsenic", "Arsenic", false},
		{"renal failure", "Renal Insufficiency", false},
		{"hypertensive", "", false},
		{"tic", "Tics", false}, // too short to be an ending
		{"painful", "Pain", true},
		{"bipolar", "Bipolar Disorder", true},
	} {
		if got := derivation(tc.name, tc.label); got != tc.want {
			t.Errorf("derivation(%q, %q) = %v, want %v", tc.name, tc.label, got, tc.want)
		}
	}
	for _, tc := range []struct {
		label string
		want  bool
	}{
		{"Kidney Diseases", true}, {"Arrhythmias, Cardiac", true}, {"Neoplasms", true},
		{"Hypertension", false}, {"Sepsis", false}, {"Herpes Simplex", false}, {"Bipolar Disorder", false}, {"", false},
	} {
		if got := heading(tc.label); got != tc.want {
			t.Errorf("heading(%q) = %v, want %v", tc.label, got, tc.want)
		}
	}
}

// TestDefaultTermSources checks the "@SOURCE" fields of the default
// format: terms after one belong to that source, on the same concept.
func TestDefaultTermSources(t *testing.T) {
	var buf bytes.Buffer
	zw := gzip.NewWriter(&buf)
	zw.Write([]byte("MESH:D004317\tCHEM\tL-Doxorubicin\tE-Adriamycin\t@CDR\tM-adriamycin hydrochloride\n" +
		"MESH:C000001\tCHEM\t@CDR\tM-carmofur\tM-HCFU drug\n"))
	zw.Close()
	m, err := loadMemory(&buf, "t.gz")
	if err != nil {
		t.Fatal(err)
	}
	s := &Store{b: m}
	ts, _ := s.Terms("MESH:D004317")
	var got []string
	for _, x := range ts {
		got = append(got, x.String+"/"+x.Source+"/"+x.TermType)
	}
	if w := "Doxorubicin/MESH/label Adriamycin/MESH/entry adriamycin hydrochloride/CDR/mention"; strings.Join(got, " ") != w {
		t.Errorf("terms %v, want %s", got, w)
	}
	cs, _ := s.Lookup("adriamycin hydrochloride")
	if len(cs) != 1 || cs[0].ID != "MESH:D004317" || cs[0].Source != "MESH" || cs[0].Name != "Doxorubicin" {
		t.Errorf("lookup: %+v", cs)
	}
	cs, _ = s.Lookup("carmofur", "CHEM")
	if len(cs) != 1 || cs[0].Name != "carmofur" {
		t.Errorf("concept of CDR names only: %+v", cs)
	}
	info, _ := s.Info()
	if info.Sources["CDR"] != 3 || info.Sources["MESH"] != 2 {
		t.Errorf("sources %v, want CDR 3, MESH 2", info.Sources)
	}
	for _, bad := range []string{"MESH:D1\tCHEM\t@CDR\n", "MESH:D1\tCHEM\t@\tL-x\n"} {
		var b bytes.Buffer
		zw := gzip.NewWriter(&b)
		zw.Write([]byte(bad))
		zw.Close()
		if _, err := loadMemory(&b, "bad.gz"); err == nil || !strings.HasPrefix(err.Error(), "bad.gz:1: ") {
			t.Errorf("%q: error %v, want bad.gz:1: ...", bad, err)
		}
	}
}

// TestDefaultCDRNames checks that the default carries CDR names on MeSH
// concepts.
func TestDefaultCDRNames(t *testing.T) {
	s, err := OpenDefault()
	if err != nil {
		t.Fatal(err)
	}
	ts, err := s.Terms("MESH:D004317") // Doxorubicin: MeSH lacks Adriamycin, CDR writes it
	if err != nil {
		t.Fatal(err)
	}
	found := false
	for _, x := range ts {
		if x.Source == "CDR" && x.TermType == "mention" && x.String == "adriamycin" && x.Usable() {
			found = true
		}
	}
	if !found {
		t.Errorf("no CDR name \"adriamycin\" on MESH:D004317: %v", ts)
	}
	info, _ := s.Info()
	if info.Sources["CDR"] == 0 {
		t.Errorf("no CDR terms: %v", info.Sources)
	}
}

func FuzzReadPubTator(f *testing.F) {
	f.Add(cdrFixture())
	f.Add("7|t|Aspirin kills.\n7|a|Pain.\n7\t0\t7\tAspirin\tChemical\tD001241\n")
	f.Add("7|x|title\n")
	f.Add("7|t|A\n8|a|B\n")
	f.Add("7|t|ab\n7|a|\n7\t0\t2\tab\tDisease\t-1\tx|y\n")
	f.Fuzz(func(t *testing.T, in string) {
		ms, err := ReadPubTator(strings.NewReader(in), "f")
		if err != nil {
			var pe *ParseError
			if !errors.As(err, &pe) && !strings.HasPrefix(err.Error(), "f: ") {
				t.Fatalf("unexpected error type %T: %v", err, err)
			}
			return
		}
		for _, m := range ms {
			if m.End <= m.Start || m.Text == "" {
				t.Fatalf("bad mention %+v", m)
			}
		}
		MentionNames(append(ms, ms...), MentionNameOptions{MinDocs: 1, Label: func(string) string { return "x" }})
	})
}

func ExampleMentionNames() {
	in := "1|t|Adriamycin cardiotoxicity.\n1|a|The adriamycin dose.\n" +
		"1\t0\t10\tAdriamycin\tChemical\tD004317\n1\t31\t41\tadriamycin\tChemical\tD004317\n" +
		"2|t|Low dose adriamycin.\n2|a|None.\n" +
		"2\t9\t19\tadriamycin\tChemical\tD004317\n"
	ms, err := ReadPubTator(strings.NewReader(in), "example.txt")
	if err != nil {
		fmt.Println(err)
		return
	}
	names, _ := MentionNames(ms, MentionNameOptions{Prefix: "MESH:"})
	for _, n := range names {
		fmt.Println(n.ConceptID, n.Name, n.Docs, n.Count)
	}
	// Output:
	// MESH:D004317 adriamycin 2 3
}

func BenchmarkMentionNames(b *testing.B) {
	path := "../../shared/corpora/pubtator/CDR_TrainingSet.PubTator.txt"
	data, err := os.ReadFile(path)
	if err != nil {
		b.Skip("shared data not present")
	}
	b.ReportAllocs()
	b.SetBytes(int64(len(data)))
	for b.Loop() {
		ms, err := ReadPubTator(bytes.NewReader(data), path)
		if err != nil {
			b.Fatal(err)
		}
		MentionNames(ms, MentionNameOptions{Prefix: "MESH:"})
	}
}
