// The table of font gaps against the installed fonts: every font file text is set in is found the
// way XeTeX finds it (kpathsea, through OSFONTDIR), and fc-query's character set of each says
// exactly which checked characters it lacks. A failure prints the measured table.
import { execFile } from 'node:child_process';
import { basename } from 'node:path';
import { promisify } from 'node:util';
import { beforeAll, describe, expect, it } from 'vitest';
import { KOREAN_FACES } from '../write/cjk-fonts.js';
import { CHECKED_NEUTRALS, FONT_GAPS, fontFiles, fontGaps } from './font-gaps.js';
import { CMU_SANS, SCRIPT_FONTS, SCRIPT_MONO, type FontFace } from './scripts.js';

const run = promisify(execFile);

/** Every face text is set in: each script's serif and typewriter face, the Latin sans, Korean's Nanum. */
const FACES: readonly FontFace[] = [...Object.values(SCRIPT_FONTS), ...Object.values(SCRIPT_MONO), CMU_SANS, ...Object.values(KOREAN_FACES)];
const FILES = [...new Set(FACES.flatMap(fontFiles))].sort();

/** fc-query's character set ("20-7e a0 …", hexadecimal ranges) as code points. */
function codePoints(charset: string): Set<number> {
  const points = new Set<number>();
  for (const range of charset.trim().split(/\s+/)) {
    const [from = NaN, to = from] = range.split('-').map((hex) => parseInt(hex, 16));
    for (let cp = from; cp <= to; cp++) points.add(cp);
  }
  return points;
}

describe('font gaps', () => {
  const charsets = new Map<string, Set<number>>();

  beforeAll(async () => {
    const { stdout: paths } = await run('/usr/bin/kpsewhich', FILES, { timeout: 60_000 }).catch((error: { stdout?: string }) => ({ stdout: error.stdout ?? '' }));
    const found = paths.split('\n').filter(Boolean);
    if (found.length === 0) return;
    const { stdout } = await run('/usr/bin/fc-query', ['--index=0', '--format=%{file}\t%{charset}\n', ...found], { timeout: 60_000, maxBuffer: 16 << 20 });
    for (const line of stdout.split('\n').filter(Boolean)) {
      const [file = '', charset = ''] = line.split('\t');
      charsets.set(basename(file), codePoints(charset));
    }
  }, 120_000);

  it('finds every font file text is set in, as XeTeX does', () => {
    expect(FILES.filter((file) => !charsets.has(file))).toEqual([]);
  });

  it('has exactly the checked characters each font lacks, for exactly those fonts', () => {
    const measured: Record<string, string> = {};
    for (const file of FILES) {
      const points = charsets.get(file);
      if (points) measured[file] = [...CHECKED_NEUTRALS].filter((ch) => !points.has(ch.codePointAt(0) ?? 0)).join('');
    }
    const inTable = (file: string) => [...(FONT_GAPS.get(file) ?? '')].sort((a, b) => CHECKED_NEUTRALS.indexOf(a) - CHECKED_NEUTRALS.indexOf(b)).join('');
    expect(Object.fromEntries([...FONT_GAPS.keys()].sort().map((file) => [file, inTable(file)]))).toEqual(measured);
  });

  it('fonts with Latin letters have every letter and every ASCII sign (text in them needs no \\lgsym for ASCII)', () => {
    const latin = FACES.filter((face) => face.covers.includes('latin'));
    expect(latin.length).toBeGreaterThan(10);
    const ascii = Array.from({ length: 0x7f - 0x21 }, (_, i) => 0x21 + i);
    for (const file of new Set(latin.flatMap(fontFiles))) {
      expect(ascii.filter((cp) => !charsets.get(file)?.has(cp)).map((cp) => String.fromCharCode(cp)).join(''), file).toBe('');
    }
  });

  it('sums up a set of faces: what any cut lacks, and Latin letters only where every face has them', () => {
    const lao = fontGaps([SCRIPT_FONTS.lao, SCRIPT_MONO.lao]);
    expect(lao.lacks.has('.')).toBe(true);
    expect(lao.latinLetters).toBe(false);
    // Noto Serif Devanagari lacks $, FreeSans (its typewriter face) has it.
    expect(fontGaps([SCRIPT_FONTS.devanagari, SCRIPT_MONO.devanagari]).lacks.has('$')).toBe(true);
    expect(fontGaps([SCRIPT_MONO.devanagari]).lacks.has('$')).toBe(false);
    expect(fontGaps([SCRIPT_FONTS.arabic, SCRIPT_MONO.arabic])).toEqual({ lacks: new Set('‣™▸►◦'), latinLetters: true });
    expect(() => fontGaps([{ regular: 'NoSuchFont.ttf', bold: 'NoSuchFont.ttf', covers: [] }])).toThrow(/NoSuchFont\.ttf is not in FONT_GAPS/);
  });
});
