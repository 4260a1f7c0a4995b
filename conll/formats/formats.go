// Package formats registers every document format (PubTator, BioC XML
// and JSON, brat standoff) with conll, so that conll.Open and
// conll.Create read and write them. Import it for its side effect:
//
//	import _ "github.com/stress-ner/stress/conll/formats"
package formats

import (
	_ "github.com/stress-ner/stress/conll/bioc"     // BioC XML and JSON
	_ "github.com/stress-ner/stress/conll/brat"     // brat standoff
	_ "github.com/stress-ner/stress/conll/pubtator" // PubTator
)
