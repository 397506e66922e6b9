// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { forwardRef, useImperativeHandle } from 'react';
import { dispatchEditor, DRAFT_SAVE_DELAY_MS, editorStore, resetDraftTracking, resetEditor } from '../lib/editor-store';
import type { OpenedDocument } from '../lib/editor-state';
import { STORAGE_KEYS } from '../lib/storage';
import { resetToasts } from '../lib/toast';
import { renderWithProviders, signedIn, signedOut, stubFetch as baseStubFetch } from '../test-utils';
import { HomePage } from './home';

const goToLine = vi.fn();

// CodeMirror and pdf.js need a real browser; stand-ins keep the page's behaviour testable.
vi.mock('../components/editor/latex-editor', () => ({
  default: forwardRef<unknown, { value: string; onChange: (v: string) => void }>(function FakeEditor({ value, onChange }, ref) {
    useImperativeHandle(ref, () => ({ goToLine, focus: () => {} }));
    return <textarea aria-label="LaTeX code" value={value} onChange={(e) => onChange(e.target.value)} />;
  }),
}));
vi.mock('../components/editor/pdf-viewer', () => ({
  default: ({ source, title }: { source: { data: string } | { url: string }; title: string }) => (
    <div data-testid="pdf-viewer" data-pdf={'data' in source ? source.data : source.url} data-title={title} />
  ),
  warmPdfWorker: () => {},
}));

const GENERATED = {
  latex: '\\documentclass{article}\n\\title{Notes}\n\\begin{document}\n\\maketitle\n\\end{document}\n',
  title: 'Notes',
  documentId: 7,
  engine: 'builtin',
  usage: { current: 1, limit: 3, refillCredits: 0, resetDate: '2026-12-01T00:00:00.000Z' },
};

// A signed-in editor asks which models the plan offers (the model picker, shown for two or more)
// and which images the open document has (none here); these tests are about the other requests,
// so those are answered here and not recorded.
const BUILTIN_ONLY = { models: [{ id: 'builtin', label: 'Builtin (no AI)', provider: 'builtin' }], default: 'builtin' };
const NO_IMAGES = { images: [], totalBytes: 0, maxImageBytes: 10 << 20, maxDocumentBytes: 50 << 20 };
function stubFetch(routes: Parameters<typeof baseStubFetch>[0]) {
  const stub = baseStubFetch(routes);
  const fn = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const url = String(input instanceof Request ? input.url : input);
    if (url.includes('/api/latex/models')) {
      return new Response(JSON.stringify(BUILTIN_ONLY), { headers: { 'Content-Type': 'application/json' } });
    }
    if (/\/api\/documents\/\d+\/images$/.test(url) && (init?.method ?? 'GET') === 'GET') {
      return new Response(JSON.stringify(NO_IMAGES), { headers: { 'Content-Type': 'application/json' } });
    }
    return stub.fn(input, init);
  };
  return { fn, calls: stub.calls };
}
const generateCalls = (mock: { mock: { calls: unknown[][] } }) => mock.mock.calls.filter(([url]) => String(url).includes('/api/latex/generate'));

function openDocument(overrides: Partial<OpenedDocument> = {}) {
  const document = { id: 7, title: 'Notes', inputContent: 'notes', latexContent: GENERATED.latex, documentType: 'article' as const, compilationError: null };
  dispatchEditor({ type: 'opened', document: { ...document, ...overrides } });
}

function renderEditor(session = signedIn()) {
  return renderWithProviders(<HomePage />, { session });
}

beforeEach(() => {
  localStorage.clear();
  resetEditor();
  resetDraftTracking();
  goToLine.mockReset();
  // Only the models list is answered unless a test says more; anything else fails loudly.
  vi.stubGlobal('fetch', vi.fn(stubFetch({}).fn));
});
afterEach(() => {
  cleanup();
  resetToasts();
  vi.unstubAllGlobals();
});

describe('editor input panel', () => {
  it('defaults to article, or the stored template', () => {
    renderEditor();
    expect((screen.getByLabelText('Document type') as HTMLSelectElement).value).toBe('article');
    cleanup();
    localStorage.setItem(STORAGE_KEYS.selectedTemplate, 'letter');
    resetEditor();
    renderEditor();
    expect((screen.getByLabelText('Document type') as HTMLSelectElement).value).toBe('letter');
  });

  it('shows the status text and enables Generate only for non-blank input', async () => {
    const user = userEvent.setup();
    renderEditor();
    expect(screen.getByText('Enter content to generate')).toBeVisible();
    const generate = screen.getByRole('button', { name: 'Generate LaTeX' }) as HTMLButtonElement;
    expect(generate.disabled).toBe(true);
    await user.type(screen.getByLabelText('Content'), '   ');
    expect(generate.disabled).toBe(true);
    await user.type(screen.getByLabelText('Content'), 'hello');
    expect(screen.getByText('AI Ready')).toBeVisible();
    expect(generate.disabled).toBe(false);
  });

  it('inserts snippets at the cursor and offers New Slide only for presentations', async () => {
    const user = userEvent.setup();
    renderEditor();
    const area = screen.getByLabelText('Content') as HTMLTextAreaElement;
    await user.type(area, 'Intro');
    area.setSelectionRange(5, 5);
    await user.click(screen.getByRole('button', { name: 'Math' }));
    expect(area.value).toBe('Intro\n<MATHEQ>\nE = mc^2\n</MATHEQ>');
    expect(screen.queryByRole('button', { name: 'New Slide' })).toBeNull();
    await user.selectOptions(screen.getByLabelText('Document type'), 'presentation');
    await user.click(screen.getByRole('button', { name: 'New Slide' }));
    expect(area.value).toContain('<SLIDE>\ntitle:');
  });

  it('clears only after confirmation', async () => {
    const user = userEvent.setup();
    renderEditor();
    await user.type(screen.getByLabelText('Content'), 'some notes');
    await user.click(screen.getByRole('button', { name: 'Clear' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Are you sure you want to clear the editor?')).toBeVisible();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect((screen.getByLabelText('Content') as HTMLTextAreaElement).value).toBe('some notes');
    await user.click(screen.getByRole('button', { name: 'Clear' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Clear' }));
    expect((screen.getByLabelText('Content') as HTMLTextAreaElement).value).toBe('');
  });
});

describe('generate', () => {
  it('asks a visitor to sign in', async () => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    const user = userEvent.setup();
    renderEditor(signedOut());
    await user.type(screen.getByLabelText('Content'), 'notes');
    await user.click(screen.getByRole('button', { name: 'Generate LaTeX' }));
    // One message: the dialog says why and offers both ways in; no notice beside it.
    const dialog = await screen.findByRole('dialog', { name: 'Account Required' });
    expect(within(dialog).getByText(/Please sign in or create a free account to generate LaTeX documents\./)).toBeVisible();
    expect(within(dialog).getByRole('button', { name: 'Log In' })).toBeVisible();
    expect(within(dialog).getByRole('button', { name: 'Create Account' })).toBeVisible();
    expect(screen.queryByTestId('notifications')?.querySelector('.toast-root')).toBeFalsy();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('generates, shows the LaTeX, updates usage, and works with Ctrl+Enter', async () => {
    const { fn, calls } = stubFetch({ 'POST /api/latex/generate': { body: GENERATED } });
    vi.stubGlobal('fetch', vi.fn(fn));
    const user = userEvent.setup();
    const { session } = renderEditor();
    await user.type(screen.getByLabelText('Content'), '# Notes');
    await user.keyboard('{Control>}{Enter}{/Control}');
    expect(((await screen.findByLabelText('LaTeX code')) as HTMLTextAreaElement).value).toBe(GENERATED.latex);
    expect(calls[0]?.body).toEqual({ content: '# Notes', documentType: 'article', options: { splitTables: false, useMath: true } });
    expect(session.snapshot().usage.current).toBe(1);
    expect(screen.getByText('Awaiting Compilation')).toBeVisible();
    // Said under Generate, not in a notice over the panes.
    expect(await screen.findByTestId('generation-note')).toHaveTextContent('LaTeX generated and saved to your history.');
    expect(document.querySelector('.toast-root')).toBeNull();
    expect((screen.getByRole('button', { name: 'Download PDF' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('shows Usage Limit Reached at the limit without calling the server, unless refill credits remain', async () => {
    const fetchMock = vi.fn(stubFetch({ 'POST /api/latex/generate': { body: GENERATED } }).fn);
    vi.stubGlobal('fetch', fetchMock);
    const user = userEvent.setup();
    const { location } = renderEditor(signedIn({ monthlyUsage: 3 }, 3));
    await user.type(screen.getByLabelText('Content'), 'notes');
    // The notes pane says it once, before any click; Generate only brings that note forward.
    const note = screen.getByRole('note');
    expect(within(note).getByText('Usage Limit Reached')).toBeVisible();
    expect(within(note).getByText("You've reached your monthly limit of 3 generations. Upgrade your plan to get more.")).toBeVisible();
    dispatchEditor({ type: 'generationNote', note: { text: 'LaTeX generated and saved to your history.', failed: false } }); // the last run's, which would contradict it
    await user.click(screen.getByRole('button', { name: 'Generate LaTeX' }));
    await waitFor(() => expect(note).toHaveFocus());
    expect(screen.queryByText('LaTeX generated and saved to your history.')).toBeNull();
    expect(screen.queryByTestId('error-card')).toBeNull();
    expect(screen.getAllByText('Usage Limit Reached')).toHaveLength(1);
    expect(generateCalls(fetchMock)).toHaveLength(0);
    // Upgrade Plan offers the plans (it used to open a Basic checkout at once).
    await user.click(within(note).getByRole('button', { name: 'Upgrade Plan' }));
    expect(await screen.findByRole('dialog', { name: 'Choose Your Plan' })).toBeVisible();
    expect(location()).toBe('/');

    cleanup();
    renderEditor(signedIn({ subscriptionTier: 'tier1', monthlyUsage: 100, refillPackCredits: 5 }, 100));
    await user.type(screen.getByLabelText('Content'), 'notes');
    await user.click(screen.getByRole('button', { name: 'Generate LaTeX' }));
    await waitFor(() => expect(generateCalls(fetchMock)).toHaveLength(1));
  });

  it('shows Usage Limit Reached once, in the notes pane, on a 402', async () => {
    const { fn } = stubFetch({
      'POST /api/latex/generate': {
        status: 402,
        body: { message: 'Usage Limit Reached', limit: 100, usage: { current: 100, limit: 100, refillCredits: 0, resetDate: '2026-12-01T00:00:00.000Z' } },
      },
    });
    vi.stubGlobal('fetch', vi.fn(fn));
    const user = userEvent.setup();
    const { session } = renderEditor(signedIn({ subscriptionTier: 'tier1', monthlyUsage: 99 }, 100));
    await user.type(screen.getByLabelText('Content'), 'notes');
    await user.click(screen.getByRole('button', { name: 'Generate LaTeX' }));
    const note = await screen.findByRole('note');
    expect(within(note).getByText("You've reached your monthly limit of 100 generations. Upgrade your plan to get more.")).toBeVisible();
    expect(session.snapshot().usage.current).toBe(100);
    expect(screen.queryByTestId('error-card')).toBeNull();
    expect(screen.getAllByText(/You've reached your monthly limit/)).toHaveLength(1);
  });

  it('reports a failed generation', async () => {
    const { fn } = stubFetch({ 'POST /api/latex/generate': { status: 500, body: { message: 'Internal Server Error' } } });
    vi.stubGlobal('fetch', vi.fn(fn));
    const user = userEvent.setup();
    renderEditor();
    await user.type(screen.getByLabelText('Content'), 'notes');
    await user.click(screen.getByRole('button', { name: 'Generate LaTeX' }));
    expect(await screen.findByTestId('generation-note')).toHaveTextContent('Generation Failed: Internal Server Error');
    expect((screen.getByRole('button', { name: 'Generate LaTeX' }) as HTMLButtonElement).disabled).toBe(false);
  });
});

describe('compile and preview', () => {
  beforeEach(() => {
    openDocument();
  });

  it('shows the two-step empty state, compiles, and shows the PDF', async () => {
    const pdfUrl = `/api/latex/pdf/${'a'.repeat(64)}`;
    const { fn, calls } = stubFetch({ 'POST /api/latex/compile': { body: { compilationResult: { success: true, pdfUrl } } } });
    vi.stubGlobal('fetch', vi.fn(fn));
    const user = userEvent.setup();
    renderEditor();
    await user.click(screen.getByRole('tab', { name: 'PDF Preview' }));
    expect(screen.getByText(/two steps/)).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Generate PDF from LaTeX' }));
    const viewer = await screen.findByTestId('pdf-viewer');
    // The editor asks for the binary URL form: no base64 PDF inside the JSON.
    expect(viewer.getAttribute('data-pdf')).toBe(pdfUrl);
    expect(calls.find((c) => c.method === 'POST' && c.url === '/api/latex/compile')?.body).toEqual({ latex: GENERATED.latex, documentId: 7, pdfFormat: 'url' });
    expect(screen.getByText('Compilation Successful')).toBeVisible();
    // The PDF and the status say it: no notice over the PDF.
    expect(screen.queryByText('PDF Generated')).toBeNull();
    expect(document.querySelector('.toast-root')).toBeNull();
    await user.click(screen.getByRole('tab', { name: 'LaTeX Code' }));
    expect((screen.getByRole('button', { name: 'Download PDF' }) as HTMLButtonElement).disabled).toBe(false);
  });

  it('recompiles edited LaTeX in one request (the compile saves it), without the document once it is deleted', async () => {
    let asked = 0;
    const ok = { body: { compilationResult: { success: true, pdf: 'JVBERi0=' } } };
    const { fn, calls } = stubFetch({ 'POST /api/latex/compile': () => (++asked === 2 ? { status: 404, body: { message: 'Document not found' } } : ok) });
    vi.stubGlobal('fetch', vi.fn(fn));
    const user = userEvent.setup();
    renderEditor();
    const code = (await screen.findByLabelText('LaTeX code')) as HTMLTextAreaElement;
    await user.type(code, '% edited');
    const recompile = screen.getByRole('button', { name: 'Recompile' });
    await user.click(recompile);
    await screen.findByTestId('pdf-viewer');
    // (The PDF compiled ahead is asked about too while the LaTeX is unedited.)
    expect(calls.map((c) => `${c.method} ${c.url}`).filter((c) => !c.includes('compiled-ahead'))).toEqual(['POST /api/latex/compile']);
    expect(calls[calls.length - 1]?.body).toEqual({ latex: `${GENERATED.latex}% edited`, documentId: 7, pdfFormat: 'url' });
    await user.type(code, ' again');
    await user.click(recompile);
    await waitFor(() => expect(asked).toBe(3));
    expect(calls.slice(-2).map((c) => (c.body as { documentId?: number }).documentId)).toEqual([7, undefined]);
  });

  it('lists compilation errors with hints; a click jumps to the line', async () => {
    const { fn } = stubFetch({
      'POST /api/latex/compile': {
        body: {
          compilationResult: {
            success: false,
            error: 'Undefined control sequence',
            errorDetails: [{ line: 4, message: 'Undefined control sequence: \\foo', hint: 'Check the spelling.' }],
          },
        },
      },
    });
    vi.stubGlobal('fetch', vi.fn(fn));
    const user = userEvent.setup();
    renderEditor();
    await user.click(screen.getByRole('button', { name: 'Recompile' }));
    expect(await screen.findByText('Compilation Error')).toBeVisible();
    expect(screen.getByText('Compilation Failed')).toBeVisible();
    expect(screen.getByText('Hint: Check the spelling.')).toBeVisible();
    // The errors above the code are the one message: no card repeats them.
    expect(screen.queryByText('PDF Compilation Error')).toBeNull();
    expect(screen.queryByTestId('error-card')).toBeNull();
    const goTo = screen.getByRole('button', { name: 'Go to line 4: Undefined control sequence: \\foo Hint: Check the spelling.' });
    await user.click(goTo);
    expect(goToLine).toHaveBeenCalledWith(4);
    // The box is above the code, inside the code tab: nothing floats over it.
    expect(screen.getByTestId('compile-errors').compareDocumentPosition(screen.getByLabelText('LaTeX code'))).toBe(Node.DOCUMENT_POSITION_FOLLOWING);
  });

  it('shows an HTML preview in a script-free sandbox when the PDF service is unavailable', async () => {
    const { fn } = stubFetch({
      'POST /api/latex/compile': { body: { compilationResult: { success: false, isHtml: true, html: '<h1>Notes</h1>' } } },
    });
    vi.stubGlobal('fetch', vi.fn(fn));
    const user = userEvent.setup();
    renderEditor();
    await user.click(screen.getByRole('button', { name: 'Recompile' }));
    const frame = (await screen.findByTitle('HTML preview: Notes')) as HTMLIFrameElement;
    expect(frame.getAttribute('sandbox')).toBe('');
    expect(frame.getAttribute('srcdoc')).toBe('<h1>Notes</h1>');
    expect(screen.getByText('The PDF compilation service is unavailable, so this is an HTML preview of your document.')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Download HTML' })).toBeVisible();
  });

  it('asks a visitor for an account to compile, saying what it is for', async () => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    const user = userEvent.setup();
    renderEditor(signedOut());
    const recompile = screen.getByRole('button', { name: 'Recompile' });
    await user.click(recompile);
    const dialog = await screen.findByRole('dialog', { name: 'Account Required' });
    expect(dialog).toHaveTextContent('Please sign in or create a free account to compile your document to PDF.');
    expect(dialog).toHaveTextContent('Free accounts include 3 generations per month.');
    expect(within(dialog).getAllByRole('button').map((b) => b.textContent)).toEqual(['Maybe Later', 'Log In', 'Create Account', '']);
    await user.click(within(dialog).getByRole('button', { name: 'Maybe Later' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(recompile).toHaveFocus();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('recompiles with Ctrl+S', async () => {
    const { fn, calls } = stubFetch({ 'POST /api/latex/compile': { body: { compilationResult: { success: true, pdf: 'JVBERi0=' } } } });
    vi.stubGlobal('fetch', vi.fn(fn));
    const user = userEvent.setup();
    renderEditor();
    await user.click(screen.getByLabelText('Content'));
    await user.keyboard('{Control>}s{/Control}');
    expect(await screen.findByTestId('pdf-viewer')).toBeInTheDocument();
    expect(calls.map((c) => `${c.method} ${c.url}`).filter((c) => !c.includes('compiled-ahead'))).toEqual(['POST /api/latex/compile']);
  });

  it('a compile the server refuses says why in the PDF pane, and the next compile clears it', async () => {
    let n = 0;
    const { fn } = stubFetch({
      'POST /api/latex/compile': () =>
        ++n === 1 ? { status: 429, body: { message: 'Too many compiles; try again in a moment.' } } : { body: { compilationResult: { success: true, pdf: 'JVBERi0=' } } },
    });
    vi.stubGlobal('fetch', vi.fn(fn));
    const user = userEvent.setup();
    renderEditor();
    await user.click(screen.getByRole('button', { name: 'Recompile' }));
    await user.click(screen.getByRole('tab', { name: 'PDF Preview' }));
    expect(await screen.findByTestId('compile-problem')).toHaveTextContent('Compilation Failed: Too many compiles; try again in a moment.');
    await user.click(screen.getByRole('tab', { name: 'LaTeX Code' }));
    await user.click(screen.getByRole('button', { name: 'Recompile' }));
    await screen.findByTestId('pdf-viewer');
    expect(screen.queryByTestId('compile-problem')).toBeNull();
  });
});

describe('visitor downloads', () => {
  it('opens the Account Required dialog for the .tex download', async () => {
    dispatchEditor({ type: 'latex', latex: GENERATED.latex });
    const user = userEvent.setup();
    renderEditor(signedOut());
    await user.click(screen.getByRole('button', { name: 'Download .tex' }));
    const dialog = await screen.findByRole('dialog', { name: 'Account Required' });
    expect(within(dialog).getByText(/Free accounts include 3 generations per month/)).toBeVisible();
    await user.click(within(dialog).getByRole('button', { name: 'Create Account' }));
    expect(await screen.findByRole('dialog', { name: 'Create an Account' })).toBeVisible();
  });
});

describe('edits after a compile', () => {
  it('mark the PDF as awaiting compilation but keep it downloadable', async () => {
    openDocument();
    dispatchEditor({ type: 'compiled', result: { success: true, pdf: 'JVBERi0=' }, latex: GENERATED.latex, at: '2026-11-02T10:00:00.000Z' });
    dispatchEditor({ type: 'tab', tab: 'code' });
    const user = userEvent.setup();
    renderEditor();
    expect(screen.getByText('Compilation Successful')).toBeVisible();
    await user.type(await screen.findByLabelText('LaTeX code'), '%');
    expect(screen.getByText('Awaiting Compilation')).toBeVisible();
    expect((screen.getByRole('button', { name: 'Download PDF' }) as HTMLButtonElement).disabled).toBe(false);
  });

});

describe('unsaved work', () => {
  beforeEach(() => vi.useFakeTimers({ shouldAdvanceTime: true }));
  afterEach(() => vi.useRealTimers());

  it('is kept per person and restored on a new visit with a notice; "Start over" keeps it as earlier work', async () => {
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    renderEditor(signedIn({ id: 5 }));
    await user.type(screen.getByLabelText('Content'), 'draft text');
    dispatchEditor({ type: 'latex', latex: GENERATED.latex });
    await vi.advanceTimersByTimeAsync(DRAFT_SAVE_DELAY_MS);
    expect(JSON.parse(localStorage.getItem('latexgen.draft.user-5') ?? '{}')).toMatchObject({ inputContent: 'draft text', latexContent: GENERATED.latex });

    // A new visit (another tab): a fresh editor, the same person.
    cleanup();
    sessionStorage.clear();
    resetEditor();
    resetDraftTracking();
    renderEditor(signedIn({ id: 5 }));
    expect(await screen.findByText('Restored your unsaved work')).toBeVisible();
    expect(screen.getByLabelText('Content')).toHaveValue('draft text');
    expect(await screen.findByLabelText('LaTeX code')).toHaveValue(GENERATED.latex);
    await user.click(screen.getByRole('button', { name: 'Start over' }));
    expect(screen.getByLabelText('Content')).toHaveValue('');
    expect(screen.queryByText('Restored your unsaved work')).toBeNull();
    await vi.advanceTimersByTimeAsync(DRAFT_SAVE_DELAY_MS);
    expect(localStorage.getItem('latexgen.draft.user-5')).toBeNull();

    // Nothing is lost: the work is one click away.
    await user.click(await screen.findByRole('button', { name: 'Earlier work (1)' }));
    const dialog = await screen.findByRole('dialog', { name: 'Earlier work' });
    await user.click(within(dialog).getByRole('button', { name: 'Restore' }));
    expect(screen.getByLabelText('Content')).toHaveValue('draft text');
    expect(await screen.findByLabelText('LaTeX code')).toHaveValue(GENERATED.latex);
  });

  it('a reload in the same tab, or work the server already has, comes back without a notice', async () => {
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    renderEditor(signedIn({ id: 5 }));
    await user.type(screen.getByLabelText('Content'), 'draft text');
    await vi.advanceTimersByTimeAsync(DRAFT_SAVE_DELAY_MS);
    cleanup();
    resetEditor();
    resetDraftTracking();
    renderEditor(signedIn({ id: 5 }));
    await waitFor(() => expect(screen.getByLabelText('Content')).toHaveValue('draft text'));
    expect(screen.queryByText('Restored your unsaved work')).toBeNull();

    // A generated document, not edited since: saved on the server, nothing to announce.
    cleanup();
    sessionStorage.clear();
    localStorage.setItem(
      'latexgen.draft.user-5',
      JSON.stringify({ inputContent: 'n', latexContent: GENERATED.latex, documentType: 'article', settings: {}, switches: { splitTables: false, useMath: true }, title: 't', documentId: 7, latexSaved: true }),
    );
    resetEditor();
    resetDraftTracking();
    renderEditor(signedIn({ id: 5 }));
    expect(await screen.findByLabelText('LaTeX code')).toHaveValue(GENERATED.latex);
    expect(screen.queryByText('Restored your unsaved work')).toBeNull();
  });

  it("is not someone else's: another person on the same browser starts empty", async () => {
    localStorage.setItem(
      'latexgen.draft.user-5',
      JSON.stringify({ inputContent: 'private', latexContent: '', documentType: 'article', settings: {}, switches: { splitTables: false, useMath: true }, title: 't', documentId: null }),
    );
    renderEditor(signedIn({ id: 6 }));
    await vi.advanceTimersByTimeAsync(DRAFT_SAVE_DELAY_MS);
    expect(screen.getByLabelText('Content')).toHaveValue('');
    expect(screen.queryByText('Restored your unsaved work')).toBeNull();
  });

  it('keeps the last document type chosen, over a template chosen before', async () => {
    localStorage.setItem(STORAGE_KEYS.selectedTemplate, 'letter');
    resetEditor();
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    renderEditor();
    expect(screen.getByLabelText('Document type')).toHaveValue('letter');
    await user.selectOptions(screen.getByLabelText('Document type'), 'report');
    expect(localStorage.getItem(STORAGE_KEYS.selectedTemplate)).toBe('report');
  });
});

describe('a document opened from history', () => {
  it('brings back the settings it was generated with', async () => {
    const settings = { title: 'Kept title', author: 'Ada', columns: 2 as const, toc: false };
    const doc = {
      id: 7,
      title: 'Notes',
      documentType: 'report',
      createdAt: '2026-11-01T00:00:00.000Z',
      updatedAt: '2026-11-01T00:00:00.000Z',
      compilationSuccessful: null,
      hasPdf: false,
      inputContent: 'notes',
      latexContent: GENERATED.latex,
      compilationError: null,
      // As the server saves it: the generate options, settings among them.
      metadata: { engine: 'builtin', options: { settings, splitTables: true, useMath: true } },
    };
    vi.stubGlobal('fetch', vi.fn(stubFetch({ 'GET /api/documents/7': { body: doc } }).fn));
    renderWithProviders(<HomePage />, { path: '/?document=7', session: signedIn() });
    await waitFor(() => expect(editorStore.getState().documentId).toBe(7));
    expect(editorStore.getState().settings).toEqual(settings);
    expect(editorStore.getState().documentType).toBe('report');
  });
});
