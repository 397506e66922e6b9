// The ASCII-math parser's tree and the small functions that build and test its nodes.
import { ADDITIVE, GREEK, GREEK_ALIASES, MULTIPLICATIVE, RELATIONS } from './lexicon.js';
import type { Token } from './tokens.js';

export type Node =
  | { t: 'atom'; tex: string; num?: boolean; unit?: boolean; prefix?: string; word?: string; accent?: boolean }
  | { t: 'group'; open: string; close: string; body: Node }
  | { t: 'bin'; tex: string; level: 'rel' | 'add' | 'mul' | 'juxt'; l: Node; r: Node; tight?: boolean }
  | { t: 'frac'; n: Node; d: Node }
  | { t: 'unary'; tex: string; e: Node }
  | { t: 'script'; base: Node; sub?: Node; sup?: Node }
  | { t: 'post'; e: Node; tex: string }
  | { t: 'sqrt'; e: Node }
  | { t: 'func'; tex: string; sub?: Node; sup?: Node; arg?: Node; limits?: boolean }
  | { t: 'empty' };

/** d, ∂, d², ∂^n: the top of a derivative (d/dx). */
export function isDifferential(n: Node): boolean {
  const base = n.t === 'script' && n.sub === undefined ? n.base : n;
  return base.t === 'atom' && (base.tex === 'd' || base.tex === '∂' || base.tex === '\\partial');
}

/** dx, dt: a differential written as one word (∂t is two tokens, which the glued term keeps together). */
export function differentialWord(tok: Token | undefined): boolean {
  return tok !== undefined && !tok.space && tok.kind === 'word' && /^d[A-Za-z]$/.test(tok.text);
}

export function juxt(l: Node, r: Node, tight = false): Node {
  if (l.t === 'empty') return r;
  if (r.t === 'empty') return l;
  return { t: 'bin', tex: '', level: 'juxt', l, r, tight };
}

/** f(x, y): the part after a comma joins the list. */
export function appendAfterComma(body: Node, part: Node): Node {
  if (body.t === 'bin' && body.tex === ',' && body.r.t === 'empty') return { ...body, r: part };
  return juxt(body, part);
}

export function attachScript(base: Node, which: 'sub' | 'sup', arg: Node): Node {
  // x_1^2 and sin^2: both scripts on one base, while the slot is free.
  if ((base.t === 'func' || base.t === 'script') && base[which] === undefined) return { ...base, [which]: arg };
  return { t: 'script', base, [which]: arg };
}

/** A number, or a product of numbers and units (0.5 × 1.005, 0.998 mol): what a spaced x multiplies. */
export function isNumeric(n: Node): boolean {
  if (n.t === 'atom') return n.num === true;
  if (n.t === 'script') return isNumeric(n.base);
  if (n.t === 'unary') return isNumeric(n.e);
  if (n.t === 'bin' && (n.level === 'mul' || n.level === 'juxt')) return isNumeric(n.l) && (isNumeric(n.r) || (n.r.t === 'atom' && n.r.unit === true));
  return false;
}

/** Whether a product's right factor opens with a number (x * 2, 3 * 1): a times sign is then written, not left implicit. */
/** The first or last factor of a product: a word's text, a letter. */
function edge(n: Node, last: boolean): Node {
  return n.t === 'bin' && (n.level === 'mul' || n.level === 'juxt') ? edge(last ? n.r : n.l, last) : n;
}

/**
 * Whether a typed times sign stays a dot: before a number (2 * 3), beside a word ("Länge mal
 * Breite"), or between the same letter twice ("a mal a", not the letters of a word).
 */
export function keepsTimes(l: Node, r: Node): boolean {
  const a = edge(l, true);
  const b = edge(r, false);
  const text = (n: Node): boolean => n.t === 'atom' && n.tex.startsWith('\\text{');
  return leadsWithNumber(r) || text(a) || text(b) || (a.t === 'atom' && b.t === 'atom' && a.tex === b.tex && /^[A-Za-z]$/.test(a.tex));
}

export function leadsWithNumber(n: Node): boolean {
  if (n.t === 'atom') return n.num === true;
  if (n.t === 'script') return leadsWithNumber(n.base);
  if (n.t === 'unary') return leadsWithNumber(n.e);
  if (n.t === 'frac') return leadsWithNumber(n.n);
  if (n.t === 'bin') return leadsWithNumber(n.l);
  return false;
}

/** A capital letter alone (V, I, P): a spaced x between two such is a times sign (P = V x I). */
function isCapitalAtom(n: Node): boolean {
  return n.t === 'atom' && /^[A-Z]$/.test(n.tex);
}

/** 6 x 4, 2 x GP, P = V x I: a spaced x between numbers, after a number, or between capital letters multiplies (between any operands where x is no variable). */
export function timesWord(tok: Token, next: Token | undefined, l: Node, xVariable = true): boolean {
  if (tok.kind !== 'word' || !tok.space || (tok.text !== 'x' && tok.text !== 'X') || next?.space !== true) return false;
  // c x V, (OG - FG) x 131.25, … / 0.0500 x 100%: where x is no variable of the formula, a spaced x between operands multiplies.
  if (!xVariable && l.t !== 'empty' && ['num', 'word', 'open', 'greek', 'unit', 'bar'].includes(next.kind)) return true;
  return (isNumeric(l) && (next.kind === 'num' || next.kind === 'word')) || (isCapitalAtom(l) && next.kind === 'word' && next.text.length === 1);
}

/** One letter (x, \\theta): what an index typed after it belongs to. */
export function isLetterAtom(n: Node): boolean {
  // (\\sim, \\to: a sign kept as written is no letter, "~24" no \\sim with an index.)
  return n.t === 'atom' && n.num !== true && n.unit !== true && n.prefix === undefined && (/^[A-Za-z]$/.test(n.tex) || (/^\\[A-Za-z]+$/.test(n.tex) && (GREEK.has(n.tex.slice(1)) || /^\\(?:ell|hbar|partial|nabla|Delta|infty)$/.test(n.tex))) || n.accent === true);
}

/** 1,000 → 1{,}000; 6.02e23 → 6.02\times 10^{23}. */
export function numberTex(text: string): string {
  const e = text.search(/[eE]/);
  const plain = (e < 0 ? text : text.slice(0, e)).replace(/,/g, '{,}');
  if (e < 0) return plain;
  const exp = text.slice(e + 1).replace(/^\+/, '');
  return `${plain}\\times 10^{${exp}}`;
}

const LITERALS: Record<string, string> = {
  '{': '\\{', '}': '\\}', '_': '\\_', '^': '\\hat{}', '\\': '\\backslash', '#': '\\#', '$': '\\$', '%': '\\%', '&': '\\&', '~': '\\sim',
};

/** A token the grammar has no place for, kept as written. */
export function literal(tok: Token): Node {
  const rel = RELATIONS[tok.text] ?? ADDITIVE[tok.text] ?? MULTIPLICATIVE[tok.text];
  return { t: 'atom', tex: rel ?? LITERALS[tok.text] ?? tok.text };
}

/**
 * The right side of a relation that another relation follows, when it is a quantity and then, after
 * a space, a Greek or one-letter name ("0.8c gamma", "2 y"): that name starts the next equation.
 * Null for anything else ("h nu = …" and "m a = …" stay one chain).
 */
export function nextStatement(r: Node): { value: Node; name: Node } | null {
  if (r.t !== 'bin' || r.level !== 'juxt' || r.tight) return null;
  const name = r.r;
  if (name.t !== 'atom' || name.num || name.unit || name.prefix !== undefined || !isLetterAtom(name)) return null;
  const value = r.l;
  const quantity = isNumeric(value) || (value.t === 'bin' && value.level === 'juxt' && value.tight === true && isNumeric(value.l));
  return quantity ? { value, name } : null;
}

/** "deltaS", "thetaA", "deltaTf": a Greek prefix on a letter, the change in a quantity (Δ) before a capital, an index after it. */
export function prefixedNode(w: string, greek: string): Node {
  const [base, index] = [w.slice(greek.length, greek.length + 1), w.slice(greek.length + 1)];
  const prefix = greek === 'delta' && /^[A-Z]/.test(base) ? '\\Delta' : `\\${greek}`;
  // lambdan, sigmax, thetai: another letter's glued letter is its index (λ_n, σ_x); deltax is a change, omegat and lambdat a product with time.
  if (greek !== 'delta' && index === '' && /^[a-su-z]$/.test(base)) return { t: 'script', base: { t: 'atom', tex: `\\${greek}` }, sub: { t: 'atom', tex: base } };
  if (index === '') return { t: 'atom', tex: base, prefix };
  return { t: 'script', base: { t: 'atom', tex: base, prefix }, sub: { t: 'atom', tex: index.length >= 2 ? `\\mathrm{${index}}` : index } };
}

/** Whether the next token is a quantity: a letter or a capital's name after a space ("delta V", "delta n_gas", "delta Hf"), or a bracket ("delta(PV)"). */
export function changeOf(next: Token | undefined): boolean {
  if (next === undefined || next.line) return false;
  // delta(PV): the change in a bracketed quantity.
  if (next.kind === 'open' && next.text === '(') return true;
  return next.space && (next.kind === 'word' || next.kind === 'unit') && (/^[A-Za-z]$/.test(next.text) || /^[A-Z][a-z]{1,2}$/.test(next.text));
}

/** eps: ε; dtheta, dPhi: the differential of a Greek letter; vx, vy: a velocity's component (v_x). */
export function letteredWord(w: string): Node | null {
  if (Object.hasOwn(GREEK_ALIASES, w)) return { t: 'atom', tex: `\\${GREEK_ALIASES[w]}` };
  if (w.length > 3 && w[0] === 'd' && GREEK.has(w.slice(1))) return { t: 'atom', tex: `d\\${w.slice(1)}` };
  return /^v[xyz]$/.test(w) ? { t: 'script', base: { t: 'atom', tex: 'v' }, sub: { t: 'atom', tex: w[1] as string } } : null;
}
