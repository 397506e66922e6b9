// Each linear scan against the regular expression it stands for, on random strings made of the
// characters those expressions care about, and on the inputs that made the expressions quadratic.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { blankCommands, commandArgumentOpen, dropClosingHashes, unlink } from './text-scan.js';

const pieces = ['[', ']', '(', ')', '\\', '\\title', '\\section', 'a', 'b', '@', '*', ' ', '\n', '{', '}', '#', 'x'];
const text = fc.array(fc.constantFrom(...pieces), { maxLength: 60 }).map((p) => p.join(''));

function regexOpen(src: string, re: RegExp): number {
  const m = re.exec(src);
  return m ? m.index + m[0].length - 1 : -1;
}

describe('linear scans match their regular expressions', () => {
  it('unlink', () => {
    fc.assert(fc.property(text, (s) => {
      expect(unlink(s)).toBe(s.replace(/\[([^\]]*)\]\([^)]*\)/g, '$1'));
    }), { numRuns: 3000 });
  });

  it('dropClosingHashes', () => {
    const spaced = text.map((s) => s.replace(/\s+/g, ' '));
    fc.assert(fc.property(spaced, (s) => {
      expect(dropClosingHashes(s)).toBe(s.replace(/\s*#+\s*$/, ''));
    }), { numRuns: 3000 });
  });

  it('blankCommands', () => {
    fc.assert(fc.property(text, (s) => {
      expect(blankCommands(s)).toBe(s.replace(/\\[a-zA-Z@]+\*?(\[[^\]]*\])?/g, ' '));
    }), { numRuns: 3000 });
  });

  it('commandArgumentOpen', () => {
    fc.assert(
      fc.property(text, (s) => {
        expect(commandArgumentOpen(s, ['title'], false)).toBe(regexOpen(s, /\\title\s*(?:\[[^\]]*\])?\s*\{/));
        expect(commandArgumentOpen(s, ['chapter', 'section'], true)).toBe(regexOpen(s, /\\(?:chapter|section)\*?\s*(?:\[[^\]]*\])?\s*\{/));
      }),
      { numRuns: 3000 },
    );
  });

  it('stays linear on the inputs that made the expressions quadratic', () => {
    // Each would take seconds to minutes with the expressions; here they take milliseconds.
    const n = 200_000;
    expect(commandArgumentOpen('\\title['.repeat(n / 7), ['title'], false)).toBe(-1);
    expect(blankCommands('\\a['.repeat(n / 3))).toBe(' ['.repeat(n / 3));
    expect(unlink('['.repeat(n))).toBe('['.repeat(n));
    expect(unlink('[]('.repeat(n / 3))).toBe('[]('.repeat(n / 3));
    expect(dropClosingHashes('# '.repeat(n / 2) + 'x')).toBe('# '.repeat(n / 2) + 'x');
  });
});
