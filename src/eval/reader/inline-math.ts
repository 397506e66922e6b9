// Inline math stays inline: `$$x$$` written inside a sentence (text before or after it on the
// same line) is not set as a display of its own.
import { documentBody, environments } from './tex-scan.js';
import { NOT_APPLICABLE, result, type CheckResult, type ReaderInput } from './types.js';

/** The formulas a note writes as `$$…$$` inside a line of text. */
export function inlineDoubleDollars(input: ReaderInput): string[] {
  const out: string[] = [];
  for (const l of input.lines) {
    if (l.literal) continue;
    const t = l.text;
    for (let i = t.indexOf('$$'); i !== -1; ) {
      const close = t.indexOf('$$', i + 2);
      if (close === -1) break;
      const before = t.slice(0, i).trim();
      const after = t.slice(close + 2).trim();
      const tex = t.slice(i + 2, close).trim();
      if (tex && (before.replace(/^[-*>]\s*/, '') !== '' || after.replace(/^[.,;:]$/, '') !== '')) out.push(tex);
      i = t.indexOf('$$', close + 2);
    }
  }
  return out;
}

function squash(s: string): string {
  return s.replace(/\s+/g, '');
}

export function checkInlineMath(input: ReaderInput): CheckResult {
  const inline = inlineDoubleDollars(input);
  if (inline.length === 0) return NOT_APPLICABLE;
  const body = documentBody(input.tex);
  const displays: string[] = [];
  for (let i = body.indexOf('\\['); i !== -1; i = body.indexOf('\\[', i + 2)) {
    const close = body.indexOf('\\]', i);
    if (close === -1) break;
    displays.push(squash(body.slice(i + 2, close)));
  }
  for (const env of environments(body, ['equation*', 'equation', 'displaymath', 'align*', 'gather*'])) displays.push(squash(body.slice(env.contentStart, env.contentEnd)));
  const made = inline.filter((tex) => displays.includes(squash(tex)));
  return result(made.length ? [`${made.length} inline formula(s) set as displays ("${made.slice(0, 3).join('", "')}")`] : []);
}
