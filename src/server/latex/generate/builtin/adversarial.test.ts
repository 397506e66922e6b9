// Hostile notes: 200,000-character runs and alternations of every character the parsers react
// to, as every document type, come back as whole documents (no exception, no stack overflow).
// Their speed is measured by bench/adversarial.ts; here only that they finish and are whole.
import { describe, expect, it } from 'vitest';
import { DOCUMENT_TYPES } from '../../../../shared/document-types.js';
import { generate, recognisePreamble } from './index.js';
import { adversarialPayloads } from './test-support/adversarial.js';

describe('hostile notes', () => {
  for (const payload of adversarialPayloads(200_000)) {
    it(`${payload.name}: a whole document of every type`, () => {
      for (const documentType of DOCUMENT_TYPES) {
        const { latex, texProgram } = generate({ content: payload.content, documentType });
        // A preamble the generator makes (its format stands in for it), ending at \\begin{document}.
        const recognised = recognisePreamble(latex.slice(0, latex.indexOf('\\begin{document}\n')));
        expect(recognised?.program, documentType).toBe(texProgram);
        expect(recognised?.type, documentType).toBe(documentType);
        expect(latex.endsWith('\\end{document}\n'), documentType).toBe(true);
        expect(latex.match(/\\end\{document\}/g), documentType).toHaveLength(1);
      }
    });
  }
});
