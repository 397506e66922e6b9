// Code without fences: lines indented four spaces or more that read as code (the note's prose is
// not indented), and the lines after a "Code:" label (or the rest of its line). What reads as
// code: operators and brackets, statements of common languages and shells, SQL keywords.
import type { Block } from '../../tree.js';
import { formulaLine } from './formulas.js';
import { labelledFormula } from '../../math/ascii/labelled.js';
import type { NoteLine } from './lines.js';
import { FRAMED_HEADING } from './framed.js';

/** Words that start a line of code in the languages notes paste (Python, JS, shells, SQL …). */
const STATEMENT = /^(?:import|from|def|class|return|if|elif|else|for|while|try|except|finally|with|print|raise|yield|async|await|let|const|var|function|public|private|static|void|int|#include|#define|package|func|fn|use|SELECT|FROM|WHERE|JOIN|LEFT|RIGHT|INNER|OUTER|GROUP|ORDER|HAVING|LIMIT|INSERT|UPDATE|DELETE|CREATE|ALTER|DROP|VALUES|SET|UNION|git|npm|npx|pip|pip3|python|python3|node|cd|ls|mkdir|rm|cp|mv|cat|echo|sudo|apt|apt-get|brew|docker|kubectl|curl|wget|ssh|make|cargo|go|java|javac|gcc|chmod|export|source|\$|>>>|PS>)(?:\s|$|\()/;

/** What only code has: quotes (not a prime, f'(x)), semicolons, braces, a call of a name that is no function of math (sqrt, sin, log), a keyword, a closing colon. */
export const CODE_ONLY = /["`;{}]|(?<![A-Za-z)'])'|\b(?!(?:sqrt|cbrt|sin|cos|tan|cot|sec|csc|arc(?:sin|cos|tan)|sinh|cosh|tanh|log|ln|lg|exp|abs|max|min|det|gcd|lcm)\()[a-z]\w*[A-Za-z0-9]\(|^(?:def|return|import|print|if|for|while|let|const|var)\b|:$/;

/** "THRESHOLD_MS = 200": a constant of a program (a name in capitals, its first word three letters at least), no formula. */
export const CONSTANT = /^[A-Z]{3,}[A-Z\d]*(?:_[A-Z\d]+)+\s*=\s*\S+$/;

/** A formula typed in ASCII ("lim x->inf 1/x = 0", "T = 2*pi*sqrt(L/g)"), nothing in it only code has: math, though it reads as code too. */
export function isMathLine(text: string): boolean {
  // ("Coulomb: F = k q1 q2 / r^2": a formula after its label is one too.)
  return !CODE_ONLY.test(text.trim()) && !CONSTANT.test(text.trim()) && (formulaLine(text) !== null || (text.length <= 300 && labelledFormula(text.trim()) !== null));
}

/** Lines with a formula and nothing only code has: a worked example of math ("ex: f(x) = sqrt(x)" / "   f'(x) = lim h->0 …"), not code. */
export function mathNotCode(texts: ReadonlyArray<string>): boolean {
  // (The cheap test first: code has quotes or a call on some line, and no formula is parsed then.)
  return !texts.some((t) => CODE_ONLY.test(t.trim())) && texts.some(isMathLine);
}

/** How much a line reads as code: 1 for a statement or code punctuation, 0 for words. */
export function isCodeLike(text: string): boolean {
  const t = text.trim();
  if (t === '' || t.length > 400 || FRAMED_HEADING.test(t)) return false;
  // A line of words that leads into what follows, in lower case too ("make a file called greet.py:"): prose.
  // (A file's name in brackets is still a lead: "the script (backup.py):".)
  const lead = t.replace(/\s\([\w.-]+\.\w{1,5}\)(?=:$)/u, '');
  if (lead.endsWith(':') && !/^(?:if|elif|else|for|while|def|class|with|try|except|finally|case|switch|async)\b/.test(lead) && !/[(){}[\]=;"'`<>|]/.test(lead) && ((lead.match(/(?:^|\s)\p{L}+(?=\s|$)/gu) ?? []).length >= 3 || (lead !== t && /^\p{Ll}+\s\p{Ll}+:$/u.test(lead)))) return false;
  // A line ending in a pipe of R or a shell's continuation ("runs %>%", "df |>", "apt-get install \\").
  // (Python's "try:", "else:", "finally:" are code alone.)
  if (STATEMENT.test(t) || /(?:%>%|\|>|\s\\)$/.test(t) || /^(?:try|else|finally|except|do)\s*:$/.test(t)) return true;
  // A shebang, a program no sentence starts with, a command with options piped or redirected, a crontab line.
  // (And a shell variable set: "DB=courtbook".)
  if (t.startsWith('#!/') || PROGRAM_LINE.test(t) || shellCommand(t) || CRON_LINE.test(t) || /^[A-Z][A-Z\d_]+=[^\s=]*$/.test(t)) return true;
  // Cases typed in words between relations ("L < 1 conv. absolutely, L > 1 div, L = 1 inconclusive"): no bracket, quote or statement end, clauses after commas.
  if (!/[(){}[\]"'`;_]/.test(t) && /, /.test(t) && (t.match(/\b\p{L}{3,}\b/gu) ?? []).length >= 2 && /[<>=]/.test(t)) return false;
  // A line in words that leads into what follows ("Create stars.py:", "Run this:"): prose.
  if (/^\p{Lu}\p{Ll}+\s/u.test(t) && t.endsWith(':')) return false;
  // A line of an ASCII drawing: box and arrow strokes, no word ("|   |   |", "+---+").
  if (/^[|+\-=<>/\\_*.:^v ]+$/.test(t) && /[|+]/.test(t) && !/\p{L}/u.test(t.replace(/v/g, ''))) return true;
  // Calls, assignments, indexing, blocks and statement ends: x = f(y), a[i], {, };, x.y(…)
  // (A word in brackets after a space is a remark of prose: "studia I stopnia (licencjat)".)
  const prose = t.replace(/\s\([\p{L}][\p{L}\s.,'’-]{0,40}\)/gu, '');
  if (prose !== t && !/[(){}[\];=<>]/.test(prose) && (prose.match(/\p{L}{3,}/gu)?.length ?? 0) >= 3) return false;
  if (/[({[][^\s({[]{0,40}[)}\]]|\w\(|\w\.\w+\(|;$|[{}]$|:$|^[})\]]|\b\w+\s*=\s*\S|=>|->|::|\+\+|&&|\|\|/.test(t)) {
    // A sentence with a colon or parentheses is prose: many words, few symbols.
    const words = t.split(/\s+/).filter((w) => /^[\p{L}'’]+[,.;:!?]?$/u.test(w)).length;
    const symbols = (t.match(/[=(){}[\];<>"'.:_]/g) ?? []).length;
    // A question is asked in words ("Q5 (bonus) - how many bit strings have 3 ones?").
    return symbols >= 2 && words < 8 && !(/[?？]$/u.test(t) && words >= 4);
  }
  return false;
}

/**
 * Whether lines indented under prose are code: most of them read as code, or a command comes first
 * and a third of them are code, the rest its output (" count", "-------", "(1 row)"), no sentence.
 */
export function readsAsCode(texts: string[]): boolean {
  const shown = texts.filter((t) => t.trim() !== '');
  if (shown.length === 0 || mathNotCode(shown)) return false;
  const code = shown.filter((t) => isCodeLike(t) && !isMathLine(t)).length;
  if (code * 2 >= shown.length) return true;
  const sentence = (t: string): boolean => /[.!?]$/.test(t.trim()) && t.trim().split(/\s+/).length >= 4;
  return isCodeLike(shown[0] ?? '') && code * 3 >= shown.length && !shown.some(sentence);
}

/** "Code:", "Query:", "Output:" …: the label and what follows it on its line. */
const LABEL = /^(?:code|query|sql|command|commands|shell|terminal|script|snippet|output|code snippet|código|consulta|befehl|commande)(?:[ \t]*\([^()]{1,30}\))?[ \t]*:[ \t]*/i;

/** Any short label and its colon ("handy one-liner: for f in *.jpg; do …; done"). */
const ANY_LABEL = /^[\p{L}][\p{L}\p{N} '-]{0,30}:[ \t]+/u;

export function codeLabel(text: string): { rest: string } | null {
  const m = LABEL.exec(text);
  if (m) return { rest: text.slice(m[0].length) };
  // Another label: only when what follows is unmistakably a command (a loop, commands joined by ; | &&).
  const any = ANY_LABEL.exec(text);
  const rest = any ? text.slice(any[0].length) : '';
  return any && isCodeLike(rest) && STATEMENT.test(rest) && (rest.match(/;|\|\||&&|\s\|\s/g) ?? []).length >= 2 ? { rest } : null;
}

/** A SQL statement ends at its semicolon: the lines after it are the note's again. */
export function endsStatement(text: string): boolean {
  return /;\s*$/.test(text);
}

/** Shell lines that read as code though they hold no operator: a shebang, the ends of blocks. */
const SHELL = /^(?:#!|fi$|done$|esac$|exit(?:\s+\d+)?$|else$|do$)/;
/** Marks of a shell command: a variable, a pipe, a redirection or logic between commands, an option, a path. */
const SHELL_MARKS = /\$[\w{(]|\|\||&&|\s\|\s|\s\d?>>?\s?\S|(?:^|\s)--?[a-zA-Z][\w-]*|(?:^|\s)(?:~|\.{1,2})?\/\w/;
/** A shell's own commands with a path or a name after them, or a command after its prompt ("$ python stars.py"). */
const SHELL_START = /^(?:(?:source|cd|export|ls|cat|\.)\s+[\w./~$-]+|\$\s+[a-z][\w.-]*(?:\s.*)?)$/;
/** A command's first word: a program's name in lower case. */
const COMMAND = /^(?:sudo\s+)?[a-z][\w.+-]*(?:\s|$)/;

/**
 * A command and what it does, aligned after two spaces or more (a cheat sheet's "du -sh * | sort
 * -h     folder sizes"): the command part reads as a shell command.
 */
function alignedCommand(text: string): boolean {
  const gap = text.indexOf('  ');
  if (gap <= 0 || text.slice(gap).trim() === '') return false;
  const command = text.slice(0, gap);
  // A formula is no command: "lim x->0 sin(x)/x = 1   (squeeze thm)".
  if (/\s[=+]\s|\^/.test(command)) return false;
  return COMMAND.test(command) && (STATEMENT.test(command) || SHELL_MARKS.test(command) || /[*|<>$~@/]|\.\w/.test(command));
}
/** "# k8s/base/payments-gateway.env", "// src/app.js": a comment naming the file the lines below come from. */
export const FILE_COMMENT = /^(?:#|\/\/) [\w~./-]{1,120}\.\w{1,8}$/;

/** A command of a program no English sentence starts with (git, npm, docker …), with its arguments. */
export const PROGRAM_LINE = /^(?:sudo\s+)?(git|npm|npx|yarn|pnpm|pip3?|python3?|node|docker|docker-compose|kubectl|helm|terraform|cargo|rustc|brew|apt-get|apt|dnf|conda|curl|wget|ssh|scp|rsync|chmod|chown|mkdir|gcc|javac|psql|mysql|aws|gcloud|az|ffmpeg|systemctl|journalctl|crontab|createdb|dropdb|pg_dump|pg_dumpall|pg_restore|gunzip|gzip|unzip|sed|awk|openssl|ufw|useradd|usermod|certbot|sqlite3|bash|zsh|Rscript|mvn|gradle|pytest|tar|grep|ls|rm|cp|mv)\s+\S/;

/** A command alone on its line: a program's ("pip install pandas") or a shell's with a path ("source ~/.bashrc"), no sentence. */
export function oneCommand(text: string): boolean {
  return (PROGRAM_LINE.test(text) || (SHELL_START.test(text) && /[/~$]|\.\w/.test(text))) && !/[.!?]$/.test(text);
}

/** A shell command on a line of its own: a program no sentence starts with, a shell's own command, or one with a shell's marks. */
export function isCommandLine(t: string): boolean {
  return PROGRAM_LINE.test(t) || SHELL_START.test(t) || /^(?:sudo|echo|cd|rm|cp|mv)\s+\S/.test(t) || shellCommand(t);
}

/** Words after a program's name that make a sentence of the line ("python is great"), not a command. */
const SENTENCE_WORD = /^(?:is|are|was|were|has|have|had|can|could|will|would|should|must|and|or|the|a|an|for|to|in|on|vs\.?|ist|sind|hat|und|oder|est|et|es|y|e|è)$/i;

/**
 * The command a list item opens with, typed as the reader types it into a terminal ("git add
 * Preisliste_2025.xlsx", "git pull → neueste Version holen"): its length, or 0. What follows an
 * arrow or a dash is the item's words about it.
 */
export function commandItem(text: string): number {
  const cut = [' → ', ' -> ', ' – ', ' — ', ' - ', '  '].map((sep) => text.indexOf(sep)).filter((at) => at > 0);
  const end = cut.length ? Math.min(...cut) : text.length;
  const head = text.slice(0, end).trimEnd();
  const words = head.split(/\s+/);
  if (/[.!?]$/.test(head) || words.length > 10 || SENTENCE_WORD.test(words[1] ?? '') || !(PROGRAM_LINE.test(head) || shellCommand(head))) return 0;
  return head.length;
}

/** A crontab line: five time fields, then the command ("15 3 * * * /home/deploy/bin/backup.sh"). */
const CRON_LINE = /^(?:[\d*][\d*/,-]*\s+){5}[~/.\w]/;

/**
 * A command in lower case with two marks of a shell among options, a pipe, a redirection and a
 * variable ("pg_dump -h localhost "$DB" | gzip -9 > "$FILE""), not a sentence.
 */
function shellCommand(t: string): boolean {
  if (!COMMAND.test(t) || /[.!?]$/.test(t)) return false;
  const marks = [/\s--?[a-zA-Z]/, /\s\|\s/, /\s\d?>>?\s?\S/, /\$[\w{(]/].filter((re) => re.test(t)).length;
  return marks >= 2;
}

/** A SQL clause in capitals with something after it ("WHERE price BETWEEN 10 AND 20"). */
export const SQL_START = /^(?:EXPLAIN|ANALYZE|VACUUM|SELECT|INSERT INTO|UPDATE|DELETE FROM|CREATE|ALTER|DROP|WITH|FROM|WHERE|(?:LEFT |RIGHT |INNER |FULL |OUTER |CROSS )*JOIN|GROUP BY|ORDER BY|HAVING|LIMIT|VALUES|SET|UNION)\s+\S/;

/** Two lines or more running the same program ("git status", "git add file.py"): commands, marks or not. */
function sameProgram(lines: ReadonlyArray<{ text: string }>): boolean {
  const seen = new Map<string, number>();
  for (const l of lines) {
    const t = l.text.trim();
    if (COMMENT.test(t)) continue;
    const program = SQL_START.test(t) ? 'sql' : PROGRAM_LINE.exec(t)?.[1];
    if (program === undefined) return false;
    seen.set(program, (seen.get(program) ?? 0) + 1);
  }
  return [...seen.values()].some((n) => n >= 2);
}

/** A Python import ("import re", "from x import y"): code with no mark in it. */
export const IMPORT = /^(?:import\s+[\w.]+(?:\s+as\s+\w+)?|from\s+[\w.]+\s+import\s+[\w.*, ]+|(?:library|require)\([\w.]+\))$/;
/** What only code says: a shebang, a definition, an import, a block's colon or brace, an assignment, a statement's end. */
export const STRONG_CODE = /^(?:SELECT|INSERT INTO|UPDATE|DELETE FROM|CREATE TABLE|WITH)\b|^(?:#!|def \w|class \w|import \w|from \S+ import|(?:if|for|while|elif|with) .*:$|return\b|function\b|const |let |var |echo |export |fi$|done$)|;\s*$|\{\s*$|^\w+=\S|\|\||&&|==|^[\w.]+\s*<-\s*\S|%>%\s*$|\|>\s*$/;
/** A SQL clause going on ("AND o.date >= …") or a column in a list ("r.region_name,"). */
export const SQL_LINE = /^(?:AND|OR|ON|AS|CASE|WHEN|THEN|ELSE|END|LIMIT|OFFSET)\b|^[\w.]+,$/;
/** An assignment, augmented or not: "bad += 1", "x[i] = 0". */
export const ASSIGN = /^\w[\w.[\]]*\s*(?:[-+*/%|&]?=|<-)\s*\S/;
/** A line of YAML: a key, its value or a nested block after it, as an item or not. */
const YAML_LINE = /^(?:- )?[\w.-]{1,40}:(?:[ \t]+\S.*)?$/;
/** A comment line of a shell or C-like language: neither code nor prose in the count. */
const COMMENT = /^(?:#(?!!)|\/\/)/;

/** A comment line of a shell or a C-like language ("# 月の列を作る", "// load"). */
export function isCodeComment(text: string): boolean {
  return /^(?:#|\/\/)\s/.test(text.trim());
}
/** Marks of code a sentence does not have: brackets, assignments, pipes, a statement's colon. */
const CODE_MARK = /[(){}[\];=$|<>]|:$/;

/**
 * Code pasted without fences or indent (a shell script, a Python function, a YAML file): two lines
 * or more, every line that is not a comment reads as code, and some line has a mark of code.
 */
export function isBareCode(lines: ReadonlyArray<{ text: string; indent: number }>): boolean {
  if (lines.length < 2 || lines.length > 400 || mathNotCode(lines.map((l) => l.text))) return false;
  const base = lines[0]?.indent ?? 0;
  const yaml = lines.length >= 3 && lines.every((l) => YAML_LINE.test(l.text)) && lines.some((l) => l.indent > base) && lines.some((l) => l.text.startsWith('- '));
  if (yaml) return true;
  let code = 0;
  let marked = 0;
  let aligned = 0;
  const repeated = repeatedPrograms(lines);
  for (const [k, l] of lines.entries()) {
    const t = l.text.trim();
    if (COMMENT.test(t)) continue;
    if (alignedCommand(t)) {
      aligned++;
      code++;
      marked++;
      continue;
    }
    // A program run with no arguments among commands ("htop"); a first line alone may be their heading.
    if (k > 0 && /^[a-z][\w.-]{1,30}$/.test(t)) {
      code++;
      continue;
    }
    // Math, markup and list items are the note's own: "$\Pr(A)$", "**Solution**", "- point", "[a](b)", "> quote", "::: div".
    // (A power glued between operands, "v[0]**2", is code's, not bold.)
    const bare = t.replace(/"[^"]*"|'[^']*'/g, '""').replace(/(?<=[\w\])])\*\*(?=[\w(])/g, '^');
    if (/\\[A-Za-z]|\*\*|(?:^|\s)_[^\s_]|^[-*+•] |\]\(|\$(?![({A-Z_])[^$\s][^$]*\$|^>|^:::|^\[[^\]]+\]:|^image:|^```/.test(bare)) return false;
    if (/[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Devanagari}\p{Script=Arabic}\p{Script=Cyrillic}]/u.test(bare.replace(/#.*$/, ''))) return false;
    // A sentence ("Then run the script.") or a line of many words is prose.
    // (A SQL clause's keywords in capitals are no words of a sentence.)
    const words = t.split(/\s+/).filter((w) => /^[\p{L}'’]+[,.;:!?]?$/u.test(w) && !(SQL_START.test(t) && /^[A-Z]+$/.test(w))).length;
    if ((/[.!?]$/.test(t) && words >= 4) || words >= 8) return false;
    const again = repeated.has(t.split(' ')[0] ?? '');
    if (!(isCodeLike(t) || SHELL.test(t) || SHELL_MARKS.test(t) || IMPORT.test(t) || ASSIGN.test(t) || SQL_LINE.test(t) || again)) return false;
    // (A formula among them counts for nothing: "lim x->inf 1/x = 0".)
    if (isMathLine(t)) continue;
    code++;
    // (A program's command, "pip install requests", "source .venv/bin/activate", a prompt's "$ cat stars.csv": marked as commands.)
    if (CODE_MARK.test(t) || SHELL.test(t) || SHELL_MARKS.test(t) || IMPORT.test(t) || PROGRAM_LINE.test(t) || SHELL_START.test(t) || again) marked++;
  }
  // (A program the lists above do not know, run twice among commands: "cd ~/app" / "pyenv virtualenv 3.12 env" / "pyenv local env".)
  if (code >= 2 && repeated.size > 0 && lines.some((l) => SHELL_START.test(l.text.trim()) || PROGRAM_LINE.test(l.text.trim()))) return true;
  if (code >= 2 && sameProgram(lines)) return true;
  const commands = lines.filter((l) => PROGRAM_LINE.test(l.text.trim()) || SHELL_START.test(l.text.trim())).length;
  return code >= 2 && marked * 2 >= code && (aligned >= 1 || commands >= 2 || lines.some((l) => STRONG_CODE.test(l.text.trim())));
}

/**
 * The first words that start two lines or more of `lines` as a command does: a program's name in
 * lower case, arguments with no sentence's words after it ("pyenv local weather-env"), no sentence's end.
 */
function repeatedPrograms(lines: ReadonlyArray<{ text: string }>): Set<string> {
  const seen = new Map<string, number>();
  for (const l of lines) {
    const t = l.text.trim();
    const words = t.split(/\s+/);
    if (!COMMAND.test(t) || /[.!?:]$/.test(t) || words.length < 2 || words.length > 8 || SENTENCE_WORD.test(words[1] ?? '')) continue;
    seen.set(words[0] ?? '', (seen.get(words[0] ?? '') ?? 0) + 1);
  }
  return new Set([...seen].filter(([, n]) => n >= 2).map(([w]) => w));
}

export function codeBlock(lines: NoteLine[], gaps: number[] = []): Extract<Block, { kind: 'code' }> {
  let common = Infinity;
  for (const l of lines) if (l.text !== '') common = Math.min(common, l.indent);
  const out: string[] = [];
  lines.forEach((l, k) => {
    for (let g = 0; g < (gaps[k] ?? 0); g++) out.push('');
    out.push(`${' '.repeat(Math.max(0, l.indent - common))}${l.text}`);
  });
  return { kind: 'code', lang: guessLanguage(out), text: out.join('\n') };
}

export function guessLanguage(lines: string[]): string {
  const first = lines.find((l) => l.trim() !== '')?.trim() ?? '';
  if (/^(?:SELECT|INSERT|UPDATE|DELETE|CREATE|WITH)\b/.test(first)) return 'sql';
  if (/^(?:import|from|def|class)\b/.test(first) || lines.some((l) => /^\s*(?:def|elif)\b|:\s*$/.test(l))) return 'python';
  return '';
}

/** A label line and the code under it or after it ("Output:" over lines of code, "SQL: SELECT …"): its blocks and the line after them. */
export function labelledCode(lines: NoteLine[], i: number, separator: (j: number) => boolean): { blocks: Block[]; next: number } {
  const first = lines[i] as NoteLine;
  const rest = codeLabel(first.text)?.rest ?? '';
  const label = first.text.slice(0, first.text.length - rest.length).trim();
  const code: string[] = [];
  let j = i + 1;
  // (What a program printed, under "Output:", is anything up to the next sentence: "Rows Removed by Filter: 3208115".)
  const output = /^output/i.test(label);
  const printed = (t: string): boolean => output && t.trim() !== '' && !(/[.!?]$/.test(t.trim()) && t.trim().split(/\s+/).length >= 4);
  if (rest.trim() !== '') code.push(rest);
  else {
    while (j < lines.length && (isCodeLike(lines[j]?.text ?? '') || printed(lines[j]?.text ?? '')) && !separator(j)) {
      code.push(lines[j]?.text ?? '');
      j++;
      if (endsStatement(code[code.length - 1] ?? '')) break;
    }
  }
  if (code.length === 0) return { blocks: [{ kind: 'paragraph', inlines: first.inlines() }], next: i + 1 };
  return { blocks: [{ kind: 'paragraph', inlines: [{ kind: 'text', value: label }] }, { kind: 'code', lang: guessLanguage(code), text: code.join('\n') }], next: j };
}

/** A prompt and its command ("$ python stars.py", "PS> Get-Item .", ">>> x = 1"). */
const PROMPT = /^(?:\$|PS>|>>>)\s+\S/;

/**
 * A terminal session pasted under a line ("Then run it and check the output:" over "$ python
 * stars.py", "$ cat stars.csv" and what they printed): from its first prompt, commands and output
 * are one piece of code. Null when the lines hold no session (two lines at least, a prompt first).
 */
export function terminalSession(lines: NoteLine[]): { before: NoteLine[]; code: Extract<Block, { kind: 'code' }> } | null {
  const k = lines.findIndex((l) => PROMPT.test(l.text));
  const start = lines[k];
  if (!start || lines.length - k < 2 || lines.slice(k).some((l) => l.indent < start.indent)) return null;
  const code = codeBlock(lines.slice(k));
  return { before: lines.slice(0, k), code: { ...code, lang: /^>>>/.test(start.text) ? 'python' : code.lang } };
}

/**
 * Lines each of which reads as code (`least` or more, comments aside), in ASCII outside their
 * strings, some with a call and one with a mark no formula has: code, though no line is a
 * definition or an import ("F = lambda v: np.array([…])" / "print(newton(F, J, [2.0, -0.5]))").
 */
export function callingCode(texts: string[], least: number): boolean {
  const code = texts.filter((t) => !isCodeComment(t) && t.trim() !== '');
  if (code.length < least || !code.every(isCodeLike) || mathNotCode(code)) return false;
  const ascii = code.every((t) => !/[^\x20-\x7e\t]/.test(t.replace(/"[^"]*"|'[^']*'/g, '')));
  // (A method call, a string, a statement's end, a block, an identifier with "_" or an index: a formula has none of them, "C(10,3) = 120".)
  const strong = code.some((t) => /\w\.\w+\(|["'`]|;$|[{}]|=>|==|\w_\w|\w\[/.test(t));
  return ascii && strong && code.some((t) => /\w\(|\w\.\w+\(/.test(t));
}

/** Lines pushed to the right with spaces (a signature or a date set there), none of them code. */
export function pushedRight(lines: ReadonlyArray<{ text: string; indent: number }>): boolean {
  return lines.every((l) => l.indent >= 24 && !/[{};=]/.test(l.text));
}
