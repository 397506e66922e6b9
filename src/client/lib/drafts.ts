// Unsaved work kept in local storage, one draft per person on this device (a visitor has one too),
// so a reload or a crash never loses the notes, the LaTeX, the type and the settings. What is
// read back is checked: storage is shared with whatever else ran on this origin.
import { z } from 'zod';
import { DocumentTypeSchema } from '../../shared/document-types';
import { DocumentSettingsSchema } from '../../shared/generate-options';
import { draftOf, isBlank, type Draft, type EditorState } from './editor-state';
import { readLocal, removeLocal, writeLocal } from './storage';

const DRAFT_PREFIX = 'latexgen.draft.';

const DraftSchema = z.object({
  inputContent: z.string(),
  latexContent: z.string(),
  documentType: DocumentTypeSchema,
  settings: DocumentSettingsSchema.catch({}),
  switches: z.object({ splitTables: z.boolean(), useMath: z.boolean() }).catch({ splitTables: false, useMath: true }),
  title: z.string(),
  documentId: z.number().int().positive().nullable(),
  imageHolder: z.boolean().catch(false),
});

/** Whose draft: a signed-in person by id, or the visitor of this browser. */
export function draftOwner(userId: number | null): string {
  return userId === null ? 'visitor' : `user-${userId}`;
}

export function loadDraft(owner: string): Draft | null {
  const raw = readLocal(DRAFT_PREFIX + owner);
  if (!raw) return null;
  try {
    const parsed = DraftSchema.safeParse(JSON.parse(raw));
    return parsed.success && !isBlank(parsed.data) ? parsed.data : null;
  } catch {
    return null;
  }
}

export function saveDraft(owner: string, state: EditorState): void {
  if (isBlank(state)) removeLocal(DRAFT_PREFIX + owner);
  else writeLocal(DRAFT_PREFIX + owner, JSON.stringify(draftOf(state)));
}

export function removeDraft(owner: string): void {
  removeLocal(DRAFT_PREFIX + owner);
}
