// The editor's state and every change to it, as one pure reducer: the note and its document type,
// settings and switches; the LaTeX and the last compilation; the generation in progress (with the
// server's current stage) and the model picked; which output tab shows. No I/O here: the store in
// editor-store.ts holds the state and editor-actions.ts talks to the server.
import type { CompilationResult, GenerateResponse, StageEvent } from '../../shared/api/latex';
import type { DocumentType } from '../../shared/document-types';
import type { DocumentSettings } from '../../shared/generate-options';

export const UNTITLED_DOCUMENT = 'Untitled Document';

export type EditorTab = 'code' | 'preview';

/** The generator's switches the editor offers ("split long tables", "convert math"). */
export interface GenerateSwitches {
  splitTables: boolean;
  useMath: boolean;
}
export const DEFAULT_SWITCHES: GenerateSwitches = { splitTables: false, useMath: true };

export interface EditorState {
  inputContent: string;
  documentType: DocumentType;
  settings: DocumentSettings;
  switches: GenerateSwitches;
  latexContent: string;
  /** The LaTeX as the server last stored it for documentId (to know whether to save edits). */
  savedLatex: string;
  compilationResult: CompilationResult | null;
  /** When the current compilation result was produced (ISO). */
  compiledAt: string | null;
  /** The LaTeX the current compilation result was made from: edits after it await a recompile. */
  compiledLatex: string | null;
  isGenerating: boolean;
  /** The server's current stage while generating ('Writing…', 'Checking it compiles…', …). */
  stage: StageEvent | null;
  isCompiling: boolean;
  title: string;
  documentId: number | null;
  /** documentId was saved by the first image upload, before any generation: the next one replaces it. */
  imageHolder: boolean;
  activeTab: EditorTab;
  /** The model the person picked (null: the plan's default). */
  model: string | null;
  /** What the last generation came to, said under Generate (in the page, over nothing). */
  generationNote: { text: string; failed: boolean } | null;
  /** Why the last compile request got no result (the server refused or could not be reached). */
  compileProblem: string | null;
}

/** What "unsaved work" is: enough to put the editor back after a reload. */
export interface Draft {
  inputContent: string;
  latexContent: string;
  documentType: DocumentType;
  settings: DocumentSettings;
  switches: GenerateSwitches;
  title: string;
  documentId: number | null;
  imageHolder?: boolean;
  /** The LaTeX is what the server holds for documentId (nothing of it is unsaved). */
  latexSaved?: boolean;
}

/** A document opened from history. */
export interface OpenedDocument {
  id: number;
  title: string;
  inputContent: string;
  latexContent: string;
  documentType: DocumentType;
  settings?: DocumentSettings;
  /** The stored compile error of a document whose last compilation failed. */
  compilationError: string | null;
}

export type EditorAction =
  | { type: 'input'; text: string }
  | { type: 'documentType'; documentType: DocumentType }
  | { type: 'settings'; settings: DocumentSettings }
  | { type: 'switches'; switches: Partial<GenerateSwitches> }
  | { type: 'latex'; latex: string }
  | { type: 'tab'; tab: EditorTab }
  | { type: 'model'; model: string | null }
  | { type: 'generateStarted' }
  | { type: 'generationNote'; note: { text: string; failed: boolean } | null }
  | { type: 'compileProblem'; message: string }
  | { type: 'generateStage'; stage: StageEvent }
  | { type: 'generated'; response: GenerateResponse; at: string }
  | { type: 'generateEnded' }
  | { type: 'compileStarted' }
  | { type: 'latexSaved'; latex: string }
  | { type: 'documentGone' }
  | { type: 'savedForImages'; documentId: number; latex: string }
  | { type: 'compiled'; result: CompilationResult; latex: string; at: string }
  | { type: 'compileEnded' }
  | { type: 'opened'; document: OpenedDocument }
  | { type: 'storedPdf'; documentId: number; latex: string; result: CompilationResult; at: string }
  | { type: 'restored'; draft: Draft }
  | { type: 'reset'; documentType: DocumentType; model: string | null };

export function initialEditorState(documentType: DocumentType, model: string | null = null): EditorState {
  return {
    inputContent: '',
    documentType,
    settings: {},
    switches: DEFAULT_SWITCHES,
    latexContent: '',
    savedLatex: '',
    compilationResult: null,
    compiledAt: null,
    compiledLatex: null,
    isGenerating: false,
    stage: null,
    isCompiling: false,
    title: UNTITLED_DOCUMENT,
    documentId: null,
    imageHolder: false,
    activeTab: 'code',
    model,
    generationNote: null,
    compileProblem: null,
  };
}

export function draftOf(s: EditorState): Draft {
  return {
    inputContent: s.inputContent,
    latexContent: s.latexContent,
    documentType: s.documentType,
    settings: s.settings,
    switches: s.switches,
    title: s.title,
    documentId: s.documentId,
    imageHolder: s.imageHolder,
    latexSaved: s.documentId !== null && s.savedLatex === s.latexContent,
  };
}

/** True when the draft holds work the server does not have (unsaved notes-only work, or edited LaTeX). */
export function hasUnsavedWork(d: Draft): boolean {
  return d.documentId === null || d.latexSaved !== true;
}

/** True when there is nothing of the person's in the editor (a restore may fill it). */
export function isBlank(s: Pick<EditorState, 'inputContent' | 'latexContent'>): boolean {
  return !s.inputContent.trim() && !s.latexContent.trim();
}

/** The compile result's tab: a PDF or an HTML preview shows the preview, errors show the code. */
function tabAfterCompile(result: CompilationResult): EditorTab {
  return (result.success && (!!result.pdf || !!result.pdfUrl)) || result.isHtml ? 'preview' : 'code';
}

export function editorReducer(s: EditorState, a: EditorAction): EditorState {
  switch (a.type) {
    case 'input':
      return a.text === s.inputContent ? s : { ...s, inputContent: a.text };
    case 'documentType':
      return { ...s, documentType: a.documentType };
    case 'settings':
      return { ...s, settings: a.settings };
    case 'switches':
      return { ...s, switches: { ...s.switches, ...a.switches } };
    case 'latex':
      return a.latex === s.latexContent ? s : { ...s, latexContent: a.latex };
    case 'tab':
      return { ...s, activeTab: a.tab };
    case 'model':
      return { ...s, model: a.model };
    case 'generateStarted':
      return { ...s, isGenerating: true, stage: null, generationNote: null };
    case 'generationNote':
      return { ...s, generationNote: a.note };
    case 'compileProblem':
      return { ...s, compileProblem: a.message };
    case 'generateStage':
      return s.isGenerating ? { ...s, stage: a.stage } : s;
    case 'generated': {
      const r = a.response;
      return {
        ...s,
        latexContent: r.latex,
        savedLatex: r.latex,
        title: r.title,
        documentId: r.documentId,
        imageHolder: false,
        compilationResult: r.compilationResult ?? null,
        compiledAt: r.compilationResult ? a.at : null,
        compiledLatex: r.compilationResult ? r.latex : null,
        activeTab: 'code',
      };
    }
    case 'generateEnded':
      return { ...s, isGenerating: false, stage: null };
    case 'compileStarted':
      return { ...s, isCompiling: true, compileProblem: null };
    case 'latexSaved':
      return { ...s, savedLatex: a.latex };
    case 'documentGone':
      return { ...s, documentId: null, imageHolder: false };
    case 'savedForImages':
      return { ...s, documentId: a.documentId, savedLatex: a.latex, imageHolder: true };
    case 'compiled':
      return { ...s, compilationResult: a.result, compiledAt: a.at, compiledLatex: a.latex, activeTab: tabAfterCompile(a.result) };
    case 'compileEnded':
      return { ...s, isCompiling: false };
    case 'opened': {
      const d = a.document;
      const failed = d.compilationError ? { success: false, error: d.compilationError } : null;
      return {
        ...initialEditorState(d.documentType, s.model),
        inputContent: d.inputContent,
        latexContent: d.latexContent,
        savedLatex: d.latexContent,
        settings: d.settings ?? {},
        switches: s.switches,
        title: d.title,
        documentId: d.id,
        compilationResult: failed,
        compiledLatex: failed ? d.latexContent : null,
      };
    }
    case 'storedPdf':
      // Only if the document is still the one open and unedited since.
      if (s.documentId !== a.documentId || s.latexContent !== a.latex) return s;
      return { ...s, compilationResult: a.result, compiledAt: a.at, compiledLatex: a.latex };
    case 'restored': {
      const { latexSaved, ...draft } = a.draft;
      return { ...initialEditorState(draft.documentType, s.model), ...draft, imageHolder: draft.imageHolder ?? false, savedLatex: latexSaved ? draft.latexContent : '' };
    }
    case 'reset':
      return initialEditorState(a.documentType, a.model);
  }
}
