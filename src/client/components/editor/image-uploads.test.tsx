// @vitest-environment happy-dom
// The editor's Images control: the first upload saves the notes as a document to hold the images,
// the list shows each with its size and a Remove button, a refused file shows the server's own
// message beside the control without losing anything, Insert puts a FIGURE naming the image into
// the note, and Generate writes into that document (its images stay with it).
// A visitor is asked to sign in instead.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { forwardRef } from 'react';
import { editorStore, resetEditor } from '../../lib/editor-store';
import { resetToasts } from '../../lib/toast';
import { renderWithProviders, signedIn, signedOut } from '../../test-utils';
import { HomePage } from '../../pages/home';
import { figureFor } from './image-uploads';

vi.mock('./latex-editor', () => ({
  default: forwardRef<unknown, { value: string; onChange: (v: string) => void }>(function FakeEditor({ value, onChange }) {
    return <textarea aria-label="LaTeX code" value={value} onChange={(e) => onChange(e.target.value)} />;
  }),
}));
vi.mock('./pdf-viewer', () => ({ default: () => <div data-testid="pdf-viewer" />, warmPdfWorker: () => {} }));

const NOT_AN_IMAGE = 'Only PNG, JPEG and PDF images can be uploaded (the file is checked by its content, not its name).';
const RESULT = {
  latex: '\\documentclass{article}\n\\begin{document}\nx\n\\end{document}\n',
  title: 'Notes',
  documentId: 6,
  engine: 'builtin',
  usage: { current: 1, limit: 3, refillCredits: 0, resetDate: '2026-12-01T00:00:00.000Z' },
};

function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

const image = (name: string, size = 8) => ({ name, contentType: 'image/png', size, createdAt: '2026-11-23T09:00:00.000Z' });
const DOCUMENT = { id: 5, title: 'Untitled Document', documentType: 'article', createdAt: '2026-11-23T09:00:00.000Z', updatedAt: '2026-11-23T09:00:00.000Z', compilationSuccessful: null, hasPdf: false, inputContent: 'My notes', latexContent: '', compilationError: null, metadata: null };

/** The server's side of the image routes, in memory: documents 5 (the holder) and 6 (generated). */
function stubImageServer({ stored = [] as string[] } = {}) {
  const images = new Map<number, ReturnType<typeof image>[]>([[5, stored.map((n) => image(n))]]);
  const calls: string[] = [];
  const created: unknown[] = [];
  const generated: unknown[] = [];
  const fn = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const method = (init?.method ?? 'GET').toUpperCase();
    const where = url.pathname + url.search;
    calls.push(`${method} ${where}`);
    if (url.pathname === '/api/latex/models') return json({ models: [{ id: 'builtin', label: 'Builtin (no AI)', provider: 'builtin' }], default: 'builtin' });
    if (method === 'POST' && url.pathname === '/api/documents') {
      created.push(JSON.parse(String(init?.body)));
      return json(DOCUMENT, 201);
    }
    const list = /^\/api\/documents\/(\d+)\/images$/.exec(url.pathname);
    if (list && method === 'GET') {
      const own = images.get(Number(list[1])) ?? [];
      return json({ images: own, totalBytes: own.reduce((n, i) => n + i.size, 0), maxImageBytes: 10 << 20, maxDocumentBytes: 50 << 20 });
    }
    if (list && method === 'POST') {
      const bytes = new Uint8Array(await (init!.body as Blob).arrayBuffer());
      if (bytes[0] !== 0x89) return json({ message: NOT_AN_IMAGE }, 415);
      const stored = image(url.searchParams.get('name')!.replace(/ /g, '-'), bytes.length);
      images.set(Number(list[1]), [...(images.get(Number(list[1])) ?? []), stored]);
      return json({ image: stored, totalBytes: bytes.length }, 201);
    }
    const one = /^\/api\/documents\/(\d+)\/images\/(.+)$/.exec(url.pathname);
    if (one && method === 'DELETE') {
      images.set(Number(one[1]), (images.get(Number(one[1])) ?? []).filter((i) => i.name !== one[2]));
      return json({ success: true });
    }
    if (method === 'DELETE' && url.pathname === '/api/documents/5') return json({ success: true });
    if (url.pathname === '/api/latex/generate') {
      const body = JSON.parse(String(init?.body)) as { documentId?: number };
      generated.push(body);
      // Generated into the open document (the holder): it becomes that document's first version.
      const result = body.documentId ? { ...RESULT, documentId: body.documentId } : RESULT;
      return new Response(`event: result\ndata: ${JSON.stringify(result)}\n\n`, { headers: { 'Content-Type': 'text/event-stream' } });
    }
    throw new Error(`Unexpected request ${method} ${where}`);
  });
  vi.stubGlobal('fetch', fn);
  return { calls, created, generated };
}

const png = () => new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 1, 2, 3, 4])], 'Red Square.png', { type: 'image/png' });
const spoof = () => new File(['<!doctype html><html></html>'], 'evil.png', { type: 'image/png' });

beforeEach(() => {
  localStorage.clear();
  resetEditor();
});
afterEach(() => {
  cleanup();
  resetToasts();
  vi.unstubAllGlobals();
});

describe('the Images control', () => {
  it('saves the notes for the first upload, lists the image, shows a refusal, and hands the images to the generation', async () => {
    const server = stubImageServer();
    const user = userEvent.setup();
    renderWithProviders(<HomePage />, { session: signedIn() });
    await user.type(screen.getByLabelText('Content'), 'My notes');
    const input = screen.getByLabelText('Upload image') as HTMLInputElement;
    expect(input.type).toBe('file');
    expect(input.accept).toBe('image/png,image/jpeg,application/pdf,.png,.jpg,.jpeg,.pdf');

    await user.upload(input, spoof());
    const region = screen.getByRole('region', { name: 'Images' });
    await waitFor(() => expect(within(region).getByRole('alert').textContent).toBe(`evil.png: ${NOT_AN_IMAGE}`));
    expect((screen.getByLabelText('Content') as HTMLTextAreaElement).value).toBe('My notes');
    // The notes became document 5 to hold the images; nothing was stored for the refused file.
    expect(server.calls.filter((c) => c.startsWith('POST /api/documents'))).toEqual(['POST /api/documents', 'POST /api/documents/5/images?name=evil.png']);
    expect(server.created[0]).toMatchObject({ inputContent: 'My notes', latexContent: '' });
    expect(editorStore.getState()).toMatchObject({ documentId: 5, imageHolder: true });

    await user.upload(input, png());
    await waitFor(() => expect(within(region).getByRole('status').textContent).toBe('Uploaded Red Square.png as Red-Square.png.'));
    expect(within(region).queryByRole('alert')).toBeNull();
    const item = within(region).getByRole('listitem');
    expect(item.textContent).toContain('Red-Square.png');
    expect(item.textContent).toContain('8 B');
    expect(within(item).getByRole('button', { name: 'Remove Red-Square.png' })).toBeVisible();
    // The one document: no second one is saved for the second upload.
    expect(server.calls.filter((c) => c === 'POST /api/documents')).toHaveLength(1);

    await user.click(within(item).getByRole('button', { name: 'Insert Red-Square.png' }));
    expect((screen.getByLabelText('Content') as HTMLTextAreaElement).value).toBe(`My notes\n${figureFor('Red-Square.png')}`);
    expect(figureFor('Red-Square.png')).toBe('<FIGURE>\nimage: Red-Square.png\ncaption: Red Square\n</FIGURE>');

    await user.click(screen.getByRole('button', { name: 'Generate LaTeX' }));
    // The holder becomes the generated document itself: its images stay where they are.
    await waitFor(() => expect(editorStore.getState()).toMatchObject({ documentId: 5, imageHolder: false }));
    expect(server.generated[0]).toMatchObject({ documentId: 5 });
    expect(server.calls).not.toContain('DELETE /api/documents/5');
    expect(await within(region).findByRole('button', { name: 'Remove Red-Square.png' })).toBeVisible();
  });

  it('removes an image of an opened document', async () => {
    const server = stubImageServer({ stored: ['chart.png'] });
    const user = userEvent.setup();
    editorStore.dispatch({ type: 'opened', document: { id: 5, title: 'T', inputContent: 'n', latexContent: '', documentType: 'article', compilationError: null } });
    renderWithProviders(<HomePage />, { session: signedIn() });
    const region = screen.getByRole('region', { name: 'Images' });
    await user.click(await within(region).findByRole('button', { name: 'Remove chart.png' }));
    await waitFor(() => expect(within(region).getByRole('status').textContent).toBe('Removed chart.png.'));
    expect(server.calls).toContain('DELETE /api/documents/5/images/chart.png');
    await waitFor(() => expect(within(region).queryByRole('list', { name: 'Uploaded images' })).toBeNull());
  });

  it('asks a visitor to sign in instead of opening the file chooser', async () => {
    const server = stubImageServer();
    const user = userEvent.setup();
    renderWithProviders(<HomePage />, { session: signedOut() });
    await user.upload(screen.getByLabelText('Upload image'), png());
    const dialog = await screen.findByRole('dialog', { name: 'Account Required' });
    expect(dialog.textContent).toContain('Please sign in or create a free account to upload images for your figures.');
    expect(server.calls.filter((c) => c.includes('/api/documents'))).toEqual([]);
  });
});
