// Book: front matter (title page, contents), main matter with chapters (chapters.ts).
import { writeChapters } from './chapters.js';
import type { Writer } from './skeleton.js';

export const writeBook: Writer = (input) => writeChapters(input, true);
