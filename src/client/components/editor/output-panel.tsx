// The editor's right side: 'LaTeX Code' (editable CodeMirror, status line, Copy, downloads,
// Recompile, compilation errors) and 'PDF Preview' (two-step empty state, pdf.js viewer or the
// sandboxed HTML fallback). See docs/product.md, Editor.
import { lazy, Suspense, useEffect, useRef } from 'react';
import { Tabs } from 'radix-ui';
import { AlertCircle, CheckCircle2, Clock, Code2, Copy, Download, FileCode, FileDown, FileText, RefreshCw } from 'lucide-react';
import type { CompilationResult } from '../../../shared/api/latex';
import { cn } from '../../lib/cn';
import type { useEditorActions } from '../../lib/editor-actions';
import { editorStore, useEditorState, type EditorTab } from '../../lib/editor-store';
import { Button } from '../ui/button';
import { Spinner } from '../ui/spinner';
import { CompileWarnings } from './compile-warnings';
import type { LatexEditorHandle } from './latex-editor';

const LatexEditor = lazy(() => import('./latex-editor'));
const loadPdfViewer = () => import('./pdf-viewer');
const PdfViewer = lazy(loadPdfViewer);

export const PREVIEW_HEIGHT = 650;

export type CompileStatus = 'Compilation Successful' | 'Compilation Failed' | 'Awaiting Compilation' | 'Waiting for content';

export function compileStatus(latex: string, result: CompilationResult | null, compiledLatex: string | null = latex): CompileStatus {
  if (!latex.trim()) return 'Waiting for content';
  // An HTML preview is not a PDF, and LaTeX edited since the last compile has not been compiled.
  if (!result || result.isHtml || compiledLatex !== latex) return 'Awaiting Compilation';
  return result.success ? 'Compilation Successful' : 'Compilation Failed';
}

const STATUS_STYLE: Record<CompileStatus, { cls: string; icon: typeof Clock }> = {
  'Compilation Successful': { cls: 'text-green-800 bg-green-50 ring-green-600/30', icon: CheckCircle2 },
  'Compilation Failed': { cls: 'text-red-800 bg-red-50 ring-red-600/30', icon: AlertCircle },
  'Awaiting Compilation': { cls: 'text-amber-900 bg-amber-50 ring-amber-600/30', icon: Clock },
  'Waiting for content': { cls: 'text-slate-700 bg-slate-100 ring-slate-400/40', icon: Clock },
};

function formatTimestamp(iso: string | null): string {
  if (!iso) return '';
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  return d.toLocaleString('en-US', { month: 'short', day: 'numeric', year: 'numeric', hour: 'numeric', minute: '2-digit' });
}

const tabTrigger =
  'inline-flex items-center gap-2 rounded-md px-3 py-1.5 text-sm font-medium text-slate-700 hover:text-slate-900 data-[state=active]:bg-white data-[state=active]:text-slate-900 data-[state=active]:shadow-sm';

function PanelFallback({ label }: { label: string }) {
  return (
    <div className="flex h-full items-center justify-center text-slate-700">
      <Spinner className="h-5 w-5" label={label} />
    </div>
  );
}

export function OutputPanel({ actions }: { actions: ReturnType<typeof useEditorActions> }) {
  const s = useEditorState();
  const editorRef = useRef<LatexEditorHandle>(null);
  const status = compileStatus(s.latexContent, s.compilationResult, s.compiledLatex);
  const StatusIcon = STATUS_STYLE[status].icon;
  const result = s.compilationResult;
  // Bytes already at hand (a stored document's base64) need no second download.
  const pdfSource = result?.success ? (result.pdf ? { data: result.pdf } : result.pdfUrl ? { url: result.pdfUrl } : null) : null;
  const pdfReady = pdfSource !== null;
  const hasLatex = s.latexContent.trim().length > 0;
  const errors = result && !result.success && !result.isHtml ? result : null;

  // While the person reads the LaTeX, fetch the viewer and start pdf.js's worker, so that
  // Generate PDF only has to draw.
  useEffect(() => {
    if (hasLatex) void loadPdfViewer().then((viewer) => viewer.warmPdfWorker(), () => {});
  }, [hasLatex]);

  return (
    <section aria-label="Output" className="flex min-w-0 flex-col rounded-xl border border-slate-200 bg-white shadow-sm">
      <Tabs.Root value={s.activeTab} onValueChange={(v) => editorStore.set({ activeTab: v as EditorTab })} className="flex flex-1 flex-col">
        <div className="flex flex-wrap items-center justify-between gap-2 border-b border-slate-200 px-4 py-2.5">
          <Tabs.List aria-label="Output views" className="inline-flex gap-1 rounded-lg bg-slate-100 p-1">
            <Tabs.Trigger value="code" className={tabTrigger}>
              <Code2 className="h-4 w-4" aria-hidden="true" />
              LaTeX Code
            </Tabs.Trigger>
            <Tabs.Trigger value="preview" className={tabTrigger}>
              <FileText className="h-4 w-4" aria-hidden="true" />
              PDF Preview
            </Tabs.Trigger>
          </Tabs.List>
          <span
            role="status"
            data-testid="compile-status"
            className={cn('inline-flex items-center gap-1.5 rounded-full px-2.5 py-1 text-xs font-semibold ring-1 ring-inset', STATUS_STYLE[status].cls)}
          >
            <StatusIcon className="h-3.5 w-3.5" aria-hidden="true" />
            {status}
          </span>
        </div>

        <Tabs.Content value="code" className="flex flex-1 flex-col gap-3 p-4 focus-visible:outline-none">
          <div className="flex flex-wrap items-center gap-2">
            <Button variant="outline" size="sm" onClick={() => void actions.copyLatex()} disabled={!hasLatex}>
              <Copy className="h-4 w-4" aria-hidden="true" />
              Copy
            </Button>
            <Button variant="outline" size="sm" onClick={() => void actions.downloadTex()} disabled={!hasLatex} aria-label="Download .tex">
              <FileCode className="h-4 w-4" aria-hidden="true" />
              .tex
            </Button>
            <Button variant="outline" size="sm" onClick={() => void actions.compile()} disabled={!hasLatex || s.isCompiling}>
              {s.isCompiling ? <Spinner /> : <RefreshCw className="h-4 w-4" aria-hidden="true" />}
              {s.isCompiling ? 'Compiling...' : 'Recompile'}
            </Button>
            <Button size="sm" onClick={() => void actions.downloadPdf()} disabled={!pdfReady} className="ml-auto">
              <Download className="h-4 w-4" aria-hidden="true" />
              Download PDF
            </Button>
          </div>
          <CompileWarnings warnings={s.compiledLatex === s.latexContent ? result?.warnings : undefined} />
          <div className="relative min-h-0 overflow-hidden rounded-lg border border-slate-200" style={{ height: errors ? 460 : PREVIEW_HEIGHT - 52 }}>
            <Suspense fallback={<PanelFallback label="Loading editor..." />}>
              <LatexEditor ref={editorRef} value={s.latexContent} onChange={(latex) => editorStore.set({ latexContent: latex })} />
            </Suspense>
            {!hasLatex ? (
              <p className="pointer-events-none absolute top-2 right-0 left-12 px-2 text-sm text-slate-600">
                Your generated LaTeX appears here. You can also paste or edit LaTeX and press Recompile.
              </p>
            ) : null}
          </div>
          {errors ? (
            <div role="alert" aria-labelledby="compile-error-title" className="rounded-lg border border-red-200 bg-red-50 p-3">
              <h3 id="compile-error-title" className="flex items-center gap-2 text-sm font-semibold text-red-800">
                <AlertCircle className="h-4 w-4" aria-hidden="true" />
                Compilation Error
              </h3>
              {errors.error ? <p className="mt-1 text-sm break-words text-red-900">{errors.error}</p> : null}
              {errors.errorDetails?.length ? (
                <ul className="mt-2 grid max-h-40 gap-1.5 overflow-y-auto">
                  {errors.errorDetails.map((d, i) => (
                    <li key={i}>
                      <button
                        type="button"
                        disabled={d.line === null}
                        onClick={() => d.line !== null && editorRef.current?.goToLine(d.line)}
                        className="w-full rounded-md bg-white px-2.5 py-1.5 text-left text-sm ring-1 ring-red-200 hover:bg-red-100 disabled:cursor-default disabled:hover:bg-white"
                      >
                        <span className="font-mono font-semibold text-red-800">{d.line !== null ? `Line ${d.line}` : 'General'}</span>
                        <span className="text-slate-900">: {d.message}</span>
                        {d.hint ? <span className="mt-0.5 block text-xs text-slate-700">Hint: {d.hint}</span> : null}
                      </button>
                    </li>
                  ))}
                </ul>
              ) : null}
            </div>
          ) : null}
        </Tabs.Content>

        <Tabs.Content value="preview" className="flex flex-1 flex-col gap-3 p-4 focus-visible:outline-none">
          {s.isCompiling && !pdfReady ? (
            <div className="flex items-center justify-center rounded-lg border border-slate-200 bg-slate-50 text-slate-700" style={{ height: PREVIEW_HEIGHT }}>
              <Spinner className="h-6 w-6" label="Compiling PDF..." />
            </div>
          ) : pdfSource ? (
            <>
              <div className="flex flex-wrap items-center justify-between gap-2">
                <div className="min-w-0">
                  <h3 className="truncate text-sm font-semibold text-slate-900" data-testid="preview-title">
                    {s.title}
                  </h3>
                  <p className="text-xs text-slate-600">
                    {/* A recompile keeps the last PDF on screen until the new one is drawn. */}
                    {s.isCompiling ? <Spinner className="h-3 w-3" label="Compiling PDF..." /> : `Compiled ${formatTimestamp(s.compiledAt)}`}
                  </p>
                </div>
                <Button size="sm" onClick={() => void actions.downloadPdf()}>
                  <Download className="h-4 w-4" aria-hidden="true" />
                  Download
                </Button>
              </div>
              <Suspense fallback={<PanelFallback label="Loading PDF viewer..." />}>
                <PdfViewer source={pdfSource} title={s.title} onRegenerate={() => void actions.compile()} />
              </Suspense>
            </>
          ) : result?.isHtml && result.html ? (
            <>
              <div className="flex flex-wrap items-start justify-between gap-2">
                <div className="min-w-0">
                  <h3 className="truncate text-sm font-semibold text-slate-900">{s.title}</h3>
                  <p className="text-xs text-slate-600">Preview {formatTimestamp(s.compiledAt)}</p>
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
                className="w-full rounded-lg border border-slate-200 bg-white"
                style={{ height: PREVIEW_HEIGHT }}
              />
            </>
          ) : (
            <div
              className="flex flex-col items-center justify-center gap-4 rounded-lg border border-dashed border-slate-300 bg-slate-50 p-6 text-center"
              style={{ minHeight: PREVIEW_HEIGHT }}
            >
              <FileText className="h-10 w-10 text-slate-500" aria-hidden="true" />
              <div className="max-w-sm">
                <h3 className="text-base font-semibold text-slate-900">{errors ? 'The last compilation failed' : 'No PDF yet'}</h3>
                <p className="mt-1 text-sm text-slate-700">
                  {errors
                    ? 'Fix the errors shown in the LaTeX Code tab, then compile again.'
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
              <Button onClick={() => void actions.compile()} disabled={!hasLatex}>
                <FileText className="h-4 w-4" aria-hidden="true" />
                Generate PDF from LaTeX
              </Button>
            </div>
          )}
        </Tabs.Content>
      </Tabs.Root>
    </section>
  );
}
