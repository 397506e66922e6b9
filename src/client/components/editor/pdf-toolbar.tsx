// The viewer's controls: Zoom out, the zoom level, Zoom in, Fit width, Previous page, "Page N of M",
// Next page. Each button's tooltip names its key; the keys work while focus is in the preview.
import { ChevronLeft, ChevronRight, Maximize2, ZoomIn, ZoomOut } from 'lucide-react';
import type { KeyboardEvent } from 'react';
import { Button } from '../ui/button';

export const ZOOM_STEPS = [0.5, 0.67, 0.8, 1, 1.25, 1.5, 2, 3] as const;

export type Zoom = number | 'fit-width';

/** The next zoom step up or down from a scale (the fit-width scale when fitting). */
export function stepZoom(current: number, direction: 1 | -1): number {
  if (direction > 0) return ZOOM_STEPS.find((z) => z > current + 0.001) ?? ZOOM_STEPS.at(-1)!;
  return [...ZOOM_STEPS].reverse().find((z) => z < current - 0.001) ?? ZOOM_STEPS[0];
}

export interface PdfToolbarProps {
  zoom: Zoom;
  /** The scale the pages have now (what fit-width came to). */
  resolvedScale: number;
  onZoom: (zoom: Zoom) => void;
  page: number;
  numPages: number;
  onPage: (page: number) => void;
}

/** Keys of the preview: + and − zoom, 0 fits the width, Page Up/Down (or p/n) and Home/End turn pages. */
export function handleViewerKey(e: KeyboardEvent, p: PdfToolbarProps): void {
  if (e.ctrlKey || e.metaKey || e.altKey) return;
  const go = (page: number) => p.onPage(Math.min(Math.max(1, page), Math.max(1, p.numPages)));
  const actions: Record<string, () => void> = {
    '+': () => p.onZoom(stepZoom(p.resolvedScale, 1)),
    '=': () => p.onZoom(stepZoom(p.resolvedScale, 1)),
    '-': () => p.onZoom(stepZoom(p.resolvedScale, -1)),
    '0': () => p.onZoom('fit-width'),
    PageDown: () => go(p.page + 1),
    n: () => go(p.page + 1),
    PageUp: () => go(p.page - 1),
    p: () => go(p.page - 1),
    Home: () => go(1),
    End: () => go(p.numPages),
  };
  const action = actions[e.key];
  if (!action) return;
  e.preventDefault();
  action();
}

export function PdfToolbar(p: PdfToolbarProps) {
  const percent = `${Math.round(p.resolvedScale * 100)}%`;
  return (
    <div role="toolbar" aria-label="PDF viewer" className="flex flex-wrap items-center gap-1 rounded-lg border border-slate-200 bg-white p-1" data-testid="pdf-toolbar">
      <Button variant="ghost" size="icon" aria-label="Zoom out" title="Zoom out (−)" aria-keyshortcuts="-" onClick={() => p.onZoom(stepZoom(p.resolvedScale, -1))} disabled={p.resolvedScale <= ZOOM_STEPS[0] + 0.001}>
        <ZoomOut className="h-4 w-4" aria-hidden="true" />
      </Button>
      <span className="min-w-[3.25rem] text-center text-sm text-slate-800 tabular-nums" aria-live="polite" data-testid="pdf-zoom">
        {percent}
      </span>
      <Button variant="ghost" size="icon" aria-label="Zoom in" title="Zoom in (+)" aria-keyshortcuts="+" onClick={() => p.onZoom(stepZoom(p.resolvedScale, 1))} disabled={p.resolvedScale >= ZOOM_STEPS.at(-1)! - 0.001}>
        <ZoomIn className="h-4 w-4" aria-hidden="true" />
      </Button>
      <Button variant={p.zoom === 'fit-width' ? 'secondary' : 'ghost'} size="sm" aria-pressed={p.zoom === 'fit-width'} title="Fit width (0)" aria-keyshortcuts="0" onClick={() => p.onZoom('fit-width')}>
        <Maximize2 className="h-4 w-4" aria-hidden="true" />
        Fit width
      </Button>
      <div className="ml-auto flex items-center gap-1">
        <Button variant="ghost" size="icon" aria-label="Previous page" title="Previous page (Page Up)" aria-keyshortcuts="PageUp" onClick={() => p.onPage(p.page - 1)} disabled={p.page <= 1}>
          <ChevronLeft className="h-4 w-4" aria-hidden="true" />
        </Button>
        <span className="text-sm text-slate-800 tabular-nums" aria-live="polite" data-testid="pdf-page-count">
          Page {p.page} of {p.numPages}
        </span>
        <Button variant="ghost" size="icon" aria-label="Next page" title="Next page (Page Down)" aria-keyshortcuts="PageDown" onClick={() => p.onPage(p.page + 1)} disabled={p.page >= p.numPages}>
          <ChevronRight className="h-4 w-4" aria-hidden="true" />
        </Button>
      </div>
    </div>
  );
}
