// The compile status badge, and the editor's output on narrow screens: two tabs, 'LaTeX Code'
// (code-tab.tsx) and 'PDF Preview' (pdf-pane.tsx), with the status between them. Wide screens show
// the same two as panes beside the notes (workspace.tsx).
import { Tabs } from 'radix-ui';
import { AlertCircle, CheckCircle2, Clock, Code2, FileText } from 'lucide-react';
import type { CompilationResult } from '../../../shared/api/latex';
import { cn } from '../../lib/cn';
import type { EditorActions } from '../../lib/editor-actions';
import { dispatchEditor, useEditorState, type EditorTab } from '../../lib/editor-store';
import { CodeTab } from './code-tab';
import type { OutputState } from './output-state';
import { PdfPaneContent } from './pdf-pane';

export { PREVIEW_HEIGHT } from './pdf-pane';

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

/** The compile status, announced politely when it changes (a compile's outcome needs no other notice). */
export function CompileStatusBadge() {
  const s = useEditorState();
  const status = compileStatus(s.latexContent, s.compilationResult, s.compiledLatex);
  const StatusIcon = STATUS_STYLE[status].icon;
  return (
    <span
      role="status"
      data-testid="compile-status"
      data-keep-uncovered
      className={cn('inline-flex items-center gap-1.5 rounded-full px-2.5 py-1 text-xs font-semibold ring-1 ring-inset', STATUS_STYLE[status].cls)}
    >
      <StatusIcon className="h-3.5 w-3.5" aria-hidden="true" />
      {status}
    </span>
  );
}

const tabTrigger =
  'inline-flex items-center gap-2 rounded-md px-3 py-1.5 text-sm font-medium text-slate-700 hover:text-slate-900 data-[state=active]:bg-white data-[state=active]:text-slate-900 data-[state=active]:shadow-sm';

export function OutputPanel({ actions, out }: { actions: EditorActions; out: OutputState }) {
  const s = useEditorState();
  return (
    <section aria-label="Output" data-output className="flex min-w-0 flex-col border-y border-slate-200 bg-white shadow-sm sm:rounded-xl sm:border-x">
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
          <CompileStatusBadge />
        </div>

        {/* Kept mounted (hidden) on the other tab: the editor keeps its undo history and cursor. */}
        <Tabs.Content value="code" forceMount hidden={s.activeTab !== 'code'} className="flex flex-1 flex-col gap-3 p-2 sm:p-4">
          <CodeTab actions={actions} editorRef={out.editorRef} pdfReady={out.pdfSource !== null} onGoToLine={out.goToLine} onShowInPdf={out.showInPdf} syncNote={out.syncNote} />
        </Tabs.Content>

        <Tabs.Content value="preview" className="flex flex-1 flex-col gap-3 p-2 sm:p-4">
          <PdfPaneContent actions={actions} out={out} />
        </Tabs.Content>
      </Tabs.Root>
    </section>
  );
}
