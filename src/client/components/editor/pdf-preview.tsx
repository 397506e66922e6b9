// The PDF with its controls: the toolbar (zoom, fit width, pages), the viewer, and SyncTeX both
// ways — a double-click on a word reports its source line, and a spot given from the editor
// ("Show in PDF") is scrolled to and flashed once the pages are laid out.
import { lazy, Suspense, useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { reverseSearch, type PdfSpot, type SyncTex } from '../../lib/synctex';
import { Spinner } from '../ui/spinner';
import { handleViewerKey, PdfToolbar, type PdfToolbarProps, type Zoom } from './pdf-toolbar';
import { showSpot, spotAt } from './pdf-spots';
import type { PdfSource, PdfViewerHandle } from './pdf-viewer';

/** The viewer's chunk (pdf.js with it); also loaded early to warm pdf.js's worker. */
export const loadPdfViewer = () => import('./pdf-viewer');
const PdfViewer = lazy(loadPdfViewer);

export interface PdfPreviewProps {
  /** The PDF: its binary URL or base64 bytes. */
  source: PdfSource;
  title: string;
  onRegenerate: () => void;
  zoom: Zoom;
  onZoom: (zoom: Zoom) => void;
  sync: SyncTex | null;
  /** A place to show (from "Show in PDF"); cleared through onSpotShown once shown. */
  spot: PdfSpot | null;
  onSpotShown: () => void;
  /** A double-click in the PDF found this source line. */
  onSourceLine: (line: number) => void;
  /** Take the pane's height (side by side) instead of the preview's fixed one. */
  fill?: boolean;
}

function frameOf(wrapper: HTMLElement | null): HTMLElement | null {
  return wrapper?.querySelector<HTMLElement>('[data-testid="pdf-pages"]') ?? null;
}

export function PdfPreview({ source, title, onRegenerate, zoom, onZoom, sync, spot, onSpotShown, onSourceLine, fill = false }: PdfPreviewProps) {
  const wrapper = useRef<HTMLDivElement>(null);
  const viewer = useRef<PdfViewerHandle>(null);
  const [numPages, setNumPages] = useState(0);
  const [page, setPage] = useState(1);
  const [fitScale, setFitScale] = useState(1);

  // The spot is shown as soon as the pages are laid out (at once when they already are).
  useEffect(() => {
    const frame = frameOf(wrapper.current);
    if (!spot || !numPages || !frame) return;
    if (showSpot(frame, spot)) setPage(spot.page);
    onSpotShown();
  }, [spot, numPages, onSpotShown]);

  const controls: PdfToolbarProps = {
    zoom,
    resolvedScale: zoom === 'fit-width' ? fitScale : zoom,
    onZoom,
    page,
    numPages,
    onPage: (n) => {
      const target = Math.min(Math.max(1, n), Math.max(1, numPages));
      viewer.current?.scrollToPage(target);
      setPage(target);
    },
  };

  return (
    <div
      ref={wrapper}
      className={fill ? 'flex min-h-0 flex-1 flex-col gap-2' : 'grid gap-2'}
      onKeyDown={(e: KeyboardEvent) => {
        if (e.target instanceof HTMLElement && e.target.closest('[data-testid="pdf-pages"]')) handleViewerKey(e, controls);
      }}
      onScrollCapture={() => setPage(viewer.current?.currentPage() ?? 1)}
      onDoubleClick={(e) => {
        if (!sync) return;
        const hit = spotAt(e.target, e.clientX, e.clientY);
        const line = hit ? reverseSearch(sync, hit.page, hit.x, hit.y) : null;
        if (line) onSourceLine(line);
      }}
    >
      <PdfToolbar {...controls} />
      <Suspense
        fallback={
          <div className={fill ? 'flex min-h-0 flex-1 items-center justify-center text-slate-700' : 'flex items-center justify-center text-slate-700'} style={fill ? undefined : { height: 650 }}>
            <Spinner className="h-5 w-5" label="Loading PDF viewer..." />
          </div>
        }
      >
        <PdfViewer
          ref={viewer}
          source={source}
          title={title}
          onRegenerate={onRegenerate}
          fill={fill}
          scale={zoom}
          // What "fit width" came to, for the zoom level shown and the next zoom step.
          onScale={setFitScale}
          onPageCount={(n) => {
            setNumPages(n);
            setPage((p) => Math.min(p, n));
          }}
        />
      </Suspense>
      {sync ? <p className="text-xs text-slate-600">Double-click a word to find it in the LaTeX.</p> : null}
    </div>
  );
}
