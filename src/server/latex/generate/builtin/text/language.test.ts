// The note's language from its prose: function words outside math, code, URLs and markup; English
// whenever the evidence is thin. Scripts other than Latin: scripts.test.ts.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { documentScripts } from '../write/document-scripts.js';
import { detectLanguage, parseLanguage } from './language.js';
import { proseOf, proseWords } from './prose.js';

// Corpus-like paragraphs: prose with inline and display math, code spans and blocks, links, markup.
const PARAGRAPHS: Array<[string, string]> = [
  [
    'de',
    '# Analysis 1\n\nEine Menge ist eine wohldefinierte Zusammenfassung verschiedener Objekte $x_1, \\dots, x_n$ zu einem Ganzen. ' +
      'Die Objekte heißen Elemente der Menge, und wir schreiben $$a \\in A \\iff a \\text{ ist Element von } A.$$\n\n' +
      'Für alle $\\varepsilon > 0$ gibt es ein $N$, so dass die Folge nicht mehr als $\\varepsilon$ abweicht. ' +
      'Siehe [die Vorlesung](https://example.org/analysis/vorlesung-1.pdf) und `sympy.limit(f, x, 0)`.\n\n```python\nfor a in range(10):\n    print(a)\n```\n',
  ],
  [
    'fr',
    '## Algorithmes gloutons\n\nUn algorithme glouton fait à chaque étape le choix qui semble le meilleur. ' +
      'Pour le problème du sac à dos fractionnaire, on trie les objets par $v_i / w_i$ et on les prend dans cet ordre. ' +
      'La complexité est $O(n \\log n)$ car le tri domine.\n\n```c\nint main(void) { return 0; }\n```\n\nCe n\'est pas toujours optimal : voir <code>knapsack_01</code> et \\cite{cormen}.',
  ],
  [
    'es',
    '# Ecuaciones diferenciales ordinarias\n\nUna ecuación diferencial es una ecuación que relaciona una función $y(x)$ con sus derivadas. ' +
      'El orden de la ecuación es el de la derivada más alta que aparece en ella, por ejemplo $y\'\' + y = 0$ es de segundo orden. ' +
      'Las soluciones se pueden verificar con `sympy.dsolve` y también en https://www.wolframalpha.com/input.\n\n\\[ \\frac{dy}{dx} = k y \\]',
  ],
  [
    'pt',
    '# Python no Sul\n\nA comunidade Python do Sul do Brasil organiza um encontro por ano. ' +
      'Não é preciso ser especialista para apresentar uma palestra: você pode falar sobre o que aprendeu com os seus projetos. ' +
      'Veja o código em `pip install pythonsul` e a função $f(x) = x^2$ nos slides da apresentação.',
  ],
  [
    'en',
    '# Eigenvalues\n\nAn eigenvector of a matrix $A$ is a non-zero vector $v$ with $Av = \\lambda v$. The eigenvalues are the roots of the ' +
      'characteristic polynomial, which we compute with `numpy.linalg.eig(A)`. In practice it is better to use the QR algorithm.',
  ],
  [
    'ru',
    '# Нормальные формы\n\nОтношение находится во второй нормальной форме, если оно находится в первой и каждый неключевой атрибут ' +
      'зависит от ключа целиком: $R(A, B, C)$ с ключом $(A, B)$. Пример запроса: `SELECT * FROM orders WHERE id = 1`.',
  ],
];

describe('detectLanguage', () => {
  it.each(PARAGRAPHS)('a %s paragraph with math, code and links', (language, note) => {
    expect(detectLanguage(note)).toBe(language);
  });

  it('Italian and Dutch notes are Italian and Dutch, never Spanish, Portuguese or German', () => {
    const italian =
      'Il teorema di Pitagora è uno dei risultati più noti della geometria. In un triangolo rettangolo il quadrato ' +
      'costruito sull\'ipotenusa è uguale alla somma dei quadrati costruiti sui cateti: $a^2 + b^2 = c^2$. Questa relazione non vale per gli altri triangoli.';
    const dutch =
      'De stelling van Pythagoras is een van de bekendste resultaten uit de meetkunde. Voor een rechthoekige driehoek geldt ' +
      'dat het kwadraat van de schuine zijde gelijk is aan de som van de kwadraten van de rechthoekszijden: $a^2 + b^2 = c^2$. Dit geldt niet voor andere driehoeken.';
    expect(detectLanguage(italian)).toBe('it');
    expect(detectLanguage(dutch)).toBe('nl');
  });

  it.each([
    'Buy milk and eggs.',
    'To do: e-mail a professor',
    'Meeting with Ana da Silva at 10',
    '# Notes\n\nx = a + b, e = mc^2, o = 0',
    'Die Hard',
    'que',
    '$$\\int_a^b f(x)\\,dx = F(b) - F(a)$$',
    '```\nconst a = "de la que no es";\n```',
    '',
  ])('a short or prose-less note is English: %j', (note) => {
    expect(detectLanguage(note)).toBe('en');
  });

  it('words several languages share count as weak evidence: Spanish full of "de" and "la" is Spanish, a short French note French', () => {
    const spanish = '# Tema 2: Ecuaciones Diferenciales\n\nUna ecuación diferencial ordinaria de primer orden es aquella donde solo aparece la derivada primera de la función. El problema de Cauchy o problema de valores iniciales consiste en resolver la ecuación con una condición inicial. Métodos elementales de resolución de ecuaciones separables y de variables separadas.';
    expect(detectLanguage(spanish)).toBe('es');
    expect(detectLanguage('# Histoire de la Révolution\n\nLa Révolution française commence en 1789. Les états généraux se réunissent à Versailles et le tiers état se proclame assemblée nationale.\n\n- La crise financière\n- Les idées des Lumières\n')).toBe('fr');
  });

  it('a Chinese note of matrices and code is Chinese: its code and formulas are no English prose', () => {
    const note = '# 矩阵消元\n\n```\nx + 2y + z = 2\n3x + 8y + z = 12\nA = [[1, 2, 1], [3, 8, 1], [0, 4, 1]]\nfor row in range(3): eliminate(A, row)\ndef eliminate(matrix, pivot_row):\n    for lower in range(pivot_row + 1, len(matrix)):\n        factor = matrix[lower][pivot_row] / matrix[pivot_row][pivot_row]\n        matrix[lower] = [value - factor * upper for value, upper in zip(matrix[lower], matrix[pivot_row])]\n```\n\n主元不能为零。把第三个方程代入第二个方程中得到未知数的值，这个过程称为回代。\n\n$$E_{32} E_{21} A = U$$\n';
    expect(documentScripts(note, 'article', true).language).toBe('zh');
  });

  it('a German note full of English technical words is German', () => {
    const note =
      '# Deployment\n\nWir haben das Backend mit Docker Compose deployed und die Pipeline in GitHub Actions aufgesetzt. ' +
      'Der Build ist nicht stabil, weil das Caching der Layers manchmal fehlschlägt. Für das Monitoring nutzen wir Grafana und Prometheus, ' +
      'die Alerts gehen an den On-Call Channel. `docker compose up --build` startet alles lokal; siehe https://docs.docker.com/compose/.';
    expect(detectLanguage(note)).toBe('de');
  });

  it('formulas written in letters do not make a note Portuguese or Spanish', () => {
    const note = 'Let a = 2 d / t^2 and e = m c^2, so o = a + e and y = a x + b.\n\nThe same holds for $a$, $e$, $o$ and $y$ in the next part of the lecture.';
    expect(detectLanguage(note)).toBe('en');
  });
});

describe('documentScripts language', () => {
  it('the German lecture gets German captions and date; a one-line note stays English', () => {
    expect(documentScripts(PARAGRAPHS[0]?.[1] ?? '', 'article', false).babel).toBe('ngerman');
    expect(documentScripts('Remember the exam on Monday', 'article', false).babel).toBe('english');
  });

  it("the editor's language setting wins over the note's words", () => {
    const chosen = parseLanguage('pt-BR');
    expect(chosen).toBe('pt');
    expect(documentScripts(PARAGRAPHS[0]?.[1] ?? '', 'article', false, chosen).babel).toBe('brazilian');
    expect(documentScripts('Remember the exam on Monday', 'article', false, parseLanguage('de')).language).toBe('de');
  });
});

describe('proseOf', () => {
  it('sets aside math, code, URLs, commands, tags and entities and keeps the words around them', () => {
    const note =
      'Erst $x + y$ und $$\\sum_i a_i$$ dann \\[ e^{i\\pi} \\] oder \\(z\\) mit `der Code` und ``mehr `Code` hier``.\n' +
      'Siehe https://example.org/die/seite und www.example.com. \\textbf{fett} \\label{sec:die} <b>Tag</b> <MATHEQ>a = b</MATHEQ> &amp; &nbsp;Ende\n' +
      '\\begin{equation}die = das\\end{equation} <!-- die --> <code>und</code>\n~~~\nund oder\n~~~\nSchluss';
    expect(proseWords(note, 100)).toEqual(['erst', 'und', 'dann', 'oder', 'mit', 'und', 'siehe', 'und', 'fett', 'tag', 'ende', 'schluss']);
  });

  it('keeps prices and lone markers as text', () => {
    expect(proseOf('It costs $5 and $10 today')).toBe('It costs $5 and $10 today');
    expect(proseWords('a ` b $ c \\ d < e & f', 100)).toEqual(['a', 'b', 'c', 'd', 'e', 'f']);
  });

  it('reads hostile runs of markers in one pass', () => {
    const hostile = '$'.repeat(20_000) + '`'.repeat(20_000) + '<a'.repeat(20_000) + '\\begin{equation}'.repeat(5_000) + ' Ende';
    expect(proseWords(hostile, 100)).toContain('ende');
  });
});

describe('proseWords', () => {
  // The reference: every chunk through the regular expressions alone (the loop for ASCII chunks must agree).
  const reference = (text: string, limit: number): string[] => {
    const words: string[] = [];
    for (const chunk of proseOf(text).normalize('NFC').toLowerCase().split(/\s+/)) {
      if (!chunk || /[@/\\_=^|<>~#]/.test(chunk) || /\p{L}\.\p{L}/u.test(chunk)) continue;
      for (const m of chunk.matchAll(/\p{L}+/gu)) {
        words.push(m[0]);
        if (words.length >= limit) return words;
      }
    }
    return words;
  };

  it('finds the same words as the regular expressions, ASCII or not, up to the limit', () => {
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom(...'aZ q.,;:!?()"\'-0 9\nßéÄ漢'.split('')), maxLength: 200 }), fc.integer({ min: 1, max: 40 }), (text, limit) => {
        expect(proseWords(text, limit)).toEqual(reference(text, limit));
      }),
      { numRuns: 2000, seed: 20261127 },
    );
  });
});
