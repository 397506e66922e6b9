// "Change…": asks the AI model to change the LaTeX on screen in plain words ("make the title
// bigger", "put the table before the list"). The server sends the document's body and the request
// through the same compile-checked repair loop as a generation, keeps the document's own preamble,
// and charges it as one generation. Shown only where the server offers an AI model.
import { useState, type FormEvent } from 'react';
import { Wand2 } from 'lucide-react';
import { MAX_CHANGE_INSTRUCTION_CHARS } from '../../../shared/api/latex';
import type { EditorActions } from '../../lib/editor-actions';
import { useEditorState } from '../../lib/editor-store';
import { Button } from '../ui/button';
import { AppDialog } from '../ui/dialog';
import { TextField } from '../ui/field';
import { effectiveModel, useModels } from './model-picker';

const BUILTIN = 'builtin';

export function ChangeButton({ actions }: { actions: EditorActions }) {
  const s = useEditorState();
  const models = useModels();
  const [open, setOpen] = useState(false);
  const [instruction, setInstruction] = useState('');
  const [error, setError] = useState<string | null>(null);
  const aiModels = models?.models.filter((m) => m.id !== BUILTIN) ?? [];
  if (aiModels.length === 0) return null;
  const model = effectiveModel(models, s.model);
  const writer = aiModels.find((m) => m.id === model);
  const hasLatex = s.latexContent.trim().length > 0;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const asked = instruction.trim();
    if (!asked) {
      setError('Say what to change');
      return;
    }
    setOpen(false);
    if (await actions.requestChange(asked)) setInstruction('');
  };

  return (
    <>
      <Button
        variant="outline"
        size="sm"
        onClick={() => {
          setError(null);
          setOpen(true);
        }}
        disabled={!hasLatex || s.isGenerating}
        title="Ask the AI model to change this document"
      >
        <Wand2 className="h-4 w-4" aria-hidden="true" />
        Change…
      </Button>
      <AppDialog
        open={open}
        onOpenChange={setOpen}
        title="Ask for a Change"
        description={
          writer
            ? `${writer.label} changes the document as you ask, checks that it compiles, and saves it to your history. It counts as one generation.`
            : 'Changes are written by an AI model: choose one in the model menu first.'
        }
      >
        {/* No autoFocus: the dialog moves focus to the field itself, after noting what opened it. */}
        <form className="grid gap-4" onSubmit={(e) => void submit(e)} noValidate>
          <TextField
            label="What should change?"
            placeholder="e.g. make the title bigger"
            value={instruction}
            maxLength={MAX_CHANGE_INSTRUCTION_CHARS}
            error={error}
            onChange={(e) => {
              setInstruction(e.target.value);
              setError(null);
            }}
          />
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button type="button" variant="ghost" onClick={() => setOpen(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={!writer}>
              Make Change
            </Button>
          </div>
        </form>
      </AppDialog>
    </>
  );
}
