// The HTML preview's patterns as linear scans. Each function stands for one regular expression
// (named in its comment) and gives the same matches, but finds closing delimiters with indexOf
// from where the last search ended, so a document full of unclosed `$$`, `\[`, `\begin{tabular}`
// or `\item[` costs one pass instead of one pass per opening. html-preview-patterns.test.ts
// checks each against its expression.
import { forwardFinder, forwardFinderAny, optionalBracket, replaceLiteral, replaceMatches } from '../../../shared/text-scan.js';

type Replace = (...captures: Array<string | undefined>) => string;

const DISPLAY_ENVIRONMENTS = ['equation', 'align', 'gather', 'multline', 'eqnarray', 'displaymath'];

/**
 * /\$\$([\s\S]+?)\$\$|\\\[([\s\S]+?)\\\]|\\begin\{(equation|align|gather|multline|eqnarray|displaymath)(\*?)\}([\s\S]*?)\\end\{\3\4\}/g
 * with `replace(a, b, env, star, c)`.
 */
export function replaceDisplayMath(text: string, replace: Replace): string {
  const dollars = forwardFinder(text, '$$');
  const brackets = forwardFinder(text, '\\[');
  const closeBrackets = forwardFinder(text, '\\]');
  const begins = forwardFinder(text, '\\begin{');
  const ends = new Map<string, (from: number) => number>();
  const endOf = (name: string) => {
    let f = ends.get(name);
    if (!f) ends.set(name, (f = forwardFinder(text, `\\end{${name}}`)));
    return f;
  };
  let dollarsOpen = true;
  let bracketsOpen = true;

  return replaceMatches(text, (from) => {
    let at = from;
    for (;;) {
      const a = dollarsOpen ? dollars(at) : -1;
      const b = bracketsOpen ? brackets(at) : -1;
      const c = begins(at);
      const starts = [a, b, c].filter((i) => i >= 0);
      if (starts.length === 0) return null;
      const start = Math.min(...starts);
      if (start === a) {
        const close = dollars(start + 3);
        if (close >= 0) return { start, end: close + 2, replacement: replace(text.slice(start + 2, close), undefined, undefined, undefined, undefined) };
        dollarsOpen = false; // no `$$` after this one closes any later one either
      } else if (start === b) {
        const close = closeBrackets(start + 3);
        if (close >= 0) return { start, end: close + 2, replacement: replace(undefined, text.slice(start + 2, close), undefined, undefined, undefined) };
        bracketsOpen = false;
      } else {
        const name = DISPLAY_ENVIRONMENTS.find((n) => text.startsWith(`${n}}`, start + 7) || text.startsWith(`${n}*}`, start + 7));
        if (name !== undefined) {
          const star = text[start + 7 + name.length] === '*' ? '*' : '';
          const bodyStart = start + 7 + name.length + star.length + 1;
          const close = endOf(name + star)(bodyStart);
          if (close >= 0) {
            return { start, end: close + 6 + name.length + star.length, replacement: replace(undefined, undefined, name, star, text.slice(bodyStart, close)) };
          }
        }
      }
      at = start + 1;
    }
  });
}

/** /(?<!\\)\$((?:\\\$|[^$])+?)\$|\\\(([\s\S]+?)\\\)/g with `replace(a, b)`. */
export function replaceInlineMath(text: string, replace: Replace): string {
  const dollars = forwardFinder(text, '$');
  const parens = forwardFinder(text, '\\(');
  const closeParens = forwardFinder(text, '\\)');
  let parensOpen = true;

  /** The `$` closing the formula opened at `open`, as the lazy, backtracking expression finds it. */
  function dollarClose(open: number): number {
    let i = open + 1;
    if (i >= text.length || text[i] === '$') return -1;
    let lastEscaped = -1;
    let first = true;
    while (i < text.length) {
      if (!first && text[i] === '$') return i;
      first = false;
      if (text[i] === '\\' && text[i + 1] === '$') {
        lastEscaped = i + 1;
        i += 2;
      } else i += 1;
    }
    // Nothing closed it: the expression backtracks to read the last `\$` as `\` and a closing `$`.
    return lastEscaped;
  }

  return replaceMatches(text, (from) => {
    let at = from;
    for (;;) {
      let a = dollars(at);
      while (a > 0 && text[a - 1] === '\\') a = dollars(a + 1);
      const b = parensOpen ? parens(at) : -1;
      if (a < 0 && b < 0) return null;
      if (a >= 0 && (b < 0 || a < b)) {
        const close = dollarClose(a);
        if (close >= 0) return { start: a, end: close + 1, replacement: replace(text.slice(a + 1, close), undefined) };
        at = a + 1;
      } else {
        const close = closeParens(b + 3);
        if (close >= 0) return { start: b, end: close + 2, replacement: replace(undefined, text.slice(b + 2, close)) };
        parensOpen = false;
        at = b + 1;
      }
    }
  });
}

/**
 * /\\begin\{(NAME|NAME…)\}(\[[^\]]*\])?([\s\S]*?)\\end\{\1\}/g with `replace(name, option, body)`;
 * without `withOption`, the same expression without its optional `[…]`: `replace(name, body)`.
 */
export function replaceEnvironments(text: string, names: readonly string[], withOption: boolean, replace: Replace): string {
  const closeBracket = forwardFinder(text, ']');
  // Two finders per name: searches from the openings and from after their options each move forward.
  const finders = new Map<string, { fromOpen: (from: number) => number; fromOption: (from: number) => number }>();
  const endOf = (name: string) => {
    let f = finders.get(name);
    if (!f) finders.set(name, (f = { fromOpen: forwardFinder(text, `\\end{${name}}`), fromOption: forwardFinder(text, `\\end{${name}}`) }));
    return f;
  };
  return replaceLiteral(
    text,
    '\\begin{',
    (after) => {
      const name = names.find((n) => text.startsWith(`${n}}`, after));
      if (name === undefined) return null;
      const open = after + name.length + 1;
      const closing = `\\end{${name}}`;
      const first = endOf(name).fromOpen(open);
      if (first < 0) return null;
      if (withOption) {
        // Greedy optional `[…]` first; when nothing closes the environment after it, without it.
        const option = optionalBracket(text, open, closeBracket);
        if (option.content !== undefined) {
          const close = first >= option.end ? first : endOf(name).fromOption(option.end);
          if (close >= 0) return { end: close + closing.length, captures: [name, `[${option.content}]`, text.slice(option.end, close)] };
        }
        return { end: first + closing.length, captures: [name, undefined, text.slice(open, first)] };
      }
      return { end: first + closing.length, captures: [name, text.slice(open, first)] };
    },
    replace,
  );
}

/** /LITERAL(\[[^\]]*\])?/g with `replace(option)`; `spaces` allows \s* before the option (\item). */
export function replaceWithOption(text: string, literal: string, replace: Replace, spaces = false): string {
  const closeBracket = forwardFinder(text, ']');
  return replaceLiteral(
    text,
    literal,
    (after) => {
      let at = after;
      if (spaces) while (at < text.length && /\s/.test(text[at]!)) at++;
      const option = optionalBracket(text, at, closeBracket);
      return { end: option.end, captures: [option.content] };
    },
    replace,
  );
}

/** /\\begin\{(frame)\}(\[[^\]]*\])?(\{[^}]*\})?/g with `replace('frame', option, title)`. */
export function replaceFrameOpenings(text: string, replace: Replace): string {
  const closeBracket = forwardFinder(text, ']');
  const closeBrace = forwardFinder(text, '}');
  return replaceLiteral(
    text,
    '\\begin{frame}',
    (after) => {
      const option = optionalBracket(text, after, closeBracket);
      let end = option.end;
      let title: string | undefined;
      if (text[end] === '{') {
        const close = closeBrace(end + 1);
        if (close >= 0) {
          title = text.slice(end, close + 1);
          end = close + 1;
        }
      }
      return { end, captures: ['frame', option.content === undefined ? undefined : `[${option.content}]`, title] };
    },
    replace,
  );
}

/** /\\includegraphics(\[[^\]]*\])?\{([^}]*)\}/g with `replace(option, name)`. */
export function replaceIncludegraphics(text: string, replace: Replace): string {
  const closeBracket = forwardFinder(text, ']');
  const closeBrace = forwardFinder(text, '}');
  return replaceLiteral(
    text,
    '\\includegraphics',
    (after) => {
      // With a `[…]` the name's brace must follow it; without one, follow the command.
      const option = optionalBracket(text, after, closeBracket);
      const at = option.end;
      if (text[at] !== '{') return null;
      const close = closeBrace(at + 1);
      return close < 0 ? null : { end: close + 1, captures: [option.content === undefined ? undefined : `[${option.content}]`, text.slice(at + 1, close)] };
    },
    replace,
  );
}

/** /\\(hline|toprule|midrule|bottomrule|endhead|endfirsthead|endfoot|endlastfoot)\b|\\cline\{[^}]*\}|\\cmidrule(\([^)]*\))?\{[^}]*\}/g with ''. */
export function removeTableRules(text: string): string {
  const closeBrace = forwardFinder(text, '}');
  const closeParen = forwardFinder(text, ')');
  const RULES = ['hline', 'toprule', 'midrule', 'bottomrule', 'endhead', 'endfirsthead', 'endfoot', 'endlastfoot'];
  return replaceLiteral(
    text,
    '\\',
    (after) => {
      const rule = RULES.find((r) => text.startsWith(r, after) && !/\w/.test(text[after + r.length] ?? ''));
      if (rule) return { end: after + rule.length, captures: [] };
      const braceFrom = (at: number) => {
        if (text[at] !== '{') return -1;
        const close = closeBrace(at + 1);
        return close < 0 ? -1 : close + 1;
      };
      if (text.startsWith('cline', after)) {
        const end = braceFrom(after + 5);
        return end < 0 ? null : { end, captures: [] };
      }
      if (text.startsWith('cmidrule', after)) {
        const at = after + 8;
        if (text[at] === '(') {
          const close = closeParen(at + 1);
          const end = close < 0 ? -1 : braceFrom(close + 1);
          if (end >= 0) return { end, captures: [] };
        }
        const end = braceFrom(at);
        return end < 0 ? null : { end, captures: [] };
      }
      return null;
    },
    () => '',
  );
}

/** text.split(/\\\\(?:\[[^\]]*\])?/): table rows. */
export function splitRows(text: string): string[] {
  const parts: string[] = [];
  let last = 0;
  const closeBracket = forwardFinder(text, ']');
  for (let i = text.indexOf('\\\\'); i >= 0; i = text.indexOf('\\\\', i)) {
    parts.push(text.slice(last, i));
    last = optionalBracket(text, i + 2, closeBracket).end;
    i = last;
  }
  parts.push(text.slice(last));
  return parts;
}

/** /\\label\{[^}]*\}|\\nonumber|\\notag/g with '': what a math body must lose before KaTeX. */
export function removeEquationLabels(text: string): string {
  const closeBrace = forwardFinder(text, '}');
  return replaceLiteral(
    text,
    '\\',
    (after) => {
      if (text.startsWith('label{', after)) {
        const close = closeBrace(after + 6);
        return close < 0 ? null : { end: close + 1, captures: [] };
      }
      if (text.startsWith('nonumber', after)) return { end: after + 8, captures: [] };
      if (text.startsWith('notag', after)) return { end: after + 5, captures: [] };
      return null;
    },
    () => '',
  );
}

/**
 * One round of /\\([A-Za-z]+)\*?(?:\[[^\]{}]*\])?\{([^{}]*)\}/g with `replace(name, content)`:
 * commands whose argument holds no braces (the innermost ones). Null when nothing matched.
 */
export function replaceInnermostCommands(text: string, replace: Replace): string | null {
  const bracketOrBrace = forwardFinderAny(text, ']{}');
  const brace = forwardFinderAny(text, '{}');
  let matched = false;
  const out = replaceLiteral(
    text,
    '\\',
    (after) => {
      let at = after;
      while (at < text.length && /[A-Za-z]/.test(text[at]!)) at++;
      if (at === after) return null;
      const name = text.slice(after, at);
      if (text[at] === '*') at++;
      if (text[at] === '[') {
        const close = bracketOrBrace(at + 1);
        if (close < 0 || text[close] !== ']') return null;
        at = close + 1;
      }
      if (text[at] !== '{') return null;
      const close = brace(at + 1);
      if (close < 0 || text[close] !== '}') return null;
      matched = true;
      return { end: close + 1, captures: [name, text.slice(at + 1, close)] };
    },
    replace,
  );
  return matched ? out : null;
}
