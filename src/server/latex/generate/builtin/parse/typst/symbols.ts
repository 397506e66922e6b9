// Typst's symbol names in math (`arrow.r.double.long`, `divides`, `colon.eq`, `RR`) → LaTeX.
// Typst reads a symbol's modifiers in any order (`arrow.double.l.r.long` is
// `arrow.l.r.double.long`, ⟺), so names are looked up by their base and the set of their
// modifiers. Our own table (from Typst's symbol reference) comes first; then tex2typst's map of
// TeX commands to Typst names, read backwards, for the commands LaTeX and KaTeX both know (its
// other TeX names follow unicode-math, where \coloneq is ≔, not mathtools' :−).
import { symbolMap } from 'tex2typst';
import { SAFE_MATH_COMMANDS } from '../../math/math-commands.js';

/** Names whose LaTeX is ours: where tex2typst has none, or none LaTeX and KaTeX share. */
const OWN: Record<string, string> = {
  oo: '\\infty', infinity: '\\infty', sum: '\\sum', product: '\\prod', prod: '\\prod', integral: '\\int', 'integral.double': '\\iint',
  'integral.triple': '\\iiint', 'integral.cont': '\\oint', int: '\\int', dif: '\\mathrm{d}', diff: '\\partial', partial: '\\partial', nabla: '\\nabla',
  times: '\\times', 'dot.op': '\\cdot', 'dot.c': '\\cdot', dot: '\\cdot', div: '\\div', 'plus.minus': '\\pm', pm: '\\pm', 'minus.plus': '\\mp',
  approx: '\\approx', eq: '=', ne: '\\neq', lt: '<', gt: '>', le: '\\le', leq: '\\le', ge: '\\ge', geq: '\\ge', 'lt.eq': '\\le', 'gt.eq': '\\ge',
  'lt.eq.slant': '\\leqslant', 'gt.eq.slant': '\\geqslant', 'lt.not': '\\nless', 'gt.not': '\\ngtr', 'lt.eq.not': '\\nleq', 'gt.eq.not': '\\ngeq',
  in: '\\in', 'in.not': '\\notin', 'in.rev': '\\ni', subset: '\\subset', 'subset.eq': '\\subseteq', supset: '\\supset', 'supset.eq': '\\supseteq',
  'subset.not': '\\not\\subset', 'subset.eq.not': '\\nsubseteq', 'subset.neq': '\\subsetneq', 'supset.neq': '\\supsetneq', union: '\\cup',
  'union.big': '\\bigcup', sect: '\\cap', 'sect.big': '\\bigcap', inter: '\\cap', 'inter.big': '\\bigcap', emptyset: '\\emptyset', nothing: '\\emptyset',
  forall: '\\forall', exists: '\\exists', 'exists.not': '\\nexists', not: '\\neg', and: '\\wedge', or: '\\vee', 'and.big': '\\bigwedge', 'or.big': '\\bigvee',
  implies: '\\implies', iff: '\\iff', to: '\\to', mapsto: '\\mapsto', divides: '\\mid', 'divides.not': '\\nmid',
  dots: '\\dots', 'dots.h': '\\ldots', 'dots.c': '\\cdots', 'dots.h.c': '\\cdots', 'dots.v': '\\vdots', 'dots.down': '\\ddots', ell: '\\ell',
  hbar: '\\hbar', 'planck.reduce': '\\hbar', degree: '^{\\circ}', prime: "'", star: '\\star', 'star.op': '\\star', ast: '\\ast', 'ast.op': '\\ast',
  circle: '\\circ', compose: '\\circ', 'circle.stroked.small': '\\circ', 'tilde.op': '\\sim', sim: '\\sim', prop: '\\propto', equiv: '\\equiv',
  'equiv.not': '\\not\\equiv', angle: '\\angle', perp: '\\perp', parallel: '\\parallel', 'parallel.not': '\\nparallel', mod: '\\bmod',
  RR: '\\mathbb{R}', NN: '\\mathbb{N}', ZZ: '\\mathbb{Z}', QQ: '\\mathbb{Q}', CC: '\\mathbb{C}', PP: '\\mathbb{P}', EE: '\\mathbb{E}', FF: '\\mathbb{F}',
  HH: '\\mathbb{H}', KK: '\\mathbb{K}', quad: '\\quad', wide: '\\qquad', space: '\\ ', 'space.thin': '\\,', thin: '\\,', med: '\\:', thick: '\\;',
  'dash.em': '\\text{---}', 'dash.en': '\\text{--}', bar: '|', 'bar.v': '|', 'bar.v.double': '\\|', 'bar.h': '\\text{---}', colon: ':', comma: ',',
  'colon.eq': '\\coloneqq', 'eq.colon': '\\eqqcolon', 'colon.double.eq': '\\Coloneqq', 'eq.def': '\\stackrel{\\text{def}}{=}', 'eq.quest': '\\stackrel{?}{=}',
  lambda: '\\lambda', aleph: '\\aleph', top: '\\top', bot: '\\bot', qed: '\\square', 'lt.double': '\\ll', 'gt.double': '\\gg', 'eq.not': '\\neq',
  'approx.eq': '\\approxeq', 'approx.not': '\\not\\approx', 'plus.circle': '\\oplus', 'minus.circle': '\\ominus', 'times.circle': '\\otimes',
  'dot.circle': '\\odot', 'plus.circle.big': '\\bigoplus', 'times.circle.big': '\\bigotimes', 'angle.l': '\\langle', 'angle.r': '\\rangle',
  'chevron.l': '\\langle', 'chevron.r': '\\rangle', 'brace.l': '\\{', 'brace.r': '\\}', 'paren.l': '(', 'paren.r': ')', 'bracket.l': '[',
  'bracket.r': ']', 'floor.l': '\\lfloor', 'floor.r': '\\rfloor', 'ceil.l': '\\lceil', 'ceil.r': '\\rceil', minus: '-', plus: '+', square: '\\square',
  checkmark: '\\checkmark', 'triangle.stroked.t': '\\triangle', 'triangle.t': '\\triangle', 'harpoons.rtlb': '\\rightleftharpoons',
};

/** Arrows by direction, double, long, bar (↦) and hook: every order of their modifiers. */
const ARROWS: Record<string, string> = {
  r: 'rightarrow', l: 'leftarrow', 'l.r': 'leftrightarrow', 'double.r': 'Rightarrow', 'double.l': 'Leftarrow', 'double.l.r': 'Leftrightarrow',
  'long.r': 'longrightarrow', 'l.long': 'longleftarrow', 'l.long.r': 'longleftrightarrow', 'double.long.r': 'Longrightarrow',
  'double.l.long': 'Longleftarrow', 'double.l.long.r': 'Longleftrightarrow', t: 'uparrow', b: 'downarrow', 'b.t': 'updownarrow',
  'double.t': 'Uparrow', 'double.b': 'Downarrow', 'b.double.t': 'Updownarrow', 'bar.r': 'mapsto', 'bar.long.r': 'longmapsto',
  'hook.r': 'hookrightarrow', 'hook.l': 'hookleftarrow', tr: 'nearrow', tl: 'nwarrow', br: 'searrow', bl: 'swarrow',
  'r.squiggly': 'rightsquigarrow', 'r.twohead': 'twoheadrightarrow', 'l.twohead': 'twoheadleftarrow', 'r.tail': 'rightarrowtail',
};

/** A name's key: its base and its modifiers sorted (Typst reads them in any order). */
function key(name: string): string {
  const [base = '', ...mods] = name.split('.');
  return [base, ...mods.sort()].join('.');
}

const TABLE = new Map<string, string>();
// tex2typst's names (the TeX commands every LaTeX has), then ours over them.
for (const [tex, typst] of symbolMap) if (SAFE_MATH_COMMANDS.has(tex) && !TABLE.has(key(typst))) TABLE.set(key(typst), `\\${tex}`);
for (const [name, tex] of Object.entries(OWN)) TABLE.set(key(name), tex);
for (const [mods, tex] of Object.entries(ARROWS)) {
  TABLE.set(key(`arrow.${mods}`), `\\${tex}`);
  // `arrow` alone points right: `arrow.long.double` is `arrow.r.long.double`.
  const parts = mods.split('.');
  if (parts.includes('r') && !parts.some((m) => m === 'l' || m === 't' || m === 'b')) TABLE.set(key(['arrow', ...parts.filter((m) => m !== 'r')].join('.')), `\\${tex}`);
}

/** The LaTeX of a Typst symbol name, or undefined. */
export function typstSymbol(name: string): string | undefined {
  return TABLE.get(key(name.startsWith('sym.') ? name.slice(4) : name));
}
