#!/bin/sh
# Validates the synonym kind's embedded default on a corpus its rules were
# not written from, with readers who see only sentence pairs (issue 32).
#
#   scripts/validate-synonyms.sh sample ID CORPUS...   (from the repository root)
#       builds the synonym set of the embedded default (seed 1, default
#       options and type map) from the CORPUS files into OUT/ID/build and
#       draws a blind sample of N changes (N=100 unless set; every change
#       when there are fewer) with "stress review sample --seed 1" into
#       OUT/ID. Give the readers OUT/ID/items.md (or review.html) and
#       /work/readings/READER.md's labels, nothing else; keep OUT/ID/key.tsv
#       from them.
#   scripts/validate-synonyms.sh score ID
#       scores the readings OUT/ID/judge-*.tsv ("stress review score",
#       written to OUT/ID/score.txt and shown) with their agreement.
#   scripts/validate-synonyms.sh commit ID CORPUS-DESCRIPTION
#       copies the reading (items.tsv, key.tsv, sample.json, judge-*.tsv,
#       score.txt) to perturb/synonym/testdata/readings/ID, lists it in
#       readings.tsv as a validation reading, and regenerates
#       validity.tsv and docs/synonym-evidence.md ("go generate
#       ./perturb/synonym"): the documentation's figures per corpus, with
#       Wilson intervals and kappa, come from there.
#
# OUT is stress-validation unless set. The strata of the sample's changes
# are in key.tsv's source and term_type columns (the score reports
# them per stratum); the readers never see them.
#
# Example, BioRED's development split and CRAFT (held out: read blind):
#   scripts/validate-synonyms.sh sample val-biored-devel ../shared/corpora/BioRED/devel.pubtator
#   scripts/validate-synonyms.sh sample val-craft ../shared/corpora/foreign-iob/CRAFT/train.tsv ../shared/corpora/foreign-iob/CRAFT/devel.tsv
set -eu

out=${OUT:-stress-validation}
n=${N:-100}
stress="go run ./cmd/stress"

usage() {
	sed -n '2,/^set -eu/p' "$0" | sed '$d' | sed 's/^# \{0,1\}//' >&2
	exit 2
}

[ $# -ge 2 ] || usage
cmd=$1
id=$2
shift 2
case $id in
*/* | .* | "") echo "validate-synonyms.sh: bad reading id '$id'" >&2; exit 2 ;;
esac
dir=$out/$id

case $cmd in
sample)
	[ $# -ge 1 ] || usage
	if [ -e "$dir" ]; then
		echo "validate-synonyms.sh: $dir exists: choose another ID or remove it" >&2
		exit 1
	fi
	mkdir -p "$dir"
	$stress build --kinds synonym --seed 1 --out "$dir/build" "$@"
	$stress review sample --kinds synonym --n "$n" --seed 1 --by "" --out "$dir" "$dir/build"
	echo "give the readers $dir/items.md; keep $dir/key.tsv; put their judge-1.tsv (judge-2.tsv) into $dir"
	;;
score)
	set -- "$dir"/judge-*.tsv
	if [ ! -f "$1" ]; then
		echo "validate-synonyms.sh: no $dir/judge-*.tsv yet" >&2
		exit 1
	fi
	$stress review score --key "$dir/key.tsv" "$@" | tee "$dir/score.txt"
	;;
commit)
	[ $# -eq 1 ] || usage
	dest=perturb/synonym/testdata/readings/$id
	if [ ! -f "$dir/score.txt" ]; then
		echo "validate-synonyms.sh: score $id first" >&2
		exit 1
	fi
	if [ -e "$dest" ]; then
		echo "validate-synonyms.sh: $dest exists" >&2
		exit 1
	fi
	mkdir -p "$dest"
	cp "$dir"/items.tsv "$dir"/key.tsv "$dir"/sample.json "$dir"/judge-*.tsv "$dir"/score.txt "$dest"/
	printf '%s\tvalidation\t%s\tscripts/validate-synonyms.sh sample %s (embedded default, seed 1, N=%s)\n' "$id" "$1" "$id" "$n" \
		>>perturb/synonym/testdata/readings/readings.tsv
	go generate ./perturb/synonym
	echo "committed $dest; see perturb/synonym/validity.tsv and docs/synonym-evidence.md"
	;;
*)
	usage
	;;
esac
