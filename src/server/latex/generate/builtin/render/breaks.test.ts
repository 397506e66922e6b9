// Long runs in text get break points; in a right-to-left paragraph a web address or a path is one
// left-to-right run (the bidi reading order of addresses inside Arabic text).
import { describe, expect, it } from 'vitest';
import { withTextScripts } from '../text/escape.js';
import { documentScripts } from '../write/document-scripts.js';
import { breakableText } from './breaks.js';

const ARABIC = 'هذا نص عربي طويل عن منصة سطر للتعليم والبرمجة';

describe('breakableText', () => {
  it('in a right-to-left document an address is one left-to-right run, its brackets outside', () => {
    const scripts = documentScripts(ARABIC, 'article', true).text;
    const latex = withTextScripts(scripts, () => breakableText(`${ARABIC} (https://satr.codes/assets/images/logo.svg)`, 'xelatex'));
    expect(latex).toContain('(\\lgLTR{https://\\allowbreak{}satr.\\allowbreak{}codes/\\allowbreak{}assets/\\allowbreak{}images/\\allowbreak{}logo.\\allowbreak{}svg})');
  });

  it('left to right documents get the same break points and no run macro', () => {
    expect(breakableText('see (https://satr.codes/assets/images/logo.svg)', 'pdflatex')).toBe(
      'see (https://\\allowbreak{}satr.\\allowbreak{}codes/\\allowbreak{}assets/\\allowbreak{}images/\\allowbreak{}logo.\\allowbreak{}svg)',
    );
  });
});
