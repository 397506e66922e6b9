// What KaTeX itself defines, asked of the katex package (never a hand list): whether it knows a
// command name in math, how many arguments it takes, and, for the names LaTeX lacks, what they
// stand for — a macro's expansion (\infin is \infty, \R is \mathbb{R}, \ket{x} is
// \mathinner{|{x}\rangle}) or the characters a symbol or operator name prints (\omicron ο, \tg tg).
// Notes written for KaTeX or MathJax use these names; the document gives each its KaTeX meaning.
import katex from 'katex';
// mhchem's \ce and \pu, which the documents load too.
import 'katex/contrib/mhchem';

export type KatexMeaning =
  /** KaTeX does not define the name (or only outside math). */
  | { kind: 'none' }
  /** A macro: the LaTeX it expands to, with #1 … #params for its arguments. */
  | { kind: 'macro'; body: string; params: number }
  /**
   * Implemented by KaTeX itself: its arguments (unknown for one that needs its context: \left,
   * \hline), and what it prints when it takes none.
   */
  | { kind: 'primitive'; args?: number; prints?: string };

/** The name KaTeX's \let copies a definition under (letters only, never a note's). */
const PROBE = '\\lgkatexprobe';

/** KaTeX's public API as the probe: renderToString throws a ParseError on what it does not take. */
function parses(tex: string): 'ok' | 'undefined' | 'error' {
  try {
    katex.renderToString(tex, { output: 'mathml', strict: 'ignore', trust: false, maxExpand: 50, throwOnError: true });
    return 'ok';
  } catch (error) {
    return error instanceof katex.ParseError && error.message.includes('Undefined control sequence') ? 'undefined' : 'error';
  }
}

/** A macro's expansion text, through \global\let into a macros object KaTeX fills. */
function expansion(name: string): string | undefined {
  const macros: Record<string, string | object> = {};
  try {
    katex.renderToString(`\\global\\let${PROBE}\\${name}`, { output: 'mathml', strict: 'ignore', trust: false, macros, throwOnError: true });
  } catch {
    return undefined;
  }
  const value = macros[PROBE];
  return typeof value === 'string' ? value : undefined;
}

/** What KaTeX's MathML shows for `tex`: its characters, entities decoded. */
function printed(tex: string): string | undefined {
  try {
    const html = katex.renderToString(tex, { output: 'mathml', strict: 'ignore', trust: false, throwOnError: true });
    const text = html
      .replace(/<annotation[^>]*>[\s\S]*?<\/annotation>/, '')
      .replace(/<[^>]*>/g, '')
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>')
      .replace(/&quot;/g, '"')
      .replace(/&amp;/g, '&')
      .trim();
    return text === '' ? undefined : text;
  } catch {
    return undefined;
  }
}

/** Highest #n in a macro body: its number of arguments. */
function paramsOf(body: string): number {
  let n = 0;
  for (const m of body.matchAll(/#([1-9])/g)) n = Math.max(n, Number(m[1]));
  return n;
}

/** Most names a cache keeps (KaTeX's answers never change; a hostile note's made-up names are not kept past this). */
const CACHE_LIMIT = 5_000;
const cache = new Map<string, KatexMeaning>();

/** KaTeX's meaning of `\name` in math (letters only). */
export function katexMeaning(name: string): KatexMeaning {
  const known = cache.get(name);
  if (known) return known;
  const meaning = ask(name);
  if (cache.size < CACHE_LIMIT) cache.set(name, meaning);
  return meaning;
}

function ask(name: string): KatexMeaning {
  let args = -1;
  for (let k = 0; k <= 3 && args < 0; k++) {
    const verdict = parses(`\\${name}${'{x}'.repeat(k)}`);
    if (verdict === 'undefined') return { kind: 'none' };
    if (verdict === 'ok') args = k;
  }
  const body = expansion(name);
  if (body !== undefined) return { kind: 'macro', body, params: paramsOf(body) };
  // Known (it did not say "undefined") but never whole here: \left, \end, \hline need their context.
  if (args < 0) return { kind: 'primitive' };
  const prints = args === 0 ? printed(`\\${name}`) : undefined;
  return { kind: 'primitive', args, ...(prints !== undefined ? { prints } : {}) };
}

/** Whether KaTeX takes `tex` as math. */
export function katexAccepts(tex: string): boolean {
  return parses(tex) === 'ok';
}
