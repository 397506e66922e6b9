// The editor's reducer: each change a person or the server makes, on plain state objects.
import { describe, expect, it } from 'vitest';
import { GENERATED, GENERATED_LATEX } from './fixtures/generated';
import { editorReducer, initialEditorState, isBlank, UNTITLED_DOCUMENT, type EditorAction, type EditorState } from './editor-state';

const LATEX = GENERATED_LATEX;
const RESPONSE = GENERATED;
const AT = '2026-11-02T10:00:00.000Z';

const run = (actions: EditorAction[], start: EditorState = initialEditorState('article')) => actions.reduce(editorReducer, start);

describe('editorReducer', () => {
  it('starts empty with the given type, default switches and an untitled document', () => {
    const s = initialEditorState('letter', 'fake-model');
    expect(s).toMatchObject({ documentType: 'letter', model: 'fake-model', title: UNTITLED_DOCUMENT, switches: { splitTables: false, useMath: true }, settings: {} });
    expect(isBlank(s)).toBe(true);
  });

  it('keeps the same object when the text does not change (no needless renders or saves)', () => {
    const s = run([{ type: 'input', text: 'a' }]);
    expect(editorReducer(s, { type: 'input', text: 'a' })).toBe(s);
    expect(editorReducer(s, { type: 'latex', latex: '' })).toBe(s);
  });

  it('merges switch changes and replaces settings', () => {
    const s = run([
      { type: 'switches', switches: { splitTables: true } },
      { type: 'settings', settings: { columns: 2, paper: 'letter' } },
      { type: 'settings', settings: { columns: 1 } },
    ]);
    expect(s.switches).toEqual({ splitTables: true, useMath: true });
    expect(s.settings).toEqual({ columns: 1 });
  });

  it('shows stages only while generating and clears them at the end', () => {
    const stage = { stage: 'writing' as const, message: 'Writing…', attempt: 1 };
    expect(run([{ type: 'generateStage', stage }]).stage).toBeNull();
    const busy = run([{ type: 'generateStarted' }, { type: 'generateStage', stage }]);
    expect(busy).toMatchObject({ isGenerating: true, stage });
    expect(editorReducer(busy, { type: 'generateEnded' })).toMatchObject({ isGenerating: false, stage: null });
  });

  it('a generation sets the LaTeX, title and document, shows the code, and awaits compilation', () => {
    const s = run([{ type: 'tab', tab: 'preview' }, { type: 'generated', response: RESPONSE, at: AT }]);
    expect(s).toMatchObject({ latexContent: LATEX, savedLatex: LATEX, title: 'Notes', documentId: 7, activeTab: 'code', compilationResult: null, compiledAt: null });
    const compiledToo = run([{ type: 'generated', response: { ...RESPONSE, compilationResult: { success: true, pdf: 'JVBERi0=' } }, at: AT }]);
    expect(compiledToo).toMatchObject({ compiledAt: AT, compiledLatex: LATEX });
  });

  it('a compiled PDF or HTML preview shows the preview tab; errors show the code', () => {
    const pdf = run([{ type: 'compiled', result: { success: true, pdf: 'JVBERi0=' }, latex: LATEX, at: AT }]);
    expect(pdf).toMatchObject({ activeTab: 'preview', compiledLatex: LATEX, compiledAt: AT });
    expect(run([{ type: 'compiled', result: { success: false, isHtml: true, html: '<p>x</p>' }, latex: LATEX, at: AT }]).activeTab).toBe('preview');
    expect(run([{ type: 'tab', tab: 'preview' }, { type: 'compiled', result: { success: false, error: 'x' }, latex: LATEX, at: AT }]).activeTab).toBe('code');
  });

  it('opens a document from history with its last failure, keeping the model and switches', () => {
    const start = run([{ type: 'model', model: 'm' }, { type: 'switches', switches: { useMath: false } }, { type: 'input', text: 'old' }]);
    const s = editorReducer(start, {
      type: 'opened',
      document: { id: 3, title: 'T', inputContent: 'in', latexContent: LATEX, documentType: 'report', settings: { toc: true }, compilationError: 'Undefined control sequence' },
    });
    expect(s).toMatchObject({ documentId: 3, title: 'T', inputContent: 'in', latexContent: LATEX, savedLatex: LATEX, documentType: 'report', model: 'm', settings: { toc: true } });
    expect(s.switches.useMath).toBe(false);
    expect(s.compilationResult).toEqual({ success: false, error: 'Undefined control sequence' });
    expect(s.compiledLatex).toBe(LATEX);
  });

  it('takes a stored PDF only for the same, unedited document', () => {
    const open = run([{ type: 'opened', document: { id: 3, title: 'T', inputContent: 'in', latexContent: LATEX, documentType: 'article', compilationError: null } }]);
    const pdf = { type: 'storedPdf' as const, documentId: 3, latex: LATEX, result: { success: true, pdf: 'JVBERi0=' }, at: AT };
    expect(editorReducer(open, pdf).compilationResult).toEqual({ success: true, pdf: 'JVBERi0=' });
    expect(editorReducer(open, { ...pdf, documentId: 4 })).toBe(open);
    expect(editorReducer(editorReducer(open, { type: 'latex', latex: `${LATEX}%` }), pdf).compilationResult).toBeNull();
  });

  it('a restored draft fills the editor but counts as unsaved (a recompile saves it)', () => {
    const draft = { inputContent: 'n', latexContent: LATEX, documentType: 'book' as const, settings: { columns: 2 as const }, switches: { splitTables: true, useMath: true }, title: 'B', documentId: 5 };
    const s = run([{ type: 'model', model: 'm' }, { type: 'restored', draft }]);
    expect(s).toMatchObject({ ...draft, savedLatex: '', model: 'm', compilationResult: null });
  });

  it('a reset empties everything', () => {
    const s = run([{ type: 'input', text: 'x' }, { type: 'generated', response: RESPONSE, at: AT }, { type: 'reset', documentType: 'basic', model: null }]);
    expect(s).toEqual(initialEditorState('basic'));
  });

  it('a document saved to hold images is the open one until a generation replaces it; opening or a lost document forgets it', () => {
    const held = run([{ type: 'input', text: 'notes' }, { type: 'savedForImages', documentId: 4, latex: '' }]);
    expect(held).toMatchObject({ documentId: 4, imageHolder: true, savedLatex: '', inputContent: 'notes' });
    expect(editorReducer(held, { type: 'generated', response: RESPONSE, at: AT })).toMatchObject({ documentId: 7, imageHolder: false });
    expect(editorReducer(held, { type: 'documentGone' })).toMatchObject({ documentId: null, imageHolder: false });
    // It survives a reload: the draft keeps it.
    const draft = { inputContent: 'notes', latexContent: '', documentType: 'article' as const, settings: {}, switches: held.switches, title: UNTITLED_DOCUMENT, documentId: 4, imageHolder: true };
    expect(editorReducer(initialEditorState('article'), { type: 'restored', draft })).toMatchObject({ documentId: 4, imageHolder: true });
  });
});
