// "Log": the last compile's raw TeX log, one click from the code (docs/product.md, Editor), with the
// errors list above it as the code shows it. The log scrolls by keyboard too (it takes focus).
import { useState } from 'react';
import { ScrollText } from 'lucide-react';
import { useEditorState } from '../../lib/editor-store';
import { Button } from '../ui/button';
import { AppDialog } from '../ui/dialog';
import { CompileErrors } from './compile-errors';

export function CompileLogButton({ onGoToLine }: { onGoToLine: (line: number) => void }) {
  const { compilationResult: result } = useEditorState();
  const [open, setOpen] = useState(false);
  const log = result?.log;
  const errors = result && !result.success && !result.isHtml ? result : null;
  return (
    <>
      <Button variant="outline" size="sm" onClick={() => setOpen(true)} disabled={!log} title={log ? 'The raw log of the last compile' : 'Compile to see its log'}>
        <ScrollText className="h-4 w-4" aria-hidden="true" />
        Log
      </Button>
      <AppDialog open={open && !!log} onOpenChange={setOpen} title="Compile log" description="What TeX wrote during the last compile (its end, when it is long)." size="xl">
        <div className="grid gap-3">
          {errors ? (
            <CompileErrors
              result={errors}
              onGoToLine={(line) => {
                setOpen(false);
                onGoToLine(line);
              }}
            />
          ) : null}
          <pre
            tabIndex={0}
            aria-label="Raw compile log"
            data-testid="compile-log"
            className="max-h-[60vh] overflow-auto rounded-md border border-slate-200 bg-slate-50 p-3 font-mono text-xs leading-relaxed whitespace-pre-wrap text-slate-900"
          >
            {log}
          </pre>
        </div>
      </AppDialog>
    </>
  );
}
