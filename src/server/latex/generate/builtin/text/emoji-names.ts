// CLDR names of emoji ("thumbs up"), printed in brackets where no installed font has the emoji's
// glyph, so that an emoji is never silently dropped. The table (unicode-emoji-json, 390 KB) is
// read on the first emoji a note contains, not at start-up.
import { createRequire } from 'node:module';

let names: Map<string, string> | null = null;

function table(): Map<string, string> {
  if (names) return names;
  const require = createRequire(import.meta.url);
  const data = require('unicode-emoji-json/data-by-emoji.json') as Record<string, { name: string }>;
  names = new Map();
  for (const [emoji, info] of Object.entries(data)) {
    // Keyed by the first code point: notes often drop the variation selector (U+FE0F).
    const cp = emoji.codePointAt(0) ?? 0;
    if (cp >= 0x1f1e6 && cp <= 0x1f1ff) continue;
    const first = String.fromCodePoint(cp);
    if (!names.has(first) || [...emoji].length === 1) names.set(first, info.name);
  }
  return names;
}

/** The emoji's name, or its code point (U+1F600) when the table does not know it. */
export function emojiName(ch: string): string {
  const cp = ch.codePointAt(0) ?? 0;
  // Flags are pairs of these letters.
  if (cp >= 0x1f1e6 && cp <= 0x1f1ff) return String.fromCharCode(65 + cp - 0x1f1e6);
  return table().get(String.fromCodePoint(cp)) ?? `U+${cp.toString(16).toUpperCase().padStart(4, '0')}`;
}
