// Whether a note is Markdown (otherwise the plain-text heuristics read it).

/**
 * Whether a note uses markdown syntax (otherwise the plain-text heuristics apply). Strong
 * signals count twice, weak ones (a lone *word* or `code`) once; outline notes, whose lines are
 * mostly indented prose, stay plain even with a stray markdown heading.
 */
export function looksLikeMarkdown(src: string): boolean {
  const strong = [
    /^#{1,6}[ \t]+\S/m,
    /^[ \t]*(```|~~~)/m,
    /\*\*[^*\n]+\*\*|__[^_\n]+__/,
    /\[[^\]\n]+\]\([^)\n]+\)/,
    /^[ \t]*\|?[ \t]*:?-{3,}:?[ \t]*(\|[ \t]*:?-{3,}:?[ \t]*)+\|?[ \t]*$/m,
    /^>[ \t]/m,
    /^[ \t]*[-*+][ \t]+\[[ xX]\]/m,
    /!\[[^\]\n]*\]\(/,
    /\$\$/,
    // Admonitions: MkDocs (`!!! note`) and fenced containers (`:::tip`, `::: {.callout-note}`).
    /^[ \t]*(?:!!!|\?\?\?\+?) [\w-]+/m,
    /^:{3,}[ \t]*\{?[\w.-]/m,
  ];
  const weak = [/`[^`\n]+`/, /(^|\s)\*[^*\s][^*\n]*\*(?=\s|[.,;:!?]|$)/m, /(^|\s)_[^_\s][^_\n]*_(?=\s|[.,;:!?]|$)/m];
  // Setext headings: a text line underlined with === or ---, checked line by line (a single
  // multiline regex for it backtracks quadratically on long notes).
  const rawLines = src.split('\n');
  const setext = rawLines.some((l, i) => i > 0 && /^(=+|-{3,})[ \t]*$/.test(l) && (rawLines[i - 1] ?? '').trim() !== '');
  const score = (strong.filter((re) => re.test(src)).length + (setext ? 1 : 0)) * 2 + weak.filter((re) => re.test(src)).length;
  if (score < 2) return false;
  const lines = src.split('\n').filter((l) => l.trim() !== '');
  const outline = lines.filter((l) => /^( {2,}|\t)(?![-*+•]\s|\d+[.)]\s)\S/.test(l)).length;
  // Indented prose lines are rare in markdown (4 spaces would make code), common in outlines.
  const fenced = /^[ \t]*(```|~~~)/m.test(src);
  // MkDocs admonitions indent their bodies like an outline does.
  const admonitions = /^[ \t]*(?:!!!|\?\?\?\+?) [\w-]+/m.test(src);
  return fenced || admonitions || outline < lines.length * 0.2 || score >= 6;
}
