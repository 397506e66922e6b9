// Any unknown path: '404 Page Not Found', reported to the server so it can log the status.
import { useEffect } from 'react';
import { FileQuestion } from 'lucide-react';
import { Link, useLocation } from 'wouter';
import { Page, usePageTitle } from '../components/layout/page';
import { buttonClass } from '../components/ui/button';
import { apiRequest } from '../lib/api';

const reported = new Set<string>();

export function NotFoundPage() {
  usePageTitle('Page Not Found');
  const [location] = useLocation();

  useEffect(() => {
    if (reported.has(location)) return;
    reported.add(location);
    apiRequest('POST', `/api/set-status?status=404&path=${encodeURIComponent(location)}`).catch(() => {
      /* reporting is best effort */
    });
  }, [location]);

  return (
    <Page width="medium">
      <div className="rounded-xl border border-slate-200 bg-white p-8 text-center shadow-sm sm:p-12">
        <FileQuestion className="mx-auto h-12 w-12 text-slate-500" aria-hidden="true" />
        <h1 className="mt-4 text-3xl font-bold text-slate-900">404 Page Not Found</h1>
        <p className="mt-2 text-slate-700">The page you are looking for does not exist or has been moved.</p>
        <Link href="/" className={buttonClass('primary', 'md', 'mt-6')}>
          Back to the editor
        </Link>
      </div>
    </Page>
  );
}
