// ESLint rule `citations/product-contract`: comments (and test titles) cite only what the
// repository holds. The product contract is docs/product.md, cited by its `##` headings as
// "docs/product.md, Editor"; a citation of a heading that is not there, or of the SPEC, DESIGN.md or
// an issue number (documents a clone does not have), is an error.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

const PRODUCT = 'docs/product.md';

/** The `## ` headings of docs/product.md, longest first so "Session" never shadows a longer one. */
export function productHeadings(markdown) {
  return markdown
    .split('\n')
    .filter((line) => line.startsWith('## '))
    .map((line) => line.slice(3).trim())
    .sort((a, b) => b.length - a.length);
}

const FORBIDDEN = [
  { test: (t) => /\bSPEC\b/.test(t) || /\bthe spec\b|\bspec's\b/i.test(t), what: 'the SPEC' },
  { test: (t) => /\bDESIGN\.md\b/.test(t), what: 'DESIGN.md' },
  { test: (t) => /\bissues? #?\d+/i.test(t), what: 'an issue number' },
];

const isWordChar = (ch) => ch !== undefined && /[\p{L}\p{N}_]/u.test(ch);

/** Problems in one piece of text: forbidden citations, and product citations naming no heading. */
export function citationProblems(text, headings) {
  const problems = [];
  for (const rule of FORBIDDEN) {
    if (rule.test(text)) problems.push(`cites ${rule.what}, which is not in the repository: cite "${PRODUCT}, <heading>" or just explain`);
  }
  const marker = `${PRODUCT},`;
  for (let at = text.indexOf(marker); at !== -1; at = text.indexOf(marker, at + marker.length)) {
    const rest = text.slice(at + marker.length).replace(/^\s+/, '');
    const heading = headings.find((h) => rest.startsWith(h) && !isWordChar(rest[h.length]));
    if (!heading) {
      const shown = rest.split(/[\n.;)]/)[0]?.trim() || '(nothing)';
      problems.push(`"${PRODUCT}, ${shown}" names no heading of ${PRODUCT} (headings: ${[...headings].sort().join(' · ')})`);
    }
  }
  return problems;
}

const TEST_CALLS = new Set(['describe', 'it', 'test']);

function calleeName(node) {
  const callee = node.callee;
  if (callee.type === 'Identifier') return callee.name;
  // describe.each(…)(…), it.skip(…), test.concurrent(…)
  if (callee.type === 'MemberExpression' && callee.object.type === 'Identifier') return callee.object.name;
  return null;
}

let cached = null;
function headingsFor(cwd) {
  if (cached?.cwd !== cwd) cached = { cwd, headings: productHeadings(readFileSync(join(cwd, PRODUCT), 'utf8')) };
  return cached.headings;
}

export const productContractRule = {
  meta: {
    type: 'problem',
    docs: { description: `comments cite ${PRODUCT} headings, never the SPEC, DESIGN.md or issue numbers` },
    schema: [{ type: 'object', properties: { headings: { type: 'array', items: { type: 'string' } } }, additionalProperties: false }],
  },
  create(context) {
    const headings = context.options[0]?.headings ?? headingsFor(context.cwd);
    const check = (node, text) => {
      for (const message of citationProblems(text, headings)) context.report({ node, message });
    };
    return {
      Program() {
        for (const comment of context.sourceCode.getAllComments()) check(comment, comment.value);
      },
      CallExpression(node) {
        const name = calleeName(node);
        const title = node.arguments[0];
        if (name && TEST_CALLS.has(name) && title?.type === 'Literal' && typeof title.value === 'string') check(title, title.value);
      },
    };
  },
};

export default { rules: { 'product-contract': productContractRule } };
