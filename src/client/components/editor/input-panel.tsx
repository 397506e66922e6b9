// The editor's 'Input' panel: document type and its settings, insert buttons, the note with its
// length against the limit, the images for its figures, status, Clear and Generate.
import { useRef, useState } from 'react';
import { Eraser, FileText, Heading, Image, List, Presentation, Sigma, SlidersHorizontal, Sparkles, Table } from 'lucide-react';
import { MAX_NOTE_CHARS } from '../../../shared/api/latex';
import { DOCUMENT_TYPE_DESCRIPTIONS, DOCUMENT_TYPE_LABELS, DOCUMENT_TYPES, isDocumentType } from '../../../shared/document-types';
import { dispatchEditor, resetEditor, useEditorState } from '../../lib/editor-store';
import type { EditorActions } from '../../lib/editor-actions';
import { usageLimitMessage } from '../../lib/editor-actions';
import { useSession } from '../../lib/session';
import { SHORTCUTS } from '../../lib/shortcuts';
import { insertSnippet, snippetsFor, type SnippetKind } from '../../lib/snippets';
import { Button } from '../ui/button';
import { useAppUi } from '../../lib/app-ui';
import { cn } from '../../lib/cn';
import { ConfirmDialog } from '../ui/dialog';
import { DocumentSettingsPanel } from './document-settings';
import { EarlierWorkButton, RestoreNotice } from './earlier-work';
import { GenerationStages } from './generation-stages';
import { ImageUploads } from './image-uploads';
import { ModelPicker } from './model-picker';
import { inlineInputClass, inputClass } from '../ui/field';
import { Spinner } from '../ui/spinner';

const SNIPPET_ICONS: Record<SnippetKind, typeof Sigma> = {
  math: Sigma,
  table: Table,
  figure: Image,
  section: Heading,
  list: List,
  slide: Presentation,
};

const PLACEHOLDER = `Paste or type your notes here, for example:

# The Photoelectric Effect
Light knocks electrons out of a metal surface when its frequency is high enough.

Use the insert buttons above for equations, tables, figures, sections and lists.`;

/** `fill`: a pane of the wide layout: the middle scrolls and Clear and Generate stay in view at the bottom. */
export function InputPanel({ actions, fill = false }: { actions: EditorActions; fill?: boolean }) {
  const { inputContent, latexContent, documentType, isGenerating, settings, switches } = useEditorState();
  const session = useSession();
  const { setPlansOpen } = useAppUi();
  const textarea = useRef<HTMLTextAreaElement>(null);
  const [confirmClear, setConfirmClear] = useState(false);
  const [settingsOpen, setSettingsOpen] = useState(false);
  const settingsCount = Object.keys(settings).length + (switches.splitTables ? 1 : 0) + (switches.useMath ? 0 : 1);
  const hasContent = inputContent.trim().length > 0;
  const tooLong = inputContent.length > MAX_NOTE_CHARS;
  const atLimit = session.isAuthenticated && session.usage.current >= session.usage.limit && session.refillPackCredits <= 0;

  function insert(text: string) {
    const ta = textarea.current;
    const start = ta?.selectionStart ?? inputContent.length;
    const end = ta?.selectionEnd ?? inputContent.length;
    const next = insertSnippet(inputContent, start, end, text);
    dispatchEditor({ type: 'input', text: next.text });
    requestAnimationFrame(() => {
      if (!ta) return;
      ta.focus();
      ta.setSelectionRange(next.caret, next.caret);
    });
  }

  return (
    <section
      aria-labelledby="input-title"
      className={cn('flex min-w-0 flex-col border-y border-slate-200 bg-white shadow-sm sm:rounded-xl sm:border-x', fill && 'h-full min-h-0')}
    >
      <div className="flex flex-wrap items-center justify-between gap-3 border-b border-slate-200 px-4 py-3">
        <h2 id="input-title" className="flex items-center gap-2 text-base font-semibold text-slate-900">
          <FileText className="h-4 w-4 text-indigo-700" aria-hidden="true" />
          Input
        </h2>
        <div className="flex flex-wrap items-center gap-2">
          <label htmlFor="document-type" className="text-sm font-medium whitespace-nowrap text-slate-800">
            Document type
          </label>
          <select
            id="document-type"
            value={documentType}
            onChange={(e) => {
              if (isDocumentType(e.target.value)) dispatchEditor({ type: 'documentType', documentType: e.target.value });
            }}
            className={`${inlineInputClass} py-1.5`}
            aria-describedby="document-type-help"
          >
            {DOCUMENT_TYPES.map((t) => (
              <option key={t} value={t}>
                {DOCUMENT_TYPE_LABELS[t]}
              </option>
            ))}
          </select>
          <Button
            variant="outline"
            size="sm"
            className="h-9"
            aria-expanded={settingsOpen}
            aria-controls="document-settings"
            onClick={() => setSettingsOpen((open) => !open)}
          >
            <SlidersHorizontal className="h-4 w-4" aria-hidden="true" />
            Settings
            {settingsCount ? <span className="rounded-full bg-indigo-100 px-1.5 text-xs font-semibold text-indigo-900">{settingsCount} set</span> : null}
          </Button>
        </div>
      </div>
      <RestoreNotice />
      <div className={cn('flex flex-col', fill ? 'min-h-0 flex-1 overflow-y-auto' : 'flex-1')}>
      {settingsOpen ? <DocumentSettingsPanel id="document-settings" /> : null}
      <p id="document-type-help" className="px-4 pt-2 text-xs text-slate-600">
        {DOCUMENT_TYPE_DESCRIPTIONS[documentType]}
      </p>
      <ModelPicker disabled={isGenerating} className="px-4 pt-3" />

      <div role="toolbar" aria-label="Insert markup" className="flex flex-wrap gap-1.5 px-4 pt-3">
        {snippetsFor(documentType).map((s) => {
          const Icon = SNIPPET_ICONS[s.kind];
          return (
            <Button key={s.kind} variant="outline" size="sm" onClick={() => insert(s.text)} title={`Insert a ${s.label.toLowerCase()} snippet`}>
              <Icon className="h-4 w-4" aria-hidden="true" />
              {s.label}
            </Button>
          );
        })}
      </div>

      <div className="flex flex-1 flex-col px-4 pt-3">
        <label htmlFor="editor-input" className="sr-only">
          Content
        </label>
        <textarea
          id="editor-input"
          ref={textarea}
          value={inputContent}
          onChange={(e) => dispatchEditor({ type: 'input', text: e.target.value })}
          placeholder={PLACEHOLDER}
          spellCheck
          className={cn(inputClass, 'flex-1 resize-y font-mono leading-relaxed', fill ? 'min-h-[200px]' : 'min-h-[320px] lg:min-h-[520px]')}
          aria-describedby="editor-status note-length generate-hint"
        />
        <p id="note-length" className={`mt-1 text-right text-xs ${tooLong ? 'font-semibold text-red-700' : 'text-slate-600'}`} data-testid="note-length">
          {inputContent.length.toLocaleString('en-US')} / {MAX_NOTE_CHARS.toLocaleString('en-US')} characters
          {tooLong ? ' — shorten the notes to generate' : ''}
        </p>
      </div>
      <ImageUploads actions={actions} onInsert={insert} />

      </div>
      {atLimit ? (
        <div role="note" id="usage-limit-note" tabIndex={-1} className="mx-4 mt-3 rounded-lg outline-none focus-visible:ring-2 focus-visible:ring-amber-600 border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900">
          <p className="font-semibold">Usage Limit Reached</p>
          <p className="mt-0.5">{usageLimitMessage(session.usage.limit)}</p>
          <Button variant="outline" size="sm" className="mt-2" onClick={() => setPlansOpen(true)}>
            Upgrade Plan
          </Button>
        </div>
      ) : null}

      <div className="flex flex-wrap items-center justify-between gap-3 px-4 py-3">
        <p id="editor-status" role="status" className="flex items-center gap-2 text-sm text-slate-700">
          <span className={`h-2 w-2 rounded-full ${hasContent ? 'bg-green-600' : 'bg-slate-400'}`} aria-hidden="true" />
          {hasContent ? 'AI Ready' : 'Enter content to generate'}
        </p>
        <div className="flex flex-wrap items-center gap-2">
          <EarlierWorkButton />
          <Button variant="outline" onClick={() => setConfirmClear(true)} disabled={(!inputContent && !latexContent) || isGenerating}>
            <Eraser className="h-4 w-4" aria-hidden="true" />
            Clear
          </Button>
          <Button
            onClick={() => void actions.generate()}
            disabled={!hasContent || isGenerating || tooLong}
            aria-describedby="generate-hint"
            aria-keyshortcuts={SHORTCUTS.generate.aria}
          >
            {isGenerating ? <Spinner /> : <Sparkles className="h-4 w-4" aria-hidden="true" />}
            {isGenerating ? 'Generating...' : 'Generate LaTeX'}
          </Button>
        </div>
      </div>
      <GenerationStages active={isGenerating} />
      {/* A keyboard shortcut means nothing on a touch screen. */}
      <p id="generate-hint" className="px-4 pb-3 text-right text-xs text-slate-600 pointer-coarse:hidden">
        Tip: press <kbd className="rounded border border-slate-300 bg-slate-50 px-1 font-sans">Ctrl</kbd>/
        <kbd className="rounded border border-slate-300 bg-slate-50 px-1 font-sans">⌘</kbd> +{' '}
        <kbd className="rounded border border-slate-300 bg-slate-50 px-1 font-sans">Enter</kbd> to generate
      </p>

      <ConfirmDialog
        open={confirmClear}
        onOpenChange={setConfirmClear}
        title="Clear editor"
        message="Are you sure you want to clear the editor?"
        confirmLabel="Clear"
        destructive
        // A new document: notes and LaTeX go (kept as earlier work on this device), the next
        // generation is a new history entry rather than a version of the open one.
        onConfirm={() => resetEditor()}
      />
    </section>
  );
}
