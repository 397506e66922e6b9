// A render context for renderer unit tests: an article under pdfLaTeX, math on, no images.
import { MacroRegistry } from '../math/math.js';
import type { RenderContext } from '../render/context.js';

export function testRenderContext(over: Partial<RenderContext> = {}): RenderContext {
  return {
    type: 'article',
    program: 'pdflatex',
    useMath: true,
    splitTables: false,
    macros: new MacroRegistry(),
    heading: (h) => `\\section{${h.latex}}`,
    images: [],
    ...over,
  };
}
