// The generator's preambles, handed to the compile service as the precompiled formats to build.
// Whoever creates a compile service (app.ts, the CLI, tests) passes them in, so compile/ never
// imports generate/ (the AI engine imports compile/, which would close a cycle).
import type { PreambleSpec } from './compile/index.js';
import { listPreambles } from './generate/builtin/write/preambles.js';

export async function generatorPreambles(): Promise<PreambleSpec[]> {
  return listPreambles().map((p) => ({
    id: p.id,
    program: p.program,
    preamble: p.preamble,
    ...(p.warmUp ? { warmUp: p.warmUp } : {}),
    ...(p.whileWaiting ? { whileWaiting: p.whileWaiting } : {}),
  }));
}
