// Package htmlpage writes the frame of the standalone HTML reports
// (stress compare --html, stress curve --html), so that they start alike.
package htmlpage

import (
	"html"
	"strings"
)

// Head writes the start of a page, up to and including <body>: the
// doctype, the character set, title (escaped) and the style sheet css
// (written as given; end it with a newline).
func Head(b *strings.Builder, title, css string) {
	b.WriteString("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n<title>")
	b.WriteString(html.EscapeString(title))
	b.WriteString("</title>\n<style>\n")
	b.WriteString(css)
	b.WriteString("</style>\n</head>\n<body>\n")
}
