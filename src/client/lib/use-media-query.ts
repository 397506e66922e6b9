// Whether a CSS media query matches now, following changes (a window resized, a phone turned).
import { useSyncExternalStore } from 'react';

/** Wide enough for notes, code and PDF side by side (docs/product.md, Editor); narrower screens get tabs. */
export const WIDE_EDITOR_QUERY = '(min-width: 1100px)';

export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (onChange) => {
      if (typeof window === 'undefined' || !window.matchMedia) return () => {};
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    () => (typeof window !== 'undefined' && window.matchMedia ? window.matchMedia(query).matches : false),
    () => false,
  );
}

export const useWideEditor = (): boolean => useMediaQuery(WIDE_EDITOR_QUERY);
