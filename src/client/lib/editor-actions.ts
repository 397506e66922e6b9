// What the editor's buttons do: generate (charged, needs an account and allowance), compile
// (saves edited LaTeX first), downloads and copy, with the product's messages. Visitors are asked
// to sign in: Generate opens the sign-in dialog with a toast that offers both ways in; compiling
// and downloading open the 'Account Required' dialog. A click before the page's first session
// answer waits for one, so a signed-in person is never taken for a visitor.
import { useCallback, useMemo } from 'react';
import { useLocation } from 'wouter';
import { useQueryClient } from '@tanstack/react-query';
import { CompileResponseSchema, ExtractTitleResponseSchema, UsageSchema } from '../../shared/api/latex';
import { extractTitleFromLatex, GENERATED_FALLBACK } from '../../shared/title';
import { apiJson, apiRequest, errorMessage, isApiError } from './api';
import { useAppUi } from './app-ui';
import { copyToClipboard, fetchPdf, saveBase64, saveBlob, saveText } from './download';
import { dispatchEditor, editorStore } from './editor-store';
import { downloadBaseName } from './format';
import { generateWithProgress } from './generate-stream';
import { cachedImages } from './image-actions';
import { useSessionController } from './session';
import { dismissToast, toast } from './toast';

export type ProtectedAction = 'generate' | 'compile' | 'download' | 'upload';

export const AUTH_REQUIRED_TEXT: Record<ProtectedAction, string> = {
  generate: 'Please sign in or create a free account to generate LaTeX documents.',
  compile: 'Please sign in or create a free account to compile your document to PDF.',
  download: 'Please sign in or create a free account to download your document.',
  upload: 'Please sign in or create a free account to upload images for your figures.',
};

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
    const { title } = await apiJson('POST', '/api/latex/extract-title', { latex }, ExtractTitleResponseSchema);
    return title || GENERATED_FALLBACK;
  } catch {
    const local = extractTitleFromLatex(latex);
    return local === GENERATED_FALLBACK && fallback ? fallback : local;
  }
}

/** The id of the last 'PDF Generated' toast: a failed compile after it takes it away. */
let successToastId: string | null = null;

export function useEditorActions() {
  const session = useSessionController();
  const { openAuth, showErrorCard, dismissErrorCard, openAccountRequired } = useAppUi();
  const [, navigate] = useLocation();
  const queryClient = useQueryClient();

  const requireAccount = useCallback(
    (action: ProtectedAction): boolean => {
      if (session.snapshot().isAuthenticated) return true;
      if (action === 'generate') {
        openAuth('login');
        toast({
          title: 'Authentication Required',
          description: AUTH_REQUIRED_TEXT.generate,
          actions: [
            { label: 'Login', onClick: () => openAuth('login') },
            { label: 'Create Account', onClick: () => openAuth('register') },
          ],
        });
      } else {
        openAccountRequired(AUTH_REQUIRED_TEXT[action]);
      }
      return false;
    },
    [session, openAuth, openAccountRequired],
  );

  const showUsageLimit = useCallback(
    (limit: number) => {
      showErrorCard({
        title: 'Usage Limit Reached',
        message: usageLimitMessage(limit),
        actions: [{ label: 'Upgrade Plan', onClick: () => navigate('/subscribe') }],
      });
    },
    [showErrorCard, navigate],
  );

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
        showUsageLimit(usage.limit);
        return false;
      }
      dispatchEditor({ type: 'generateStarted' });
      try {
        // Streamed: the server's stages ('Writing…', 'Checking it compiles…', …) show while it works.
        const settings = Object.keys(s.settings).length ? { settings: s.settings } : {};
        // The open document's uploaded images go with the note; the new document gets copies.
        const images = cachedImages(queryClient, s.documentId);
        const imagesFrom = images?.images.length ? s.documentId : null;
        const data = await generateWithProgress(
          {
            content: s.inputContent,
            documentType: s.documentType,
            options: { ...s.switches, ...settings },
            ...(s.model ? { model: s.model } : {}),
            ...(imagesFrom !== null ? { imagesFrom } : {}),
            ...(change ? { change: { latex: s.latexContent, instruction: change.instruction } } : {}),
          },
          { idempotencyKey: newIdempotencyKey(), onStage: (stage) => dispatchEditor({ type: 'generateStage', stage }) },
        );
        dispatchEditor({ type: 'generated', response: data, at: new Date().toISOString() });
        // A document saved only to hold the images has handed them to the new one: it goes again.
        const holder = s.imageHolder && !s.savedLatex.trim() && images !== undefined ? s.documentId : null;
        if (holder !== null && holder !== data.documentId) await apiRequest('DELETE', `/api/documents/${holder}`).catch(() => {});
        session.updateUsage({
          current: data.usage.current,
          limit: data.usage.limit,
          resetDate: data.usage.resetDate,
          refillPackCredits: data.usage.refillCredits,
        });
        void queryClient.invalidateQueries({ queryKey: ['documents'] });
        toast({
          title: change ? 'Change Made' : 'LaTeX Generated',
          description: change
            ? `${data.engine} changed your LaTeX and saved it to your history. Click "Generate PDF" in the PDF Preview tab to see it.`
            : data.fallback
              ? `${data.fallback.model} could not write LaTeX that compiles, so the builtin generator wrote this document. Click "Generate PDF" in the PDF Preview tab to compile it.`
              : 'Your LaTeX code is ready. Click "Generate PDF" in the PDF Preview tab to compile it.',
          variant: 'success',
        });
        return true;
      } catch (err) {
        if (isApiError(err, 402)) {
          const usageParsed = UsageSchema.safeParse(err.body?.usage);
          if (usageParsed.success) {
            const u = usageParsed.data;
            session.updateUsage({ current: u.current, limit: u.limit, resetDate: u.resetDate, refillPackCredits: u.refillCredits });
          }
          const limit = typeof err.body?.limit === 'number' ? err.body.limit : session.snapshot().usage.limit;
          showUsageLimit(limit);
        } else if (isApiError(err, 401)) {
          await session.check();
          requireAccount('generate');
        } else if (change) {
          toast({ title: 'Change Failed', description: errorMessage(err, 'The change could not be made. Your LaTeX is unchanged.'), variant: 'destructive' });
        } else {
          toast({ title: 'Generation Failed', description: errorMessage(err, 'Failed to generate LaTeX. Please try again.'), variant: 'destructive' });
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

  const compile = useCallback(async () => {
    await session.known();
    const s = editorStore.getState();
    if (s.isCompiling) return;
    if (!s.latexContent.trim()) {
      toast({ title: 'No LaTeX Content', description: 'Please generate or write LaTeX before compiling.', variant: 'destructive' });
      return;
    }
    if (!requireAccount('compile')) return;
    const latex = s.latexContent;
    let documentId = s.documentId;
    dispatchEditor({ type: 'compileStarted' });
    try {
      // 'Recompile' keeps edits: the edited LaTeX is saved to the document first.
      if (documentId !== null && latex !== s.savedLatex) {
        try {
          await apiRequest('PATCH', `/api/documents/${documentId}`, { latexContent: latex });
          dispatchEditor({ type: 'latexSaved', latex });
        } catch (err) {
          if (!isApiError(err, 404)) throw err;
          documentId = null;
          dispatchEditor({ type: 'documentGone' });
        }
      }
      const { compilationResult } = await apiJson(
        'POST',
        '/api/latex/compile',
        // The PDF comes separately as binary from pdfUrl (cacheable, no base64 in JSON).
        documentId !== null ? { latex, documentId, pdfFormat: 'url' } : { latex, pdfFormat: 'url' },
        CompileResponseSchema,
      );
      dispatchEditor({ type: 'compiled', result: compilationResult, latex, at: new Date().toISOString() });
      if (compilationResult.success && (compilationResult.pdfUrl || compilationResult.pdf)) {
        dismissErrorCard();
        successToastId = toast({ title: 'PDF Generated', description: 'Your PDF is ready in the PDF Preview tab.', variant: 'success' }).id;
      } else if (compilationResult.isHtml) {
        toast({ title: 'HTML Preview Ready', description: 'The PDF compilation service is unavailable, so an HTML preview is shown.' });
      } else {
        // A success toast left from an earlier compile would contradict this one.
        if (successToastId) dismissToast(successToastId);
        successToastId = null;
        showErrorCard({
          title: 'PDF Compilation Error',
          message: compilationResult.error || 'The LaTeX could not be compiled. See the errors in the LaTeX Code tab.',
        });
      }
      void queryClient.invalidateQueries({ queryKey: ['documents'] });
    } catch (err) {
      toast({ title: 'Compilation Failed', description: errorMessage(err, 'Failed to compile the LaTeX. Please try again.'), variant: 'destructive' });
    } finally {
      dispatchEditor({ type: 'compileEnded' });
    }
  }, [requireAccount, session, showErrorCard, dismissErrorCard, queryClient]);

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

  const downloadTex = useCallback(async () => {
    if (!requireAccount('download')) return;
    const s = editorStore.getState();
    if (!s.latexContent.trim()) {
      toast({ title: 'No LaTeX Content', description: 'Generate LaTeX before downloading it.', variant: 'destructive' });
      return;
    }
    try {
      const title = await downloadTitle(s.latexContent, s.title);
      saveText(s.latexContent, `${downloadBaseName(title)}.tex`, 'application/x-tex');
    } catch {
      toast({ title: 'Failed to download document', variant: 'destructive' });
    }
  }, [requireAccount]);

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
    () => ({ generate, requestChange, compile, downloadPdf, downloadHtml, downloadTex, copyLatex, requireAccount }),
    [generate, requestChange, compile, downloadPdf, downloadHtml, downloadTex, copyLatex, requireAccount],
  );
}

export type EditorActions = ReturnType<typeof useEditorActions>;
