// The editor on a wide screen, as Overleaf lays it out: notes, LaTeX code and PDF side by side in
// resizable panes (react-resizable-panels: its separators are focusable, role="separator" with
// aria-valuenow, and move with the arrow keys, Home and End). The layout a person chose is kept on
// this device. The workspace fills the window below the header, so Generate and its result are both
// in view.
import { Code2, FileText } from 'lucide-react';
import { Group, Panel, Separator, type Layout } from 'react-resizable-panels';
import type { EditorActions } from '../../lib/editor-actions';
import { readLocal, writeLocal } from '../../lib/storage';
import { CodeTab } from './code-tab';
import { InputPanel } from './input-panel';
import { CompileStatusBadge } from './output-panel';
import type { OutputState } from './output-state';
import { PdfPaneContent } from './pdf-pane';

const LAYOUT_KEY = 'latexgen.paneLayout';
const DEFAULT_LAYOUT: Layout = { notes: 28, code: 36, pdf: 36 };

function storedLayout(): Layout {
  try {
    const parsed = JSON.parse(readLocal(LAYOUT_KEY) ?? '') as unknown;
    if (parsed && typeof parsed === 'object') {
      const l = parsed as Record<string, unknown>;
      const sizes = ['notes', 'code', 'pdf'].map((k) => l[k]);
      if (sizes.every((v) => typeof v === 'number' && v >= 10 && v <= 80)) return parsed as Layout;
    }
  } catch {
    /* none kept, or damaged: the default */
  }
  return DEFAULT_LAYOUT;
}

const separatorClass =
  'relative w-2 shrink-0 bg-transparent outline-none after:absolute after:inset-y-2 after:left-1/2 after:w-0.5 after:-translate-x-1/2 after:rounded after:bg-slate-200 hover:after:bg-indigo-400 focus-visible:after:w-1 focus-visible:after:bg-indigo-600 data-[separator=active]:after:bg-indigo-600';

const paneClass = 'flex h-full min-h-0 min-w-0 flex-col border border-slate-200 bg-white shadow-sm sm:rounded-xl';

function PaneHeading({ id, icon: Icon, children }: { id: string; icon: typeof Code2; children: string }) {
  return (
    <h2 id={id} className="flex items-center gap-2 text-base font-semibold text-slate-900">
      <Icon className="h-4 w-4 text-indigo-700" aria-hidden="true" />
      {children}
    </h2>
  );
}

export function Workspace({ actions, out }: { actions: EditorActions; out: OutputState }) {
  return (
    <Group
      orientation="horizontal"
      defaultLayout={storedLayout()}
      onLayoutChanged={(layout) => writeLocal(LAYOUT_KEY, JSON.stringify(layout))}
      className="h-full"
      data-testid="workspace"
    >
      <Panel id="notes" minSize="18%" className="h-full min-w-0">
        <InputPanel actions={actions} fill />
      </Panel>
      <Separator id="notes-code" aria-label="Resize notes and LaTeX code" className={separatorClass} />
      <Panel id="code" minSize="20%" className="h-full min-w-0">
        <section aria-labelledby="code-title" data-output className={paneClass}>
          <div className="flex items-center justify-between gap-2 border-b border-slate-200 px-4 py-3">
            <PaneHeading id="code-title" icon={Code2}>
              LaTeX Code
            </PaneHeading>
          </div>
          <div className="flex min-h-0 flex-1 flex-col gap-3 p-3">
            <CodeTab actions={actions} editorRef={out.editorRef} pdfReady={out.pdfSource !== null} onGoToLine={out.goToLine} onShowInPdf={out.showInPdf} syncNote={out.syncNote} fill />
          </div>
        </section>
      </Panel>
      <Separator id="code-pdf" aria-label="Resize LaTeX code and PDF preview" className={separatorClass} />
      <Panel id="pdf" minSize="20%" className="h-full min-w-0">
        <section aria-labelledby="pdf-title" className={paneClass}>
          <div className="flex flex-wrap items-center justify-between gap-2 border-b border-slate-200 px-4 py-3">
            <PaneHeading id="pdf-title" icon={FileText}>
              PDF Preview
            </PaneHeading>
            <CompileStatusBadge />
          </div>
          <div className="flex min-h-0 flex-1 flex-col gap-3 p-3">
            <PdfPaneContent actions={actions} out={out} fill />
          </div>
        </section>
      </Panel>
    </Group>
  );
}
