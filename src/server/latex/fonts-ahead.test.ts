// A pre-started XeLaTeX process loads, while it waits, the fonts a document in another script will
// set first (PreambleSpec.whileWaiting, write/preambles.ts): the Hebrew and Korean body fonts a
// warm compile uses are those very fonts, not copies loaded again. TeX reuses a font asked for
// under the same name and size, and \ifx tells whether two font commands select the same one.
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCompileService } from './compile/index.js';
import { generate } from './generate/builtin/index.js';
import { listPreambles } from './generate/builtin/write/preambles.js';

const hasTools = ['/usr/bin/xelatex', '/usr/bin/bwrap'].every((p) => existsSync(p));

it('has the TeX tools it needs', () => {
  expect(hasTools, 'TeX Live or bubblewrap is missing: run npm test, which installs them').toBe(true);
});

const article = listPreambles().find((p) => p.id === 'article-xelatex');

/** The command the while-waiting TeX loads `font` (as the preamble names it, with its size) under. */
function aheadName(font: string): string {
  const at = article?.whileWaiting?.indexOf(`=${font}`) ?? -1;
  const name = article?.whileWaiting?.slice(0, at).match(/\\font\\(\w+)$/)?.[1];
  if (!name) throw new Error(`${font} is not loaded ahead`);
  return name;
}

/** A log line saying whether the body font is the one loaded ahead. */
function probe(nfssName: string, ahead: string): string {
  return `\\expandafter\\ifx\\csname ${nfssName}\\endcsname\\${ahead}\\typeout{lg-probe: same font}\\else\\typeout{lg-probe: another font}\\fi`;
}

describe('fonts loaded while a process waits', () => {
  let root: string;
  let service: ReturnType<typeof createCompileService>;

  beforeAll(async () => {
    root = await mkdtemp(join(tmpdir(), 'lg-ahead-'));
    service = createCompileService({ dataDir: join(root, 'data'), timeoutMs: 60_000, concurrency: 1, queueSize: 10, cacheBytes: 0, warmProcesses: 2, preambles: async () => (article ? [article] : []) });
    await service.warmFormats();
  }, 300_000);

  afterAll(async () => {
    await service.close();
    await rm(root, { recursive: true, force: true });
  });

  it.each([
    ['Hebrew', '# עברית\n\nשלום עולם, זהו מסמך קצר.', 'TU/lgHebr/m/n/10.95', '"[FreeSerif.otf]:script=hebr;mapping=tex-text" at 10.95pt'],
    ['Korean', '# 한국어\n\n안녕하세요 여러분, 짧은 문서입니다.', 'TU/lgKore/m/n/10.95', '"[NanumMyeongjo.ttf]:mapping=tex-text" at 10.95pt'],
  ])('a warm %s compile sets its body in the font loaded ahead', async (_name, note, nfssName, font) => {
    const { latex, texProgram } = generate({ content: note, documentType: 'article' });
    expect(texProgram).toBe('xelatex');
    const withProbe = (i: number) => latex.replace('\\end{document}', `${probe(nfssName, aheadName(font))}% ${i}\n\\end{document}`);
    // The first compile may find no process waiting yet; a later one does.
    const logs: string[] = [];
    for (let i = 0; i < 6 && !logs.some((log) => log.includes('lg-probe: same font')); i++) {
      const result = await service.compile({ latex: withProbe(i) });
      expect(result.status, result.log.slice(-800)).toBe('success');
      logs.push(result.log);
      await new Promise((resolve) => setTimeout(resolve, 1_000));
    }
    expect(logs.at(-1)).toContain('lg-probe: same font');
  }, 120_000);
});
