// /ui-playground: a demo of visual effects and components (tabs Cards, Buttons, Forms). No product
// behaviour.
import { useId, useState } from 'react';
import { Switch, Tabs } from 'radix-ui';
import { FileText, Presentation, ScrollText } from 'lucide-react';
import { Page, usePageTitle } from '../components/layout/page';
import { Button } from '../components/ui/button';
import { CheckboxField } from '../components/ui/checkbox';
import { inputClass, TextField } from '../components/ui/field';
import { cn } from '../lib/cn';

interface Effects {
  glass: boolean;
  gradient: boolean;
  shadows: boolean;
  motion: boolean;
}

const EFFECT_LABELS: Record<keyof Effects, string> = {
  glass: 'Glass effect',
  gradient: 'Gradient background',
  shadows: 'Deep shadows',
  motion: 'Hover animations',
};

function Toggle({ label, checked, onChange }: { label: string; checked: boolean; onChange: (v: boolean) => void }) {
  const id = useId();
  return (
    <div className="flex items-center justify-between gap-3 rounded-lg border border-slate-200 bg-white px-3 py-2">
      <label htmlFor={id} className="text-sm font-medium text-slate-800">
        {label}
      </label>
      <Switch.Root
        id={id}
        checked={checked}
        onCheckedChange={onChange}
        className="relative h-6 w-11 shrink-0 rounded-full bg-slate-400 transition-colors data-[state=checked]:bg-indigo-700"
      >
        <Switch.Thumb className="block h-5 w-5 translate-x-0.5 rounded-full bg-white shadow transition-transform data-[state=checked]:translate-x-[22px]" />
      </Switch.Root>
    </div>
  );
}

const SAMPLE_CARDS = [
  { icon: FileText, title: 'Academic Article', text: 'Title, abstract and numbered sections.' },
  { icon: Presentation, title: 'Presentation', text: 'Beamer slides from SLIDE tags.' },
  { icon: ScrollText, title: 'Formal Letter', text: 'Sender, recipient and a signature.' },
];

const tabTrigger =
  'rounded-md px-3 py-1.5 text-sm font-medium text-slate-700 data-[state=active]:bg-white data-[state=active]:text-slate-900 data-[state=active]:shadow-sm';

export function UiPlaygroundPage() {
  usePageTitle('UI Playground');
  const [effects, setEffects] = useState<Effects>({ glass: false, gradient: true, shadows: false, motion: true });
  const [agree, setAgree] = useState(false);
  const selectId = useId();

  const cardClass = cn(
    'rounded-xl border p-5',
    effects.glass ? 'border-white/60 bg-white/60 backdrop-blur' : 'border-slate-200 bg-white',
    effects.shadows ? 'shadow-xl' : 'shadow-sm',
    effects.motion && 'transition-transform hover:-translate-y-1 motion-reduce:transition-none motion-reduce:hover:translate-y-0',
  );

  return (
    <Page>
      <h1 className="text-2xl font-bold text-slate-900">UI Playground</h1>
      <p className="mt-1 text-sm text-slate-700">Try visual effects and components. Nothing here changes your documents.</p>

      <section aria-labelledby="effects-title" className="mt-6">
        <h2 id="effects-title" className="text-sm font-semibold text-slate-900">
          Visual effects
        </h2>
        <div className="mt-2 grid gap-2 sm:grid-cols-2 lg:grid-cols-4">
          {(Object.keys(EFFECT_LABELS) as Array<keyof Effects>).map((key) => (
            <Toggle key={key} label={EFFECT_LABELS[key]} checked={effects[key]} onChange={(v) => setEffects((e) => ({ ...e, [key]: v }))} />
          ))}
        </div>
      </section>

      <div className={cn('mt-6 rounded-2xl p-4 sm:p-6', effects.gradient ? 'bg-gradient-to-br from-indigo-100 via-sky-50 to-emerald-50' : 'bg-slate-100')}>
        <Tabs.Root defaultValue="cards">
          <Tabs.List aria-label="Component demos" className="inline-flex gap-1 rounded-lg bg-slate-200/80 p-1">
            <Tabs.Trigger value="cards" className={tabTrigger}>
              Cards
            </Tabs.Trigger>
            <Tabs.Trigger value="buttons" className={tabTrigger}>
              Buttons
            </Tabs.Trigger>
            <Tabs.Trigger value="forms" className={tabTrigger}>
              Forms
            </Tabs.Trigger>
          </Tabs.List>
          <Tabs.Content value="cards" className="mt-4 grid gap-4 sm:grid-cols-3">
            {SAMPLE_CARDS.map(({ icon: Icon, title, text }) => (
              <article key={title} className={cardClass}>
                <Icon className="h-6 w-6 text-indigo-700" aria-hidden="true" />
                <h3 className="mt-3 font-semibold text-slate-900">{title}</h3>
                <p className="mt-1 text-sm text-slate-700">{text}</p>
              </article>
            ))}
          </Tabs.Content>
          <Tabs.Content value="buttons" className={cn('mt-4', cardClass)}>
            <div className="flex flex-wrap gap-2">
              <Button>Primary</Button>
              <Button variant="secondary">Secondary</Button>
              <Button variant="outline">Outline</Button>
              <Button variant="ghost">Ghost</Button>
              <Button variant="danger">Danger</Button>
              <Button disabled>Disabled</Button>
              <Button variant="link">Link</Button>
            </div>
          </Tabs.Content>
          <Tabs.Content value="forms" className={cn('mt-4', cardClass)}>
            <form className="grid max-w-md gap-4" onSubmit={(e) => e.preventDefault()}>
              <TextField label="Document title" placeholder="My thesis notes" />
              <div className="grid gap-1.5">
                <label htmlFor={selectId} className="text-sm font-medium text-slate-800">
                  Document type
                </label>
                <select id={selectId} className={inputClass} defaultValue="article">
                  <option value="article">Article</option>
                  <option value="report">Report</option>
                  <option value="letter">Letter</option>
                </select>
              </div>
              <CheckboxField label="Number equations" checked={agree} onCheckedChange={setAgree} />
              <Button type="submit" className="justify-self-start">
                Save (demo)
              </Button>
            </form>
          </Tabs.Content>
        </Tabs.Root>
      </div>
    </Page>
  );
}
