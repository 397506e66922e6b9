// The AI engine for one model: write the body, wrap it in the app's preamble, compile it in the
// sandbox, and on failure send the compiler's line-numbered errors back for at most two repairs.
// Whatever goes wrong (provider down, timeout, a body that never compiles) ends in the builtin
// engine's document, with the reason, so a generation only fails when the builtin one does.
import { GENERATED_FALLBACK } from '../../../../shared/title.js';
import { CompileUserBusyError, type CompileResult, type CompileService, type TexProgram } from '../../compile/index.js';
import type { TextPool } from '../../worker-pool/pool.js';
import type { AiReplyChecked } from '../../worker-pool/tasks.js';
import type { GeneratedDocument, GenerationRequest, GenerationEngine } from '../engine.js';
import { ChangeNotMadeError } from '../../errors.js';
import { detectProgram } from '../../compile/program.js';
import { buildChangePrompt, buildPrompt, repairMessage, type BuiltPrompt, type RepairError } from './prompt.js';
import type { ChatMessage } from './providers.js';
import { ProviderError } from './providers.js';
import type { ResilientProvider } from './resilience.js';

export const MAX_REPAIRS = 2;
const MAX_TOKENS = 8192;

export interface LlmEngineOptions {
  model: string;
  provider: ResilientProvider;
  compiler: CompileService;
  /** The worker pool: the model's reply is cleaned, wrapped and checked there, off the event loop. */
  text: TextPool;
  /** What every failure falls back to. */
  builtin: GenerationEngine;
  log?: { warn: (obj: object, msg: string) => void; info: (obj: object, msg: string) => void };
  maxRepairs?: number;
}

interface CheckOutcome {
  ok: boolean;
  /** Errors to send back for a repair; empty when a repair cannot help. */
  errors: RepairError[];
  reason: string;
}

/** The client went away: no fallback, no document, no charge. */
function throwIfGone(input: GenerationRequest): void {
  if (input.signal?.aborted) throw new ProviderError('aborted', 'The request was cancelled.');
}

export function createLlmEngine(options: LlmEngineOptions): GenerationEngine {
  const { model, provider, compiler, text, builtin, log } = options;
  const maxRepairs = options.maxRepairs ?? MAX_REPAIRS;

  /** One compile check at a time per user: a second generation of the same user waits its turn. */
  async function compileWhenFree(latex: string, program: TexProgram, { userKey, owner, plan }: Pick<GenerationRequest, 'userKey' | 'owner' | 'plan'>): Promise<CompileResult> {
    for (let waited = 0; ; waited += 250) {
      try {
        return await compiler.compile({ latex, program, ...(userKey ? { userKey } : {}), ...(owner ? { owner } : {}), ...(plan ? { plan } : {}) });
      } catch (err) {
        if (!(err instanceof CompileUserBusyError) || waited >= 30_000) throw err;
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
    }
  }

  async function check(wrapped: AiReplyChecked, input: GenerationRequest): Promise<{ latex: string; outcome: CheckOutcome }> {
    const problems = wrapped.problems;
    if (problems.length > 0) {
      return {
        latex: wrapped.latex,
        outcome: { ok: false, errors: problems.map((p) => ({ ...p, hint: null })), reason: 'The model wrote a body that is not allowed.' },
      };
    }
    let result: CompileResult;
    try {
      result = await compileWhenFree(wrapped.latex, wrapped.texProgram, input);
    } catch (err) {
      // Busy, rate-limited or closed compile service: the body cannot be checked now.
      log?.warn({ err, model }, 'compile check unavailable');
      return { latex: wrapped.latex, outcome: { ok: false, errors: [], reason: 'The compile check is busy.' } };
    }
    switch (result.status) {
      case 'success':
        return { latex: wrapped.latex, outcome: { ok: true, errors: [], reason: '' } };
      case 'unavailable':
        // No TeX Live on this server: nothing can be checked, and previews are HTML anyway.
        return { latex: wrapped.latex, outcome: { ok: true, errors: [], reason: '' } };
      case 'failure':
      case 'timedout': {
        const errors = result.errors.map((e) => {
          const line = e.line !== null ? e.line - wrapped.bodyStartLine + 1 : null;
          return { line: line !== null && line >= 1 && line <= wrapped.bodyLineCount ? line : null, message: e.message, hint: e.hint };
        });
        return {
          latex: wrapped.latex,
          outcome: {
            ok: false,
            errors: errors.length ? errors : [{ line: null, message: 'The document did not compile.', hint: null }],
            reason: 'The model\'s LaTeX did not compile.',
          },
        };
      }
      default:
        return { latex: wrapped.latex, outcome: { ok: false, errors: [], reason: 'The compile check could not run.' } };
    }
  }

  async function fallback(input: GenerationRequest, reason: string): Promise<GeneratedDocument> {
    throwIfGone(input);
    // The builtin generator cannot make a change: the person keeps their LaTeX and is not charged.
    if (input.change) throw new ChangeNotMadeError(reason);
    input.onProgress?.('fallback');
    const doc = await builtin.generate(input);
    return { ...doc, fallback: { model, reason: `${reason} The builtin generator wrote this document instead.` } };
  }

  async function promptFor(input: GenerationRequest): Promise<BuiltPrompt> {
    const { documentType, options, change } = input;
    if (change) return buildChangePrompt({ content: '', documentType, options, texProgram: detectProgram(change.head), body: change.body, instruction: change.instruction });
    return buildPrompt({ content: input.content, documentType, options, texProgram: await text.run('texProgram', input.content) });
  }

  return {
    async generate(input) {
      const prompt = await promptFor(input);
      const messages: ChatMessage[] = [...prompt.messages];
      let reason = 'The model\'s LaTeX did not compile.';
      for (let attempt = 1; attempt <= maxRepairs + 1; attempt++) {
        input.onProgress?.(attempt === 1 ? 'writing' : 'repairing', attempt);
        let reply: string;
        try {
          reply = await provider.complete({
            model,
            system: prompt.system,
            messages,
            maxTokens: MAX_TOKENS,
            ...(input.signal ? { signal: input.signal } : {}),
          });
        } catch (err) {
          if (err instanceof ProviderError && err.kind === 'aborted') throw err;
          const message = err instanceof Error ? err.message : String(err);
          log?.warn({ err, model, attempt }, 'model call failed; using the builtin engine');
          return fallback(input, message);
        }
        input.onProgress?.('checking', attempt);
        let checked: AiReplyChecked;
        try {
          checked = input.change
            ? await text.run('checkAiChange', { reply, head: input.change.head })
            : await text.run('checkAiReply', { reply, documentType: input.documentType, content: input.content });
        } catch (err) {
          log?.warn({ err, model, attempt }, 'model reply could not be checked; using the builtin engine');
          return fallback(input, 'The model\'s reply could not be checked.');
        }
        const body = checked.body;
        const { latex, outcome } = await check(checked, input);
        throwIfGone(input);
        if (outcome.ok) {
          const title = checked.title !== GENERATED_FALLBACK || input.change ? checked.title : (await builtin.generate(input)).title;
          log?.info({ model, attempt }, 'model document compiles');
          return { latex, title, engine: model };
        }
        reason = outcome.reason;
        if (outcome.errors.length === 0) break;
        log?.info({ model, attempt, errors: outcome.errors.slice(0, 3) }, 'model document does not compile');
        messages.push({ role: 'assistant', content: body }, { role: 'user', content: repairMessage(body, outcome.errors) });
      }
      return fallback(input, reason);
    },
  };
}
