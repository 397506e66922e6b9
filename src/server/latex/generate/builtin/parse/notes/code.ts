// Code without fences: lines indented four spaces or more that read as code (the note's prose is
// not indented), and the lines after a "Code:" label (or the rest of its line). What reads as
// code: operators and brackets, statements of common languages and shells, SQL keywords.

/** Words that start a line of code in the languages notes paste (Python, JS, shells, SQL …). */
const STATEMENT = /^(?:import|from|def|class|return|if|elif|else|for|while|try|except|finally|with|print|raise|yield|async|await|let|const|var|function|public|private|static|void|int|#include|#define|package|func|fn|use|SELECT|FROM|WHERE|JOIN|LEFT|RIGHT|INNER|OUTER|GROUP|ORDER|HAVING|LIMIT|INSERT|UPDATE|DELETE|CREATE|ALTER|DROP|VALUES|SET|UNION|git|npm|npx|pip|pip3|python|python3|node|cd|ls|mkdir|rm|cp|mv|cat|echo|sudo|apt|apt-get|brew|docker|kubectl|curl|wget|ssh|make|cargo|go|java|javac|gcc|chmod|export|source|\$|>>>|PS>)(?:\s|$|\()/;

/** How much a line reads as code: 1 for a statement or code punctuation, 0 for words. */
export function isCodeLike(text: string): boolean {
  const t = text.trim();
  if (t === '' || t.length > 400) return false;
  if (STATEMENT.test(t)) return true;
  // A line of an ASCII drawing: box and arrow strokes, no word ("|   |   |", "+---+").
  if (/^[|+\-=<>/\\_*.:^v ]+$/.test(t) && /[|+]/.test(t) && !/\p{L}/u.test(t.replace(/v/g, ''))) return true;
  // Calls, assignments, indexing, blocks and statement ends: x = f(y), a[i], {, };, x.y(…)
  if (/[({[][^\s({[]{0,40}[)}\]]|\w\(|\w\.\w+\(|;$|[{}]$|:$|^[})\]]|\b\w+\s*=\s*\S|=>|->|::|\+\+|&&|\|\|/.test(t)) {
    // A sentence with a colon or parentheses is prose: many words, few symbols.
    const words = t.split(/\s+/).filter((w) => /^[\p{L}'’]+[,.;:!?]?$/u.test(w)).length;
    const symbols = (t.match(/[=(){}[\];<>"'.:_]/g) ?? []).length;
    return symbols >= 2 && words < 8;
  }
  return false;
}

/** Whether lines indented under prose are code: most of them read as code. */
export function readsAsCode(texts: string[]): boolean {
  const shown = texts.filter((t) => t.trim() !== '');
  if (shown.length === 0) return false;
  const code = shown.filter(isCodeLike).length;
  return code * 2 >= shown.length;
}

/** "Code:", "Query:", "Output:" …: the label and what follows it on its line. */
const LABEL = /^(?:code|query|sql|command|commands|shell|terminal|script|snippet|output|code snippet|código|consulta|befehl|commande)[ \t]*:[ \t]*/i;

export function codeLabel(text: string): { rest: string } | null {
  const m = LABEL.exec(text);
  return m ? { rest: text.slice(m[0].length) } : null;
}

/** A SQL statement ends at its semicolon: the lines after it are the note's again. */
export function endsStatement(text: string): boolean {
  return /;\s*$/.test(text);
}
