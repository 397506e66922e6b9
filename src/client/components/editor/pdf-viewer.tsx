// The PDF preview: pdf.js renders every page to a canvas with a text layer, inside a 650 px
// scrolling frame. Loading gives up after 15 s and retries, 3 tries in all; then it offers to
// regenerate. New data resets the tries. Zoom and page controls live outside and drive it through
// `scale` and the ref handle. The worker is a same-origin file and eval is off, as the
// Content-Security-Policy requires. Loaded lazily.
import { useEffect, useEffectEvent, useImperativeHandle, useRef, useState, type Ref } from 'react';
import { GlobalWorkerOptions, TextLayer, getDocument, type PDFDocumentLoadingTask } from 'pdfjs-dist';
import workerUrl from 'pdfjs-dist/build/pdf.worker.min.mjs?url';
import { AlertTriangle, RefreshCw } from 'lucide-react';
import { base64ToBytes } from '../../lib/download';
import { Button } from '../ui/button';
import { Spinner } from '../ui/spinner';

GlobalWorkerOptions.workerSrc = workerUrl;

export const PDF_LOAD_TIMEOUT_MS = 15_000;
export const PDF_MAX_TRIES = 3;
export const PREVIEW_HEIGHT_PX = 650;

type Status = 'loading' | 'ready' | 'timeout' | 'error';

/** A zoom factor (1 = 100 %) or the width of the frame. */
export type PdfScale = number | 'fit-width';

/** What page controls may ask of the viewer. */
export interface PdfViewerHandle {
  scrollToPage(n: number): void;
  /** The page nearest the top of the frame (1-based). */
  currentPage(): number;
}

export interface PdfViewerProps {
  /** The PDF, base64. */
  data: string;
  title: string;
  onRegenerate: () => void;
  /** Zoom: a factor (1 = 100 %) or the frame's width (the default). */
  scale?: PdfScale;
  /** Told the page count whenever a new PDF is shown. */
  onPageCount?: (numPages: number) => void;
  ref?: Ref<PdfViewerHandle>;
}

const pageBoxes = (container: HTMLElement | null) => [...(container?.querySelectorAll<HTMLElement>('[data-page-number]') ?? [])];

export default function PdfViewer({ data, title, onRegenerate, scale = 'fit-width', onPageCount, ref }: PdfViewerProps) {
  const pagesRef = useRef<HTMLDivElement>(null);
  const shown = useEffectEvent((n: number) => onPageCount?.(n));
  useImperativeHandle(ref, () => ({
    scrollToPage(n: number) {
      const frame = pagesRef.current;
      const box = pageBoxes(frame)[n - 1];
      if (frame && box) frame.scrollTop = box.offsetTop - frame.offsetTop;
    },
    currentPage() {
      const frame = pagesRef.current;
      let page = 1;
      for (const [i, box] of pageBoxes(frame).entries()) {
        if (frame && box.offsetTop - frame.offsetTop <= frame.scrollTop + 16) page = i + 1;
      }
      return page;
    },
  }));
  const [attempt, setAttempt] = useState({ data, n: 1 });
  const [status, setStatus] = useState<Status>('loading');

  // New data starts again from the first try.
  if (attempt.data !== data) {
    setAttempt({ data, n: 1 });
    setStatus('loading');
  }

  useEffect(() => {
    const container = pagesRef.current;
    if (!container || attempt.data !== data) return;
    let stopped = false;
    let task: PDFDocumentLoadingTask | null = null;
    container.replaceChildren();
    setStatus('loading');

    const giveUp = (kind: 'timeout' | 'error') => {
      if (stopped) return;
      stopped = true;
      void task?.destroy();
      if (attempt.n < PDF_MAX_TRIES) setAttempt((a) => ({ ...a, n: a.n + 1 }));
      else setStatus(kind);
    };
    const timer = setTimeout(() => giveUp('timeout'), PDF_LOAD_TIMEOUT_MS);

    void (async () => {
      try {
        task = getDocument({ data: base64ToBytes(data), isEvalSupported: false, enableXfa: false });
        const doc = await task.promise;
        const padding = getComputedStyle(container);
        const available = Math.max(240, container.clientWidth - parseFloat(padding.paddingLeft || '0') - parseFloat(padding.paddingRight || '0'));
        const first = (await doc.getPage(1)).getViewport({ scale: 1 });
        const pageScale = scale === 'fit-width' ? Math.min(2, available / first.width) : scale;
        // Every page's box first (sized like page 1), so a page can be scrolled to before it is drawn.
        const wrappers = Array.from({ length: doc.numPages }, (_, i) => {
          const wrapper = document.createElement('div');
          wrapper.className = 'pdf-page relative mx-auto mb-4 bg-white shadow-md';
          wrapper.style.width = `${Math.floor(first.width * pageScale)}px`;
          wrapper.style.height = `${Math.floor(first.height * pageScale)}px`;
          wrapper.style.setProperty('--scale-factor', String(pageScale));
          wrapper.setAttribute('data-page-number', String(i + 1));
          container.append(wrapper);
          return wrapper;
        });
        for (let i = 1; i <= doc.numPages; i++) {
          if (stopped) return;
          const page = await doc.getPage(i);
          const viewport = page.getViewport({ scale: pageScale });
          const wrapper = wrappers[i - 1]!;
          wrapper.style.width = `${Math.floor(viewport.width)}px`;
          wrapper.style.height = `${Math.floor(viewport.height)}px`;
          const canvas = document.createElement('canvas');
          const ratio = window.devicePixelRatio || 1;
          canvas.width = Math.floor(viewport.width * ratio);
          canvas.height = Math.floor(viewport.height * ratio);
          canvas.style.width = `${Math.floor(viewport.width)}px`;
          canvas.style.height = `${Math.floor(viewport.height)}px`;
          canvas.setAttribute('aria-hidden', 'true');
          wrapper.append(canvas);
          await page.render({ canvas, viewport, transform: ratio !== 1 ? [ratio, 0, 0, ratio, 0, 0] : undefined }).promise;
          const text = document.createElement('div');
          text.className = 'textLayer';
          wrapper.append(text);
          await new TextLayer({ textContentSource: page.streamTextContent(), container: text, viewport }).render();
          if (i === 1 && !stopped) {
            clearTimeout(timer);
            setStatus('ready');
            shown(doc.numPages);
          }
        }
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
      void task?.destroy();
    };
  }, [data, attempt, scale]);

  const failed = status === 'timeout' || status === 'error';
  return (
    <div className="relative overflow-hidden rounded-lg border border-slate-200 bg-slate-100" style={{ height: PREVIEW_HEIGHT_PX }}>
      <div
        ref={pagesRef}
        role="region"
        aria-label={`PDF preview: ${title}`}
        aria-busy={status === 'loading'}
        tabIndex={0}
        data-testid="pdf-pages"
        className="h-full overflow-auto p-1 sm:p-4"
        hidden={failed}
      />
      {status === 'loading' ? (
        <div className="absolute inset-0 flex items-center justify-center bg-slate-100/80 text-slate-700">
          <Spinner className="h-6 w-6" label={attempt.n > 1 ? `Loading PDF (try ${attempt.n} of ${PDF_MAX_TRIES})...` : 'Loading PDF...'} />
        </div>
      ) : null}
      {failed ? (
        <div role="alert" className="absolute inset-0 flex flex-col items-center justify-center gap-4 p-6 text-center">
          <AlertTriangle className="h-10 w-10 text-amber-600" aria-hidden="true" />
          <p className="font-medium text-slate-900">
            {status === 'timeout' ? 'PDF generation timeout. Please try again.' : 'Failed to load PDF viewer. Please try again.'}
          </p>
          <Button onClick={onRegenerate}>
            <RefreshCw className="h-4 w-4" aria-hidden="true" />
            Regenerate PDF
          </Button>
        </div>
      ) : null}
    </div>
  );
}
