#!/bin/sh
# Reproduces the experiment of Araujo et al., "Stress Test Evaluation of
# Biomedical Word Embeddings" (BioNLP 2021) with the two built-in
# baselines on the full BC5CDR-IOB splits:
#
#   Table 3: F1 on the original test set (O) and its keyboard (K), swap (W)
#            and synonym (S) stress copies, with relative drops;
#   Table 4: the same for models trained on original + perturbed train
#            sets (O+K, O+W, O+S);
#   and the kinds beyond the paper: spelling, case, ocr, insert, delete and
#   entity-swap (names never seen as a train mention), for the same models.
#
# Usage: scripts/reproduce.sh [OUT_DIR]   (from the repository root)
#
# Everything is seeded (--seed 1): a rerun prints the same numbers. The
# Markdown report goes to standard output and OUT_DIR/report.md; OUT_DIR
# also receives the stress sets, predictions, summary.md and report.html.
set -eu

out=${1:-stress-experiment}
corpus=${CORPUS:-../shared/corpora/BC5CDR-IOB}

if [ ! -f "$corpus/train.tsv" ] || [ ! -f "$corpus/test.tsv" ]; then
	echo "reproduce.sh: BC5CDR-IOB not found in $corpus (set CORPUS=DIR)" >&2
	exit 1
fi
# The report is kept beside, then moved in: stress run refuses a
# non-empty output directory, and --force clears only an earlier run.
report=$(mktemp)
go run ./cmd/stress run --force \
	--train "$corpus/train.tsv" --test "$corpus/test.tsv" \
	--kinds keyboard,swap,synonym,spelling,case,ocr,insert,delete,entity-swap \
	--unseen-in "$corpus/train.tsv" --augment keyboard,swap,synonym \
	--seed 1 --epochs 10 --samples 1000 \
	--out "$out" --format markdown | tee "$report"
chmod 644 "$report"
mv "$report" "$out/report.md"
