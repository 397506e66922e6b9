// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import { renderWithProviders } from '../../test-utils';
import { Footer } from './footer';

afterEach(cleanup);

describe('Footer', () => {
  it('links the templates, the history and sign-in', () => {
    renderWithProviders(<Footer showPlayground={false} />);
    expect(screen.getByRole('link', { name: 'Document History' }).getAttribute('href')).toBe('/document-history');
    expect(screen.getByRole('link', { name: 'Presentation' }).getAttribute('href')).toBe('/template/presentation');
    expect(screen.getByRole('link', { name: 'Sign In / Register' }).getAttribute('href')).toBe('/auth');
  });

  it('links the UI playground only outside a production build', () => {
    renderWithProviders(<Footer showPlayground={false} />);
    expect(screen.queryByRole('link', { name: 'UI Playground' })).toBeNull();
    cleanup();
    renderWithProviders(<Footer showPlayground />);
    expect(screen.getByRole('link', { name: 'UI Playground' }).getAttribute('href')).toBe('/ui-playground');
  });
});
