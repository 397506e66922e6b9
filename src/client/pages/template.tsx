// /template/{type}: remembers the chosen template for the editor, updates the page title and
// description, and goes to / after 300 ms. Unknown types go to / at once.
import { useEffect } from 'react';
import { Redirect, useLocation } from 'wouter';
import { DOCUMENT_TYPE_DESCRIPTIONS, DOCUMENT_TYPE_LABELS, TEMPLATE_TYPES } from '../../shared/document-types';
import { Page } from '../components/layout/page';
import { Spinner } from '../components/ui/spinner';
import { dispatchEditor } from '../lib/editor-store';
import { STORAGE_KEYS, writeLocal } from '../lib/storage';

export const TEMPLATE_REDIRECT_MS = 300;

type TemplateType = (typeof TEMPLATE_TYPES)[number];

function isTemplateType(value: string | undefined): value is TemplateType {
  return !!value && (TEMPLATE_TYPES as readonly string[]).includes(value);
}

export function setMetaDescription(content: string): void {
  let meta = document.querySelector<HTMLMetaElement>('meta[name="description"]');
  if (!meta) {
    meta = document.createElement('meta');
    meta.name = 'description';
    document.head.appendChild(meta);
  }
  meta.content = content;
}

export function TemplatePage({ type }: { type: string | undefined }) {
  const [, navigate] = useLocation();
  const valid = isTemplateType(type);

  useEffect(() => {
    if (!isTemplateType(type)) return;
    const label = DOCUMENT_TYPE_LABELS[type];
    writeLocal(STORAGE_KEYS.selectedTemplate, type);
    dispatchEditor({ type: 'documentType', documentType: type });
    document.title = `${label} Template - AI Latex Generator`;
    setMetaDescription(`Create a ${label.toLowerCase()} in LaTeX from plain notes: ${DOCUMENT_TYPE_DESCRIPTIONS[type].toLowerCase()}.`);
    const timer = setTimeout(() => navigate('/', { replace: true }), TEMPLATE_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [type, navigate]);

  if (!valid) return <Redirect to="/" replace />;
  return (
    <Page width="narrow">
      <div className="rounded-xl border border-slate-200 bg-white p-8 text-center shadow-sm">
        <h1 className="text-xl font-semibold text-slate-900">{DOCUMENT_TYPE_LABELS[type]} Template</h1>
        <div className="mt-4 flex justify-center text-indigo-700">
          <Spinner className="h-6 w-6" label="Opening the editor..." />
        </div>
      </div>
    </Page>
  );
}
