// Code pasted into a Markdown note without a fence ("def newton(F, J, x0):" / "    x = …"): Markdown
// reads it as a paragraph, its indentation dropped and its `*` taken for emphasis (2*v[0], 2*v[1]).
// A paragraph whose source lines read as code is that code, as typed.
import type { Block } from '../../tree.js';
import { callingCode, guessLanguage, IMPORT, isBareCode } from '../notes/code.js';

/** The code block a paragraph's source is, or null. `start`/`end`: the paragraph's offsets in `source`; `emphasis`: Markdown found emphasis in it. */
export function pastedCode(source: string, start: number | undefined, end: number | undefined, emphasis: boolean): Extract<Block, { kind: 'code' }> | null {
  if (start === undefined || end === undefined || end - start > 20000) return null;
  // (From its line's start: the first line's indent is the code's too.)
  const from = source.lastIndexOf('\n', start - 1) + 1;
  const raw = source.slice(from, end).split('\n');
  const lines = raw.map((l) => ({ text: l.trim(), indent: l.length - l.trimStart().length }));
  // (Only what Markdown would change: an indented line, or a `*` it took for emphasis. Other code the notes layer reads as it reads a plain note's.)
  if (!lines.slice(1).some((l) => l.indent >= 2) && !emphasis) return null;
  // (Calls alone do not make code of a sentence with its math and bold: "**Induction step:** … $P(k)$ …".)
  const markup = /\*\*|\$[^$\n]+\$|\\[A-Za-z]/.test(raw.join('\n').replace(/(?<=[\w\])])\*\*(?=[\w(])/g, '^'));
  if (!(lines.length >= 2 ? isBareCode(lines) || (!markup && callingCode(lines.map((l) => l.text), 2)) : IMPORT.test(lines[0]?.text ?? ''))) return null;
  const common = Math.min(...lines.filter((l) => l.text !== '').map((l) => l.indent));
  const text = raw.map((l) => l.slice(Math.min(common, l.length - l.trimStart().length)).trimEnd());
  return { kind: 'code', lang: guessLanguage(text), text: text.join('\n') };
}
