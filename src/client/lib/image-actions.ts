// The images of the open document, uploaded for its figures: the list (a TanStack query), upload
// (the file's bytes as the body; the server decides what it is from them), remove, and the
// document they belong to. Images live with a saved document, so the first upload before any
// generation saves the editor's work as one; the next generation takes the images over (the
// server copies them) and that holder, never generated, is deleted again.
import { useQuery } from '@tanstack/react-query';
import { DocumentSchema } from '../../shared/api/documents';
import { ImageListResponseSchema, ImageUploadResponseSchema, type ImageListResponse, type ImageUploadResponse } from '../../shared/images';
import { apiErrorFrom, apiJson, apiRequest, fetchData, isApiError } from './api';
import { dispatchEditor, editorStore } from './editor-store';

/** Under ['documents', …] so whatever refreshes the documents refreshes their images too. */
export const imagesQueryKey = (documentId: number | null) => ['documents', documentId, 'images'] as const;

/** What a document saved only to hold images keeps as its notes when the editor's are still empty. */
export const EMPTY_NOTE_PLACEHOLDER = 'Notes not written yet.';

export const imagePath = (documentId: number, name: string) => `/api/documents/${documentId}/images/${encodeURIComponent(name)}`;

async function fetchImages(documentId: number): Promise<ImageListResponse | null> {
  try {
    return await fetchData(`/api/documents/${documentId}/images`, ImageListResponseSchema);
  } catch (err) {
    // The document was deleted (in history, another tab): it has no images any more.
    if (isApiError(err, 404)) return null;
    throw err;
  }
}

/** The open document's images; nothing for a visitor or before there is a document. */
export function useDocumentImages(documentId: number | null, signedIn: boolean) {
  return useQuery({
    queryKey: imagesQueryKey(documentId),
    queryFn: () => fetchImages(documentId!),
    enabled: signedIn && documentId !== null,
  });
}

let saving: Promise<number> | null = null;

/** The open document's id, saving the editor's work as a document first when there is none. */
export function documentForImages(): Promise<number> {
  const open = editorStore.getState().documentId;
  if (open !== null) return Promise.resolve(open);
  saving ??= (async () => {
    const s = editorStore.getState();
    const doc = await apiJson(
      'POST',
      '/api/documents',
      { title: s.title, inputContent: s.inputContent.trim() ? s.inputContent : EMPTY_NOTE_PLACEHOLDER, latexContent: s.latexContent, documentType: s.documentType },
      DocumentSchema,
    );
    dispatchEditor({ type: 'savedForImages', documentId: doc.id, latex: s.latexContent });
    return doc.id;
  })().finally(() => {
    saving = null;
  });
  return saving;
}

export async function uploadImage(documentId: number, file: File): Promise<ImageUploadResponse> {
  const res = await fetch(`/api/documents/${documentId}/images?name=${encodeURIComponent(file.name)}`, {
    method: 'POST',
    credentials: 'include',
    headers: { 'Content-Type': 'application/octet-stream', 'Cache-Control': 'no-cache' },
    body: file,
  });
  if (!res.ok) throw await apiErrorFrom(res);
  return ImageUploadResponseSchema.parse(await res.json());
}

export async function removeImage(documentId: number, name: string): Promise<void> {
  await apiRequest('DELETE', imagePath(documentId, name));
}
