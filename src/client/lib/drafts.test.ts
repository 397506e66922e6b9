// @vitest-environment happy-dom
// Unsaved work per person: written and read back, checked, and removed when the editor is empty.
import { beforeEach, describe, expect, it } from 'vitest';
import { draftOwner, loadDraft, saveDraft } from './drafts';
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
    });
    expect(loadDraft('user-2')).toBeNull();
  });

  it('an empty editor leaves no draft', () => {
    saveDraft('visitor', state);
    saveDraft('visitor', initialEditorState('article'));
    expect(loadDraft('visitor')).toBeNull();
    expect(localStorage.length).toBe(0);
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
