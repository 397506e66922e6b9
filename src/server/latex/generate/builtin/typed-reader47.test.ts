// What reader 47's pages showed, by class: minutes with their labelled lines, Cyrillic lettered
// items, chapters indented under parts, a shell script pasted with blank lines, commands in lists,
// figures grouped with commas, names with a nickname or a department, signs kept as typed. Each
// rule is shown beside a note it must not change.
import { describe, expect, it } from 'vitest';
import { generate } from './index.js';
import type { DocumentType } from '../../../../shared/document-types.js';

const body = (content: string, documentType: DocumentType): string => {
  const latex = generate({ content, documentType }).latex;
  return latex.slice(latex.indexOf('\\begin{document}'));
};

const MINUTES = 'ПРОТОКОЛ № 3\nобщего собрания собственников помещений в доме\nпо адресу: г. Екатеринбург, ул. Белинского, д. 86\n\nДата проведения: 15 марта 2025 г.\n\nПОВЕСТКА ДНЯ\n1. Замена лифта.\n2. Шлагбаум.\n\n1. СЛУШАЛИ: Кузнецову О.В. – лифт работает с 1988 г.\n   РЕШИЛИ: обратиться к оператору капремонта.\n   Голосовали: «за» – 44, «против» – 1.\n\n2. СЛУШАЛИ: Ахмедова Р.И. – во дворе паркуются чужие машины.\n   Стоимость:\n     а) шлагбаум с монтажом – 186 000 руб.;\n     б) обслуживание – 2 500 руб./мес.\n   Разовый сбор – ок. 1 900 руб. с квартиры.\n   РЕШИЛИ: установить шлагбаум.\n';

describe('reader 47: minutes, items and their lines', () => {
  it('a short report under one heading invents no chapter ("Глава 1") and numbers nothing; № stays №', () => {
    const b = body(MINUTES, 'report');
    expect(b).not.toMatch(/\\chapter|Глава|No\.|\\section\{/);
    expect(b).toContain('\\section*{ПОВЕСТКА ДНЯ}');
    expect(b).toContain('ПРОТОКОЛ \\lgsym{№} 3');
    // A report of several chapters keeps them.
    expect(body('# Report\n\n## Method\n\nWe measured.\n\n## Results\n\nIt worked.', 'report')).toContain('\\chapter{Method}');
  });

  it('a line going on in lower case under the subtitle continues it, not a fact labelled "По адресу"', () => {
    const b = body(MINUTES, 'report');
    expect(b).toMatch(/\\large общего собрания собственников помещений в доме по адресу: г\. Екатеринбург/);
    expect(b).not.toContain('По адресу');
  });

  it('an item\'s labelled lines keep their breaks; Cyrillic а) б) are its points; lines after them are the item\'s own', () => {
    const b = body(MINUTES, 'report');
    expect(b).toMatch(/СЛУШАЛИ: Кузнецову[^\n]*\\\\\nРЕШИЛИ: обратиться[^\n]*\\\\\nГолосовали/);
    expect(b).toMatch(/\\item\[а\)\] шлагбаум с монтажом[\s\S]*\\item\[б\)\] обслуживание[\s\S]*\\end\{enumerate\}\n\nРазовый сбор[^\n]*\\\\\nРЕШИЛИ: установить/);
    expect(b).not.toMatch(/lstlisting|\\item Разовый|\\item РЕШИЛИ/);
    // Prose wrapped by hand inside an item is still one paragraph.
    const wrapped = body('Notes\n\n1. The committee discussed the new parking rules for the visitors of the\n   building and agreed to send a letter to every tenant before the summer.\n2. Other business.', 'article');
    expect(wrapped).toContain('visitors of the building and agreed');
  });
});

describe('reader 47: books, code and commands', () => {
  it('chapters indented under their parts ("PARTE I" / "   Cap. 1 – …") are chapters; "Apêndices" is the appendix; no preface is invented', () => {
    const b = body('LIVRO: Dinheiro sem Planilha\nRenata Albuquerque\n\nPúblico: brasileiros de 25 a 40 anos\nTamanho: ~180 páginas\n\nPARTE I – POR QUE A GENTE DESISTE\n   Cap. 1 – A planilha perfeita\n      - minha planilha de 2016\n   Cap. 2 – O cérebro e o dinheiro\n\nPARTE II – O SISTEMA\n   Cap. 3 – Falando com o(a) parceiro(a)\n\nApêndices\n   A. Glossário\n   B. Modelos', 'book');
    expect(b).toMatch(/\\part\{POR QUE A GENTE DESISTE\}\s*\\chapter\{A planilha perfeita\}[\s\S]*\\chapter\{O cérebro e o dinheiro\}\s*\\part\{O SISTEMA\}/);
    expect(b).toContain('\\chapter{Falando com o(a) parceiro(a)}');
    expect(b).toContain('\\chapter*{Apêndices}');
    expect(b).not.toMatch(/prefacename|\\item Cap\./);
    expect(b).toMatch(/Público: brasileiros[\s\S]*\\clearpage\s*\\tableofcontents/);
    // o(a) in Portuguese is no formula; f(a) still is.
    expect(body('Notes\n\nthe value f(a) is positive', 'article')).toContain('$f(a)$');
  });

  it('a shell script pasted with blank lines is one listing: shebang, variables, piped commands, a crontab line, psql output; `code` in prose; --options', () => {
    const b = body('Backups\n\nStep 1 - the script\n\n#!/usr/bin/env bash\nset -euo pipefail\n\nDB=courtbook\nSTAMP=$(date +%Y-%m-%d)\n\npg_dump -h localhost -U backup_user "$DB" | gzip -9 > "$FILE"\naws s3 cp "$FILE" "$BUCKET/" --endpoint-url https://s3.example.com\n\nStep 2 - cron\n    crontab -e\nand add the line\n    15 3 * * * /home/deploy/bin/pg_backup.sh >> /home/deploy/pg_backup.log 2>&1\n\nStep 3 - restore\n    createdb restoretest\n    psql -d restoretest -c "select count(*) from bookings;"\n     count\n    -------\n     48211\n    (1 row)\nMatches production. I also run `python manage.py clearsessions` weekly; aws takes --endpoint-url too.', 'article');
    expect(b).toMatch(/\\begin\{lstlisting\}[^\n]*\n#!\/usr\/bin\/env bash\nset -euo pipefail\n\nDB=courtbook\nSTAMP=[^\n]*\n\npg_dump [^\n]*\naws s3 cp [^\n]*\n\\end\{lstlisting\}/);
    expect(b).toMatch(/\\begin\{lstlisting\}[^\n]*\n15 3 \* \* \* /);
    expect(b).toMatch(/psql -d restoretest[^\n]*\n count\n-------\n 48211\n\(1 row\)\n\\end\{lstlisting\}/);
    expect(b).toContain('\\texttt{python\\ manage.\\allowbreak{}py\\ clearsessions}');
    expect(b).toContain('takes -{}-endpoint-url too');
    expect(b).not.toMatch(/section\*?\{!|\\item crontab|\\\[/);
  });

  it('a list item that is a command is code (its quotes as typed); an item of words about a program is not', () => {
    const b = body('Git\n\nTypischer Ablauf\na) git pull → neueste Version holen\nb) Datei in Excel bearbeiten\nc) git commit -m "Rabatte angepasst"\n\nNotes\n- python is great for this\n- docker is slow on macs', 'article');
    expect(b).toContain('\\item \\texttt{git\\ pull} \\ensuremath{\\rightarrow} neueste Version holen');
    expect(b).toMatch(/\\item \\texttt\{git\\ commit\\ -\\allowbreak\{\}m\\ \\textquotedbl\{\}Rabatte/);
    expect(b).toContain('\\item python is great for this');
    expect(b).toContain('\\item Datei in Excel bearbeiten');
  });
});

describe('reader 47: figures, names, signs', () => {
  it('figures grouped with commas (₹ 8,40,000) are no table cells; CSV rows still are', () => {
    const b = body('खर्च\nकुल लागत ₹ 8,40,000\n- मनरेगा: ₹ 5,10,000\n- अनुदान: ₹ 2,00,000', 'article');
    expect(b).not.toMatch(/tabular|8 & 40/);
    expect(b).toContain('8,40,000');
    expect(body('Data\n\nname,score,rank\nAnna,91,1\nBen,85,2', 'article')).toContain('\\begin{tabular}');
  });

  it('a name with a nickname or a department is the author; a Hindi "प्रस्तुति:" label names the presenter, its date line the date', () => {
    expect(body('SMALL WEATHER\npoems from plot 27\nMargaret (Peggy) Thornton\n\nMarch\n-----\nThe ground is cold.', 'basic')).not.toMatch(/section\*?\{Margaret/);
    const deck = body('Git für Nicht-Programmierer\nWorkshop Vertrieb – Do. 14:00\nStefan Kühn (IT)\n\n---\n\nWarum Git?\n- weil\n\n---\n\nDie drei Orte\n1. Arbeitsverzeichnis\n2. Repository', 'presentation');
    expect(deck).toContain('\\author{Stefan Kühn (IT)}');
    expect(deck).toMatch(/\\begin\{frame\}(?:\[[^\]]*\])?\{Die drei Orte\}/);
    expect(deck).not.toMatch(/section\{Stefan|lgheading/);
    const hindi = body('जल संरक्षण: हमारे गाँव की पहल\nप्रस्तुति: सुनीता यादव\nज़िला स्तरीय समीक्षा बैठक, 14 फ़रवरी 2025\n\nसमस्या\n- पानी कम है\n- टैंकर\n\nधन्यवाद 🙏\nप्रश्न?', 'presentation');
    expect(hindi).toMatch(/\\author\{[^\n]*सुनीता/);
    expect(hindi).toMatch(/\\date\{14 \\lgat\{[^}]*\}\{फ़रवरी\} 2025\}/);
  });

  it('titles take the language\'s quotes; ~ before a figure stays the sign typed (∼); emoji Symbola lacks come from Noto Sans Symbols2', () => {
    const latex = generate({ content: '# Status Report "Kestrel Outdoor"\n\n**Overall status:** 🟡 AMBER, about ~£4k over.', documentType: 'report' }).latex;
    expect(latex).toMatch(/\\title\{Status Report (?:\\lgsym\{“\}|``)Kestrel Outdoor(?:\\lgsym\{”\}|'')\}/);
    expect(latex).toContain('\\newfontfamily\\lgemojifontb{Noto Sans Symbols2}');
    expect(latex).toContain('about \\ensuremath{\\sim}\\lgsym{£}4k');
    expect(latex).not.toContain('approx');
  });

  it('math in Italian words: "lim per x->0 di", "integrale da 0 a 1 di … dx"; f^(n+1)(c) is a derivative; a tolerance in brackets stays text', () => {
    const b = body('Appunti\n\nlim per x->0 di (e^x - 1 - x) / x^2\n\nintegrale da 0 a 1 di e^(-x^2) dx -> non ha primitiva elementare!\n\nResto: R_n(x) = f^(n+1)(c) / (n+1)! * (x-x0)^(n+1) con c tra x0 e x\n\nslotted masses 50 g to 300 g (±0.5 g)', 'article');
    expect(b).toContain('lim per $x \\to 0$ di $\\frac{e^{x} - 1 - x}{x^{2}}$');
    expect(b).toContain('\\int_{0}^{1} e^{-x^{2}} \\,dx');
    expect(b).toContain('f^{(n + 1)}(c)');
    expect(b).toContain('50 g to 300 g (\\ensuremath{\\pm}0.5 g)');
  });

  it('"Lettre recommandée avec accusé de réception …" is a mention above the subject, not a line of the recipient\'s address', () => {
    const b = body('Mme Claire Vasseur\n14 rue des Tanneurs\n69002 Lyon\n\n                    SARL Cuisines Berthier\n                    ZA des Platières\n                    38670 Chasse-sur-Rhône\n\nLyon, le 3 mars 2025\n\nLettre recommandée avec accusé de réception n° 1A 187 442 9310 5\n\nObjet : Réclamation\n\nMadame, Monsieur,\n\nLa livraison n\'a pas eu lieu.\n\nJe vous prie d\'agréer mes salutations distinguées.\n\nClaire Vasseur', 'letter');
    expect(b).toMatch(/38670 Chasse-sur-Rhône\}/);
    expect(b).toMatch(/\\opening\{Lettre recommandée avec accusé de réception[^\n]*\\\\\n\\textbf\{Objet : Réclamation\}/);
  });
});

describe('reader 48: letters, slides, durations', () => {
  it("an e-mail and phone line under the sender's address is the sender's; a farewell ending the last paragraph is the closing; a date keeps its label", () => {
    const b = body('Maria Dunne\n14 Alder Grove\nHarrogate HG1 4QP\n\nmaria.kdunne@gmail.com  /  07700 914382\n\nDate: 3 March 2025\n\nCustomer Relations\nSkyBridge Airways Ltd\nCrawley RH10 9AX\n\nDear Sir/Madam,\n\nMy suitcase arrived broken.\n\nPlease say hello to the team.\nHugs from all of us,\n\nMaria', 'letter');
    expect(b).toMatch(/\\address\{Maria Dunne\\\\\n14 Alder Grove\\\\\nHarrogate HG1 4QP\\\\\nmaria/);
    expect(b).toMatch(/\\begin\{letter\}\{Customer Relations/);
    expect(b).toContain('\\date{Date: 3 March 2025}');
    expect(b).toContain('\\closing{Hugs from all of us,}');
    expect(b).toContain('Please say hello to the team.');
    expect(b).not.toMatch(/Yours|Sincerely/);
  });

  it('"notes: …" on a slide of a plain deck is what the speaker says; "2h10m" is a duration, not h with an index', () => {
    const b = body('Q3 all hands\n\n---\n\nWhat shipped\n* Shared workspaces\n* SSO\n\nnotes: thank Marco + Aisha for SSO\n\n---\n\nWhat went wrong\n- 2 outages (Aug 22 = 2h10m)', 'presentation');
    expect(b).toContain('\\note{thank Marco + Aisha for SSO}');
    expect(b).toContain('Aug 22 = 2h10m');
    expect(b).not.toMatch(/h_\{10\}/);
  });
});

describe('reader 48: headings and names', () => {
  it('a heading framed by rules ("--- DERIVATIVES (sec 2.7) ---"), ALL CAPS with an aside in brackets, and a student\'s year before a Japanese name', () => {
    const lecture = body('Calc 1 notes\n\nlimits at infinity\nlim x->inf 1/x = 0\n\n--- DERIVATIVES (sec 2.7) ---\nthe slope of the tangent line\n\nCE QUE ÇA M\'A COÛTÉ (et rapporté)\nUn vélo et des chaussures.', 'article');
    expect(lecture).toMatch(/\\section\*?\{DERIVATIVES \(sec 2\.7\)\}/);
    expect(lecture).toMatch(/\\section\*?\{CE QUE ÇA M.A COÛTÉ \(et rapporté\)\}/);
    expect(lecture).not.toContain('---');
    const deck = body('研究室ゼミ発表（11/21）\n深層学習を用いた中小河川の水位予測 ―途中経過―\nM1 佐藤 健太\n\n■ 背景\n・近年、局地的豪雨による中小河川の氾濫が増加\n・観測点が少ない', 'presentation');
    expect(deck).toContain('\\author{M1 佐藤\\ 健太}');
    expect(deck).not.toMatch(/textbf\{M1/);
  });
});
