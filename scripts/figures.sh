#!/bin/sh
# Measures the figures README.md and docs/*.md show and rewrites them:
# docs/figures.jsonl, then every marked value in the documents (see
# internal/figures). The tests fail when a document's figure differs
# from the file, and when a figure measured again in a test differs.
#
#   scripts/figures.sh                    every source but the slow ones (../shared when present)
#   scripts/figures.sh -sources paper     some sources (-list lists them; all: every one)
#
# Review the diff of the documents: a figure the text comments on may
# need new words.
set -eu
cd "$(dirname "$0")/.."
exec go run ./internal/figures/gen "$@"
