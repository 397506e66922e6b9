// The TeX programs the product compiles with. "Engine" elsewhere means only the generation
// engine (builtin or an AI model); the program is what TeX Live runs on the LaTeX.
import { z } from 'zod';

export const TEX_PROGRAMS = ['pdflatex', 'xelatex'] as const;
export const TexProgramSchema = z.enum(TEX_PROGRAMS);
export type TexProgram = z.infer<typeof TexProgramSchema>;
