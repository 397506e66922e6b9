// The Compilation Error box above the LaTeX: the compiler's summary and one button per error whose
// name starts with "Go to line N", putting the cursor on that line and marking it. Errors without
// a line (a missing file, a run that stopped) are listed as text.
import { AlertCircle, CornerDownRight } from 'lucide-react';
import type { CompilationResult } from '../../../shared/api/latex';

export function CompileErrors({ result, onGoToLine }: { result: CompilationResult; onGoToLine: (line: number) => void }) {
  const details = result.errorDetails ?? [];
  return (
    <div role="alert" aria-labelledby="compile-error-title" className="rounded-lg border border-red-200 bg-red-50 p-3" data-testid="compile-errors" data-keep-uncovered>
      <h3 id="compile-error-title" className="flex items-center gap-2 text-sm font-semibold text-red-800">
        <AlertCircle className="h-4 w-4" aria-hidden="true" />
        Compilation Error
      </h3>
      {result.error ? <p className="mt-1 text-sm break-words text-red-900">{result.error}</p> : null}
      {details.length ? (
        <ul className="mt-2 grid max-h-36 gap-1.5 overflow-y-auto p-0.5">
          {details.map((d, i) => (
            <li key={i}>
              {d.line !== null ? (
                <button
                  type="button"
                  onClick={() => onGoToLine(d.line!)}
                  className="w-full rounded-md bg-white px-2.5 py-1.5 text-left text-sm ring-1 ring-red-200 hover:bg-red-100"
                >
                  <span className="inline-flex items-center gap-1 font-semibold text-red-800">
                    <CornerDownRight className="h-3.5 w-3.5" aria-hidden="true" />
                    Go to line {d.line}:
                  </span>{' '}
                  <span className="text-slate-900">{d.message}</span>
                  {d.hint ? <span className="mt-0.5 block text-xs text-slate-700">Hint: {d.hint}</span> : null}
                </button>
              ) : (
                <p className="rounded-md bg-white px-2.5 py-1.5 text-sm ring-1 ring-red-200">
                  <span className="font-semibold text-red-800">General</span>
                  <span className="text-slate-900">: {d.message}</span>
                  {d.hint ? <span className="mt-0.5 block text-xs text-slate-700">Hint: {d.hint}</span> : null}
                </p>
              )}
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
