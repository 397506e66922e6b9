// Code pasted among a note's lines with no fence, indent or blank line around it ("In
// postgresql.conf:" over "shared_preload_libraries = 'pg_stat_statements'", a SQL query after a
// sentence): runs of lines that open as code and go on as code, found line by line.
import { CONSTANT, FILE_COMMENT, IMPORT, PROGRAM_LINE, SQL_LINE, SQL_START, STRONG_CODE, isCodeLike, readsAsCode } from './code.js';
import type { NoteLine } from './lines.js';

/** "shared_preload_libraries = 'pg_stat_statements'", "pg_stat_statements.track = all": a setting of a file, two words of its key at least three letters long. */
function setting(t: string): boolean {
  // "DB_POOL_MAX=5", "export NODE_ENV=production": an environment variable's line of a .env file or a shell.
  if (/^(?:export\s+)?[A-Z][A-Z\d]*(?:_[A-Z\d]+)+=(?:'[^'\n]*'|"[^"\n]*"|[^\s'"]*)$/.test(t)) return true;
  const m = /^([a-z][a-z\d]*(?:[_.][a-z\d]+)+)\s*=\s*(?:'[^']*'|"[^"]*"|[\w.-]+)$/.exec(t);
  return m !== null && (m[1] ?? '').split(/[_.]/).filter((w) => w.length >= 3).length >= 2;
}

function opens(t: string): boolean {
  if (FILE_COMMENT.test(t)) return true;
  // (Or a program's command, "git switch main", over more: a terminal's session typed into the slide.)
  // (Or an assignment from a method's call, "df.columns = (df.columns.str.strip()", "df["n"] = df["n"].apply(f)".)
  return SQL_START.test(t) || STRONG_CODE.test(t) || IMPORT.test(t) || setting(t) || CONSTANT.test(t) || PROGRAM_LINE.test(t) || (/^[A-Za-z_][\w.]{0,40}(?:\[[^\]\s]{1,40}\])?\s*=\s*\S/.test(t) && /\w\.\w+\(/.test(t));
}

/** A line of words: a sentence, or eight words and more. */
function prose(t: string): boolean {
  const words = t.split(/\s+/).filter((w) => /^[\p{L}'’]+[,.;:!?]?$/u.test(w) && !(SQL_START.test(t) && /^[A-Z]+$/.test(w))).length;
  return (/[.!?]$/.test(t) && words >= 4) || words >= 8;
}

function goesOn(line: NoteLine, first: NoteLine): boolean {
  const t = line.text.trim();
  if (t === '' || prose(t)) return false;
  // (Lines as indented as an indented first one are the run's too: a command's output, " count" / "-------".)
  // (So is a closing brace on its own: a function's end.)
  return line.indent > first.indent || (first.indent > 0 && line.indent >= first.indent) || opens(t) || SQL_LINE.test(t) || isCodeLike(t) || /^[\w.]+;?$/.test(t) || /^[}\])]{1,4}[;,)]?$/.test(t);
}

/** A member of a JSON object or array on its line: `"campaign": "x",`, a value, a bracket. */
const JSON_LINE = /^(?:"[^"\n]{0,200}"\s*:|[[\]{}]|"|-?\d|true\b|false\b|null\b)/;

/** A JSON object or array pasted on lines of its own ("{" … `"key": value,` … "}"): the index after its closing line, or -1. */
function jsonEnd(lines: ReadonlyArray<NoteLine>, i: number): number {
  const open = (lines[i] as NoteLine).text.trim();
  if (open !== '{' && open !== '[') return -1;
  const close = open === '{' ? /^\}[,;]?$/ : /^\][,;]?$/;
  for (let j = i + 1; j < lines.length && j - i <= 200; j++) {
    const t = (lines[j] as NoteLine).text.trim();
    if (close.test(t) && (lines[j] as NoteLine).indent === (lines[i] as NoteLine).indent) return j - i >= 2 ? j + 1 : -1;
    if (t === '' || !JSON_LINE.test(t)) return -1;
  }
  return -1;
}

/** A YAML key on its line, with its value if any: `replicaCount: 6`, `image:`, `  tag: v3.18.0`. */
const YAML_KEY = /^([A-Za-z_][\w.-]{0,40}):(?:[ \t]+(\S.*))?$/;

/**
 * A YAML file's lines pasted without a fence ("replicaCount: 6" / "image:" / "  repository: …"): keys
 * nested by indentation, short values, one key at least named as code names things (camelCase,
 * snake_case). The index after its last line, or -1. (A person's labelled lines, "Date: 12 May" /
 * "Place: Room 4", nest nothing and name nothing so.)
 */
function yamlEnd(lines: ReadonlyArray<NoteLine>, i: number): number {
  const base = (lines[i] as NoteLine).indent;
  let j = i;
  let nested = false;
  let valued = 0;
  let named = false;
  for (; j < lines.length && j - i < 200; j++) {
    const l = lines[j] as NoteLine;
    const t = l.text.trim();
    if (l.indent < base || t === '') break;
    const key = YAML_KEY.exec(t);
    const item = /^- \S/.test(t) && l.indent > base;
    if (!key && !item) break;
    const value = (key?.[2] ?? '').replace(/\s+#.*$/, '');
    if (value.split(/\s+/).length > 3) break;
    if (l.indent > base) nested = true;
    if (key?.[2]) valued++;
    if (key && /_|[a-z][A-Z]/.test(key[1] ?? '')) named = true;
  }
  return j - i >= 3 && nested && valued >= 2 && named ? j : -1;
}

/** Runs of code among the lines, as [first, after-last] pairs. */
export function codeRuns(lines: ReadonlyArray<NoteLine>): Array<[number, number]> {
  const out: Array<[number, number]> = [];
  for (let i = 0; i < lines.length; i++) {
    const first = lines[i] as NoteLine;
    const t = first.text.trim();
    // JSON and YAML pasted on lines of their own are data files, verbatim.
    const data = Math.max(jsonEnd(lines, i), yamlEnd(lines, i));
    if (data > i) {
      out.push([i, data]);
      i = data - 1;
      continue;
    }
    if (!opens(t) || prose(t)) continue;
    let j = i + 1;
    // (A statement ends at its semicolon, unless the first line opens a block: "function median(arr) {"
    // goes on past its statements' semicolons to its closing brace.)
    const block = /\{$/.test(t);
    while (j < lines.length && j - i < 60 && (block || !/;$/.test((lines[j - 1] as NoteLine).text.trim())) && goesOn(lines[j] as NoteLine, first)) j++;
    const texts = lines.slice(i, j).map((l) => l.text);
    const afterLabel = i > 0 && /:$/.test((lines[i - 1] as NoteLine).text.trim());
    // (A clause alone, "WHERE created_at >= '2025-01-31' AND …": its keywords in capitals, a comparison and a name or a literal.)
    const clause = SQL_START.test(t) && / (?:AND|OR|FROM|WHERE|SET|VALUES|ON|BY|AS|IS|NOT|LIKE|BETWEEN) |[<>=]/.test(t) && /\w_\w|'[^']*'/.test(t);
    const statement = SQL_START.test(t) && (/;$/.test((lines[j - 1] as NoteLine).text.trim()) || clause);
    // (Lines of a settings file one after another, "DB_POOL_MAX=5" / "DB_POOL_TIMEOUT_MS=2000", are its lines.)
    const settings = texts.map((x) => x.trim()).filter((x) => !FILE_COMMENT.test(x));
    if ((j - i >= 2 && (readsAsCode(texts) || (settings.length >= 2 && settings.every(setting)))) || statement || (afterLabel && (setting(t) || CONSTANT.test(t) || PROGRAM_LINE.test(t)))) {
      // (Statements one after another, "CREATE INDEX …;" then "ANALYZE orders;": one piece of code.)
      const last = out[out.length - 1];
      if (last && last[1] === i) last[1] = j;
      else out.push([i, j]);
      i = j - 1;
    }
  }
  return out;
}
