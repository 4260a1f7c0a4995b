package main

// Every command reads and writes the document formats.
import _ "github.com/stress-ner/stress/conll/formats"
