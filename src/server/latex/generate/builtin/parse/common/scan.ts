// Helpers the lightweight-markup readers (org, reStructuredText, AsciiDoc, Typst) share for
// linear scanning: a memoized "next closing marker" search, character classes for the
// flanking rules of inline markup, and the accumulation of inline nodes.
import type { Inline } from '../../tree.js';

/**
 * The next position at or after `from` where `marker` occurs and `ok` accepts it. The answer is
 * remembered: a later search from a position up to that answer returns it without scanning
 * again, so a line of many openers without a closer costs one pass, not one per opener.
 */
export class MarkerFinder {
  private lastFrom = -1;
  private lastAt = -1;

  constructor(
    private readonly text: string,
    private readonly marker: string,
    private readonly ok: (text: string, at: number) => boolean = () => true,
  ) {}

  next(from: number): number {
    if (this.lastFrom !== -1 && from >= this.lastFrom && (this.lastAt === -1 || from <= this.lastAt)) return this.lastAt;
    let at = this.text.indexOf(this.marker, from);
    while (at !== -1 && !this.ok(this.text, at)) at = this.text.indexOf(this.marker, at + 1);
    this.lastFrom = from;
    this.lastAt = at;
    return at;
  }
}

/** Finders per closing marker, created on first use. */
export class Finders {
  private readonly byKey = new Map<string, MarkerFinder>();

  constructor(private readonly text: string) {}

  get(key: string, marker: string, ok?: (text: string, at: number) => boolean): MarkerFinder {
    let f = this.byKey.get(key);
    if (!f) {
      f = new MarkerFinder(this.text, marker, ok);
      this.byKey.set(key, f);
    }
    return f;
  }
}

export function isSpace(ch: string | undefined): boolean {
  return ch === undefined || ch === ' ' || ch === '\n' || ch === '\t' || ch === '\u00a0';
}

/** Unicode punctuation and symbols (what may stand next to inline markup). */
export function isPunct(ch: string | undefined): boolean {
  return ch !== undefined && /[\p{P}\p{S}]/u.test(ch);
}

export function isWordChar(ch: string | undefined): boolean {
  return ch !== undefined && /[\p{L}\p{N}_]/u.test(ch);
}

/** Accumulates text and inline nodes, merging neighbouring text. */
export class InlineOut {
  readonly nodes: Inline[] = [];
  private buf = '';

  text(s: string): void {
    this.buf += s;
  }

  push(...nodes: Inline[]): void {
    for (const n of nodes) {
      if (n.kind === 'text') {
        this.buf += n.value;
        continue;
      }
      this.flush();
      this.nodes.push(n);
    }
  }

  private flush(): void {
    if (this.buf !== '') this.nodes.push({ kind: 'text', value: this.buf });
    this.buf = '';
  }

  done(): Inline[] {
    this.flush();
    return this.nodes;
  }
}

/** Snippet tags the note did not close are escaped by the tag pass; they are the user's text. */
export function unescapeStrayTags(s: string): string {
  return s.includes('&lt;') ? s.replace(/&lt;(\/?[A-Z]{3,7})&gt;/g, '<$1>') : s;
}

const WORD_CHAR = /[\p{L}\p{N}]/u;

/**
 * Where the word that `text[from - 1]` belongs to ends: inside a word no inline markup starts, so
 * readers copy the rest of it at once. `from` itself when the character before it is no letter or digit.
 */
export function restOfWord(text: string, from: number): number {
  if (from === 0 || !WORD_CHAR.test(text[from - 1] ?? '')) return from;
  let j = from;
  while (j < text.length && WORD_CHAR.test(text[j] ?? '')) j++;
  return j;
}
