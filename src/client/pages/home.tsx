// '/' — the editor: notes on the left, LaTeX and PDF on the right. /?document={id} (history's
// Edit) opens a saved document; otherwise the person's unsaved work from a previous visit comes
// back. Keyboard: Ctrl/Cmd+Enter generates, Ctrl/Cmd+S recompiles.
import { useEffect, useRef } from 'react';
import { useLocation, useSearch } from 'wouter';
import { DocumentPdfResponseSchema, DocumentSchema } from '../../shared/api/documents';
import { DocumentSettingsSchema, type DocumentSettings } from '../../shared/generate-options';
import { InputPanel } from '../components/editor/input-panel';
import { OutputPanel } from '../components/editor/output-panel';
import { useOutputState } from '../components/editor/output-state';
import { Workspace } from '../components/editor/workspace';
import { useWideEditor } from '../lib/use-media-query';
import { useAutoCompile } from '../lib/use-auto-compile';
import { Page, usePageTitle } from '../components/layout/page';
import { errorMessage, fetchData } from '../lib/api';
import { draftOwner } from '../lib/drafts';
import { useEditorActions, type EditorActions } from '../lib/editor-actions';
import { dispatchEditor, restoreDraftOf } from '../lib/editor-store';
import { useSession } from '../lib/session';
import { matches, SHORTCUTS } from '../lib/shortcuts';
import { toast } from '../lib/toast';

/**
 * The settings a document was generated with: the server keeps the generate options in
 * `metadata.options` (settings among them); `metadata.settings` is read too for older documents.
 */
export function settingsOf(metadata: Record<string, unknown> | null): DocumentSettings {
  const options = metadata?.options;
  const kept = options && typeof options === 'object' && 'settings' in options ? options.settings : metadata?.settings;
  const parsed = DocumentSettingsSchema.safeParse(kept);
  return parsed.success ? parsed.data : {};
}

async function openDocument(id: number): Promise<void> {
  const doc = await fetchData(`/api/documents/${id}`, DocumentSchema);
  if (!doc) return;
  dispatchEditor({
    type: 'opened',
    document: {
      id: doc.id,
      title: doc.title,
      inputContent: doc.inputContent,
      latexContent: doc.latexContent,
      documentType: doc.documentType,
      settings: settingsOf(doc.metadata),
      compilationError: doc.compilationSuccessful === false && doc.compilationError ? doc.compilationError : null,
    },
  });
  if (doc.compilationSuccessful && doc.hasPdf) {
    const stored = await fetchData(`/api/documents/${id}/pdf`, DocumentPdfResponseSchema).catch(() => null);
    if (stored) {
      const { pdf, pdfUrl, synctexUrl } = stored;
      const result = { success: true, pdf, ...(pdfUrl ? { pdfUrl } : {}), ...(synctexUrl ? { synctexUrl } : {}) };
      dispatchEditor({ type: 'storedPdf', documentId: id, latex: doc.latexContent, result, at: doc.updatedAt });
    }
  }
}

/** Ctrl/Cmd+Enter generates (except while typing LaTeX, where Enter is a new line); Ctrl/Cmd+S recompiles. */
function useEditorShortcuts(actions: EditorActions): void {
  const { generate, compile } = actions;
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (matches(e, SHORTCUTS.recompile)) {
        e.preventDefault();
        void compile();
      } else if (matches(e, SHORTCUTS.generate)) {
        if (e.target instanceof Element && e.target.closest('.cm-editor')) return;
        e.preventDefault();
        void generate();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [generate, compile]);
}

/**
 * Whose unsaved work the editor keeps: decided once the server has said who is signed in (the
 * loading failsafe alone could take a signed-in person for a visitor); their saved work comes back.
 */
function useDrafts(opening: boolean): void {
  const { isAuthenticated, lastAuthCheck, user } = useSession();
  const known = isAuthenticated || lastAuthCheck !== null;
  const userId = user?.id ?? null;
  useEffect(() => {
    if (!known) return;
    // Opening a document from history is newer than any draft. The notes pane says when unsaved
    // work came back (earlier-work.tsx).
    restoreDraftOf(draftOwner(userId), !opening);
  }, [known, userId, opening]);
}

export function HomePage() {
  usePageTitle('');
  const actions = useEditorActions();
  const search = useSearch();
  const [, navigate] = useLocation();
  const { isAuthenticated, isLoading } = useSession();
  const requestedId = Number(new URLSearchParams(search).get('document'));
  const opening = Number.isInteger(requestedId) && requestedId > 0;
  const opened = useRef<number | null>(null);

  useEffect(() => {
    if (!opening || isLoading || !isAuthenticated) return;
    if (opened.current === requestedId) return;
    opened.current = requestedId;
    openDocument(requestedId)
      .catch((err: unknown) => toast({ title: 'Error loading document', description: errorMessage(err), variant: 'destructive' }))
      .finally(() => navigate('/', { replace: true }));
  }, [opening, requestedId, isAuthenticated, isLoading, navigate]);

  useDrafts(opening);
  useEditorShortcuts(actions);
  useAutoCompile(actions.compile, isAuthenticated);
  const wide = useWideEditor();
  const out = useOutputState(wide, isAuthenticated);

  if (wide) {
    // Notes, code and PDF side by side, filling the window below the header (docs/product.md, Editor).
    return (
      <Page width="full" className="h-[calc(100dvh-3.6rem)] min-h-[560px] px-4 py-3">
        <h1 className="sr-only">Turn your notes into LaTeX</h1>
        <Workspace actions={actions} out={out} />
      </Page>
    );
  }
  return (
    <Page className="py-4 sm:py-6" bleed>
      <div className="mb-4 px-4 sm:mb-5 sm:px-0">
        <h1 className="text-2xl font-bold tracking-tight text-slate-900">Turn your notes into LaTeX</h1>
        <p className="mt-1 text-sm text-slate-700">Write or paste your content, choose a document type, generate LaTeX, then compile it to PDF.</p>
      </div>
      <div className="grid gap-4 sm:gap-6 lg:grid-cols-2">
        <InputPanel actions={actions} />
        <OutputPanel actions={actions} out={out} />
      </div>
    </Page>
  );
}
