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

/** Loads a PDF with the shared worker. */
export function openPdf(source: PdfSource): OpeningPdf {
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
