// Unicode characters that TeX cannot take as they are, mapped to LaTeX. One table serves text
// and math: `math` is the math-mode form, `text` the text-mode form when there is one (symbols
// with only a math form are set in text with \ensuremath: a glyph mapping, not new math).

interface Mapping {
  text?: string;
  math?: string;
}

const GREEK: Record<string, string> = {
  α: 'alpha', β: 'beta', γ: 'gamma', δ: 'delta', ε: 'epsilon', ϵ: 'epsilon', ζ: 'zeta', η: 'eta',
  θ: 'theta', ϑ: 'vartheta', ι: 'iota', κ: 'kappa', λ: 'lambda', μ: 'mu', ν: 'nu', ξ: 'xi',
  π: 'pi', ϖ: 'varpi', ρ: 'rho', ϱ: 'varrho', σ: 'sigma', ς: 'varsigma', τ: 'tau', υ: 'upsilon',
  φ: 'phi', ϕ: 'phi', χ: 'chi', ψ: 'psi', ω: 'omega', Γ: 'Gamma', Δ: 'Delta', Θ: 'Theta',
  Λ: 'Lambda', Ξ: 'Xi', Π: 'Pi', Σ: 'Sigma', Υ: 'Upsilon', Φ: 'Phi', Ψ: 'Psi', Ω: 'Omega',
  // Capital letters identical to Latin ones.
  Α: 'A', Β: 'B', Ε: 'E', Ζ: 'Z', Η: 'H', Ι: 'I', Κ: 'K', Μ: 'M', Ν: 'N', Ο: 'O', Ρ: 'P',
  Τ: 'T', Χ: 'X', ο: 'o',
};

const MATH_SYMBOLS: Record<string, string> = {
  '≤': '\\leq', '≥': '\\geq', '⩽': '\\leqslant', '⩾': '\\geqslant', '≠': '\\neq', '≈': '\\approx',
  '≡': '\\equiv', '≅': '\\cong', '∼': '\\sim', '≃': '\\simeq', '∝': '\\propto', '≪': '\\ll', '≫': '\\gg',
  '→': '\\rightarrow', '←': '\\leftarrow', '↔': '\\leftrightarrow', '⇒': '\\Rightarrow',
  '⇐': '\\Leftarrow', '⇔': '\\Leftrightarrow', '↦': '\\mapsto', '⟶': '\\longrightarrow',
  '⟹': '\\Longrightarrow', '⟺': '\\Longleftrightarrow', '↑': '\\uparrow', '↓': '\\downarrow',
  '⇌': '\\rightleftharpoons', '⇄': '\\rightleftarrows', '↪': '\\hookrightarrow',
  '∑': '\\sum', '∏': '\\prod', '∫': '\\int', '∬': '\\iint', '∮': '\\oint', '√': '\\surd',
  '∞': '\\infty', '∂': '\\partial', '∇': '\\nabla', '∀': '\\forall', '∃': '\\exists',
  '∄': '\\nexists', '∅': '\\emptyset', '∈': '\\in', '∉': '\\notin', '∋': '\\ni', '⊂': '\\subset',
  '⊃': '\\supset', '⊆': '\\subseteq', '⊇': '\\supseteq', '⊊': '\\subsetneq', '∪': '\\cup',
  '∩': '\\cap', '∧': '\\wedge', '∨': '\\vee', '¬': '\\neg', '⊕': '\\oplus', '⊖': '\\ominus',
  '⊗': '\\otimes', '⊙': '\\odot', '∘': '\\circ', '∙': '\\bullet', '⋅': '\\cdot', '×': '\\times',
  '÷': '\\div', '±': '\\pm', '∓': '\\mp', '−': '-', '∗': '\\ast', '⊥': '\\perp', '∥': '\\parallel',
  '∠': '\\angle', '△': '\\triangle', '□': '\\square', '■': '\\blacksquare', '⊤': '\\top',
  '⊢': '\\vdash', '⊨': '\\models', 'ℕ': '\\mathbb{N}', 'ℤ': '\\mathbb{Z}', 'ℚ': '\\mathbb{Q}',
  'ℝ': '\\mathbb{R}', 'ℂ': '\\mathbb{C}', 'ℙ': '\\mathbb{P}', 'ℓ': '\\ell', 'ℏ': '\\hbar',
  '℘': '\\wp', 'ℵ': '\\aleph', '∴': '\\therefore', '∵': '\\because', '⋯': '\\cdots',
  '⋮': '\\vdots', '⋱': '\\ddots', '…': '\\ldots', '′': '\\prime', '″': '\\prime\\prime',
  '⟨': '\\langle', '⟩': '\\rangle', '⌈': '\\lceil', '⌉': '\\rceil', '⌊': '\\lfloor', '⌋': '\\rfloor',
  '‖': '\\|', '°': '^{\\circ}', '·': '\\cdot', '✓': '\\checkmark',
  '✔': '\\checkmark', '✗': '\\times', '✘': '\\times', '❌': '\\times', '✅': '\\checkmark',
  '♥': '\\heartsuit', '♦': '\\diamondsuit', '♣': '\\clubsuit', '♠': '\\spadesuit', '†': '\\dagger',
  '‡': '\\ddagger', '§': '\\S', '¶': '\\P', '∖': '\\setminus', '≺': '\\prec',
  '≻': '\\succ', '⊲': '\\triangleleft', '⊳': '\\triangleright', '≜': '\\triangleq', '≔': ':=',
  // Letterlike symbols: the math alphabets they stand for.
  'ℍ': '\\mathbb{H}', 'ℬ': '\\mathcal{B}', 'ℰ': '\\mathcal{E}', 'ℱ': '\\mathcal{F}', 'ℋ': '\\mathcal{H}',
  'ℐ': '\\mathcal{I}', 'ℒ': '\\mathcal{L}', 'ℳ': '\\mathcal{M}', 'ℛ': '\\mathcal{R}', 'ℭ': '\\mathfrak{C}',
  'ℌ': '\\mathfrak{H}', 'ℑ': '\\Im', 'ℜ': '\\Re', 'ℨ': '\\mathfrak{Z}',
};

const SUPERSCRIPTS: Record<string, string> = {
  '⁰': '0', '¹': '1', '²': '2', '³': '3', '⁴': '4', '⁵': '5', '⁶': '6', '⁷': '7', '⁸': '8', '⁹': '9',
  '⁺': '+', '⁻': '-', '⁼': '=', '⁽': '(', '⁾': ')', 'ⁿ': 'n', 'ⁱ': 'i',
};

const SUBSCRIPTS: Record<string, string> = {
  '₀': '0', '₁': '1', '₂': '2', '₃': '3', '₄': '4', '₅': '5', '₆': '6', '₇': '7', '₈': '8', '₉': '9',
  '₊': '+', '₋': '-', '₌': '=', '₍': '(', '₎': ')', 'ₐ': 'a', 'ₑ': 'e', 'ₒ': 'o', 'ₓ': 'x',
  'ₕ': 'h', 'ₖ': 'k', 'ₗ': 'l', 'ₘ': 'm', 'ₙ': 'n', 'ₚ': 'p', 'ₛ': 's', 'ₜ': 't', 'ᵢ': 'i', 'ⱼ': 'j',
};

const FRACTIONS: Record<string, [string, string]> = {
  '½': ['1', '2'], '⅓': ['1', '3'], '⅔': ['2', '3'], '¼': ['1', '4'], '¾': ['3', '4'], '⅕': ['1', '5'],
  '⅛': ['1', '8'], '⅜': ['3', '8'], '⅝': ['5', '8'], '⅞': ['7', '8'], '⅙': ['1', '6'], '⅚': ['5', '6'],
};

// Text forms available in both engines (T1 + textcomp for pdflatex, TU for XeLaTeX).
const TEXT_SYMBOLS: Record<string, string> = {
  '–': '--', '—': '---', '―': '---', '‐': '-', '‑': '-', '‒': '--', '−': '\\ensuremath{-}',
  '‘': '`', '’': "'", '‚': '\\quotesinglbase{}', '‛': '`', '“': '``', '”': "''", '„': '\\quotedblbase{}',
  '‟': '``', '«': '\\guillemotleft{}', '»': '\\guillemotright{}', '‹': '\\guilsinglleft{}',
  '›': '\\guilsinglright{}', '…': '\\ldots{}', '•': '\\textbullet{}', '◦': '\\textopenbullet{}',
  '‣': '\\textbullet{}', '▪': '\\textbullet{}', '▸': '\\textbullet{}', '►': '\\textbullet{}',
  '€': '\\texteuro{}', '£': '\\pounds{}', '¥': '\\textyen{}', '¢': '\\textcent{}',
  '©': '\\textcopyright{}', '®': '\\textregistered{}', '™': '\\texttrademark{}', '°': '\\textdegree{}',
  '§': '\\S{}', '¶': '\\P{}', '†': '\\dag{}', '‡': '\\ddag{}', '‰': '\\textperthousand{}',
  '№': '\\textnumero{}', '℃': '\\textdegree{}C', '℉': '\\textdegree{}F', 'µ': '\\textmu{}',
  '\u00a0': '~', '\u2009': '\\,', '\u202f': '\\,', '\u2002': ' ', '\u2003': ' ', '\u2007': ' ',
  '\u2008': ' ', '\u200a': ' ', '\u205f': ' ', '\u3000': ' ', '\u00ad': '\\-',
  'ﬀ': 'ff', 'ﬁ': 'fi', 'ﬂ': 'fl', 'ﬃ': 'ffi', 'ﬄ': 'ffl', 'ﬅ': 'st', 'ﬆ': 'st',
  'ĸ': 'q', 'ŉ': "'n", 'ſ': 's', '¦': '\\textbrokenbar{}', '¤': '\\textcurrency{}',
};

/** Characters that carry nothing printable (zero-width, BOM, variation selectors, tags). */
export function isInvisible(ch: string): boolean {
  const cp = ch.codePointAt(0) ?? 0;
  return (
    (cp >= 0x200b && cp <= 0x200d) || cp === 0x2060 || cp === 0xfeff || (cp >= 0xfe00 && cp <= 0xfe0f) || (cp >= 0xe0000 && cp <= 0xe007f)
  );
}

// Combining marks that LaTeX expresses as text accents (after NFD decomposition).
export const COMBINING_ACCENTS: Record<string, string> = {
  '\u0300': '`', '\u0301': "'", '\u0302': '^', '\u0303': '~', '\u0304': '=', '\u0306': 'u',
  '\u0307': '.', '\u0308': '"', '\u030a': 'r', '\u030b': 'H', '\u030c': 'v', '\u0323': 'd',
  '\u0327': 'c', '\u0328': 'k', '\u0331': 'b',
};

const TABLE = new Map<string, Mapping>();
for (const [ch, name] of Object.entries(GREEK)) {
  TABLE.set(ch, { math: name.length === 1 ? name : `\\${name}` });
}
for (const [ch, math] of Object.entries(MATH_SYMBOLS)) TABLE.set(ch, { math });
for (const [ch, v] of Object.entries(SUPERSCRIPTS)) TABLE.set(ch, { text: `\\textsuperscript{${v}}`, math: `^{${v}}` });
for (const [ch, v] of Object.entries(SUBSCRIPTS)) TABLE.set(ch, { text: `\\textsubscript{${v}}`, math: `_{${v}}` });
for (const [ch, [a, b]] of Object.entries(FRACTIONS)) {
  TABLE.set(ch, { text: `\\ensuremath{\\tfrac{${a}}{${b}}}`, math: `\\tfrac{${a}}{${b}}` });
}
for (const [ch, t] of Object.entries(TEXT_SYMBOLS)) {
  const prev = TABLE.get(ch);
  TABLE.set(ch, { ...prev, text: t });
}

/** LaTeX for a character in text mode, or undefined when the table does not know it. */
export function textFormOf(ch: string): string | undefined {
  const m = TABLE.get(ch);
  if (!m) return undefined;
  if (m.text !== undefined) return m.text;
  if (m.math !== undefined) return `\\ensuremath{${m.math}}`;
  return undefined;
}

let byTextForm: Map<string, string> | undefined;

/** Each text-mode form back to its character (the first the table lists), for reading LaTeX back as text. */
export function charactersByTextForm(): ReadonlyMap<string, string> {
  if (!byTextForm) {
    byTextForm = new Map();
    for (const ch of TABLE.keys()) {
      const form = textFormOf(ch);
      if (form !== undefined && !byTextForm.has(form)) byTextForm.set(form, ch);
    }
  }
  return byTextForm;
}

/** LaTeX for a character in math mode, or undefined. */
export function mathFormOf(ch: string): string | undefined {
  const m = TABLE.get(ch);
  if (!m) return undefined;
  if (m.math !== undefined) return m.math;
  return undefined;
}

export function isGreekLetter(ch: string): boolean {
  return ch in GREEK;
}

export const GREEK_NAMES: readonly string[] = [
  'alpha', 'beta', 'gamma', 'delta', 'epsilon', 'varepsilon', 'zeta', 'eta', 'theta', 'vartheta',
  'iota', 'kappa', 'lambda', 'mu', 'nu', 'xi', 'pi', 'rho', 'sigma', 'tau', 'upsilon', 'phi',
  'varphi', 'chi', 'psi', 'omega', 'Gamma', 'Delta', 'Theta', 'Lambda', 'Xi', 'Pi', 'Sigma',
  'Upsilon', 'Phi', 'Psi', 'Omega',
];
