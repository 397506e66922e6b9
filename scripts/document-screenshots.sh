#!/bin/sh
# Notes → LaTeX (latexgen generate) → PDF (latexgen compile, in the sandbox) → PNGs (pdftoppm), for
# checking the output by eye: one note per document type (the shared corpus beside the checkout
# when it is there, else the repository's own notes), and every script fixture as an article.
#   sh scripts/document-screenshots.sh [out-dir]   (default test-results/screenshots/documents)
set -eu
cd "$(dirname "$0")/.."
OUT="${1:-test-results/screenshots/documents}"
mkdir -p "$OUT/scripts"
if [ -d ../shared/corpus/notes ]; then
  NOTES=../shared/corpus/notes
  PAIRS="article:23-lab-report-friction.md basic:44-recipe-sourdough-loaf.md presentation:38-slides-pt-keynote-pythonsul.md
    report:05-math-induction-lecture.md letter:31-letter-cover-letter.md book:40-outline-rust-book-summary.md"
else
  NOTES=tests/fixtures/notes
  PAIRS="article:fr-fourier-transform-lecture.md basic:obsidian-recipe-nectarine-tart.md presentation:marp-gaia-slides.md
    report:quarto-lab-report.qmd letter:letter-nietzsche-pandoc.md book:typst-book.typ"
fi
for pair in $PAIRS; do
  type="${pair%%:*}"
  note="${pair#*:}"
  node bin/latexgen.mjs generate "$NOTES/$note" --type "$type" -o "$OUT/$type.tex"
  node bin/latexgen.mjs compile "$OUT/$type.tex" -o "$OUT/$type.pdf"
  pdftoppm -png -r 60 -f 1 -l 3 "$OUT/$type.pdf" "$OUT/$type"
  echo "$type: $note → $OUT/$type.pdf"
done
for note in tests/fixtures/scripts/*.md; do
  name="$(basename "$note" .md)"
  node bin/latexgen.mjs generate "$note" --type article -o "$OUT/scripts/$name.tex" > /dev/null
  node bin/latexgen.mjs compile "$OUT/scripts/$name.tex" -o "$OUT/scripts/$name.pdf" > /dev/null
  pdftoppm -png -r 60 -f 1 -l 1 "$OUT/scripts/$name.pdf" "$OUT/scripts/$name"
done
echo "scripts: $(ls "$OUT"/scripts/*.pdf | wc -l) notes → $OUT/scripts"
