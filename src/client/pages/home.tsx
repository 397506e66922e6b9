// '/' — the editor (docs/product.md, Editor): notes on the left, LaTeX and PDF on the right.
// /?document={id} (from history's Edit) opens a saved document with its notes and LaTeX.
import { useEffect, useRef } from 'react';
import { useLocation, useSearch } from 'wouter';
import { DocumentPdfResponseSchema, DocumentSchema } from '../../shared/api/documents';
import { InputPanel } from '../components/editor/input-panel';
import { OutputPanel } from '../components/editor/output-panel';
import { Page, usePageTitle } from '../components/layout/page';
import { errorMessage, fetchData } from '../lib/api';
import { useEditorActions } from '../lib/editor-actions';
import { editorStore } from '../lib/editor-store';
import { useSession } from '../lib/session';
import { toast } from '../lib/toast';

async function openDocument(id: number): Promise<void> {
  const doc = await fetchData(`/api/documents/${id}`, DocumentSchema);
  if (!doc) return;
  editorStore.reset({
    inputContent: doc.inputContent,
    documentType: doc.documentType,
    latexContent: doc.latexContent,
    savedLatex: doc.latexContent,
    title: doc.title,
    documentId: doc.id,
    activeTab: 'code',
    compilationResult: doc.compilationSuccessful === false && doc.compilationError ? { success: false, error: doc.compilationError } : null,
    compiledLatex: doc.compilationSuccessful === false && doc.compilationError ? doc.latexContent : null,
  });
  if (doc.compilationSuccessful && doc.hasPdf) {
    const stored = await fetchData(`/api/documents/${id}/pdf`, DocumentPdfResponseSchema).catch(() => null);
    if (stored && editorStore.get().documentId === id && editorStore.get().latexContent === doc.latexContent) {
      const { pdf, pdfUrl, synctexUrl } = stored;
      editorStore.set({
        compilationResult: { success: true, pdf, ...(pdfUrl ? { pdfUrl } : {}), ...(synctexUrl ? { synctexUrl } : {}) },
        compiledAt: doc.updatedAt,
        compiledLatex: doc.latexContent,
      });
    }
  }
}

export function HomePage() {
  usePageTitle('');
  const actions = useEditorActions();
  const search = useSearch();
  const [, navigate] = useLocation();
  const { isAuthenticated, isLoading } = useSession();
  const requestedId = Number(new URLSearchParams(search).get('document'));
  const opened = useRef<number | null>(null);

  useEffect(() => {
    if (!Number.isInteger(requestedId) || requestedId <= 0 || isLoading || !isAuthenticated) return;
    if (opened.current === requestedId) return;
    opened.current = requestedId;
    openDocument(requestedId)
      .catch((err: unknown) => toast({ title: 'Error loading document', description: errorMessage(err), variant: 'destructive' }))
      .finally(() => navigate('/', { replace: true }));
  }, [requestedId, isAuthenticated, isLoading, navigate]);

  // Ctrl/Cmd+Enter generates, except while typing in the LaTeX editor.
  const generate = actions.generate;
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Enter' || !(e.ctrlKey || e.metaKey)) return;
      if (e.target instanceof Element && e.target.closest('.cm-editor')) return;
      e.preventDefault();
      void generate();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [generate]);

  return (
    <Page className="py-6">
      <div className="mb-5">
        <h1 className="text-2xl font-bold tracking-tight text-slate-900">Turn your notes into LaTeX</h1>
        <p className="mt-1 text-sm text-slate-700">Write or paste your content, choose a document type, generate LaTeX, then compile it to PDF.</p>
      </div>
      <div className="grid gap-6 lg:grid-cols-2">
        <InputPanel actions={actions} />
        <OutputPanel actions={actions} />
      </div>
    </Page>
  );
}
