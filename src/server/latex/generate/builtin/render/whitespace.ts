// White space that spans a line end, as one space: what /\s*\n\s*/g does, without its rescans
// of every run of spaces that holds no line end.

export function joinLines(s: string): string {
  if (!s.includes('\n')) return s;
  let out = '';
  let from = 0;
  for (let nl = s.indexOf('\n'); nl >= 0; nl = s.indexOf('\n', from)) {
    let start = nl;
    while (start > from && /\s/.test(s[start - 1] as string)) start--;
    let end = nl + 1;
    while (end < s.length && /\s/.test(s[end] as string)) end++;
    out += `${s.slice(from, start)} `;
    from = end;
  }
  return out + s.slice(from);
}
