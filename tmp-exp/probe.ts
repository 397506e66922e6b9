import { performance } from 'node:perf_hooks';
import { titleFromInput, extractTitleFromLatex } from '../src/shared/title.js';
import { parseLog } from '../src/server/latex/compile/log-parser.js';
import { latexToHtml } from '../src/server/latex/compile/html-preview.js';
const N = Number(process.argv[2] ?? 20000);
const units = ['\t', ' ', '#', '|', '[', '{', '\\', '$', '*', '_', '>', '-', '`', '[[]', '\\title[', '\\section[', '$$', '\\[', '\\(', '\\begin{tabular}', '\\item[', '%', '\n', ' \n', '# ', '- ', '| a ', '[a](', '\\textbf{', '\\\\[', '!', './main.tex:1: ', 'l.1 ', 'Runaway argument?\n', '\\begin{itemize}', '\\includegraphics[', '\\begin{frame}[', '\\begin{verbatim}', '<', '</', '<A', '&', '``', '~', '\\a{', 'x \\\\'];
const fns: Record<string, (s: string) => unknown> = { titleFromInput, extractTitleFromLatex, parseLog: (s) => parseLog(s, s), latexToHtml };
const only = process.argv[3];
for (const [name, fn] of Object.entries(fns)) {
  if (only && name !== only) continue;
  for (const u of units) {
    for (const variant of [u.repeat(Math.ceil(N / u.length)), (u + 'a').repeat(Math.ceil(N / (u.length + 1))), (u + '\n').repeat(Math.ceil(N / (u.length + 1)))]) {
      const t = performance.now();
      fn(variant);
      const ms = performance.now() - t;
      if (ms > 50) console.log(name, JSON.stringify(u), variant.length, ms.toFixed(0), 'ms', JSON.stringify(variant.slice(0, 12)));
    }
  }
}
