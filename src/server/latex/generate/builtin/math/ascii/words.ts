// Formulas written in words, as people type them in notes ("limit as x approaches 0 of sin x / x",
// "integral from 0 to pi of sin x dx", "x squared plus 2x", "square root of 2", "A = pi mal r
// Quadrat", "сумма по n от 0 до бесконечности"): the words are read into ASCII math, which the
// parser (parse.ts) then reads like any typed formula. Only for a line or tag that is a formula:
// the same words in a sentence stay words. One pass over the words, with a small stack of
// brackets the words open ("of" after a function or d/dx opens one that the next relation closes).

interface Word {
  text: string;
  lower: string;
  /** What came before the word since the previous one (spaces, symbols, numbers). */
  before: string;
}

/** Phrases read as operators, longest first within each language. */
const PHRASES: Array<[string[], string]> = [
  // English
  [['is', 'equal', 'to'], '='], [['equal', 'to'], '='], [['equals'], '='], [['is', 'less', 'than'], '<'], [['is', 'greater', 'than'], '>'],
  [['plus', 'or', 'minus'], '±'], [['multiplied', 'by'], '*'], [['times'], '*'], [['plus'], '+'], [['minus'], '-'],
  [['divided', 'by'], 'OVER'], [['over'], 'OVER'], [['squared'], '^2'], [['cubed'], '^3'],
  [['to', 'the', 'power', 'of'], '^'], [['raised', 'to', 'the', 'power', 'of'], '^'], [['raised', 'to'], '^'], [['to', 'the', 'power'], '^'],
  [['square', 'root', 'of'], 'sqrt'], [['the', 'square', 'root', 'of'], 'sqrt'], [['root', 'of'], 'sqrt'], [['sqrt', 'of'], 'sqrt'],
  [['one', 'half', 'of'], '1/2'], [['one', 'half'], '1/2'], [['a', 'half'], '1/2'], [['half', 'of'], '1/2'], [['one', 'third'], '1/3'], [['one', 'quarter'], '1/4'],
  [['approaches'], '->'], [['goes', 'to'], '->'], [['tends', 'to'], '->'], [['infinity'], 'oo'],
  // German
  [['mal'], '*'], [['geteilt', 'durch'], 'OVER'], [['durch'], 'OVER'], [['gleich'], '='], [['ist', 'gleich'], '='], [['hoch'], '^'],
  [['quadrat'], '^2'], [['zum', 'quadrat'], '^2'], [['ein', 'halb'], '1/2'], [['wurzel', 'aus'], 'sqrt'], [['wurzel', 'von'], 'sqrt'], [['unendlich'], 'oo'],
  // French
  [['fois'], '*'], [['divisé', 'par'], 'OVER'], [['égal', 'à'], '='], [['égale'], '='], [['au', 'carré'], '^2'], [['au', 'cube'], '^3'],
  [['racine', 'carrée', 'de'], 'sqrt'], [['racine', 'de'], 'sqrt'], [['moins'], '-'], [['puissance'], '^'], [['infini'], 'oo'],
  // Spanish, Portuguese, Italian
  [['más'], '+'], [['menos'], '-'], [['mais'], '+'], [['più'], '+'], [['meno'], '-'], [['vezes'], '*'],
  [['elevado', 'a'], '^'], [['elevada', 'a'], '^'], [['elevato', 'a'], '^'], [['dividido', 'por'], 'OVER'], [['dividido', 'entre'], 'OVER'], [['diviso', 'per'], 'OVER'],
  [['igual', 'a'], '='], [['uguale', 'a'], '='], [['al', 'cuadrado'], '^2'], [['ao', 'quadrado'], '^2'], [['al', 'quadrato'], '^2'],
  [['raíz', 'cuadrada', 'de'], 'sqrt'], [['raiz', 'quadrada', 'de'], 'sqrt'], [['radice', 'quadrata', 'di'], 'sqrt'], [['radice', 'di'], 'sqrt'], [['raíz', 'de'], 'sqrt'], [['raiz', 'de'], 'sqrt'], [['infinito'], 'oo'],
  // Russian
  [['плюс'], '+'], [['минус'], '-'], [['умножить', 'на'], '*'], [['делить', 'на'], 'OVER'], [['равно'], '='], [['в', 'квадрате'], '^2'],
  [['корень', 'из'], 'sqrt'], [['бесконечности'], 'oo'], [['бесконечность'], 'oo'], [['стремящемся', 'к'], '->'], [['стремится', 'к'], '->'],
];

/** Words that open a limit, a sum or an integral, and the words that give their bounds. */
const LIMIT = new Set(['limit', 'lim', 'предел', 'grenzwert', 'limite']);
const LIMIT_AS = new Set(['as', 'when', 'für', 'при', 'quand', 'cuando', 'quando']);
const SUM = new Set(['sum', 'сумма', 'summe', 'somme', 'suma', 'soma', 'somma']);
const INTEGRAL = new Set(['integral', 'int', 'интеграл', 'intégrale', 'integrale']);
const FROM = new Set(['from', 'von', 'de', 'от', 'desde', 'da', 'over', 'по', 'for']);
const TO = new Set(['to', 'bis', 'à', 'до', 'hasta', 'até', 'a']);
const OF = new Set(['of', 'von', 'de', 'от', 'di', 'do', 'da', 'des', 'del']);
/** Function names after which "of" opens their argument ("ln of x", "d/dx of …"). */
const FUNCTION_WORDS = new Set(['sin', 'cos', 'tan', 'log', 'ln', 'exp', 'sqrt', 'f', 'g', 'h']);

function splitWords(text: string): { words: Word[]; tail: string } {
  const words: Word[] = [];
  let before = '';
  let i = 0;
  while (i < text.length) {
    const c = text[i] as string;
    if (/\p{L}/u.test(c)) {
      let j = i + 1;
      while (j < text.length && /[\p{L}\p{M}]/u.test(text[j] as string)) j++;
      // Letters glued to digits (v0, x1, 2x) stay one token with them: the parser reads them.
      if (/\d/.test(text[i - 1] ?? '') || /\d/.test(text[j] ?? '')) {
        before += text.slice(i, j);
        i = j;
        continue;
      }
      const w = text.slice(i, j);
      words.push({ text: w, lower: w.toLowerCase(), before });
      before = '';
      i = j;
    } else {
      before += c;
      i++;
    }
  }
  return { words, tail: before };
}

function phraseAt(words: Word[], k: number): [number, string] | null {
  let best: [number, string] | null = null;
  for (const [phrase, op] of PHRASES) {
    if (best && phrase.length <= best[0]) continue;
    if (phrase.every((p, j) => words[k + j]?.lower === p && (j === 0 || (words[k + j]?.before ?? '').trim() === ''))) best = [phrase.length, op];
  }
  return best;
}

/** Whether a string of ASCII math ends where an operand ends (then "^2" attaches to it). */
const RELATION_CHARS = /[=<>]|->/;

/** The ASCII math a formula written in words means (the text itself when it holds no such words). */
/** "[-x cos x] from 0 to pi": a bracket evaluated between two bounds, "[…]_(0)^(pi)". */
const EVALUATED = /\]\s*from\s+([\w.+-]{1,8})\s+to\s+([\w.+-]{1,8})(?![\w.])/g;

export function wordsToAscii(input: string): string {
  if (input.length > 400) return input;
  const text = input.replace(EVALUATED, ']_($1)^($2)');
  const { words, tail } = splitWords(text);
  let out = '';
  // Brackets the words opened: closed at the next relation ('rel') or after one operand ('bound').
  const open: Array<'rel' | 'bound' | 'lim'> = [];
  const closeAt = (kind: 'rel'): void => {
    while (open.length && open[open.length - 1] === kind) {
      out += ')';
      open.pop();
    }
  };
  let pendingBound = false;
  for (let k = 0; k < words.length; k++) {
    const w = words[k] as Word;
    if (RELATION_CHARS.test(w.before) && !w.before.includes('->')) closeAt('rel');
    out += w.before;
    if (pendingBound && /\d|[a-zA-Z]/.test(w.before)) {
      // The bound was a number or a symbol with its index: "to 1 of", "to V2 of".
      out = `${out.trimEnd()})`;
      open.pop();
      pendingBound = false;
      if (OF.has(w.lower)) {
        out += ' ';
        continue;
      }
    }
    const lower = w.lower;
    if (pendingBound) {
      // "to pi over 2 of …": an upper bound of a few words, read up to its "of".
      let ofAt = -1;
      for (let x = k + 1; x < Math.min(words.length, k + 5); x++) if (OF.has((words[x] as Word).lower)) { ofAt = x; break; }
      if (ofAt > k + 1) {
        out += w.text;
        for (let x = k + 1; x < ofAt; x++) {
          const ph = phraseAt(words, x);
          out += (words[x] as Word).before + (ph ? (ph[1] === 'OVER' ? '/' : ph[1]) : (words[x] as Word).text);
          if (ph) x += ph[0] - 1;
        }
        out += `${(words[ofAt] as Word).before.trimEnd()})`;
        open.pop();
        pendingBound = false;
        k = ofAt;
        continue;
      }
      const phrase = phraseAt(words, k);
      out += phrase && phrase[1] === 'oo' ? 'oo' : w.text;
      if (phrase) k += phrase[0] - 1;
      out += ')';
      open.pop();
      pendingBound = false;
      if (OF.has(words[k + 1]?.lower ?? '') && (words[k + 1]?.before ?? '').trim() === '') k++;
      continue;
    }
    if (LIMIT.has(lower) && LIMIT_AS.has(words[k + 1]?.lower ?? '')) {
      out += 'lim_(';
      open.push('lim');
      k++;
      continue;
    }
    if (open[open.length - 1] === 'lim' && OF.has(lower)) {
      out += ') ';
      open.pop();
      continue;
    }
    if ((SUM.has(lower) || INTEGRAL.has(lower)) && (FROM.has(words[k + 1]?.lower ?? '') || OF.has(words[k + 1]?.lower ?? ''))) {
      out += SUM.has(lower) ? 'sum' : 'int';
      if (OF.has(words[k + 1]?.lower ?? '') && !FROM.has(words[k + 1]?.lower ?? '')) {
        k++;
        continue;
      }
      // "from A to B (of)", "по n от A до B"
      out += '_(';
      k++;
      const next = words[k + 1];
      if (SUM.has(lower) && next && FROM.has(words[k + 2]?.lower ?? '')) {
        out += `${next.before.trim()}${next.text}=`;
        k += 2;
      }
      open.push('bound');
      // The lower bound runs to "to"; the upper bound is one operand.
      let j = k + 1;
      // "from a to b": a "to" word right after "from" with no bound before it is the bound ("a"), not "to".
      if (TO.has((words[j] as Word | undefined)?.lower ?? '') && (words[j] as Word).before.trim() === '') j++;
      while (j < words.length && !TO.has((words[j] as Word).lower)) j++;
      if (j >= words.length) {
        out += ')';
        open.pop();
        continue;
      }
      for (let m = k + 1; m < j; m++) out += `${(words[m] as Word).before}${(words[m] as Word).text}`;
      out += `${(words[j] as Word).before.trimEnd()})^(`;
      k = j;
      pendingBound = true;
      continue;
    }
    const phrase = phraseAt(words, k);
    if (phrase) {
      const [length, op] = phrase;
      k += length - 1;
      if (op === 'OVER') {
        out = `${out.trimEnd()} /(`;
        open.push('rel');
      } else if (op.startsWith('^')) out = `${out.trimEnd()}${op}`;
      else out += op;
      continue;
    }
    if (OF.has(lower) && (FUNCTION_WORDS.has(words[k - 1]?.lower ?? '') || /d\/d[a-z]\s*$/.test(out))) {
      out += '(';
      open.push('rel');
      continue;
    }
    if (lower === 'delta' && /^\s+$/.test(words[k + 1]?.before ?? '') && /^[A-Za-z]$/.test(words[k + 1]?.text ?? '')) {
      out += 'Delta';
      continue;
    }
    out += w.text;
  }
  if (pendingBound) {
    out += ')';
    open.pop();
  }
  // What is still open closes at the next relation in the tail, else at the end.
  const rel = tail.search(/[=<>]/);
  if (rel >= 0 && open.includes('rel')) {
    let head = tail.slice(0, rel);
    while (open.length && open[open.length - 1] === 'rel') {
      head += ')';
      open.pop();
    }
    return out + head + tail.slice(rel) + ')'.repeat(open.length);
  }
  return out + tail + ')'.repeat(open.length);
}
