// The PDF side of the editor: while compiling, a spinner; the PDF with its title, the time it was
// compiled, Download and the viewer; the sandboxed HTML preview when TeX Live is missing; else the
// two-step empty state with "Generate PDF from LaTeX". `fill` makes it take its pane's height (side
// by side); in a tab it is PREVIEW_HEIGHT high.
import { Download, FileDown, FileText } from 'lucide-react';
import { cn } from '../../lib/cn';
import type { EditorActions } from '../../lib/editor-actions';
import { useEditorState } from '../../lib/editor-store';
import { formatDateTime } from '../../lib/format';
import { Button } from '../ui/button';
import { Spinner } from '../ui/spinner';
import type { OutputState } from './output-state';
import { PdfPreview } from './pdf-preview';

export const PREVIEW_HEIGHT = 650;

/**
 * Where focus goes once "Generate PDF from LaTeX" has done its work: the button is gone by then, and
 * focus would fall to the page. The PDF's frame (lazily mounted, so looked for over a few frames),
 * else the pane's result; never away from a dialog or anything else that took focus meanwhile.
 */
function focusPdf(framesLeft = 30): void {
  requestAnimationFrame(() => {
    const lost = !document.activeElement || document.activeElement === document.body;
    if (!lost) return;
    const target = document.querySelector<HTMLElement>('[data-testid="pdf-pages"]') ?? (framesLeft > 0 ? null : document.querySelector<HTMLElement>('[data-testid="pdf-result"]'));
    if (target) target.focus();
    else if (framesLeft > 0) focusPdf(framesLeft - 1);
  });
}

export function PdfPaneContent({ actions, out, fill = false }: { actions: EditorActions; out: OutputState; fill?: boolean }) {
  const s = useEditorState();
  const result = s.compilationResult;
  const hasLatex = s.latexContent.trim().length > 0;
  const errors = result && !result.success && !result.isHtml ? result : null;
  const height = fill ? undefined : { height: PREVIEW_HEIGHT };
  const problem = s.compileProblem ? (
    <p role="alert" className="rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-900" data-testid="compile-problem">
      <span className="font-semibold">Compilation Failed:</span> {s.compileProblem}
    </p>
  ) : null;
  const box = fill ? 'min-h-0 flex-1' : '';

  if (s.isCompiling && !out.pdfSource) {
    return (
      <div className={cn('flex items-center justify-center rounded-lg border border-slate-200 bg-slate-50 text-slate-700', box)} style={height}>
        <Spinner className="h-6 w-6" label="Compiling PDF..." />
      </div>
    );
  }
  if (out.pdfSource) {
    return (
      <>
        {problem}
        <div className="flex flex-wrap items-center justify-between gap-2">
          <div className="min-w-0">
            <h3 className="truncate text-sm font-semibold text-slate-900" data-testid="preview-title">
              {s.title}
            </h3>
            <p className="text-xs text-slate-600">
              {/* A recompile keeps the last PDF on screen until the new one is drawn. */}
              {s.isCompiling ? <Spinner className="h-3 w-3" label="Compiling PDF..." /> : `Compiled ${formatDateTime(s.compiledAt)}`}
            </p>
          </div>
          <Button size="sm" onClick={() => void actions.downloadPdf()}>
            <Download className="h-4 w-4" aria-hidden="true" />
            Download
          </Button>
        </div>
        <PdfPreview
          source={out.pdfSource}
          title={s.title}
          onRegenerate={() => void actions.compile()}
          zoom={out.zoom}
          onZoom={out.setZoom}
          sync={out.sync}
          spot={out.spot}
          onSpotShown={out.clearSpot}
          onSourceLine={out.showSourceLine}
          fill={fill}
        />
      </>
    );
  }
  if (result?.isHtml && result.html) {
    return (
      <>
        <div className="flex flex-wrap items-start justify-between gap-2">
          <div className="min-w-0">
            <h3 className="truncate text-sm font-semibold text-slate-900">{s.title}</h3>
            <p className="text-xs text-slate-600">Preview {formatDateTime(s.compiledAt)}</p>
          </div>
          <Button size="sm" variant="outline" onClick={() => void actions.downloadHtml()}>
            <FileDown className="h-4 w-4" aria-hidden="true" />
            Download HTML
          </Button>
        </div>
        <p role="note" className="rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900">
          The PDF compilation service is unavailable, so this is an HTML preview of your document.
        </p>
        <iframe
          title={`HTML preview: ${s.title}`}
          sandbox=""
          srcDoc={result.html}
          className={cn('w-full rounded-lg border border-slate-200 bg-white', box)}
          style={height}
        />
      </>
    );
  }
  return (
    <>
    {problem}
    <div
      tabIndex={-1}
      data-testid="pdf-result"
      className={cn('flex flex-col items-center justify-center gap-4 rounded-lg border border-dashed border-slate-300 bg-slate-50 p-6 text-center outline-none', box)}
      style={fill ? undefined : { minHeight: PREVIEW_HEIGHT }}
    >
      <FileText className="h-10 w-10 text-slate-500" aria-hidden="true" />
      <div className="max-w-sm">
        <h3 className="text-base font-semibold text-slate-900">{errors ? 'The last compilation failed' : 'No PDF yet'}</h3>
        <p className="mt-1 text-sm text-slate-700">
          {errors
            ? 'Fix the errors shown above the LaTeX code, then compile again.'
            : 'Making a PDF takes two steps: first generate LaTeX from your notes, then compile the LaTeX to PDF here.'}
        </p>
      </div>
      <ol className="grid gap-1 text-left text-sm text-slate-700">
        <li className="flex items-center gap-2">
          <span className={cn('flex h-5 w-5 items-center justify-center rounded-full text-xs font-bold', hasLatex ? 'bg-green-700 text-white' : 'bg-slate-300 text-slate-900')}>
            1
          </span>
          Generate LaTeX {hasLatex ? '(done)' : ''}
        </li>
        <li className="flex items-center gap-2">
          <span className="flex h-5 w-5 items-center justify-center rounded-full bg-slate-300 text-xs font-bold text-slate-900">2</span>
          Compile it to PDF
        </li>
      </ol>
      <Button
        onClick={() => {
          // The button goes away while compiling: focus moves to the PDF (or back here) afterwards.
          void actions.compile().then(() => focusPdf());
        }}
        disabled={!hasLatex}
      >
        <FileText className="h-4 w-4" aria-hidden="true" />
        Generate PDF from LaTeX
      </Button>
    </div>
    </>
  );
}
