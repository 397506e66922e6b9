import { performance } from 'node:perf_hooks';
import { parseLog } from '../src/server/latex/compile/log-parser.js';
for (const k of [1000, 4000]) {
  const log = "! LaTeX Error: File `abc.sty' not found.\n".repeat(k);
  const source = 'x\n'.repeat(100000);
  let t = performance.now(); parseLog(log, source); console.log('missing file', k, (performance.now() - t).toFixed(0));
  const log2 = 'Runaway argument?\n{abcdef\n! Paragraph ended before \\x was complete.\n'.repeat(k);
  t = performance.now(); parseLog(log2, source); console.log('runaway', k, (performance.now() - t).toFixed(0));
  const log3 = ('! Undefined control sequence.\n' + 'x'.repeat(50) + '\n').repeat(k);
  t = performance.now(); parseLog(log3, source); console.log('undefined, no context', k, (performance.now() - t).toFixed(0));
}
