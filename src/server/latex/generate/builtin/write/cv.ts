// A CV or résumé: sections named as a CV names them ("Experience", "Education", "Skills").
// Nobody numbers a CV's sections, so its headings stay unnumbered whatever the document type.
import { inlineText, type Block } from '../tree.js';

const CV_SECTIONS = new Set([
  'profile', 'summary', 'about me', 'objective', 'experience', 'work experience', 'professional experience', 'employment', 'employment history', 'work history',
  'education', 'skills', 'technical skills', 'languages', 'projects', 'certifications', 'certificates', 'awards', 'publications', 'interests', 'hobbies', 'references', 'volunteering',
  'profil', 'berufserfahrung', 'erfahrung', 'ausbildung', 'studium', 'kenntnisse', 'fähigkeiten', 'sprachen', 'projekte', 'interessen', 'sprachkenntnisse',
  'expérience', 'expériences', 'expérience professionnelle', 'expériences professionnelles', 'formation', 'compétences', 'langues', "centres d'intérêt", 'loisirs',
  'perfil', 'experiencia', 'experiencia laboral', 'experiencia profesional', 'formación', 'educación', 'habilidades', 'idiomas', 'intereses',
  'esperienza', 'esperienze', 'esperienza lavorativa', 'istruzione', 'competenze', 'lingue', 'experiência', 'experiência profissional', 'formação', 'competências',
  'опыт работы', 'образование', 'навыки', 'языки', 'досвід роботи', 'освіта', 'навички', 'мови',
]);
/** Where a CV's weight is: one of these must be among its sections. */
const CV_CORE = /^(?:(?:work |professional )?experience|employment|work history|education|berufserfahrung|ausbildung|exp[ée]riences?(?: professionnelles?)?|formation|experiencia(?: laboral| profesional)?|educación|esperienz[ae](?: lavorativa)?|istruzione|experiência(?: profissional)?|formação|опыт работы|образование|досвід роботи|освіта)$/u;

/** Whether the note's headings are a CV's: three or more CV sections, experience or education among them. */
export function isCv(blocks: Block[]): boolean {
  const names = blocks.filter((b) => b.kind === 'heading').map((b) => inlineText(b.inlines).trim().toLowerCase().replace(/[:：]$/u, ''));
  const sections = names.filter((n) => CV_SECTIONS.has(n));
  return sections.length >= 3 && sections.some((n) => CV_CORE.test(n));
}
