// Lines a person means as headings: ALL-CAPS lines, numbered headings (1. / 1.1), and short
// unpunctuated lines standing alone before a block.

const FINAL_PUNCT = /[.,;:!?。，；：！？]$/;

export function isAllCaps(text: string): boolean {
  if (text.length > 80) return false;
  const letters = text.match(/\p{L}/gu) ?? [];
  return letters.length >= 3 && !/\p{Ll}/u.test(text) && /\p{Lu}/u.test(text) && !text.endsWith('.');
}

/** The depth of a numbered heading ("1.2 Method" is 2), or 0. */
export function numberedDepth(text: string): number {
  const m = /^(\d{1,2}(?:\.\d{1,2})*)\.?[ \t]+(\p{Lu}.*)$/u.exec(text);
  if (!m || text.length > 80 || FINAL_PUNCT.test(text)) return 0;
  return (m[1] ?? '').split('.').length;
}

export function isShortHeading(text: string): boolean {
  if (text.length > 60) return false;
  const words = text.split(/\s+/).filter(Boolean);
  return words.length <= 9 && !FINAL_PUNCT.test(text) && /^[\p{Lu}\p{N}\p{Lo}]/u.test(text) && !/^https?:/.test(text);
}
