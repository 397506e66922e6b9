// Report: title page and chapters (chapters.ts).
import { writeChapters } from './chapters.js';
import type { Writer } from './skeleton.js';

export const writeReport: Writer = (input) => writeChapters(input, false);
