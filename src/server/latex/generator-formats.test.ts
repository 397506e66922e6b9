// The specs the app hands the compile service carry everything the generator's preambles define:
// a spec that dropped the warm-up would build formats whose waiting processes do nothing ahead.
import { describe, expect, it } from 'vitest';
import { listPreambles } from './generate/builtin/write/preambles.js';
import { generatorPreambles } from './generator-formats.js';

describe('generatorPreambles', () => {
  it("passes each preamble on with its warm-up and its while-waiting TeX (XeLaTeX's only)", async () => {
    const specs = await generatorPreambles();
    expect(specs).toHaveLength(listPreambles().length);
    for (const spec of specs) {
      if (spec.program === 'xelatex') {
        expect(spec.warmUp, spec.id).toMatch(/\\font\\lgwarmupa=/);
        expect(spec.whileWaiting, spec.id).toContain('\\setCJKfamilyfont{lgaheada}{ipaexm.ttf}[FontIndex=0]');
      } else {
        expect(spec.warmUp, spec.id).toBeUndefined();
        expect(spec.whileWaiting, spec.id).toBeUndefined();
      }
    }
  });
});
