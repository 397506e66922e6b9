// A line of a note that is a formula and nothing else, read whole: its words read as math
// (words.ts), its chemistry set with \ce (chemistry.ts), a name in words kept as upright text
// ("energy per year = 600 x 0.20 x 4.2 x 365"), then parsed (parse.ts). A line is no formula when
// its words make a sentence: a clause word (and, so, gives, which …) outside brackets, more than
// three words running between two operators, or no relation between two operands.
import { mergeChemistry } from './chemistry.js';
import { mergeMatrices } from './matrices.js';
import { mergeStars } from './starred.js';
import { emit } from './emit.js';
import { ACCENTS, BIG_OPERATORS, FUNCTIONS, GREEK, INFINITY, P_FUNCTION, RELATIONS, SHORT_WORDS, knownName } from './lexicon.js';
import { parseFormula } from './parse.js';
import { mergeTexCommands } from './prose.js';
import { tokenize, usesDecimalComma, type Token } from './tokens.js';
import { mergeUnits } from './units.js';
import { blankFigures } from './run-signs.js';
import { wordsToAscii } from './words.js';

/** Words that join clauses: a line holding one outside brackets is a sentence. */
const CLAUSE_WORDS = new Set(
  `and or so but if then we is are was were be gives give get gets which that where when with for since because therefore hence
  thus also about this these those it its has have had not only just will would can could should must use using find check
  und oder ist sind wenn dann also ou est sont donc que son entonces são então или это если`.split(/\s+/),
);

const PREPOSITIONS = new Set(['in', 'on', 'at', 'of']);

/** A token that is math, on either side of a preposition: a number, a letter, a Greek name, a bracket. */
function mathSide(t: Token | undefined): boolean {
  return t !== undefined && (t.kind === 'num' || t.kind === 'greek' || t.kind === 'open' || t.kind === 'close' || (t.kind === 'word' && (t.text.length === 1 || GREEK.has(t.text))));
}

const ARROW_RELATIONS = new Set(['->', '→', '=>', '⇒', '-->', '⟶']);

function isName(w: string): boolean {
  return w.length <= 2 || knownName(w) || w === 'lim' || P_FUNCTION.test(w);
}

/** A word of the formula that is written out (a name, a label), not a symbol. */
function isTextWord(t: Token): boolean {
  if (t.kind === 'uword') return true;
  if (t.kind !== 'word') return false;
  if (isName(t.text)) return false;
  // Two or three capitals name a quantity (KE, PE, UHI); two lower-case letters are a product (mc).
  // A lower-case letter before capitals is a product too (nRT, kT).
  if (/^[A-Z]{2,3}$/.test(t.text) || /^[a-z][A-Z]{1,3}$/.test(t.text) || (t.text.length === 2 && !SHORT_WORDS.has(t.text.toLowerCase()))) return false;
  return true;
}

/** Short words that start a sentence about a formula rather than the formula itself. */
const LEAD_WORDS = new Set(['at', 'as', 'by', 'in', 'on', 'of', 'to', 'if', 'so']);

interface Shape {
  relation: boolean;
  arrowsOnly: boolean;
  textWords: number;
  longestRun: number;
  clause: boolean;
  /** Words before the formula: a written-out word, then a math operand, before the first relation ("derivative of f(x) = …"). */
  lead: boolean;
}

function shape(toks: Token[]): Shape {
  let depth = 0;
  let relation = false;
  let arrowsOnly = true;
  let textWords = 0;
  let run = 0;
  let longestRun = 0;
  let clause = false;
  let operandBefore = false;
  let sawText = false;
  let lead = false;
  // "mean V = …", "total m = …": one word that qualifies the symbol right before the relation is the formula's name.
  const [w, v, rel] = [toks[0], toks[1], toks[2]];
  const qualified = w?.kind === 'word' && /^\p{Ll}{3,}$/u.test(w.text) && (v?.kind === 'greek' || (v?.kind === 'word' && v.text.length === 1)) && rel?.kind === 'op' && RELATIONS[rel.text] !== undefined;
  toks.forEach((t, k) => {
    if (t.kind === 'open') depth++;
    else if (t.kind === 'close') depth = Math.max(0, depth - 1);
    const word = t.kind === 'word' || t.kind === 'uword';
    if (word && depth === 0 && CLAUSE_WORDS.has(t.text.toLowerCase())) clause = true;
    // "cos theta in [0, pi/2]": a preposition between math, not inside a written-out name ("change in price").
    if (word && depth === 0 && PREPOSITIONS.has(t.text) && mathSide(toks[k - 1]) && mathSide(toks[k + 1])) clause = true;
    // A math operand after the words: a number, a Greek letter, a one-letter name or a function applied ("f(x)").
    const operand = t.kind === 'num' || t.kind === 'greek' || (word && (GREEK.has(t.text) || (!isTextWord(t) && (t.text.length === 1 || toks[k + 1]?.kind === 'open'))));
    if (!relation && sawText && operand && !(qualified && k === 1)) lead = true;
    // A short word that opens the line ("at v = 0.8c …", "so E = …") is written out too.
    if (k === 0 && word && LEAD_WORDS.has(t.text.toLowerCase())) sawText = true;
    if (word && isTextWord(t)) {
      if (t.text.length >= 3) {
        if (!relation) sawText = true;
        textWords++;
        run++;
        longestRun = Math.max(longestRun, run);
      }
    } else if (t.kind === 'op' || t.kind === 'open' || t.kind === 'close' || t.kind === 'bar') run = 0;
    // A relation stands between two operands: "{{< /env >}}" (a shortcode) has none.
    const next = toks[k + 1];
    const operandAfter = next !== undefined && next.kind !== 'close' && next.kind !== 'punct' && !(next.kind === 'op' && RELATIONS[next.text] !== undefined);
    if (t.kind === 'op' && RELATIONS[t.text] !== undefined && operandBefore && operandAfter) {
      relation = true;
      if (!ARROW_RELATIONS.has(t.text)) arrowsOnly = false;
    }
    operandBefore = t.kind !== 'op' && t.kind !== 'open' && !(t.kind === 'punct' && t.text !== "'");
  });
  return { relation, arrowsOnly, textWords, longestRun, clause, lead };
}

/** A short word inside a written-out phrase ("per", "in", "de la"), or a percent sign in it. */
function glue(u: Token): boolean {
  if (u.kind === 'sym' && u.text === '%') return true;
  return (u.kind === 'word' || u.kind === 'uword') && u.text.length >= 2 && u.text.length <= 3 && /^\p{Ll}+$/u.test(u.text) && (SHORT_WORDS.has(u.text) || u.kind === 'uword');
}

/** Runs of written-out words become one upright text token each ("change in qty demanded"). */
function textTokens(toks: Token[], source: string): Token[] {
  const out: Token[] = [];
  for (let k = 0; k < toks.length; k++) {
    let t = toks[k] as Token;
    // x_bar: an accent typed as an index, read by the parser.
    const accent = ACCENTS[t.text] !== undefined && !t.space && toks[k - 1]?.text === '_';
    // "317 mg/L as CaCO3": a short word between operands is a word of the sentence.
    const between = t.kind === 'word' && SHORT_WORDS.has(t.text) && !knownName(t.text) && t.text.length >= 2 && t.space && toks[k + 1]?.space === true && out.length > 0 && !['op', 'open'].includes((out[out.length - 1] as Token).kind) && toks[k + 1]?.kind !== 'op';
    if (between) {
      out.push({ ...t, kind: 'tex', text: `\\text{ ${t.text} }` });
      continue;
    }
    // "la integral de 0 a 1 …": an article opening the line; "de 0 a 2": "a" between figures is "to".
    const article = k === 0 && t.kind === 'word' && t.text.length === 2 && SHORT_WORDS.has(t.text) && !knownName(t.text) && toks[k + 1]?.space === true && toks[k + 1]?.kind !== 'op';
    const to = t.kind === 'word' && (t.text === 'a' || t.text === 'à') && t.space && toks[k - 1]?.kind === 'num' && toks[k + 1]?.kind === 'num' && /^(?:de|da|from|von|du|dal)$/i.test(toks[k - 2]?.text ?? '');
    if (article || to) {
      out.push({ ...t, kind: 'tex', text: article ? `\\text{${t.text} }` : `\\text{ ${t.text} }` });
      continue;
    }
    // dQ_rev, v_max: a word typed as an index is read by the parser.
    const index = toks[k - 1]?.text === '_' && !t.space;
    if (!isTextWord(t) || t.text.length < 3 || accent || index) {
      out.push(t);
      continue;
    }
    // p-value, t-test: a letter hyphened to a written-out word is one word.
    const hyphen = out[out.length - 1];
    const letter = out[out.length - 2];
    if (!t.space && hyphen?.text === '-' && !hyphen.space && letter?.kind === 'word' && letter.text.length === 1) {
      out.length -= 2;
      t = { ...t, start: letter.start, space: letter.space };
    }
    // Short words and percent signs before and between written-out words belong to the phrase.
    // "mol solute / L solution": a unit's letter before the word of what it measures belongs to the phrase.
    const unitLetter = (u: Token | undefined, before: Token | undefined): boolean => u?.kind === 'word' && /^[A-Za-z]$/.test(u.text) && before?.kind === 'op' && before.text === '/' && t.space;
    while (out.length && (glue(out[out.length - 1] as Token) || unitLetter(out[out.length - 1], out[out.length - 2]))) {
      const before = out.pop() as Token;
      t = { ...t, start: before.start, space: before.space };
    }
    let j = k;
    for (let m = k + 1; m < toks.length; m++) {
      const u = toks[m] as Token;
      const w = toks[m + 1];
      if ((u.kind === 'word' || u.kind === 'uword') && isTextWord(u) && u.text.length >= 3) j = m;
      // "long-run rate", "year-on-year": a hyphen typed inside the words joins them (no minus).
      else if (u.text === '-' && !u.space && m === j + 1 && w !== undefined && !w.space && (w.kind === 'word' || w.kind === 'uword') && w.text.length >= 2 && /^\p{L}+$/u.test(w.text)) j = ++m;
      else if (!glue(u)) break;
    }
    // "0.08419 M × 10 (dilution factor) = …": words alone in spaced brackets are a remark, brackets and space kept.
    const open = out[out.length - 1];
    if (open?.kind === 'open' && open.text === '(' && open.space && out.length > 1 && toks[j + 1]?.kind === 'close' && toks[j + 1]?.text === ')') {
      out.pop();
      const words = source.slice(t.start, (toks[j] as Token).end).replace(/[{}\\]/g, '').replace(/%/g, '\\%');
      out.push({ ...open, kind: 'tex', text: `\\text{ (${words})}`, end: (toks[j + 1] as Token).end });
      k = j + 1;
      continue;
    }
    const end = (toks[j] as Token).end;
    const words = source.slice(t.start, end).replace(/[{}\\]/g, '').replace(/%/g, '\\%');
    // "moles NaOH": a word before a symbol keeps its space (math mode drops typed spaces).
    const after = toks[j + 1];
    const gap = after !== undefined && after.space && !['op', 'close', 'punct'].includes(after.kind) ? ' ' : '';
    // "30 dias": a word after a figure keeps its space before it too.
    const lead = t.space && out.length > 0 && !['op', 'open'].includes((out[out.length - 1] as Token).kind) ? ' ' : '';
    // ("[acid] in diluted sample": the short word before it and the phrase are one text, one space between.)
    const last = out[out.length - 1];
    if (last?.kind === 'tex' && /^\\text\{[^{}]* \}$/.test(last.text)) out[out.length - 1] = { ...last, text: `${last.text.slice(0, -1)}${words}${gap}}`, end };
    else out.push({ ...t, kind: 'tex', text: `\\text{${lead}${words}${gap}}`, end });
    k = j;
  }
  return out;
}

const TRAILING = /[\s,;]+$/;

/** A spaced x next to a written-out word is a times sign ("1/2 x tax x change in quantity"). */
function timesSigns(toks: Token[]): Token[] {
  return toks.map((t, k) => {
    if (t.kind !== 'word' || t.text !== 'x' || !t.space || toks[k + 1]?.space !== true) return t;
    // "ln x which": the argument of a function.
    if (toks[k - 1]?.kind === 'word' && FUNCTIONS.has(toks[k - 1]?.text ?? '')) return t;
    // "x = 0 lub x = 2": an x that a relation follows is the equation's unknown.
    if (toks[k + 1]?.kind === 'op' && /^(?:=|<|>|<=|>=|≤|≥|≠|≈|!=)$/.test(toks[k + 1]?.text ?? '')) return t;
    const near = [toks[k - 1], toks[k + 1]].some((u) => u?.kind === 'tex' && u.text.startsWith('\\text'));
    return near ? { ...t, kind: 'op' as const, text: '×' } : t;
  });
}

/** Differentials set apart from what they close (pH and its kin are read by the parser). */
const NAMED: Record<string, string> = { dx: '\\,dx', dy: '\\,dy', dt: '\\,dt', dV: '\\,dV' };

function tokensOf(ascii: string): Token[] {
  return mergeTexCommands(mergeUnits(mergeChemistry(blankFigures(mergeStars(mergeMatrices(tokenize(ascii, usesDecimalComma(ascii)), ascii))), ascii)), ascii);
}

function texOf(toks: Token[], ascii: string): string {
  const named = timesSigns(textTokens(toks, ascii)).map((t, k, all) => {
    if (t.kind !== 'word') return t;
    // "du = dx": a differential alone on a side is no product and wants no space before it.
    const prev = all[k - 1];
    const alone = (prev === undefined || (prev.kind === 'op' && RELATIONS[prev.text] !== undefined)) && /^d[a-zA-Z]$/.test(t.text);
    if (alone) return { ...t, kind: 'tex' as const, text: t.text };
    // dy/dx: a differential in a fraction is set as typed.
    const inFraction = (prev?.text === '/' && !t.space) || (all[k + 1]?.text === '/' && all[k + 1]?.space === false);
    return NAMED[t.text] && !inFraction ? { ...t, kind: 'tex' as const, text: NAMED[t.text] as string } : t;
  });
  return emit(parseFormula(named)).trim();
}

/**
 * The TeX of a formula the note marks as one (a <MATHEQ> tag) written in words or ASCII math;
 * null when it is TeX already (a backslash) or holds nothing to read.
 */
export function taggedFormulaTex(body: string): string | null {
  const text = body.trim();
  if (text === '' || text.length > 2000 || text.includes('\\') || text.includes('\n')) return null;
  const ascii = wordsToAscii(text);
  const toks = tokensOf(ascii);
  // Already TeX as typed ("E = mc^2"): only words, Greek names, roots and indices need reading.
  const words = ascii !== text || toks.some((t) => (t.kind === 'word' && (GREEK.has(t.text) || t.text === 'sqrt' || INFINITY.has(t.text))) || (t.kind === 'tex' && t.text.startsWith('\\ce')));
  const indices = /(?:^|[^\p{L}\d])[A-Za-z]\d(?![\d\p{L}])/u.test(text);
  if (!words && !indices) return null;
  const tex = texOf(toks, ascii);
  return tex === '' ? null : tex;
}

/** A remark in brackets at the end of a formula line ("pH + pOH = 14 (at 25 C)"): words, not math. */
const REMARK = /\s\(([^()]{1,60})\)$/u;

function isRemark(inner: string): boolean {
  // "(2 pi radice di LC)": math in words is math.
  if (wordsToAscii(inner) !== inner) return false;
  const toks = tokenize(inner);
  // "(a 25 °C)", "(à 20 °C)": a one-letter word before a figure is a preposition, not a variable.
  const preposition = toks.some((t, k) => t.kind === 'word' && /^\p{Ll}$/u.test(t.text) && toks[k + 1]?.kind === 'num' && toks[k + 1]?.space === true);
  return preposition || toks.some((t) => (t.kind === 'word' || t.kind === 'uword') && (isTextWord(t) ? t.text.length >= 3 : SHORT_WORDS.has(t.text.toLowerCase()) && t.text.length >= 2));
}

/** "W = number of microstates", "M = mol solute / L solution": a symbol defined in words, no figure in them; a line of text. */
function definedInWords(toks: Token[]): boolean {
  const at = toks.findIndex((t) => t.kind === 'op' && RELATIONS[t.text] !== undefined);
  if (at < 1 || at > 3 || toks.slice(at + 1).some((t) => (t.kind === 'op' && RELATIONS[t.text] !== undefined) || t.kind === 'num')) return false;
  if (toks.slice(0, at).some((t) => isTextWord(t) && t.text.length >= 3)) return false;
  const right = toks.slice(at + 1);
  // (A unit in brackets, "(mm/dia)", and a name hyphened between words, "Penman-Monteith", are words of the definition.)
  let depth = 0;
  const signs = right.filter((t, k) => {
    if (t.kind === 'open') depth++;
    else if (t.kind === 'close') depth = Math.max(0, depth - 1);
    const hyphen = t.text === '-' && !t.space && right[k - 1]?.kind === 'word' && right[k + 1]?.kind === 'word' && !(right[k + 1] as Token).space;
    return depth === 0 && !hyphen && (t.kind === 'op' || t.kind === 'sym');
  });
  if (signs.length > 0) return false;
  // (T_site: a word in a script is the symbol's index.)
  return right.filter((t, k) => isTextWord(t) && t.text.length >= 3 && !(right[k - 1]?.kind === 'op')).length >= 2;
}

/** The TeX of a line that is a formula, or null when the line is prose (or no formula at all). */
export function formulaLineTex(line: string): string | null {
  const trimmed = line.replace(TRAILING, '');
  const remark = REMARK.exec(trimmed);
  // (A formula in the brackets, "(ΔG ≈ -2870 kJ/mol)", is set as one: no remark in words.)
  if (remark && isRemark(remark[1] ?? '') && formulaLineTex(remark[1] ?? '') === null) {
    const tex = formulaLineTex(trimmed.slice(0, remark.index));
    const words = (remark[1] ?? '').replace(/[{}\\]/g, '').replace(/[%&#$_]/g, (c) => `\\${c}`).replace(/[\^~]/g, ' ');
    return tex === null ? null : `${tex} \\quad \\text{(${words})}`;
  }
  // "(p=1 gives ln x which goes to infinity)": a remark in brackets is read for its words inside.
  if (/^\([^()]*\)$/.test(trimmed) && formulaLineTex(trimmed.slice(1, -1)) === null) return null;
  // "= (1/2) ln|x-1| + C": a line going on with the formula above it.
  const going = /^(=|≈|~=|<=|>=|<|>|≤|≥)\s+(\S.*)$/u.exec(trimmed);
  // (Only math goes on: "= x e^x evaluated from 0 to 1 - …" is a sentence about it.)
  if (going && !tokensOf(wordsToAscii(going[2] ?? '')).some((t) => isTextWord(t) && t.text.length >= 3)) {
    const rest = formulaLineTex(`y ${going[1]} ${going[2]}`);
    return rest === null ? null : rest.replace(/^y\s*/, '');
  }
  if (going) return null;
  // "C(s) + O2(g) -> CO2(g)   delta H = -393.5 kJ/mol": formulas set apart by a wide gap stay apart.
  const gapped = trimmed.split(/ {3,}|\t+/).map((p) => p.trim()).filter(Boolean);
  if (gapped.length > 1 && gapped.length <= 4) {
    const parts = gapped.map((p) => formulaLineTex(p));
    return parts.every((p) => p !== null) ? parts.join(' \\qquad ') : null;
  }
  const text = trimmed;
  // Words of a right-to-left script read right to left only in the paragraph, never inside a
  // display's left-to-right math: such a line is text with its formula inline.
  if (/[\u0590-\u08FF\uFB1D-\uFDFF\uFE70-\uFEFF]/u.test(text)) return null;
  // A sentence's end, a remark's arrow, a bullet's star, TeX as typed: not a formula line to read.
  if (text.length === 0 || text.length > 300 || /[.:]$/.test(text.replace(/\.\.\.$|…$/, '')) || /^[-–—]?>|^→|^\*/.test(text) || /\\[A-Za-z]/.test(text)) return null;
  const ascii = wordsToAscii(text);
  const toks = tokensOf(ascii);
  const s = shape(toks);
  const bigOperator = toks[0]?.kind === 'word' && (BIG_OPERATORS[toks[0].text] !== undefined || toks[0].text === 'lim');
  // A line that is one reaction (CH4 + 2O2 -> CO2 + 2H2O).
  if (toks.length === 1 && toks[0]?.kind === 'tex' && toks[0].text.startsWith('\\ce{')) return toks[0].text;
  // Words, then the formula ("Q1 derivative of f(x) = 3x^3 - 5x + 2"): a sentence whose formula is
  // found inline; a line whose left side is all words ("energy per year = 600 x 0.20") stays whole.
  if (s.clause || s.lead || s.longestRun > 3 || s.textWords > 10 || !(s.relation || bigOperator)) return null;
  // A line whose only relation is an arrow is math when nothing of it is words (x -> 0, A => B).
  // (A reaction among words is a sentence about it: "CO2 + RuBP -> 2 moléculas de 3-PGA".)
  if (s.relation && s.arrowsOnly && s.textWords > 0) return null;
  // "15.5% → 35.5%", "2h 40m → 1h 55m": an arrow between figures is a change told, not math.
  if (s.relation && s.arrowsOnly && toks.every((t) => t.kind === 'num' || t.kind === 'unit' || t.text === '%' || t.text === ',' || ARROW_RELATIONS.has(t.text) || (t.kind === 'word' && /^(?:h|min|m|s|d|ms|wk)$/.test(t.text)))) return null;
  if (definedInWords(toks)) return null;
  if (toks.some((t) => t.kind === 'other' || (t.kind === 'punct' && t.text !== ',' && t.text !== "'"))) return null;
  // Words on both sides of an equals sign ("head = đầu") are a glossary, not a formula: a formula
  // has a symbol, a number, a name of math or an operation ("variación % de la cantidad / …") somewhere.
  const texts = textTokens(toks, ascii);
  const operation = (t: Token): boolean => t.kind === 'op' && RELATIONS[t.text] === undefined;
  if (!texts.some((t) => operation(t) || t.kind === 'num' || t.kind === 'word' || t.kind === 'greek' || t.kind === 'unit' || t.kind === 'sym' || (t.kind === 'tex' && !t.text.startsWith('\\text{')))) return null;
  // Written-out words and figures with a relation and nothing else of math ("churn < 5% monthly",
  // "total = 45"): a statement, set as text like the lines around it.
  const isText = (t: Token): boolean => t.kind === 'tex' && t.text.startsWith('\\text{');
  // A hyphen or a slash inside written-out words joins them ("south-facing", "east/west").
  const joiner = (k: number): boolean => {
    const t = texts[k] as Token;
    const next = texts[k + 1];
    return (t.text === '-' || t.text === '/') && !t.space && texts[k - 1] !== undefined && isText(texts[k - 1] as Token) && next !== undefined && !next.space && isText(next);
  };
  const symbolic = texts.some((t, k) => (operation(t) && !joiner(k)) || t.kind === 'word' || t.kind === 'greek' || t.kind === 'unit' || (t.kind === 'sym' && t.text !== '%') || (t.kind === 'tex' && !isText(t)));
  if (!symbolic && texts.some(isText)) return null;
  // "82 kWh/mês por painel": a slash before written-out words is a "per" in the sentence, no fraction of a formula.
  if (texts.some((t, k) => t.text === '/' && (texts[k - 1]?.kind === 'unit' || texts[k - 1]?.kind === 'num') && texts[k + 1] !== undefined && isText(texts[k + 1] as Token))) return null;
  const tex = texOf(toks, ascii);
  return tex === '' ? null : tex;
}
