// Where the notification stack (toasts and the error card) goes: the first corner of the screen
// where it covers no control; else, on the same side, the lowest band free of controls (on a phone
// the space over a text area between two rows of buttons); only when the screen has no free band
// at all, the corner where it covers the least. Checked again whenever what is under it may have
// changed (scrolling, resizing, new content), so a notification never sits on the button a person
// needs next.

export interface Rect {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

export type Corner = 'bottom-right' | 'top-right' | 'bottom-left' | 'top-left';

export interface Placement {
  corner: Corner;
  rect: Rect;
}

/** Wide screens try the corners in this order; narrow ones only have the bottom and the top. */
const WIDE: readonly Corner[] = ['bottom-right', 'top-right', 'bottom-left', 'top-left'];
const NARROW: readonly Corner[] = ['bottom-right', 'top-right'];

export const NARROW_MAX_WIDTH = 640;
export const EDGE_GAP = 16;

function overlap(a: Rect, b: Rect): number {
  const w = Math.min(a.right, b.right) - Math.max(a.left, b.left);
  const h = Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top);
  return w > 0 && h > 0 ? w * h : 0;
}

export function cornerRect(corner: Corner, size: { width: number; height: number }, viewport: { width: number; height: number; top: number }): Rect {
  const right = corner.endsWith('right');
  const bottom = corner.startsWith('bottom');
  const left = right ? viewport.width - EDGE_GAP - size.width : EDGE_GAP;
  const top = bottom ? viewport.height - EDGE_GAP - size.height : viewport.top + EDGE_GAP;
  return { left, top, right: left + size.width, bottom: top + size.height };
}

/** Space kept between the stack and a control it slides next to. */
const CLEARANCE = 4;

/** The lowest top edge on the column [left, right) where `height` fits between `minTop` and `maxBottom` without obstacles. */
function lowestFreeTop(left: number, right: number, height: number, minTop: number, maxBottom: number, obstacles: readonly Rect[]): number | null {
  const blocking = obstacles.filter((o) => o.right > left && o.left < right).sort((a, b) => b.bottom - a.bottom);
  let bottom = maxBottom;
  for (;;) {
    const top = bottom - height;
    if (top < minTop) return null;
    const hit = blocking.find((o) => o.bottom + CLEARANCE > top && o.top - CLEARANCE < bottom);
    if (!hit) return top;
    bottom = hit.top - CLEARANCE;
  }
}

/** The best place for a stack of `size`, below a header ending at `viewport.top`, avoiding `obstacles`. */
export function chooseCorner(size: { width: number; height: number }, viewport: { width: number; height: number; top: number }, obstacles: readonly Rect[]): Placement {
  const corners = viewport.width < NARROW_MAX_WIDTH ? NARROW : WIDE;
  const costOf = (rect: Rect) => obstacles.reduce((sum, o) => sum + overlap(rect, o), 0);
  for (const corner of corners) {
    const rect = cornerRect(corner, size, viewport);
    if (costOf(rect) === 0) return { corner, rect };
  }
  // No free corner: slide along each side to the lowest free band.
  for (const corner of corners.filter((c) => c.startsWith('bottom'))) {
    const at = cornerRect(corner, size, viewport);
    const top = lowestFreeTop(at.left, at.right, size.height, viewport.top + EDGE_GAP, viewport.height - EDGE_GAP, obstacles);
    if (top !== null) return { corner, rect: { left: at.left, top, right: at.right, bottom: top + size.height } };
  }
  let best: Placement = { corner: corners[0]!, rect: cornerRect(corners[0]!, size, viewport) };
  let bestCost = Infinity;
  for (const corner of corners) {
    const rect = cornerRect(corner, size, viewport);
    const cost = costOf(rect);
    if (cost < bestCost) {
      bestCost = cost;
      best = { corner, rect };
    }
  }
  return best;
}

/**
 * What a notification must not cover: buttons, links, choices, tabs, file pickers' labels, marked
 * badges, and the notes a person is writing (a text area: on a phone the notes fill the screen).
 */
export const CONTROL_SELECTOR =
  'button, a[href], select, input[type="checkbox"], input[type="radio"], [role="button"], [role="tab"], input[type="file"] + label, textarea, [data-keep-uncovered]';
