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
 * Whose draft the editor writes to from now on (null: nobody yet, while the session loads). The
 * current work is written to the new owner at once.
 */
export function setDraftOwner(owner: string | null): void {
  if (owner === draftOwner) return;
  draftOwner = owner;
  lastSaved = '';
  flushDraft();
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

let restoreChecked = false;

/**
 * Puts the owner's saved work back into an empty editor, once per page load. Returns the draft
 * restored, or null (nothing saved, or the editor already has work in it).
 */
export function restoreDraftOnce(owner: string): Draft | null {
  if (restoreChecked) return null;
  restoreChecked = true;
  const draft = loadDraft(owner);
  if (!draft || !isBlank(editorStore.getState())) return null;
  // The document type is the last one chosen on this device, which may be newer than the draft.
  const chosen = readLocal(STORAGE_KEYS.selectedTemplate);
  editorStore.dispatch({ type: 'restored', draft: { ...draft, documentType: isDocumentType(chosen) ? chosen : draft.documentType } });
  return draft;
}

/** Tests: forget that this page load already looked for a draft, and whose drafts are written. */
export function resetDraftTracking(): void {
  restoreChecked = false;
  draftOwner = null;
  lastSaved = '';
  if (draftTimer) clearTimeout(draftTimer);
  draftTimer = null;
}
