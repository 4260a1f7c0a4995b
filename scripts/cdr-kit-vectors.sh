#!/usr/bin/env bash
# Runs the BioCreative V CDR evaluation kit (BC5CDR_Evaluation-0.0.3,
# NCBI, public domain; not part of this repository) on the inputs of the
# kit vectors and writes its outputs, the expected outputs of
# conll/cdr's tests (TestKitVectors, TestKitVectorsFull):
#
#   go test ./conll/cdr -run TestWriteKitInputs -write-kit-inputs DIR
#   scripts/cdr-kit-vectors.sh KITDIR DIR OUTDIR
#
# KITDIR is the unzipped kit (bc5cdr_eval.jar, BioC.dtd); DIR holds the
# inputs and cases.tsv (case, format, gold, prediction, level, types);
# for each case and format OUTDIR/CASE.FORMAT.out gets one
# block per measure:
#
#   == LEVEL TYPES
#   exit STATUS                   (1: the kit stopped with an exception)
#   TP: ... F-score: ...          (the kit's stdout without INFO lines, as its scripts print it)
#   INFO N sha256 H               (exit 0 only: the number of its INFO lines, one per
#                                 key read, and the SHA-256 of them sorted bytewise,
#                                 each ending in a line feed)
#
# The kit runs as its scripts run it (java -cp bc5cdr_eval.jar
# ncbi.bc5cdr_eval.Evaluate LEVEL TYPES FORMAT GOLD PREDICTION), in a
# directory holding BioC.dtd: it resolves the DOCTYPE of BioC files
# against its working directory and stops without it.
set -euo pipefail
if [ $# -ne 3 ]; then
  echo "usage: $0 KITDIR INPUTDIR OUTDIR" >&2
  exit 2
fi
kit=$(cd "$1" && pwd)
in=$(cd "$2" && pwd)
mkdir -p "$3"
out=$(cd "$3" && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cp "$kit/BioC.dtd" "$work/"
rm -f "$out"/*.out
cd "$work"
while IFS=$'\t' read -r name format gold pred level types; do
  set +e
  java -cp "$kit/bc5cdr_eval.jar" ncbi.bc5cdr_eval.Evaluate "$level" "$types" "$format" "$in/$gold" "$in/$pred" >stdout 2>/dev/null
  rc=$?
  set -e
  {
    echo "== $level $types"
    echo "exit $rc"
    grep -v '^INFO' stdout || true
    if [ "$rc" = 0 ]; then
      (grep '^INFO' stdout || true) | LC_ALL=C sort >info
      echo "INFO $(wc -l <info) sha256 $(sha256sum <info | cut -d' ' -f1)"
    fi
  } >>"$out/$name.$format.out"
done <"$in/cases.tsv"
java -version 2>&1 | head -1
sha256sum "$kit/bc5cdr_eval.jar"
