// The status line under the Generate button while a generation runs: the server's current stage
// ('Writing…', 'Checking it compiles…', 'Fixing an error…', 'Falling back to the builtin
// generator…'), then what it came to ("LaTeX generated…", or why it failed), announced politely to
// screen readers. The live region stays mounted so that every change is read out.
import { useEditorState } from '../../lib/editor-store';
import { Spinner } from '../ui/spinner';

const STEPS = 3; // the first draft and up to two repairs

export function GenerationStages({ active }: { active: boolean }) {
  const { stage, generationNote } = useEditorState();
  const text = active ? (stage?.message ?? 'Writing…') : '';
  const attempt = active && stage?.attempt && stage.attempt > 1 && stage.stage !== 'fallback' ? ` (attempt ${stage.attempt} of ${STEPS})` : '';
  return (
    <div aria-live="polite" aria-atomic="true" className="px-4 text-sm text-indigo-800" data-testid="generation-stage">
      {active ? (
        <span className="inline-flex items-center gap-2">
          <Spinner className="h-3.5 w-3.5" />
          <span>
            {text}
            {attempt}
          </span>
        </span>
      ) : generationNote ? (
        // What the generation came to, under the button that started it.
        <p className={generationNote.failed ? 'pb-1 font-medium text-red-800' : 'pb-1 text-green-800'} data-testid="generation-note">
          {generationNote.text}
        </p>
      ) : null}
    </div>
  );
}
