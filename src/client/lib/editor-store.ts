// The editor's state for the whole page life (it survives moving to another route and back), with
// what outlives the page: the last document type chosen and the model picked are remembered on
// this device, and the unsaved work is written to the owner's draft shortly after each change
// (and when the page is hidden) so a reload can restore it.
import { isDocumentType, type DocumentType } from '../../shared/document-types';
import { useMemo } from 'react';
import { keepDraft, keptDrafts, loadDraft, losesWork, saveDraft, type KeptDraft } from './drafts';
import { draftOf, editorReducer, hasUnsavedWork, initialEditorState, isBlank, type Draft, type EditorAction, type EditorState } from './editor-state';
import { createReducerStore, useStoreState } from './reducer-store';
import { readLocal, readSession, STORAGE_KEYS, writeLocal, writeSession } from './storage';

export { UNTITLED_DOCUMENT } from './editor-state';
export type { EditorState, EditorTab } from './editor-state';
export type { KeptDraft } from './drafts';

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
  // (The notice of restored work speaks of work that is gone now: its "Start over" would mean the next.)
  restoreNotice.dispatch(null);
}

// ---- what outlives the page ---------------------------------------------------------------------

let draftOwner: string | null = null;
let draftTimer: ReturnType<typeof setTimeout> | null = null;
let lastSaved = '';
/** What the last save wrote (or what was restored): a save that empties it keeps it as earlier work. */
let lastDraft: Draft | null = null;
/** Bumped whenever the kept earlier work changes, for the components that list it. */
const keptVersion = createReducerStore<number, 'bump'>((n) => n + 1, () => 0);

function flushDraft(): void {
  if (draftTimer) clearTimeout(draftTimer);
  draftTimer = null;
  if (!draftOwner) return;
  const state = editorStore.getState();
  const serialised = JSON.stringify(draftOf(state));
  if (serialised === lastSaved) return;
  lastSaved = serialised;
  const before = lastDraft;
  lastDraft = saveDraft(draftOwner, state, lastDraft);
  if (before && losesWork(before, lastDraft)) keptVersion.dispatch('bump');
}

/** Writes the draft now instead of after DRAFT_SAVE_DELAY_MS (the page is going away; tests). */
export const flushDraftNow = flushDraft;

/**
 * Whose draft the editor writes to from now on (the person known to be at the keyboard). An empty
 * editor takes that person's saved work back (unless `restore` is false: a document is being
 * opened); work already in the editor becomes theirs, and the draft it replaces is kept as earlier
 * work. Returns the draft restored, or null.
 */
export function adoptDraftOwner(owner: string, restore = true): Draft | null {
  if (owner === draftOwner) return null;
  draftOwner = owner;
  lastSaved = '';
  keptVersion.dispatch('bump');
  const stored = loadDraft(owner);
  lastDraft = stored;
  const state = editorStore.getState();
  if (!isBlank(state)) {
    // The work on screen wins; theirs from before is kept, never overwritten.
    if (stored && JSON.stringify(stored) !== JSON.stringify(draftOf(state))) {
      keepDraft(owner, stored);
      keptVersion.dispatch('bump');
    }
    lastDraft = null;
    flushDraft();
    return null;
  }
  const draft = restore ? stored : null;
  if (!draft) return null;
  // The document type is the last one chosen on this device, which may be newer than the draft.
  const chosen = readLocal(STORAGE_KEYS.selectedTemplate);
  editorStore.dispatch({ type: 'restored', draft: { ...draft, documentType: isDocumentType(chosen) ? chosen : draft.documentType } });
  lastSaved = JSON.stringify(draftOf(editorStore.getState()));
  return draft;
}

/**
 * The draft restored when this page loaded, while the editor says so: only work the server does not
 * have, and only on a visit's first load in this tab (a reload brings back what was just on screen).
 */
export const restoreNotice = createReducerStore<Draft | null, Draft | null>((_, next) => next, () => null);
const RESTORED_IN_TAB = 'latexgen.restoredInTab';

/** Adopts the owner's draft (see adoptDraftOwner) and decides whether the editor says it restored work. */
export function restoreDraftOf(owner: string, restore: boolean): Draft | null {
  const restored = adoptDraftOwner(owner, restore);
  const reload = readSession(RESTORED_IN_TAB) === owner;
  writeSession(RESTORED_IN_TAB, owner);
  if (restored && hasUnsavedWork(restored) && !reload) restoreNotice.dispatch(restored);
  return restored;
}

/** The earlier work kept on this device for the person at the keyboard, newest first. */
export function useKeptDrafts(): KeptDraft[] {
  const version = useStoreState(keptVersion);
  const owner = draftOwner;
  return useMemo(() => (owner && version >= 0 ? keptDrafts(owner) : []), [owner, version]);
}

/** Puts kept earlier work back in the editor; what was on screen is kept in its place. */
export function restoreKeptDraft(kept: KeptDraft): void {
  if (!draftOwner) return;
  const state = editorStore.getState();
  if (!isBlank(state)) keepDraft(draftOwner, draftOf(state));
  editorStore.dispatch({ type: 'restored', draft: kept.draft });
  lastDraft = null;
  flushDraft();
  keptVersion.dispatch('bump');
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
  lastDraft = null;
  if (draftTimer) clearTimeout(draftTimer);
  draftTimer = null;
  keptVersion.dispatch('bump');
  restoreNotice.dispatch(null);
}
