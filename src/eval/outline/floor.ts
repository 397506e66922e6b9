// Outline accuracy of the repository's notes against their golden outlines, and the floor the
// golden test holds them to. `npx tsx src/eval/outline/floor.ts` prints every note's accuracy and
// what differs; `--write` records today's figures as the new floor (after an improvement).
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { listNotes } from '../notes.js';
import { naturalType, readManifest } from '../note-types.js';
import { compareOutlines } from './compare.js';
import { parseOutline } from './format.js';
import { treeOutline } from './from-tree.js';
import type { DocumentType } from '../../shared/document-types.js';

const ROOT = resolve(fileURLToPath(import.meta.url), '../../../..');
export const FOLDERS = ['tests/fixtures/notes', 'tests/fixtures/typed'];
export const FLOOR_FILE = join(ROOT, 'tests/fixtures/outline-floor.json');

export interface GoldenNote {
  key: string;
  content: string;
  type: DocumentType;
  outline: string;
}

export function goldenNotes(): GoldenNote[] {
  const out: GoldenNote[] = [];
  for (const folder of FOLDERS) {
    const dir = join(ROOT, folder);
    if (!existsSync(dir)) continue;
    const manifest = readManifest(dir);
    const outlines = new Set(readdirSync(dir).filter((f) => f.endsWith('.outline')));
    for (const note of listNotes(dir)) {
      const file = `${note.name}.outline`;
      if (!outlines.has(file)) throw new Error(`${folder}/${note.name} has no golden outline (${file})`);
      out.push({ key: `${folder}/${note.name}`, content: note.content, type: naturalType(note.name, note.content, manifest).type, outline: readFileSync(join(dir, file), 'utf8') });
    }
  }
  return out;
}

export interface NoteScore {
  key: string;
  accuracy: number;
  missing: string[];
  extra: string[];
}

export function scoreNotes(notes: GoldenNote[]): NoteScore[] {
  return notes.map((n) => {
    const diff = compareOutlines(parseOutline(n.outline), treeOutline(n.content, n.type));
    return { key: n.key, accuracy: diff.accuracy, missing: diff.missing, extra: diff.extra };
  });
}

function main(argv: string[]): void {
  const scores = scoreNotes(goldenNotes());
  const verbose = argv.includes('--diff');
  for (const s of scores) {
    console.log(`${s.accuracy.toFixed(3)}  ${s.key}`);
    if (verbose && s.accuracy < 1) console.log(`    missing: ${s.missing.join(' | ')}\n    extra:   ${s.extra.join(' | ')}`);
  }
  for (const folder of FOLDERS) {
    const mine = scores.filter((s) => s.key.startsWith(`${folder}/`));
    if (mine.length) console.log(`${folder}: mean outline accuracy ${(mine.reduce((a, s) => a + s.accuracy, 0) / mine.length).toFixed(3)} over ${mine.length} notes`);
  }
  if (argv.includes('--write')) {
    const floor = Object.fromEntries(scores.map((s) => [s.key, Math.floor(s.accuracy * 1000) / 1000]));
    writeFileSync(FLOOR_FILE, `${JSON.stringify(floor, null, 2)}\n`);
    console.log(`wrote ${FLOOR_FILE}`);
  }
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) main(process.argv.slice(2));
