// Document settings without LaTeX, opened beside the document type: title, author, date, font
// size, paper, columns, table of contents and language, plus the generator's "split long tables"
// and "convert math" switches. They go with the next generation (options.settings); "Default"
// leaves the choice to the generator, which reads it from the notes.
import { useId, type ReactNode } from 'react';
import type { DocumentSettings } from '../../../shared/generate-options';
import { dispatchEditor, useEditorState } from '../../lib/editor-store';
import { Button } from '../ui/button';
import { CheckboxField } from '../ui/checkbox';
import { inputClass } from '../ui/field';

export const SETTINGS_LANGUAGES: ReadonlyArray<readonly [code: string, label: string]> = [
  ['en', 'English'],
  ['de', 'German'],
  ['fr', 'French'],
  ['es', 'Spanish'],
  ['it', 'Italian'],
  ['pt', 'Portuguese'],
  ['nl', 'Dutch'],
  ['pl', 'Polish'],
  ['ru', 'Russian'],
  ['uk', 'Ukrainian'],
  ['el', 'Greek'],
  ['tr', 'Turkish'],
  ['zh', 'Chinese'],
  ['ja', 'Japanese'],
  ['ko', 'Korean'],
  ['ar', 'Arabic'],
  ['he', 'Hebrew'],
  ['hi', 'Hindi'],
];

/** Removes a setting that went back to "Default" or an empty text, so only choices are sent. */
export function withSetting<K extends keyof DocumentSettings>(settings: DocumentSettings, key: K, value: DocumentSettings[K] | undefined): DocumentSettings {
  const next = { ...settings };
  if (value === undefined || value === '') delete next[key];
  else next[key] = value;
  return next;
}

function Field({ label, children, id }: { label: string; children: ReactNode; id: string }) {
  return (
    <div className="grid gap-1">
      <label htmlFor={id} className="text-xs font-medium text-slate-800">
        {label}
      </label>
      {children}
    </div>
  );
}

const selectClass = `${inputClass} py-1.5`;

export function DocumentSettingsPanel({ id }: { id: string }) {
  const { settings, switches } = useEditorState();
  const base = useId();
  const set = <K extends keyof DocumentSettings>(key: K, value: DocumentSettings[K] | undefined) =>
    dispatchEditor({ type: 'settings', settings: withSetting(settings, key, value) });
  const text = (key: 'title' | 'author' | 'date', label: string, placeholder: string) => (
    <Field label={label} id={`${base}-${key}`}>
      <input
        id={`${base}-${key}`}
        className={`${inputClass} py-1.5`}
        value={settings[key] ?? ''}
        placeholder={placeholder}
        maxLength={key === 'date' ? 200 : 500}
        onChange={(e) => set(key, e.target.value)}
      />
    </Field>
  );

  return (
    <section id={id} aria-label="Document settings" className="mx-4 mt-3 rounded-lg border border-slate-200 bg-slate-50 p-3" data-testid="document-settings">
      <div className="grid gap-3 sm:grid-cols-3">
        {text('title', 'Title', 'From the notes')}
        {text('author', 'Author', 'None')}
        {text('date', 'Date', 'Today')}
        <Field label="Font size" id={`${base}-font`}>
          <select
            id={`${base}-font`}
            className={selectClass}
            value={settings.fontSize ?? ''}
            onChange={(e) => set('fontSize', e.target.value ? (Number(e.target.value) as 10 | 11 | 12) : undefined)}
          >
            <option value="">Default</option>
            <option value="10">10 pt</option>
            <option value="11">11 pt</option>
            <option value="12">12 pt</option>
          </select>
        </Field>
        <Field label="Paper" id={`${base}-paper`}>
          <select
            id={`${base}-paper`}
            className={selectClass}
            value={settings.paper ?? ''}
            onChange={(e) => set('paper', e.target.value === 'a4' || e.target.value === 'letter' ? e.target.value : undefined)}
          >
            <option value="">Default</option>
            <option value="a4">A4</option>
            <option value="letter">Letter</option>
          </select>
        </Field>
        <Field label="Columns" id={`${base}-columns`}>
          <select
            id={`${base}-columns`}
            className={selectClass}
            value={settings.columns ?? ''}
            onChange={(e) => set('columns', e.target.value === '1' ? 1 : e.target.value === '2' ? 2 : undefined)}
          >
            <option value="">Default</option>
            <option value="1">One column</option>
            <option value="2">Two columns</option>
          </select>
        </Field>
        <Field label="Table of contents" id={`${base}-toc`}>
          <select
            id={`${base}-toc`}
            className={selectClass}
            value={settings.toc === undefined ? '' : settings.toc ? 'on' : 'off'}
            onChange={(e) => set('toc', e.target.value === 'on' ? true : e.target.value === 'off' ? false : undefined)}
          >
            <option value="">Default</option>
            <option value="on">On</option>
            <option value="off">Off</option>
          </select>
        </Field>
        <Field label="Language" id={`${base}-language`}>
          <select id={`${base}-language`} className={selectClass} value={settings.language ?? ''} onChange={(e) => set('language', e.target.value || undefined)}>
            <option value="">Detect from the notes</option>
            {SETTINGS_LANGUAGES.map(([code, label]) => (
              <option key={code} value={code}>
                {label}
              </option>
            ))}
          </select>
        </Field>
        <div className="flex items-end">
          <Button variant="ghost" size="sm" onClick={() => dispatchEditor({ type: 'settings', settings: {} })} disabled={Object.keys(settings).length === 0}>
            Reset settings
          </Button>
        </div>
      </div>
      <div className="mt-3 flex flex-wrap gap-x-6 gap-y-2 border-t border-slate-200 pt-3">
        <CheckboxField
          label="Split long tables"
          checked={switches.splitTables}
          onCheckedChange={(splitTables) => dispatchEditor({ type: 'switches', switches: { splitTables } })}
        />
        <CheckboxField label="Convert math" checked={switches.useMath} onCheckedChange={(useMath) => dispatchEditor({ type: 'switches', switches: { useMath } })} />
      </div>
    </section>
  );
}
