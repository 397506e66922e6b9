// SyncTeX on real pdflatex output (fixtures/two-pages.tex compiled with -synctex=1, paths as in
// the compile sandbox): the main file is found among the inputs, source lines map to their place
// in the PDF, and points on a page map back to the line that made them.
import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { forwardSearch, gunzipText, parseSyncTex, reverseSearch } from './synctex';

const text = readFileSync(new URL('./fixtures/two-pages.synctex', import.meta.url), 'utf8');
const sync = parseSyncTex(text);
// The fixture's page is US letter: 612 × 792 pt; the text block starts 1 in + 1 in from the corner.

describe('parseSyncTex', () => {
  it('reads both pages and knows main.tex among the class and package files', () => {
    expect(sync.mainTag).toBe(1);
    expect([...sync.pages.keys()]).toEqual([1, 2]);
    expect(sync.records.length).toBeGreaterThan(100);
    // The first box on page 1 is the page body: 1 in from the left edge, in PDF points.
    expect(sync.records[0]!.x).toBeCloseTo(72, 1);
  });
});

describe('forwardSearch', () => {
  it('finds a line on its page, top to bottom in order', () => {
    const intro = forwardSearch(sync, 3)!;
    const para = forwardSearch(sync, 4)!;
    const apple = forwardSearch(sync, 8)!;
    const banana = forwardSearch(sync, 9)!;
    for (const spot of [intro, para, apple, banana]) expect(spot.page).toBe(1);
    expect(intro.y).toBeLessThan(para.y);
    expect(para.y).toBeLessThan(apple.y);
    expect(apple.y).toBeLessThan(banana.y);
    expect(forwardSearch(sync, 12)).toMatchObject({ page: 2 });
  });

  it('a blank line ending a paragraph lands on that paragraph; past the end there is nothing', () => {
    expect(forwardSearch(sync, 5)).toMatchObject({ page: 1, y: forwardSearch(sync, 4)!.y });
    expect(forwardSearch(sync, 500)).toBeNull();
  });
});

describe('reverseSearch', () => {
  it('maps a point inside a line of text back to its source line', () => {
    for (const line of [3, 4, 6, 8, 9]) {
      const spot = forwardSearch(sync, line)!;
      expect(reverseSearch(sync, spot.page, spot.x + spot.width / 2, spot.y + spot.height / 2)).toBe(line);
    }
    const two = forwardSearch(sync, 12)!;
    expect(reverseSearch(sync, 2, two.x + 10, two.y + two.height / 2)).toBe(12);
  });

  it('a point between lines takes the nearest', () => {
    const apple = forwardSearch(sync, 8)!;
    expect(reverseSearch(sync, 1, apple.x + 5, apple.y - 2)).toBe(8);
    expect(reverseSearch(sync, 9, 10, 10)).toBeNull();
  });
});

describe('gunzipText', () => {
  it('reads the gzip the compile service stores', async () => {
    const gz = gzipSync(Buffer.from(text));
    await expect(gunzipText(gz.buffer.slice(gz.byteOffset, gz.byteOffset + gz.byteLength))).resolves.toBe(text);
  });
});
