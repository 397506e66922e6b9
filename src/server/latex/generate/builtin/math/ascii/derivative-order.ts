// f^(n)(a), y^(4)(x), f^(n+1)(c): the order of a derivative in brackets after ^, right before the
// bracket of the argument. Read from the tokens after "^(" through a peek of the parser.
import type { Token } from './tokens.js';

/** The order's TeX ("n + 1") and the tokens it takes (its closing bracket included), or null. */
export function derivativeOrder(peek: (k: number) => Token | undefined): { tex: string; tokens: number } | null {
  const parts: string[] = [];
  for (let k = 1; k <= 4; k++) {
    const t = peek(k);
    if (!t) return null;
    if (t.kind === 'close' && t.text === ')') {
      const arg = peek(k + 1);
      const ok = parts.length % 2 === 1 && arg?.kind === 'open' && arg.text === '(' && !arg.space;
      return ok ? { tex: parts.join(' '), tokens: k + 1 } : null;
    }
    const operand = (t.kind === 'num' && /^\d$/.test(t.text)) || (t.kind === 'word' && /^[nkm]$/.test(t.text));
    if (parts.length % 2 === 0 ? !operand : !(t.kind === 'op' && (t.text === '+' || t.text === '-'))) return null;
    parts.push(t.text);
  }
  return null;
}
