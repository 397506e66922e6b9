// The 'Images' part of the Input panel: upload PNG, JPEG or PDF files for the note's figures, see
// the open document's images (name, size, a thumbnail) with Insert and Remove, and how a note
// names one. Refusals are the server's own messages, shown beside the control; nothing else
// changes. A visitor gets the 'Account Required' dialog instead of the file chooser.
import { useState, type ChangeEvent, type MouseEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { FileText, ImagePlus, Plus, Trash2 } from 'lucide-react';
import { imageTooLargeMessage, IMAGE_ACCEPT, MAX_DOCUMENT_IMAGE_BYTES, MAX_IMAGE_BYTES, megabytes } from '../../../shared/images';
import { errorMessage } from '../../lib/api';
import type { EditorActions } from '../../lib/editor-actions';
import { useEditorState } from '../../lib/editor-store';
import { formatBytes } from '../../lib/format';
import { documentForImages, imagePath, imagesQueryKey, removeImage, uploadImage, useDocumentImages } from '../../lib/image-actions';
import { useSession } from '../../lib/session';
import { Button, buttonClass } from '../ui/button';
import { Spinner } from '../ui/spinner';

/** The FIGURE block that shows an uploaded image, captioned by its name. */
export function figureFor(name: string): string {
  const stem = name.slice(0, name.lastIndexOf('.')).replace(/-+/g, ' ');
  return `<FIGURE>\nimage: ${name}\ncaption: ${stem.charAt(0).toUpperCase()}${stem.slice(1)}\n</FIGURE>`;
}

export function ImageUploads({ actions, onInsert }: { actions: Pick<EditorActions, 'requireAccount'>; onInsert: (text: string) => void }) {
  const { documentId } = useEditorState();
  const { isAuthenticated } = useSession();
  const queryClient = useQueryClient();
  const list = useDocumentImages(documentId, isAuthenticated);
  const images = (isAuthenticated && documentId !== null ? list.data?.images : undefined) ?? [];
  const maxImageBytes = list.data?.maxImageBytes ?? MAX_IMAGE_BYTES;
  const [uploading, setUploading] = useState<string | null>(null);
  const [errors, setErrors] = useState<string[]>([]);
  const [done, setDone] = useState('');

  function onChooserClick(e: MouseEvent<HTMLInputElement>) {
    // One batch at a time; a visitor is asked to sign in instead of choosing files.
    if (uploading !== null || !actions.requireAccount('upload')) e.preventDefault();
  }

  async function onChosen(e: ChangeEvent<HTMLInputElement>) {
    const files = Array.from(e.target.files ?? []);
    // Choosing the same file again after a refusal must fire another change.
    e.target.value = '';
    if (files.length === 0) return;
    const refused: string[] = [];
    const stored: string[] = [];
    setErrors([]);
    setDone('');
    for (const file of files) {
      setUploading(file.name);
      try {
        if (file.size > maxImageBytes) throw new Error(imageTooLargeMessage(maxImageBytes));
        const id = await documentForImages();
        const { image } = await uploadImage(id, file);
        stored.push(image.name === file.name ? image.name : `${file.name} as ${image.name}`);
        await queryClient.invalidateQueries({ queryKey: imagesQueryKey(id) });
      } catch (err) {
        refused.push(`${file.name}: ${errorMessage(err, 'The image could not be uploaded. Please try again.')}`);
      }
    }
    setUploading(null);
    setErrors(refused);
    setDone(stored.length ? `Uploaded ${stored.join(', ')}.` : '');
  }

  async function onRemove(name: string) {
    if (documentId === null) return;
    setErrors([]);
    try {
      await removeImage(documentId, name);
      setDone(`Removed ${name}.`);
    } catch (err) {
      setErrors([`${name}: ${errorMessage(err, 'The image could not be removed. Please try again.')}`]);
    }
    await queryClient.invalidateQueries({ queryKey: imagesQueryKey(documentId) });
  }

  const example = images[0]?.name ?? 'diagram.png';
  return (
    <section aria-labelledby="images-title" className="mx-4 mt-3 rounded-lg border border-slate-200 p-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id="images-title" className="flex items-center gap-2 text-sm font-semibold text-slate-900">
          <ImagePlus className="h-4 w-4 text-indigo-700" aria-hidden="true" />
          Images
        </h3>
        <div className="flex items-center">
          <input
            id="image-upload"
            type="file"
            accept={IMAGE_ACCEPT}
            multiple
            className="peer sr-only"
            aria-describedby="images-hint images-errors"
            aria-disabled={uploading !== null}
            onClick={onChooserClick}
            onChange={(e) => void onChosen(e)}
          />
          <label
            htmlFor="image-upload"
            className={buttonClass(
              'outline',
              'sm',
              'cursor-pointer peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-indigo-600 peer-aria-disabled:cursor-wait peer-aria-disabled:text-slate-500',
            )}
          >
            {uploading !== null ? <Spinner /> : <ImagePlus className="h-4 w-4" aria-hidden="true" />}
            Upload image
          </label>
        </div>
      </div>
      <p id="images-hint" className="mt-1 text-xs text-slate-600">
        PNG, JPEG or PDF, up to {megabytes(maxImageBytes)} each ({megabytes(list.data?.maxDocumentBytes ?? MAX_DOCUMENT_IMAGE_BYTES)} per document). Show one in your notes
        with <code className="rounded bg-slate-100 px-1 whitespace-nowrap">![Caption]({example})</code> or a Figure with{' '}
        <code className="rounded bg-slate-100 px-1 whitespace-nowrap">image: {example}</code>, then generate.
      </p>

      <div role="status" aria-live="polite" className="text-sm text-slate-700">
        {uploading !== null ? <p className="mt-2 flex items-center gap-2" aria-busy="true"><Spinner /> Uploading {uploading}…</p> : done ? <p className="mt-2">{done}</p> : null}
      </div>
      {errors.length ? (
        <div id="images-errors" role="alert" className="mt-2 rounded-md border border-red-200 bg-red-50 p-2 text-sm text-red-700">
          {errors.map((e) => (
            <p key={e}>{e}</p>
          ))}
        </div>
      ) : null}

      {images.length ? (
        <ul aria-label="Uploaded images" className="mt-2 divide-y divide-slate-100">
          {images.map((image) => (
            <li key={image.name} className="flex flex-wrap items-center gap-x-3 gap-y-1 py-2">
              {image.contentType === 'application/pdf' || documentId === null ? (
                <FileText className="h-10 w-10 shrink-0 p-2 text-slate-500" aria-hidden="true" />
              ) : (
                <img src={`${imagePath(documentId, image.name)}?v=${encodeURIComponent(image.createdAt)}`} alt="" className="h-10 w-10 shrink-0 rounded border border-slate-200 object-contain" />
              )}
              <div className="min-w-[10rem] flex-1">
                <p className="font-mono text-sm break-all text-slate-900">{image.name}</p>
                <p className="text-xs text-slate-600">{formatBytes(image.size)}</p>
              </div>
              <div className="ml-auto flex items-center gap-1">
                <Button variant="outline" size="sm" onClick={() => onInsert(figureFor(image.name))} title="Insert a Figure that shows this image">
                  <Plus className="h-4 w-4" aria-hidden="true" />
                  Insert<span className="sr-only"> {image.name}</span>
                </Button>
                <Button variant="ghost" size="sm" onClick={() => void onRemove(image.name)}>
                  <Trash2 className="h-4 w-4" aria-hidden="true" />
                  Remove<span className="sr-only"> {image.name}</span>
                </Button>
              </div>
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
