// A slot of the lean preamble (preamble-slots.ts): what the precompiled format holds at one place
// and the texts a document may show there.
export type BlockKind = 'format' | 'emulated' | 'tail';

export interface Block {
  id: string;
  /** Whole lines, each ending with a newline. */
  text: string;
  kind: BlockKind;
  /** For 'emulated' blocks: TeX run after the format in its place (no newlines). */
  emulate?: string;
}

export interface Slot {
  /** What the format preamble holds here ('' for nothing). */
  format: string;
  variants: Block[];
  /** TeX run after the format when the document shows none of the variants (no newlines). */
  absent?: string;
}

export function lines(...texts: string[]): string {
  return texts.map((t) => `${t}\n`).join('');
}

/** A slot with one text that the format holds too. */
export function packageSlot(id: string, text: string, absent?: string): Slot {
  const block: Block = { id, text, kind: 'format' };
  return { format: text, variants: [block], ...(absent ? { absent } : {}) };
}

/** `\let\x\undefined` for each command (environments: both halves). */
export function undefine(commands: readonly string[], environments: readonly string[] = []): string {
  return [...commands, ...environments.flatMap((e) => [e, `end${e}`])].map((c) => `\\let\\${c}\\undefined`).join('');
}

