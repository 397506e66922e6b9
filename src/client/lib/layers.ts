// Which dialogs are open, top-most last, and where each was opened from. Two rules rest on it:
// Escape closes the top-most layer first (a dialog before a toast that appeared after it), and
// focus goes back to the control that opened a dialog when it closes — also when one dialog was
// opened from another that closed at the same moment (Account Required → Log In).

export interface Layer {
  close(): void;
  /** The element focus returns to when this layer closes. */
  opener: HTMLElement | null;
}

const stack: Layer[] = [];

export function openLayer(layer: Layer): () => void {
  stack.push(layer);
  return () => {
    const i = stack.indexOf(layer);
    if (i >= 0) stack.splice(i, 1);
  };
}

export function topLayer(): Layer | null {
  return stack.at(-1) ?? null;
}

/** An element that can take focus back: still in the page and not disabled. */
function canRefocus(el: HTMLElement | null): el is HTMLElement {
  return !!el && el !== document.body && el.isConnected && !(el as HTMLButtonElement).disabled;
}

/**
 * Records what opened `layer`: the element with focus as it opens, unless focus is nowhere a
 * person could come back to (the page, a closing dialog's control) — then an opener a closing
 * dialog has handed on already stays, whichever of the two moments came first.
 */
export function takeOpener(layer: Layer, active: Element | null): void {
  if (active instanceof HTMLElement && canRefocus(active)) layer.opener = active;
}

/**
 * Returns focus after `layer` closed: to its opener, or — when another layer is open now and was
 * opened from inside this one (its opener is gone) — hands the opener on to that layer.
 */
export function returnFocus(layer: Layer): void {
  const top = topLayer();
  if (top && top !== layer) {
    // (Its opener may still be in the page for a moment, inside the dialog now closing: "Log In" in Account Required.)
    if (!canRefocus(top.opener) || top.opener.closest('[role="dialog"], [role="alertdialog"]') !== null) top.opener = layer.opener;
  } else if (canRefocus(layer.opener)) layer.opener.focus();
  else document.getElementById('main')?.focus();
  // The next opening records its own opener.
  layer.opener = null;
}
