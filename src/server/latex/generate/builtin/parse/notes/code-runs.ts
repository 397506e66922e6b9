// Code pasted among a note's lines with no fence, indent or blank line around it ("In
// postgresql.conf:" over "shared_preload_libraries = 'pg_stat_statements'", a SQL query after a
// sentence): runs of lines that open as code and go on as code, found line by line.
import { CONSTANT, FILE_COMMENT, IMPORT, PROGRAM_LINE, SQL_LINE, SQL_START, STRONG_CODE, isCodeLike, readsAsCode } from './code.js';
import { htmlTagNames } from 'html-tag-names';
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

/** A Python traceback's head; an exception line that ends it ("AttributeError: 'NoneType' object …"). */
const TRACEBACK = /^Traceback \(most recent call last\):$/;
const EXCEPTION = /^(?:[A-Za-z_][\w.]{0,80}\.)?[A-Z]\w{0,60}(?:Error|Exception|Warning|Exit|Interrupt|Iteration)(?::\s.*)?$/;
/** A stack frame of Java, JavaScript or C#: "    at com.acme.Billing.render(Billing.java:88)". */
const FRAME = /^at\s+\S.{0,300}(?::\d+\)?|\(Native Method\)|\(Unknown Source\))$/;

/**
 * A stack trace pasted without a fence: Python's (the head, its indented frames, the exception
 * line) or a frame list under an error line (Java's "\tat …", Node's "    at …"). The index after
 * its last line, or -1.
 */
function traceEnd(lines: ReadonlyArray<NoteLine>, i: number): number {
  const t = (lines[i] as NoteLine).text.trim();
  const line = (j: number): NoteLine | undefined => lines[j];
  if (TRACEBACK.test(t)) {
    let j = i + 1;
    while (j < lines.length && j - i < 200 && (line(j) as NoteLine).indent > (lines[i] as NoteLine).indent && (line(j) as NoteLine).text.trim() !== '') j++;
    if (j === i + 1) return -1;
    return line(j) && EXCEPTION.test((line(j) as NoteLine).text.trim()) ? j + 1 : j;
  }
  // (An error line, then two frames or more.)
  let j = i + 1;
  while (j < lines.length && j - i < 200 && FRAME.test((line(j) as NoteLine).text.trim())) j++;
  return j - i >= 3 && t !== '' && !FRAME.test(t) ? j : -1;
}

const HTML_TAGS: ReadonlySet<string> = new Set(htmlTagNames);

/**
 * A line of HTML: an element of HTML's own with attributes, or one that opens and closes on the
 * line ("<iframe src=… width=\"640\"></iframe>", "<p>Report a sighting: <a href=…>…</a></p>").
 */
function htmlLine(t: string): boolean {
  // (An attribute's quoted value may hold angle brackets: src="…?mid=<map-id>".)
  const open = /^<([a-z][a-z\d]*)((?:\s+[^\s=<>"'/]+(?:\s*=\s*(?:"[^"]*"|'[^']*'|[^\s<>"']+))?)*)\s*\/?>/.exec(t);
  if (!open || !HTML_TAGS.has(open[1] ?? '')) return false;
  const attributes = /\s[a-z-]+=["']/.test(open[2] ?? '');
  return /<\/[a-z][a-z\d]*>$|\/>$|^<[^<>]*>$/.test(t) && (attributes || t.endsWith(`</${open[1]}>`));
}

function htmlEnd(lines: ReadonlyArray<NoteLine>, i: number): number {
  let j = i;
  while (j < lines.length && j - i < 200 && htmlLine((lines[j] as NoteLine).text.trim())) j++;
  return j > i ? j : -1;
}

/** A sentence that names a file and ends in a colon ("by adding this to ~/.ssh/config:", "In nginx.conf:"): a path or a file's name with its extension. */
const NAMES_FILE = /(?:^|\s)(?:~?\/[\w.-]+(?:\/[\w.-]+)*|\.?[\w-]+\.(?:conf|cfg|ini|toml|ya?ml|json|env|properties|xml|html?|css|scss|js|mjs|ts|tsx|jsx|py|rb|go|rs|java|kt|c|h|cpp|hpp|cs|php|sh|bash|zsh|ps1|sql|lua|r|gradle|tf)|\.(?:bashrc|zshrc|profile|gitignore|gitconfig|npmrc|editorconfig|env)|Dockerfile|Makefile|Gemfile|Procfile|Caddyfile|crontab)\s*:$/;

export function namesFile(line: string): boolean {
  const t = line.trim();
  return t.length <= 200 && NAMES_FILE.test(t);
}

/**
 * The lines from `i` that are the content of a file a sentence just named ("Host github.com" /
 * "  AddKeysToAgent yes"): up to the blank line, none of them a sentence or a list of words ("-
 * fixed the port" is what was changed, not the file). The index after the last, `i` when none.
 */
export function fileLinesEnd(line: (k: number) => string | undefined, i: number): number {
  let j = i;
  for (; j - i < 200; j++) {
    const t = line(j)?.trim();
    if (t === undefined || t === '' || prose(t) || /^\d{1,2}[.)]\s/.test(t) || /^[-*•]\s+\p{L}[^:=]*$/u.test(t) || !fileLike(line(j) as string) || (LEAD.test(t) && /\s/.test(t))) break;
  }
  return j;
}

/** Words ending in a colon, "Restart Postgres, then in the database:": what comes next is said, not the file's. */
const LEAD = /^\p{L}[^:=\n]{0,400}:$/u;

/** A line of a file: indented, with a sign code uses, or opened by a key named as code names things ("AddKeysToAgent yes"). */
function fileLike(l: string): boolean {
  return /^\s/.test(l) || /[=:{}[\]()<>;/."'#$@]/.test(l) || /^[a-z]+[A-Z_-]\w*\b|^[A-Z][a-z]+[A-Z]\w*\b/.test(l.trim());
}

/** Lines under a sentence that names a file, in the same block: the index after the file's last line, or -1. */
function namedFileEnd(lines: ReadonlyArray<NoteLine>, i: number): number {
  if (i === 0 || !namesFile((lines[i - 1] as NoteLine).text)) return -1;
  const j = fileLinesEnd((k) => lines[k]?.text, i);
  return j > i ? j : -1;
}

/** Runs of code among the lines, as [first, after-last] pairs. */
export function codeRuns(lines: ReadonlyArray<NoteLine>): Array<[number, number]> {
  const out: Array<[number, number]> = [];
  for (let i = 0; i < lines.length; i++) {
    const first = lines[i] as NoteLine;
    const t = first.text.trim();
    // JSON and YAML pasted on lines of their own are data files, verbatim.
    // (So are a stack trace, HTML's elements and the lines of a file a sentence names above them.)
    const data = Math.max(jsonEnd(lines, i), yamlEnd(lines, i), traceEnd(lines, i), htmlEnd(lines, i), namedFileEnd(lines, i));
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
