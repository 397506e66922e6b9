// Org entities (`\alpha`, `\rarr`, `\deg` written in running text) as the characters org's
// exporters print for them. Unknown names stay as written.
const ENTITIES: Record<string, string> = {
  alpha: 'α', beta: 'β', gamma: 'γ', delta: 'δ', epsilon: 'ε', varepsilon: 'ε', zeta: 'ζ', eta: 'η', theta: 'θ',
  iota: 'ι', kappa: 'κ', lambda: 'λ', mu: 'μ', nu: 'ν', xi: 'ξ', pi: 'π', rho: 'ρ', sigma: 'σ', tau: 'τ',
  upsilon: 'υ', phi: 'φ', varphi: 'φ', chi: 'χ', psi: 'ψ', omega: 'ω', Gamma: 'Γ', Delta: 'Δ', Theta: 'Θ',
  Lambda: 'Λ', Xi: 'Ξ', Pi: 'Π', Sigma: 'Σ', Phi: 'Φ', Psi: 'Ψ', Omega: 'Ω',
  to: '→', rarr: '→', rightarrow: '→', larr: '←', leftarrow: '←', Rightarrow: '⇒', rArr: '⇒', Leftarrow: '⇐',
  harr: '↔', uarr: '↑', darr: '↓', nbsp: '\u00a0', deg: '°', times: '×', div: '÷', pm: '±', plusmn: '±',
  le: '≤', leq: '≤', ge: '≥', geq: '≥', ne: '≠', neq: '≠', approx: '≈', infin: '∞', infty: '∞', sum: '∑',
  prod: '∏', int: '∫', sqrt: '√', partial: '∂', nabla: '∇', forall: '∀', exist: '∃', exists: '∃', isin: '∈',
  in: '∈', notin: '∉', cap: '∩', cup: '∪', sub: '⊂', sup: '⊃', empty: '∅', emptyset: '∅', cdot: '·',
  middot: '·', ast: '*', star: '⋆', hellip: '…', dots: '…', ldots: '…', mdash: '—', ndash: '–', shy: '',
  copy: '©', reg: '®', trade: '™', euro: '€', pound: '£', yen: '¥', cent: '¢', sect: '§', para: '¶',
  laquo: '«', raquo: '»', lsquo: '‘', rsquo: '’', ldquo: '“', rdquo: '”', bull: '•', dagger: '†',
  checkmark: '✓', micro: 'µ', ohm: 'Ω', frac12: '½', frac14: '¼', frac34: '¾', smiley: '☺',
  lt: '<', gt: '>', amp: '&', vert: '|', backslash: '\\', under: '_', nbhy: '-',
};

/** The character of entity `name`, or null. */
export function orgEntity(name: string): string | null {
  return Object.prototype.hasOwnProperty.call(ENTITIES, name) ? (ENTITIES[name] ?? null) : null;
}
