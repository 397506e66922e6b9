// The words ASCII math knows: function and operator names, spelled-out Greek letters, unit
// symbols, and the short English words that are never variables. Everything here is a closed
// list, so that what becomes math can be stated (and tested) word by word.
import { GREEK_NAMES } from '../../text/unicode-map.js';
import type { Token } from './tokens.js';

/** Function names set upright with their own command (\sin, \log, …). */
export const FUNCTIONS: ReadonlySet<string> = new Set(
  `sin cos tan cot sec csc arcsin arccos arctan sinh cosh tanh coth log ln lg exp lim limsup liminf
  max min sup det dim ker gcd deg arg Pr`.split(/\s+/).filter(Boolean),
);

/** Names written with \operatorname (no command of their own in amsmath). */
export const OPERATOR_NAMES: ReadonlySet<string> = new Set(
  `arcsinh arccosh arctanh sgn sign lcm mod tr Tr rank diag Var Cov Corr var cov erf erfc argmax argmin
  softmax sigmoid relu ReLU logit grad div curl sen tg cotg`.split(/\s+/).filter(Boolean),
);

/** Big operators: limits below and above (sum_(i=1)^n). */
export const BIG_OPERATORS: Readonly<Record<string, string>> = {
  sum: '\\sum', prod: '\\prod', int: '\\int', oint: '\\oint', iint: '\\iint', iiint: '\\iiint',
};

export const GREEK: ReadonlySet<string> = new Set(GREEK_NAMES);

/** Words meaning infinity. */
export const INFINITY: ReadonlySet<string> = new Set(['inf', 'infty', 'infinity', 'oo']);

/**
 * Two-letter words of English (and common two-letter abbreviations) that are never a product of
 * two variables. Any other two-letter lower-case word next to an operator is read as one (mc, kx,
 * mv): that is how formulas are typed.
 */
export const SHORT_WORDS: ReadonlySet<string> = new Set(
  `ad ah am an as at aw ax ay be by de do eh el em en er es ex go ha he hi hm ho id if in is it
  la lo me mi mm mo mu my na ne no nu of oh oi ok on op or ow ox oy pa pi re so ta te ti to uh
  um un up us we ye yo vs eg ie cf al st nd rd th tv pc pm ai ml js ts py db ui ux os hr
  mr ms dr jr co se le du il ou et je tu da em os
  di su ci si fa ao au ce sa im zu ob od po za ze ja ty`.split(/\s+/).filter(Boolean),
);

/**
 * Unit symbols read as units after a number (9.81 m/s^2, 1.2 kg/m^3, 60 km/h). Symbols that are
 * also ordinary one-letter variables (m, s, g, N, …) are units only in a closed unit expression
 * (see units.ts); `d`, `t` and `h` only inside a compound (km/h), never alone.
 */
export const UNITS: ReadonlySet<string> = new Set(
  `m km dm cm mm µm μm nm pm s ms µs μs ns ps min h g kg mg µg μg ng t N kN mN MN J kJ MJ mJ GJ eV keV
  MeV GeV TeV W kW MW GW mW Wh kWh MWh Pa kPa MPa GPa hPa bar mbar atm mmHg V kV mV µV μV A mA µA μA
  kA Ω kΩ MΩ ohm ohms C mC µC μC nC F µF μF nF pF mF T mT µT μT Wb H mH µH μH Hz kHz MHz GHz THz K mol M
  mmol µmol μmol kmol mM µM μM nM L mL µL μL l ml dL dl cd lm lx Bq kBq MBq GBq Ci mCi µCi μCi Gy mGy
  Sv mSv µSv μSv rad sr dB dBm cal kcal Cal rpm psi ft lb lbs oz mph yr AU ly Da kDa ppm ppb d day cM`.split(/\s+/).filter(Boolean),
);

/** Units of length, whose square and cube are typed with a bare digit (cm3, dm3, m2, km2). */
export const LENGTH_UNITS: ReadonlySet<string> = new Set(['m', 'km', 'dm', 'cm', 'mm', 'µm', 'μm', 'nm', 'ft']);

/** Unit symbols that are common one-letter variables: units only when the unit expression is closed. */
export const AMBIGUOUS_UNITS: ReadonlySet<string> = new Set(['m', 's', 'g', 'N', 'J', 'W', 'V', 'A', 'C', 'F', 'T', 'H', 'K', 'L', 'l', 'M']);

/** Unit symbols that are units only inside a compound unit (km/h, m/d), never alone. */
export const COMPOUND_ONLY_UNITS: ReadonlySet<string> = new Set(['d', 'day', 't', 'h']);

/** Relation operators (ASCII spellings and Unicode) → LaTeX. */
export const RELATIONS: Readonly<Record<string, string>> = {
  '=': '=', '<': '<', '>': '>', '>>': '\\gg', '<<': '\\ll', '<=': '\\leq', '>=': '\\geq', '!=': '\\neq', '=<': '\\leq',
  '~=': '\\approx', ':=': '\\mathrel{:=}', '=>': '\\Rightarrow', '<=>': '\\Leftrightarrow',
  '<->': '\\leftrightarrow', '->': '\\to', '-->': '\\longrightarrow', '~': '\\sim',
  '≤': '\\leq', '≥': '\\geq', '≠': '\\neq', '≈': '\\approx', '≡': '\\equiv', '∼': '\\sim',
  '≃': '\\simeq', '≅': '\\cong', '∝': '\\propto', '→': '\\to', '←': '\\leftarrow',
  '↔': '\\leftrightarrow', '⇒': '\\Rightarrow', '⇔': '\\Leftrightarrow', '⟹': '\\Longrightarrow',
  '⟺': '\\Longleftrightarrow', '≪': '\\ll', '≫': '\\gg', '∈': '\\in', '∉': '\\notin',
  '⊂': '\\subset', '⊆': '\\subseteq', '⊃': '\\supset', '⊇': '\\supseteq', '⇌': '\\rightleftharpoons',
  '≔': '\\mathrel{:=}', '⩽': '\\leqslant', '⩾': '\\geqslant',
};

/** Additive operators. */
export const ADDITIVE: Readonly<Record<string, string>> = {
  '+': '+', '-': '-', '+-': '\\pm', '+/-': '\\pm', '-+': '\\mp', '±': '\\pm', '∓': '\\mp', '−': '-',
  '∪': '\\cup', '∨': '\\vee', '⊕': '\\oplus',
};

/** Multiplicative operators (`/` and `÷` become fractions or stay as written, see emit.ts). */
export const MULTIPLICATIVE: Readonly<Record<string, string>> = {
  '*': '\\cdot', '·': '\\cdot', '⋅': '\\cdot', '×': '\\times', '/': '/', '÷': '\\div', '∩': '\\cap',
  '∧': '\\wedge', '⊗': '\\otimes', '∘': '\\circ',
};

/** Operators of program code: a run that touches one stays text (x += 1, a == b, i++). */
export const CODE_OPERATORS: ReadonlySet<string> = new Set(['==', '===', '+=', '-=', '*=', '/=', '&&', '||', '++', '--', '//', '::', '!==', '%=']);

/** The chemical elements' symbols. */
export const ELEMENTS: ReadonlySet<string> = new Set(
  `H He Li Be B C N O F Ne Na Mg Al Si P S Cl Ar K Ca Sc Ti V Cr Mn Fe Co Ni Cu Zn Ga Ge As Se Br Kr Rb Sr Y Zr Nb Mo
  Tc Ru Rh Pd Ag Cd In Sn Sb Te I Xe Cs Ba La Ce Pr Nd Pm Sm Eu Gd Tb Dy Ho Er Tm Yb Lu Hf Ta W Re Os Ir Pt Au Hg Tl Pb
  Bi Po At Rn Fr Ra Ac Th Pa U Np Pu Am Cm Bk Cf Es Fm Md No Lr`.split(/\s+/),
);

/**
 * A capital and a lower-case letter that name a quantity with its index (Cp, Cv, Kw, Ka, Ea): set
 * C_p. Not an element symbol (Na, Cl) and not a short word (It, Is, On).
 */
export function indexedQuantity(w: string): boolean {
  return /^[A-Z][a-z]$/.test(w) && !ELEMENTS.has(w) && !SHORT_WORDS.has(w.toLowerCase());
}

/** Whether the lower-case letter of "Av" stands alone elsewhere in the formula ("Av = λv"): A times v, not A with index v. */
export function indexStandsAlone(toks: readonly Token[], word: string): boolean {
  return /^[A-Z][a-z]$/.test(word) && toks.some((t) => t.kind === 'word' && t.text === word[1]);
}

const numbered = (t: Token | undefined): boolean => t !== undefined && !t.space && t.kind === 'num' && /^\d{1,2}$/.test(t.text);

/**
 * "λ1 + λ2 + … + λn": a Greek letter and its index typed as one, one token λ_{1} (a letter index
 * only where the letter has a figure one too: 2πn is 2·π·n).
 */
export function greekIndices(toks: Token[]): Token[] {
  if (!toks.some((t, k) => t.kind === 'greek' && numbered(toks[k + 1]))) return toks;
  const out: Token[] = [];
  for (let k = 0; k < toks.length; k++) {
    const [letter, index] = [toks[k] as Token, toks[k + 1]];
    const lettered = index?.kind === 'word' && !index.space && /^[ijkmn]$/.test(index.text) && toks.some((t, j) => t.kind === 'greek' && t.text === letter.text && numbered(toks[j + 1]));
    if (letter.kind === 'greek' && index && (numbered(index) || lettered)) {
      out.push({ ...letter, kind: 'tex', text: `${letter.text}_{${index.text}}`, end: index.end });
      k++;
    } else out.push(letter);
  }
  return out;
}

/**
 * Vmax, Req, Vout, Tmin, Keq: a letter and the word of its index typed as one (V_max, R_eq). A capital
 * takes any of these indices; a lower-case letter only those no word of a language ends like
 * (vin, tout and fin are words).
 */
const INDEX_WORD = /^(?:[A-Z](?:eq|in|out|max|min|eff|tot|avg|rms|net|ext|th|ref|sat|crit|peak|load)|[a-z](?:max|min|eff|tot|avg|rms|crit))$/;

/** Words that only look like a letter and its index. */
const INDEX_LOOKALIKES = /^(?:[BDFGKLMSTWY]in|[BT]out|Amin)$/;

/** Whether a word is a letter with its index typed as one (Vmax, Req). */
export function indexWord(w: string): boolean {
  return INDEX_WORD.test(w) && !INDEX_LOOKALIKES.test(w);
}

/** Accents typed as an index: x_bar is x̄, y_hat is ŷ. */
export const ACCENTS: Readonly<Record<string, string>> = { bar: 'bar', hat: 'hat', dot: 'dot', ddot: 'ddot', tilde: 'tilde', vec: 'vec' };

/** Words that only look like a letter with its accent ("avec" is French for with, "that" and "chat" are words). */
const ACCENT_LOOKALIKES = new Set(['avec', 'that', 'what', 'chat', 'ghat', 'khat', 'phat', 'shat']);

/** xbar, yhat, pbar: a letter and its accent typed as one word (the statistician's x̄ and ŷ); the TeX, or undefined. */
export function accentWord(w: string): string | undefined {
  if (ACCENT_LOOKALIKES.has(w.toLowerCase())) return undefined;
  const m = /^([A-Za-z])(bar|hat|tilde|vec)$/.exec(w);
  return m ? `\\${ACCENTS[m[2] as string] as string}{${m[1] as string}}` : undefined;
}

/** Dimensionless numbers of physics and engineering, named after people: Reynolds, Nusselt, Mach … */
export const DIMENSIONLESS = new Set([
  'Re', 'Pr', 'Nu', 'Ma', 'Fr', 'Gr', 'Pe', 'Sc', 'Sh', 'Bi', 'Kn', 'St',
  // And statistics' abbreviations: degrees of freedom, standard deviation and error, intervals ("df = 46", "(SE 1.2)").
  'df', 'sd', 'SD', 'SE', 'CI',
]);
/** Two-letter words with a capital that a formula's run may take in: never a quantity and its index. */
export const CAPITAL_WORDS = /^(?:He|In|As|At|Be|No|So|Is|It|Of|On|Or|To|If|An|By|My|We|Do|Go|Me|Up|Us|Am|Vs|Ok|Mr|Ms|Dr|Co)$/;

export const BIG_SYMBOLS: Record<string, string> = { '∑': '\\sum', '∏': '\\prod', '∫': '\\int', '∮': '\\oint', '∬': '\\iint' };

/** Greek names of four letters or more: `lambdat` is \lambda t (a space lost in typing). */
const LONG_GREEK = [...GREEK].filter((g) => g.length >= 4);

export function greekPrefix(word: string): string | undefined {
  if (word.length < 5) return undefined;
  // deltaTf, deltaHf, deltaHrxn: a change in a quantity with its index.
  if (/^delta[A-Z][a-z]{1,3}$/.test(word)) return 'delta';
  const last = word[word.length - 1] as string;
  if (last === 's') return undefined;
  const head = word.slice(0, -1);
  return LONG_GREEK.includes(head) ? head : undefined;
}

/** R_eq, V_in, T_th: two-letter words of an index, set upright as one (a_ij stays two indices). */
export const INDEX_PAIRS = /^(?:eq|in|th|ex|av|ac|dc|rx|tx|ox|ss)$/;

/** Short names people type for a Greek letter: eps0 is ε₀. */
export const GREEK_ALIASES: Readonly<Record<string, string>> = { eps: 'varepsilon', };

export function knownName(w: string): boolean {
  return accentWord(w) !== undefined || indexWord(w) || Object.hasOwn(GREEK_ALIASES, w) || (w.length > 3 && w[0] === 'd' && GREEK.has(w.slice(1))) || FUNCTIONS.has(w) || OPERATOR_NAMES.has(w) || GREEK.has(w) || INFINITY.has(w) || BIG_OPERATORS[w] !== undefined || w === 'sqrt' || greekPrefix(w) !== undefined;
}

/** Words that name a thing by a letter and a number after them ("sample B7", "well C3", "Probe A2", "vitamin B12"). */
export const LABEL_WORDS = /^(?:samples?|wells?|tubes?|probes?|specimens?|plates?|cells?|rooms?|seats?|rows?|columns?|groups?|sites?|plots?|stations?|patients?|subjects?|participants?|lots?|batch|batches|trials?|gates?|bus|buses|lines?|models?|types?|versions?|vitamins?|grades?|blocks?|sectors?|zones?|areas?|units?|beds?|wards?|labs?|halls?|muestras?|échantillons?|campioni|campione|amostras?|proben?|образец|образцы|próbka|próbki|numune)$/i;

/**
 * "the integral from 0 to 1 of x^2 * e^x dx" ("integrale da 0 a 1 di e^(-x^2) dx") in a sentence: a bounded integral spelled out, its
 * integrand a formula closed by its differential, is the integral itself (the words around it stay).
 */
export const SPELLED_INTEGRAL = /(?<![\p{L}])(?:the\s+)?(?:definite\s+)?(?:integral|integrale|intégrale|całka|интеграл)\s+(?:from|da|dal|de|von|od|от)\s+(-?[\w.]{1,12})\s+(?:to|a|à|al|bis|do|до|hasta|até)\s+(-?[\w.]{1,12})\s+(?:(?:of|di|de|du|del|von|z|от)\s+)?([^\n.,;:!?]{1,80}?)\s*\bd([a-zA-Zθ])\b/iu;
/** The words an integral is spelled with (English, Italian, Spanish, Portuguese, French, German, Polish, Russian). */
export const INTEGRAL_WORD = /integral|intégrale|całka|интеграл/i;

/** pH, pOH, pKa: chemistry's p-functions, names set upright. */
export const P_FUNCTION = /^p(H|OH|K[abw]?)$/;
