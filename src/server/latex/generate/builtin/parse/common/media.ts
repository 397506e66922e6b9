// Images and figures from the lightweight formats: the image file is not available, so the
// placeholder names it (as the Markdown reader does), with its alternative text and caption.
import type { Block, Inline } from '../../tree.js';

/** A file path or URL as a reader would name it (percent-escapes decoded, as Notion writes them). */
export function displayPath(path: string): string {
  const p = path.trim();
  if (!p.includes('%')) return p;
  try {
    return decodeURIComponent(p);
  } catch {
    return p;
  }
}

export function figureBlock(path: string, alt: string, caption: Inline[]): Block {
  const file = displayPath(path);
  const a = alt.trim();
  const description = a && a !== file ? (file ? `${a} (${file})` : a) : file;
  return { kind: 'figure', description: [{ kind: 'text', value: description || 'image' }], caption };
}

export function imageInline(path: string, alt: string): Inline {
  const file = displayPath(path);
  const a = alt.trim();
  return { kind: 'image', alt: a && a !== file ? (file ? `${a} (${file})` : a) : file };
}
