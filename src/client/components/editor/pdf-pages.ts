// Draws a loaded PDF's pages into a column of page boxes: page 1 first (a thumbnail-sized render
// stretched to full size, replaced by the sharp one), then pages coming into view, and the rest of
// a not too long document one by one in the background.
// Framework-free, so the viewer component only wires it to state and controls (zoom, pages).
import { TextLayer, type PDFDocumentProxy, type PDFPageProxy } from 'pdfjs-dist';

/** A zoom factor (1 = 100 %) or the width of the frame. */
export type PdfScale = number | 'fit-width';

/** Thumbnail width as a share of the full render: a quarter of the pixels per side is ≈1/16 the work. */
const THUMBNAIL_SHARE = 0.25;
const MAX_FIT_SCALE = 2;
const PAGE_GAP_PX = 16;
/** Pages drawn ahead in the background; past these, a page is drawn when it comes into view. */
const BACKGROUND_PAGES = 40;

export interface PdfPagesOptions {
  scale: PdfScale;
  /** Called once, when page 1 first shows (the thumbnail). */
  onFirstPaint?: () => void;
}

interface PageBox {
  wrapper: HTMLDivElement;
  state: 'empty' | 'rendering' | 'full';
  /** Scale the box was last rendered at. */
  scale: number;
}

export class PdfPages {
  /** The column of page boxes; the caller puts it into the scrolling frame. */
  readonly element: HTMLDivElement;
  private readonly boxes: PageBox[] = [];
  private observer: IntersectionObserver | null = null;
  private destroyed = false;
  private scale: PdfScale;
  private baseWidth = 612;
  private baseHeight = 792;

  constructor(
    private readonly doc: PDFDocumentProxy,
    private readonly scroller: HTMLElement,
    private readonly options: PdfPagesOptions,
  ) {
    this.scale = options.scale;
    this.element = document.createElement('div');
    this.element.className = 'pdf-pages-column';
  }

  get numPages(): number {
    return this.doc.numPages;
  }

  /** The scale in use: 'fit-width' resolved against the frame's width. */
  resolvedScale(): number {
    if (typeof this.scale === 'number') return this.scale;
    // The frame's padding is narrower on a phone: read it rather than assume it.
    const style = getComputedStyle(this.scroller);
    const padding = (parseFloat(style.paddingLeft) || 0) + (parseFloat(style.paddingRight) || 0);
    const available = Math.max(240, this.scroller.clientWidth - padding);
    return Math.min(MAX_FIT_SCALE, available / this.baseWidth);
  }

  /** Lays out every page box (sized like page 1) and paints page 1; resolves after the sharp render. */
  async paintFirstPage(): Promise<void> {
    const first = await this.doc.getPage(1);
    const unit = first.getViewport({ scale: 1 });
    this.baseWidth = unit.width;
    this.baseHeight = unit.height;
    const scale = this.resolvedScale();
    for (let i = 1; i <= this.doc.numPages; i++) {
      const wrapper = document.createElement('div');
      wrapper.className = 'pdf-page relative mx-auto mb-4 bg-white shadow-md';
      wrapper.setAttribute('data-page-number', String(i));
      this.element.append(wrapper);
      this.boxes.push({ wrapper, state: 'empty', scale });
      this.size(wrapper, this.baseWidth * scale, this.baseHeight * scale, scale);
    }
    await this.render(1, first, { thumbnailFirst: true });
  }

  /** Renders the pages near the visible part of the frame first, then the others in order. */
  renderRest(): void {
    if (this.destroyed) return;
    if (typeof IntersectionObserver !== 'undefined') {
      this.observer = new IntersectionObserver(
        (entries) => {
          for (const entry of entries) {
            if (entry.isIntersecting) void this.render(Number((entry.target as HTMLElement).dataset.pageNumber));
          }
        },
        { root: this.scroller, rootMargin: '100% 0px' },
      );
      for (const box of this.boxes.slice(1)) this.observer.observe(box.wrapper);
    }
    void (async () => {
      const last = Math.min(this.doc.numPages, BACKGROUND_PAGES);
      for (let i = 2; i <= last && !this.destroyed; i++) {
        // One page at a time, yielding between them, so scrolling and typing stay smooth.
        await new Promise((resolve) => setTimeout(resolve, 0));
        await this.render(i);
      }
    })();
  }

  /** Changes the zoom: boxes are resized at once and visible pages re-rendered sharp. */
  setScale(scale: PdfScale): void {
    this.scale = scale;
    const resolved = this.resolvedScale();
    for (const [index, box] of this.boxes.entries()) {
      if (box.scale === resolved) continue;
      const ratio = resolved / box.scale;
      const width = parseFloat(box.wrapper.style.width) * ratio;
      const height = parseFloat(box.wrapper.style.height) * ratio;
      this.size(box.wrapper, width, height, resolved);
      box.scale = resolved;
      // The stretched old canvas stays until the new one is drawn.
      if (box.state === 'full') {
        box.state = 'empty';
        if (index === 0 || !this.observer) void this.render(index + 1);
      }
    }
    if (this.observer) {
      // Re-observing makes the observer report the boxes that are visible now.
      for (const box of this.boxes.slice(1)) {
        this.observer.unobserve(box.wrapper);
        this.observer.observe(box.wrapper);
      }
    }
  }

  /**
   * The page whose box is nearest the top of the frame (1-based); scrolled to the end, the last page
   * whose top shows (a last page shorter than the frame never reaches its top). Measured on screen,
   * so the frame's own place in the layout does not matter.
   */
  currentPage(): number {
    const frame = this.scroller.getBoundingClientRect();
    const atEnd = this.scroller.scrollTop + this.scroller.clientHeight >= this.scroller.scrollHeight - 2;
    const limit = atEnd ? frame.height - PAGE_GAP_PX : PAGE_GAP_PX;
    let best = 1;
    for (const [index, box] of this.boxes.entries()) {
      if (box.wrapper.getBoundingClientRect().top - frame.top <= limit) best = index + 1;
      else break;
    }
    return best;
  }

  scrollToPage(n: number): void {
    const box = this.boxes[Math.min(this.boxes.length, Math.max(1, n)) - 1];
    if (box) this.scroller.scrollTop += box.wrapper.getBoundingClientRect().top - this.scroller.getBoundingClientRect().top;
  }

  /** Stops rendering and frees the document (drawn canvases stay until removed). */
  destroy(): void {
    if (this.destroyed) return;
    this.destroyed = true;
    this.observer?.disconnect();
    this.observer = null;
    void this.doc.destroy();
  }

  private size(wrapper: HTMLDivElement, width: number, height: number, scale: number): void {
    wrapper.style.width = `${Math.floor(width)}px`;
    wrapper.style.height = `${Math.floor(height)}px`;
    wrapper.style.setProperty('--scale-factor', String(scale));
  }

  private canvasFor(width: number, height: number, pixelRatio: number): HTMLCanvasElement {
    const canvas = document.createElement('canvas');
    canvas.width = Math.max(1, Math.floor(width * pixelRatio));
    canvas.height = Math.max(1, Math.floor(height * pixelRatio));
    canvas.style.width = '100%';
    canvas.style.height = '100%';
    canvas.style.position = 'absolute';
    canvas.style.inset = '0';
    canvas.setAttribute('aria-hidden', 'true');
    return canvas;
  }

  private async render(n: number, loaded?: PDFPageProxy, { thumbnailFirst = false } = {}): Promise<void> {
    const box = this.boxes[n - 1];
    if (!box || box.state !== 'empty' || this.destroyed) return;
    box.state = 'rendering';
    const scale = box.scale;
    try {
      const page = loaded ?? (await this.doc.getPage(n));
      if (this.destroyed) return;
      const viewport = page.getViewport({ scale });
      this.size(box.wrapper, viewport.width, viewport.height, scale);
      if (thumbnailFirst) {
        const small = page.getViewport({ scale: scale * THUMBNAIL_SHARE });
        const thumb = this.canvasFor(small.width, small.height, 1);
        await page.render({ canvas: thumb, viewport: small }).promise;
        if (this.destroyed) return;
        box.wrapper.querySelector('canvas')?.remove();
        box.wrapper.prepend(thumb);
        box.wrapper.setAttribute('data-rendered', 'thumbnail');
        this.options.onFirstPaint?.();
      }
      const ratio = window.devicePixelRatio || 1;
      const canvas = this.canvasFor(viewport.width, viewport.height, ratio);
      await page.render({ canvas, viewport, transform: ratio !== 1 ? [ratio, 0, 0, ratio, 0, 0] : undefined }).promise;
      if (this.destroyed) return;
      // Rendered at an old zoom while the zoom changed: draw again at the new one.
      if (box.scale !== scale) {
        box.state = 'empty';
        void this.render(n);
        return;
      }
      for (const old of box.wrapper.querySelectorAll('canvas, .textLayer')) old.remove();
      box.wrapper.prepend(canvas);
      box.wrapper.setAttribute('data-rendered', 'full');
      if (!thumbnailFirst && n === 1) this.options.onFirstPaint?.();
      box.state = 'full';
      const text = document.createElement('div');
      text.className = 'textLayer';
      box.wrapper.append(text);
      await new TextLayer({ textContentSource: page.streamTextContent(), container: text, viewport }).render();
    } catch (err) {
      if (!this.destroyed) box.state = 'empty';
      if (n === 1) throw err;
      console.warn(`PDF page ${n} failed to render`, err);
    }
  }
}
