// Markup left in the PDF's text: the syntax of every note format the readers know, template and
// shortcode syntax, and LaTeX command names printed as words. What the note itself shows
// literally (its code blocks and inline code) may print as it is: each pattern's count in the
// PDF is compared with its count in the note's literal text, and only the excess is a defect.
// Every pattern is linear (bounded repetitions, no nested quantifiers).
import { htmlTagNames } from 'html-tag-names';
import { literalText } from './note-scan.js';
import { result, type CheckResult, type ReaderInput } from './types.js';

interface Pattern {
  name: string;
  re: RegExp;
  /** Which matches count (all of them by default). */
  counts?: (match: string) => boolean;
}

const HTML_TAGS = new Set(htmlTagNames);

/**
 * An HTML tag a reader takes for markup: an element HTML knows, or any tag with attributes, a
 * self-closing slash or a JSX component's humped name. "<branch-name>", "<hash>" and "List<T>" are
 * placeholders the person typed, printed as they typed them.
 */
function markupTag(tag: string): boolean {
  const name = /^<\/?([a-zA-Z][a-zA-Z0-9-]*)/.exec(tag)?.[1] ?? '';
  return HTML_TAGS.has(name.toLowerCase()) || /=|\/>$/.test(tag) || /^\p{Lu}\p{Ll}+\p{Lu}/u.test(name);
}

export const MARKUP_PATTERNS: Pattern[] = [
  { name: 'Markdown bold', re: /\*\*[^\s*]|[^\s*]\*\*/g },
  { name: 'Markdown heading mark', re: /^[ \t]*#{1,6}[ \t]+\S/gm },
  { name: 'Markdown link', re: /\]\([^)\s]{1,300}\)|!\[[^\]\n]{0,200}\]/g },
  { name: 'code fence', re: /```|~~~/g },
  { name: 'strike-through mark', re: /~~[^\s~]/g },
  // (Not an index or an interval: df[["a"]], lst[[1]], i ∈ [[1,n]].)
  { name: 'wiki link', re: /(?<![\w)\]])\[\[(?!["'\d])/g },
  { name: 'footnote mark', re: /\[\^[^\]\s]{1,30}\]/g },
  { name: 'emoji shortcode', re: /(?:^|[\s(])(:[a-z][a-z0-9_+-]{1,30}:)(?=[\s.,;!?)]|$)/gm },
  { name: 'slot or directive', re: /(?:^|\s)::?[a-zA-Z][\w-]{0,30}::|^[ \t]*:::/gm },
  { name: 'attribute braces', re: /\{:[^}\n]{0,100}\}|\{[#.][A-Za-z][\w-]{0,40}(?:[ \t][^}\n]{0,80})?\}/g },
  { name: 'template tag', re: /\{\{|\}\}|\{%|%\}/g },
  { name: 'MDX comment', re: /\{\/\*|\*\/\}/g },
  { name: 'HTML tag', re: /<\/?[a-zA-Z][a-zA-Z0-9-]{0,20}(?:[ \t][^<>\n]{0,200})?\/?>/g, counts: markupTag },
  { name: 'HTML comment', re: /<!--|-->/g },
  { name: 'character entity', re: /&(?:[a-zA-Z]{2,8}|#\d{2,6}|#x[0-9a-fA-F]{2,6});/g },
  { name: 'Logseq property', re: /^[ \t]*[a-z][\w-]{0,30}:: /gm },
  { name: 'org keyword', re: /^[ \t]*#\+[a-zA-Z_]{2,30}/gm },
  { name: 'reStructuredText markup', re: /^[ \t]*\.\. [a-z][\w-]{0,30}::|:[a-z][\w-]{0,30}:`/gm },
  { name: 'AsciiDoc macro', re: /\b(?:stem|latexmath|asciimath|link|image|xref|kbd|btn|footnote|include|pass|mailto):{1,2}[^\s[]{0,200}\[/g },
  { name: 'AsciiDoc attribute', re: /^[ \t]*:[a-zA-Z][\w-]{0,30}:(?:[ \t]|$)|^\[(?:source|quote|verse|cols|NOTE|TIP|WARNING|IMPORTANT|CAUTION)\b[^\]\n]{0,100}\]$/gm },
  { name: 'Typst markup', re: /#(?:set|let|show|import|include)[ \t]|#[a-z][\w-]{0,30}\(/g },
  { name: 'LaTeX command', re: /\\[a-zA-Z]{2,}/g },
  { name: 'separator line', re: /^[ \t]*(?:-{4,}|={4,}|\*{3,}|_{4,}|~{4,}|\+{4,}|#{4,})[ \t]*$/gm },
  { name: 'image directive', re: /\b(?:width|height|w|h):\d{1,4}(?:px|%|em)?\b/g },
  { name: 'checkbox brackets', re: /\[[ xX]\](?=[ \t])/g },
  { name: 'table pipes', re: /^[ \t]*\|[^\n]{0,2000}\|[ \t]*$|\|[ \t]*:?-{3,}/gm },
];

function count(re: RegExp, text: string, counts: (match: string) => boolean = () => true): { n: number; example: string } {
  let n = 0;
  let example = '';
  re.lastIndex = 0;
  for (let m = re.exec(text); m !== null; m = re.exec(text)) {
    if (m[0] === '') {
      re.lastIndex++;
      continue;
    }
    if (!counts(m[0])) continue;
    if (n === 0) example = m[0].trim();
    n++;
  }
  return { n, example };
}

/** Commands whose names a formula prints as words (\sin → "sin"): not markup when they show. */
const NAMES_THAT_PRINT = new Set(
  'sin cos tan cot sec csc arcsin arccos arctan sinh cosh tanh coth log ln lg exp lim liminf limsup max min sup inf det dim ker deg gcd hom arg Pr mod bmod pmod text textrm textit textbf mathrm operatorname'.split(' '),
);

function wordCount(text: string, word: string, notAfterBackslash: boolean): number {
  let n = 0;
  for (let i = text.indexOf(word); i !== -1; i = text.indexOf(word, i + word.length)) {
    const before = text[i - 1] ?? ' ';
    const after = text[i + word.length] ?? ' ';
    if (/\p{L}/u.test(before) || /\p{L}/u.test(after)) continue;
    if (notAfterBackslash && before === '\\') continue;
    n++;
  }
  return n;
}

/** `\ldots` printed as "ldots": command names of the note found as words in the PDF more often than the note writes them. */
function commandNamesAsWords(input: ReaderInput, definedByNote: Set<string>): string[] {
  const names = new Set<string>();
  const re = /\\([A-Za-z]{3,30})(?![A-Za-z])/g;
  for (let m = re.exec(input.note); m !== null; m = re.exec(input.note)) names.add(m[1] ?? '');
  const defects: string[] = [];
  for (const name of names) {
    if (NAMES_THAT_PRINT.has(name) || definedByNote.has(name)) continue;
    const inPdf = wordCount(input.pdfText, name, false);
    if (inPdf === 0) continue;
    if (inPdf > wordCount(input.note, name, true)) defects.push(`"${name}" printed as a word (\\${name})`);
  }
  return defects;
}

/**
 * Names the note defines itself (\newcommand{\Var}…, \DeclareMathOperator{\Var}{Var}), and the
 * keys of a `macros:` mapping in its front matter (KaTeX's and MathJax's setting).
 */
export function noteDefinedNames(note: string): Set<string> {
  const out = new Set<string>();
  const re = /\\(?:newcommand|renewcommand|providecommand|DeclareMathOperator\*?|def)\s*\{?\\([A-Za-z]+)/g;
  for (let m = re.exec(note); m !== null; m = re.exec(note)) out.add(m[1] ?? '');
  const front = /^---[ \t]*\n([\s\S]{0,20000}?)\n(?:---|\.\.\.)[ \t]*(?:\n|$)/.exec(note.replace(/^\uFEFF/, ''))?.[1] ?? '';
  const found = /(?:^|[\s{,])macros:/.exec(front);
  if (found) {
    const from = found.index + found[0].length;
    // Keys from `macros:` to the next line that is not indented deeper (a flow mapping stays on its line).
    const lineStart = front.lastIndexOf('\n', from - 'macros:'.length - 1) + 1;
    const indent = front.slice(lineStart).length - front.slice(lineStart).trimStart().length;
    const [first = '', ...others] = front.slice(from).split('\n');
    const lines = [first];
    for (const l of others) {
      if (l.trim() !== '' && l.length - l.trimStart().length <= indent) break;
      lines.push(l);
    }
    const text = lines.join('\n');
    const key = /(?:^|[\s{,])["']?\\{0,2}([A-Za-z]+)["']?[ \t]*:(?:[ \t]|$)/gm;
    for (let m = key.exec(text); m !== null; m = key.exec(text)) out.add(m[1] ?? '');
  }
  return out;
}

/** Front-matter keys that are settings, not content, printed as "Key: value" (a reader sees the note's machinery). */
const CONTENT_KEYS = new Set(['city', 'place', 'modified', 'updated', 'created', 'published', 'lastmod', 'last_modified', 'version', 'status', 'title', 'subtitle', 'author', 'authors', 'date', 'abstract', 'description', 'summary', 'subject', 'institute', 'institution', 'affiliation', 'organization', 'address', 'opening', 'closing', 'signature', 'name', 'from', 'to', 'cc', 'encl', 'keywords', 'course', 'location', 'email', 'phone']);

function frontMatterKeysPrinted(input: ReaderInput): string[] {
  const keys = new Set<string>();
  for (const l of input.lines) {
    if (!l.frontMatter) continue;
    const m = /^([A-Za-z][\w.-]{1,30})\s*:/.exec(l.text);
    if (m?.[1] && !CONTENT_KEYS.has(m[1].toLowerCase())) keys.add(m[1]);
  }
  const out: string[] = [];
  const pdf = input.pdfText.toLowerCase();
  for (const key of keys) {
    const shown = key.toLowerCase().replace(/[_-]/g, ' ');
    for (const form of [`${key.toLowerCase()}:`, `${shown}:`]) {
      const at = pdf.indexOf(form);
      if (at !== -1 && (at === 0 || !/[\p{L}\p{N}]/u.test(pdf[at - 1] ?? ''))) {
        out.push(`front-matter key "${key}" printed`);
        break;
      }
    }
  }
  return out;
}

/** Lines of the note's code with straight quotes that the PDF prints with typographic ones (code that no longer runs). */
function codeQuotesCurled(input: ReaderInput): string[] {
  const pdf = input.pdfText.replace(/\s+/g, ' ');
  let curled = 0;
  let example = '';
  for (const l of input.lines) {
    if (!l.literal || l.frontMatter || !l.text.includes('"')) continue;
    const t = l.text.trim().replace(/\s+/g, ' ');
    if (t.length < 6 || pdf.includes(t)) continue;
    if (pdf.includes(t.replace(/"/g, '”')) || pdf.includes(t.replace(/"/g, '“')) || pdf.includes(t.replace(/"(?=\S)/g, '“').replace(/(?<=\S)"/g, '”'))) {
      curled++;
      example ||= t;
    }
  }
  return curled ? [`straight quotes in ${curled} code line(s) printed curly ("${example.slice(0, 40)}")`] : [];
}

export function checkMarkup(input: ReaderInput): CheckResult {
  const literal = literalText(input.lines);
  const defects: string[] = [];
  for (const p of MARKUP_PATTERNS) {
    const inPdf = count(p.re, input.pdfText, p.counts);
    if (inPdf.n === 0) continue;
    const excess = inPdf.n - count(p.re, literal, p.counts).n;
    if (excess > 0) defects.push(`${p.name} ×${excess} ("${inPdf.example.slice(0, 40)}")`);
  }
  defects.push(...commandNamesAsWords(input, noteDefinedNames(input.note)));
  defects.push(...frontMatterKeysPrinted(input));
  defects.push(...codeQuotesCurled(input));
  return result(defects);
}
