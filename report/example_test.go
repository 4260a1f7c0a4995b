package report_test

import (
	"os"

	"github.com/stress-ner/stress/report"
)

// A report is built once as a Document and written in any format.
func ExampleRender() {
	d := &report.Document{
		Title: "Stress report",
		Lines: []string{"Seed 1."},
		Sections: []report.Section{&report.Table{Title: "F1 per set", Header: []string{"set", "F1"},
			Rows: [][]string{{"O", "85.10"}, {"K", "61.40"}}, Right: []bool{false, true}}},
	}
	f, err := report.Parse("text")
	if err != nil {
		panic(err)
	}
	if err := report.Render(os.Stdout, f, d); err != nil {
		panic(err)
	}
	// Output:
	// Stress report
	// Seed 1.
	//
	// F1 per set
	//   set     F1
	//   O    85.10
	//   K    61.40
}
