// A heading framed by rules on its line, which no code and no paragraph is.

/** A heading framed by rules on its line: "--- DERIVATIVES (sec 2.7) ---", "=== Part two ===". */
export const FRAMED_HEADING = /^(-{3,}|={3,}|\*{3,}|~{3,})[ \t]*(\S.{0,60}?)[ \t]+[-=*~]{3,}$/u;

/** "【小説】": a category in lenticular brackets on a line of its own heads its block (a figure alone, 【4】, marks a slide). */
export const LENTICULAR_HEADING = /^(【)[ \t]*([^【】\d\s][^【】]{0,29})】$/u;
