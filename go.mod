module github.com/stress-ner/stress

go 1.26.8

require (
	github.com/jdkato/prose/v2 v2.0.0
	github.com/mattn/go-sqlite3 v1.14.53
	github.com/spf13/pflag v1.0.10
	golang.org/x/term v0.47.0
	golang.org/x/text v0.43.0
)

require (
	github.com/deckarep/golang-set v1.7.1 // indirect
	github.com/mingrammer/commonregex v1.0.1 // indirect
	golang.org/x/sys v0.49.0 // indirect
	gonum.org/v1/gonum v0.7.0 // indirect
	gopkg.in/neurosnap/sentences.v1 v1.0.6 // indirect
)
