// "Open in Overleaf" (docs/product.md, Exports): a form that posts the LaTeX to Overleaf's
// documented /docs endpoint in a new tab, as Overleaf's own links do (encoded_snip: the source,
// URL-encoded; engine: the TeX program its first line names; snip_name: the project's name).
// Uploaded images are not sent (Overleaf would need a public address for them): the .zip carries them.
import { ExternalLink } from 'lucide-react';
import { useEditorState } from '../../lib/editor-store';
import { Button } from '../ui/button';

export const OVERLEAF_DOCS_URL = 'https://www.overleaf.com/docs';

/** Overleaf's engine for the LaTeX: XeLaTeX when its first line says so (% !TEX program = xelatex). */
export function overleafEngine(latex: string): 'xelatex' | 'pdflatex' {
  const first = latex.slice(0, 200).split('\n', 1)[0] ?? '';
  return /^%\s*!\s*TEX\s+(?:TS-)?program\s*=\s*xelatex\b/i.test(first.trim()) ? 'xelatex' : 'pdflatex';
}

export function OpenInOverleaf() {
  const s = useEditorState();
  const latex = s.latexContent;
  const disabled = latex.trim().length === 0;
  return (
    <form action={OVERLEAF_DOCS_URL} method="post" target="_blank" rel="noopener" className="contents">
      <input type="hidden" name="encoded_snip" value={encodeURIComponent(latex)} />
      <input type="hidden" name="snip_name" value={s.title || 'main.tex'} />
      <input type="hidden" name="engine" value={overleafEngine(latex)} />
      <Button type="submit" variant="outline" size="sm" disabled={disabled} title="Opens the LaTeX as a new Overleaf project (uploaded images: download the .zip and upload it to Overleaf)">
        <ExternalLink className="h-4 w-4" aria-hidden="true" />
        Open in Overleaf
      </Button>
    </form>
  );
}
