// A labelled Radix checkbox.
import { Checkbox as RadixCheckbox } from 'radix-ui';
import { Check } from 'lucide-react';
import { useId } from 'react';

export function CheckboxField({
  label,
  checked,
  onCheckedChange,
  id,
}: {
  label: string;
  checked: boolean;
  onCheckedChange: (checked: boolean) => void;
  id?: string;
}) {
  const autoId = useId();
  const boxId = id ?? autoId;
  return (
    <div className="flex items-center gap-2">
      <RadixCheckbox.Root
        id={boxId}
        checked={checked}
        onCheckedChange={(v) => onCheckedChange(v === true)}
        className="flex h-4 w-4 items-center justify-center rounded border border-slate-500 bg-white data-[state=checked]:border-indigo-700 data-[state=checked]:bg-indigo-700"
      >
        <RadixCheckbox.Indicator>
          <Check className="h-3 w-3 text-white" aria-hidden="true" strokeWidth={3} />
        </RadixCheckbox.Indicator>
      </RadixCheckbox.Root>
      <label htmlFor={boxId} className="text-sm text-slate-800 select-none">
        {label}
      </label>
    </div>
  );
}
