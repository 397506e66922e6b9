// The citation rule: forbidden references fail, product citations must name a real heading.
import { RuleTester } from 'eslint';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
// @ts-expect-error: a plain JavaScript module without type declarations
import { citationProblems, productContractRule, productHeadings } from './citations.mjs';

RuleTester.describe = describe;
RuleTester.it = it;

const headings = ['Editor', 'Session', 'Quotas and plans', 'Accounts API'];

describe('citation rule', () => {
  it('reads the ## headings of the real docs/product.md', () => {
    const real = productHeadings(readFileSync(join(import.meta.dirname, '../../docs/product.md'), 'utf8')) as string[];
    expect(real).toContain('Editor');
    expect(real).toContain('Quotas and plans');
    expect(real.every((h) => !h.startsWith('#'))).toBe(true);
  });

  it('accepts a heading followed by prose, and several citations', () => {
    expect(citationProblems('see docs/product.md, Quotas and plans: the tiers', headings)).toEqual([]);
    expect(citationProblems('(docs/product.md, Editor; docs/product.md, Session)', headings)).toEqual([]);
  });

  it('rejects an unknown heading, a heading cut short and one on the next line', () => {
    expect(citationProblems('docs/product.md, Quotas', headings)).toHaveLength(1);
    expect(citationProblems('docs/product.md, Editors', headings)).toHaveLength(1);
    expect(citationProblems('as in docs/product.md,', headings)[0]).toContain('(nothing)');
  });

  new RuleTester().run('product-contract', productContractRule, {
    valid: [
      { code: '// The editor (docs/product.md, Editor).\nexport {};', options: [{ headings }] },
      { code: "describe('session timers', () => {});", options: [{ headings }] },
      { code: '// a SPECIAL case of specification\nexport {};', options: [{ headings }] },
      { code: '// docs/product.md, Editor page\nexport {};', options: [{ headings }] },
    ],
    invalid: [
      { code: '// The editor (SPEC section 2).\nexport {};', options: [{ headings }], errors: 1 },
      { code: '/* every variable of DESIGN.md */\nexport {};', options: [{ headings }], errors: 1 },
      { code: '// Target (issue 3): under 5 ms.\nexport {};', options: [{ headings }], errors: 1 },
      { code: "// with the spec's messages\nexport {};", options: [{ headings }], errors: 1 },
      { code: '// docs/product.md, History\nexport {};', options: [{ headings }], errors: 1 },
      { code: "it('shows the messages of SPEC section 5', () => {});", options: [{ headings }], errors: 1 },
    ],
  });
});
