// @vitest-environment happy-dom
// The editor with AI models: the model picker (only with two or more models) and the stage line
// that follows the server's events while a generation runs.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { forwardRef } from 'react';
import { resetEditor } from '../../lib/editor-store';
import { resetToasts } from '../../lib/toast';
import { signedOutState } from '../../lib/session';
import { makeUser, renderWithProviders, signedIn } from '../../test-utils';
import { HomePage } from '../../pages/home';

vi.mock('./latex-editor', () => ({
  default: forwardRef<unknown, { value: string; onChange: (v: string) => void }>(function FakeEditor({ value, onChange }) {
    return <textarea aria-label="LaTeX code" value={value} onChange={(e) => onChange(e.target.value)} />;
  }),
}));
vi.mock('./pdf-viewer', () => ({ default: () => <div data-testid="pdf-viewer" />, warmPdfWorker: () => {} }));

const TWO_MODELS = {
  models: [
    { id: 'fake-model-a', label: 'fake-model-a', provider: 'openai' },
    { id: 'fake-model-b', label: 'fake-model-b', provider: 'openai' },
    { id: 'builtin', label: 'Builtin (no AI)', provider: 'builtin' },
  ],
  default: 'fake-model-a',
};
const RESULT = {
  latex: '\\documentclass{article}\n\\begin{document}\nFrom the model\n\\end{document}\n',
  title: 'Notes',
  documentId: 9,
  engine: 'fake-model-b',
  usage: { current: 1, limit: 3, refillCredits: 0, resetDate: '2026-12-01T00:00:00.000Z' },
};

function json(body: unknown): Response {
  return new Response(JSON.stringify(body), { headers: { 'Content-Type': 'application/json' } });
}

/** A fetch stub whose generate answer is an event stream the test writes to. */
function stubServer(models: unknown, me: unknown = null) {
  let push: (text: string) => void = () => {};
  let close: () => void = () => {};
  const bodies: unknown[] = [];
  const fn = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    if (url.includes('/api/latex/models')) return json(models);
    if (url.includes('/api/auth/me') && me) return json(me);
    if (url.includes('/api/latex/generate')) {
      bodies.push(JSON.parse(String(init?.body)));
      const stream = new ReadableStream<Uint8Array>({
        start(controller) {
          push = (text) => controller.enqueue(new TextEncoder().encode(text));
          close = () => controller.close();
        },
      });
      return new Response(stream, { headers: { 'Content-Type': 'text/event-stream' } });
    }
    throw new Error(`Unexpected request ${url}`);
  });
  vi.stubGlobal('fetch', fn);
  return { bodies, push: (text: string) => push(text), close: () => close() };
}

const stageEvent = (stage: string, message: string, attempt: number) =>
  `event: stage\ndata: ${JSON.stringify({ stage, message, attempt })}\n\n`;

beforeEach(() => {
  localStorage.clear();
  resetEditor();
});
afterEach(() => {
  cleanup();
  resetToasts();
  vi.unstubAllGlobals();
});

describe('AI generation in the editor', () => {
  it('offers the models, sends the picked one, and shows each stage until the result arrives', async () => {
    const server = stubServer(TWO_MODELS);
    const user = userEvent.setup();
    renderWithProviders(<HomePage />, { session: signedIn() });
    const picker = (await screen.findByLabelText('Model')) as HTMLSelectElement;
    expect([...picker.options].map((o) => o.textContent)).toEqual(['fake-model-a', 'fake-model-b', 'Builtin (no AI)']);
    expect(picker.value).toBe('fake-model-a');
    await user.selectOptions(picker, 'fake-model-b');

    await user.type(screen.getByLabelText('Content'), 'notes');
    await user.click(screen.getByRole('button', { name: 'Generate LaTeX' }));
    const stage = screen.getByTestId('generation-stage');
    expect(stage.getAttribute('aria-live')).toBe('polite');
    await waitFor(() => expect(stage.textContent).toBe('Writing…'));
    expect(screen.getByRole('button', { name: 'Generating...' })).toBeDisabled();
    expect(server.bodies[0]).toMatchObject({ content: 'notes', model: 'fake-model-b' });

    server.push(stageEvent('checking', 'Checking it compiles…', 1));
    await waitFor(() => expect(stage.textContent).toBe('Checking it compiles…'));
    server.push(stageEvent('repairing', 'Fixing an error…', 2));
    await waitFor(() => expect(stage.textContent).toBe('Fixing an error… (attempt 2 of 3)'));
    server.push(`event: result\ndata: ${JSON.stringify(RESULT)}\n\n`);
    server.close();
    await waitFor(() => expect((screen.getByLabelText('LaTeX code') as HTMLTextAreaElement).value).toBe(RESULT.latex));
    // The stages give way to what the generation came to.
    expect(stage.textContent).toBe('LaTeX generated and saved to your history.');
    expect(screen.getByRole('button', { name: 'Generate LaTeX' })).toBeEnabled();
    expect(localStorage.getItem('latexgen.selectedModel')).toBe('fake-model-b');
  });

  it('a click before the first session answer waits for it: a signed-in person is not asked to sign in', async () => {
    const server = stubServer(TWO_MODELS, { user: makeUser(), usageLimit: 3 });
    const user = userEvent.setup();
    renderWithProviders(<HomePage />, { session: signedOutState(true) });
    await user.type(screen.getByLabelText('Content'), 'notes');
    await user.click(screen.getByRole('button', { name: 'Generate LaTeX' }));
    await waitFor(() => expect(screen.getByTestId('generation-stage').textContent).toBe('Writing…'));
    expect(server.bodies).toHaveLength(1);
    expect(screen.queryByRole('dialog')).toBeNull();
    server.push(`event: result\ndata: ${JSON.stringify(RESULT)}\n\n`);
    server.close();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Generate LaTeX' })).toBeEnabled());
  });

  it('says when the builtin generator wrote the document, and hides the picker with a single model', async () => {
    const server = stubServer({ models: [{ id: 'builtin', label: 'Builtin (no AI)', provider: 'builtin' }], default: 'builtin' });
    const user = userEvent.setup();
    renderWithProviders(<HomePage />, { session: signedIn() });
    await user.type(screen.getByLabelText('Content'), 'notes');
    await user.click(screen.getByRole('button', { name: 'Generate LaTeX' }));
    server.push(stageEvent('fallback', 'Falling back to the builtin generator…', 3));
    await waitFor(() => expect(screen.getByTestId('generation-stage').textContent).toBe('Falling back to the builtin generator…'));
    server.push(`event: result\ndata: ${JSON.stringify({ ...RESULT, engine: 'builtin', fallback: { model: 'fake-model-a', reason: 'x' } })}\n\n`);
    server.close();
    expect(await screen.findByText(/fake-model-a could not write LaTeX that compiles, so the builtin generator wrote this document/)).toBeVisible();
    expect(screen.queryByLabelText('Model')).toBeNull();
  });
});
