// Between SyncTeX's points and the viewer's page boxes: every page box carries its number
// (data-page-number) and its scale (--scale-factor, CSS pixels per PDF point), whatever draws it.
import type { PdfSpot } from '../../lib/synctex';

function pageBox(frame: HTMLElement, page: number): HTMLElement | null {
  return frame.querySelector<HTMLElement>(`[data-page-number="${page}"]`);
}

function scaleOf(box: HTMLElement): number {
  const value = Number.parseFloat(box.style.getPropertyValue('--scale-factor'));
  return Number.isFinite(value) && value > 0 ? value : 1;
}

export const FLASH_MS = 2_000;

/** Scrolls the frame so the spot is in the middle, and flashes a box over it. */
export function showSpot(frame: HTMLElement, spot: PdfSpot): boolean {
  const box = pageBox(frame, spot.page);
  if (!box) return false;
  const scale = scaleOf(box);
  const boxTop = box.getBoundingClientRect().top - frame.getBoundingClientRect().top + frame.scrollTop;
  const boxLeft = box.getBoundingClientRect().left - frame.getBoundingClientRect().left + frame.scrollLeft;
  frame.scrollTop = Math.max(0, boxTop + spot.y * scale - frame.clientHeight / 2);
  frame.scrollLeft = Math.max(0, boxLeft + spot.x * scale - frame.clientWidth / 3);
  for (const old of frame.querySelectorAll('.pdf-flash')) old.remove();
  const flash = document.createElement('div');
  flash.className = 'pdf-flash';
  flash.setAttribute('data-testid', 'pdf-flash');
  flash.style.left = `${spot.x * scale - 3}px`;
  flash.style.top = `${spot.y * scale - 3}px`;
  flash.style.width = `${spot.width * scale + 6}px`;
  flash.style.height = `${spot.height * scale + 6}px`;
  box.append(flash);
  setTimeout(() => flash.remove(), FLASH_MS);
  return true;
}

/** The page and PDF point under a pointer event inside the frame, or null outside any page. */
export function spotAt(target: EventTarget | null, clientX: number, clientY: number): { page: number; x: number; y: number } | null {
  const box = target instanceof Element ? target.closest<HTMLElement>('[data-page-number]') : null;
  if (!box) return null;
  const rect = box.getBoundingClientRect();
  const scale = scaleOf(box);
  return { page: Number(box.dataset.pageNumber), x: (clientX - rect.left) / scale, y: (clientY - rect.top) / scale };
}
