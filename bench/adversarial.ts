// Hostile-input benchmark: every adversarial payload (test-support/adversarial.ts) through the
// builtin generator as each document type, beside the 2,000-word note in the same run. Every
// regex and loop of the generator is meant to be linear: each payload should take well under
// 100 ms at 200,000 characters.
//
//   npx tsx --expose-gc bench/adversarial.ts [--size N] [--runs R]
//
// With --expose-gc each payload starts after a collection, so one payload's garbage is not
// charged to the next.
import { loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { DOCUMENT_TYPES } from '../src/shared/document-types.js';
import { generate } from '../src/server/latex/generate/builtin/index.js';
import { adversarialPayloads } from '../src/server/latex/generate/builtin/test-support/adversarial.js';
import { twoThousandWordNote } from '../src/server/latex/generate/builtin/test-support/two-thousand-words.js';
import { numberArg as arg } from '../tests/support/cli-args.js';
import { printTable } from '../tests/support/table.js';
const SIZE = arg('--size', 200_000);
const RUNS = arg('--runs', 3);

function median(content: string, documentType: (typeof DOCUMENT_TYPES)[number]): number {
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const t = performance.now();
    try {
      generate({ content, documentType });
    } catch {
      // A throw is a bug the unit test reports; here it shows as NaN.
      return NaN;
    }
    times.push(performance.now() - t);
  }
  return times.sort((a, b) => a - b)[Math.floor(times.length / 2)] ?? NaN;
}

const payloads = [{ name: '2,000-word note (reference)', content: twoThousandWordNote() }, ...adversarialPayloads(SIZE)];
// Warm-up: compile the hot code once.
for (let i = 0; i < 20; i++) generate({ content: payloads[0]!.content, documentType: 'article' });
const rows: Array<Array<string | number>> = [];
let worst = 0;
const gc = (globalThis as { gc?: () => void }).gc;
for (const p of payloads) {
  gc?.();
  const times = DOCUMENT_TYPES.map((t) => median(p.content, t));
  worst = Math.max(worst, ...times.slice(p === payloads[0] ? times.length : 0));
  rows.push([p.name, p.content.length, ...times.map((ms) => (Number.isNaN(ms) ? 'throws' : ms.toFixed(ms < 10 ? 2 : 1)))]);
}
printTable(`Hostile notes: generate() median of ${RUNS} runs per document type (ms)`, ['payload', 'chars', ...DOCUMENT_TYPES], rows);
console.log(`\nslowest payload: ${worst.toFixed(1)} ms (load: ${loadavg().map((l) => l.toFixed(1)).join(' ')})`);
