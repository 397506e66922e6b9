// `latexgen generate NOTE --type TYPE [--no-math] [--split-tables] [-o out.tex]`: the builtin
// generator on a file (or `-` for stdin), for batch conversion from a terminal.
import { readFile, writeFile } from 'node:fs/promises';
import { DOCUMENT_TYPES, isDocumentType, type DocumentType } from '../shared/document-types.js';
import { generate } from '../server/latex/generate/builtin/index.js';

const USAGE = `Usage: latexgen generate NOTE --type TYPE [--no-math] [--split-tables] [-o out.tex]
  NOTE            a text or markdown file, or - for standard input
  --type TYPE     ${DOCUMENT_TYPES.join(' | ')} (default: article)
  --no-math       do not turn ASCII/Unicode math in the text into LaTeX math
  --split-tables  split long and wide tables so they fit the page
  -o FILE         write the LaTeX to FILE instead of standard output`;

interface GenerateArgs {
  note: string;
  type: DocumentType;
  useMath: boolean;
  splitTables: boolean;
  out: string | null;
}

function parseArgs(args: string[]): GenerateArgs | string {
  let note: string | null = null;
  let type: DocumentType = 'article';
  let useMath = true;
  let splitTables = false;
  let out: string | null = null;
  for (let i = 0; i < args.length; i++) {
    const arg = args[i] ?? '';
    if (arg === '--type' || arg === '-t' || arg.startsWith('--type=')) {
      const value = arg.startsWith('--type=') ? arg.slice('--type='.length) : args[++i];
      if (!isDocumentType(value)) return `Unknown document type '${value ?? ''}'. Choose one of: ${DOCUMENT_TYPES.join(', ')}.`;
      type = value;
    } else if (arg === '--no-math') useMath = false;
    else if (arg === '--split-tables') splitTables = true;
    else if (arg === '-o' || arg === '--output') {
      const value = args[++i];
      if (!value) return 'Missing file name after -o.';
      out = value;
    } else if (arg === '-h' || arg === '--help') return '';
    else if (arg.startsWith('-') && arg !== '-') return `Unknown option '${arg}'.`;
    else if (note === null) note = arg;
    else return `Unexpected argument '${arg}'.`;
  }
  if (note === null) return 'Missing NOTE (a file path, or - for standard input).';
  return { note, type, useMath, splitTables, out };
}

async function readStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks).toString('utf8');
}

export async function runGenerateCommand(args: string[]): Promise<number> {
  const parsed = parseArgs(args);
  if (typeof parsed === 'string') {
    if (parsed === '') {
      console.log(USAGE);
      return 0;
    }
    console.error(`${parsed}\n${USAGE}`);
    return 2;
  }
  let content: string;
  try {
    content = parsed.note === '-' ? await readStdin() : await readFile(parsed.note, 'utf8');
  } catch (err) {
    console.error(`Cannot read '${parsed.note}': ${(err as Error).message}`);
    return 1;
  }
  if (content.trim() === '') {
    console.error('The note is empty: nothing to generate.');
    return 1;
  }
  const result = generate({
    content,
    documentType: parsed.type,
    options: { useMath: parsed.useMath, splitTables: parsed.splitTables },
  });
  if (parsed.out) {
    await writeFile(parsed.out, result.latex);
    console.error(`Wrote ${parsed.out} (${parsed.type}, ${result.texProgram}): ${result.title}`);
  } else {
    process.stdout.write(result.latex);
  }
  return 0;
}
