package htmlpage

import (
	"strings"
	"testing"
)

func TestHead(t *testing.T) {
	var b strings.Builder
	Head(&b, "A <b> & c", "p{margin:0}\n")
	want := "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n<title>A &lt;b&gt; &amp; c</title>\n<style>\np{margin:0}\n</style>\n</head>\n<body>\n"
	if b.String() != want {
		t.Errorf("Head wrote\n%s\nwant\n%s", b.String(), want)
	}
}
