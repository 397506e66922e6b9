// Code pasted among a note's lines with no fence, indent or blank line around it ("In
// postgresql.conf:" over "shared_preload_libraries = 'pg_stat_statements'", a SQL query after a
// sentence): runs of lines that open as code and go on as code, found line by line.
import { CONSTANT, IMPORT, PROGRAM_LINE, SQL_LINE, SQL_START, STRONG_CODE, isCodeLike, readsAsCode } from './code.js';
import type { NoteLine } from './lines.js';

/** "shared_preload_libraries = 'pg_stat_statements'", "pg_stat_statements.track = all": a setting of a file, two words of its key at least three letters long. */
function setting(t: string): boolean {
  // "DB_POOL_MAX=5", "export NODE_ENV=production": an environment variable's line of a .env file or a shell.
  if (/^(?:export\s+)?[A-Z][A-Z\d]*(?:_[A-Z\d]+)+=(?:'[^'\n]*'|"[^"\n]*"|[^\s'"]*)$/.test(t)) return true;
  const m = /^([a-z][a-z\d]*(?:[_.][a-z\d]+)+)\s*=\s*(?:'[^']*'|"[^"]*"|[\w.-]+)$/.exec(t);
  return m !== null && (m[1] ?? '').split(/[_.]/).filter((w) => w.length >= 3).length >= 2;
}

/** "# k8s/base/payments-gateway.env", "// src/app.js": a comment naming the file the lines below come from. */
const FILE_COMMENT = /^(?:#|\/\/) [\w~./-]{1,120}\.\w{1,8}$/;

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

/** Runs of code among the lines, as [first, after-last] pairs. */
export function codeRuns(lines: ReadonlyArray<NoteLine>): Array<[number, number]> {
  const out: Array<[number, number]> = [];
  for (let i = 0; i < lines.length; i++) {
    const first = lines[i] as NoteLine;
    const t = first.text.trim();
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
