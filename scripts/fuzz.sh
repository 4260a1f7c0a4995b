#!/usr/bin/env bash
# Runs every fuzz target of the module for a short time, one after the
# other, and checks that each one explored: more than MIN_EXECS
# executions in its budget (issue 25: with Go's default minimize time of
# 60 s, 11 of 47 targets spent a whole minute minimizing new inputs and
# FuzzReadOBO ran 4 inputs).
#
#   scripts/fuzz.sh                 every target, FUZZTIME each
#   scripts/fuzz.sh ./umls          the targets of some packages
#
# Environment: FUZZTIME (default 20000x) is each target's budget, a count
# of executions: a duration (-fuzztime 6s) makes Go's fuzz coordinator
# fail a target now and then with "context deadline exceeded" and no
# crasher when its deadline races a busy worker (golang/go#75804, fixed
# in Go 1.27; seen here on go1.26.8 with 2 busy cores), and a count
# explores as much on a slow machine as on a fast one.
# FUZZMINIMIZETIME (default 100x) bounds the minimizing of each new
# input, so that the budget goes to exploring; MIN_EXECS (default 10000)
# is checked against the executions the run reports; TARGET_TIMEOUT
# (default 300s) stops a target that hangs. A crasher is written under the
# package's testdata/fuzz, as go test does, and fails the run. Prints one
# line per target: package, target, executions, seconds.
set -euo pipefail
cd "$(dirname "$0")/.."

FUZZTIME=${FUZZTIME:-20000x}
FUZZMINIMIZETIME=${FUZZMINIMIZETIME:-100x}
MIN_EXECS=${MIN_EXECS:-10000}
TARGET_TIMEOUT=${TARGET_TIMEOUT:-300s}

pkgs=("$@")
if [ ${#pkgs[@]} -eq 0 ]; then
  pkgs=(./...)
fi

log=$(mktemp)
trap 'rm -f "$log"' EXIT
failed=0
total=0
ntargets=0
nexecs=0
printf '%-48s %-28s %10s %6s\n' package target execs secs
# The targets, read from the sources (listing them with go test -list
# would build every test binary once more).
while read -r dir pkg; do
  targets=$( (cat "$dir"/*_test.go 2>/dev/null || true) | sed -n 's/^func \(Fuzz[A-Za-z0-9_]*\)(.*/\1/p')
  for t in $targets; do
    start=$(date +%s)
    if ! timeout "$TARGET_TIMEOUT" go test -run '^$' -fuzz "^${t}\$" -fuzztime "$FUZZTIME" -fuzzminimizetime "$FUZZMINIMIZETIME" "$pkg" >"$log" 2>&1; then
      cat "$log"
      echo "FAIL: $pkg $t" >&2
      failed=1
      continue
    fi
    secs=$(( $(date +%s) - start ))
    total=$(( total + secs ))
    # The last progress line holds the count: "fuzz: elapsed: 6s, execs: 123456 (...)".
    execs=$( (grep -o 'execs: [0-9]*' "$log" || true) | tail -1 | awk '{print $2}')
    execs=${execs:-0}
    ntargets=$((ntargets + 1))
    nexecs=$((nexecs + execs))
    printf '%-48s %-28s %10s %6s\n' "${pkg#github.com/stress-ner/stress}" "$t" "$execs" "$secs"
    if [ "$execs" -le "$MIN_EXECS" ]; then
      cat "$log"
      echo "FAIL: $pkg $t ran $execs inputs in $FUZZTIME, want more than $MIN_EXECS" >&2
      failed=1
    fi
  done
done < <(go list -f '{{.Dir}} {{.ImportPath}}' "${pkgs[@]}")
echo "fuzzing took ${total}s: $ntargets targets, $nexecs executions"
exit $failed
