// Keeps the notification stack in a corner where it covers no control (see lib/overlay-corner.ts):
// measured when notifications change, on scroll and resize, and twice a second while any shows
// (content under it changes without events: a compile finishing, a tab switching).
import { useEffect, useState, type RefObject } from 'react';
import { chooseCorner, CONTROL_SELECTOR, type Placement, type Rect } from '../../lib/overlay-corner';

const RECHECK_MS = 500;

function obstacles(stack: HTMLElement, headerBottom: number): Rect[] {
  const out: Rect[] = [];
  for (const el of document.querySelectorAll<HTMLElement>(CONTROL_SELECTOR)) {
    if (stack.contains(el)) continue;
    const r = el.getBoundingClientRect();
    if (r.width === 0 || r.height === 0 || r.bottom <= 0 || r.top >= window.innerHeight) continue;
    // Page content scrolled under the sticky header is hidden by it anyway.
    if (r.bottom <= headerBottom && !el.closest('header')) continue;
    out.push({ left: r.left, top: r.top, right: r.right, bottom: r.bottom });
  }
  return out;
}

export function useFreeCorner(stackRef: RefObject<HTMLElement | null>, active: boolean, changeKey: unknown): Placement | null {
  const [placement, setPlacement] = useState<Placement | null>(null);

  useEffect(() => {
    const stack = stackRef.current;
    if (!active || !stack) return;
    let frame = 0;
    const measure = () => {
      frame = 0;
      const size = { width: stack.offsetWidth, height: stack.offsetHeight };
      if (!size.width || !size.height) return;
      const headerBottom = Math.max(0, document.querySelector('header')?.getBoundingClientRect().bottom ?? 0);
      const next = chooseCorner(size, { width: window.innerWidth, height: window.innerHeight, top: headerBottom }, obstacles(stack, headerBottom));
      setPlacement((prev) => (prev && prev.corner === next.corner && prev.rect.top === next.rect.top && prev.rect.left === next.rect.left ? prev : next));
    };
    const schedule = () => {
      if (!frame) frame = requestAnimationFrame(measure);
    };
    measure();
    const timer = setInterval(schedule, RECHECK_MS);
    window.addEventListener('scroll', schedule, { passive: true, capture: true });
    window.addEventListener('resize', schedule);
    const resize = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(schedule);
    resize?.observe(stack);
    return () => {
      clearInterval(timer);
      if (frame) cancelAnimationFrame(frame);
      window.removeEventListener('scroll', schedule, { capture: true });
      window.removeEventListener('resize', schedule);
      resize?.disconnect();
    };
  }, [stackRef, active, changeKey]);

  return active ? placement : null;
}
