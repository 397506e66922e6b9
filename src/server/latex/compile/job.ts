// A compile job as data, what a worker hands back, and their encodings for the shared queue: the
// job travels as BullMQ's JSON job data; the outcome, PDF included, travels as one binary value in
// Redis beside the job (the queue's own events carry only its key).
import { packBlob, unpackBlob } from '../../redis/blob-lru.js';
import type { TexRunResult } from './runner.js';
import type { Tier } from '../../../shared/plans.js';
import type { CompileInputFile, StoredInputFile, TexProgram } from './types.js';

/** What a worker needs to run one compile: plain data, so a shared queue can carry it. */
export interface TexJob {
  latex: string;
  program: TexProgram;
  files: readonly CompileInputFile[];
  workspace?: string;
  /** Who asked, for the worker's log (never used to decide anything there). */
  userKey?: string;
  /** Whose turn and compile time this is (CompileRequest.owner), and the owner's plan (its budget). */
  owner?: string;
  plan?: Tier;
  /** The owner's compile time left, when shorter than the service's time limit: the job's limit. */
  timeLimitMs?: number;
  /**
   * Started ahead of any request (the compile after a generation): it leaves kept files only in a
   * workspace that has none, never over those of a compile a person asked for.
   */
  ahead?: boolean;
}

/** A run plus whether it started from a workspace's kept files; or why this worker cannot run TeX. */
export type JobOutcome = { run: TexRunResult; usedKeptFiles: boolean } | { unavailable: string };

/** BullMQ's job data: JSON, so input files in hand travel as base64, stored ones as their key. */
export interface QueuedJobData {
  latex: string;
  program: TexProgram;
  files: Array<{ name: string; base64: string } | StoredInputFile>;
  workspace?: string;
  userKey?: string;
  owner?: string;
  plan?: Tier;
  timeLimitMs?: number;
  ahead?: boolean;
}

export function toJobData(job: TexJob): QueuedJobData {
  return {
    latex: job.latex,
    program: job.program,
    files: job.files.map((f) => ('bytes' in f ? { name: f.name, base64: f.bytes.toString('base64') } : f)),
    ...(job.workspace ? { workspace: job.workspace } : {}),
    ...(job.userKey ? { userKey: job.userKey } : {}),
    ...accountOf(job),
    ...(job.ahead ? { ahead: true } : {}),
  };
}

/** The owner, plan and time limit of a job or of its queued data, where set. */
function accountOf(job: Pick<TexJob, 'owner' | 'plan' | 'timeLimitMs'>): Pick<TexJob, 'owner' | 'plan' | 'timeLimitMs'> {
  return {
    ...(job.owner ? { owner: job.owner } : {}),
    ...(job.plan ? { plan: job.plan } : {}),
    ...(job.timeLimitMs !== undefined ? { timeLimitMs: job.timeLimitMs } : {}),
  };
}

export function fromJobData(data: QueuedJobData): TexJob {
  return {
    latex: data.latex,
    program: data.program,
    files: data.files.map((f) => ('base64' in f ? { name: f.name, bytes: Buffer.from(f.base64, 'base64') } : f)),
    ...(data.workspace ? { workspace: data.workspace } : {}),
    ...(data.userKey ? { userKey: data.userKey } : {}),
    ...accountOf(data),
    ...(data.ahead ? { ahead: true } : {}),
  };
}

interface OutcomeHeader {
  unavailable?: string;
  outcome?: TexRunResult['outcome'];
  log?: string;
  passes?: number;
  detail?: string;
  usedKeptFiles?: boolean;
}

/** The outcome as bytes; kept auxiliary files stay with the worker side (their own store). */
export function encodeOutcome(outcome: JobOutcome): Buffer {
  if ('unavailable' in outcome) return packBlob({ unavailable: outcome.unavailable }, []);
  const { run, usedKeptFiles } = outcome;
  const header: OutcomeHeader = { outcome: run.outcome, log: run.log, passes: run.passes, usedKeptFiles, ...(run.detail ? { detail: run.detail } : {}) };
  return packBlob({ ...header }, [run.pdf, run.synctex]);
}

export function decodeOutcome(blob: Buffer): JobOutcome {
  const { header, parts } = unpackBlob<OutcomeHeader>(blob);
  if (header.unavailable !== undefined) return { unavailable: header.unavailable };
  const [pdf, synctex] = parts;
  const run: TexRunResult = {
    outcome: header.outcome ?? 'error',
    log: header.log ?? '',
    passes: header.passes ?? 0,
    ...(header.detail ? { detail: header.detail } : {}),
    ...(pdf ? { pdf } : {}),
    ...(synctex ? { synctex } : {}),
  };
  return { run, usedKeptFiles: header.usedKeptFiles ?? false };
}
