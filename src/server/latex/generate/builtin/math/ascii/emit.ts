// ASCII-math tree (parse.ts) → LaTeX. Parentheses that only group a fraction's numerator or
// denominator, a script or a root are dropped; fractions in scripts stay on one line (a/b), with
// parentheses where the slash would otherwise change the meaning.
import type { Node } from './nodes.js';

interface Ctx {
  /** Inside a sub- or superscript: fractions are written with a slash. */
  script: boolean;
}

const TOP: Ctx = { script: false };
const SCRIPT: Ctx = { script: true };

/** Whether a node holds a \frac (then its parentheses grow with it). */
function tall(n: Node): boolean {
  switch (n.t) {
    case 'frac':
      return true;
    case 'bin':
      return tall(n.l) || tall(n.r);
    case 'group':
      return tall(n.body);
    case 'unary':
    case 'post':
      return tall(n.e);
    case 'script':
      return tall(n.base);
    case 'func':
      return n.arg !== undefined && tall(n.arg);
    default:
      return false;
  }
}

const OPEN_TEX: Record<string, string> = { '(': '(', '[': '[', '{': '\\{', '|': '\\lvert ' };
const CLOSE_TEX: Record<string, string> = { ')': ')', ']': ']', '}': '\\}', '|': '\\rvert' };
const LEFT_TEX: Record<string, string> = { '(': '\\left(', '[': '\\left[', '{': '\\left\\{', '|': '\\left\\lvert ' };
const RIGHT_TEX: Record<string, string> = { ')': '\\right)', ']': '\\right]', '}': '\\right\\}', '|': '\\right\\rvert' };

function group(n: Extract<Node, { t: 'group' }>, ctx: Ctx): string {
  const body = emit(n.body, ctx);
  if (!ctx.script && tall(n.body)) return `${LEFT_TEX[n.open] ?? n.open}${body}${RIGHT_TEX[n.close] ?? n.close}`;
  return `${OPEN_TEX[n.open] ?? n.open}${body}${CLOSE_TEX[n.close] ?? n.close}`;
}

/** A group's content without its brackets when they only group (not |x|, not [A] or [HA], a concentration). */
function stripped(n: Node, ctx: Ctx): string {
  if (n.t === 'group' && n.open !== '|' && !(n.open === '[' && n.body.t !== 'bin')) return emit(n.body, ctx);
  return emit(n, ctx);
}

function atom(n: Extract<Node, { t: 'atom' }>, ctx: Ctx): string {
  // A word of three letters or more in a subscript is a label (E_kin, T_half): upright.
  if (ctx.script && n.word !== undefined && n.word.length >= 3) return `\\mathrm{${n.word}}`;
  return n.prefix !== undefined ? `${n.prefix} ${n.tex}` : n.tex;
}

function join(l: string, op: string, r: string): string {
  return [l, op, r].filter((s) => s !== '').join(' ');
}

/** a/b on one line: parentheses where the slash alone would bind differently. */
function inlineFraction(n: Extract<Node, { t: 'frac' }>, ctx: Ctx): string {
  const wrap = (x: Node, denominator: boolean): string => {
    const loose = (x.t === 'bin' && (x.level !== 'juxt' || denominator)) || (denominator && (x.t === 'unary' || x.t === 'frac'));
    return loose ? `(${emit(x, ctx)})` : emit(x, ctx);
  };
  return `${wrap(n.n, false)}/${wrap(n.d, true)}`;
}

function scriptBase(n: Node, ctx: Ctx): string {
  if (n.t === 'atom' || n.t === 'group' || n.t === 'func') return emit(n, ctx);
  return `{${emit(n, ctx)}}`;
}

function scripts(sub: Node | undefined, sup: Node | undefined): string {
  let out = '';
  if (sub) out += `_{${stripped(sub, SCRIPT)}}`;
  if (sup) out += `^{${stripped(sup, SCRIPT)}}`;
  return out;
}

function func(n: Extract<Node, { t: 'func' }>, ctx: Ctx): string {
  const name = n.limits && n.tex.startsWith('\\operatorname{') ? n.tex.replace('\\operatorname{', '\\operatorname*{') : n.tex;
  let out = name + scripts(n.sub, n.sup);
  if (n.arg) out += n.arg.t === 'group' && !n.limits ? group(n.arg, ctx) : ` ${emit(n.arg, ctx)}`;
  return out;
}

export function emit(n: Node, ctx: Ctx = TOP): string {
  switch (n.t) {
    case 'empty':
      return '';
    case 'atom':
      return atom(n, ctx);
    case 'group':
      return group(n, ctx);
    case 'bin': {
      const l = emit(n.l, ctx);
      const r = emit(n.r, ctx);
      if (n.tex === ',') return r === '' ? `${l},` : `${l}, ${r}`;
      if (n.level !== 'juxt') return join(l, n.tex, r);
      // A unit after its number: a thin space, as in 9.81 m/s².
      if (n.r.t === 'atom' && n.r.unit) return `${l}\\,${r}`;
      // f(x), E[X]: an unspaced bracket stays unspaced in the source too.
      if (n.tight && /^[([]/.test(r)) return `${l}${r}`;
      return join(l, '', r);
    }
    case 'frac':
      if (ctx.script) return inlineFraction(n, ctx);
      // -t/T is set as minus t over T.
      if (n.n.t === 'unary') return `${emit({ t: 'unary', tex: n.n.tex, e: { t: 'empty' } }, ctx)}\\frac{${stripped(n.n.e, ctx)}}{${stripped(n.d, ctx)}}`;
      return `\\frac{${stripped(n.n, ctx)}}{${stripped(n.d, ctx)}}`;
    case 'unary':
      return `${n.tex === '-' || n.tex === '+' ? n.tex : `${n.tex} `}${emit(n.e, ctx)}`;
    case 'script':
      if (n.base.t === 'atom' && n.base.prefix !== undefined && !(ctx.script && (n.base.word?.length ?? 0) >= 3)) {
        return `${n.base.prefix} ${n.base.tex}${scripts(n.sub, n.sup)}`;
      }
      return scriptBase(n.base, ctx) + scripts(n.sub, n.sup);
    case 'post':
      // (Primes after primes stand side by side: f''.)
      return `${n.e.t === 'atom' || n.e.t === 'group' || (n.tex === "'" && n.e.t === 'post' && n.e.tex === "'") ? emit(n.e, ctx) : `{${emit(n.e, ctx)}}`}${n.tex}`;
    case 'sqrt':
      return `\\sqrt{${stripped(n.e, ctx)}}`;
    case 'func':
      return func(n, ctx);
  }
}
