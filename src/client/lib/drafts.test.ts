// @vitest-environment happy-dom
// Unsaved work per person: written and read back, checked, and removed when the editor is empty.
import { beforeEach, describe, expect, it } from 'vitest';
import { draftOwner, keepDraft, keptDrafts, loadDraft, saveDraft } from './drafts';
import { editorReducer, initialEditorState } from './editor-state';

const state = editorReducer(editorReducer(initialEditorState('report'), { type: 'input', text: 'my notes' }), {
  type: 'settings',
  settings: { columns: 2, toc: true },
});

beforeEach(() => localStorage.clear());

describe('drafts', () => {
  it('names one draft per user and one for the visitor', () => {
    expect(draftOwner(null)).toBe('visitor');
    expect(draftOwner(12)).toBe('user-12');
  });

  it('reads back what was saved, for that owner only', () => {
    saveDraft('user-1', state);
    expect(loadDraft('user-1')).toEqual({
      inputContent: 'my notes',
      latexContent: '',
      documentType: 'report',
      settings: { columns: 2, toc: true },
      switches: { splitTables: false, useMath: true },
      title: 'Untitled Document',
      documentId: null,
      imageHolder: false,
      latexSaved: false,
    });
    expect(loadDraft('user-2')).toBeNull();
  });

  it('an empty editor leaves no draft', () => {
    saveDraft('visitor', state);
    saveDraft('visitor', initialEditorState('article'));
    expect(loadDraft('visitor')).toBeNull();
    expect(localStorage.length).toBe(0);
  });

  it('keeps a draft that a save empties or cuts by more than half as earlier work, newest first, at most five', () => {
    const previous = saveDraft('user-1', state);
    const shorter = editorReducer(state, { type: 'input', text: 'my no' });
    const kept = saveDraft('user-1', shorter, previous);
    expect(keptDrafts('user-1')).toEqual([]);
    saveDraft('user-1', initialEditorState('report'), kept);
    expect(keptDrafts('user-1').map((k) => k.draft.inputContent)).toEqual(['my no']);
    for (let i = 0; i < 7; i++) keepDraft('user-1', saveDraft('user-1', editorReducer(state, { type: 'input', text: `version ${i}` })));
    expect(keptDrafts('user-1').map((k) => k.draft.inputContent)).toEqual(['version 6', 'version 5', 'version 4', 'version 3', 'version 2']);
    expect(keptDrafts('user-2')).toEqual([]);
  });

  it('ignores damaged or foreign values, and drops bad settings rather than the notes', () => {
    localStorage.setItem('latexgen.draft.visitor', '{not json');
    expect(loadDraft('visitor')).toBeNull();
    localStorage.setItem('latexgen.draft.visitor', JSON.stringify({ inputContent: 1 }));
    expect(loadDraft('visitor')).toBeNull();
    localStorage.setItem(
      'latexgen.draft.visitor',
      JSON.stringify({ inputContent: 'n', latexContent: '', documentType: 'article', settings: { columns: 9 }, switches: null, title: 't', documentId: null }),
    );
    expect(loadDraft('visitor')).toMatchObject({ inputContent: 'n', settings: {}, switches: { splitTables: false, useMath: true } });
  });
});
