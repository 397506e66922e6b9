// @vitest-environment happy-dom
// The notice of restored work speaks of that work only: Clear (or Start over) and a new document
// take it away, so its "Start over" never means the work that came after.
import { describe, expect, it } from 'vitest';
import { loadDraft, saveDraft } from './drafts';
import { editorReducer, initialEditorState } from './editor-state';
import { resetEditor, restoreNotice } from './editor-store';

describe('the restore notice', () => {
  it('goes with Clear', () => {
    saveDraft('user-9', editorReducer(initialEditorState('article'), { type: 'input', text: 'kept notes' }));
    const draft = loadDraft('user-9');
    expect(draft).not.toBeNull();
    restoreNotice.dispatch(draft);
    expect(restoreNotice.getState()).not.toBeNull();
    resetEditor();
    expect(restoreNotice.getState()).toBeNull();
  });
});
