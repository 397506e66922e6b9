// What the code and the PDF share, whether they show side by side (wide screens) or as tabs: the
// editor's handle, the PDF on screen and its SyncTeX data, the zoom, and SyncTeX both ways. Side by
// side, "Show in PDF" and a double-click in the PDF select in the other pane and switch nothing; as
// tabs, they also bring the other tab forward. Also warms pdf.js while LaTeX is on screen and fetches
// a just-generated document's PDF ahead of the click.
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { watchCompiledAhead } from '../../lib/compiled-ahead';
import { dispatchEditor, useEditorState } from '../../lib/editor-store';
import { matches, SHORTCUTS } from '../../lib/shortcuts';
import { forwardSearch, type PdfSpot } from '../../lib/synctex';
import type { LatexEditorHandle } from './latex-editor';
import { loadPdfViewer } from './pdf-preview';
import type { PdfSource } from './pdf-viewer';
import type { Zoom } from './pdf-toolbar';
import { useSyncTex } from './use-synctex';

export function useOutputState(sideBySide: boolean, signedIn = true) {
  const s = useEditorState();
  const editorRef = useRef<LatexEditorHandle>(null);
  const result = s.compilationResult;
  // Bytes already at hand (a stored document's base64) need no second download.
  const pdfSource: PdfSource | null = result?.success ? (result.pdf ? { data: result.pdf } : result.pdfUrl ? { url: result.pdfUrl } : null) : null;
  const hasLatex = s.latexContent.trim().length > 0;
  const sync = useSyncTex(result?.success ? result.synctexUrl : undefined);
  const [zoom, setZoom] = useState<Zoom>('fit-width');
  const [spot, setSpot] = useState<PdfSpot | null>(null);
  /** Why "Show in PDF" found nothing (said beside the button, not over anything). */
  const [syncNote, setSyncNote] = useState<string | null>(null);
  const clearSpot = useCallback(() => setSpot(null), []);
  const goToLine = useCallback((line: number) => editorRef.current?.goToLine(line), []);

  const showInPdf = useMemo(() => {
    if (!sync) return undefined;
    return () => {
      const line = editorRef.current?.cursorLine() ?? 1;
      const found = forwardSearch(sync, line);
      if (!found) {
        setSyncNote(`Line ${line} made nothing that shows in the PDF.`);
        return;
      }
      setSyncNote(null);
      setSpot(found);
      if (!sideBySide) dispatchEditor({ type: 'tab', tab: 'preview' });
    };
  }, [sync, sideBySide]);

  const showSourceLine = useCallback(
    (line: number) => {
      if (sideBySide) {
        editorRef.current?.goToLine(line);
        return;
      }
      dispatchEditor({ type: 'tab', tab: 'code' });
      // The code tab shows on the next frame; the editor can scroll only when it is visible.
      requestAnimationFrame(() => editorRef.current?.goToLine(line));
    },
    [sideBySide],
  );

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
  const aheadOf = signedIn && s.documentId !== null && s.compilationResult === null && s.savedLatex !== '' && s.savedLatex === s.latexContent ? s.documentId : null;
  const aheadLatex = aheadOf === null ? null : s.savedLatex;
  useEffect(() => {
    if (aheadOf === null || aheadLatex === null) return;
    return watchCompiledAhead(aheadOf, aheadLatex, (url) => {
      void loadPdfViewer().then((viewer) => viewer.preloadPdf(url), () => {});
    });
  }, [aheadOf, aheadLatex]);

  return { editorRef, pdfSource, sync, zoom, setZoom, spot, clearSpot, showInPdf, showSourceLine, goToLine, syncNote };
}

export type OutputState = ReturnType<typeof useOutputState>;
