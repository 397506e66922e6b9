// Chemical formulas and reactions in notes (H2O, CO2, NaCl, SO4^2-, [H+], CH4 + 2O2 -> CO2 + 2H2O),
// set with mhchem's \ce, which the documents load. Only what cannot be anything else: element
// symbols with counts (CO2), two-letter elements (NaCl), charges on known ions, and reactions
// whose every species is one. A word that only looks like a formula (CO, NO, OH, HOBO, NaN,
// B2B) stays text. A linear scan over space-separated pieces.
import { ELEMENTS } from './lexicon.js';

/** Molecules of one element that are written alone (hydrogen, oxygen, nitrogen, chlorine, bromine, ozone). */
const MOLECULES = new Set(['H2', 'O2', 'N2', 'Cl2', 'Br2', 'O3']);
/** Ions of one element people write with their charge. */
const IONS = new Set(['H', 'Na', 'K', 'Li', 'Ca', 'Mg', 'Cl', 'F', 'Br', 'I', 'Fe', 'Cu', 'Zn', 'Al', 'Ag', 'Ba', 'Pb', 'O', 'S', 'N']);
/** Words made of element symbols that are not formulas. */
const NOT_FORMULAS = new Set(['NaN', 'HeLa', 'CoA', 'InP', 'NiCd', 'BaSiC']);

interface Species {
  /** Elements and groups read, with their counts. */
  elements: number;
  counts: boolean;
  twoLetter: boolean;
  charge: boolean;
  /** The formula without its coefficient, as typed. */
  core: string;
}

/** Reads a formula: a coefficient, groups of elements with counts, brackets, a charge and a state. */
function species(piece: string): Species | null {
  const m = /^(\d{0,2})(.+)$/.exec(piece);
  if (!m) return null;
  let s = m[2] ?? '';
  const core = s;
  // A state after the formula: (s), (l), (g), (aq), a precipitate's ↓ or a gas's ↑.
  s = s.replace(/\((?:s|l|g|aq)\)$|[↓↑]$/, '');
  let charge = false;
  const c = /(?:\^?\d?[+-]|\^\d?[+-]?)$/.exec(s);
  if (c && c.index > 0) {
    charge = true;
    s = s.slice(0, c.index);
  }
  let elements = 0;
  let counts = false;
  let twoLetter = false;
  let depth = 0;
  let i = 0;
  while (i < s.length) {
    const ch = s[i] as string;
    if (ch === '(' || ch === '[') {
      depth++;
      i++;
      continue;
    }
    if (ch === ')' || ch === ']') {
      if (--depth < 0) return null;
      i++;
      // A bracket group counts: Ca(OH)2, [Fe(CN)6]3- (V(HCl) is a volume of HCl).
      if (!/\d/.test(s[i] ?? '') && ch === ')' && depth === 0 && i === s.length) return null;
      while (/\d/.test(s[i] ?? '')) {
        counts = true;
        i++;
      }
      continue;
    }
    if (!/[A-Z]/.test(ch)) return null;
    const two = /[a-z]/.test(s[i + 1] ?? '') ? s.slice(i, i + 2) : null;
    let sym: string;
    if (two && ELEMENTS.has(two)) sym = two;
    else if (ELEMENTS.has(ch)) sym = ch;
    else return null;
    if (sym.length === 2) twoLetter = true;
    elements++;
    i += sym.length;
    let digits = '';
    while (/\d/.test(s[i] ?? '')) digits += s[i++];
    if (digits) {
      if (digits === '1' || digits.startsWith('0')) return null;
      counts = true;
    }
  }
  if (depth !== 0 || elements === 0) return null;
  return { elements, counts, twoLetter, charge, core };
}

/** Formulas running text names often: water, salt, lye and the common gases and acids (CSS3, POP3 and FS5 are not formulas). */
const COMMON = new Set(['H2O', 'H2O2', 'HCl', 'NaCl', 'NaOH', 'KOH', 'KCl', 'CO2', 'SO2', 'SO3', 'NO2', 'NH3', 'CH4', 'HNO3', 'HNO2', 'N2O', 'PCl3', 'O2', 'N2', 'H2', 'O3', 'CS2', 'BF3', 'PH3']);

/** In running text, a formula alone must be plainly one: a charge, two counts, a two-letter element with a count, or a common one. */
function plainInProse(sp: Species, piece: string): boolean {
  // A state after it ("CO2(g)", "H2O(l)") says it is a formula.
  if (/\((?:s|l|g|aq)\)$/.test(piece) && (sp.counts || sp.elements >= 2)) return true;
  const core = piece.replace(/^\d+/, '');
  // CH3COOH, C6H12O6: four element symbols or more with a count.
  return sp.charge || (core.match(/\d+/g)?.length ?? 0) >= 2 || (sp.twoLetter && sp.counts) || (sp.elements >= 4 && sp.counts) || COMMON.has(core);
}

/** A species that is a formula whatever is around it. */
function unambiguous(sp: Species, piece: string): boolean {
  if (NOT_FORMULAS.has(sp.core) || /^([A-Z][a-z]?)\d+\1$/.test(sp.core)) return false;
  if (sp.elements >= 2 && (sp.counts || sp.twoLetter)) return true;
  if (sp.elements === 1 && MOLECULES.has(piece.replace(/^\d+/, ''))) return true;
  // Mn2+, Cr3+: any element with a charge's figure is an ion (O2- and N2+ keep their counts: molecules).
  const bare = sp.core.replace(/\^?\d?[+-]$/, '');
  // Hg2^2+: a count, then a charge written as one.
  return sp.charge && (sp.elements >= 2 || /\d\^\d[+-]$/.test(sp.core) || IONS.has(bare) || (ELEMENTS.has(bare) && /\d[+-]$/.test(sp.core) && !MOLECULES.has(sp.core.replace(/[+-]$/, ''))));
}

export interface ChemSpan {
  start: number;
  end: number;
  tex: string;
  /** A species in a concentration's brackets ([H+]). */
  concentration?: true;
}

const COEFFICIENT = /^(?:\d{1,2}\/\d{1,2}|\d{1,3}(?:[.,]\d{1,2})?)$/;
const ELECTRONS = /^\d{0,2}e-$/;

/** ADP, Pi, NADPH, RuBP, G3P, NADP+: a species named by its capitals (biochemistry), a formula only in a reaction. */
function named(piece: string | undefined): boolean {
  if (piece === undefined || !/^[A-Z][A-Za-z]{1,7}(?:\^?\d?[+-])?$/.test(piece)) return false;
  return (piece.match(/[A-Z]/g) ?? []).length >= 2 || /^[A-Z][a-z]$/.test(piece);
}

const ARROWS = new Set(['->', '→', '<->', '⇌', '<=>', '⟶', '=']);

/**
 * A one-element ion typed with its charge's figure ("Fe3+", "Ca2+"): mhchem would read the figure
 * as a count (Fe₃⁺), so the charge is marked as one (Fe^3+). "NH4+" and "NO3-" keep their counts.
 */
function ionCharges(text: string): string {
  return text
    .replace(/(^|[\s([])(\d*)([A-Z][a-z]?)(\d)([+-])(?=$|[\s)\],;.])/g, (all, lead: string, coeff: string, sym: string, n: string, sign: string) =>
      (IONS.has(sym) || (ELEMENTS.has(sym) && !MOLECULES.has(`${sym}${n}`))) && !(sign === '-' && HALOGENS.has(sym)) ? `${lead}${coeff}${sym}^${n}${sign}` : all,
    )
    .replace(/\](\d)([+-])(?=$|[\s),;.])/g, ']^$1$2');
}

/** A halogen's anion has one charge: I3- and Br3- are counts (triiodide), not I³⁻. */
const HALOGENS = new Set(['F', 'Cl', 'Br', 'I']);

/** "Hg2 2+", "SO4 2-": a charge typed apart from its formula, joined to it. */
const SPACED_CHARGE = /([A-Za-z\d)\]]) (\d[+-])(?=$|\s)/g;

function ce(text: string): string {
  // "<->" between a reaction's sides is typed for an equilibrium (mhchem's <-> is resonance).
  return `\\ce{${ionCharges(text.replace(/→|⟶/g, '->').replace(/↓/g, ' v').replace(/↑/g, ' ^').replace(/⇌|<->/g, '<=>').replace(SPACED_CHARGE, '$1^$2'))}}`;
}

/** Pieces with a charge typed apart ("Hg2 2+", "SO4 2-") joined to the formula before them. */
function withSpacedCharges(text: string, ps: Piece[]): Piece[] {
  const out: Piece[] = [];
  for (const p of ps) {
    const last = out[out.length - 1];
    if (last && /^\d[+-]$/.test(p.text) && p.start === last.end + 1 && text[last.end] === ' ' && !/[+-]$/.test(last.text)) {
      const sp = species(last.text);
      if (sp && (sp.counts || sp.elements >= 2)) {
        out[out.length - 1] = { text: `${last.text}^${p.text}`, start: last.start, end: p.end };
        continue;
      }
    }
    out.push(p);
  }
  return out;
}

interface Piece {
  text: string;
  start: number;
  end: number;
  /** Typed inside square brackets: a concentration's species ([H+], [A-], [HA]). */
  concentration?: true;
}

/** [A-], [HA], [In-]: a species of an equilibrium named by its capitals, charged or of two capitals, inside a concentration's brackets. */
const BRACKETED_SPECIES = /^(?:[A-Z][a-z]?){1,3}(?:\^?\d?[+-])$|^[A-Z]{2,3}$/;

/** Space-separated pieces with their brackets and closing punctuation off. */
function pieces(text: string): Piece[] {
  const out: Piece[] = [];
  const re = /\S+/g;
  for (let m = re.exec(text); m; m = re.exec(text)) {
    let start = m.index;
    let end = m.index + m[0].length;
    while (end > start && /[.,;:!?]/.test(text[end - 1] as string)) end--;
    // -log[H+], [H+][OH-]: concentrations inside a piece are pieces of their own.
    const brackets = (text.slice(start, end).match(/\[/g) ?? []).length;
    if (brackets > 1 || (brackets === 1 && text[start] !== '[')) {
      for (const c of text.slice(start, end).matchAll(/\[([^[\]]{1,24})\]/g)) {
        const at = start + (c.index ?? 0) + 1;
        out.push({ text: c[1] ?? '', start: at, end: at + (c[1] ?? '').length, concentration: true });
      }
      continue;
    }
    // "(CaCO3 + H2CO3 -> Ca(HCO3)2)": a bracket around a whole reaction is not its species'.
    const piece = text.slice(start, end);
    const opens = (piece.match(/\(/g) ?? []).length;
    const closes = (piece.match(/\)/g) ?? []).length;
    if (text[start] === '(' && opens > closes) start++;
    // "c(Ca2+ + Mg2+)": the quantity of a sum; its first species starts after the bracket.
    else if (/^[nmcMV]\(/.test(piece) && opens > closes) start += 2;
    else if (text[end - 1] === ')' && closes > opens) end--;
    if (text[start] === '[' && text[end - 1] === ']') {
      // [Ca], [Mg]: the concentration of an element named by its two letters, brackets and all.
      const inner = text.slice(start + 1, end - 1);
      if (/^[A-Z][a-z]$/.test(inner) && ELEMENTS.has(inner)) {
        out.push({ text: text.slice(start, end), start, end });
        continue;
      }
      start++;
      end--;
    } else if (text[start] === '(' && text[end - 1] === ')' && !/\((?:s|l|g|aq)\)$/.test(text.slice(start, end))) {
      start++;
      end--;
    }
    // "CO2-Fixierung", "H2O-Moleküle": a formula joined to a word by a hyphen (a charge is no word).
    const joined = /^[A-Z][A-Za-z\d()]{0,20}-(?=\p{Lu}?\p{Ll}{2})/u.exec(text.slice(start, end));
    if (joined) end = start + joined[0].length - 1;
    out.push({ text: text.slice(start, end), start, end });
  }
  return out;
}

/** n(Cu), m(CuSO4), c(S2O3 2-), V(HCl): the amount, mass, concentration or volume of a substance. */
const QUANTITY = /(?<![\p{L}\p{N}_\\])([nmcMV])\(((?:[^()\n]|\([^()\n]{0,12}\)){1,40})\)/gu;
/** %Cu, %N: an element's share by mass, its symbol glued to the sign ("25% I" is a share of something else). */
const SHARE = /(?<![\p{L}\p{N}%])%([A-Z][a-z]?)(?![\p{L}\p{N}])/gu;

/** The substances named inside quantities and shares; a lone one-letter element only as an amount or a concentration. */
function quantitySpans(text: string): ChemSpan[] {
  const out: ChemSpan[] = [];
  for (const m of text.matchAll(QUANTITY)) {
    const inner = (m[2] ?? '').trim();
    const joined = inner.replace(SPACED_CHARGE, '$1^$2');
    if (/\s/.test(joined)) continue;
    const sp = species(joined);
    if (!sp || NOT_FORMULAS.has(sp.core)) continue;
    const lone = sp.elements === 1 && !sp.counts && !sp.charge;
    if (lone && !(sp.twoLetter || /[nc]/.test(m[1] ?? ''))) continue;
    const start = (m.index ?? 0) + 2 + (m[2] ?? '').indexOf(inner);
    out.push({ start, end: start + inner.length, tex: ce(inner) });
  }
  for (const m of text.matchAll(SHARE)) {
    const sym = m[1] ?? '';
    if (!ELEMENTS.has(sym)) continue;
    const start = (m.index ?? 0) + m[0].length - sym.length;
    out.push({ start, end: start + sym.length, tex: ce(sym) });
  }
  return out;
}

/** Spans of `more` that overlap none of `spans`, merged into them in order. */
function withSpans(spans: ChemSpan[], more: ChemSpan[]): ChemSpan[] {
  const free = more.filter((q) => !spans.some((s) => q.start < s.end && s.start < q.end));
  return free.length === 0 ? spans : [...spans, ...free].sort((a, b) => a.start - b.start);
}

/** The chemical formulas and reactions in a text, as \ce spans. */
export function chemistrySpans(text: string, options: { prose?: boolean } = {}): ChemSpan[] {
  if (text.length > 20000 || !/[A-Z]/.test(text)) return [];
  return withSpans(formulaSpans(text, options), quantitySpans(text));
}

const ORDER_SIGNS: Record<string, string> = { '>': '>', '<': '<', '≫': '\\gg', '≪': '\\ll' };

/**
 * "K > Na > Ca > Mg > Al > Zn > Fe": elements ranked by a sign between them (a reactivity or
 * electronegativity series), three at least and one of two letters: symbols set upright, never
 * a letter with a subscript (N_a). The index after its last piece, and its TeX; or null.
 */
function elementSeries(ps: Piece[], k: number): { next: number; tex: string } | null {
  let j = k;
  let tex = '';
  let twoLetter = false;
  for (;;) {
    const p = ps[j];
    if (!p || !ELEMENTS.has(p.text)) break;
    twoLetter ||= p.text.length === 2;
    tex += `\\mathrm{${p.text}}`;
    const sign = ORDER_SIGNS[ps[j + 1]?.text ?? ''];
    if (sign === undefined || !ELEMENTS.has(ps[j + 2]?.text ?? '')) {
      j++;
      break;
    }
    tex += ` ${sign} `;
    j += 2;
  }
  return j - k >= 5 && twoLetter ? { next: j, tex } : null;
}

function formulaSpans(text: string, options: { prose?: boolean }): ChemSpan[] {
  const ps = withSpacedCharges(text, pieces(text));
  const out: ChemSpan[] = [];
  /** Formulas that running text alone does not make plain. */
  const unsure: ChemSpan[] = [];
  const sp = ps.map((p) => (p.text.length <= 40 ? species(p.text) : null));
  for (let k = 0; k < ps.length; k++) {
    const series = elementSeries(ps, k);
    if (series) {
      out.push({ start: (ps[k] as Piece).start, end: (ps[series.next - 1] as Piece).end, tex: series.tex });
      k = series.next - 1;
      continue;
    }
    // A reaction: species (+ species)* arrow species (+ species)*, one species unambiguous at least.
    let j = k;
    let arrows = 0;
    let clear = false;
    let lastSpecies = -1;
    let namedSpecies = 0;
    while (j < ps.length) {
      const p = ps[j] as Piece;
      const s = sp[j];
      const opens = j === k || ps[j - 1]?.text === '+' || ARROWS.has(ps[j - 1]?.text ?? '');
      // H2 + 1/2 O2 -> H2O, C8H18 + 12,5 O2 -> 8 CO2: a coefficient typed apart (mhchem sets ½).
      if (COEFFICIENT.test(p.text) && opens && (sp[j + 1] || ELECTRONS.test(ps[j + 1]?.text ?? '') || named(ps[j + 1]?.text))) {
        j++;
        continue;
      }
      // 2H2O -> 4H+ + 4e- + O2: electrons take part too.
      if (ELECTRONS.test(p.text) && (opens || COEFFICIENT.test(ps[j - 1]?.text ?? '')) && j > k) {
        lastSpecies = j;
        j++;
        continue;
      }
      if ((s || named(p.text)) && (opens || COEFFICIENT.test(ps[j - 1]?.text ?? ''))) {
        if (s && unambiguous(s, p.text)) clear = true;
        if (!s) namedSpecies++;
        lastSpecies = j;
        j++;
        continue;
      }
      if (j > k && lastSpecies === j - 1 && (p.text === '+' || ARROWS.has(p.text))) {
        if (ARROWS.has(p.text)) arrows++;
        j++;
        continue;
      }
      break;
    }
    // ADP + Pi -> ATP: a reaction of named species, two of them at least.
    if (arrows > 0 && (clear || namedSpecies >= 2) && lastSpecies > k) {
      const first = ps[k] as Piece;
      const last = ps[lastSpecies] as Piece;
      // "=" is an arrow only between species that are all formulas (2H2 + O2 = 2H2O).
      const eq = ps.slice(k, lastSpecies + 1).some((p) => p.text === '=');
      const allClear = ps.slice(k, lastSpecies + 1).every((p, n) => p.text === '+' || ARROWS.has(p.text) || COEFFICIENT.test(p.text) || ELECTRONS.test(p.text) || (sp[k + n] !== null && unambiguous(sp[k + n] as Species, p.text)));
      if (!eq || allClear) {
        out.push({ start: first.start, end: last.end, tex: ce(text.slice(first.start, last.end)) });
        k = lastSpecies;
        continue;
      }
    }
    let p = ps[k] as Piece;
    if (/^\[[A-Z][a-z]\]$/.test(p.text) || (p.concentration && BRACKETED_SPECIES.test(p.text))) {
      out.push({ start: p.start, end: p.end, tex: ce(p.text), ...(p.concentration ? { concentration: true as const } : {}) });
      continue;
    }
    let s = sp[k];
    // n(O2), c(HCl): a quantity of a substance.
    const inner = s ? null : /^\p{L}\(([^()]{1,40})\)$/u.exec(p.text);
    if (inner) {
      p = { text: inner[1] ?? '', start: p.start + 2, end: p.end - 1 };
      s = species(p.text);
    }
    // "87% in H2", "H2 2025": a year's second half, not hydrogen.
    const half = p.text === 'H2' && (/\b(?:in|during|since|until)\s+$/i.test(text.slice(Math.max(0, p.start - 8), p.start)) || /^\s*(?:19|20)\d\d\b|^\s*(?:FY)?'?\d\d\b/.test(text.slice(p.end, p.end + 6)));
    // ("6CO2", "6O2": a coefficient glued to a formula in a reaction written with words, "+ light energy ->".)
    const glued = /^\d{1,2}(?=[A-Z])/.exec(p.text);
    const rest = glued ? species(p.text.slice(glued[0].length)) : null;
    if (glued && rest && unambiguous(rest, p.text.slice(glued[0].length)) && (ps[k - 1]?.text === '+' || ps[k + 1]?.text === '+' || ARROWS.has(ps[k - 1]?.text ?? '') || ARROWS.has(ps[k + 1]?.text ?? ''))) {
      out.push({ start: p.start, end: p.end, tex: ce(p.text) });
      continue;
    }
    if (!s || half || !unambiguous(s, p.text) || /^\d/.test(p.text)) continue;
    const span = { start: p.start, end: p.end, tex: ce(p.text), ...(p.concentration ? { concentration: true as const } : {}) };
    if (!options.prose || plainInProse(s, p.text)) out.push(span);
    else unsure.push(span);
  }
  // KIO3 beside a reaction or an ion in the same paragraph is a formula too.
  return out.length > 0 && unsure.length > 0 ? withSpans(out, unsure) : out;
}

/**
 * Whether a note writes chemistry: two formulas plain in its running text at least (a reaction,
 * an ion, CaCO3, NaCl). Its other formulas (KNO3, KIO3) are then formulas wherever they stand.
 */
export function chemistryNote(source: string): boolean {
  if (!/[A-Z]/.test(source) || !/\d/.test(source)) return false;
  let found = 0;
  for (const paragraph of source.split(/\n[ \t]*\n/)) {
    if (paragraph.length > 20000) continue;
    found += formulaSpans(paragraph, { prose: true }).length;
    if (found >= 2) return true;
  }
  return false;
}

/** Tokens with each chemical formula or reaction of the source merged into one TeX token. */
export function mergeChemistry<T extends { kind: string; text: string; start: number; end: number; space: boolean; line: boolean }>(toks: T[], source: string, only?: (c: ChemSpan) => boolean): T[] {
  const spans = only ? chemistrySpans(source).filter(only) : chemistrySpans(source);
  if (spans.length === 0) return toks;
  const out: T[] = [];
  let s = 0;
  for (let k = 0; k < toks.length; k++) {
    const tok = toks[k] as T;
    while (s < spans.length && (spans[s] as ChemSpan).end <= tok.start) s++;
    const span = spans[s];
    if (!span || tok.start < span.start || tok.start >= span.end) {
      out.push(tok);
      continue;
    }
    // The span's tokens: from this one to the last that starts inside it.
    let j = k;
    while (j + 1 < toks.length && (toks[j + 1] as T).start < span.end) j++;
    out.push({ ...tok, kind: 'tex', text: span.tex, start: span.start, end: Math.max(span.end, (toks[j] as T).end) });
    k = j;
    s++;
  }
  return out;
}
