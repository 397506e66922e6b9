// Random LaTeX as a person types it, for the typing property (unit test in happy-dom and the
// Chromium journey): paragraphs with commands, inline and display math, escaped specials,
// comments with braces in them, and nested environments. Braces balance in the usual sense
// (counting every `{` and `}`, escaped or commented ones too), as in any document that compiles.
import fc from 'fast-check';

const word = fc.constantFrom('the', 'data', 'x', 'Bayes', 'prior', 'is', 'a', 'model', 'of', 'é', 'naïve', '2026', 'a.b', 'e.g.,', '(see', 'below)', '[1]');
const escaped = fc.constantFrom('\\%', '\\$', '\\&', '\\#', '\\_', '\\{', '\\}', '~', '--', "``quoted''", '\\\\');
const mathAtom = fc.constantFrom('x', 'y^2', '\\alpha', 'a_{i}', '\\{a, b\\}', '[0, 1)', '(0, 1]', '\\frac{a}{b}', '\\sqrt{2}', 'f(x)', '\\left\\{ x \\right.', '\\mathbb{R}');

const { inline } = fc.letrec<{ inline: string; command: string; math: string }>((tie) => ({
  inline: fc.oneof({ depthSize: 'small', withCrossShrink: true }, word, word, escaped, tie('command'), tie('math')),
  command: fc
    .tuple(fc.constantFrom('\\textbf', '\\emph', '\\texttt', '\\footnote', '\\section', '\\label', '\\ref', '\\href{https://x.org}'), fc.array(tie('inline'), { maxLength: 3 }))
    .map(([name, parts]) => `${name}{${parts.join(' ')}}`),
  math: fc.array(mathAtom, { minLength: 1, maxLength: 3 }).map((atoms) => `$${atoms.join(' ')}$`),
}));

const line = fc.array(inline, { minLength: 1, maxLength: 6 }).map((parts) => parts.join(' '));
const comment = fc.constantFrom('% a note', '% braces { in a comment }', '% 50\\% done', '%');
const display = fc.array(mathAtom, { minLength: 1, maxLength: 3 }).map((atoms) => `\\[ ${atoms.join(' + ')} \\]`);

const { blocks } = fc.letrec<{ blocks: string[]; block: string; environment: string }>((tie) => ({
  blocks: fc.array(tie('block'), { minLength: 1, maxLength: 4 }),
  block: fc.oneof({ depthSize: 'small', withCrossShrink: true }, line, line, comment, display, fc.constant(''), tie('environment')),
  environment: fc
    .tuple(fc.constantFrom('itemize', 'enumerate', 'center', 'quote', 'equation*', 'proof'), tie('blocks'))
    .map(([name, body]) => {
      const lines = name === 'itemize' || name === 'enumerate' ? body.map((b) => `\\item ${b}`) : body;
      return `\\begin{${name}}\n${lines.join('\n')}\n\\end{${name}}`;
    }),
}));

/** A LaTeX fragment as typed: blocks separated by new lines, ending with one. */
export const typedLatex = blocks.map((b) => `${b.join('\n')}\n`);

/** What typing must preserve: every character, up to indentation and spaces at line ends. */
export function normaliseTyped(text: string): string {
  return text
    .split('\n')
    .map((l) => l.trim())
    .join('\n');
}
