// Package termfile reads the text inputs of the generators of embedded
// data (umls/internal/mkdefault, perturb/internal/english/internal/mkvocab,
// perturb/synonym/internal/mkorgan), word lists, the term files of the
// open lexicons, gzipped or not, and the training corpora, and writes
// their gzipped outputs, so that all do it the same way.
package termfile

import (
	"bufio"
	"compress/gzip"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/stress-ner/stress/internal/atomicfile"
)

// Lexicons are the term files of the open lexicons, relative to the
// lexicon directory (../shared/lexicon), in the order the embedded store
// takes them: MeSH first, whose descriptors CDR annotations name.
var Lexicons = []string{
	"mesh/mesh_descriptors.terms.tsv",
	"drugbank/drugbank.terms.tsv",
	"chebi/chebi_3star.terms.tsv.gz",
	"doid/doid_2018-07-05.terms.tsv",
	"ncit/ncit_disease.terms.tsv",
}

// Corpora are the corpus splits, relative to the shared data directory,
// whose text the generators take as what writers of abstracts write
// (attested names, organ phrases, definitions): training and development
// splits, never a test split (see NotTest).
var Corpora = []string{
	"corpora/BC5CDR-IOB/train.tsv", "corpora/BC5CDR-IOB/devel.tsv",
	"corpora/NCBI-disease-IOB/train.tsv", "corpora/NCBI-disease-IOB/devel.tsv",
}

// Generate runs a generator of embedded data named prog: it parses its
// flags -shared (the shared data directory) and -out (the output file)
// from args, with the defaults given, and calls build with them, its
// log going to stderr. Errors are prefixed with prog.
func Generate(prog string, args []string, shared, out string, build func(shared, out string, log io.Writer) error, stderr io.Writer) error {
	fs := flag.NewFlagSet(prog, flag.ContinueOnError)
	fs.SetOutput(stderr)
	sharedDir := fs.String("shared", shared, "the shared data directory")
	outFile := fs.String("out", out, "output file")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if err := build(*sharedDir, *outFile, stderr); err != nil {
		return fmt.Errorf("%s: %w", prog, err)
	}
	return nil
}

// NotTest returns an error when the corpus file name looks like a test
// split (it holds "test" in any case): what a generator embeds must not
// have seen the text models are scored on.
func NotTest(name string) error {
	if strings.Contains(strings.ToLower(name), "test") {
		return fmt.Errorf("%s: refusing a test split", name)
	}
	return nil
}

// Sentences calls fn with every sentence of the corpora (Corpora, under
// the shared data directory), file by file, each file read by read
// (conll.ReadFile: this package reads no corpus format itself): the text
// a generator may learn from, never a test split (NotTest).
func Sentences[S any](shared string, read func(path string) ([]S, error), fn func(S)) error {
	for _, name := range Corpora {
		if err := NotTest(name); err != nil {
			return err
		}
		sents, err := read(filepath.Join(shared, name))
		if err != nil {
			return err
		}
		for _, s := range sents {
			fn(s)
		}
	}
	return nil
}

// header is the first field of a term file's header row.
const header = "concept_id"

// Lines calls fn with the number (from 1) and text of every line of the
// file at path, gunzipped when the name ends in ".gz". An error of fn
// stops the reading and is returned as "path:line: err".
func Lines(path string, fn func(line int, text string) error) error {
	in, err := os.Open(path)
	if err != nil {
		return err
	}
	defer in.Close()
	var r io.Reader = in
	if strings.HasSuffix(path, ".gz") {
		zr, err := gzip.NewReader(in)
		if err != nil {
			return fmt.Errorf("%s: %w", path, err)
		}
		r = zr
	}
	sc := bufio.NewScanner(r)
	// Some lexicon rows (long chemical names) pass bufio's 64 KiB default.
	sc.Buffer(make([]byte, 1<<16), 1<<24)
	line := 0
	for sc.Scan() {
		line++
		if err := fn(line, sc.Text()); err != nil {
			return fmt.Errorf("%s:%d: %w", path, line, err)
		}
	}
	if err := sc.Err(); err != nil {
		return fmt.Errorf("%s: %w", path, err)
	}
	return nil
}

// Rows calls fn with the fields of every row of the term file at path
// (concept_id, category, name, term type; tab-separated) but a header
// row, after checking there are four. Errors are returned as Lines
// returns them.
func Rows(path string, fn func(f []string) error) error {
	return Lines(path, func(line int, text string) error {
		f := strings.Split(text, "\t")
		if line == 1 && f[0] == header {
			return nil
		}
		if len(f) != 4 {
			return fmt.Errorf("%d fields, want 4", len(f))
		}
		return fn(f)
	})
}

// WriteText writes what fill writes to the file at path, which it
// replaces only when fill succeeds: for a file embedded as text, read
// where the executable maps it rather than decompressed at every start.
func WriteText(path string, fill func(w *bufio.Writer) error) error {
	f, err := atomicfile.Create(path, false)
	if err != nil {
		return err
	}
	defer f.Abort()
	bw := bufio.NewWriterSize(f, 1<<16)
	if err := fill(bw); err != nil {
		return err
	}
	if err := bw.Flush(); err != nil {
		return err
	}
	return f.Commit()
}

// WriteGzip writes the gzip (best compression) of what fill writes to
// the file at path, which it replaces only when fill and the
// compression succeed.
func WriteGzip(path string, fill func(w *bufio.Writer) error) error {
	f, err := atomicfile.Create(path, false)
	if err != nil {
		return err
	}
	defer f.Abort()
	zw, err := gzip.NewWriterLevel(f, gzip.BestCompression)
	if err != nil {
		return err
	}
	bw := bufio.NewWriterSize(zw, 1<<16)
	if err := fill(bw); err != nil {
		return err
	}
	if err := bw.Flush(); err != nil {
		return err
	}
	if err := zw.Close(); err != nil {
		return err
	}
	return f.Commit()
}
