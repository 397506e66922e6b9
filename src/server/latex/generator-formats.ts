// The generator's format preambles, handed to the compile service as the precompiled formats to
// build, and the reader that recognises the lean preambles the generator writes (each stands in
// for one of them). Whoever creates a compile service (app.ts, the CLI, tests) passes them in, so
// compile/ never imports generate/ (the AI engine imports compile/, which would close a cycle).
import type { FormatReading, PreambleSpec } from './compile/index.js';
import { formatStandIn, recognisePreamble } from './generate/builtin/write/lean-preamble.js';
import { formatId, listPreambles } from './generate/builtin/write/preambles.js';

export async function generatorPreambles(): Promise<PreambleSpec[]> {
  return listPreambles().map((p) => ({
    id: p.id,
    program: p.program,
    preamble: p.preamble,
    ...(p.warmUp ? { warmUp: p.warmUp } : {}),
    ...(p.whileWaiting ? { whileWaiting: p.whileWaiting } : {}),
  }));
}

/**
 * The format that stands in for a preamble the generator made (rebuilt from the pieces it shows,
 * it is the same text), or null: an edited preamble compiles as written. Only the type's usual
 * class options (11pt, A4; a short report's notitlepage) have a format.
 */
export function generatorPreambleReader(preamble: string): FormatReading | null {
  const recognised = recognisePreamble(preamble);
  if (!recognised || !recognised.defaultClass) return null;
  return { formatId: formatId(recognised.type, recognised.program, recognised.inlineTitle), resumeAt: recognised.tailStart, standIn: formatStandIn(recognised) };
}
