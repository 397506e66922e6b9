// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';

const getDocument = vi.fn();
vi.mock('pdfjs-dist', () => ({
  GlobalWorkerOptions: { workerSrc: '' },
  PDFWorker: class {
    destroyed = false;
    promise = Promise.resolve();
  },
  TextLayer: class {
    render() {
      return Promise.resolve();
    }
  },
  getDocument: (...args: unknown[]) => getDocument(...args),
}));
vi.mock('pdfjs-dist/build/pdf.worker.min.mjs?url', () => ({ default: '/assets/pdf.worker.mjs' }));

const { default: PdfViewer, PDF_LOAD_TIMEOUT_MS } = await import('./pdf-viewer');

function hangingTask() {
  return { promise: new Promise(() => {}), destroy: vi.fn(() => Promise.resolve()) };
}

afterEach(() => {
  cleanup();
  getDocument.mockReset();
  vi.useRealTimers();
});

describe('PdfViewer load timeout', () => {
  it('tries 3 times at 15 s each, then offers to regenerate; new data starts again', async () => {
    vi.useFakeTimers();
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    getDocument.mockImplementation(() => hangingTask());
    const onRegenerate = vi.fn();
    const { rerender } = render(<PdfViewer source={{ data: 'JVBERi0=' }} title="Notes" onRegenerate={onRegenerate} />);
    expect(getDocument).toHaveBeenCalledTimes(1);
    expect(getDocument.mock.calls[0]?.[0]).toMatchObject({ isEvalSupported: false });
    await act(async () => vi.advanceTimersByTimeAsync(PDF_LOAD_TIMEOUT_MS));
    expect(getDocument).toHaveBeenCalledTimes(2);
    await act(async () => vi.advanceTimersByTimeAsync(PDF_LOAD_TIMEOUT_MS));
    expect(getDocument).toHaveBeenCalledTimes(3);
    expect(screen.queryByText('PDF generation timeout. Please try again.')).toBeNull();
    await act(async () => vi.advanceTimersByTimeAsync(PDF_LOAD_TIMEOUT_MS));
    expect(getDocument).toHaveBeenCalledTimes(3);
    expect(screen.getByText('PDF generation timeout. Please try again.')).toBeVisible();
    vi.useRealTimers();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Regenerate PDF' }));
    expect(onRegenerate).toHaveBeenCalledTimes(1);

    rerender(<PdfViewer source={{ data: 'JVBERi0xLjU=' }} title="Notes" onRegenerate={onRegenerate} />);
    expect(getDocument).toHaveBeenCalledTimes(4);
    expect(screen.queryByText('PDF generation timeout. Please try again.')).toBeNull();
  });

  it('retries load errors the same way and then says the viewer failed', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    getDocument.mockImplementation(() => ({ promise: Promise.reject(new Error('Invalid PDF structure')), destroy: vi.fn(() => Promise.resolve()) }));
    render(<PdfViewer source={{ data: 'JVBERi0=' }} title="Notes" onRegenerate={() => {}} />);
    expect(await screen.findByText('Failed to load PDF viewer. Please try again.')).toBeVisible();
    expect(getDocument).toHaveBeenCalledTimes(3);
  });
});
