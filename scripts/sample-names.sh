#!/bin/sh
# sample-names.sh: the places outside package sample where code names the
# embedded sample (issue 35: at most 5): a use of package sample
# (sample.X, in a file that imports it) or a "sample:..." string literal,
# in non-test Go files, comments left out. Prints each place, then their
# count.
cd "$(dirname "$0")/.." || exit 1
for f in $(grep -rl --include='*.go' -E 'sample\.[A-Z]|"sample:' . | grep -v -e '_test\.go$' -e '^\./sample/'); do
	if grep -q '"github.com/stress-ner/stress/sample"' "$f"; then
		pat='sample\.[A-Z]|"sample:'
	else
		pat='"sample:'
	fi
	grep -n -E "$pat" "$f" | sed -E 's#//.*##' | grep -E "$pat" | sed "s#^#$f:#"
done | tee /dev/stderr | wc -l
