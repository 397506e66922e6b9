// The editor's right side: two tabs, 'LaTeX Code' (code-tab.tsx) and 'PDF Preview' (two-step
// empty state, the pdf.js viewer with its controls, or the sandboxed HTML fallback), and the
// compile status between them.
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Tabs } from 'radix-ui';
import { AlertCircle, CheckCircle2, Clock, Code2, Download, FileDown, FileText } from 'lucide-react';
import type { CompilationResult } from '../../../shared/api/latex';
import { cn } from '../../lib/cn';
import { watchCompiledAhead } from '../../lib/compiled-ahead';
import type { EditorActions } from '../../lib/editor-actions';
import { dispatchEditor, useEditorState, type EditorTab } from '../../lib/editor-store';
import { Button } from '../ui/button';
import { Spinner } from '../ui/spinner';
import { matches, SHORTCUTS } from '../../lib/shortcuts';
import { forwardSearch, type PdfSpot } from '../../lib/synctex';
import { toast } from '../../lib/toast';
import { CodeTab } from './code-tab';
import { loadPdfViewer, PdfPreview } from './pdf-preview';
import type { Zoom } from './pdf-toolbar';
import { useSyncTex } from './use-synctex';
import type { LatexEditorHandle } from './latex-editor';


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

export function OutputPanel({ actions }: { actions: EditorActions }) {
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
  const goToLine = (line: number) => editorRef.current?.goToLine(line);

  // SyncTeX: "Show in PDF" goes from the cursor to the PDF, a double-click in the PDF comes back.
  const sync = useSyncTex(result?.success ? result.synctexUrl : undefined);
  const [zoom, setZoom] = useState<Zoom>('fit-width');
  const [spot, setSpot] = useState<PdfSpot | null>(null);
  const clearSpot = useCallback(() => setSpot(null), []);
  const showInPdf = useMemo(() => {
    if (!sync) return undefined;
    return () => {
      const line = editorRef.current?.cursorLine() ?? 1;
      const found = forwardSearch(sync, line);
      if (!found) {
        toast({ title: 'Not in the PDF', description: `Line ${line} made nothing that shows in the PDF.` });
        return;
      }
      setSpot(found);
      dispatchEditor({ type: 'tab', tab: 'preview' });
    };
  }, [sync]);
  const showSourceLine = useCallback((line: number) => {
    dispatchEditor({ type: 'tab', tab: 'code' });
    // The code tab shows on the next frame; the editor can scroll only when it is visible.
    requestAnimationFrame(() => editorRef.current?.goToLine(line));
  }, []);
  useEffect(() => {
    if (!showInPdf) return;
    const onKey = (e: KeyboardEvent) => {
      if (!matches(e, SHORTCUTS.showInPdf)) return;
      e.preventDefault();
      showInPdf();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [showInPdf]);

  // While the person reads the LaTeX, fetch the viewer and start pdf.js's worker, so that
  // Generate PDF only has to draw.
  useEffect(() => {
    if (hasLatex) void loadPdfViewer().then((viewer) => viewer.warmPdfWorker(), () => {});
  }, [hasLatex]);
  // A saved document's LaTeX with no compile result yet (just generated): the server is compiling it
  // in the background; once it has, the PDF is fetched and drawn offscreen ahead of the click.
  const aheadOf = s.documentId !== null && s.compilationResult === null && s.savedLatex !== '' && s.savedLatex === s.latexContent ? s.documentId : null;
  const aheadLatex = aheadOf === null ? null : s.savedLatex;
  useEffect(() => {
    if (aheadOf === null || aheadLatex === null) return;
    return watchCompiledAhead(aheadOf, aheadLatex, (url) => {
      void loadPdfViewer().then((viewer) => viewer.preloadPdf(url), () => {});
    });
  }, [aheadOf, aheadLatex]);

  return (
    <section aria-label="Output" className="flex min-w-0 flex-col border-y border-slate-200 bg-white shadow-sm sm:rounded-xl sm:border-x">
      <Tabs.Root value={s.activeTab} onValueChange={(v) => dispatchEditor({ type: 'tab', tab: v as EditorTab })} className="flex flex-1 flex-col">
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
            data-keep-uncovered
            className={cn('inline-flex items-center gap-1.5 rounded-full px-2.5 py-1 text-xs font-semibold ring-1 ring-inset', STATUS_STYLE[status].cls)}
          >
            <StatusIcon className="h-3.5 w-3.5" aria-hidden="true" />
            {status}
          </span>
        </div>

        {/* Kept mounted (hidden) on the other tab: the editor keeps its undo history and cursor. */}
        <Tabs.Content value="code" forceMount hidden={s.activeTab !== 'code'} className="flex flex-1 flex-col gap-3 p-2 sm:p-4">
          <CodeTab actions={actions} editorRef={editorRef} pdfReady={pdfReady} onGoToLine={goToLine} onShowInPdf={showInPdf} />
        </Tabs.Content>

        <Tabs.Content value="preview" className="flex flex-1 flex-col gap-3 p-2 sm:p-4">
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
              <PdfPreview
                source={pdfSource}
                title={s.title}
                onRegenerate={() => void actions.compile()}
                zoom={zoom}
                onZoom={setZoom}
                sync={sync}
                spot={spot}
                onSpotShown={clearSpot}
                onSourceLine={showSourceLine}
              />
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
