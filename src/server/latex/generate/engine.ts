// The generation engines behind POST /api/latex/generate: the builtin one always, AI providers
// when configured (issue 7). Each turns notes into a complete LaTeX document.
import type { DocumentType } from '../../../shared/document-types.js';
import { generate as builtinGenerate } from './builtin/index.js';

export interface GenerateInput {
  content: string;
  documentType: DocumentType;
  options: { splitTables: boolean; useMath: boolean };
  model?: string;
}

export interface GeneratedDocument {
  latex: string;
  title: string;
  /** 'builtin' or the model that wrote the document. */
  engine: string;
}

export interface GenerationEngine {
  generate(input: GenerateInput): Promise<GeneratedDocument>;
}

export const builtinEngine: GenerationEngine = {
  async generate(input) {
    const result = builtinGenerate({ content: input.content, documentType: input.documentType, options: input.options });
    return { latex: result.latex, title: result.title, engine: 'builtin' };
  },
};
