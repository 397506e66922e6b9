// The layer rules of eslint.config.js fail on a deliberate violation and pass the same file without it.
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const eslint = new ESLint({ cwd: new URL('../..', import.meta.url).pathname });

async function messages(code: string, filePath: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? []).map((m) => `${m.ruleId}: ${m.message}`);
}

describe('layers held by lint', () => {
  it('the builtin converter imports only itself and src/shared', async () => {
    const file = 'src/server/latex/generate/builtin/probe.ts';
    const found = await messages("import { rowsOf } from '../../../documents/history-cache.js';\nexport const r = rowsOf;\n", file);
    expect(found).toEqual([expect.stringContaining('The builtin converter imports only itself and src/shared.')]);
    expect(await messages("import { DOCUMENT_TYPES } from '../../../../shared/document-types.js';\nexport const t = DOCUMENT_TYPES;\n", file)).toEqual([]);
  });

  it('the product imports neither the evaluation nor the tests', async () => {
    const file = 'src/server/documents/probe.ts';
    const found = await messages("import { listNotes } from '../../eval/notes.js';\nexport const l = listNotes;\n", file);
    expect(found).toEqual([expect.stringContaining('The product does not import the evaluation (src/eval).')]);
    // A test file may.
    expect(await messages("import { listNotes } from '../../eval/notes.js';\nexport const l = listNotes;\n", 'src/server/documents/probe.test.ts')).toEqual([]);
  });

  it('generation imports neither the HTTP layer nor the web server', async () => {
    const file = 'src/server/latex/generate/probe.ts';
    expect(await messages("import { pathOf } from '../../http/request-log.js';\nexport const p = pathOf;\n", file)).toEqual([
      expect.stringContaining('Generation does not import the HTTP layer'),
    ]);
    expect(await messages("import type { FastifyReply } from 'fastify';\nexport type R = FastifyReply;\n", file)).toEqual([
      expect.stringContaining('Generation does not import the web server'),
    ]);
  });
});
