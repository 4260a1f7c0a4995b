//go:build ignore

// gen_table regenerates varcon.tsv from VarCon's varcon.txt:
//
//	go generate ./perturb/spelling
//
// (with ../shared beside the repository). TestTableReproducible checks
// that the committed table is what this writes.
package main

import (
	"bytes"
	"flag"
	"fmt"
	"os"

	"github.com/stress-ner/stress/perturb/spelling"
)

func main() {
	in := flag.String("in", "", "VarCon varcon.txt")
	out := flag.String("out", "varcon.tsv", "table to write")
	flag.Parse()
	if err := run(*in, *out); err != nil {
		fmt.Fprintln(os.Stderr, "gen_table:", err)
		os.Exit(1)
	}
}

func run(in, out string) error {
	f, err := os.Open(in)
	if err != nil {
		return err
	}
	defer f.Close()
	t, err := spelling.ReadVarCon(f, in)
	if err != nil {
		return err
	}
	var buf bytes.Buffer
	if _, err := t.WriteTo(&buf); err != nil {
		return err
	}
	return os.WriteFile(out, buf.Bytes(), 0o644)
}
