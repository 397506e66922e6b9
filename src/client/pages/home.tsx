// '/' — the editor. (Phase 1 placeholder; replaced by the full editor.)
import { Page, usePageTitle } from '../components/layout/page';

export function HomePage() {
  usePageTitle('');
  return (
    <Page>
      <h1 className="text-2xl font-bold text-slate-900">LaTeX Editor</h1>
      <p className="mt-2 text-slate-700">Write your notes and turn them into LaTeX.</p>
    </Page>
  );
}
