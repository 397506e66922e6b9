// The PDF preview: pdf.js renders every page to a canvas with a text layer, inside a 650 px
// scrolling frame. Loading gives up after 15 s and retries, 3 tries in all; then it offers to
// regenerate (docs/product.md, Generate and compile). New data resets the tries. The worker is a same-origin
// file and eval is off, as the Content-Security-Policy requires. Loaded lazily.
import { useEffect, useRef, useState } from 'react';
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

export interface PdfViewerProps {
  /** The PDF, base64. */
  data: string;
  title: string;
  onRegenerate: () => void;
}

export default function PdfViewer({ data, title, onRegenerate }: PdfViewerProps) {
  const pagesRef = useRef<HTMLDivElement>(null);
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
        const available = Math.max(240, container.clientWidth - 32);
        for (let i = 1; i <= doc.numPages; i++) {
          if (stopped) return;
          const page = await doc.getPage(i);
          const scale = Math.min(2, available / page.getViewport({ scale: 1 }).width);
          const viewport = page.getViewport({ scale });
          const wrapper = document.createElement('div');
          wrapper.className = 'pdf-page relative mx-auto mb-4 bg-white shadow-md';
          wrapper.style.width = `${Math.floor(viewport.width)}px`;
          wrapper.style.height = `${Math.floor(viewport.height)}px`;
          wrapper.style.setProperty('--scale-factor', String(scale));
          wrapper.setAttribute('data-page-number', String(i));
          const canvas = document.createElement('canvas');
          const ratio = window.devicePixelRatio || 1;
          canvas.width = Math.floor(viewport.width * ratio);
          canvas.height = Math.floor(viewport.height * ratio);
          canvas.style.width = `${Math.floor(viewport.width)}px`;
          canvas.style.height = `${Math.floor(viewport.height)}px`;
          canvas.setAttribute('aria-hidden', 'true');
          wrapper.append(canvas);
          container.append(wrapper);
          await page.render({ canvas, viewport, transform: ratio !== 1 ? [ratio, 0, 0, ratio, 0, 0] : undefined }).promise;
          const text = document.createElement('div');
          text.className = 'textLayer';
          wrapper.append(text);
          await new TextLayer({ textContentSource: page.streamTextContent(), container: text, viewport }).render();
          if (i === 1 && !stopped) {
            clearTimeout(timer);
            setStatus('ready');
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
  }, [data, attempt]);

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
        className="h-full overflow-auto p-4"
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
