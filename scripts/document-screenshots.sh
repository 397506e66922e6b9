#!/bin/sh
# One corpus note per document type → LaTeX (latexgen generate) → PDF (latexgen compile, in the
# sandbox) → PNGs of its first pages (pdftoppm), for checking the output by eye.
#   sh scripts/document-screenshots.sh [out-dir]   (default test-results/screenshots/documents)
set -eu
cd "$(dirname "$0")/.."
OUT="${1:-test-results/screenshots/documents}"
NOTES=../shared/corpus/notes
mkdir -p "$OUT"
for pair in article:23-lab-report-friction.md basic:44-recipe-sourdough-loaf.md \
  presentation:38-slides-pt-keynote-pythonsul.md report:05-math-induction-lecture.md \
  letter:31-letter-cover-letter.md book:40-outline-rust-book-summary.md; do
  type="${pair%%:*}"
  note="${pair#*:}"
  node bin/latexgen.mjs generate "$NOTES/$note" --type "$type" -o "$OUT/$type.tex"
  node bin/latexgen.mjs compile "$OUT/$type.tex" -o "$OUT/$type.pdf"
  pdftoppm -png -r 60 -f 1 -l 3 "$OUT/$type.pdf" "$OUT/$type"
  echo "$type: $note → $OUT/$type.pdf"
done
