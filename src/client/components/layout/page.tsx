// Page frame: the <main> landmark with consistent width and padding, and document.title.
import { useEffect, type ReactNode } from 'react';
import { cn } from '../../lib/cn';

export const APP_NAME = 'AI Latex Generator';

export function usePageTitle(title: string | null): void {
  useEffect(() => {
    if (title === null) return;
    document.title = title ? `${title} - ${APP_NAME}` : APP_NAME;
  }, [title]);
}

export function Page({
  children,
  className,
  width = 'wide',
  bleed = false,
}: {
  children: ReactNode;
  className?: string;
  /** 'full': the whole window's width and no padding of its own (the editor's panes). */
  width?: 'wide' | 'narrow' | 'medium' | 'full';
  /** On a phone the content runs to the screen's edges (the editor's panels). */
  bleed?: boolean;
}) {
  if (width === 'full') {
    return (
      <main id="main" tabIndex={-1} className={cn('w-full outline-none', className)}>
        {children}
      </main>
    );
  }
  const max = width === 'narrow' ? 'max-w-md' : width === 'medium' ? 'max-w-3xl' : 'max-w-7xl';
  return (
    <main id="main" tabIndex={-1} className={cn('mx-auto w-full flex-1 py-8 outline-none sm:px-6', bleed ? 'px-0' : 'px-4', max, className)}>
      {children}
    </main>
  );
}
