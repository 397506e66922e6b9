// The model catalogue: which engines this server offers (the builtin one always, then every model
// of the configured providers), which tiers may use each (LLM_MODEL_TIERS; every tier by default),
// each tier's default (its first allowed AI model, else the builtin), and the engine that serves a
// generate request. Unknown or forbidden models are a 400 with a message that says which ones exist.
import type { ModelOption, ModelsResponse } from '../../../shared/api/latex.js';
import { TIERS, parseTier, type Tier } from '../../../shared/plans.js';
import type { Config } from '../../config.js';
import type { CompileService } from '../compile/index.js';
import { ModelNotOfferedError } from '../errors.js';
import type { TextPool } from '../worker-pool/pool.js';
import { createBuiltinEngine, type GenerationEngine } from './engine.js';
import { createLlmEngine } from './llm/engine.js';
import { createAnthropicProvider, createOpenAiProvider, type ChatProvider } from './llm/providers.js';
import { withResilience, type ResilienceOptions, type ResilientProvider } from './llm/resilience.js';

export const BUILTIN_MODEL = 'builtin';

/** Overrides for tests and tuning: backoff, breaker and providers. */
export interface LlmTuning extends Partial<Omit<ResilienceOptions, 'timeoutMs'>> {
  /** Replaces the SDK-backed providers (tests of the catalogue without HTTP). */
  providers?: Partial<Record<ChatProvider['kind'], ChatProvider>>;
  maxRepairs?: number;
}

export interface CatalogueDeps {
  compiler: CompileService;
  /** Where the builtin engine and the AI engines' text checks run. */
  text: TextPool;
  log?: { warn: (obj: object, msg: string) => void; info: (obj: object, msg: string) => void };
  tuning?: LlmTuning;
}

interface Entry {
  option: ModelOption;
  tiers: readonly Tier[];
  engine: GenerationEngine;
}

export interface ModelCatalogue {
  /** What a user of this tier may pick, and the default. */
  list(tier: string | null | undefined): ModelsResponse;
  /** The model a request uses: the requested one if allowed, else the tier's default. Throws 400. */
  resolve(tier: string | null | undefined, requested: string | undefined): string;
  /** Dispatches on input.model (already resolved); the builtin engine for 'builtin' or none. */
  engine: GenerationEngine;
  /** The breaker of each provider (health and tests). */
  providers: ResilientProvider[];
}

export function createModelCatalogue(llm: Config['llm'], deps: CatalogueDeps): ModelCatalogue {
  const { tuning = {} } = deps;
  const resilience: ResilienceOptions = { ...tuning, timeoutMs: llm.timeoutMs };
  const entries = new Map<string, Entry>();
  const builtinEngine = createBuiltinEngine(deps.text);
  entries.set(BUILTIN_MODEL, {
    option: { id: BUILTIN_MODEL, label: 'Builtin (no AI)', provider: 'builtin' },
    // Always offered to every tier: it is also what every AI failure falls back to.
    tiers: TIERS,
    engine: builtinEngine,
  });
  const providers: ResilientProvider[] = [];

  function addProvider(kind: ChatProvider['kind'], make: () => ChatProvider, models: string[]) {
    if (models.length === 0) return;
    const provider = withResilience(tuning.providers?.[kind] ?? make(), resilience);
    providers.push(provider);
    for (const model of models) {
      if (entries.has(model)) continue;
      entries.set(model, {
        option: { id: model, label: model, provider: kind },
        tiers: llm.modelTiers[model] ?? TIERS,
        engine: createLlmEngine({
          model,
          provider,
          compiler: deps.compiler,
          text: deps.text,
          builtin: builtinEngine,
          ...(deps.log ? { log: deps.log } : {}),
          ...(tuning.maxRepairs !== undefined ? { maxRepairs: tuning.maxRepairs } : {}),
        }),
      });
    }
  }
  const openai = llm.openai;
  if (openai) {
    addProvider('openai', () => createOpenAiProvider({ baseUrl: openai.baseUrl, apiKey: openai.apiKey, connectTimeoutMs: llm.connectTimeoutMs }), openai.models);
  }
  const anthropic = llm.anthropic;
  if (anthropic) {
    addProvider(
      'anthropic',
      () => createAnthropicProvider({ baseUrl: anthropic.baseUrl, apiKey: anthropic.apiKey, connectTimeoutMs: llm.connectTimeoutMs }),
      anthropic.models,
    );
  }

  const tierOf = (tier: string | null | undefined): Tier => parseTier(tier) ?? 'free';
  const allowed = (tier: Tier) => [...entries.values()].filter((e) => e.tiers.includes(tier));

  function defaultFor(tier: Tier): string {
    const list = allowed(tier);
    // The first AI model the tier may use; the builtin when there is none (or only it).
    return (list.find((e) => e.option.id !== BUILTIN_MODEL) ?? list[0])?.option.id ?? BUILTIN_MODEL;
  }

  function list(tierValue: string | null | undefined): ModelsResponse {
    const tier = tierOf(tierValue);
    const entries = allowed(tier);
    // AI models first, in configuration order; the builtin last.
    const models = [...entries.filter((e) => e.option.id !== BUILTIN_MODEL), ...entries.filter((e) => e.option.id === BUILTIN_MODEL)];
    return { models: models.map((e) => ({ ...e.option })), default: defaultFor(tier) };
  }

  return {
    providers,
    list,
    resolve(tierValue, requested) {
      const tier = tierOf(tierValue);
      if (requested === undefined || requested === '') return defaultFor(tier);
      const entry = entries.get(requested);
      const offered = list(tier).models.map((m) => m.id);
      if (!entry) throw new ModelNotOfferedError(`Unknown model "${requested}". Available models: ${offered.join(', ')}.`, offered);
      if (!entry.tiers.includes(tier)) {
        throw new ModelNotOfferedError(`The model "${requested}" is not included in your plan. Available models: ${offered.join(', ')}.`, offered);
      }
      return requested;
    },
    engine: {
      generate(input) {
        const entry = entries.get(input.model ?? BUILTIN_MODEL) ?? entries.get(BUILTIN_MODEL)!;
        return entry.engine.generate(input);
      },
    },
  };
}
