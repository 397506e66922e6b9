// Unsaved work kept in local storage, one draft per person on this device (a visitor has one too),
// so a reload or a crash never loses the notes, the LaTeX, the type and the settings. Besides the
// draft, the last few non-empty drafts that a later save emptied or cut by more than half are kept
// ("earlier work"), so an autosave can never replace work with nothing without a way back
// (docs/product.md, Editor). What is read back is checked: storage is shared with whatever else ran
// on this origin.
import { z } from 'zod';
import { DocumentTypeSchema } from '../../shared/document-types';
import { DocumentSettingsSchema } from '../../shared/generate-options';
import { draftOf, isBlank, type Draft, type EditorState } from './editor-state';
import { readLocal, removeLocal, tryWriteLocal, writeLocal } from './storage';

const DRAFT_PREFIX = 'latexgen.draft.';
const KEPT_PREFIX = 'latexgen.kept.';
/** Earlier work kept per person, newest first. */
export const MAX_KEPT_DRAFTS = 5;

const DraftSchema = z.object({
  inputContent: z.string(),
  latexContent: z.string(),
  documentType: DocumentTypeSchema,
  settings: DocumentSettingsSchema.catch({}),
  switches: z.object({ splitTables: z.boolean(), useMath: z.boolean() }).catch({ splitTables: false, useMath: true }),
  title: z.string(),
  documentId: z.number().int().positive().nullable(),
  imageHolder: z.boolean().catch(false),
  latexSaved: z.boolean().optional().catch(undefined),
});

const KeptSchema = z.array(z.object({ keptAt: z.string(), draft: DraftSchema }));

/** A draft set aside because a later save emptied it or cut it by more than half. */
export interface KeptDraft {
  /** When it was set aside (ISO). */
  keptAt: string;
  draft: Draft;
}

/** Whose draft: a signed-in person by id, or the visitor of this browser. */
export function draftOwner(userId: number | null): string {
  return userId === null ? 'visitor' : `user-${userId}`;
}

function parse<T>(raw: string | null, schema: z.ZodType<T>): T | null {
  if (!raw) return null;
  try {
    const parsed = schema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

function stripUndefined(draft: z.infer<typeof DraftSchema>): Draft {
  const { latexSaved, ...rest } = draft;
  return latexSaved === undefined ? rest : { ...rest, latexSaved };
}

export function loadDraft(owner: string): Draft | null {
  const draft = parse(readLocal(DRAFT_PREFIX + owner), DraftSchema);
  return draft && !isBlank(draft) ? stripUndefined(draft) : null;
}

/** How much of a text is left: a save that keeps less than half of either text sets the old draft aside. */
function cutByHalf(before: string, after: string): boolean {
  const was = before.trim().length;
  return was > 0 && after.trim().length * 2 < was;
}

/** True when saving `next` over `previous` would lose most of the notes or the LaTeX. */
export function losesWork(previous: Draft, next: Pick<Draft, 'inputContent' | 'latexContent'>): boolean {
  return cutByHalf(previous.inputContent, next.inputContent) || cutByHalf(previous.latexContent, next.latexContent);
}

const sameWork = (a: Draft, b: Draft) => a.inputContent === b.inputContent && a.latexContent === b.latexContent;

export function keptDrafts(owner: string): KeptDraft[] {
  return (parse(readLocal(KEPT_PREFIX + owner), KeptSchema) ?? []).map((k) => ({ keptAt: k.keptAt, draft: stripUndefined(k.draft) }));
}

/**
 * Sets a non-empty draft aside as earlier work (newest first, at most MAX_KEPT_DRAFTS, the same
 * work once). When storage is full the oldest kept drafts make room for it.
 */
export function keepDraft(owner: string, draft: Draft, at = new Date()): void {
  if (isBlank(draft)) return;
  const kept = [{ keptAt: at.toISOString(), draft }, ...keptDrafts(owner).filter((k) => !sameWork(k.draft, draft))].slice(0, MAX_KEPT_DRAFTS);
  while (kept.length > 0) {
    if (tryWriteLocal(KEPT_PREFIX + owner, JSON.stringify(kept))) return;
    kept.pop();
  }
}

/**
 * Writes the editor's draft. `previous` is the draft this one replaces (what the last save wrote,
 * or what was restored): when the new one empties it or cuts it by more than half, the previous
 * one is kept as earlier work first.
 */
export function saveDraft(owner: string, state: EditorState, previous: Draft | null = null): Draft {
  const draft = draftOf(state);
  if (previous && losesWork(previous, draft)) keepDraft(owner, previous);
  if (isBlank(state)) removeLocal(DRAFT_PREFIX + owner);
  else writeLocal(DRAFT_PREFIX + owner, JSON.stringify(draft));
  return draft;
}

export function removeDraft(owner: string): void {
  removeLocal(DRAFT_PREFIX + owner);
}
