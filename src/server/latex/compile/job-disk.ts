// The disk quota of one compile: RLIMIT_FSIZE (sandbox.ts) limits each file TeX writes, this the
// files of its job directory together. The directory is measured every DISK_CHECK_MS while TeX runs
// (TeX writes only into that one flat directory: openout_any=p), and a job past the quota is
// stopped through its JobControl; the overshoot is what TeX writes in one interval (≈ 3 MB here).
import { lstat, opendir } from 'node:fs/promises';
import { join } from 'node:path';
import type { JobControl } from './job-control.js';

/** What one compile may write in all: RLIMIT_FSIZE limits each file, this the files together. */
export const JOB_DISK_BYTES = 200 << 20;
/** How often the job directory is measured while TeX runs. */
const DISK_CHECK_MS = 100;
/** Files a job directory may hold; a job that makes more is stopped (each would be another stat). */
const JOB_MAX_FILES = 1000;

export function diskLimitMessage(bytes: number): string {
  return `! Disk quota exceeded: the compile wrote more than ${Math.round(bytes / (1 << 20))} MB (or ${JOB_MAX_FILES} files) and was stopped.`;
}

/**
 * Measures the job directory every DISK_CHECK_MS while TeX runs and stops the job (`control`) once
 * its files hold more than `maxBytes` beyond `baseBytes` (the inputs written before TeX started), or
 * number more than JOB_MAX_FILES. TeX writes only into this one flat directory (openout_any=p).
 */
export function watchJobDisk(dir: string, baseBytes: number, maxBytes: number, control: JobControl): () => void {
  let measuring = false;
  const timer = setInterval(() => {
    if (measuring) return;
    measuring = true;
    void jobDirBytes(dir)
      .then((used) => {
        if (used === null || used > baseBytes + maxBytes) control.stop('disk');
      })
      .catch(() => {})
      .finally(() => (measuring = false));
  }, DISK_CHECK_MS);
  timer.unref();
  return () => clearInterval(timer);
}

/** The bytes of the files in `dir`, or null past JOB_MAX_FILES of them (counting stops there). */
async function jobDirBytes(dir: string): Promise<number | null> {
  let total = 0;
  let files = 0;
  const handle = await opendir(dir);
  for await (const entry of handle) {
    if (++files > JOB_MAX_FILES) return null;
    if (!entry.isFile()) continue;
    total += await lstat(join(dir, entry.name)).then((info) => info.size, () => 0);
  }
  return total;
}
