// Units after a number (9.81 m/s^2, 1.2 kg/m^3, 60 km/h, 25 °C, 3 µm): one unit token, set
// upright with a thin space after the number, never a fraction of the number by the unit.
// A symbol that is also a one-letter variable (m, s, N, …) is a unit only when the unit
// expression is closed — nothing of the formula follows it (2 m v is 2·m·v; 2 m + 3 m is metres).
import { ADDITIVE, AMBIGUOUS_UNITS, COMPOUND_ONLY_UNITS, FUNCTIONS, GREEK, LENGTH_UNITS, RELATIONS, UNITS, knownName } from './lexicon.js';
import { numberTex } from './nodes.js';
import { scriptRun, type Token } from './tokens.js';

interface Factor {
  tex: string;
  symbol: string;
  exponent: boolean;
}

const MICRO = new Set(['µ', 'μ']);
const OHM_PREFIXES = new Set(['k', 'M', 'G', 'm']);

/** One unit symbol with its exponent at `j`, or null. Returns the index after it. */
function factorAt(toks: Token[], j: number): { factor: Factor; next: number } | null {
  const tok = toks[j];
  if (!tok) return null;
  let next = j + 1;
  let tex: string;
  let symbol: string;
  const glued = toks[j + 1] !== undefined && !(toks[j + 1] as Token).space;
  if (tok.kind === 'word' && glued && (toks[j + 1] as Token).text === 'Ω' && OHM_PREFIXES.has(tok.text)) {
    tex = `\\mathrm{${tok.text}}\\Omega`;
    symbol = `${tok.text}Ω`;
    next = j + 2;
  } else if (tok.kind === 'word' && UNITS.has(tok.text)) {
    tex = `\\mathrm{${tok.text}}`;
    symbol = tok.text;
  } else if (MICRO.has(tok.text) && glued && toks[j + 1]?.kind === 'word' && (UNITS.has(`µ${(toks[j + 1] as Token).text}`) || UNITS.has(`μ${(toks[j + 1] as Token).text}`))) {
    symbol = `µ${(toks[j + 1] as Token).text}`;
    tex = `\\text{µ${(toks[j + 1] as Token).text}}`;
    next = j + 2;
  } else if (tok.text === 'Ω' || tok.text === 'ohm' || tok.text === 'ohms') {
    tex = '\\Omega';
    symbol = 'Ω';
  } else if (tok.text === '°' && glued && ['C', 'F', 'dH', 'dGH', 'dKH', 'fH'].includes(toks[j + 1]?.text ?? '')) {
    symbol = `°${(toks[j + 1] as Token).text}`;
    tex = `{}^{\\circ}\\mathrm{${(toks[j + 1] as Token).text}}`;
    next = j + 2;
  } else return null;
  let exponent = false;
  const caret = toks[next];
  const after = toks[next + 1];
  if (caret && !caret.space && caret.kind === 'num' && (caret.text === '2' || caret.text === '3') && LENGTH_UNITS.has(symbol) && !(after && !after.space && (after.kind === 'word' || after.kind === 'num'))) {
    // cm3, dm3, m2: a length's power typed without its caret.
    tex += `^{${caret.text}}`;
    next++;
    exponent = true;
  } else if (caret && !caret.space && caret.kind === 'op' && caret.text === '^') {
    const sign = toks[next + 1]?.text === '-' ? '-' : '';
    const num = toks[next + 1 + (sign ? 1 : 0)];
    if (num && num.kind === 'num' && /^\d+$/.test(num.text)) {
      tex += `^{${sign}${num.text}}`;
      next += 2 + (sign ? 1 : 0);
      exponent = true;
    }
  } else if (caret && !caret.space && caret.kind === 'sym' && scriptRun(caret.text)?.sup) {
    tex += `^{${scriptRun(caret.text)?.plain ?? ''}}`;
    next++;
    exponent = true;
  }
  return { factor: { tex, symbol, exponent }, next };
}

/** Whether a token goes on with the formula (so a bare `m` before it is a variable, not metres). */
function continuesFormula(tok: Token | undefined, after?: Token): boolean {
  if (!tok || tok.line) return false;
  // "14 m x 9 m": a spaced x before a figure is a times sign, and the m before it metres.
  if (((tok.kind === 'word' && tok.text === 'x') || tok.text === '×') && tok.space && after?.space === true && after.kind === 'num') return false;
  // "100.0 g (density 1.00 g/mL)": a remark in brackets after the unit, not a factor.
  if (tok.kind === 'open' && tok.space && after?.kind === 'word' && /^\p{L}{3,}$/u.test(after.text)) return false;
  switch (tok.kind) {
    case 'num':
    case 'greek':
    case 'open':
    case 'bar':
      return true;
    case 'sym':
      // T₁/₂, m²: scripts of a variable. A unit's own exponent was read with it.
      return !tok.space || (tok.text !== '%' && tok.text !== '°');
    case 'word':
      return tok.text.length === 1 || GREEK.has(tok.text) || FUNCTIONS.has(tok.text) || tok.text === 'sqrt';
    case 'op':
      return RELATIONS[tok.text] === undefined && ADDITIVE[tok.text] === undefined;
    default:
      return false;
  }
}

const SEPARATORS: Record<string, string> = { '/': '/', '*': '\\cdot ', '·': '\\cdot ', '⋅': '\\cdot ' };

/** Units in brackets at `j` ("(mol K)", "(kg·K)"), all units and nothing else, or null. */
function groupAt(toks: Token[], j: number): { factors: Factor[]; tex: string; next: number } | null {
  const open = toks[j];
  if (!open || open.space || open.kind !== 'open' || open.text !== '(') return null;
  const factors: Factor[] = [];
  let tex = '';
  let k = j + 1;
  for (;;) {
    const f = factorAt(toks, k);
    if (!f || (toks[k] as Token).line) return null;
    factors.push(f.factor);
    tex += f.factor.tex;
    k = f.next;
    const sep = toks[k];
    if (!sep || sep.line) return null;
    if (sep.kind === 'close' && sep.text === ')' && !sep.space) return { factors, tex, next: k + 1 };
    if (sep.kind === 'op' && (sep.text === '*' || sep.text === '·' || sep.text === '⋅') && !sep.space) {
      tex += '\\cdot ';
      k++;
    } else if (sep.space) tex += '\\,';
    else return null;
  }
}

/** The unit expression starting at `j` (right after a quantity), or null. */
function unitAt(toks: Token[], j: number): { end: number; tex: string; compound: boolean; lettersOnly: boolean; divided: boolean } | null {
  const first = toks[j];
  if (!first || first.line) return null;
  const head = factorAt(toks, j);
  // "l'una", "d'acqua": a letter with an apostrophe glued after it is an elided word.
  const elided = (n: number): boolean => toks[n] !== undefined && !(toks[n] as Token).space && /^['’]/.test((toks[n] as Token).text);
  if (!head || elided(head.next)) return null;
  const factors = [head.factor];
  let tex = head.factor.tex;
  let k = head.next;
  for (;;) {
    const sep = toks[k];
    if (!sep || sep.line) break;
    let join: string | undefined;
    let at = k;
    if (sep.kind === 'op' && SEPARATORS[sep.text] !== undefined && !sep.space) {
      join = SEPARATORS[sep.text];
      at = k + 1;
    } else if (sep.kind === 'punct' && sep.text === '.' && !sep.space && toks[k + 1] && !(toks[k + 1] as Token).space) {
      join = '\\cdot ';
      at = k + 1;
    } else if (sep.space) {
      join = '\\,';
    }
    if (join === undefined) break;
    // J/(mol K), W/(m^2·K): units in brackets under a slash.
    const group = join === '/' ? groupAt(toks, at) : null;
    if (group) {
      factors.push(...group.factors);
      tex += `/(${group.tex})`;
      k = group.next;
      break;
    }
    const more = factorAt(toks, at);
    if (!more || (at > k && (toks[at] as Token).space) || elided(more.next)) break;
    // Space-separated units must all be units of their own (kg m^2), not a variable after metres.
    if (join === '\\,' && AMBIGUOUS_UNITS.has(more.factor.symbol) && !more.factor.exponent && continuesFormula(toks[more.next])) break;
    // "km km" is a repetition in prose, not a product of units.
    if (join === '\\,' && factors.some((f) => f.symbol === more.factor.symbol)) break;
    factors.push(more.factor);
    tex += join + more.factor.tex;
    k = more.next;
  }
  if (factors.every((f) => COMPOUND_ONLY_UNITS.has(f.symbol))) return null;
  if (factors.length === 1) {
    const f = factors[0] as Factor;
    if (COMPOUND_ONLY_UNITS.has(f.symbol)) return null;
    if (AMBIGUOUS_UNITS.has(f.symbol) && !f.exponent && continuesFormula(toks[k], toks[k + 1])) return null;
  }
  const lettersOnly = factors.every((f) => AMBIGUOUS_UNITS.has(f.symbol) || COMPOUND_ONLY_UNITS.has(f.symbol));
  const divided = tex.includes('/') || factors.some((f) => f.exponent);
  return { end: k, tex, compound: factors.length > 1 || factors.some((f) => f.exponent), lettersOnly, divided };
}

/** "1.2h", "0.5d": hours or days glued to a decimal (a variable is not measured in tenths of h). */
function decimalHours(toks: Token[], j: number, num: Token): { end: number; tex: string; compound: boolean } | null {
  const h = toks[j];
  if (!h || h.space || h.kind !== 'word' || (h.text !== 'h' && h.text !== 'd') || !/^\d+[.,]\d+$/.test(num.text)) return null;
  return continuesFormula(toks[j + 1], toks[j + 2]) ? null : { end: j + 1, tex: `\\mathrm{${h.text}}`, compound: false };
}

/** Words after which a unit of one-letter symbols is a unit: "in m/s", "per m²", "en km/h". */
const UNIT_WORDS = new Set(['in', 'en', 'em', 'im', 'per', 'into', 'to', 'dans', 'na', 'w', 'в', 'у', 'of', 'as', 'a', 'à', 'y']);

/**
 * A unit that stands without a number: "(N, kg, m/s²)", "km/h -> m/s", "both in µg/m³",
 * "[v²/R] = m/s²". Only a divided unit or one with a power, standing apart: after the start, a
 * bracket, a comma, a unit word or an arrow from another unit, and before nothing of a formula.
 * One-letter symbols (m/s, F/m) are variables after an equals sign unless the other side is a
 * dimension in square brackets or a unit.
 */
function standaloneUnit(toks: Token[], j: number, out: Token[]): { end: number; tex: string } | null {
  const first = toks[j] as Token;
  const prev = out[out.length - 1];
  const unit = first.kind === 'word' || first.kind === 'sym' ? unitAt(toks, j) : null;
  if (!unit || !unit.divided || (toks[j + 1] as Token | undefined)?.space !== false) return null;
  // s^2 = …: a letter with a power is a variable; one-letter units stand apart only with a slash.
  if (unit.lettersOnly && !unit.tex.includes('/')) return null;
  const next = toks[unit.end];
  if (unit.lettersOnly && next?.kind === 'op' && RELATIONS[next.text] !== undefined && !next.line) return null;
  if (next && !next.line && !next.space && next.kind !== 'close' && next.kind !== 'punct') return null;
  if (next && !next.line && (next.kind === 'num' || next.kind === 'open' || (next.kind === 'op' && RELATIONS[next.text] === undefined))) return null;
  // (A bracket glued to a name is a call: sqrt(L/g).)
  if (!prev || first.line || (prev.kind === 'open' && prev.space) || (prev.kind === 'punct' && prev.text === ',')) return unit;
  if (prev.kind === 'word' && prev.text.length > 1 && !FUNCTIONS.has(prev.text) && !GREEK.has(prev.text)) return !unit.lettersOnly || UNIT_WORDS.has(prev.text.toLowerCase()) ? unit : null;
  if (prev.kind === 'word' && UNIT_WORDS.has(prev.text.toLowerCase())) return unit;
  if (prev.kind === 'op' && RELATIONS[prev.text] !== undefined) {
    const before = out[out.length - 2];
    if (!unit.lettersOnly || before?.kind === 'unit' || (before?.kind === 'close' && before.text === ']')) return unit;
  }
  return null;
}

/** Whether the unit at `tok` is more than one plain symbol (m/s^2, kg m^2): a formula of its own. */
export function compoundUnit(tok: Token): boolean {
  return tok.kind === 'unit' && tok.compound === true;
}

/** Replaces every unit expression that follows a number by one `unit` token. */
/**
 * "E = 1/2 C V^2", "v^2 = v0^2 - 2 g h": a letter after a figure that goes on with another letter
 * (or stands under a fraction's bar) is a factor of a product, not a unit (coulomb, gram).
 */
function lettersOfProduct(toks: Token[], j: number, end: number, before: Token | undefined): boolean {
  const unit = toks.slice(j, end);
  const letters = unit.filter((t) => t.kind === 'word');
  // Letters one by one, with their powers: "C V^2", "g h" (not "km", not "m/s").
  if (!letters.every((t) => /^[A-Za-z]$/.test(t.text)) || unit.some((t) => t.kind === 'op' && t.text !== '^') || unit.some((t) => t.kind === 'num' && !(toks[toks.indexOf(t) - 1]?.text === '^'))) return false;
  const next = toks[end];
  // (A spaced x is a times sign: "14 m x 9 m".)
  // (Not "e", "i", "y" that join words: "1,5 m² e l'intonaco", "9,8 m/s² i mieści".)
  const after = toks[end + 1];
  const joinsWords = next !== undefined && /^[yoeiu]$/.test(next.text) && after !== undefined && after.space && (after.kind === 'word' || after.kind === 'uword') && (/^\p{Ll}{2,}$/u.test(after.text) || (/^['’]$/.test(toks[end + 2]?.text ?? '') && toks[end + 2]?.space === false));
  const letterNext = next !== undefined && next.space && next.kind === 'word' && /^[A-Za-wyzA-WYZ]$/.test(next.text) && !joinsWords;
  const named = letters.map((t) => t.text).join(' ');
  if (letters.length >= 2) return !UNIT_PRODUCTS.has(named) || (before?.kind === 'op' && before.text === '/' && !before.space);
  return letterNext;
}

/** Products of one-letter units people write: newton metres, watt hours, ampere hours, volt-amperes, joule and newton seconds. */
const UNIT_PRODUCTS = new Set(['N m', 'W h', 'A h', 'V A', 'J s', 'N s', 'A s']);

/**
 * "v0^2 sin^2 theta / (2g)", "v^2/2g": a lone letter after the figure of a divisor, where the
 * formula's side holds variables, is a variable too (not grams).
 */
function variableDivisor(out: Token[], unit: { compound: boolean; tex: string }): boolean {
  if (unit.compound || !/^\\mathrm\{[A-Za-z]\}$/.test(unit.tex)) return false;
  // ("(0.1000 mol/L x 0.02116 L) / 0.02500 L", "2.352 x 10^-3 mol / 0.02500 L": a side measured in
  // units has units over its figures too.)
  if (out.some((t) => t.kind === 'unit')) return false;
  let k = out.length - 2;
  if (out[k]?.kind === 'open' && out[k]?.text === '(') k--;
  if (out[k]?.kind !== 'op' || out[k]?.text !== '/') return false;
  for (k--; k >= 0; k--) {
    const t = out[k] as Token;
    if (t.line || (t.kind === 'op' && RELATIONS[t.text] !== undefined)) return false;
    if (t.kind === 'greek' || (t.kind === 'word' && (GREEK.has(t.text) || /^[A-Za-z]$/.test(t.text)))) return true;
  }
  return false;
}

/** "5.06% w/v", "12 % v/v", "% (w/w)": what a share is a share of, the ratio at `j`, or null. */
function percentBasis(toks: Token[], j: number): Token | null {
  const [a, slash, b, after] = [toks[j], toks[j + 1], toks[j + 2], toks[j + 3]];
  const part = (t: Token | undefined): boolean => t?.kind === 'word' && /^(?:w|v|m|wt|vol)$/.test(t.text);
  if (!a || !b || !part(a) || slash?.text !== '/' || slash.space || !part(b) || b.space || (after && !after.space && (after.kind === 'word' || after.kind === 'num'))) return null;
  return { kind: 'unit', text: `${a.text}/${b.text}`, start: a.start, end: b.end, space: a.space, line: a.line, tex: `\\mathrm{${a.text}/${b.text}}` };
}

/**
 * "1.25-1.5 g/kg", "20–25 °C", "5-10 %": two numbers joined by a dash before a unit, after
 * prose or a bracket (not after a sign or a name: x = 3-2 m is a difference), are a range of
 * that unit: one number token set with an en dash.
 */
function mergeRanges(toks: Token[]): Token[] {
  if (!toks.some((t) => t.text === '-' || t.text === '–')) return toks;
  const out: Token[] = [];
  for (let k = 0; k < toks.length; k++) {
    const [a, dash, b] = [toks[k] as Token, toks[k + 1], toks[k + 2]];
    const prev = out[out.length - 1];
    const apart = !prev || a.line || prev.kind === 'open' || prev.kind === 'punct' || (prev.kind === 'word' && prev.text.length > 1 && !knownName(prev.text));
    const range = apart && a.kind === 'num' && (dash?.text === '-' || dash?.text === '–') && !dash.space && b?.kind === 'num' && !b.space && (unitAt(toks, k + 3) !== null || toks[k + 3]?.text === '%');
    if (!range) {
      out.push(a);
      continue;
    }
    out.push({ ...a, text: `${a.text}–${b.text}`, end: b.end, tex: `${numberTex(a.text)}\\text{--}${numberTex(b.text)}` });
    k += 2;
  }
  return out;
}

/** The group closed last in `out` holds a figure and its ± ("(9.81 ± 0.08)"). */
function uncertainGroup(out: readonly Token[]): boolean {
  for (let k = out.length - 2, seen = 0; k >= 0 && seen < 12; k--, seen++) {
    const t = out[k] as Token;
    if (t.kind === 'open') return t.text === '(' && out.slice(k, -1).some((x) => x.text === '±' || x.text === '+-') && out.slice(k, -1).some((x) => x.kind === 'num');
    if (t.kind === 'close' || t.kind === 'word') return false;
  }
  return false;
}

/** "opgaven 12 t/m 30" (Dutch "up to and including"): letters and a slash between two spaced figures join them, no unit. */
function rangeWord(toks: readonly Token[], a: number, b: number): boolean {
  const [first, after] = [toks[a], toks[b]];
  return first?.kind === 'word' && first.text.length === 1 && b - a === 3 && after?.kind === 'num' && after.space && first.space;
}

export function mergeUnits(tokens: Token[]): Token[] {
  const toks = mergeRanges(tokens);
  const out: Token[] = [];
  let j = 0;
  while (j < toks.length) {
    const alone = standaloneUnit(toks, j, out);
    if (alone) {
      const [a, b] = [toks[j] as Token, toks[alone.end - 1] as Token];
      const text = toks.slice(j, alone.end).map((t) => t.text).join('');
      out.push({ kind: 'unit', text, start: a.start, end: b.end, space: a.space, line: a.line, tex: alone.tex, compound: true });
      j = alone.end;
      continue;
    }
    const tok = toks[j] as Token;
    out.push(tok);
    j++;
    const basis = tok.text === '%' ? percentBasis(toks, j) : null;
    if (basis) {
      out.push(basis);
      j += 3;
      continue;
    }
    // A unit in brackets after a quantity's name ("g (m/s^2)", "v (km/h)" in a table's header).
    // (Only with a space before the bracket: sqrt(L/g) is a call, not litres per gram.)
    if (tok.kind === 'open' && tok.text === '(' && tok.space && j > 1) {
      const unit = unitAt(toks, j);
      const close = unit ? toks[unit.end] : undefined;
      if (unit && unit.compound && close?.kind === 'close' && close.text === ')' && !close.space && !(toks[j] as Token).space) {
        // The brackets go with the unit, which stands a thin space after its quantity (g (m/s²)).
        out.pop();
        const tex = `(${unit.tex})`;
        out.push({ kind: 'unit', text: toks.slice(j - 1, unit.end + 1).map((t) => t.text).join(''), start: tok.start, end: close.end, space: tok.space, line: tok.line, tex, compound: true });
        j = unit.end + 1;
      }
      continue;
    }
    const prev = out[out.length - 2];
    // "(9.81 ± 0.08) m/s²": a value and its uncertainty in brackets, then their unit.
    if (tok.kind === 'close' && tok.text === ')' && uncertainGroup(out)) {
      const unit = unitAt(toks, j);
      if (unit && toks[j]?.space) {
        out.push({ kind: 'unit', text: toks.slice(j, unit.end).map((t) => t.text).join(''), start: (toks[j] as Token).start, end: (toks[unit.end - 1] as Token).end, space: true, line: (toks[j] as Token).line, tex: unit.tex, compound: unit.compound });
        j = unit.end;
      }
      continue;
    }
    if (tok.kind !== 'num' || (prev && prev.kind === 'op' && (prev.text === '^' || prev.text === '_') && !tok.space)) continue;
    // U-238, COVID-19: a number that ends a name measures nothing.
    const name = out[out.length - 3];
    if (!tok.space && prev?.text === '-' && !prev.space && name?.kind === 'word' && (name.text.length > 1 || /[A-Z]/.test(name.text))) continue;
    // A power of ten belongs to the number (3.7 x 10^10 Bq, 3.7 × 10¹⁰ Bq).
    if (toks[j]?.text === '^' && !(toks[j] as Token).space && toks[j + 1]?.kind === 'num') {
      out.push(toks[j] as Token, toks[j + 1] as Token);
      j += 2;
    } else if (toks[j]?.kind === 'sym' && !(toks[j] as Token).space && scriptRun((toks[j] as Token).text)?.sup) {
      out.push(toks[j] as Token);
      j += 1;
    }
    const unit = unitAt(toks, j) ?? decimalHours(toks, j, tok);
    if (!unit || lettersOfProduct(toks, j, unit.end, prev) || variableDivisor(out, unit) || rangeWord(toks, j, unit.end)) continue;
    const a = toks[j] as Token;
    const b = toks[unit.end - 1] as Token;
    const text = toks.slice(j, unit.end).map((t) => t.text).join('');
    // "3/8 m/s", "1/3,6 m/s": the unit measures the whole fraction, not its denominator.
    const over = out[out.length - 2];
    const numerator = out[out.length - 3];
    if (over?.text === '/' && !over.space && !tok.space && numerator?.kind === 'num' && out[out.length - 1] === tok && !['^', '_', '/'].includes(out[out.length - 4]?.text ?? '')) {
      // (One figure, 3/8, as typed: prose with it stays prose, as "5 km" does.)
      out.splice(-3, 3, { ...numerator, text: `${numerator.text}/${tok.text}`, end: tok.end });
    }
    out.push({ kind: 'unit', text, start: a.start, end: b.end, space: a.space, line: a.line, tex: unit.tex, compound: unit.compound });
    j = unit.end;
  }
  return out;
}
