// What runs inside the worker threads (this file is their entry): every CPU-heavy step on a
// user's or a model's text, so none of it can hold the event loop. Each task writes the time it
// started (and then ended) into the shared slots it was sent, which lets the pool tell a task that
// runs too long (the worker is terminated) from one still waiting for a free worker.
import { extractTitleFromLatex } from '../../../shared/title.js';
import type { DocumentType } from '../../../shared/document-types.js';
import type { ResolvedGenerateInput } from '../../../shared/generate-options.js';
import { latexToHtml } from '../compile/html-preview.js';
import { parseLog as parseTexLog } from '../compile/log-parser.js';
import type { CompileErrorDetail } from '../compile/types.js';
import { generate as builtinGenerate } from '../generate/builtin/index.js';
import { cleanReply } from '../generate/llm/clean.js';
import { bodyProblems, replaceBody, texProgramFor, wrapBody, type BodyProblem, type WrappedDocument } from '../generate/llm/document.js';
import { epochNow } from './epoch.js';

/** What the pool sends: the task, its input, and shared slots for its start and end (ms since the epoch). */
export interface Envelope<N extends TaskName = TaskName> {
  name: N;
  /** [started, ended], written by the worker; 0 until then. */
  clock: Float64Array;
  input: TaskInput<N>;
}

export type BuiltinInput = ResolvedGenerateInput;

export interface AiReplyInput {
  reply: string;
  documentType: DocumentType;
  content: string;
}

export interface AiChangeInput {
  reply: string;
  /** The head of the document being changed (through its \\begin{document} line). */
  head: string;
}

export interface AiReplyChecked extends WrappedDocument {
  body: string;
  problems: BodyProblem[];
  /** The title the wrapped document gives, or the fallback title. */
  title: string;
}

const TASKS = {
  generate(input: BuiltinInput) {
    const { latex, title, texProgram } = builtinGenerate(input);
    return { latex, title, texProgram };
  },
  extractTitle: (latex: string) => extractTitleFromLatex(latex),
  htmlPreview: (latex: string) => latexToHtml(latex),
  parseLog: (input: { log: string; source?: string }): CompileErrorDetail[] => parseTexLog(input.log, input.source),
  texProgram: (content: string) => texProgramFor(content),
  checkAiReply(input: AiReplyInput): AiReplyChecked {
    const body = cleanReply(input.reply);
    const wrapped = wrapBody(input.documentType, body, input.content);
    return { ...wrapped, body, problems: bodyProblems(body), title: extractTitleFromLatex(wrapped.latex) };
  },
  checkAiChange(input: AiChangeInput): AiReplyChecked {
    const body = cleanReply(input.reply);
    const changed = replaceBody(input.head, body);
    return { ...changed, body, problems: bodyProblems(body), title: extractTitleFromLatex(changed.latex) };
  },
};

export type TaskName = keyof typeof TASKS;
export type TaskInput<N extends TaskName> = Parameters<(typeof TASKS)[N]>[0];
export type TaskOutput<N extends TaskName> = ReturnType<(typeof TASKS)[N]>;

/** The worker's one handler (piscina calls the default export). */
export default function runTask<N extends TaskName>({ name, clock, input }: Envelope<N>): TaskOutput<N> {
  clock[0] = epochNow();
  const fn = TASKS[name] as (input: TaskInput<N>) => TaskOutput<N>;
  const output = fn(input);
  clock[1] = epochNow();
  return output;
}
