// A heading framed by rules on its line, which no code and no paragraph is.

/** A heading framed by rules on its line: "--- DERIVATIVES (sec 2.7) ---", "=== Part two ===". */
export const FRAMED_HEADING = /^(-{3,}|={3,}|\*{3,}|~{3,})[ \t]*(\S.{0,60}?)[ \t]+[-=*~]{3,}$/u;
