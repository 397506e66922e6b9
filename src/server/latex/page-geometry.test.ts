// Everything stays on the page: the small notes in tests/fixtures/geometry (long URLs and words,
// code lines, wide and long tables, deep lists, right-to-left and CJK lines, images without files)
// go through the builtin generator and the sandboxed compile service, and the TeX log must show
// no box running more than 10pt into the margin: each note as an article and as slides, and all
// of them in one note in the other document types.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DocumentType } from '../../shared/document-types.js';
import { overfullBoxes } from '../../eval/tex-log.js';
import { createCompileService, type CompileServiceInternals } from './compile/index.js';
import { generate } from './generate/builtin/index.js';
import { listPreambles } from './generate/builtin/write/preambles.js';
import { generatorPreambleReader } from './generator-formats.js';

const FIXTURES = join(import.meta.dirname, '../../../tests/fixtures/geometry');
const NOTES = readdirSync(FIXTURES).filter((f) => f.endsWith('.md')).sort();
const hasTools = ['/usr/bin/xelatex', '/usr/bin/pdflatex', '/usr/bin/bwrap'].every((p) => existsSync(p));
const ALL_IN_ONE = 'all notes';
const OTHER_TYPES: DocumentType[] = ['basic', 'report', 'letter', 'book'];

it('has the TeX tools it needs', () => {
  expect(hasTools, 'TeX Live or bubblewrap is missing: run npm test, which installs them').toBe(true);
});

/** The lines of the log that say which boxes ran over, for the failure message. */
function overfullLines(log: string): string[] {
  return log.split('\n').flatMap((line, i, lines) => (line.startsWith('Overfull') ? [`${line} ${lines[i + 1] ?? ''}`] : []));
}

describe('everything stays on the page', () => {
  let service: CompileServiceInternals;
  const results = new Map<string, { status: string; log: string }>();
  const key = (note: string, type: DocumentType) => `${note} as ${type}`;

  beforeAll(async () => {
    const dataDir = join(tmpdir(), 'latexgen-geometry-test');
    await mkdir(dataDir, { recursive: true });
    const formats = listPreambles().filter((p) => p.documentType === 'article' || p.documentType === 'presentation');
    service = createCompileService({ dataDir, cacheBytes: 0, concurrency: 2, timeoutMs: 120_000, preambles: async () => formats, preambleReader: generatorPreambleReader });
    await service.warmFormats();
    const notes = new Map(NOTES.map((f) => [f, readFileSync(join(FIXTURES, f), 'utf8')]));
    const jobs: Array<[string, DocumentType, string]> = [];
    for (const [file, content] of notes) jobs.push([file, 'article', content], [file, 'presentation', content]);
    const all = [...notes.values()].join('\n\n');
    for (const type of OTHER_TYPES) jobs.push([ALL_IN_ONE, type, all]);
    // Two at a time: the service's queue takes a few compiles, not all of them at once.
    for (let i = 0; i < jobs.length; i += 2) {
      await Promise.all(
        jobs.slice(i, i + 2).map(async ([name, type, content]) => {
          const { latex } = generate({ content, documentType: type });
          const result = await service.compile({ latex });
          results.set(key(name, type), { status: result.status, log: result.log });
        }),
      );
    }
  }, 900_000);

  afterAll(async () => {
    await service?.close();
  });

  const cases: Array<[string, DocumentType]> = [
    ...NOTES.flatMap((f): Array<[string, DocumentType]> => [
      [f, 'article'],
      [f, 'presentation'],
    ]),
    ...OTHER_TYPES.map((t): [string, DocumentType] => [ALL_IN_ONE, t]),
  ];

  it.each(cases)('%s as %s compiles with no box over 10pt too wide', (note, type) => {
    const r = results.get(key(note, type));
    expect(r?.status, r?.log.slice(-2000)).toBe('success');
    const log = r?.log ?? '';
    expect(overfullBoxes(log).count, overfullLines(log).join('\n')).toBe(0);
  });
});
