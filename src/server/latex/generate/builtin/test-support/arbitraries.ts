// fast-check arbitraries for random notes: every special character, snippet tags (well-formed,
// nested and broken), markdown, user math (including hostile commands), ASCII math and Unicode
// from many scripts.
import fc from 'fast-check';
import { DOCUMENT_TYPES, type DocumentType } from '../../../../../shared/document-types.js';

const SPECIALS = ['#', '$', '%', '&', '~', '_', '^', '\\', '{', '}', '<', '>', '|', '"', "'", '`', '[', ']', '*', '-', '--', '---', '...', '\\\\', '%%', '$$', '^^', '@', '!', '\\n', '\t', '\\begin{document}', '\\end{itemize}', '\\item', '\\\\[2pt]', '\\verb|x|', '}{', '\\par', '\\x'];
// Scripts that need XeLaTeX are rarer: each such case costs a slower compile.
const SCRIPTS = ['λόγος', 'Привет', 'мир', '中文', '日本語です', '한국어', 'שלום', 'مرحبا', 'ไทย', 'ʃ', 'ǅ'];
const UNICODE = [
  'é', 'ß', 'ñ', 'ç', 'Ä', 'œ', 'ø', 'Ł', 'ő', 'ạ', 'ǎ', 'ŉ', 'Ș', 'e\u0301', 'α', 'β', 'Ω', '→', '≤', '≥', '≠', '∑', '√', '∞', '½', '²', '₀', '€', '£', '©', '™', '•', '–', '—', '“', '”', '„', '«', '»',
  '…', '😀', '✅', '★', '\u00a0', '\u200b', '\ufeff', 'ﬁ', '♥', '⊕', '∈', 'ℝ', '°', '±', '×', '÷', '¿', '¡', '、', '。', '（', '）', '\u2028', '🇩🇪', '👍🏽',
];
const MATH_TOKENS = [
  'x', 'y', '^', '_', '{', '}', '\\frac{a}{b}', '\\alpha', '\\R', '\\foo', '\\norm{x}', '\\input{/etc/passwd}', '\\def\\x{\\x}\\x', '\\catcode`\\@=11',
  '\\csname relax\\endcsname', '^^5c', '\\\\', '&', '%', '#', '\\left(', '\\right)', '\\begin{pmatrix}', '\\end{pmatrix}', '\\text{é}', 'α', '≤',
  '\\section{x}', '\\H', '\\end{document}', '\\begin{align}', '\\end{align}', '\\write18{ls}', '\\newcommand{\\y}{1}', '$', '\\mathbb{R}', '\\sqrt',
  '1', '+', '=', ' ', '\\label{a}', '\\tag{1}', '\\color{red}', '\\hline', '\\item', '\\L', '\\c', '\\lgrule', '\\verb', '\\\\[3pt]', '中', '\\operatorname*{arg}',
];
const ASCII_MATH = ['x^2', 'a_i', 'sqrt(2)', '>=', '<=', '!=', '->', '+-', 'alpha = 3', 'e^(i*pi)', 'x_{n+1}', '1/2', 'lambda^2', 'f(x) = x^2 + 1', 'a_b_c', 'x^^2'];

export const word = fc.stringMatching(/^[A-Za-z]{1,10}$/);
const special = fc.constantFrom(...SPECIALS);
const unicode = fc.oneof({ weight: 12, arbitrary: fc.constantFrom(...UNICODE) }, { weight: 1, arbitrary: fc.constantFrom(...SCRIPTS) });
export const mathBody = fc.array(fc.constantFrom(...MATH_TOKENS), { minLength: 1, maxLength: 10 }).map((a) => a.join(''));
const math = fc.oneof(
  mathBody.map((b) => `$${b}$`),
  mathBody.map((b) => `$$${b}$$`),
  mathBody.map((b) => `\\(${b}\\)`),
  mathBody.map((b) => `\\[${b}\\]`),
  mathBody.map((b) => `\n$$\n${b}\n$$\n`),
);
export const inlineText = fc
  .array(fc.oneof({ weight: 4, arbitrary: word }, special, unicode, math, fc.constantFrom(...ASCII_MATH)), { minLength: 1, maxLength: 10 })
  .chain((parts) => fc.constantFrom(' ', '', '  ').map((sep) => parts.join(sep)));

const cells = fc.array(inlineText.map((t) => t.replace(/[\n,|]/g, ' ')), { minLength: 1, maxLength: 7 });
const tag: fc.Arbitrary<string> = fc.oneof(
  mathBody.map((b) => `<MATHEQ>\n${b}\n</MATHEQ>`),
  fc.tuple(cells, fc.array(cells, { maxLength: 6 })).map(([h, rows]) => `<TABLE>\nheaders: ${h.join(', ')}\n${rows.map((r) => `row: ${r.join(', ')}`).join('\n')}\n</TABLE>`),
  fc.tuple(inlineText, inlineText).map(([d, c]) => `<FIGURE>\ndescription: ${d}\ncaption: ${c}\n</FIGURE>`),
  fc.tuple(inlineText, inlineText, fc.constantFrom('', '<MATHEQ>x^2</MATHEQ>', '<LIST>a; b</LIST>')).map(([t, c, nested]) => `<SECTION>\ntitle: ${t}\ncontent: ${c}\n${nested}\n</SECTION>`),
  fc.array(inlineText, { minLength: 1, maxLength: 6 }).map((items) => `<LIST>\n${items.join('; ')}\n</LIST>`),
  fc.tuple(inlineText, inlineText).map(([t, c]) => `<SLIDE>\ntitle: ${t}\ncontent: ${c}\n</SLIDE>`),
  fc.constantFrom('<TABLE>', '</SECTION>', '<FIGURE>\ncaption: x', '<LIST></SLIDE>', '<MATHEQ></MATHEQ>', '<SLIDE>\n<SLIDE>\ntitle: a\n</SLIDE>', '<TABLE>\n</TABLE>'),
);

const markdownBlock: fc.Arbitrary<string> = fc.oneof(
  fc.tuple(fc.integer({ min: 1, max: 6 }), inlineText).map(([n, t]) => `${'#'.repeat(n)} ${t}`),
  fc.array(fc.tuple(fc.constantFrom('- ', '* ', '1. ', '  - ', '    - ', '- [ ] ', '- [x] ', '3) ', '        - '), inlineText), { minLength: 1, maxLength: 6 }).map((items) => items.map(([m, t]) => `${m}${t}`).join('\n')),
  fc.tuple(fc.constantFrom('', 'js', 'python', 'latex'), inlineText).map(([lang, t]) => `\`\`\`${lang}\n${t}\n\\end{lstlisting}\n\`\`\``),
  inlineText.map((t) => `> ${t}\n> > ${t}`),
  fc.tuple(inlineText, inlineText).map(([a, b]) => `| ${a.replace(/\n/g, ' ')} | b |\n|:--|--:|\n| ${b.replace(/\n/g, ' ')} | x |`),
  fc.tuple(word, inlineText).map(([w, t]) => `[${t}](http://example.com/${w}?a=1&b=_%20#x) and <https://x.org/~${w}>`),
  fc.tuple(word, inlineText).map(([w, t]) => `![${t}](${w}.png "title")`),
  inlineText.map((t) => `*${t}* **${t}** ~~${t}~~ \`${t}\``),
  inlineText.map((t) => `Text[^n]\n\n[^n]: ${t}`),
  inlineText.map((t) => `<div>${t}</div>\n\n<!-- ${t} -->`),
  inlineText.map((t) => `${t}\n===\n\n---\n`),
  fc.constantFrom('TITLE IN CAPS', '1.1 Background', '• bullet one\n• bullet two', 'o item\no other', 'Dear Sir,', 'Sincerely,\nJane', 'title: A title', 'Step 1: mix\nStep 2: bake', '---\ntitle: Front\nauthor:\n- A\n---'),
);

export const note = fc
  .array(fc.oneof({ weight: 3, arbitrary: markdownBlock }, { weight: 2, arbitrary: tag }, { weight: 3, arbitrary: inlineText }), { minLength: 1, maxLength: 5 })
  .chain((blocks) => fc.constantFrom('\n', '\n\n', ' ').map((sep) => blocks.join(sep)));

export interface RandomCase {
  content: string;
  documentType: DocumentType;
  useMath: boolean;
  splitTables: boolean;
}

export const randomCase: fc.Arbitrary<RandomCase> = fc.record({
  content: note,
  documentType: fc.constantFrom(...DOCUMENT_TYPES),
  useMath: fc.boolean(),
  splitTables: fc.boolean(),
});
