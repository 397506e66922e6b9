// What the editor's buttons do: generate (charged, needs an account and allowance), compile
// (saves edited LaTeX first), downloads and copy, with the product's messages. Visitors are asked
// to sign in: Generate opens the sign-in dialog with a toast that offers both ways in; compiling
// and downloading open the 'Account Required' dialog. A click before the page's first session
// answer waits for one, so a signed-in person is never taken for a visitor.
import { useCallback, useMemo } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { CompileResponseSchema, EXTRACT_TITLE_MAX_CHARS, ExtractTitleResponseSchema, UsageSchema } from '../../shared/api/latex';
import { extractTitleFromLatex, GENERATED_FALLBACK } from '../../shared/title';
import { apiJson, apiRequest, errorMessage, isApiError } from './api';
import { useAppUi } from './app-ui';
import { copyToClipboard, fetchPdf, saveBase64, saveBlob, saveText } from './download';
import { dispatchEditor, editorStore, restoreNotice } from './editor-store';
import { downloadBaseName } from './format';
import { generateWithProgress } from './generate-stream';
import { useSessionController } from './session';
import { toast } from './toast';

export type ProtectedAction = 'generate' | 'compile' | 'download' | 'upload';

export const AUTH_REQUIRED_TEXT: Record<ProtectedAction, string> = {
  generate: 'Please sign in or create a free account to generate LaTeX documents.',
  compile: 'Please sign in or create a free account to compile your document to PDF.',
  download: 'Please sign in or create a free account to download your document.',
  upload: 'Please sign in or create a free account to upload images for your figures.',
};

/** What a compile came to, for auto-compile: how long to hold back when the server refused. */
export interface CompileOutcome {
  retryAfterSeconds?: number | undefined;
  /** The request got no result (the server refused or could not be reached). */
  failed?: boolean;
}

/** Seconds the server asked to wait (its Retry-After, else a few). */
function retryAfterOf(err: unknown): number {
  return (isApiError(err) ? err.retryAfterSeconds : undefined) ?? 5;
}

export function usageLimitMessage(limit: number): string {
  return `You've reached your monthly limit of ${limit} generations. Upgrade your plan to get more.`;
}

function newIdempotencyKey(): string {
  if (typeof crypto !== 'undefined' && 'randomUUID' in crypto) return crypto.randomUUID();
  return `gen-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 12)}`;
}

/** The title used for download file names: the extract-title call, else the same rule locally. */
async function downloadTitle(latex: string, fallback: string): Promise<string> {
  try {
    // The head is enough (the title and the first heading are near the start); the server takes no more.
    const { title } = await apiJson('POST', '/api/latex/extract-title', { latex: latex.slice(0, EXTRACT_TITLE_MAX_CHARS) }, ExtractTitleResponseSchema);
    return title || GENERATED_FALLBACK;
  } catch {
    const local = extractTitleFromLatex(latex);
    return local === GENERATED_FALLBACK && fallback ? fallback : local;
  }
}

/**
 * On a narrow screen the output sits below the notes: after a generation it is scrolled into view
 * (its code tab shows the new LaTeX). Side by side it is in view already and nothing moves.
 */
function revealOutput(): void {
  requestAnimationFrame(() => {
    const output = document.querySelector<HTMLElement>('[data-output]');
    if (!output) return;
    const r = output.getBoundingClientRect();
    if (r.top >= 0 && r.top < window.innerHeight * 0.6) return;
    output.scrollIntoView({ block: 'start' });
  });
}

/**
 * Saves edited LaTeX to its document before the server uses the stored text (the project
 * downloads; a compile saves what it compiles itself); the document's id, or null when there is none (or it was deleted meanwhile).
 */
async function saveEdits(s: { documentId: number | null; latexContent: string; savedLatex: string }): Promise<number | null> {
  if (s.documentId === null || s.latexContent === s.savedLatex) return s.documentId;
  try {
    await apiRequest('PATCH', `/api/documents/${s.documentId}`, { latexContent: s.latexContent });
    dispatchEditor({ type: 'latexSaved', latex: s.latexContent });
    return s.documentId;
  } catch (err) {
    if (!isApiError(err, 404)) throw err;
    dispatchEditor({ type: 'documentGone' });
    return null;
  }
}

export function useEditorActions() {
  const session = useSessionController();
  const { openAccountRequired } = useAppUi();
  const queryClient = useQueryClient();

  const requireAccount = useCallback(
    (action: ProtectedAction): boolean => {
      if (session.snapshot().isAuthenticated) return true;
      // One message: the dialog says why and offers both ways in (docs/product.md, Generate and compile).
      openAccountRequired(AUTH_REQUIRED_TEXT[action]);
      return false;
    },
    [session, openAccountRequired],
  );

  // At the limit the notes pane says so with its Upgrade Plan button (the one message): Generate
  // brings it into view and gives it focus. The last run's note ("LaTeX generated …") goes: it
  // would say the opposite beside it.
  const showUsageLimit = useCallback(() => {
    dispatchEditor({ type: 'generationNote', note: null });
    requestAnimationFrame(() => {
      const note = document.getElementById('usage-limit-note');
      note?.scrollIntoView({ block: 'nearest' });
      note?.focus();
    });
  }, []);

  /**
   * One charged generation, streamed: a new document from the notes, or the AI model's change to
   * the LaTeX on screen. Answers whether it succeeded.
   */
  const runGeneration = useCallback(
    async (change: { instruction: string } | null): Promise<boolean> => {
      await session.known();
      const s = editorStore.getState();
      if (s.isGenerating) return false;
      if (!change && !s.inputContent.trim()) {
        toast({ title: 'Empty input', description: 'Please enter some content to generate LaTeX.', variant: 'destructive' });
        return false;
      }
      if (change && !s.latexContent.trim()) {
        toast({ title: 'No LaTeX Content', description: 'Generate or write LaTeX before asking for a change.', variant: 'destructive' });
        return false;
      }
      if (!requireAccount('generate')) return false;
      const { usage, refillPackCredits } = session.snapshot();
      if (usage.current >= usage.limit && refillPackCredits <= 0) {
        showUsageLimit();
        return false;
      }
      dispatchEditor({ type: 'generateStarted' });
      try {
        // Streamed: the server's stages ('Writing…', 'Checking it compiles…', …) show while it works.
        const settings = Object.keys(s.settings).length ? { settings: s.settings } : {};
        // Into the open document, as its new version (its images stay with it); else a new document.
        const request = (documentId: number | null) =>
          generateWithProgress(
            {
              content: s.inputContent,
              documentType: s.documentType,
              options: { ...s.switches, ...settings },
              ...(s.model ? { model: s.model } : {}),
              ...(documentId !== null ? { documentId } : {}),
              ...(change ? { change: { latex: s.latexContent, instruction: change.instruction } } : {}),
            },
            { idempotencyKey: newIdempotencyKey(), onStage: (stage) => dispatchEditor({ type: 'generateStage', stage }) },
          );
        // The open document was deleted meanwhile (in the history, another tab): a new one.
        const data = await request(s.documentId).catch(async (err: unknown) => {
          if (s.documentId === null || change || !isApiError(err, 404)) throw err;
          dispatchEditor({ type: 'documentGone' });
          return request(null);
        });
        dispatchEditor({ type: 'generated', response: data, at: new Date().toISOString() });
        restoreNotice.dispatch(null);
        void queryClient.invalidateQueries({ queryKey: ['versions', data.documentId] });
        session.updateUsage({
          current: data.usage.current,
          limit: data.usage.limit,
          resetDate: data.usage.resetDate,
          refillPackCredits: data.usage.refillCredits,
        });
        void queryClient.invalidateQueries({ queryKey: ['documents'] });
        const text = change
          ? `${data.engine} changed your LaTeX and saved it to your history.`
          : data.fallback
            ? `${data.fallback.model} could not write LaTeX that compiles, so the builtin generator wrote this document.`
            : 'LaTeX generated and saved to your history.';
        dispatchEditor({ type: 'generationNote', note: { text, failed: false } });
        revealOutput();
        return true;
      } catch (err) {
        if (isApiError(err, 402)) {
          const usageParsed = UsageSchema.safeParse(err.body?.usage);
          if (usageParsed.success) {
            const u = usageParsed.data;
            session.updateUsage({ current: u.current, limit: u.limit, resetDate: u.resetDate, refillPackCredits: u.refillCredits });
          }
          showUsageLimit();
        } else if (isApiError(err, 401)) {
          await session.check();
          requireAccount('generate');
        } else if (change) {
          dispatchEditor({ type: 'generationNote', note: { text: `Change Failed: ${errorMessage(err, 'The change could not be made. Your LaTeX is unchanged.')}`, failed: true } });
        } else {
          dispatchEditor({ type: 'generationNote', note: { text: `Generation Failed: ${errorMessage(err, 'Failed to generate LaTeX. Please try again.')}`, failed: true } });
        }
        return false;
      } finally {
        dispatchEditor({ type: 'generateEnded' });
      }
    },
    [requireAccount, session, showUsageLimit, queryClient],
  );

  const generate = useCallback(async () => {
    await runGeneration(null);
  }, [runGeneration]);

  /** Asks the AI model to change the LaTeX on screen ("make the title bigger"); charged as a generation. */
  const requestChange = useCallback((instruction: string) => runGeneration({ instruction }), [runGeneration]);

  /**
   * Saves edited LaTeX, compiles it and shows the outcome. Never two at once (a click while one runs
   * does nothing). Answers how long the server asked to wait when it refused (per-user limits), so
   * auto-compile can hold back.
   */
  const compile = useCallback(async (): Promise<CompileOutcome> => {
    await session.known();
    const s = editorStore.getState();
    if (s.isCompiling) return {};
    if (!s.latexContent.trim()) {
      toast({ title: 'No LaTeX Content', description: 'Please generate or write LaTeX before compiling.', variant: 'destructive' });
      return {};
    }
    if (!requireAccount('compile')) return {};
    const latex = s.latexContent;
    try {
      // The compile saves the LaTeX, edits and all, into the open document in the transaction that
      // saves its outcome: no save of its own first (that round trip cost 50–140 ms a Recompile).
      let documentId = s.documentId;
      const send = (id: number | null) =>
        apiJson(
          'POST',
          '/api/latex/compile',
          // The PDF comes separately as binary from pdfUrl (cacheable, no base64 in JSON).
          id !== null ? { latex, documentId: id, pdfFormat: 'url' } : { latex, pdfFormat: 'url' },
          CompileResponseSchema,
        );
      const answer = send(documentId);
      // (The request leaves before the busy state is drawn.)
      dispatchEditor({ type: 'compileStarted' });
      // The open document was deleted meanwhile (in the history, another tab): compiled without one.
      const { compilationResult } = await answer.catch((err: unknown) => {
        if (documentId === null || !isApiError(err, 404)) throw err;
        dispatchEditor({ type: 'documentGone' });
        documentId = null;
        return send(null);
      });
      if (documentId !== null) dispatchEditor({ type: 'latexSaved', latex });
      // The outcome shows where it happened: the PDF, or the errors above the code, and the status
      // badge (a polite live region) says which; no notice floats over either.
      dispatchEditor({ type: 'compiled', result: compilationResult, latex, at: new Date().toISOString() });
      void queryClient.invalidateQueries({ queryKey: ['documents'] });
      if (documentId !== null) void queryClient.invalidateQueries({ queryKey: ['versions', documentId] });
      return {};
    } catch (err) {
      dispatchEditor({ type: 'compileProblem', message: errorMessage(err, 'Failed to compile the LaTeX. Please try again.') });
      return { failed: true, retryAfterSeconds: isApiError(err, 429) || isApiError(err, 503) ? retryAfterOf(err) : undefined };
    } finally {
      dispatchEditor({ type: 'compileEnded' });
    }
  }, [requireAccount, session, queryClient]);

  const downloadPdf = useCallback(async () => {
    if (!requireAccount('download')) return;
    const s = editorStore.getState();
    const result = s.compilationResult?.success ? s.compilationResult : null;
    if (!result?.pdf && !result?.pdfUrl) {
      toast({ title: 'No PDF available', description: 'Compile your LaTeX first, then download the PDF.', variant: 'destructive' });
      return;
    }
    try {
      const title = await downloadTitle(s.latexContent, s.title);
      const name = `${downloadBaseName(title)}.pdf`;
      if (result.pdf) saveBase64(result.pdf, name, 'application/pdf');
      else saveBlob(await fetchPdf(result.pdfUrl!), name);
    } catch {
      toast({ title: 'Failed to download document', variant: 'destructive' });
    }
  }, [requireAccount]);

  const downloadHtml = useCallback(async () => {
    if (!requireAccount('download')) return;
    const s = editorStore.getState();
    const html = s.compilationResult?.isHtml ? s.compilationResult.html : undefined;
    if (!html) {
      toast({ title: 'Failed to download document', description: 'No HTML preview is available.', variant: 'destructive' });
      return;
    }
    try {
      const title = await downloadTitle(s.latexContent, s.title);
      saveText(html, `${downloadBaseName(title)}.html`, 'text/html');
    } catch {
      toast({ title: 'Failed to download document', variant: 'destructive' });
    }
  }, [requireAccount]);

  /** The editor's state when there is LaTeX to download (for a signed-in person); else null, having said why. */
  const downloadable = useCallback(() => {
    if (!requireAccount('download')) return null;
    const s = editorStore.getState();
    if (s.latexContent.trim()) return s;
    toast({ title: 'No LaTeX Content', description: 'Generate LaTeX before downloading it.', variant: 'destructive' });
    return null;
  }, [requireAccount]);

  const downloadTex = useCallback(async () => {
    const s = downloadable();
    if (!s) return;
    try {
      const title = await downloadTitle(s.latexContent, s.title);
      saveText(s.latexContent, `${downloadBaseName(title)}.tex`, 'application/x-tex');
    } catch {
      toast({ title: 'Failed to download document', variant: 'destructive' });
    }
  }, [downloadable]);

  /** The project (.zip: LaTeX, images, README) or a Word file, made by the server from the saved document. */
  const downloadExport = useCallback(
    async (format: 'zip' | 'docx') => {
      const s = downloadable();
      if (!s) return;
      try {
        const documentId = await saveEdits(s);
        if (documentId === null) {
          toast({ title: 'No saved document', description: 'Generate the LaTeX from a note first: it is saved as a document you can download.', variant: 'destructive' });
          return;
        }
        const res = await fetch(`/api/documents/${documentId}/export?format=${format}`, { credentials: 'same-origin' });
        if (!res.ok) throw new Error(((await res.json().catch(() => null)) as { message?: string } | null)?.message ?? res.statusText);
        const title = await downloadTitle(s.latexContent, s.title);
        saveBlob(await res.blob(), `${downloadBaseName(title)}.${format}`);
      } catch (err) {
        toast({ title: 'Failed to download document', description: errorMessage(err, 'Please try again.'), variant: 'destructive' });
      }
    },
    [downloadable],
  );

  const copyLatex = useCallback(async () => {
    const ok = await copyToClipboard(editorStore.getState().latexContent);
    toast(
      ok
        ? { title: 'Copied', description: 'The LaTeX code is on your clipboard.', variant: 'success' }
        : { title: 'Copy failed', description: 'Your browser did not allow copying. Select the code and copy it manually.', variant: 'destructive' },
    );
    return ok;
  }, []);

  return useMemo(
    () => ({ generate, requestChange, compile, downloadPdf, downloadHtml, downloadTex, downloadExport, copyLatex, requireAccount }),
    [generate, requestChange, compile, downloadPdf, downloadHtml, downloadTex, downloadExport, copyLatex, requireAccount],
  );
}

export type EditorActions = ReturnType<typeof useEditorActions>;
