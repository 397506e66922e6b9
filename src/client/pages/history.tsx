// /history and /document-history (docs/product.md, History): the signed-in user's documents with search,
// Edit (opens the editor), PDF (download) and Delete (with confirmation). Visitors go to /login.
import { useEffect, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Download, FilePlus2, Pencil, Search, Trash2, X } from 'lucide-react';
import { Link, Redirect, useLocation } from 'wouter';
import { DocumentListResponseSchema, DocumentPdfResponseSchema, type DocumentSummary } from '../../shared/api/documents';
import { DOCUMENT_TYPE_LABELS } from '../../shared/document-types';
import { Page, usePageTitle } from '../components/layout/page';
import { Button, buttonClass } from '../components/ui/button';
import { ConfirmDialog } from '../components/ui/dialog';
import { inputClass } from '../components/ui/field';
import { Spinner } from '../components/ui/spinner';
import { ApiError, apiRequest, fetchData } from '../lib/api';
import { dispatchEditor, editorStore } from '../lib/editor-store';
import { saveBase64 } from '../lib/download';
import { downloadBaseName, formatDateTime, sameMinute } from '../lib/format';
import { useSession } from '../lib/session';
import { toast } from '../lib/toast';

export const DELETE_REFRESH_MS = 500;

function useDebounced<T>(value: T, ms: number): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const t = setTimeout(() => setDebounced(value), ms);
    return () => clearTimeout(t);
  }, [value, ms]);
  return debounced;
}

async function downloadPdf(doc: DocumentSummary): Promise<void> {
  try {
    const data = await fetchData(`/api/documents/${doc.id}/pdf`, DocumentPdfResponseSchema);
    if (!data?.pdf) {
      toast({ title: 'No PDF available', description: 'This document has no PDF yet. Open it in the editor and compile it.', variant: 'destructive' });
      return;
    }
    saveBase64(data.pdf, `${downloadBaseName(data.title || doc.title)}.pdf`, 'application/pdf');
  } catch (err) {
    if (err instanceof ApiError && (err.status === 404 || err.status === 422)) {
      toast({ title: 'No PDF available', description: err.serverMessage ?? undefined, variant: 'destructive' });
    } else {
      toast({ title: 'Failed to download PDF', description: err instanceof ApiError ? (err.serverMessage ?? undefined) : undefined, variant: 'destructive' });
    }
  }
}

function RowActions({
  doc,
  downloading,
  onEdit,
  onPdf,
  onDelete,
}: {
  doc: DocumentSummary;
  downloading: boolean;
  onEdit: () => void;
  onPdf: () => void;
  onDelete: () => void;
}) {
  return (
    <div className="flex flex-wrap justify-end gap-1">
      <Button variant="ghost" size="sm" onClick={onEdit} aria-label={`Edit ${doc.title}`}>
        <Pencil className="h-4 w-4" aria-hidden="true" />
        Edit
      </Button>
      <Button variant="ghost" size="sm" disabled={downloading} onClick={onPdf} aria-label={`Download PDF of ${doc.title}`}>
        {downloading ? <Spinner /> : <Download className="h-4 w-4" aria-hidden="true" />}
        PDF
      </Button>
      <Button variant="ghost" size="sm" className="text-red-700 hover:bg-red-50 hover:text-red-800" onClick={onDelete} aria-label={`Delete ${doc.title}`}>
        <Trash2 className="h-4 w-4" aria-hidden="true" />
        Delete
      </Button>
    </div>
  );
}

export function HistoryPage() {
  usePageTitle('Document History');
  const { isAuthenticated, isLoading, isSignedOut } = useSession();
  const [, navigate] = useLocation();
  const queryClient = useQueryClient();
  const [searchText, setSearchText] = useState('');
  const search = useDebounced(searchText.trim(), 300);
  const [toDelete, setToDelete] = useState<DocumentSummary | null>(null);
  const [downloading, setDownloading] = useState<number | null>(null);
  const [hidden, setHidden] = useState<Set<number>>(new Set());

  const query = useQuery({
    queryKey: ['documents', search],
    queryFn: async () => (await fetchData(`/api/documents${search ? `?search=${encodeURIComponent(search)}` : ''}`, DocumentListResponseSchema)) ?? [],
    enabled: isAuthenticated,
    placeholderData: (prev) => prev,
  });

  if (isSignedOut) return <Redirect to="/login" replace />;

  const docs = (query.data ?? []).filter((d) => !hidden.has(d.id));
  // Runs of one title in one minute are told apart by their seconds.
  const close = sameMinute(docs);

  async function confirmDelete(doc: DocumentSummary) {
    try {
      await apiRequest('DELETE', `/api/documents/${doc.id}`);
      setHidden((h) => new Set(h).add(doc.id));
      // The editor no longer saves into it: its next generation makes a new document.
      if (editorStore.getState().documentId === doc.id) dispatchEditor({ type: 'documentGone' });
      toast({ title: 'Document deleted', description: `"${doc.title}" was deleted.`, variant: 'success' });
      setTimeout(() => void queryClient.invalidateQueries({ queryKey: ['documents'] }), DELETE_REFRESH_MS);
    } catch (err) {
      toast({ title: 'Failed to delete document', description: err instanceof ApiError ? (err.serverMessage ?? undefined) : undefined, variant: 'destructive' });
    }
  }

  const actionsFor = (doc: DocumentSummary) => ({
    downloading: downloading === doc.id,
    onEdit: () => navigate(`/?document=${doc.id}`),
    onPdf: async () => {
      setDownloading(doc.id);
      await downloadPdf(doc);
      setDownloading(null);
    },
    onDelete: () => setToDelete(doc),
  });

  const countLine = search
    ? `${docs.length} ${docs.length === 1 ? 'document' : 'documents'} matching "${search}"`
    : `${docs.length} ${docs.length === 1 ? 'document' : 'documents'}`;

  return (
    <Page>
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-2xl font-bold text-slate-900">Document History</h1>
          <p className="mt-1 text-sm text-slate-700">Every document you generate is saved here.</p>
        </div>
        <Link href="/" className={buttonClass('primary', 'md')}>
          <FilePlus2 className="h-4 w-4" aria-hidden="true" />
          New Document
        </Link>
      </div>

      <div className="mt-6 flex flex-wrap items-center gap-3">
        <div className="relative w-full sm:max-w-sm">
          <Search className="pointer-events-none absolute top-1/2 left-3 h-4 w-4 -translate-y-1/2 text-slate-500" aria-hidden="true" />
          <label htmlFor="history-search" className="sr-only">
            Search documents
          </label>
          <input
            id="history-search"
            type="search"
            value={searchText}
            onChange={(e) => setSearchText(e.target.value)}
            placeholder="Search documents..."
            className={`${inputClass} pl-9`}
          />
        </div>
        <p className="text-sm text-slate-700" aria-live="polite" data-testid="history-count">
          {query.isSuccess ? countLine : ''}
        </p>
      </div>

      <div className="mt-4">
        {isLoading || query.isPending ? (
          <div className="flex justify-center rounded-xl border border-slate-200 bg-white p-12 text-slate-700">
            <Spinner className="h-6 w-6" label="Loading documents..." />
          </div>
        ) : query.isError ? (
          <div role="alert" className="rounded-xl border border-red-200 bg-red-50 p-6 text-center">
            <p className="font-medium text-red-800">Error loading documents. Please try again.</p>
            <Button variant="outline" className="mt-3" onClick={() => void query.refetch()}>
              Try again
            </Button>
          </div>
        ) : docs.length === 0 ? (
          <div className="rounded-xl border border-dashed border-slate-300 bg-white p-10 text-center">
            {search ? (
              <>
                <h2 className="text-lg font-semibold text-slate-900">No documents match "{search}"</h2>
                <p className="mt-1 text-sm text-slate-700">Try other words, or clear the search to see all documents.</p>
                <Button variant="outline" className="mt-4" onClick={() => setSearchText('')}>
                  <X className="h-4 w-4" aria-hidden="true" />
                  Clear search
                </Button>
              </>
            ) : (
              <>
                <h2 className="text-lg font-semibold text-slate-900">No documents yet</h2>
                <p className="mt-1 text-sm text-slate-700">Generate LaTeX in the editor and your documents will appear here.</p>
                <Link href="/" className={buttonClass('primary', 'md', 'mt-4')}>
                  <FilePlus2 className="h-4 w-4" aria-hidden="true" />
                  Create Your First Document
                </Link>
              </>
            )}
          </div>
        ) : (
          <>
          <ul className="grid gap-3 sm:hidden" aria-label="Your documents">
            {docs.map((doc) => (
              <li key={doc.id} className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
                <h2 className="font-medium break-words text-slate-900">{doc.title}</h2>
                <p className="mt-1 flex flex-wrap items-center gap-x-2 text-sm text-slate-700">
                  <span>{DOCUMENT_TYPE_LABELS[doc.documentType]}</span>
                  <span aria-hidden="true">·</span>
                  <time dateTime={doc.createdAt}>{formatDateTime(doc.createdAt, close.has(doc))}</time>
                  <span className="rounded-full bg-green-50 px-2 py-0.5 text-xs font-semibold text-green-800 ring-1 ring-green-600/30 ring-inset">Ready</span>
                </p>
                <div className="mt-2 -mr-2">
                  <RowActions doc={doc} {...actionsFor(doc)} />
                </div>
              </li>
            ))}
          </ul>
          <div className="hidden overflow-x-auto rounded-xl border border-slate-200 bg-white shadow-sm sm:block">
            <table className="w-full min-w-[640px] text-left text-sm">
              <caption className="sr-only">Your documents</caption>
              <thead className="border-b border-slate-200 bg-slate-50 text-xs font-semibold tracking-wide text-slate-700 uppercase">
                <tr>
                  <th scope="col" className="px-4 py-3">
                    Title
                  </th>
                  <th scope="col" className="px-4 py-3">
                    Type
                  </th>
                  <th scope="col" className="px-4 py-3">
                    Date
                  </th>
                  <th scope="col" className="px-4 py-3">
                    Status
                  </th>
                  <th scope="col" className="px-4 py-3 text-right">
                    Actions
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-200">
                {docs.map((doc) => (
                  <tr key={doc.id} className="hover:bg-slate-50">
                    <th scope="row" className="max-w-[18rem] truncate px-4 py-3 font-medium text-slate-900">
                      {doc.title}
                    </th>
                    <td className="px-4 py-3 text-slate-700">{DOCUMENT_TYPE_LABELS[doc.documentType]}</td>
                    <td className="px-4 py-3 whitespace-nowrap text-slate-700">
                      <time dateTime={doc.createdAt}>{formatDateTime(doc.createdAt, close.has(doc))}</time>
                    </td>
                    <td className="px-4 py-3">
                      <span className="rounded-full bg-green-50 px-2 py-0.5 text-xs font-semibold text-green-800 ring-1 ring-green-600/30 ring-inset">
                        Ready
                      </span>
                    </td>
                    <td className="px-4 py-3">
                      <RowActions doc={doc} {...actionsFor(doc)} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          </>
        )}
      </div>

      <ConfirmDialog
        open={toDelete !== null}
        onOpenChange={(open) => {
          if (!open) setToDelete(null);
        }}
        title="Delete document"
        message="Are you sure you want to delete this document?"
        confirmLabel="Delete"
        destructive
        onConfirm={() => {
          if (toDelete) void confirmDelete(toDelete);
        }}
      />
    </Page>
  );
}
