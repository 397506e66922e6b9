// The notification stack's corner: the first free one, else the least covering one.
import { describe, expect, it } from 'vitest';
import { chooseCorner, cornerRect, EDGE_GAP } from './overlay-corner';

const wide = { width: 1280, height: 800, top: 56 };
const size = { width: 380, height: 90 };

describe('chooseCorner', () => {
  it('takes the bottom right when nothing is there', () => {
    expect(chooseCorner(size, wide, []).corner).toBe('bottom-right');
    expect(cornerRect('bottom-right', size, wide)).toEqual({ left: 1280 - EDGE_GAP - 380, top: 800 - EDGE_GAP - 90, right: 1280 - EDGE_GAP, bottom: 800 - EDGE_GAP });
  });

  it('moves away from a button under the preferred corner, below the header at the top', () => {
    const button = { left: 1100, top: 720, right: 1200, bottom: 750 };
    const p = chooseCorner(size, wide, [button]);
    expect(p.corner).toBe('top-right');
    expect(p.rect.top).toBe(56 + EDGE_GAP);
  });

  it('on a phone uses the bottom or the top, else the lowest free band between controls', () => {
    const phone = { width: 360, height: 740, top: 56 };
    const phoneSize = { width: 328, height: 100 };
    const bottomButton = { left: 20, top: 650, right: 200, bottom: 700 };
    expect(chooseCorner(phoneSize, phone, [bottomButton]).corner).toBe('top-right');
    const topSelect = { left: 0, top: 60, right: 360, bottom: 180 };
    const p = chooseCorner(phoneSize, phone, [bottomButton, topSelect]);
    expect(p.rect.bottom).toBeLessThanOrEqual(650 - 4);
    expect(p.rect.top).toBeGreaterThanOrEqual(180 + 4);
  });

  it('covers the least when no band is free', () => {
    const phone = { width: 360, height: 300, top: 56 };
    const rows = [
      { left: 0, top: 60, right: 360, bottom: 150 },
      { left: 0, top: 160, right: 360, bottom: 290 },
    ];
    expect(chooseCorner({ width: 328, height: 100 }, phone, rows).corner).toBe('top-right');
  });
});
