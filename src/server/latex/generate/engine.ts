// The generation engines behind POST /api/latex/generate: the builtin one always, AI providers
// when configured. Each turns notes into a complete LaTeX document.
import type { GenerationStage } from '../../../shared/api/latex.js';
import type { ResolvedGenerateInput } from '../../../shared/generate-options.js';
import type { TextPool } from '../worker-pool/pool.js';
import type { Tier } from '../../../shared/plans.js';

/** A generation (the note, its type and options, every default filled in) and how to run it. */
export interface GenerationRequest extends ResolvedGenerateInput {
  model?: string;
  /** Who asked, as the compile service's key for its per-user limits (compile checks of AI output). */
  userKey?: string;
  /** Whose compile the checks are (compile-adapter's compileAccount): their cache, their turn, their plan's budget. */
  owner?: string;
  plan?: Tier;
  /** Called as the generation moves through its stages; engines without stages never call it. */
  onProgress?: (stage: GenerationStage, attempt?: number) => void;
  /** Aborted when the client went away: engines stop calling providers and throw. */
  signal?: AbortSignal;
  /** A change to an existing document instead of a document from the notes (AI engines only). */
  change?: DocumentChange;
}

/** An existing document cut into head and body, and what its author wants changed. */
export interface DocumentChange {
  head: string;
  body: string;
  instruction: string;
}

export interface GeneratedDocument {
  latex: string;
  title: string;
  /** 'builtin' or the model that wrote the document. */
  engine: string;
  /** Set when the requested model failed and another engine (the builtin) wrote the document. */
  fallback?: { model: string; reason: string };
}

export interface GenerationEngine {
  generate(input: GenerationRequest): Promise<GeneratedDocument>;
}

/** The builtin generator, run in the worker pool: a note it cannot convert in time is a 422, never a stall. */
export function createBuiltinEngine(text: TextPool): GenerationEngine {
  return {
    async generate(input) {
      const result = await text.run('generate', { content: input.content, documentType: input.documentType, options: input.options });
      return { latex: result.latex, title: result.title, engine: 'builtin' };
    },
  };
}
