// Hostile notes: 200,000-character runs and alternations of every character the parsers react
// to, as every document type, come back as whole documents (no exception, no stack overflow).
// Their speed is measured by bench/adversarial.ts; here only that they finish and are whole.
import { describe, expect, it } from 'vitest';
import { DOCUMENT_TYPES } from '../../../../shared/document-types.js';
import { generate, listPreambles } from './index.js';
import { adversarialPayloads } from './test-support/adversarial.js';

describe('hostile notes', () => {
  const preambles = listPreambles();
  for (const payload of adversarialPayloads(200_000)) {
    it(`${payload.name}: a whole document of every type`, () => {
      for (const documentType of DOCUMENT_TYPES) {
        const { latex, texProgram } = generate({ content: payload.content, documentType });
        const preamble = preambles.find((p) => p.documentType === documentType && p.program === texProgram);
        expect(latex.startsWith(`${preamble?.preamble}\\begin{document}\n`), documentType).toBe(true);
        expect(latex.endsWith('\\end{document}\n'), documentType).toBe(true);
        expect(latex.match(/\\end\{document\}/g), documentType).toHaveLength(1);
      }
    });
  }
});
