// Golden outlines: reading them, the generator's outline of a note, and the comparison.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { DocumentType } from '../../shared/document-types.js';
import { compareOutlines, type OutlineDiff } from './compare.js';
import { parseOutline } from './format.js';
import { treeOutline } from './from-tree.js';

export { compareOutlines, type OutlineDiff } from './compare.js';
export { formatOutline, parseOutline, type Outline, type OutlineItem } from './format.js';
export { treeOutline } from './from-tree.js';

/** The golden outline file of a note (NOTE.outline beside it, or in `dir`), if there is one. */
export function outlinePath(noteDir: string, noteName: string, dir?: string): string | null {
  const path = join(dir ?? noteDir, `${noteName}.outline`);
  return existsSync(path) ? path : null;
}

/** The note's outline accuracy in a document type, or null without a golden outline. */
export function outlineAccuracy(content: string, type: DocumentType, goldenPath: string | null): OutlineDiff | null {
  if (!goldenPath) return null;
  const gold = parseOutline(readFileSync(goldenPath, 'utf8'));
  return compareOutlines(gold, treeOutline(content, type));
}
