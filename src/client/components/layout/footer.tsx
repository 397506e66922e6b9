// The optional footer (docs/product.md, Header and footer): about, quick links, document types, resources, copyright.
import { Link } from 'wouter';
import { LogoMark } from './logo';

const linkClass = 'rounded text-sm text-slate-700 hover:text-indigo-700 hover:underline';

/** The playground is a development aid: a production build keeps its route but does not link it. */
export function Footer({ showPlayground = import.meta.env.DEV }: { showPlayground?: boolean } = {}) {
  const year = new Date().getFullYear();
  return (
    <footer className="mt-12 border-t border-slate-200 bg-white">
      <div className="mx-auto grid max-w-7xl gap-8 px-4 py-10 sm:grid-cols-2 sm:px-6 lg:grid-cols-4">
        <section aria-labelledby="footer-about">
          <h2 id="footer-about" className="flex items-center gap-2 text-sm font-semibold text-slate-900">
            <LogoMark className="h-6 w-6" />
            About
          </h2>
          <p className="mt-3 text-sm text-slate-700">
            AI Latex Generator turns plain-language notes into clean LaTeX documents and compiles them to PDF, so you can focus on
            the writing.
          </p>
        </section>
        <nav aria-label="Quick links">
          <h2 id="footer-quick" className="text-sm font-semibold text-slate-900">
            Quick Links
          </h2>
          <ul className="mt-3 grid gap-2">
            <li>
              <Link href="/" className={linkClass}>
                Editor
              </Link>
            </li>
            <li>
              <Link href="/document-history" className={linkClass}>
                Document History
              </Link>
            </li>
            <li>
              <Link href="/auth" className={linkClass}>
                Sign In / Register
              </Link>
            </li>
          </ul>
        </nav>
        <nav aria-label="Templates">
          <h2 id="footer-types" className="text-sm font-semibold text-slate-900">
            Document Types
          </h2>
          <ul className="mt-3 grid gap-2">
            <li>
              <Link href="/template/article" className={linkClass}>
                Academic Article
              </Link>
            </li>
            <li>
              <Link href="/template/presentation" className={linkClass}>
                Presentation
              </Link>
            </li>
            <li>
              <Link href="/template/letter" className={linkClass}>
                Formal Letter
              </Link>
            </li>
            <li>
              <Link href="/template/report" className={linkClass}>
                Report
              </Link>
            </li>
          </ul>
        </nav>
        <section aria-labelledby="footer-resources">
          <h2 id="footer-resources" className="text-sm font-semibold text-slate-900">
            Resources
          </h2>
          <ul className="mt-3 grid gap-2 text-sm text-slate-700">
            <li>Markup tags: MATHEQ, TABLE, FIGURE, SECTION, LIST, SLIDE</li>
            <li>Free plan: 3 generations per month</li>
            {showPlayground && (
              <li>
                <Link href="/ui-playground" className={linkClass}>
                  UI Playground
                </Link>
              </li>
            )}
          </ul>
        </section>
      </div>
      <div className="border-t border-slate-200">
        <p className="mx-auto max-w-7xl px-4 py-4 text-xs text-slate-600 sm:px-6">
          © {year} AI Latex Generator. All rights reserved.
        </p>
      </div>
    </footer>
  );
}
