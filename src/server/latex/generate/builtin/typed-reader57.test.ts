// What reader 57 showed on fresh notes, by class: markup printed (a reaction with a remark in another
// script fell back to its TeX, µg/m³ printed \textmu); units without a number set as italic
// fractions (m/s², km/h → m/s, µg/m³); meaning changed (A*AA as a product, log2(n) as log 2(n), a
// limit's approach on the line, a range as a subtraction); one formula of a chemistry note left
// plain (KNO3) or broken at a precipitate's arrow or a hyphen (CO2-Fixierung); spaces lost
// ("700 ml l'una", "10 (dilution factor)"); title-block lines in the wrong slot (a name and its
// class, a season for a date, a student's label, the cover slide's own title); parallel heads left as
// text ("Every week", "deletion (the annoying one)", "НЕ ЗАБУТИ!!"); a caption made a heading; lines
// joined onto an item; "Part N -" over no chapters made part pages; formulas of one block set three
// ways. Each rule is shown beside a note it must not change.
import { describe, expect, it } from 'vitest';
import { generate } from './index.js';

const body = (content: string, documentType: 'article' | 'basic' | 'presentation' = 'article'): string => {
  const latex = generate({ content, documentType }).latex;
  return latex.slice(latex.indexOf('\\begin{document}'));
};
const lines = (text: string): string => body(`Notes\n\nSome words to start with.\n\n${text}\n`);

describe('reader 57: nothing of the generator printed', () => {
  it('sets a reaction with a remark in Cyrillic and a degree sign, and falls back to the typed words, never the TeX', () => {
    const out = body('Хімія\n\nОСНОВИ\nнерозчинні: Cu(OH)2, Fe(OH)3\nCu(OH)2 → CuO + H2O  (при нагріванні, t°)\n', 'basic');
    expect(out).toMatch(/\\ce\{Cu\(OH\)2 -> CuO \+ H2O\} \\quad \\text\{\(при нагріванні/);
    expect(out).not.toContain('textbackslash');
  });

  it('sets micro units upright in formulas, tables and text', () => {
    const out = lines('- RF: RMSE 2.1 → 4.4 µg/m³\n\n| model | RMSE (µg/m³) | MAE |\n|---|---|---|\n| RF | 4.4 | 3.1 |');
    expect(out).not.toContain('textbackslash');
    expect(out).toContain('\\text{\\textmu{}g}/\\mathrm{m}^{3}');
  });
});

describe('reader 57: units and meaning', () => {
  it('sets a unit standing without a number upright, and keeps quotients of variables', () => {
    const out = lines('Forces in N, masses in kg (N, kg, m/s²); speeds km/h -> m/s.\n\nBoth in µg/m³ here.');
    expect(out).toContain('\\mathrm{m}/\\mathrm{s}^{2}');
    expect(out).toContain('\\mathrm{km}/\\mathrm{h} \\to \\mathrm{m}/\\mathrm{s}');
    expect(lines('The density is rho = m/V and a = F/m.')).toMatch(/\\frac\{m\}\{V\}[\s\S]*\\frac\{F\}\{m\}/);
    expect(lines('T = 2 pi sqrt(L/g)')).toContain('\\frac{L}{g}');
  });

  it('keeps grades, a logarithm\'s base, a limit\'s approach and a range', () => {
    expect(body('Dear Ms Hale,\n\nHis predicted grades are A*AA and he will do well.\n\nYours sincerely,\nJ. Barnes\n', 'basic')).toContain('A*AA');
    expect(lines('The height h ≈ log2(n) for a balanced tree.')).toContain('\\log_{2}(n)');
    expect(lines('lim n→∞ (1 + 1/n)^n = e')).toContain('\\lim_{n \\to \\infty}');
    const range = lines('Protein roughly 1.25-1.5 g/kg/day for older adults.');
    expect(range).toContain('1.25\\text{--}1.5\\,\\mathrm{g}/\\mathrm{kg}/\\mathrm{day}');
    expect(lines('x = 3-2 m')).not.toContain('text{--}');
  });

  it('sets every formula of a chemistry note, a precipitate\'s arrow and a formula hyphened to a word', () => {
    const out = body('Солі\n\nNaCl — натрій хлорид\nCaCO3 — кальцій карбонат\nKNO3 — калій нітрат\nAgNO3 + NaCl → AgCl↓ + NaNO3\n', 'basic');
    expect(out).toContain('$\\ce{KNO3}$');
    expect(out).toContain('$\\ce{NaCl}$');
    expect(out).toContain('\\ce{AgNO3 + NaCl -> AgCl v + NaNO3}');
    expect(lines('Die CO2-Fixierung im Calvin-Zyklus.')).toContain('$\\ce{CO2}$-Fixierung');
    // Outside a chemistry note, a code name stays as typed.
    expect(lines('We shipped KNO3 last week.')).not.toContain('\\ce');
  });

  it('keeps the space before a remark in brackets and an elided word after a unit', () => {
    expect(lines('c(vinegar) = 0.08419 M × 10 (dilution factor) = 0.842 M')).toContain('0.08419\\,\\mathrm{M} \\times 10 \\text{ (dilution factor)}');
    expect(lines("- 2 bottiglie di passata (700 ml l'una) + 2 cucchiai")).not.toContain('\\mathrm{l}');
    expect(lines('it crashed at around n = 1000 (!!) because the tree is degenerate')).toContain('$n = 1000$ (!!)');
    expect(lines('- challenge: 3/4 = ?/12 = ?/20\n- starter: chant')).toContain('$\\frac{3}{4} = \\frac{?}{12} = \\frac{?}{20}$');
    expect(lines('Is it 3/4? Yes.')).not.toContain('frac{?}');
  });
});

describe('reader 57: the title block', () => {
  it('reads a name and what follows its dash, a season as the date, a student label, and the topic line as the subtitle', () => {
    const fiche = body('FICHE RÉVISION — MÉCANIQUE\nLéa Marchand — Terminale spé physique-chimie\npour le DS du jeudi 7 déc.\n\nCinématique\nv = dx/dt\n', 'article');
    expect(fiche).toContain('\\author{Léa Marchand');
    expect(fiche).toContain('pour le DS du jeudi 7 d');
    const book = body('KEEPING HENS\nA practical handbook\n\nby Margaret "Peggy" Hollins\nfor members of the Garden Society\nSpring 2024\n\nPreface\nI have kept hens for years.\n', 'article');
    expect(book).toMatch(/\\author\{Margaret/);
    expect(book).toContain('\\date{Spring 2024}');
    const essay = body('TIỂU LUẬN KINH TẾ VĨ MÔ\nĐề tài: Lạm phát và chính sách tiền tệ\n\nSinh viên: Nguyễn Thị Thu Hà – MSSV 2151010237\nLớp: Kinh tế phát triển K47B\nHà Nội, ngày 15 tháng 3 năm 2024\n\nI. MỞ ĐẦU\nGiai đoạn 2019–2023 nền kinh tế.\n');
    expect(essay).toMatch(/\\title\{[^\n]*Đề tài: Lạm phát/);
    expect(essay).toContain('\\author{Nguyễn Thị Thu Hà');
    // A workshop and its time is no author.
    expect(body('Planung\nWorkshop Vertrieb – Do. 14:00\n\nAgenda\nZiele klären.\n')).not.toContain('\\author{Workshop');
  });

  it('keeps a cover slide\'s title as the subtitle and an image note off the author', () => {
    const deck = body('Referat Biologie: Die Fotosynthese\nJonas Weber & Emily Schröder, Klasse 10b\n12.03.2024\n\nFolie 1 – Titel\nFotosynthese: Wie Pflanzen Licht in Zucker verwandeln\n(Bild: Blattquerschnitt unter dem Mikroskop)\n\nFolie 2 – Gliederung\n1. Was ist Fotosynthese?\n2. Lichtreaktion\n', 'presentation');
    expect(deck).toContain('\\subtitle{Fotosynthese: Wie Pflanzen');
    expect(deck).toContain('\\author{Jonas Weber');
    expect(deck).not.toMatch(/\\author\{\(Bild/);
  });

  it('reads names each with an affiliation in brackets as the authors', () => {
    const out = body('# Mowing and pollinators\n\n**Hannah Whitfield** (School of Biosciences) and **Kieran Mallory** (City Parks & Verges Team)\nDraft for the Bulletin — March 2025\n\n## Background\nRoad verges are grassland.\n');
    expect(out).toMatch(/\\author\{Hannah Whitfield \(School of Biosciences\) \\and Kieran Mallory/);
  });
});

describe('reader 57: heads and lines', () => {
  it('heads every line of a shape that headed its block, a head with a remark or a shout, and a caption stays with its table', () => {
    const book = body('Hens\n\nPreface\nI have kept hens.\n\nChapter 1 – Start\n1.1 Is it allowed?\nAsk the council.\n\nChapter 3 – Routine\nEvery day\n - let them out\n - fresh water\nEvery week\n - clean the board\nEvery few months\n - full clean\n\nA final word\nSit with them.\n', 'article');
    expect(book).toMatch(/section\*?\{Every week\}/);
    expect(book).toMatch(/section\*?\{Every few months\}/);
    const bst = (head: string): string => lines(`what is a BST\nA binary tree where every left key is smaller. This makes search fast.\n\ncomplexity\nsearch is O(log n) on average.\n\n${head}\nthree cases:\n1) leaf -> remove it\n2) one child -> replace it\n\ntesting\nran the tests like this.`);
    expect(bst('deletion')).toContain('section{deletion}');
    expect(bst('deletion (the annoying one)')).toContain('section{deletion (the annoying one)}');
    expect(body('Хімія\n\nОКСИДИ\nосновні: Na2O, CaO\n\nНЕ ЗАБУТИ!!\n- перевіряти валентність\n- зрівнювати рівняння\n', 'basic')).toContain('\\section*{НЕ ЗАБУТИ!!}');
    const table = lines('RESULTS\n\nTable 1. Titration of diluted vinegar\nTrial\tInitial (mL)\tFinal (mL)\n1\t0.50\t20.95\n2\t0.20\t20.38\n3\t1.05\t21.21');
    expect(table).toContain('\\caption*{Table 1. Titration of diluted vinegar}');
    expect(table).not.toMatch(/section\{Table 1/);
  });

  it('keeps a remark under a list\'s rows, a detail under a short item and a lone address off the items', () => {
    const rows = lines('Braden scores:\n- 19-23  no risk\n- 15-18  mild\n- 13-14  moderate\n- 9 or below  very high\n the problem is usually not the tool, it is that the score is done once and forgotten');
    expect(rows).toMatch(/\\end\{itemize\}\n\n?the problem is usually/);
    expect(body('Ragù\n\nIngredienti\n- 2 tracchie di maiale\n- 4 braciole di manzo sottili\n   ripieno delle braciole: aglio, prezzemolo, pecorino\n- 1 cipolla\n', 'basic')).toContain('4 braciole di manzo sottili\\\\\nripieno');
    const deck = body('# Models\n1. linear: y = a + b x\n2. forest (inputs: x, RH, T)\nwhere x = raw sensor PM2.5\n\n---\n\n# Discussion\n- is a training set defensible?\n- does anyone have time in January?\nn.haddad@example.ac.uk\n', 'presentation');
    expect(deck).toMatch(/\\end\{enumerate\}\n\n?where x/);
    expect(deck).toMatch(/\\end\{itemize\}\n\n\\href\{mailto:/);
  });

  it('nests lines under an unmarked label, keeps one unmarked line beside the points under it, and makes "Part N" over no chapters the top parts', () => {
    expect(body('Хімія\n\nОКСИДИ\n реакції:\n CaO + H2O → Ca(OH)2\n SO3 + H2O → H2SO4\n', 'basic')).toMatch(/\\item реакції:\n\n\\begin\{itemize\}\n\\item \$\\ce\{CaO/);
    expect(body('Plan\n\nmonday\nmaths – fractions\n  LO: to recognise equivalent fractions\n  - starter: 7x table chant\n  - challenge: compare\n', 'basic')).toMatch(/\\item LO: to recognise equivalent fractions\n\\item starter/);
    const memo = generate({ content: 'Q3 trading report\nprepared by Gareth Lewis, owner\n\nPart 1 - Summary\nSales are up.\n\nPart 2 - Costs\nCosts are flat.\n\nPart 3 - Plan\nHire a mechanic.\n', documentType: 'report' }).latex;
    expect(memo).not.toContain('\\part');
  });

  it('displays labelled formulas among displayed ones, and keeps a sheet of labelled lines as lines', () => {
    const out = lines('Cinématique\nv = dx/dt\na = dv/dt\nMRU : x(t) = v0·t + x0\nv² − v0² = 2a(x − x0)');
    expect(out).toMatch(/\\begin\{gather\*\}[^]*\\text\{MRU: \} x\(t\)[^]*\\end\{gather\*\}/);
    expect(lines('Rules\nproduct rule: (fg)\' = f\'g + fg\'\nchain rule: (f(g))\' = f\'(g) g\'')).not.toContain('gather');
  });
});

describe('reader 57: one notation throughout', () => {
  it('sets every bound of complexity as a formula, and a qualified symbol\'s line as a formula', () => {
    const out = lines('search is O(log n) on average and O(n) worst, sorting is O(n log n), lookups O(1); O(and then) is not one');
    for (const tex of ['$O(\\log n)$', '$O(n)$', '$O(n \\log n)$', '$O(1)$']) expect(out).toContain(tex);
    expect(out).toContain('O(and then)');
    expect(lines('Calculations\nmean V = (20.18 + 20.16 + 20.20) / 3 = 20.18 mL\nc = 0.1043 mol/L × 0.02018 L')).toMatch(/\\text\{mean \} V = \\frac/);
    expect(lines('derivative of f(x) = 2x is what we found')).not.toContain('\\text{derivative');
  });

  it('keeps a symbol defined in words as a line of words, its unit in brackets and a hyphened name too', () => {
    const out = lines('ETc = Kc × ET0\nonde:\nET0 = evapotranspiração de referência (mm/dia), calculada por Penman-Monteith\nKc = coeficiente da cultura');
    expect(out).toContain('calculada por Penman-Monteith');
    expect(out).not.toContain('Penman} -');
  });
});

describe('reader 58 (first look): contact lines and a book in a script without Latin letters', () => {
  it('keeps contact lines with addresses as lines in a Markdown note', () => {
    const cv = body('# CV — Tomás Herrera\n\nEmail: tomas.herrera.eng@proton.me\nPhone: +34 612 345 678\nValencia, Spain · open to relocation\nlinkedin.com/in/tomas-herrera-eng\n\n## Profile\nMechanical engineer.\n');
    expect(cv).toMatch(/\+34 612 345 678\\\\\nValencia/);
    // Pseudocode in Markdown is still joined as Markdown joins it.
    expect(lines('# Steps\n\nwhile x.next != nil\ny = x.val\nx = x.next\n')).not.toContain('nil\\\\');
  });

  it('numbers a Hindi book\'s front matter in figures (its font has no roman numerals)', () => {
    const book = generate({ content: 'बारिश वाली चिट्ठी\nलेखिका: नेहा वर्मा\n\nअध्याय 1 – डाकिया\nसुबह से बारिश हो रही थी।\n\nअध्याय 2 – चिट्ठी\nदोपहर को डाकिया आया।\n', documentType: 'book' }).latex;
    expect(book).toContain('\\pagenumbering{arabic}}');
    expect(generate({ content: 'A Book\n\nChapter 1 – Rain\nIt rained.\n\nChapter 2 – Sun\nIt cleared.\n', documentType: 'book' }).latex).not.toContain('\\renewcommand{\\frontmatter}');
  });
});

describe('reader 58: prose wrapped by hand, names beside dates, a Markdown deck\'s title slide and sources', () => {
  it('joins prose wrapped with Enter, a line in two stopping short, in any script', () => {
    const story = body('The Flood\n\nWe lived at the bottom of Carver Street, which in our town meant you lived\nclosest to the creek. Most years the creek was something you could jump\nacross in sneakers. That year it came up the yard a little further\nevery morning, and my brother Danny and I would run out before breakfast to\nsee where the water had got to. We pushed popsicle sticks into the mud\nto mark the line. By the fourth day the sticks were gone.\n', 'article');
    expect(story).toMatch(/you lived\s+closest to the creek/);
    expect(story).toMatch(/a little further\s+every morning/);
    expect(story).not.toContain('further\\\\');
    const wide = lines('A descida do oxigénio dissolvido de P1 para P3 (cerca de 37 %) é consistente com o aumento\nda matéria orgânica a jusante. Os nitratos aumentam quase 5 vezes, o que aponta para\ndescargas da ETAR e escorrência agrícola.');
    expect(wide).toMatch(/com o aumento\s+da matéria/);
    // A poem's short lines stay lines.
    expect(lines('The rain came down\nupon the silent town\nand no one knew\nwhat the river would do')).toContain('\\\\');
  });

  it('reads "Name, date" under the title as the author and the date, and a surname with initials as a name', () => {
    const greek = body('Η Αθηναϊκή Δημοκρατία\nΙστορία Α΄ Λυκείου – σημειώσεις\nΕλένη Παπαδοπούλου, Νοέμβριος 2024\n\nΕΙΣΑΓΩΓΗ\nΗ δημοκρατία γεννήθηκε στην Αθήνα.\n');
    expect(greek).toContain('\\author{Ελένη Παπαδοπούλου}');
    expect(greek).toContain('\\date{Νοέμβριος 2024}');
    const russian = body('Пределы и производные — конспект\nМатематический анализ, 1 курс, гр. ИВТ-12\nСмирнова А. В.\n15.03.2025\n\nПРЕДЕЛЫ\nЧисло A называется пределом.\n');
    expect(russian).toContain('\\author{Смирнова А. В.}');
    expect(russian).toContain('\\date{15.03.2025}');
    // A place before the date stays the date's.
    expect(body('Protokoll\nSan Francisco, 12 March 2025\n\nAgenda\nBudget.\n')).toContain('\\date{San Francisco, 12 March 2025}');
  });

  it('reads headings of nothing over a deck\'s first rule as its title slide, and a sources line after a speaker\'s note as the slide\'s', () => {
    const deck = body('# Il Rinascimento a Firenze\n### Presentazione di storia dell\'arte – Giulia Romano, 4ªB\n### marzo 2025\n\n---\n\n## Perché Firenze?\n- le banche\n\n---\n\n## Conclusione\nFirenze = laboratorio\n\nnote: ringraziare\n\nFonti: libro di testo cap. 7\nhttps://www.uffizi.it\n', 'presentation');
    expect(deck).toContain('\\date{marzo 2025}');
    expect(deck).not.toMatch(/frame[^\n]*\{marzo 2025\}/);
    expect(deck).toMatch(/\\note\{ringraziare\}\n\nFonti: libro di testo cap\. 7/);
  });
});

describe('reader 58: headings and slides as numbered, nothing printed twice', () => {
  it('heads a question numbered without its dot, and "4.1 …" over indented points', () => {
    const chem = body('Säuren und Basen\nJonas Weber, 12. März 2025\n\n1 Was ist eine Säure?\nNach Brønsted: Protonendonator\n\n2 Der pH-Wert\npH = -log c(H3O+)\n\n3 Neutralisation\nSäure + Base -> Salz + Wasser\n');
    expect(chem).toContain('\\section{Was ist eine Säure?}');
    expect(lines('1. What is the capital of France?\n2. What is the capital of Spain?')).not.toMatch(/section\{What/);
    const report = body('Relatório\n\n4. Discussão\nA descida do oxigénio é consistente com o aumento da matéria orgânica.\n4.1 Limitações\n  apenas uma campanha de amostragem\n  sonda não foi calibrada\n\n5. Conclusões\n- repetir a amostragem\n', 'article');
    expect(report).toMatch(/subsection\{Limitações\}/);
  });

  it('titles a deck\'s slide by the numbered line after its rule, a list of points opening a slide aside', () => {
    const deck = body('Projeto\nAna\n\n---\n3. O que fizemos\n  1) medimos o lixo\n  2) fizemos cartazes\n\n---\n4. Resultados\nantes\t35\ndepois\t27\n\n---\n1. primeiro ponto\n2. segundo ponto\n', 'presentation');
    expect(deck).toContain('{O que fizemos}');
    expect(deck).toContain('{Resultados}');
    expect(deck).toMatch(/\\item primeiro ponto/);
  });

  it('prints a basic document\'s metadata paragraph once, under its title heading', () => {
    const minutes = body('# Weekly sync — Garden Committee\n**Date:** Tue 11 March 2025, 7pm\n**Present:** Dana (chair), Felix, Mei\n**Apologies:** Tom\n\n## 1. Previous actions\n- [x] Felix: quote for water butts\n', 'basic');
    expect(minutes.match(/Felix, Mei/g)).toHaveLength(1);
    expect(minutes.indexOf('Weekly sync')).toBeLessThan(minutes.indexOf('Felix, Mei'));
  });
});
