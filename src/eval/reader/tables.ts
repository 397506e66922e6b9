// Tables as a reader checks them: every row has as many cells as the table has columns (after
// \multicolumn spans), and a line break the note put inside a cell (`<br>`) is still one.
import { environments } from './tex-scan.js';
import { result, type CheckResult, type ReaderInput } from './types.js';

const TABLE_ENVS = ['tabular', 'tabularx', 'longtable', 'tabulary', 'tblr'];

/** Columns of a column specification: l c r X p{..} m{..} b{..} S, with `*{n}{..}`, `>{..}` `<{..}` `@{..}` `!{..}` and `|` skipped. */
export function specColumns(spec: string): number {
  let n = 0;
  for (let i = 0; i < spec.length; i++) {
    const c = spec[i] as string;
    if (c === '*' && spec[i + 1] === '{') {
      const close = spec.indexOf('}', i);
      const times = Number(spec.slice(i + 2, close));
      const open2 = spec.indexOf('{', close);
      const end2 = matching(spec, open2);
      n += (Number.isFinite(times) ? times : 1) * specColumns(spec.slice(open2 + 1, end2));
      i = end2;
      continue;
    }
    if ('><@!'.includes(c) && spec[i + 1] === '{') {
      i = matching(spec, i + 1);
      continue;
    }
    if ('pmb'.includes(c) && spec[i + 1] === '{') {
      n++;
      i = matching(spec, i + 1);
      continue;
    }
    if ('lcrXSLCRJY'.includes(c)) n++;
  }
  return n;
}

function matching(s: string, open: number): number {
  let depth = 0;
  for (let i = open; i < s.length; i++) {
    if (s[i] === '{') depth++;
    else if (s[i] === '}' && --depth === 0) return i;
  }
  return s.length;
}

/** Splits at `sep` outside braces (and not escaped). */
function splitTop(s: string, sep: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let from = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s[i];
    if (c === '\\') {
      if (sep === '\\\\' && s[i + 1] === '\\' && depth === 0) {
        parts.push(s.slice(from, i));
        from = i + 2;
        i++;
        continue;
      }
      i++;
      continue;
    }
    if (c === '{') depth++;
    else if (c === '}') depth--;
    else if (depth === 0 && c === sep) {
      parts.push(s.slice(from, i));
      from = i + 1;
    }
  }
  parts.push(s.slice(from));
  return parts;
}

const RULES = /\\(?:hline|toprule|midrule|bottomrule|cline\{[^}]*\}|cmidrule(?:\([^)]*\))?\{[^}]*\}|endhead|endfirsthead|endfoot|endlastfoot|addlinespace|rowcolor\{[^}]*\}|noalign\{[^}]*\}|caption\{[^}]*\}|label\{[^}]*\}|hiderowcolors|showrowcolors)/g;

export interface TableShape {
  columns: number;
  /** Rows whose cell count (after spans) differs from the columns. */
  badRows: number;
  rows: number;
  /** Line breaks inside cells. */
  cellBreaks: number;
}

export function tableShapes(tex: string): TableShape[] {
  const out: TableShape[] = [];
  for (const env of environments(tex, TABLE_ENVS)) {
    let rest = tex.slice(env.contentStart, env.contentEnd);
    // The width argument of tabularx, then the column specification.
    if (env.name === 'tabularx') rest = rest.slice(matching(rest, rest.indexOf('{')) + 1);
    rest = rest.replace(/^\s*\[[^\]]*\]/, '');
    const open = rest.indexOf('{');
    if (open === -1) continue;
    const close = matching(rest, open);
    const columns = specColumns(rest.slice(open + 1, close));
    const rowsSrc = splitTop(rest.slice(close + 1), '\\\\');
    let rows = 0;
    let badRows = 0;
    let cellBreaks = 0;
    for (const raw of rowsSrc) {
      const row = raw.replace(RULES, '').replace(/^\s*\[[^\]]*\]/, '');
      if (row.trim() === '') continue;
      rows++;
      const cells = splitTop(row, '&');
      let count = 0;
      for (const cell of cells) {
        const span = /\\multicolumn\{(\d+)\}/.exec(cell);
        count += span ? Number(span[1]) : 1;
        cellBreaks += (cell.match(/\\newline\b|\\linebreak\b|\\\\|\\par\b/g) ?? []).length;
      }
      if (count !== columns) badRows++;
    }
    out.push({ columns, badRows, rows, cellBreaks });
  }
  return out;
}

/** Line breaks the note writes inside table cells: `<br>` in pipe-table rows and HTML cells. */
export function noteCellBreaks(input: ReaderInput): number {
  let n = 0;
  for (const l of input.lines) {
    if (l.literal) continue;
    const t = l.text.trim();
    if (!(t.startsWith('|') || /<t[dh][\s>]/i.test(t))) continue;
    n += (t.match(/<br\s*\/?>/gi) ?? []).length;
  }
  return n;
}

export function checkTables(input: ReaderInput): CheckResult {
  const defects: string[] = [];
  const shapes = tableShapes(input.tex);
  const bad = shapes.filter((s) => s.badRows > 0);
  if (bad.length) defects.push(`${bad.reduce((s, t) => s + t.badRows, 0)} table row(s) with shifted or missing cells in ${bad.length} table(s)`);
  const wanted = noteCellBreaks(input);
  const kept = shapes.reduce((s, t) => s + t.cellBreaks, 0);
  if (wanted > 0 && kept < wanted) defects.push(`${wanted - kept} of ${wanted} line breaks inside table cells lost`);
  return result(defects);
}
