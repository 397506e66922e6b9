// Title, author and date as a reader judges them: a real title (no placeholder, no markup) that
// is not printed again as the first line of the body; the note's named author on the title
// page; the note's own date rather than today's; a date in words in the note's language.
import { noteDate } from './dates.js';
import { mainLanguage } from './direction.js';
import { languageCode, monthLanguages, noteLanguage, withoutMath } from './language.js';
import { proseText, type NoteLine } from './note-scan.js';
import { commandUses, detex, documentBody, firstArg, normalize } from './tex-scan.js';
import { result, type CheckResult, type ReaderInput } from './types.js';

const PLACEHOLDERS = new Set([
  'title', 'untitled', 'untitled document', 'document', 'new document', 'my document', 'test', 'draft',
  'document title', 'your title', 'title here', 'titre', 'sans titre', 'titel', 'ohne titel', 'titulo', 'sin titulo',
  'senza titolo', 'sem titulo', 'без названия', 'заголовок', 'untitled note', 'new note', 'slide', 'presentation',
]);

export function isPlaceholderTitle(title: string): boolean {
  const n = normalize(title);
  return [...n].length <= 1 || PLACEHOLDERS.has(n);
}

/** Markup a reader would see in a title: Markdown marks, TeX commands, braces, shortcodes, tags. */
export function titleMarkup(printed: string): string | null {
  const m = /\*\*|__|^\s*#|\\[a-zA-Z]{2,}|[{}$]|\[\[|\]\(|(?:^|\s):[a-z_]{2,30}:(?:\s|$)|<\/?[a-zA-Z][a-zA-Z0-9]{0,10}[\s>]/.exec(printed);
  return m ? m[0].trim() : null;
}

const AUTHOR_LINE = /^\s*(?:author|authors|by|written by|name|student|owner|auteur|autor|autora|verfasser|nom|nombre|имя|автор|作者|著者|저자)\s*[:：-]\s*(.{2,80})$/i;
const BYLINE = /^\s*(?:by|par|von|por|di)\s+(\p{Lu}.{1,60})$/u;
const FRONT_AUTHOR = /^\s*["']?(?:author|authors)["']?\s*[:=]\s*(.*)$/i;

/** The author(s) the note names: front matter, an "Author:" line, or a "by X" byline near the top. */
export function noteAuthor(lines: NoteLine[]): string | null {
  for (let k = 0; k < lines.length; k++) {
    const l = lines[k] as NoteLine;
    if (!l.frontMatter) continue;
    const m = FRONT_AUTHOR.exec(l.text);
    if (!m) continue;
    const value = (m[1] ?? '').trim().replace(/^["'[]|["'\]]$/g, '');
    if (value) return value;
    // A YAML list on the next lines: `- name: X` or `- X`.
    const next = lines[k + 1]?.text ?? '';
    const item = /^\s*-\s*(?:name:\s*)?["']?([^"'\n]{2,80})/.exec(next);
    if (item?.[1]) return item[1].trim();
  }
  const content = lines.filter((l) => !l.literal && l.text.trim() !== '').slice(0, 8);
  for (const l of content) {
    const m = AUTHOR_LINE.exec(l.text) ?? BYLINE.exec(l.text) ?? /^\s*#\+author:\s*(.+)$/i.exec(l.text) ?? /^\s*:author:\s*(.+)$/i.exec(l.text);
    if (m?.[1]) return m[1].trim();
  }
  return null;
}

/** The first unit of the body after the title block: a heading's text or the first paragraph. */
export function firstBodyUnit(tex: string): string {
  let body = documentBody(tex);
  const after = ['\\maketitle', '\\titlepage'].map((m) => body.indexOf(m)).filter((i) => i !== -1);
  if (after.length) {
    body = body.slice(Math.min(...after));
    body = body.slice(body.indexOf('\n') + 1);
    if (body.trimStart().startsWith('\\end{frame}')) body = body.slice(body.indexOf('\\end{frame}') + '\\end{frame}'.length);
  }
  // Skip what prints nothing: blank lines, comments, \tableofcontents, \newpage, frame openers' options.
  const lines = body.split('\n');
  const unit: string[] = [];
  for (const line of lines) {
    const t = line.trim();
    if (unit.length === 0 && (t === '' || t.startsWith('%') || /^\\(?:tableofcontents|newpage|clearpage|noindent|medskip|bigskip|vspace|thispagestyle|pagestyle|begin\{(?:abstract|letter)\}|selectlanguage|setcounter)\b/.test(t))) continue;
    if (unit.length > 0 && t === '') break;
    const frame = /^\\begin\{frame\}(?:\[[^\]]*\])?\{(.*)\}\\relax$/.exec(t);
    if (frame) {
      if (frame[1]) return detex(frame[1]);
      continue;
    }
    unit.push(line);
    if (/^\\(?:chapter|section|subsection)\*?\{/.test(t)) break;
  }
  return detex(unit.join('\n'));
}

function dateDefects(input: ReaderInput, printedDate: string | undefined): string[] {
  const defects: string[] = [];
  const own = noteDate(input.lines);
  const today = printedDate !== undefined && /\\today/.test(printedDate);
  if (own && today) defects.push(`today's date instead of the note's own ("${own.text.slice(0, 30)}")`);
  // A letter is dated the day it is written; any other note that gives no date gets none.
  else if (!own && today && input.type !== 'letter') defects.push(`today's date added to a note that has none`);
  else if (own && printedDate !== undefined && own.year !== undefined && !detex(printedDate).includes(String(own.year))) {
    const shown = detex(printedDate).trim();
    if (shown) defects.push(`date "${shown.slice(0, 30)}" is not the note's own ("${own.text.slice(0, 30)}")`);
  }
  const lang = noteLanguage(withoutMath(proseText(input.lines)));
  // The note's own date as the note writes it is right in any language.
  const asWritten = own !== null && printedDate !== undefined && normalize(detex(printedDate)).includes(normalize(own.text));
  if (lang && printedDate !== undefined && !asWritten) {
    if (today) {
      const main = languageCode(mainLanguage(input.tex));
      if (main && main !== lang) defects.push(`date printed in ${main} on a ${lang} note`);
    } else {
      const langs = monthLanguages(detex(printedDate));
      if (langs.size > 0 && !langs.has(lang)) defects.push(`date in ${[...langs].join('/')} on a ${lang} note`);
    }
  }
  return defects;
}

export function checkTitleBlock(input: ReaderInput): CheckResult {
  const defects: string[] = [];
  const titleSrc = firstArg(input.tex, 'title');
  const title = titleSrc === undefined ? '' : detex(titleSrc).trim();
  const hasTitlePage = /\\maketitle|\\titlepage/.test(input.tex);
  if (input.type !== 'letter' && titleSrc !== undefined && hasTitlePage) {
    // An empty \title (a note with an author or a date but no title) prints nothing: no placeholder.
    if (title !== '' && isPlaceholderTitle(title)) defects.push(`placeholder title "${title}"`);
    const markup = titleMarkup(title);
    if (markup) defects.push(`markup in the title ("${markup}")`);
    const first = normalize(firstBodyUnit(input.tex));
    const t = normalize(title);
    if (t && first && (first === t || (first.startsWith(t) && first.split(' ').length - t.split(' ').length <= 4))) {
      defects.push(`title repeated as the first line of the body`);
    }
  }
  const author = noteAuthor(input.lines);
  if (author && input.type !== 'letter') {
    const shown = normalize(detex(firstArg(input.tex, 'author') ?? ''));
    const name = normalize(author).split(' ').filter((w) => w.length > 1);
    if (name.length && !name.some((w) => shown.includes(w))) defects.push(`author "${author.slice(0, 40)}" not on the title page`);
    const first = normalize(firstBodyUnit(input.tex));
    if (hasTitlePage && name.length && shown && name.every((w) => first.includes(w)) && first.split(' ').length <= name.length + 4) {
      defects.push('author line repeated in the body');
    }
  }
  const dateUse = commandUses(input.tex, 'date')[0];
  defects.push(...dateDefects(input, dateUse?.args[0]));
  return result(defects);
}
