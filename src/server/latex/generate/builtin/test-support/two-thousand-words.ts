// The benchmark's 2,000-word note (bench/generate.ts), also the note the fast markdown path
// must accept (fast-markdown.test.ts).

/** A 2,000-word note with headings, lists, inline and display math, a table and code. */
export function twoThousandWordNote(): string {
  const sentences = [
    'The experiment measured the friction coefficient of wooden blocks sliding on an inclined plane.',
    'Each trial recorded the angle at which the block started to move, and the results were averaged.',
    'We expect the relation $\\mu = \\tan\\theta$ to hold when the block is about to slip.',
    'Small errors in the angle, e.g. 0.5 degrees, change mu by roughly 2% at these slopes.',
    'The data show that rougher surfaces give a larger coefficient, as predicted by the simple model.',
    'For the energy we use E = m*g*h and compare it with the kinetic energy 1/2 m v^2 at the bottom.',
  ];
  const parts: string[] = ['# Friction Lab Notes', ''];
  let words = 0;
  let section = 1;
  while (words < 2000) {
    parts.push(`## Part ${section}: Measurements and discussion`, '');
    for (let p = 0; p < 3 && words < 2000; p++) {
      const para = [...sentences.slice(p), ...sentences.slice(0, p)].join(' ');
      parts.push(para, '');
      words += para.split(/\s+/).length;
    }
    parts.push('- Surface A: polished oak, 12 trials', '- Surface B: rough pine, 15 trials', '- Surface C: sanded birch, 10 trials', '');
    parts.push('$$F_f = \\mu N = \\mu m g \\cos\\theta$$', '');
    parts.push('| Surface | Angle | mu |', '|---|---|---|', '| A | 21.3 | 0.39 |', '| B | 27.9 | 0.53 |', '');
    parts.push('```python', 'import math', 'mu = math.tan(math.radians(angle))', '```', '');
    words += 40;
    section++;
  }
  return parts.join('\n');
}
