// Reading a balanced {…} group out of LaTeX source, skipping escaped characters (isomorphic).

/** The group starting at `open` (the index of `{`): its content and the index after its `}`; null if unbalanced. */
export function braceGroup(text: string, open: number): { content: string; end: number } | null {
  if (text[open] !== '{') return null;
  let depth = 0;
  for (let i = open; i < text.length; i++) {
    const ch = text[i];
    if (ch === '\\') {
      i++;
      continue;
    }
    if (ch === '{') depth++;
    else if (ch === '}') {
      depth--;
      if (depth === 0) return { content: text.slice(open + 1, i), end: i + 1 };
    }
  }
  return null;
}
