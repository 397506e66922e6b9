import { describe, expect, it } from 'vitest';
import { generate } from '../index.js';
import { isClosing, isDate, isOpening, subjectText } from './letter-phrases.js';

const letter = (content: string): string => {
  const { latex } = generate({ content, documentType: 'letter', options: { useMath: true, splitTables: false } });
  return latex.slice(latex.indexOf('\\begin{document}'));
};
/** Asserts that the snippets occur in `text` in this order. */
function inOrder(text: string, ...snippets: string[]): void {
  let from = 0;
  for (const s of snippets) {
    const at = text.indexOf(s, from);
    expect(at, `"${s}" after position ${from}`).toBeGreaterThanOrEqual(0);
    from = at + s.length;
  }
}

const NORMBRIEF = [
  '> # Mac Andi', '> Markdown-Profi', '>  ', '> Musterstraße 2  ', '> 12345 Musterdorf', '>  ', '> Telefon: 01234 56789', '',
  '- - - - - - - - - -', '',
  '> ## Mac Andi · Musterstraße 2 · 12345 Musterdorf', '>  ', '> Karl Empfänger  ', '> Musterweg 3  ', '> 67890 Musterstadt', '',
  '- - - - - - - - - -', '',
  '> Musterdorf, 24. Dezember 2013', '',
  '### Normbriefe mit Markdown', '',
  'Sehr geehrter Herr Empfänger,', '',
  'wussten Sie, dass Sie mit Markdown auch Briefe schreiben können?', '',
  '> Mit freundlichen Grüßen  ', '>  ', '> Max Absender', '',
  'PS: Weiterer Text folgt hier', '',
  '- - - - - - - - - -',
].join('\n');

describe('letter: parts in block quotes, under headings, between thematic breaks', () => {
  it('"Spett.le" heading the recipient\'s address is no salutation; a closing at the end of the last sentence is the closing', () => {
    const note = 'Giulia Ferraresi\nVia Mascarella 58\n40126 Bologna\n\nSpett.le\nComune di Bologna\nPiazza Maggiore, 6\n40124 Bologna\n\nBologna, 3 febbraio 2025\n\nGentili Signori,\n\nchiediamo due rastrelliere.\n\nIn attesa di un cortese riscontro, porgo distinti saluti.\n\nGiulia Ferraresi\n';
    const b = letter(note);
    expect(b).toContain('\\begin{letter}{Spett.le\\\\\nComune di Bologna');
    expect(b).toContain('\\date{Bologna, 3 febbraio 2025}');
    expect(b).toContain('\\opening{Gentili Signori,}');
    expect(b).toContain('\\closing{In attesa di un cortese riscontro, porgo distinti saluti.}');
    expect(b).toContain('\\signature{Giulia Ferraresi}');
  });

  it('a dash and a name after the last line sign the letter: that line is the closing, no formula is added', () => {
    const b = letter('hey Marco!\n\nthe new place is tiny but has a balcony.\n\nmiss you man, say hi to Ana\n- Jess\n\np.s. we need to talk\n');
    expect(b).toContain('\\closing{miss you man, say hi to Ana}');
    expect(b).not.toContain('Sincerely');
    expect(b).not.toContain('\\item Jess');
    expect(b).toContain('\\signature{Jess}');
    expect(b).toContain('p.s. we need to talk');
  });

  it('Arabic salutation, closing formula and subject label', () => {
    expect(isOpening('السلام عليكم ورحمة الله وبركاته، وبعد:')).toBe(true);
    expect(isClosing('وتفضلوا بقبول فائق الاحترام والتقدير.')).toBe(true);
    expect(subjectText('الموضوع: طلب تأجيل الاختبار')).toBe('طلب تأجيل الاختبار');
  });

  it('a German Normbrief: sender, recipient without the back-address line, the note’s date, subject, opening, body, closing, PS', () => {
    const b = letter(NORMBRIEF);
    inOrder(b, '\\address{Mac Andi\\\\\nMarkdown-Profi\\\\\nMusterstraße 2\\\\\n12345 Musterdorf\\\\\nTelefon: 01234 56789}',
      '\\signature{Max Absender}', '\\date{Musterdorf, 24. Dezember 2013}', '\\begin{letter}{Karl Empfänger\\\\\nMusterweg 3\\\\\n67890 Musterstadt}',
      '\\opening{\\textbf{Normbriefe mit Markdown}\\\\[1em]Sehr geehrter Herr Empfänger,}', 'wussten Sie',
      '\\closing{Mit freundlichen Grüßen}', '\\ps', 'PS: Weiterer Text folgt hier', '\\end{letter}');
    expect(b).not.toContain('\\today');
    expect(b).not.toContain('Damen und Herren');
    expect(b).not.toContain('\\lgrule');
    expect(b.match(/Musterweg/g)).toHaveLength(1);
    expect(b.match(/24\. Dezember/g)).toHaveLength(1);
  });

  it('an HTML letter opening with its salutation prints it once (not also as a bold subject)', () => {
    const b = letter('<p>Добрый день, Иван.</p>\n\n<p>Напоминаем, 25 сентября состоится конференция.</p>\n\n<p><em>С уважением,<br />\nоргкомитет</em></p>');
    expect(b).toContain('\\opening{Добрый день, Иван.}');
    expect(b.match(/Добрый день/g)?.length).toBe(1);
  });

  it('the back-address line names the sender when no sender block does', () => {
    const b = letter('> ## Jane Roe · 1 Main St · Springfield\n>\n> ACME Ltd\n> 5 Market Road\n\n12 March 2024\n\nDear Sir,\n\nMy order is late.\n\nYours faithfully,\nJane Roe');
    inOrder(b, '\\address{Jane Roe\\\\\n1 Main St\\\\\nSpringfield}', '\\date{12 March 2024}', '\\begin{letter}{ACME Ltd\\\\\n5 Market Road}', '\\opening{Dear Sir,}');
  });

  it('a name set as a heading above its address joins it; a bold line before the opening is the subject', () => {
    const b = letter('# Jane Doe\n\n1 Main St.\nSpringfield\n\n---\n\nACME Ltd.\nCustomer Service\n\n**Order 4711**\n\nDear Sir or Madam,\n\nIt broke.\n\nKind regards,\n\nJane Doe');
    inOrder(b, '\\address{Jane Doe\\\\\n1 Main St.\\\\\nSpringfield}', '\\signature{Jane Doe}', '\\begin{letter}{ACME Ltd.\\\\\nCustomer Service}',
      '\\opening{\\textbf{Order 4711}\\\\[1em]Dear Sir or Madam,}', 'It broke.', '\\closing{Kind regards,}');
  });

  it('a title heading above the addresses is the subject, not part of the sender', () => {
    const b = letter('# Complaint about my order\n\nJane Doe\n1 Main St\n\nACME\n2 High St\n\nDear Sir,\n\nIt broke.\n\nRegards,\nJane');
    inOrder(b, '\\address{Jane Doe\\\\\n1 Main St}', '\\begin{letter}{ACME\\\\\n2 High St}', '\\opening{\\textbf{Complaint about my order}\\\\[1em]Dear Sir,}');
  });

  it('header lines: one-line addresses become address blocks, subject above the opening', () => {
    const b = letter('From: Jane Roe, 1 Main St, Springfield\nTo: ACME Ltd, 5 Market Road, Leeds\nDate: 12 March 2024\nSubject: Late order\n\nDear Sir,\n\nIt is late.\n\nKind regards,\nJane Roe');
    inOrder(b, '\\address{Jane Roe\\\\\n1 Main St\\\\\nSpringfield}', '\\date{12 March 2024}', '\\begin{letter}{ACME Ltd\\\\\n5 Market Road\\\\\nLeeds}',
      '\\opening{\\textbf{Late order}\\\\[1em]Dear Sir,}', 'It is late.', '\\closing{Kind regards,}');
    expect(b).not.toContain('From:');
  });

  it('a subject line and a date inside an address block are taken out of it; the subject keeps its label', () => {
    const b = letter('ACME Ltd\n5 Market Road\n2024-03-12\nSubject: Refund\n\nHello team,\n\nPlease refund me.\n\nThanks,\nSam');
    inOrder(b, '\\date{2024-03-12}', '\\begin{letter}{ACME Ltd\\\\\n5 Market Road}', '\\opening{\\textbf{Subject: Refund}\\\\[1em]Hello team,}', 'Please refund me.', '\\closing{Thanks,}');
    expect(b).toContain('\\signature{Sam}');
  });

  it('an Arabic letter typed line by line: recipient, salutation, the subject under it, the date at its foot, nothing added in English', () => {
    const b = letter('إلى حضرة السيد مدير المدرسة المحترم\nتحية طيبة وبعد،\nالموضوع: طلب إجازة لابني\nأرجو التكرم بالموافقة على منح ابني إجازة.\nوتفضلوا بقبول فائق الاحترام والتقدير،\nخالد محمود المصري\nالتاريخ: ٥ مايو ٢٠٢٤');
    inOrder(b, '\\date{\\foreignlanguage{arabic}{التاريخ: ٥ مايو ٢٠٢٤}}', '\\begin{letter}{\\foreignlanguage{arabic}{إلى حضرة السيد مدير المدرسة المحترم}}', '\\opening{تحية طيبة وبعد،}', '\\noindent \\textbf{الموضوع: طلب إجازة لابني}', 'أرجو التكرم');
    expect(b).not.toMatch(/Dear|Sincerely|\\today/);
  });

  it('a letter typed with no labels: sender, date, recipient in their places, whatever its lines look like (no title, no headings)', () => {
    // A company line of six capitalised words ending in "Co." is an address line, not a sentence;
    // a "Re:" line typed under the salutation stays under it.
    const uk = letter('Sam Okon\n22 Fern Road\nLeeds LS12 4QT\n\n5 September 2024\n\nMs. Rachel Hartley\nOwner, Spokes & Sprockets Cycle Co.\n141 Kirkstall Road\nLeeds LS3 1HS\n\nDear Ms Hartley,\n\nRe: Workshop Mechanic position\n\nI am writing to apply.\n\nYours sincerely,\n\nSam Okon');
    inOrder(uk, '\\address{Sam Okon\\\\\n22 Fern Road', '\\date{5 September 2024}', '\\begin{letter}{Ms. Rachel Hartley\\\\\nOwner, Spokes', '\\opening{Dear Ms Hartley,}', '\\textbf{Re: Workshop Mechanic position}', 'I am writing to apply.');
    // A school's letterhead over a recipient block: short lines alone are not headings, and "To the …:" greets.
    const us = letter('Westbrook High School\nScience Department\n1200 Alder Avenue, Portland, OR 97214\n\nJanuary 15, 2025\n\nAdmissions Committee\nSummer Engineering Academy\nCorvallis, OR 97331\n\nTo the Admissions Committee:\n\nIt is a pleasure to recommend Daniela.\n\nSincerely,\n\nMark Abernathy\nPhysics Teacher\nmark@example.org');
    inOrder(us, '\\address{Westbrook High School\\\\\nScience Department', '\\date{January 15, 2025}', '\\begin{letter}{Admissions Committee', '\\opening{To the Admissions Committee:}', 'It is a pleasure');
    expect(us).not.toMatch(/Dear Sir|\\lgheading|\\textbf\{(?:Westbrook|Admissions|1200)/);
    // No salutation at all (an Italian letter to an office): the head is still read, and none is invented.
    const it = letter('Giulia Moretti\nVia Dalmazia 14\n43121 Parma\n\nSpett.le Comune di Parma\nUfficio Permessi\nLargo Torello 11/a\n43121 Parma\n\nParma, 7 ottobre 2024\n\nOggetto: richiesta di permesso ZTL\n\nLa sottoscritta Giulia Moretti chiede il rilascio del permesso.\n\nDistinti saluti\n\nGiulia Moretti');
    inOrder(it, '\\address{Giulia Moretti\\\\\nVia Dalmazia 14', '\\date{Parma, 7 ottobre 2024}', '\\begin{letter}{Spett.le Comune di Parma\\\\\nUfficio Permessi', '\\opening{\\textbf{Oggetto: richiesta di permesso ZTL}}', 'La sottoscritta');
    expect(it).not.toContain('Gentili Signori');
  });

  it('a letter set as English but written in Italian, Turkish or Polish is never greeted or closed in English', () => {
    const it = letter('Gentile dott. Rossi,\n\nle scrivo per chiedere un appuntamento. Sono disponibile tutte le mattine della prossima settimana, anche per una breve telefonata, se per lei è più comodo.\n\nLucia Bianchi');
    expect(it).toContain('\\closing{Distinti saluti}');
    // A Turkish petition: the address block is its head, its last sentence its closing, the labelled lines its signature.
    const tr = letter('İzmir, 15.09.2023\n\nEGE ÜNİVERSİTESİ\nBİLGİSAYAR MÜHENDİSLİĞİ BÖLÜM BAŞKANLIĞINA\n\nKonu: Ders muafiyeti talebi\n\nBu dönem bölümünüze kayıt yaptırdım ve aşağıdaki derslerden muaf olmak istiyorum, çünkü bu dersleri önceki üniversitemde başarıyla tamamladım.\n\nGereğinin yapılmasını saygılarımla arz ederim.\n\nAd Soyad: Elif Yıldırım\nÖğrenci No: 2023105047\nTel: 0532 418 27 63');
    inOrder(tr, '\\signature{Ad Soyad: Elif Yıldırım', '\\date{İzmir, 15.09.2023}', '\\begin{letter}{EGE ÜNİVERSİTESİ', '\\opening{\\textbf{Konu: Ders muafiyeti talebi}}', 'Bu dönem', '\\closing{Gereğinin yapılmasını saygılarımla arz ederim.}');
    expect(tr).not.toMatch(/Dear|Sincerely|\\lgheading|\\textbf\{EGE/);
    const pl = letter('Szanowni Państwo,\n\nzwracam się z prośbą o zwrot pieniędzy za zamówienie, które nie zostało dostarczone. Czekam na odpowiedź już od dwóch tygodni i nie mam od Państwa żadnej wiadomości.\n\nAnna Nowak');
    expect(pl).toContain('\\closing{Z poważaniem,}');
  });

  it('a line of its own between the addresses and the subject ("REKLAMACJA") heads the subject, never joins the address', () => {
    const b = letter('Anna Wiśniewska\nul. Długa 14/5\n31-147 Kraków\ntel. 601 234 567\n\nElektroDom Sp. z o.o.\nul. Przemysłowa 8\n02-677 Warszawa\n\nREKLAMACJA\n\nDotyczy: pralka WA 7100\n\nSzanowni Państwo,\n\nw dniu 12 stycznia kupiłam pralkę, która nie działa.\n\nZ poważaniem\nAnna Wiśniewska');
    inOrder(b, '\\address{Anna Wiśniewska', 'tel. 601 234 567}', '\\begin{letter}{ElektroDom Sp. z o.o.\\\\\nul. Przemysłowa 8\\\\\n02-677 Warszawa}', '\\opening{\\textbf{REKLAMACJA}\\\\\n\\textbf{Dotyczy: pralka WA 7100}\\\\[1em]Szanowni Państwo,}');
    expect(b.match(/tel\. 601/g)).toHaveLength(1);
  });

  it('never an empty \\closing{} (LaTeX stops at it): a language without a default closing signs with the name alone', () => {
    const b = letter('მოგესალმებით\n\nეს არის ტექსტი წერილისთვის.\n\nგიორგი');
    expect(b).not.toContain('\\closing{}');
    expect(b).not.toMatch(/Dear|Sincerely/);
  });

  it("a reply's quoted original follows the letter as a quotation, and its sign-off is not the letter's", () => {
    const b = letter('From: Olivia Brennan <olivia@example.org>\nSent: Tuesday, February 20, 2024 3:42 PM\nTo: Claire Moss <events@example.co.uk>\nSubject: RE: Booking\n\nHi Claire,\n\nThanks for the floor plan.\n\nBest wishes,\nOlivia\n\n-----Original Message-----\nFrom: Claire Moss\n\nDear Olivia,\n\nThe hall is free.\n\nKind regards,\nClaire Moss\n');
    inOrder(b, '\\date{Tuesday, February 20, 2024}', '\\opening{', 'Thanks for the floor plan.', '\\closing{Best wishes,}', '\\begin{quote}', '-----Original Message-----', 'Kind regards');
    expect(b).toContain('\\signature{Olivia}');
  });

  it("an e-mail's time of sending is no part of the letter's date", () => {
    const b = letter('Date: Thu, Nov 14, 2024 at 9:47 PM\n\nDear Professor Lee,\n\nMay I have an extension?\n\nBest,\nRyan');
    expect(b).toContain('\\date{Thu, Nov 14, 2024}');
  });

  it('a salutation that starts a long paragraph is cut at its comma; the rest is the body', () => {
    const b = letter('Dear Anna, thank you so much for the lovely flowers that arrived on Tuesday morning, they made my week.\n\nLove,\nGran');
    inOrder(b, '\\opening{Dear Anna,}', 'thank you so much for the lovely flowers', '\\closing{Love,}');
  });

  it('room left for the handwritten signature (two blank lines) never splits the address blocks into lines; an enclosure line follows the signature', () => {
    const b = letter('Markus Brandt\nLindenstraße 17\n50674 Köln\nm.brandt@web.de\n\nKöln, 3. Februar 2025\n\nFlinkNetz GmbH\nKundenservice\nPostfach 10 44 20\n20095 Hamburg\n\nBeschwerde über wiederholte Ausfälle\n\nSehr geehrte Damen und Herren,\n\nseit dem 12.12.2024 kommt es an meinem Anschluss (Tarif „Home 250") fast täglich zu Ausfällen.\n\nIch fordere Sie daher auf, die Störung zu beheben.\n\nEine Aufstellung füge ich bei.\n\nMit freundlichen Grüßen\n\n\nMarkus Brandt\n\nAnlage: Störungsprotokoll');
    inOrder(b, '\\address{Markus Brandt\\\\\nLindenstraße 17\\\\\n50674 Köln', '\\signature{Markus Brandt}', '\\begin{letter}{FlinkNetz GmbH\\\\\nKundenservice', '20095 Hamburg}', '\\opening{\\textbf{Beschwerde', '\\closing{Mit freundlichen Grüßen}', 'Anlage: Störungsprotokoll', '\\end{letter}');
    // The straight quote closing „…" is the German closing quote, not an inch mark after "250".
    expect(b).toContain('\\quotedblbase{}Home 250``');
  });

  it('a closing in words no list holds, its signature and the postscripts after them: nothing invented', () => {
    const b = letter('Maria Almeida\nRua de Santa Catarina, 211\n4000-450 Porto\n\nPorto, 28 de outubro de 2024\n\nTiago Almeida\nSchönhauser Allee 58\n10437 Berlim\n\nMeu querido Tiago,\n\nRecebi a tua carta na semana passada e fiquei tão feliz que a li três vezes seguidas.\n\nEscreve-me sempre que puderes, uma carta a sério é outra coisa.\n\nUm beijinho enorme da avó que te adora e tem muitas saudades,\n\nAvó Rosário\n\nP.S. Mandei-te pelo correio um pacote com bolachas.\nP.P.S. O teu primo Rui faz anos no dia 9 de novembro.');
    inOrder(b, '\\signature{Avó Rosário}', '\\opening{Meu querido Tiago,}', 'Recebi a tua carta', '\\closing{Um beijinho enorme da avó que te adora e tem muitas saudades,}', '\\ps', 'P.S. Mandei-te', 'P.P.S. O teu primo');
    expect(b).not.toContain('Atenciosamente');
    expect(b).not.toContain('\\textbf{Meu querido');
  });

  it('a closing of several comma lines over the names in one paragraph, and the enclosures after the signature: nothing invented', () => {
    const pl = letter('Gdańsk, 7 stycznia 2025\n\nKochana Babciu!\n\nDziękuję Ci bardzo za paczkę, doszła akurat w Trzech Króli.\n\nŚciskam Cię mocno,\ncałujemy,\nAgnieszka, Marek i Zosia\n\nPS. Przesyłam też zdjęcia z Wigilii.');
    inOrder(pl, '\\signature{Agnieszka, Marek i Zosia}', '\\opening{Kochana Babciu!}', '\\closing{Ściskam Cię mocno, całujemy,}', '\\ps', 'PS. Przesyłam');
    expect(pl).not.toContain('Z poważaniem');
    const es = letter('Estimados señores:\n\nAdjunto mi currículum y quedo a su disposición para una entrevista.\n\nSin otro particular, reciban un cordial saludo,\n\n\nLucía Fernández Ortega\n\nAnexos:\n  - CV actualizado\n  - copia del título de Máster');
    inOrder(es, '\\signature{Lucía Fernández Ortega}', '\\closing{Sin otro particular, reciban un cordial saludo,}', 'Anexos:', 'CV actualizado', '\\end{letter}');
    expect(es).not.toContain('Atentamente');
  });

  it('a closing that ends a paragraph is split from the text before it', () => {
    const b = letter('Dear Bob,\n\nSee you soon.\nBest regards,\nAlice');
    inOrder(b, '\\signature{Alice}', '\\opening{Dear Bob,}', 'See you soon.', '\\closing{Best regards,}');
  });
});

describe('letter: openings, closings and dates in many languages', () => {
  const cases: Array<[opening: string, date: string, closing: string]> = [
    ['Dear Ms. Smith,', 'March 3, 2024', 'Best regards,'],
    ['Hi Anna,', '3rd March 2024', 'Cheers,'],
    ['Sehr geehrte Frau Müller,', 'Berlin, den 3. März 2024', 'Mit freundlichen Grüßen'],
    ['Liebe Oma,', '03.03.2024', 'Liebe Grüße'],
    ['Madame, Monsieur,', 'Paris, le 3 mars 2024', 'Cordialement,'],
    ['Bonjour Julie,', '3 mars 2024', 'Bien à vous,'],
    ['Estimada Sra. López:', 'Madrid, 3 de marzo de 2024', 'Atentamente,'],
    ['Querido Juan:', '3 de marzo de 2024', 'Un abrazo,'],
    ['Prezado Senhor,', 'Lisboa, 3 de março de 2024', 'Atenciosamente,'],
    ['Gentile Dott. Rossi,', 'Roma, 3 marzo 2024', 'Distinti saluti'],
    ['Caro Marco,', '03/03/2024', 'Cordiali saluti,'],
    ['Уважаемая Анна Петровна!', '3 марта 2024 г.', 'С уважением,'],
    ['Шановний пане Іване!', '3 березня 2024', 'З повагою,'],
    ['Geachte heer Jansen,', '3 maart 2024', 'Met vriendelijke groet,'],
    ['拝啓', '2024年3月3日', '敬具'],
    ['尊敬的王先生：', '2024年3月3日', '此致'],
    ['친애하는 민수에게,', '2024년 3월 3일', '감사합니다'],
  ];
  it.each(cases)('%s … %s … %s', (opening, date, closing) => {
    const b = letter(`Jane Roe\nMain Street 1\n\nACME\nHigh Street 2\n\n${date}\n\n${opening}\n\nThe body of the letter is here.\n\n${closing}\nJane Roe`);
    inOrder(b, '\\address{Jane Roe', `\\date{${date}}`, '\\begin{letter}{ACME', `\\opening{${opening}}`, 'The body of the letter is here.', `\\closing{${closing === '敬具' ? '\\hfill ' : ''}${closing}}`);
    expect(b).toContain('\\signature{Jane Roe}');
    expect(b).not.toContain('\\today');
  });
});

describe('letter: a date typed with its label, in lower case or in another script', () => {
  it.each([
    ['date 3 march 2025', '3 march 2025'],
    ['Date: 12 Jan 2025', '12 Jan 2025'],
    ['Datum: 03.03.2025', '03.03.2025'],
    ['التاريخ: ١٥ مارس ٢٠٢٥', '١٥ مارس ٢٠٢٥'],
    ['march 3rd 2025', 'march 3rd 2025'],
  ])('%s', (line, date) => {
    const b = letter(`from: Dana Whitfield, 14 Orchard Lane, Leeds\nto: R. Okafor, 88 Wellington St, Leeds\n${line}\n\nre: deposit\n\ndear mr okafor,\n\nThe body.\n\nthanks,\nDana`);
    inOrder(b, '\\date{', '\\begin{letter}{R. Okafor', '\\opening{');
    // The date's own words (a run of another script in its font switch), and not the label.
    expect(b.split('\n').find((l) => l.startsWith('\\date{'))).toContain(date);
    expect(b).not.toContain('\\today');
  });
});

describe('header lines: a date label without its colon', () => {
  it('is the date of a letter-like note as an article, never its title', () => {
    const { latex, title } = generate({ content: 'from: Dana Roe, 14 Orchard Lane, Leeds\nto: R. Okafor, 88 Wellington St, Leeds\ndate 3 march 2025\n\nre: deposit return\n\ndear mr okafor,\n\nThe body.\n\nthanks,\nDana', documentType: 'article' });
    expect(title).toBe('deposit return');
    expect(latex).toMatch(/\\date\{3 march 2025/);
    // A sentence that starts with the word is no header.
    expect(generate({ content: 'date night ideas\n\n- cinema\n- picnic', documentType: 'article' }).title).toBe('date night ideas');
  });
});

describe('header lines in French: de / à / Objet, a space before the colon', () => {
  it('sender, recipient, date and subject', () => {
    const b = letter('de : Camille Lefèvre, 8 rue des Écoles, 75005 Paris\nà : M. Bernard Roux, 22 rue de Bretagne, 75003 Paris\ndate 2 avril 2025\nObjet : préavis de départ\n\nmonsieur,\n\nje vous informe de mon départ.\n\ncordialement,\nCamille Lefèvre');
    inOrder(b, '\\address{Camille Lefèvre', '\\date{2 avril 2025}', '\\begin{letter}{M. Bernard Roux', '\\opening{');
    expect(b).not.toContain('\\today');
  });
});

describe('letter phrases: whole words, sentences are not parts', () => {
  it('salutations at word boundaries (stems take their endings)', () => {
    expect(isOpening('Sehr geehrter Herr Empfänger,')).toBe(true);
    expect(isOpening('Уважаемый коллега,')).toBe(true);
    expect(isOpening('History of the project')).toBe(false);
    expect(isOpening('Dearly beloved friends')).toBe(false);
    expect(isOpening('Liebe Grüße')).toBe(false);
  });
  it('closings: the phrase and at most a short name, never a sentence', () => {
    expect(isClosing('Sincerely,')).toBe(true);
    expect(isClosing('Ihr Max Mustermann')).toBe(true);
    expect(isClosing('Veuillez agréer, Madame, Monsieur, l’expression de mes salutations distinguées.')).toBe(true);
    expect(isClosing('Thanks for all your help with the move.')).toBe(false);
    expect(isClosing('Ihre Rechnung ist leider falsch.')).toBe(false);
    expect(isClosing('Bestellung 4711')).toBe(false);
  });
  it('subject labels and dates; long lines are never dates', () => {
    expect(subjectText('Betreff: Ihre Rechnung')).toBe('Ihre Rechnung');
    expect(subjectText('Objet : Réclamation')).toBe('Réclamation');
    expect(subjectText('Regarding the order')).toBeUndefined();
    expect(isDate('Tuesday, 12 March 2024')).toBe(true);
    expect(isDate('We met on 12 March 2024')).toBe(false);
    expect(isDate(`${'Paris '.repeat(20_000)}, 3 mars 2024`)).toBe(false);
  });
});
