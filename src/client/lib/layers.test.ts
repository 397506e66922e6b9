// @vitest-environment happy-dom
// One dialog opened from another as that one closes (Account Required → Log In → Escape): focus
// comes back to the control that opened the first, whichever of the two dialogs' moments comes
// first — the second's opening, or the first's closing.
import { afterEach, describe, expect, it } from 'vitest';
import { openLayer, returnFocus, takeOpener, type Layer } from './layers';

function button(name: string): HTMLButtonElement {
  const b = document.createElement('button');
  b.textContent = name;
  document.body.append(b);
  return b;
}

const layer = (): Layer => ({ close: () => {}, opener: null });

describe('focus across a dialog opened from a closing one', () => {
  afterEach(() => document.body.replaceChildren());

  it('the second opens first, from the first dialog’s button, which then goes', () => {
    const recompile = button('Recompile');
    recompile.focus();
    const first = layer();
    const closeFirst = openLayer(first);
    takeOpener(first, document.activeElement);
    const logIn = button('Log In');
    logIn.focus();
    const second = layer();
    const closeSecond = openLayer(second);
    takeOpener(second, document.activeElement);
    closeFirst();
    logIn.remove();
    returnFocus(first);
    closeSecond();
    returnFocus(second);
    expect(document.activeElement).toBe(recompile);
  });

  it('the first closes before the second has taken focus from the page', () => {
    const recompile = button('Recompile');
    recompile.focus();
    const first = layer();
    const closeFirst = openLayer(first);
    takeOpener(first, document.activeElement);
    const second = layer();
    const closeSecond = openLayer(second);
    closeFirst();
    returnFocus(first);
    // Focus is on the page when the second dialog records its opener: the handed-on one stays.
    recompile.blur();
    takeOpener(second, document.activeElement);
    closeSecond();
    returnFocus(second);
    expect(document.activeElement).toBe(recompile);
  });

  it('a dialog opened again records its new opener, not the last one', () => {
    const a = button('A');
    const b = button('B');
    const dialog = layer();
    a.focus();
    let close = openLayer(dialog);
    takeOpener(dialog, document.activeElement);
    close();
    returnFocus(dialog);
    b.focus();
    close = openLayer(dialog);
    takeOpener(dialog, document.activeElement);
    close();
    returnFocus(dialog);
    expect(document.activeElement).toBe(b);
  });
});
