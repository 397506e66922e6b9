# Pass marks of `npm run eval` in CI, in one place: .ci/run fails when the builtin generator falls
# below them. A row counts as reader-clean only when it compiles, lacks no glyph, has no overfull
# box, keeps its words and passes every reader check (src/eval/reader/); outline accuracy is the
# mean structural accuracy against the golden outlines. Each mark sits at or just under today's
# figure (docs/eval-baseline.md, "Reader checks and golden outlines"), so the run passes now and
# fails on a step back. Raise a line when the generator gets better; the goal for every folder is
#   --min-compiled 1 --max-missing-glyphs 0 --max-overfull 0 --min-preservation 0.97 --min-reader-clean 0.9
# Flags: --min-compiled, --min-no-missing-glyphs, --min-no-overfull, --min-clean, --min-reader-clean,
# --min-preservation and --min-outline-accuracy are shares (0–1, the last two means);
# --max-missing-glyphs and --max-overfull are limits for every single document.

# ../shared/corpus/notes (45 notes, natural type and article; outlines in tests/fixtures/corpus-outlines)
EVAL_CORPUS_THRESHOLDS="--min-compiled 1 --max-missing-glyphs 0 --max-overfull 0 --min-preservation 0.99 --min-clean 0.97 --min-reader-clean 0.49 --min-outline-accuracy 0.80"

# tests/fixtures/notes (the repository's own real notes, natural type and article)
EVAL_FIXTURES_THRESHOLDS="--min-compiled 1 --max-missing-glyphs 0 --max-overfull 0 --min-no-missing-glyphs 1 --min-no-overfull 1 --min-preservation 0.98 --min-clean 0.88 --min-reader-clean 0.55 --min-outline-accuracy 0.89"

# tests/fixtures/typed (notes typed the way people type into the editor, natural type and article;
# 70 notes since 2026-12-05: the 20 a fresh reader judged (51–70) lowered both figures, see docs/eval-baseline.md)
EVAL_TYPED_THRESHOLDS="--min-compiled 1 --max-missing-glyphs 0 --max-overfull 0 --min-preservation 0.99 --min-clean 0.98 --min-reader-clean 0.88 --min-outline-accuracy 0.90"
