// The way back to work the editor no longer shows (docs/product.md, Editor): the notice that a
// visit's unsaved work was restored, with "Start over", shown in the notes pane (in the page, never
// over the work it speaks of); and "Earlier work", the last few non-empty drafts that were emptied
// or cut by more than half on this device, any one of which can be put back.
import { useState } from 'react';
import { History, RotateCcw, X } from 'lucide-react';
import { restoreKeptDraft, restoreNotice, resetEditor, useKeptDrafts, type KeptDraft } from '../../lib/editor-store';
import { formatDateTime } from '../../lib/format';
import { useStoreState } from '../../lib/reducer-store';
import { Button } from '../ui/button';
import { AppDialog } from '../ui/dialog';

export function RestoreNotice() {
  const restored = useStoreState(restoreNotice);
  if (!restored) return null;
  return (
    <div role="status" className="mx-4 mt-3 flex flex-wrap items-center gap-x-3 gap-y-1 rounded-md border border-indigo-200 bg-indigo-50 px-3 py-2 text-sm text-indigo-950" data-testid="restore-notice">
      <p className="min-w-0 flex-1">
        <span className="font-semibold">Restored your unsaved work</span> from your last visit.
      </p>
      <Button
        variant="outline"
        size="sm"
        onClick={() => {
          resetEditor();
          restoreNotice.dispatch(null);
        }}
      >
        <RotateCcw className="h-4 w-4" aria-hidden="true" />
        Start over
      </Button>
      <button type="button" aria-label="Dismiss" title="Dismiss" onClick={() => restoreNotice.dispatch(null)} className="rounded-md p-1 text-indigo-900 hover:bg-indigo-100">
        <X className="h-4 w-4" aria-hidden="true" />
      </button>
    </div>
  );
}

function firstLine(text: string): string {
  const line = text.split('\n').find((l) => l.trim()) ?? '';
  return line.length > 80 ? `${line.slice(0, 79)}…` : line;
}

function KeptItem({ kept, index, onRestore }: { kept: KeptDraft; index: number; onRestore: () => void }) {
  const { draft } = kept;
  const id = `kept-work-${index}`;
  return (
    <li className="flex items-start justify-between gap-3 rounded-md border border-slate-200 p-3">
      <div id={id} className="min-w-0 text-sm">
        <p className="font-medium text-slate-900">{formatDateTime(kept.keptAt)}</p>
        <p className="truncate text-slate-700">{firstLine(draft.inputContent) || firstLine(draft.latexContent) || draft.title}</p>
        <p className="text-xs text-slate-600">
          {draft.inputContent.length.toLocaleString('en-US')} characters of notes · {draft.latexContent.length.toLocaleString('en-US')} of LaTeX
        </p>
      </div>
      <Button size="sm" variant="outline" onClick={onRestore} aria-describedby={id}>
        Restore
      </Button>
    </li>
  );
}

/** "Earlier work (n)": shown while this device keeps any. */
export function EarlierWorkButton() {
  const kept = useKeptDrafts();
  const [open, setOpen] = useState(false);
  if (kept.length === 0) return null;
  return (
    <>
      <Button variant="outline" onClick={() => setOpen(true)}>
        <History className="h-4 w-4" aria-hidden="true" />
        Earlier work ({kept.length})
      </Button>
      <AppDialog
        open={open}
        onOpenChange={setOpen}
        title="Earlier work"
        description="Notes and LaTeX that were emptied or cut short in this editor, kept on this device (the last 5). Restoring one keeps what is on screen now in its place."
        size="lg"
      >
        <ul className="grid gap-2">
          {kept.map((k, i) => (
            <KeptItem
              key={`${k.keptAt}-${i}`}
              kept={k}
              index={i}
              onRestore={() => {
                restoreKeptDraft(k);
                setOpen(false);
              }}
            />
          ))}
        </ul>
      </AppDialog>
    </>
  );
}
