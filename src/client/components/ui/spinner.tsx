// A small animated spinner; decorative unless given a label.
import { Loader2 } from 'lucide-react';
import { cn } from '../../lib/cn';

export function Spinner({ className, label }: { className?: string; label?: string }) {
  return (
    <span role={label ? 'status' : undefined} className="inline-flex items-center gap-2">
      <Loader2 className={cn('h-4 w-4 animate-spin motion-reduce:animate-none', className)} aria-hidden="true" />
      {label ? <span>{label}</span> : null}
    </span>
  );
}
