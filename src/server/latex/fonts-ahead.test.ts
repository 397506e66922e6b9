// A pre-started XeLaTeX process declares, while it waits, the font families a document in another
// script will declare (PreambleSpec.whileWaiting, write/font-slots.ts fontsAhead): a warm compile
// of a Hebrew or Korean document reuses those families instead of examining the fonts again.
// fontspec logs each family it creates; a reused one is not created a second time.
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCompileService } from './compile/index.js';
import { generate } from './generate/builtin/index.js';
import { listPreambles } from './generate/builtin/write/preambles.js';
import { generatorPreambleReader } from './generator-formats.js';

const hasTools = ['/usr/bin/xelatex', '/usr/bin/bwrap'].every((p) => existsSync(p));

it('has the TeX tools it needs', () => {
  expect(hasTools, 'TeX Live or bubblewrap is missing: run npm test, which installs them').toBe(true);
});

const article = listPreambles().find((p) => p.id === 'article-xelatex');

/**
 * How many times the log says fontspec created a main-text family for `font` (the main fonts take
 * Ligatures=TeX; the signs' families, also declared ahead, take none). fontspec wraps its lines.
 */
function created(log: string, font: string): number {
  return log.replace(/\n\(fontspec\)\s+/g, ' ').split(`created for font '${font}' with options [Ligatures=TeX`).length - 1;
}

describe('fonts loaded while a process waits', () => {
  let root: string;
  let service: ReturnType<typeof createCompileService>;

  beforeAll(async () => {
    root = await mkdtemp(join(tmpdir(), 'lg-ahead-'));
    service = createCompileService({ dataDir: join(root, 'data'), timeoutMs: 60_000, concurrency: 1, queueSize: 10, cacheBytes: 0, warmProcesses: 2, preambles: async () => (article ? [article] : []), preambleReader: generatorPreambleReader });
    await service.warmFormats();
  }, 300_000);

  afterAll(async () => {
    await service.close();
    await rm(root, { recursive: true, force: true });
  });

  it.each([
    ['Hebrew', '# עברית\n\nשלום עולם, זהו מסמך קצר.', 'FreeSerif'],
    ['Korean', '# 한국어\n\n안녕하세요 여러분, 짧은 문서입니다.', 'NanumMyeongjo'],
  ])('a warm %s compile reuses the main font family declared ahead', async (_name, note, font) => {
    const { latex, texProgram } = generate({ content: note, documentType: 'article' });
    expect(texProgram).toBe('xelatex');
    expect(latex).toContain(`\\setmainfont{${font}}`);
    // The first compile may find no process waiting yet; a later one does (its log has the Latin
    // families declared ahead, which these documents do not use).
    const logs: string[] = [];
    for (let i = 0; i < 6 && !logs.some((log) => created(log, 'CMU Serif') === 1); i++) {
      const result = await service.compile({ latex: latex.replace('\\end{document}', `% ${i}\n\\end{document}`) });
      expect(result.status, result.log.slice(-800)).toBe('success');
      logs.push(result.log);
      await new Promise((resolve) => setTimeout(resolve, 1_000));
    }
    const warm = logs.at(-1) ?? '';
    expect(created(warm, 'CMU Serif')).toBe(1);
    expect(created(warm, font)).toBe(1);
  }, 120_000);
});
