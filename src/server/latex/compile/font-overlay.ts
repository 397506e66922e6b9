// The font overlay: copies of the large CJK fonts without glyph names (glyph-names.ts), in a
// directory the compile sandbox mounts read-only and kpathsea searches before the system's fonts
// (sandbox.ts). A document still names `uming.ttc`; TeX and the PDF driver open the copy. The
// glyphs, metrics and character maps are the same bytes, so the pages and the PDF's text are the
// same; xdvipdfmx just no longer parses 12 000–50 000 names per font it embeds (≈ 4–7 ms a CJK
// compile, bench/scripts.ts). Fonts whose glyphs a document reaches through substitutions
// (Arabic, Indic) keep their names: the driver builds their ToUnicode entries from them.
import { execFile } from 'node:child_process';
import { chmod, mkdir, readFile, writeFile } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { promisify } from 'node:util';
import { withoutGlyphNames } from './glyph-names.js';
import { texEnvironment, type FontOverlay } from './sandbox.js';

const run = promisify(execFile);

/**
 * The CJK fonts the generator sets text in (generate/builtin/write/cjk-fonts.ts) whose `post`
 * table names every glyph; every glyph their text uses comes from the character map.
 */
export const NAMELESS_FONTS = ['uming.ttc', 'wqy-microhei.ttc', 'ipaexm.ttf', 'ipaexg.ttf', 'NanumMyeongjo.ttf', 'NanumMyeongjoBold.ttf'];

// kpathsea reads these in OSFONTDIR's value (brace expansion, path separators, variables).
const KPATHSEA_SPECIAL = /[,{};:$!~\s]/;

async function kpsewhich(binDir: string, args: string[]): Promise<string> {
  // It exits 1 when any name is not found, still printing the paths of those it found.
  const { stdout } = await run(join(binDir, 'kpsewhich'), args, { env: texEnvironment('/nonexistent'), timeout: 30_000 }).catch((err: { stdout?: string }) => ({ stdout: err.stdout ?? '' }));
  return stdout.trim();
}

/**
 * Makes the overlay in `dir` (a directory of the service's own work directory, which the sandbox
 * user can reach: bwrap resolves a mount's source as that user) and returns it, or null when
 * there is nothing to overlay: none of the fonts is installed, or kpathsea would misread the
 * directory's name. Made afresh at each start (≈ 0.1 s, 47 MB), so a font package upgrade can
 * never leave a stale copy standing in for the real font.
 */
export async function prepareFontOverlay(dir: string, binDir: string, fonts: readonly string[] = NAMELESS_FONTS): Promise<FontOverlay | null> {
  if (KPATHSEA_SPECIAL.test(dir)) return null;
  const systemDirs = await kpsewhich(binDir, ['-var-value=OSFONTDIR']);
  await mkdir(dir, { recursive: true, mode: 0o755 });
  await chmod(dir, 0o755);
  // One lookup for all: kpsewhich prints the path of each font it finds, and nothing for the others.
  const found = new Map((await kpsewhich(binDir, [...fonts])).split('\n').map((path) => [basename(path), path] as const));
  let copies = 0;
  for (const name of fonts) {
    const path = found.get(name);
    if (!path) continue;
    const slim = withoutGlyphNames(await readFile(path));
    if (!slim) continue;
    await writeFile(join(dir, name), slim, { mode: 0o644 });
    copies++;
  }
  return copies > 0 ? { dir, systemDirs } : null;
}
