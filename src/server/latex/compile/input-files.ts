// Extra files a compile may read (uploaded images for \includegraphics): flat, safe names only,
// never one of TeX's own file names, bounded in count and size. They are written into the job
// directory read-only before TeX starts, and their hashes are part of the cache key.
import { createHash } from 'node:crypto';
import { CompileInputError } from './errors.js';
import type { CompileInputFile } from './types.js';

/** Bytes of an input file, in hand or as stored. */
export const inputFileSize = (file: CompileInputFile): number => ('bytes' in file ? file.bytes.length : file.size);

/** SHA-256 (hex) of an input file: hashed when in hand, as stored otherwise. */
export const inputFileSha256 = (file: CompileInputFile): string => ('bytes' in file ? createHash('sha256').update(file.bytes).digest('hex') : file.sha256);

export interface InputFileLimits {
  maxFiles: number;
  maxFileBytes: number;
  maxTotalBytes: number;
}

export const DEFAULT_INPUT_FILE_LIMITS: InputFileLimits = {
  maxFiles: 100,
  maxFileBytes: 10 << 20,
  maxTotalBytes: 50 << 20,
};

const MAX_NAME_LENGTH = 100;

/** Letters, digits, '-' and '_', dot-separated parts; the first character a letter or digit. */
function isSafeName(name: string): boolean {
  if (name.length === 0 || name.length > MAX_NAME_LENGTH) return false;
  let previous = '.';
  for (const ch of name) {
    const word = (ch >= 'a' && ch <= 'z') || (ch >= 'A' && ch <= 'Z') || (ch >= '0' && ch <= '9');
    if (ch === '.') {
      // No empty part: rules out '..', a leading dot (hidden files) and a trailing dot.
      if (previous === '.') return false;
    } else if (ch === '-' || ch === '_') {
      if (previous === '.') return false;
    } else if (!word) {
      return false;
    }
    previous = ch;
  }
  return previous !== '.';
}

/** Names TeX reads or writes for the job itself (main.tex, main.aux, …) and kept-file names. */
function isReserved(name: string): boolean {
  const lower = name.toLowerCase();
  return lower === 'main' || lower.startsWith('main.') || lower.endsWith('.fmt');
}

/** Checks names and sizes; throws CompileInputError (a 4xx at the HTTP edge) on the first problem. */
export function validateInputFiles(files: readonly CompileInputFile[] | undefined, limits: InputFileLimits): readonly CompileInputFile[] {
  if (!files || files.length === 0) return [];
  if (files.length > limits.maxFiles) throw new CompileInputError(`At most ${limits.maxFiles} extra files may be compiled with a document.`);
  const seen = new Set<string>();
  let total = 0;
  for (const file of files) {
    const name = file?.name;
    if (typeof name !== 'string' || !isSafeName(name)) {
      throw new CompileInputError(`"${String(name).slice(0, 40)}" is not a valid file name: use letters, digits, '-', '_' and dots, without folders.`);
    }
    if (isReserved(name)) throw new CompileInputError(`The file name "${name}" is reserved for the compiler.`);
    const key = name.toLowerCase();
    if (seen.has(key)) throw new CompileInputError(`The file "${name}" was given twice.`);
    seen.add(key);
    const inHand = 'bytes' in file && Buffer.isBuffer(file.bytes);
    const stored = 'blob' in file && typeof file.blob === 'string' && Number.isSafeInteger(file.size) && /^[0-9a-f]{64}$/.test(file.sha256);
    if (!inHand && !stored) throw new CompileInputError(`The file "${name}" has no content.`);
    const size = inputFileSize(file);
    if (size > limits.maxFileBytes) {
      throw new CompileInputError(`The file "${name}" is larger than ${Math.round(limits.maxFileBytes / (1 << 20))} MB.`, 413);
    }
    total += size;
    if (total > limits.maxTotalBytes) {
      throw new CompileInputError(`The extra files are larger than ${Math.round(limits.maxTotalBytes / (1 << 20))} MB together.`, 413);
    }
  }
  return files;
}

/** Names and content hashes in name order: the files' share of the cache key. */
export function inputFilesDigest(files: readonly CompileInputFile[]): string {
  if (files.length === 0) return '';
  return [...files]
    .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))
    .map((f) => `${f.name}\0${inputFileSha256(f)}`)
    .join('\0');
}
