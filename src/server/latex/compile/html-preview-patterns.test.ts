// Each of the HTML preview's scans against the regular expression it stands for (random strings
// made of the delimiters those expressions care about), and the documents that made the
// expressions quadratic.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  removeEquationLabels,
  removeTableRules,
  replaceDisplayMath,
  replaceEnvironments,
  replaceFrameOpenings,
  replaceIncludegraphics,
  replaceInlineMath,
  replaceInnermostCommands,
  replaceWithOption,
  splitRows,
} from './html-preview-patterns.js';
import { latexToHtml } from './html-preview.js';

const text = (pieces: string[]) =>
  fc.array(fc.constantFrom(...pieces, 'a', ' ', '\n', '\\', '{', '}', '[', ']', '*'), { maxLength: 40 }).map((p) => p.join(''));

/** Shows the captures so a different split between them fails too. */
const show = (...captures: Array<string | undefined>) => `<${captures.map((c) => (c === undefined ? '~' : c)).join('|')}>`;
const viaRegex = (s: string, re: RegExp) => s.replace(re, (...args: unknown[]) => show(...(args.slice(1, -2) as Array<string | undefined>)));

function same(pieces: string[], scan: (s: string) => string, reference: (s: string) => string) {
  fc.assert(
    fc.property(text(pieces), (s) => {
      expect(scan(s)).toBe(reference(s));
    }),
    { numRuns: 3000 },
  );
}

describe('HTML preview scans match their regular expressions', () => {
  it('display math', () => {
    same(['$$', '$', '\\[', '\\]', '\\begin{equation}', '\\end{equation}', '\\begin{align*}', '\\end{align*}', '\\end{align}'], (s) => replaceDisplayMath(s, show), (s) =>
      viaRegex(s, /\$\$([\s\S]+?)\$\$|\\\[([\s\S]+?)\\\]|\\begin\{(equation|align|gather|multline|eqnarray|displaymath)(\*?)\}([\s\S]*?)\\end\{\3\4\}/g),
    );
  });
  it('inline math', () => {
    same(['$', '\\$', '\\(', '\\)', '$$'], (s) => replaceInlineMath(s, show), (s) => viaRegex(s, /(?<!\\)\$((?:\\\$|[^$])+?)\$|\\\(([\s\S]+?)\\\)/g));
  });
  it('tables and verbatim', () => {
    const pieces = ['\\begin{tabular}', '\\end{tabular}', '\\begin{tabular*}', '\\end{tabular*}', '\\begin{array}', '\\end{array}', '\\begin{verbatim}', '\\end{verbatim}'];
    same(pieces, (s) => replaceEnvironments(s, ['tabular', 'tabular*', 'tabularx', 'longtable', 'array'], false, show), (s) =>
      viaRegex(s, /\\begin\{(tabular\*?|tabularx|longtable|array)\}([\s\S]*?)\\end\{\1\}/g),
    );
    same(pieces, (s) => replaceEnvironments(s, ['verbatim', 'lstlisting'], true, show), (s) => viaRegex(s, /\\begin\{(verbatim|lstlisting)\}(\[[^\]]*\])?([\s\S]*?)\\end\{\1\}/g));
  });
  it('commands with an optional argument', () => {
    same(['\\item', '\\begin{itemize}'], (s) => replaceWithOption(s, '\\item', show, true), (s) => viaRegex(s, /\\item\s*(?:\[([^\]]*)\])?/g));
    same(['\\begin{itemize}'], (s) => replaceWithOption(s, '\\begin{itemize}', () => '<>'), (s) => s.replace(/\\begin\{itemize\}(\[[^\]]*\])?/g, '<>'));
    same(['\\\\'], (s) => replaceWithOption(s, '\\\\', () => '<br>'), (s) => s.replace(/\\\\(\[[^\]]*\])?/g, '<br>'));
    same(['\\\\'], (s) => JSON.stringify(splitRows(s)), (s) => JSON.stringify(s.split(/\\\\(?:\[[^\]]*\])?/)));
    same(['\\begin{frame}'], (s) => replaceFrameOpenings(s, show), (s) => viaRegex(s, /\\begin\{(frame)\}(\[[^\]]*\])?(\{[^}]*\})?/g));
    same(['\\includegraphics'], (s) => replaceIncludegraphics(s, show), (s) => viaRegex(s, /\\includegraphics(\[[^\]]*\])?\{([^}]*)\}/g));
  });
  it('table rules and equation labels', () => {
    same(['\\hline', '\\hlinex', '\\cline{', '\\cmidrule', '(', ')', '\\endfoot'], removeTableRules, (s) =>
      s.replace(/\\(hline|toprule|midrule|bottomrule|endhead|endfirsthead|endfoot|endlastfoot)\b|\\cline\{[^}]*\}|\\cmidrule(\([^)]*\))?\{[^}]*\}/g, ''),
    );
    same(['\\label{', '\\nonumber', '\\notag'], removeEquationLabels, (s) => s.replace(/\\label\{[^}]*\}|\\nonumber|\\notag/g, ''));
  });
  it('innermost commands', () => {
    same(['\\textbf', '\\emph*'], (s) => replaceInnermostCommands(s, show) ?? s, (s) => viaRegex(s, /\\([A-Za-z]+)\*?(?:\[[^\]{}]*\])?\{([^{}]*)\}/g));
  });
});

describe('latexToHtml stays linear', () => {
  it('converts 200,000 characters of unclosed openings', () => {
    // Each of these took seconds to minutes with the expressions.
    for (const unit of ['\\[', '\\begin{tabular}', '\\item[', '\\\\[', '\\includegraphics[', '\\begin{verbatim}[', '\\textbf[', '\\cline{']) {
      const html = latexToHtml(`\\begin{document}${'\\begin{tabular}{l}'}${unit.repeat(Math.ceil(200_000 / unit.length))}\\end{tabular}\\end{document}`);
      expect(html).toContain('<table>');
    }
  });

  it('renders at most a fixed number of formulas, then shows the rest as source', () => {
    const html = latexToHtml(`\\begin{document}${'$x$ '.repeat(5000)}\\end{document}`);
    expect(html.match(/<math/g)?.length).toBe(2000);
    expect(html).toContain('<code>x</code>');
  });
});
