// The log parser's indexOf matchers against the regular expressions they stand for, on random
// messages built from the phrases those expressions look for, and on the logs that made the
// expressions (and the source lookups) quadratic.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { mismatchedEnd, missingFile, paragraphEnded, parseLog, unicodeCharacter } from './log-parser.js';

const message = (phrases: string[]) =>
  fc.array(fc.constantFrom(...phrases, 'a', 'b.sty', ' ', '\n', "'", '}', '{', '(', ')', '7'), { maxLength: 40 }).map((p) => p.join(''));

const same = (matcher: (m: string) => ReadonlyArray<string | undefined> | null, regex: RegExp, phrases: string[]) =>
  fc.assert(
    fc.property(message(phrases), (m) => {
      const expected = regex.exec(m);
      expect(matcher(m)?.slice() ?? null).toEqual(expected ? [...expected] : null);
    }),
    { numRuns: 4000 },
  );

describe('log matchers match their regular expressions', () => {
  it('missing file', () => {
    same(missingFile, /File `([^']+)' not found|cannot find image file (\S+)/, ['File `', "' not found", 'cannot find image file ']);
  });
  it('unicode character', () => {
    same(unicodeCharacter, /Unicode character (.+?) \(U\+([0-9A-Fa-f]+)\)/, ['Unicode character ', ' (U+', 'F', '2603', 'x']);
  });
  it('paragraph ended', () => {
    same(paragraphEnded, /Paragraph ended before .* was complete/, ['Paragraph ended before ', ' was complete', '\\x']);
  });
  it('mismatched \\end', () => {
    same(mismatchedEnd, /\\begin\{([^}]*)\} on input line (\d+) ended by \\end\{([^}]*)\}/, ['\\begin{', '} on input line ', ' ended by \\end{', 'itemize', '12']);
  });
});

describe('parseLog stays linear', () => {
  it('reads a log of thousands of repeated errors against a long source', () => {
    // Each repeated error used to split and search the whole source again (a minute for this log).
    const source = `${'filler line\n'.repeat(100_000)}\\usepackage{abc}\n`;
    const log = "! LaTeX Error: File `abc.sty' not found.\n".repeat(4000) + 'Runaway argument?\n{zzz\n! Paragraph ended before \\x was complete.\n'.repeat(4000);
    const errors = parseLog(log, source);
    expect(errors[0]).toMatchObject({ line: 100_001, message: "LaTeX Error: File `abc.sty' not found." });
    expect(errors).toHaveLength(2);
  });

  it('matches long messages with many openings and no ending', () => {
    const long = 'Unicode character '.repeat(20_000) + 'Paragraph ended before '.repeat(20_000) + '\\begin{'.repeat(20_000) + 'File `'.repeat(20_000);
    expect(unicodeCharacter(long)).toBeNull();
    expect(paragraphEnded(long)).toBeNull();
    expect(mismatchedEnd(long)).toBeNull();
    expect(missingFile(long)).toBeNull();
  });
});
