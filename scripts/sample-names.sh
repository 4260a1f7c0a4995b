#!/bin/sh
# sample-names.sh: the places outside package sample where code names the
# embedded sample (issue 35: at most 5): a use of package sample
# (sample.X) or a "sample:..." string literal, in non-test Go files,
# comments left out. Prints each place, then their count.
cd "$(dirname "$0")/.." || exit 1
grep -rn --include='*.go' -E 'sample\.[A-Z]|"sample:' . |
	grep -v -e '_test\.go:' -e '^\./sample/' |
	sed -E 's#//.*##' | grep -E 'sample\.[A-Z]|"sample:' |
	tee /dev/stderr | wc -l
