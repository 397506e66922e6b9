// The Word conversion as the web process offers it: its own work directory (reachable by the
// sandbox user), the compile sandbox's mode, and at most two conversions at a time (each is a
// pandoc process of up to a second of CPU and 2 GiB); a third request is told to retry (503).
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DomainError } from '../../domain-errors.js';
import type { JobFile } from '../compile/runner.js';
import { GIB, probeSandbox, type SandboxMode } from '../compile/sandbox.js';
import { latexToDocx } from './docx.js';

export class WordExportBusyError extends DomainError {
  readonly kind = 'busy';
  constructor(reason = 'Word files are being made for others right now. Please try again in a few seconds.') {
    super(reason, { retryAfterSeconds: 5 });
  }
}

export interface WordExporter {
  toDocx(latex: string, images: readonly JobFile[]): Promise<Buffer>;
  close(): Promise<void>;
}

export interface WordExporterOptions {
  /** Run pandoc without bubblewrap where it is unavailable (COMPILE_UNSAFE_NO_SANDBOX, development only). */
  allowUnsafeNoSandbox?: boolean;
  concurrency?: number;
  timeoutMs?: number;
}

const MAX_DOCX_BYTES = 64 << 20;

export function createWordExporter(options: WordExporterOptions = {}): WordExporter {
  const concurrency = options.concurrency ?? 2;
  let running = 0;
  let ready: Promise<{ workDir: string; mode: SandboxMode | null }> | null = null;
  const prepare = () =>
    (ready ??= (async () => {
      const workDir = await mkdtemp(join(tmpdir(), 'latexgen-export-'));
      await chmod(workDir, 0o711);
      const probe = await probeSandbox(workDir);
      return { workDir, mode: probe.ok ? 'bwrap' : options.allowUnsafeNoSandbox ? 'unsafe' : null };
    })());
  return {
    async toDocx(latex, images) {
      if (running >= concurrency) throw new WordExportBusyError();
      running++;
      try {
        const { workDir, mode } = await prepare();
        if (!mode) throw new WordExportBusyError('The Word conversion is not available on this server (no sandbox).');
        const timeoutMs = options.timeoutMs ?? 60_000;
        return await latexToDocx({
          latex,
          images,
          workDir,
          mode,
          timeoutMs,
          limits: {
          cpuSeconds: Math.ceil(timeoutMs / 1000) + 1,
          fileBytes: MAX_DOCX_BYTES,
          memoryBytes: 2 * GIB,
          // pandoc does not fork; its runtime's threads would count against a per-uid process limit
          // shared with TeX, so none is set (bubblewrap's own PID namespace still holds it).
          processes: null,
          openFiles: 256,
        },
          maxBytes: MAX_DOCX_BYTES,
        });
      } finally {
        running--;
      }
    },
    async close() {
      if (ready) await rm((await ready).workDir, { recursive: true, force: true });
    },
  };
}
