// The editor's keyboard shortcuts, in one place for the handlers, the tooltips and
// aria-keyshortcuts. "Mod" is Cmd on a Mac and Ctrl elsewhere.

export interface Shortcut {
  /** KeyboardEvent.code of the key. */
  code: string;
  mod?: boolean;
  alt?: boolean;
  shift?: boolean;
  /** The aria-keyshortcuts value. */
  aria: string;
}

export const SHORTCUTS = {
  generate: { code: 'Enter', mod: true, aria: 'Control+Enter Meta+Enter' },
  recompile: { code: 'KeyS', mod: true, aria: 'Control+S Meta+S' },
  showInPdf: { code: 'KeyP', alt: true, shift: true, aria: 'Alt+Shift+P' },
} as const satisfies Record<string, Shortcut>;

export function isMac(): boolean {
  return typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform || navigator.userAgent);
}

/** How the shortcut reads in a tooltip on this machine, e.g. "Ctrl+S" or "⌘S". */
export function shortcutLabel(s: Shortcut): string {
  const mac = isMac();
  const key = s.code.startsWith('Key') ? s.code.slice(3) : s.code;
  const parts = [s.mod ? (mac ? '⌘' : 'Ctrl') : '', s.alt ? (mac ? '⌥' : 'Alt') : '', s.shift ? (mac ? '⇧' : 'Shift') : '', key].filter(Boolean);
  return parts.join(mac ? '' : '+');
}

/** Whether a key event is this shortcut (by physical key, so Alt combinations work on a Mac). */
export function matches(e: KeyboardEvent, s: Shortcut): boolean {
  const mod = e.ctrlKey || e.metaKey;
  return e.code === s.code && mod === !!s.mod && e.altKey === !!s.alt && e.shiftKey === !!s.shift;
}
