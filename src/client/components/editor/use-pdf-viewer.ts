// The preview's loading rules around PdfPages: loading gives up after 15 s and retries, 3 tries in
// all, then reports 'timeout' (or 'error' after load failures); a new source starts again from
// the first try. The previous PDF stays on screen until the new one's first page is painted.
import { useEffect, useEffectEvent, useRef, useState, type RefObject } from 'react';
import { openPdf, pdfSourceKey, type PdfSource } from './pdf-document';
import { PdfPages, type PdfScale } from './pdf-pages';

export const PDF_LOAD_TIMEOUT_MS = 15_000;
export const PDF_MAX_TRIES = 3;

export type PdfViewerStatus = 'loading' | 'ready' | 'timeout' | 'error';

export interface PdfViewerState {
  status: PdfViewerStatus;
  /** 1-based try of the current source. */
  attempt: number;
  /** Pages of the shown PDF (0 until the first page is painted). */
  numPages: number;
  /** The shown PDF's pages, for page navigation. */
  pages: RefObject<PdfPages | null>;
}

export interface PdfViewerOptions {
  scale: PdfScale;
  /** Told the page count whenever a new PDF is shown. */
  onPageCount?: (numPages: number) => void;
  /** Told the zoom factor in use (what 'fit-width' came to) whenever it changes. */
  onScale?: (scale: number) => void;
}

export function usePdfViewer(source: PdfSource, frame: RefObject<HTMLElement | null>, { scale, onPageCount, onScale }: PdfViewerOptions): PdfViewerState {
  const key = pdfSourceKey(source);
  const [attempt, setAttempt] = useState({ key, n: 1 });
  const [status, setStatus] = useState<PdfViewerStatus>('loading');
  const [numPages, setNumPages] = useState(0);
  const pages = useRef<PdfPages | null>(null);
  // Read when a load starts or finishes, without restarting the load when they change.
  const current = useEffectEvent(() => ({ source, scale }));
  const shown = useEffectEvent((n: number) => onPageCount?.(n));
  const scaled = useEffectEvent((factor: number) => onScale?.(factor));

  // New data starts again from the first try.
  if (attempt.key !== key) {
    setAttempt({ key, n: 1 });
    setStatus('loading');
  }

  useEffect(() => {
    const scroller = frame.current;
    if (!scroller || attempt.key !== key) return;
    let stopped = false;
    let painted = false;
    const opening = openPdf(current().source);
    setStatus('loading');

    const giveUp = (kind: 'timeout' | 'error') => {
      if (stopped) return;
      stopped = true;
      opening.cancel();
      if (attempt.n < PDF_MAX_TRIES) setAttempt((a) => ({ ...a, n: a.n + 1 }));
      else setStatus(kind);
    };
    const timer = setTimeout(() => giveUp('timeout'), PDF_LOAD_TIMEOUT_MS);

    void (async () => {
      try {
        const doc = await opening.promise;
        if (stopped) return;
        const next = new PdfPages(doc, scroller, {
          scale: current().scale,
          onFirstPaint: () => {
            if (stopped) return;
            // Swap columns only now, so a recompile never flashes an empty frame.
            pages.current?.destroy();
            scroller.replaceChildren(next.element);
            pages.current = next;
            painted = true;
            clearTimeout(timer);
            setNumPages(doc.numPages);
            shown(doc.numPages);
            scaled(next.resolvedScale());
            setStatus('ready');
          },
        });
        await next.paintFirstPage();
        if (stopped) return;
        next.renderRest();
      } catch (err) {
        if (stopped) return;
        console.warn('PDF preview failed to load', err);
        clearTimeout(timer);
        giveUp('error');
      }
    })();

    return () => {
      stopped = true;
      clearTimeout(timer);
      // The shown pages stay on screen; an unfinished load is dropped.
      if (!painted) opening.cancel();
    };
  }, [key, attempt, frame]);

  useEffect(() => {
    if (!pages.current) return;
    pages.current.setScale(scale);
    scaled(pages.current.resolvedScale());
  }, [scale]);

  // 'Fit width' follows the frame when the window is resized or a phone turns. The frame's outer
  // width is watched, so a scroll bar coming or going does not set off another fit.
  useEffect(() => {
    const scroller = frame.current;
    if (!scroller || scale !== 'fit-width' || typeof ResizeObserver === 'undefined') return;
    let width = scroller.offsetWidth;
    const observer = new ResizeObserver(() => {
      if (scroller.offsetWidth === width || !pages.current) return;
      width = scroller.offsetWidth;
      pages.current.setScale('fit-width');
      scaled(pages.current.resolvedScale());
    });
    observer.observe(scroller);
    return () => observer.disconnect();
  }, [scale, frame]);

  // Unmounting frees the document and stops page rendering.
  useEffect(
    () => () => {
      pages.current?.destroy();
      pages.current = null;
    },
    [],
  );

  return { status, attempt: attempt.n, numPages, pages };
}
