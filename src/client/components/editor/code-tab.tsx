// The 'LaTeX Code' tab: Copy, .tex, .zip, Word, Recompile (Ctrl/Cmd+S), Show in PDF, Change… (with an AI model), Download PDF,
// Open in Overleaf, Log (the raw compile log), Versions (the document's earlier states) and the Auto-compile switch; the
// missing-glyph warnings and the Compilation Error box above the code (so nothing floats over
// them); and the editor itself.
import { lazy, Suspense, type Ref } from 'react';
import { Copy, Download, FileArchive, FileCode, FileText, RefreshCw, ScanSearch } from 'lucide-react';
import type { EditorActions } from '../../lib/editor-actions';
import { dispatchEditor, useEditorState } from '../../lib/editor-store';
import { SHORTCUTS, shortcutLabel } from '../../lib/shortcuts';
import { Button } from '../ui/button';
import { Spinner } from '../ui/spinner';
import { ChangeButton } from './change-dialog';
import { CompileErrors } from './compile-errors';
import { CompileLogButton } from './compile-log';
import { VersionsButton } from './versions-dialog';
import { CheckboxField } from '../ui/checkbox';
import { autoCompileSwitch, useAutoCompileSwitch } from '../../lib/use-auto-compile';
import { CompileWarnings } from './compile-warnings';
import { OpenInOverleaf } from './open-in-overleaf';
import type { LatexEditorHandle } from './latex-editor';

const LatexEditor = lazy(() => import('./latex-editor'));

/** Height of the code area (toolbar excluded), the same as the preview's frame. */
export const CODE_AREA_HEIGHT = 598;

export interface CodeTabProps {
  actions: EditorActions;
  editorRef: Ref<LatexEditorHandle>;
  pdfReady: boolean;
  /** Jumps to the cursor's place in the PDF; absent while the PDF has no SyncTeX data. */
  onShowInPdf?: (() => void) | undefined;
  onGoToLine: (line: number) => void;
  /** Why the last "Show in PDF" found nothing. */
  syncNote?: string | null;
  /** Take the pane's height (side by side) instead of CODE_AREA_HEIGHT. */
  fill?: boolean;
}

export function CodeTab({ actions, editorRef, pdfReady, onShowInPdf, onGoToLine, syncNote = null, fill = false }: CodeTabProps) {
  const s = useEditorState();
  const autoCompile = useAutoCompileSwitch();
  const result = s.compilationResult;
  const hasLatex = s.latexContent.trim().length > 0;
  const errors = result && !result.success && !result.isHtml ? result : null;
  return (
    <>
      <div className="flex flex-wrap items-center gap-2">
        <Button variant="outline" size="sm" onClick={() => void actions.copyLatex()} disabled={!hasLatex}>
          <Copy className="h-4 w-4" aria-hidden="true" />
          Copy
        </Button>
        <Button variant="outline" size="sm" onClick={() => void actions.downloadTex()} disabled={!hasLatex} aria-label="Download .tex" title="Download .tex">
          <FileCode className="h-4 w-4" aria-hidden="true" />
          .tex
        </Button>
        <Button
          variant="outline"
          size="sm"
          onClick={() => void actions.downloadExport('zip')}
          disabled={!hasLatex || s.documentId === null}
          aria-label="Download .zip (LaTeX, images and README)"
          title="Download .zip (LaTeX, images and README)"
        >
          <FileArchive className="h-4 w-4" aria-hidden="true" />
          .zip
        </Button>
        <Button
          variant="outline"
          size="sm"
          onClick={() => void actions.downloadExport('docx')}
          disabled={!hasLatex || s.documentId === null}
          aria-label="Download Word (.docx)"
          title="Download Word (.docx)"
        >
          <FileText className="h-4 w-4" aria-hidden="true" />
          Word
        </Button>
        <Button
          variant="outline"
          size="sm"
          onClick={() => void actions.compile()}
          disabled={!hasLatex || s.isCompiling}
          title={`Recompile (${shortcutLabel(SHORTCUTS.recompile)})`}
          aria-keyshortcuts={SHORTCUTS.recompile.aria}
        >
          {s.isCompiling ? <Spinner /> : <RefreshCw className="h-4 w-4" aria-hidden="true" />}
          {s.isCompiling ? 'Compiling...' : 'Recompile'}
        </Button>
        <Button
          variant="outline"
          size="sm"
          onClick={onShowInPdf}
          disabled={!onShowInPdf}
          title={`Show in PDF (${shortcutLabel(SHORTCUTS.showInPdf)})`}
          aria-keyshortcuts={SHORTCUTS.showInPdf.aria}
        >
          <ScanSearch className="h-4 w-4" aria-hidden="true" />
          Show in PDF
        </Button>
        <ChangeButton actions={actions} />
        <Button size="sm" onClick={() => void actions.downloadPdf()} disabled={!pdfReady}>
          <Download className="h-4 w-4" aria-hidden="true" />
          Download PDF
        </Button>
        <OpenInOverleaf />
        <CompileLogButton onGoToLine={onGoToLine} />
        <VersionsButton />
        <CheckboxField label="Auto-compile" checked={autoCompile} onCheckedChange={(on) => autoCompileSwitch.dispatch(on)} />
      </div>
      {syncNote ? (
        <p role="status" className="text-sm text-slate-700">
          Not in the PDF: {syncNote}
        </p>
      ) : null}
      <div className={fill ? 'flex min-h-0 flex-1 flex-col gap-3' : 'flex flex-col gap-3'} style={fill ? undefined : { height: CODE_AREA_HEIGHT }}>
        {/* Warnings about an older compile would describe LaTeX no longer on screen. */}
        <CompileWarnings warnings={s.compiledLatex === s.latexContent ? result?.warnings : undefined} />
        {errors ? <CompileErrors result={errors} onGoToLine={onGoToLine} /> : null}
        <div className="relative min-h-[240px] flex-1 overflow-hidden rounded-lg border border-slate-200">
          <Suspense
            fallback={
              <div className="flex h-full items-center justify-center text-slate-700">
                <Spinner className="h-5 w-5" label="Loading editor..." />
              </div>
            }
          >
            <LatexEditor ref={editorRef} value={s.latexContent} onChange={(latex) => dispatchEditor({ type: 'latex', latex })} />
          </Suspense>
          {!hasLatex ? (
            <p className="pointer-events-none absolute top-2 right-0 left-12 px-2 text-sm text-slate-600">
              Your generated LaTeX appears here. You can also paste or edit LaTeX and press Recompile.
            </p>
          ) : null}
        </div>
      </div>
    </>
  );
}
