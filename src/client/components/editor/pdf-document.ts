// pdf.js for the preview: one worker for the whole page view (started early, while the person
// still reads the LaTeX, and reused by every PDF after that), and loading a PDF from the server's
// binary URL (which the browser may cache) or from base64 (stored documents, API answers).
import { GlobalWorkerOptions, PDFWorker, getDocument, type PDFDocumentLoadingTask, type PDFDocumentProxy } from 'pdfjs-dist';
import workerUrl from 'pdfjs-dist/build/pdf.worker.min.mjs?url';
import { base64ToBytes } from '../../lib/download';

GlobalWorkerOptions.workerSrc = workerUrl;

/** Where the PDF comes from: a URL (fetched as binary) or base64 bytes. */
export type PdfSource = { url: string } | { data: string };

/** A stable identity for a source: a new key means a new PDF. */
export function pdfSourceKey(source: PdfSource): string {
  return 'url' in source ? `url:${source.url}` : `data:${source.data.length}:${source.data.slice(0, 64)}:${source.data.slice(-64)}`;
}

let sharedWorker: PDFWorker | null = null;

/**
 * The page view's one pdf.js worker. Passed to every getDocument call, so destroying a document
 * keeps the worker (pdf.js only ends workers it created itself).
 */
export function pdfWorker(): PDFWorker | undefined {
  // Without Web Workers (tests in happy-dom) pdf.js falls back to its own "fake" worker.
  if (typeof Worker === 'undefined') return undefined;
  if (!sharedWorker || sharedWorker.destroyed) sharedWorker = new PDFWorker();
  return sharedWorker;
}

/** Starts the worker (download, parse, initialise) ahead of the first PDF. */
export function warmPdfWorker(): void {
  void pdfWorker()?.promise.catch(() => {});
}

async function fetchBytes(url: string, signal: AbortSignal): Promise<Uint8Array<ArrayBuffer>> {
  // Plain fetch (no no-cache header): hash-addressed PDFs are immutable and the browser keeps them.
  const res = await fetch(url, { credentials: 'same-origin', signal });
  if (!res.ok) throw new Error(`PDF request failed: ${res.status}`);
  return new Uint8Array(await res.arrayBuffer());
}

export interface OpeningPdf {
  promise: Promise<PDFDocumentProxy>;
  /** Stops the download or the parsing and frees the document. */
  cancel: () => void;
}

/** One PDF fetched and parsed ahead of time (the compile the server started after a generation). */
let preloaded: { url: string; opening: OpeningPdf } | null = null;

/** Pixels of the offscreen page-1 render that loads the PDF's fonts before anyone asks for it. */
const PRELOAD_WIDTH_PX = 120;

/**
 * Fetches and parses the PDF at `url` while the person reads the LaTeX, and draws page 1 small and
 * offscreen so that pdf.js has translated and loaded its fonts (most of a first paint). The next
 * openPdf of the same URL takes it over; a newer preload replaces an older one.
 */
export function preloadPdf(url: string): void {
  if (preloaded?.url === url || typeof document === 'undefined') return;
  preloaded?.opening.cancel();
  const opening = load({ url });
  preloaded = { url, opening };
  opening.promise
    .then(
      async (pdf) => {
        const page = await pdf.getPage(1);
        const unit = page.getViewport({ scale: 1 });
        const viewport = page.getViewport({ scale: PRELOAD_WIDTH_PX / unit.width });
        const canvas = document.createElement('canvas');
        canvas.width = Math.ceil(viewport.width);
        canvas.height = Math.ceil(viewport.height);
        // A failed warm-up draw costs nothing: the viewer draws the page itself.
        await page.render({ canvas, viewport }).promise.catch(() => {});
      },
      () => {
        // Nothing lost: openPdf loads it the ordinary way.
        if (preloaded?.opening === opening) preloaded = null;
      },
    )
    // A document cancelled before page 1 was drawn.
    .catch(() => {});
}

/** Loads a PDF with the shared worker (one preloaded for this URL is handed over). */
export function openPdf(source: PdfSource): OpeningPdf {
  if ('url' in source && preloaded?.url === source.url) {
    const { opening } = preloaded;
    preloaded = null;
    return opening;
  }
  return load(source);
}

function load(source: PdfSource): OpeningPdf {
  const controller = new AbortController();
  let task: PDFDocumentLoadingTask | null = null;
  const start = (data: Uint8Array<ArrayBuffer>) => {
    const worker = pdfWorker();
    task = getDocument({ data, isEvalSupported: false, enableXfa: false, ...(worker ? { worker } : {}) });
    return task.promise;
  };
  const promise =
    'data' in source
      ? start(base64ToBytes(source.data))
      : fetchBytes(source.url, controller.signal).then((data) => {
          if (controller.signal.aborted) throw new DOMException('The PDF load was cancelled.', 'AbortError');
          return start(data);
        });
  return {
    promise,
    cancel: () => {
      controller.abort();
      void (task as PDFDocumentLoadingTask | null)?.destroy();
    },
  };
}
