// The editor's state for the whole page life (it survives moving to another route and back), with
// what outlives the page: the last document type chosen and the model picked are remembered on
// this device, and the unsaved work is written to the owner's draft shortly after each change
// (and when the page is hidden) so a reload can restore it.
import { isDocumentType, type DocumentType } from '../../shared/document-types';
import { loadDraft, saveDraft } from './drafts';
import { draftOf, editorReducer, initialEditorState, isBlank, type Draft, type EditorAction, type EditorState } from './editor-state';
import { createReducerStore, useStoreState } from './reducer-store';
import { readLocal, STORAGE_KEYS, writeLocal } from './storage';

export { UNTITLED_DOCUMENT } from './editor-state';
export type { EditorState, EditorTab } from './editor-state';

export const DRAFT_SAVE_DELAY_MS = 300;
const MODEL_KEY = 'latexgen.selectedModel';

/** The last document type chosen on this device (the selector or a /template link), else article. */
export function storedTemplate(): DocumentType {
  const value = readLocal(STORAGE_KEYS.selectedTemplate);
  return isDocumentType(value) ? value : 'article';
}

function storedModel(): string | null {
  return readLocal(MODEL_KEY) || null;
}

export const editorStore = createReducerStore<EditorState, EditorAction>(editorReducer, () => initialEditorState(storedTemplate(), storedModel()));

export const dispatchEditor = (action: EditorAction): void => editorStore.dispatch(action);

export function useEditorState(): EditorState {
  return useStoreState(editorStore);
}

/** Back to an empty editor with the remembered type and model (tests, Undo of a restore). */
export function resetEditor(): void {
  editorStore.dispatch({ type: 'reset', documentType: storedTemplate(), model: storedModel() });
}

// ---- what outlives the page ---------------------------------------------------------------------

let draftOwner: string | null = null;
let draftTimer: ReturnType<typeof setTimeout> | null = null;
let lastSaved = '';

function flushDraft(): void {
  if (draftTimer) clearTimeout(draftTimer);
  draftTimer = null;
  if (!draftOwner) return;
  const state = editorStore.getState();
  const serialised = JSON.stringify(draftOf(state));
  if (serialised === lastSaved) return;
  lastSaved = serialised;
  saveDraft(draftOwner, state);
}

/**
 * Whose draft the editor writes to from now on (the person known to be at the keyboard). An empty
 * editor takes that person's saved work back (unless `restore` is false: a document is being
 * opened); work already in the editor becomes theirs. Returns the draft restored, or null.
 */
export function adoptDraftOwner(owner: string, restore = true): Draft | null {
  if (owner === draftOwner) return null;
  draftOwner = owner;
  lastSaved = '';
  const state = editorStore.getState();
  if (!isBlank(state)) {
    flushDraft();
    return null;
  }
  const draft = restore ? loadDraft(owner) : null;
  if (!draft) return null;
  // The document type is the last one chosen on this device, which may be newer than the draft.
  const chosen = readLocal(STORAGE_KEYS.selectedTemplate);
  editorStore.dispatch({ type: 'restored', draft: { ...draft, documentType: isDocumentType(chosen) ? chosen : draft.documentType } });
  lastSaved = JSON.stringify(draftOf(editorStore.getState()));
  return draft;
}

let prev = editorStore.getState();
editorStore.subscribe(() => {
  const next = editorStore.getState();
  if (next.documentType !== prev.documentType) writeLocal(STORAGE_KEYS.selectedTemplate, next.documentType);
  if (next.model !== prev.model) writeLocal(MODEL_KEY, next.model ?? '');
  prev = next;
  if (!draftOwner) return;
  if (draftTimer) clearTimeout(draftTimer);
  draftTimer = setTimeout(flushDraft, DRAFT_SAVE_DELAY_MS);
});

if (typeof window !== 'undefined') window.addEventListener('pagehide', flushDraft);

/** Tests: forget whose drafts are written (a new page load). */
export function resetDraftTracking(): void {
  draftOwner = null;
  lastSaved = '';
  if (draftTimer) clearTimeout(draftTimer);
  draftTimer = null;
}
