// The PDF preview: a 650 px scrolling frame with the pages (drawn by PdfPages through
// usePdfViewer), the loading state, and after 3 failed tries the timeout or error message with a
// regenerate button (docs/product.md, Generate and compile). Zoom and page controls live outside and drive
// it through `scale` and the ref handle. Loaded lazily; the worker is a same-origin file and eval
// is off, as the Content-Security-Policy requires.
import { useImperativeHandle, useRef, type Ref } from 'react';
import { AlertTriangle, RefreshCw } from 'lucide-react';
import { Button } from '../ui/button';
import { Spinner } from '../ui/spinner';
import type { PdfSource } from './pdf-document';
import type { PdfScale } from './pdf-pages';
import { PDF_MAX_TRIES, usePdfViewer } from './use-pdf-viewer';

export { preloadPdf, warmPdfWorker, type PdfSource } from './pdf-document';
export type { PdfScale } from './pdf-pages';
export { PDF_LOAD_TIMEOUT_MS, PDF_MAX_TRIES } from './use-pdf-viewer';

export const PREVIEW_HEIGHT_PX = 650;

/** What page controls may ask of the viewer. */
export interface PdfViewerHandle {
  scrollToPage(n: number): void;
  /** The page nearest the top of the frame (1-based). */
  currentPage(): number;
}

export interface PdfViewerProps {
  source: PdfSource;
  title: string;
  onRegenerate: () => void;
  /** Zoom: a factor (1 = 100 %) or the frame's width (the default). */
  scale?: PdfScale;
  /** Told the page count whenever a new PDF is shown. */
  onPageCount?: (numPages: number) => void;
  /** Told the zoom factor in use (what 'fit-width' came to) whenever it changes. */
  onScale?: (scale: number) => void;
  /** Take the height it is given (a pane) instead of PREVIEW_HEIGHT_PX. */
  fill?: boolean;
  ref?: Ref<PdfViewerHandle>;
}

export default function PdfViewer({ source, title, onRegenerate, scale = 'fit-width', onPageCount, onScale, fill = false, ref }: PdfViewerProps) {
  const frameRef = useRef<HTMLDivElement>(null);
  const { status, attempt, pages } = usePdfViewer(source, frameRef, { scale, ...(onPageCount ? { onPageCount } : {}), ...(onScale ? { onScale } : {}) });

  useImperativeHandle(
    ref,
    () => ({
      scrollToPage: (n: number) => pages.current?.scrollToPage(n),
      currentPage: () => pages.current?.currentPage() ?? 1,
    }),
    [pages],
  );

  const failed = status === 'timeout' || status === 'error';
  return (
    <div
      className={`relative overflow-hidden rounded-lg border border-slate-200 bg-slate-100${fill ? ' min-h-0 flex-1' : ''}`}
      style={fill ? undefined : { height: PREVIEW_HEIGHT_PX }}
    >
      <div
        ref={frameRef}
        role="region"
        aria-label={`PDF preview: ${title}`}
        aria-busy={status === 'loading'}
        tabIndex={0}
        data-testid="pdf-pages"
        data-pdf-status={status}
        className="h-full overflow-auto p-1 sm:p-4"
        hidden={failed}
      />
      {status === 'loading' ? (
        <div className="absolute inset-0 flex items-center justify-center bg-slate-100/80 text-slate-700">
          <Spinner className="h-6 w-6" label={attempt > 1 ? `Loading PDF (try ${attempt} of ${PDF_MAX_TRIES})...` : 'Loading PDF...'} />
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
