#!/bin/sh
# Times `stress perturb --kind keyboard|swap` against nlpaug's KeyboardAug and
# RandomCharAug(swap) on the same corpus (default: BC5CDR-IOB test six times
# over, 748,500 tokens, 6.5 MB), each as a whole process, several runs.
#
# Usage: scripts/bench_nlpaug.sh [CORPUS] [RUNS]   (from the repository root)
#
# nlpaug is not a dependency of stress: the script runs it only when
# scripts/bench_nlpaug.py finds it (NLPAUG=/path/to/its/checkout and
# PYTHON=/usr/bin/python3 as needed: see that script); otherwise it times
# stress alone. scripts/speed.py is issue 34's measurement.
set -eu

py=${PYTHON:-python3}
runs=${2:-5}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
corpus=${1:-}
if [ -z "$corpus" ]; then
	for i in 1 2 3 4 5 6; do cat ../shared/corpora/BC5CDR-IOB/test.tsv; echo; done | cat -s >"$tmp/big6.tsv"
	corpus=$tmp/big6.tsv
fi
go build -o "$tmp/stress" ./cmd/stress
echo "corpus $corpus: $(awk 'NF' "$corpus" | wc -l) tokens, $(wc -c <"$corpus") bytes; load $(cut -d' ' -f1-3 /proc/loadavg)"
have_nlpaug=1
"$py" scripts/bench_nlpaug.py --version 2>/dev/null || { have_nlpaug=0; echo "nlpaug not importable with $py: timing stress only"; }
for kind in keyboard swap; do
	i=0
	while [ $i -lt "$runs" ]; do
		/usr/bin/time -f "stress $kind: %e s wall, %U+%S s CPU" "$tmp/stress" perturb --kind $kind --seed 1 --force -o "$tmp/out.tsv" "$corpus"
		if [ $have_nlpaug = 1 ]; then
			/usr/bin/time -f "nlpaug $kind (whole process): %e s wall, %U+%S s CPU" "$py" scripts/bench_nlpaug.py "$corpus" "" $kind
		fi
		i=$((i + 1))
	done
done
