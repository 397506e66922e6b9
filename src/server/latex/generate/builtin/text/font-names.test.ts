// Every font the documents name by family is that family to fontconfig: `fc-match FAMILY` finds
// the very file the font tables (scripts.ts) list, so naming by family sets the same glyphs.
import { execFileSync } from 'node:child_process';
import { basename } from 'node:path';
import { describe, expect, it } from 'vitest';
import { isOtherScript } from './other-scripts.js';
import { familyOfFile, fontspecFace } from './font-names.js';
import { CMU_MONO, CMU_SANS, EMOJI_FONTS, SCRIPT_FONTS, SCRIPT_MONO, SYMBOL_FONTS } from './scripts.js';

const faces = [CMU_SANS, CMU_MONO, ...Object.values(SCRIPT_FONTS), ...Object.values(SCRIPT_MONO), ...SYMBOL_FONTS];
const files = [...new Set([...faces.map((f) => f.regular), ...EMOJI_FONTS])];

describe('fonts by family name', () => {
  it.each(files.map((file) => [file, familyOfFile(file)] as const))('%s is the family %s', (file, family) => {
    // The scripts of other-scripts.ts are all Noto families: each must resolve as well.
    expect(family, `${file} has no family name: add it to font-names.ts`).not.toBeNull();
    const found = execFileSync('fc-match', ['-f', '%{file}', `${family}:style=Regular`], { encoding: 'utf8' });
    expect(basename(found)).toBe(file);
  });

  it('names a face by its family, with no file name', () => {
    expect(fontspecFace(SCRIPT_FONTS.latin)).toBe('{CMU Serif}');
    expect(fontspecFace(SCRIPT_FONTS.arabic)).toBe('{Amiri}[Script=Arabic]');
    expect(Object.keys(SCRIPT_FONTS).filter((s) => isOtherScript(s as never)).length).toBeGreaterThan(0);
  });
});
