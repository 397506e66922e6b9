// After a generation the server compiles the new LaTeX in the background while the person reads it.
// This asks, a few times with growing pauses, whether that compile has finished, and hands the PDF's
// address over (the viewer fetches it and draws page 1 offscreen), so that Generate PDF only has to
// paint. It stops as soon as the LaTeX, the document or the compile result on screen changes.
import { CompiledAheadResponseSchema } from '../../shared/api/latex';
import { apiJson } from './api';
import { editorStore } from './editor-store';

/** Pauses before each question, in ms: about 16 s in all, six requests at most. */
export const COMPILED_AHEAD_PAUSES_MS = [250, 500, 1000, 2000, 4000, 8000];

/** Starts asking about document `documentId` holding `latex`; returns a function that stops it. */
export function watchCompiledAhead(documentId: number, latex: string, preload: (pdfUrl: string) => void): () => void {
  let stopped = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const stillWanted = () => {
    const s = editorStore.getState();
    return !stopped && s.documentId === documentId && s.latexContent === latex && s.compilationResult === null && !s.isCompiling;
  };
  const ask = async (attempt: number): Promise<void> => {
    if (!stillWanted()) return;
    try {
      const answer = await apiJson('GET', `/api/latex/compiled-ahead/${documentId}`, undefined, CompiledAheadResponseSchema);
      if (answer.ready) {
        if (stillWanted()) preload(answer.pdfUrl);
        return;
      }
    } catch {
      return; // signed out, document gone, server away: Generate PDF works the ordinary way
    }
    schedule(attempt + 1);
  };
  const schedule = (attempt: number) => {
    const pause = COMPILED_AHEAD_PAUSES_MS[attempt];
    if (pause === undefined || stopped) return;
    timer = setTimeout(() => void ask(attempt), pause);
  };
  schedule(0);
  return () => {
    stopped = true;
    clearTimeout(timer);
  };
}
