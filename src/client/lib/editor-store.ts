// Editor state (docs/product.md, Editor), kept outside the page so it survives moving to
// another route and back within the app. The note itself is also kept in sessionStorage, so a
// reload of the tab does not lose it (logout clears it with the rest of storage).
import { useSyncExternalStore } from 'react';
import { isDocumentType, type DocumentType } from '../../shared/document-types';
import type { CompilationResult } from '../../shared/api/latex';
import { readLocal, readSession, STORAGE_KEYS, writeSession } from './storage';

export const UNTITLED_DOCUMENT = 'Untitled Document';

export type EditorTab = 'code' | 'preview';

export interface EditorState {
  inputContent: string;
  documentType: DocumentType;
  latexContent: string;
  /** The LaTeX as the server last stored it for documentId (to know whether to save edits). */
  savedLatex: string;
  compilationResult: CompilationResult | null;
  /** When the current compilation result was produced (ISO). */
  compiledAt: string | null;
  /** The LaTeX the current compilation result was made from: edits after it await a recompile. */
  compiledLatex: string | null;
  isGenerating: boolean;
  isCompiling: boolean;
  title: string;
  documentId: number | null;
  activeTab: EditorTab;
}

export function storedTemplate(): DocumentType {
  const value = readLocal(STORAGE_KEYS.selectedTemplate);
  return isDocumentType(value) ? value : 'article';
}

export function initialEditorState(withDraft = false): EditorState {
  return {
    inputContent: withDraft ? (readSession(STORAGE_KEYS.editorDraft) ?? '') : '',
    documentType: storedTemplate(),
    latexContent: '',
    savedLatex: '',
    compilationResult: null,
    compiledAt: null,
    compiledLatex: null,
    isGenerating: false,
    isCompiling: false,
    title: UNTITLED_DOCUMENT,
    documentId: null,
    activeTab: 'code',
  };
}

let state: EditorState | null = null;
const listeners = new Set<() => void>();

function current(): EditorState {
  if (!state) state = initialEditorState(true);
  return state;
}

function emit(prev: EditorState | null, next: EditorState): void {
  state = next;
  if (prev?.inputContent !== next.inputContent) writeSession(STORAGE_KEYS.editorDraft, next.inputContent);
  for (const l of listeners) l();
}

export const editorStore = {
  get: current,
  set(patch: Partial<EditorState> | ((s: EditorState) => Partial<EditorState>)): void {
    const prev = current();
    emit(prev, { ...prev, ...(typeof patch === 'function' ? patch(prev) : patch) });
  },
  reset(next?: Partial<EditorState>): void {
    emit(state, { ...initialEditorState(), ...next });
  },
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};

export function useEditorState(): EditorState {
  return useSyncExternalStore(editorStore.subscribe, current, current);
}
