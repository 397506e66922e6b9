// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { CompileWarnings } from './compile-warnings';

afterEach(cleanup);

describe('CompileWarnings', () => {
  it('lists each warning under a heading that names the section', () => {
    const warnings = ['The font has no glyph for ‘ก’ (U+0E01): it shows as a blank.', 'The font has no glyph for ‘😀’ (U+1F600): it shows as a blank.'];
    render(<CompileWarnings warnings={warnings} />);
    const section = screen.getByRole('region', { name: 'Characters are missing from the PDF' });
    expect(section.getAttribute('aria-labelledby')).toBe('compile-warnings-title');
    expect(screen.getAllByRole('listitem').map((li) => li.textContent)).toEqual(warnings);
  });

  it('says "a character" for one warning, and renders nothing without warnings', () => {
    const { rerender } = render(<CompileWarnings warnings={['The font has no glyph for ‘ก’ (U+0E01): it shows as a blank.']} />);
    expect(screen.getByRole('heading').textContent).toBe('A character is missing from the PDF');
    rerender(<CompileWarnings warnings={[]} />);
    expect(screen.queryByTestId('compile-warnings')).toBeNull();
    rerender(<CompileWarnings warnings={undefined} />);
    expect(screen.queryByTestId('compile-warnings')).toBeNull();
  });
});
