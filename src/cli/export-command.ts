// `latexgen export in.tex --format zip|docx|tex [--image FILE]… [-o OUT]`: the downloads of the
// editor for a file of one's own (docs/product.md, Exports). A .zip is the project (main.tex, the
// images named, a README naming the engine); a .docx comes from pandoc in the compile sandbox,
// as on the server; .tex copies the file.
import { createReadStream, createWriteStream } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { basename, extname } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { EXPORT_FORMATS, type ExportFormat } from '../shared/api/documents.js';
import { argumentsAndInput } from './compile-command.js';
import { loadConfig } from '../server/config.js';
import { DomainError } from '../server/domain-errors.js';
import { detectProgram } from '../server/latex/compile/program.js';
import { zipProject } from '../server/latex/export/project.js';
import { createWordExporter } from '../server/latex/export/word-exporter.js';

const USAGE = 'Usage: latexgen export in.tex --format zip|docx|tex [--image FILE]... [-o OUT]';

interface Args {
  input: string;
  format: ExportFormat;
  images: string[];
  output: string;
}

function parseArgs(args: string[]): Args | string {
  let input: string | undefined;
  let output: string | undefined;
  let format: string | undefined;
  const images: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const arg = args[i] ?? '';
    const value = () => args[++i];
    if (arg === '-o' || arg === '--output') output = value();
    else if (arg === '-f' || arg === '--format') format = value();
    else if (arg === '--image') {
      const image = value();
      if (image) images.push(image);
    } else if (arg === '-h' || arg === '--help') return USAGE;
    else if (arg.startsWith('-')) return `Unknown option '${arg}'.`;
    else if (input === undefined) input = arg;
    else return `Unexpected argument '${arg}'.`;
  }
  if (!input) return 'Missing the input file.';
  if (!format || !(EXPORT_FORMATS as readonly string[]).includes(format)) return `--format must be one of ${EXPORT_FORMATS.join(', ')}.`;
  const stem = input.slice(0, input.length - extname(input).length);
  return { input, format: format as ExportFormat, images, output: output ?? `${stem}.${format === 'tex' ? 'export.tex' : format}` };
}

export async function runExportCommand(args: string[]): Promise<number> {
  const read = await argumentsAndInput(parseArgs(args), USAGE);
  if (typeof read === 'number') return read;
  const { args: parsed, latex } = read;
  const images = parsed.images.map((path) => ({ path, name: basename(path) }));
  if (parsed.format === 'tex') {
    await writeFile(parsed.output, latex);
  } else if (parsed.format === 'zip') {
    const title = /\\title\{([^{}]*)\}/.exec(latex)?.[1] ?? basename(parsed.input);
    const zip = zipProject({ latex, program: detectProgram(latex), title, images: images.map((i) => ({ name: i.name, open: () => createReadStream(i.path) })) });
    await pipeline(zip, createWriteStream(parsed.output));
  } else {
    const words = createWordExporter({ allowUnsafeNoSandbox: loadConfig().compile.unsafeNoSandbox, concurrency: 1 });
    try {
      const files = await Promise.all(images.map(async (i) => ({ name: i.name, content: await readFile(i.path), access: 'read-only' as const })));
      await writeFile(parsed.output, await words.toDocx(latex, files));
    } catch (err) {
      if (!(err instanceof DomainError)) throw err;
      console.error(err.message);
      return 1;
    } finally {
      await words.close();
    }
  }
  console.error(`Wrote ${parsed.output}`);
  return 0;
}
