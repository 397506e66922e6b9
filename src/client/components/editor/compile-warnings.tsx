// A small notice under the code tab's toolbar when the last compile left characters out of the
// PDF because no font had their glyphs (compilationResult.warnings). The compile still succeeded,
// so this is a polite status, not an alert.
import { TriangleAlert } from 'lucide-react';

export function CompileWarnings({ warnings }: { warnings: readonly string[] | undefined }) {
  if (!warnings?.length) return null;
  return (
    <section
      aria-labelledby="compile-warnings-title"
      data-testid="compile-warnings"
      className="rounded-lg border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-950"
    >
      <h3 id="compile-warnings-title" className="flex items-center gap-2 font-semibold">
        <TriangleAlert className="h-4 w-4" aria-hidden="true" />
        {warnings.length === 1 ? 'A character is missing from the PDF' : 'Characters are missing from the PDF'}
      </h3>
      <ul className="mt-1 grid max-h-24 list-disc gap-0.5 overflow-y-auto pl-6">
        {warnings.map((w) => (
          <li key={w}>{w}</li>
        ))}
      </ul>
    </section>
  );
}
