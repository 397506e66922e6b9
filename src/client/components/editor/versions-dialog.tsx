// "Versions": the open document's earlier states (docs/product.md, Editor), newest first with their
// times and what made them (a generation, a compile, a restore). Any one can be opened to read its
// notes and LaTeX, and restored: the document takes that text again (as a new version, so a restore
// can itself be undone) and the editor shows it.
import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { History } from 'lucide-react';
import { DocumentSchema } from '../../../shared/api/documents';
import { VersionListResponseSchema, VersionSchema, type VersionKind, type VersionSummary } from '../../../shared/api/versions';
import { apiJson, errorMessage } from '../../lib/api';
import { dispatchEditor, useEditorState } from '../../lib/editor-store';
import { formatDateTime } from '../../lib/format';
import { useSession } from '../../lib/session';
import { Button } from '../ui/button';
import { AppDialog } from '../ui/dialog';
import { Spinner } from '../ui/spinner';

const KIND_LABEL: Record<VersionKind, string> = { generated: 'Generated', compiled: 'Compiled', restored: 'Restored' };

function VersionText({ documentId, versionId }: { documentId: number; versionId: number }) {
  const version = useQuery({
    queryKey: ['version', documentId, versionId],
    queryFn: () => apiJson('GET', `/api/documents/${documentId}/versions/${versionId}`, undefined, VersionSchema),
    staleTime: Infinity,
  });
  if (version.isPending) return <Spinner className="h-4 w-4" label="Loading version..." />;
  if (!version.data) return <p role="alert">{errorMessage(version.error, 'Could not load this version.')}</p>;
  return (
    <div className="grid gap-2" data-testid="version-text">
      <h4 className="text-sm font-semibold text-slate-900">Notes</h4>
      <pre tabIndex={0} aria-label="Notes of this version" className="max-h-40 overflow-auto rounded-md bg-slate-50 p-2 font-mono text-xs whitespace-pre-wrap">
        {version.data.inputContent}
      </pre>
      <h4 className="text-sm font-semibold text-slate-900">LaTeX</h4>
      <pre tabIndex={0} aria-label="LaTeX of this version" className="max-h-64 overflow-auto rounded-md bg-slate-50 p-2 font-mono text-xs whitespace-pre-wrap">
        {version.data.latexContent}
      </pre>
    </div>
  );
}

function VersionRow({ documentId, v, onRestore, restoring }: { documentId: number; v: VersionSummary; onRestore: () => void; restoring: boolean }) {
  const [shown, setShown] = useState(false);
  const label = `${KIND_LABEL[v.kind]} ${formatDateTime(v.createdAt)}`;
  return (
    <li className="grid gap-2 rounded-md border border-slate-200 p-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div className="min-w-0 text-sm">
          <p className="font-medium text-slate-900">{label}</p>
          <p className="truncate text-slate-700">
            {v.title}
            {v.compilationSuccessful === true ? ' · compiled' : v.compilationSuccessful === false ? ' · did not compile' : ''}
          </p>
        </div>
        <div className="flex gap-2">
          <Button size="sm" variant="outline" aria-expanded={shown} onClick={() => setShown((s) => !s)} aria-description={label}>
            {shown ? 'Close' : 'Open'}
          </Button>
          <Button size="sm" onClick={onRestore} disabled={restoring} aria-description={label}>
            Restore
          </Button>
        </div>
      </div>
      {shown ? <VersionText documentId={documentId} versionId={v.id} /> : null}
    </li>
  );
}

export function VersionsButton() {
  const { documentId, isGenerating, isCompiling } = useEditorState();
  const { isAuthenticated } = useSession();
  const [open, setOpen] = useState(false);
  const [restoring, setRestoring] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const queryClient = useQueryClient();
  const list = useQuery({
    queryKey: ['versions', documentId],
    queryFn: () => apiJson('GET', `/api/documents/${documentId}/versions`, undefined, VersionListResponseSchema),
    enabled: open && documentId !== null && isAuthenticated,
  });

  async function restore(versionId: number) {
    if (documentId === null) return;
    setRestoring(true);
    setProblem(null);
    try {
      const doc = await apiJson('POST', `/api/documents/${documentId}/versions/${versionId}/restore`, {}, DocumentSchema);
      dispatchEditor({
        type: 'opened',
        document: { id: doc.id, title: doc.title, inputContent: doc.inputContent, latexContent: doc.latexContent, documentType: doc.documentType, compilationError: null },
      });
      void queryClient.invalidateQueries({ queryKey: ['versions', documentId] });
      void queryClient.invalidateQueries({ queryKey: ['documents'] });
      setOpen(false);
    } catch (err) {
      setProblem(errorMessage(err, 'The version could not be restored.'));
    } finally {
      setRestoring(false);
    }
  }

  return (
    <>
      <Button variant="outline" size="sm" onClick={() => setOpen(true)} disabled={documentId === null || !isAuthenticated || isGenerating || isCompiling} title="Earlier versions of this document">
        <History className="h-4 w-4" aria-hidden="true" />
        Versions
      </Button>
      <AppDialog
        open={open}
        onOpenChange={setOpen}
        title="Versions"
        description="Each generation, compile and restore of this document, newest first. Restoring one makes it the document's text again; what is there now stays a version."
        size="xl"
      >
        {problem ? (
          <p role="alert" className="mb-2 text-sm text-red-800">
            {problem}
          </p>
        ) : null}
        {list.isPending ? (
          <Spinner className="h-5 w-5" label="Loading versions..." />
        ) : list.data?.versions.length ? (
          <ul className="grid max-h-[60vh] gap-2 overflow-y-auto" aria-label="Versions of this document">
            {list.data.versions.map((v) => (
              <VersionRow key={v.id} documentId={documentId!} v={v} restoring={restoring} onRestore={() => void restore(v.id)} />
            ))}
          </ul>
        ) : (
          <p className="text-sm text-slate-700">{list.error ? errorMessage(list.error) : 'No versions yet: generate or compile to make one.'}</p>
        )}
      </AppDialog>
    </>
  );
}
