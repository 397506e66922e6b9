// Preamble and file length of every note in a folder, as its natural document type, printed as a
// Markdown table (docs/eval-baseline.md). With --before ROOT, the generator of another checkout
// (e.g. a worktree of main) is run on the same notes and its figures stand beside this one's.
//
//   npx tsx src/eval/preamble-size.ts [DIR] [--before ROOT]
//
// DIR defaults to tests/fixtures/notes. Lines are counted as a reader of the file counts them;
// the preamble is everything before \begin{document}.
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { listNotes } from './notes.js';
import { naturalType, readManifest } from './note-types.js';
import type { DocumentType } from '../shared/document-types.js';

type Generate = (input: { content: string; documentType: DocumentType }) => { latex: string; texProgram: string };

interface Size {
  program: string;
  preambleLines: number;
  lines: number;
  bytes: number;
}

async function loadGenerator(root: string): Promise<Generate> {
  const url = pathToFileURL(join(resolve(root), 'src/server/latex/generate/builtin/index.ts')).href;
  const mod = (await import(url)) as { generate: Generate };
  return mod.generate;
}

function sizeOf(latex: string, program: string): Size {
  const begin = latex.indexOf('\\begin{document}');
  const lines = (text: string) => text.split('\n').length - (text.endsWith('\n') ? 1 : 0);
  return { program, preambleLines: lines(latex.slice(0, begin)), lines: lines(latex), bytes: Buffer.byteLength(latex) };
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
}

async function main(argv: string[]): Promise<void> {
  const beforeAt = argv.indexOf('--before');
  const beforeRoot = beforeAt >= 0 ? argv[beforeAt + 1] : undefined;
  const dir = argv.find((a, i) => !a.startsWith('--') && (beforeAt < 0 || i !== beforeAt + 1)) ?? 'tests/fixtures/notes';
  const after = await loadGenerator(process.cwd());
  const before = beforeRoot ? await loadGenerator(beforeRoot) : null;
  const manifest = readManifest(dir);
  const rows: Array<{ name: string; type: DocumentType; before: Size | null; after: Size }> = [];
  for (const note of listNotes(dir)) {
    const type = naturalType(note.name, note.content, manifest).type;
    const measure = (generate: Generate) => {
      const r = generate({ content: note.content, documentType: type });
      return sizeOf(r.latex, r.texProgram);
    };
    rows.push({ name: note.name, type, before: before ? measure(before) : null, after: measure(after) });
  }
  const kb = (bytes: number) => (bytes / 1024).toFixed(1);
  const pair = (b: number | undefined, a: number) => (b === undefined ? String(a) : `${b} → ${a}`);
  console.log('| note | type | engine | preamble lines | file lines | file KB |');
  console.log('|------|------|--------|----------------|------------|---------|');
  for (const row of rows) {
    const b = row.before;
    console.log(
      `| ${row.name} | ${row.type} | ${row.after.program} | ${pair(b?.preambleLines, row.after.preambleLines)} | ${pair(b?.lines, row.after.lines)} | ${b ? `${kb(b.bytes)} → ` : ''}${kb(row.after.bytes)} |`,
    );
  }
  const summary = (pick: (s: Size) => number) => {
    const a = rows.map((r) => pick(r.after));
    const b = rows.flatMap((r) => (r.before ? [pick(r.before)] : []));
    return b.length ? `median ${median(b)} → ${median(a)}, max ${Math.max(...b)} → ${Math.max(...a)}` : `median ${median(a)}, max ${Math.max(...a)}`;
  };
  console.log('');
  console.log(`${rows.length} notes. Preamble lines: ${summary((s) => s.preambleLines)}. File lines: ${summary((s) => s.lines)}. Bytes: ${summary((s) => s.bytes)}.`);
}

await main(process.argv.slice(2));
