// Words of citations and cross-references in the document's language: the References heading,
// and "Section" and "Equation" before a number (babel has no names for those; figures and tables
// use babel's own \figurename and \tablename, so a reference reads like the caption it points
// to). Languages without an entry use English.

export interface ReferenceWords {
  references: string;
  section: string;
  equation: string;
}

const WORDS: Record<string, ReferenceWords> = {
  en: { references: 'References', section: 'Section', equation: 'Equation' },
  de: { references: 'Literatur', section: 'Abschnitt', equation: 'Gleichung' },
  fr: { references: 'Références', section: 'Section', equation: 'Équation' },
  es: { references: 'Referencias', section: 'Sección', equation: 'Ecuación' },
  pt: { references: 'Referências', section: 'Seção', equation: 'Equação' },
  ru: { references: 'Список литературы', section: 'Раздел', equation: 'Уравнение' },
  uk: { references: 'Література', section: 'Розділ', equation: 'Рівняння' },
  el: { references: 'Αναφορές', section: 'Ενότητα', equation: 'Εξίσωση' },
  vi: { references: 'Tài liệu tham khảo', section: 'Mục', equation: 'Phương trình' },
};

const ENGLISH = WORDS['en'] as ReferenceWords;

export function referenceWords(language: string | undefined): ReferenceWords {
  return (language && WORDS[language]) || ENGLISH;
}
